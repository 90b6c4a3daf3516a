#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The conversions between the colour spaces of DTCG 2025.10, as CSS Color 4 publishes them (its sample code for
/// colour conversions): each space's transfer function and its matrix to CIE XYZ, the Bradford adaptation between
/// the D50 and D65 white points, CIE Lab and LCH, OKLab and OKLCH, and HSL and HWB over sRGB.
///
/// Every space converts through XYZ relative to D65, except that the spaces over sRGB (`srgb`, `srgb-linear`, `hsl`,
/// `hwb`) convert among themselves directly, so that `hsl(120 100% 25%)` is exactly `#008000`, and so do Lab and LCH,
/// and OKLab and OKLCH, which are one space in two forms. Components are
/// unbounded: a colour outside a space's gamut converts to components outside 0…1 (the extended transfer
/// functions mirror negative values), and ``gamutMapped(_:from:into:)`` brings it in. A hue that is powerless
/// (an achromatic colour's) comes out as NaN, which ``CSSColor`` writes as `none`.
package enum ColorConversion {
    package typealias Components = SIMD3<Double>
    package typealias Space = CSSColor.Space

    /// `components` of a colour in `source`, in `destination`.
    package static func convert(_ components: Components, from source: Space, to destination: Space) -> Components {
        switch (source, destination) {
        case _ where source == destination: return components
        case (.lab, .lch): return rectangularToPolar(components, powerlessBelow: labPowerlessChroma)
        case (.oklab, .oklch): return rectangularToPolar(components, powerlessBelow: oklabPowerlessChroma)
        case (.lch, .lab), (.oklch, .oklab): return polarToRectangular(components)
        case _ where source.isOverSRGB && destination.isOverSRGB:
            return fromSRGB(toSRGB(components, from: source), to: destination)
        default: return fromXYZD65(toXYZD65(components, from: source), to: destination)
        }
    }

    // MARK: Through XYZ

    /// CIE XYZ relative to D65 of a colour in `space`.
    static func toXYZD65(_ c: Components, from space: Space) -> Components {
        switch space {
        case .srgb, .srgbLinear, .hsl, .hwb: linearSRGBToXYZ * linearized(toSRGB(c, from: space), by: .sRGB)
        case .displayP3: linearP3ToXYZ * linearized(c, by: .sRGB)
        case .a98RGB: linearA98ToXYZ * linearized(c, by: .a98RGB)
        case .prophotoRGB: d50ToD65 * (linearProPhotoToXYZD50 * linearized(c, by: .proPhoto))
        case .rec2020: linearRec2020ToXYZ * linearized(c, by: .rec2020)
        case .lab: d50ToD65 * labToXYZD50(c)
        case .lch: d50ToD65 * labToXYZD50(polarToRectangular(c))
        case .oklab: oklabToXYZ(c)
        case .oklch: oklabToXYZ(polarToRectangular(c))
        case .xyzD65: c
        case .xyzD50: d50ToD65 * c
        }
    }

    /// A colour given by CIE XYZ relative to D65, in `space`.
    static func fromXYZD65(_ xyz: Components, to space: Space) -> Components {
        switch space {
        case .srgb, .srgbLinear, .hsl, .hwb: fromSRGB(encoded(xyzToLinearSRGB * xyz, by: .sRGB), to: space)
        case .displayP3: encoded(xyzToLinearP3 * xyz, by: .sRGB)
        case .a98RGB: encoded(xyzToLinearA98 * xyz, by: .a98RGB)
        case .prophotoRGB: encoded(xyzD50ToLinearProPhoto * (d65ToD50 * xyz), by: .proPhoto)
        case .rec2020: encoded(xyzToLinearRec2020 * xyz, by: .rec2020)
        case .lab: xyzD50ToLab(d65ToD50 * xyz)
        case .lch: rectangularToPolar(xyzD50ToLab(d65ToD50 * xyz), powerlessBelow: labPowerlessChroma)
        case .oklab: xyzToOKLab(xyz)
        case .oklch: rectangularToPolar(xyzToOKLab(xyz), powerlessBelow: oklabPowerlessChroma)
        case .xyzD65: xyz
        case .xyzD50: d65ToD50 * xyz
        }
    }

    // MARK: Spaces over sRGB

    /// sRGB (gamma-encoded) of a colour in one of the spaces over sRGB.
    static func toSRGB(_ c: Components, from space: Space) -> Components {
        switch space {
        case .srgbLinear: encoded(c, by: .sRGB)
        case .hsl: hslToSRGB(hue: c.x, saturation: c.y / 100, lightness: c.z / 100)
        case .hwb: hwbToSRGB(c)
        default: c
        }
    }

    /// A colour given in sRGB, in one of the spaces over sRGB.
    static func fromSRGB(_ rgb: Components, to space: Space) -> Components {
        switch space {
        case .srgbLinear: linearized(rgb, by: .sRGB)
        case .hsl: sRGBToHSL(rgb)
        case .hwb: sRGBToHWB(rgb)
        default: rgb
        }
    }

    static func hslToSRGB(hue: Double, saturation: Double, lightness: Double) -> Components {
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return Components(channel(0), channel(8), channel(4))
    }

    private static func hwbToSRGB(_ c: Components) -> Components {
        let white = c.y / 100
        let black = c.z / 100
        if white + black >= 1 {
            let gray = white / (white + black)
            return Components(repeating: gray)
        }
        return hslToSRGB(hue: c.x, saturation: 1, lightness: 0.5) * (1 - white - black) + white
    }

    /// HSL of an sRGB colour; an achromatic colour's hue is NaN. A colour outside sRGB, whose saturation would be
    /// negative, has the opposite hue and a positive saturation instead.
    private static func sRGBToHSL(_ rgb: Components) -> Components {
        let high = rgb.max()
        let low = rgb.min()
        let lightness = (low + high) / 2
        let spread = high - low
        var hue = Double.nan
        var saturation = 0.0
        if spread != 0 {
            saturation = lightness == 0 || lightness == 1 ? 0 : (high - lightness) / min(lightness, 1 - lightness)
            hue = sRGBHue(rgb, high: high, spread: spread)
        }
        if saturation < 0 {
            hue += 180
            saturation = -saturation
        }
        return Components(normalizedHue(hue), saturation * 100, lightness * 100)
    }

    private static func sRGBToHWB(_ rgb: Components) -> Components {
        let high = rgb.max()
        let low = rgb.min()
        // White and black add up to 1 exactly when every channel is the same: then there is no hue.
        let hue = high > low ? sRGBHue(rgb, high: high, spread: high - low) : Double.nan
        return Components(normalizedHue(hue), low * 100, (1 - high) * 100)
    }

    /// The hue angle HSL and HWB share, for a colour whose channels are not all equal.
    private static func sRGBHue(_ rgb: Components, high: Double, spread: Double) -> Double {
        let sixth: Double
        switch high {
        case rgb.x: sixth = (rgb.y - rgb.z) / spread + (rgb.y < rgb.z ? 6 : 0)
        case rgb.y: sixth = (rgb.z - rgb.x) / spread + 2
        default: sixth = (rgb.x - rgb.y) / spread + 4
        }
        return sixth * 60
    }

    /// A hue in 0 up to (not including) 360; NaN stays NaN.
    package static func normalizedHue(_ hue: Double) -> Double {
        var angle = hue.truncatingRemainder(dividingBy: 360)
        if angle < 0 { angle += 360 }
        return angle >= 360 ? 0 : angle
    }

    // MARK: Lab, LCH, OKLab, OKLCH

    /// The chroma at or below which LCH and OKLCH have no hue (CSS Color 4's sample code).
    private static let labPowerlessChroma = 0.0015
    private static let oklabPowerlessChroma = 0.000004

    /// `(L, C, h)` as `(L, a, b)`; a missing (NaN) hue is taken as 0.
    static func polarToRectangular(_ c: Components) -> Components {
        let radians = (c.z.isNaN ? 0 : c.z) * .pi / 180
        return Components(c.x, c.y * cos(radians), c.y * sin(radians))
    }

    /// `(L, a, b)` as `(L, C, h)`, the hue NaN (powerless) when the chroma is at most `epsilon`.
    static func rectangularToPolar(_ c: Components, powerlessBelow epsilon: Double) -> Components {
        let chroma = (c.y * c.y + c.z * c.z).squareRoot()
        let hue = chroma <= epsilon ? Double.nan : normalizedHue(atan2(c.z, c.y) * 180 / .pi)
        return Components(c.x, chroma, hue)
    }

    /// The D50 white point, from its 4-figure CIE chromaticities.
    private static let d50White = Components(0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585)
    /// CIE's ε (6³/29³) and κ (29³/3³), as rational numbers.
    private static let labEpsilon = 216.0 / 24389
    private static let labKappa = 24389.0 / 27

    private static func xyzD50ToLab(_ xyz: Components) -> Components {
        let scaled = xyz / d50White
        func f(_ value: Double) -> Double { value > labEpsilon ? cbrt(value) : (labKappa * value + 16) / 116 }
        let fx = f(scaled.x)
        let fy = f(scaled.y)
        let fz = f(scaled.z)
        return Components(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    private static func labToXYZD50(_ lab: Components) -> Components {
        let fy = (lab.x + 16) / 116
        let fx = lab.y / 500 + fy
        let fz = fy - lab.z / 200
        func inverse(_ f: Double) -> Double {
            let cube = f * f * f
            return cube > labEpsilon ? cube : (116 * f - 16) / labKappa
        }
        let y = lab.x > labKappa * labEpsilon ? fy * fy * fy : lab.x / labKappa
        return Components(inverse(fx), y, inverse(fz)) * d50White
    }

    private static func xyzToOKLab(_ xyz: Components) -> Components {
        let lms = xyzToLMS * xyz
        return lmsToOKLab * Components(cbrt(lms.x), cbrt(lms.y), cbrt(lms.z))
    }

    private static func oklabToXYZ(_ oklab: Components) -> Components {
        let lms = oklabToLMS * oklab
        return lmsToXYZ * (lms * lms * lms)
    }

    // MARK: Transfer functions

    /// The transfer functions of the RGB spaces, extended to negative values by mirroring.
    enum TransferFunction {
        /// sRGB's, which display-p3 shares.
        case sRGB
        case a98RGB, proPhoto, rec2020
    }

    /// Linear light from encoded components.
    static func linearized(_ c: Components, by function: TransferFunction) -> Components {
        Components(linear(c.x, function), linear(c.y, function), linear(c.z, function))
    }

    /// Encoded components from linear light.
    static func encoded(_ c: Components, by function: TransferFunction) -> Components {
        Components(encode(c.x, function), encode(c.y, function), encode(c.z, function))
    }

    private static func linear(_ value: Double, _ function: TransferFunction) -> Double {
        let magnitude = abs(value)
        let sign: Double = value < 0 ? -1 : 1
        switch function {
        case .sRGB:
            return magnitude <= 0.04045 ? value / 12.92 : sign * pow((magnitude + 0.055) / 1.055, 2.4)
        case .a98RGB:
            return sign * pow(magnitude, 563.0 / 256)
        case .proPhoto:
            return magnitude <= 16.0 / 512 ? value / 16 : sign * pow(magnitude, 1.8)
        case .rec2020:
            return magnitude < rec2020Beta * 4.5
                ? value / 4.5 : sign * pow((magnitude + rec2020Alpha - 1) / rec2020Alpha, 1 / 0.45)
        }
    }

    private static func encode(_ value: Double, _ function: TransferFunction) -> Double {
        let magnitude = abs(value)
        let sign: Double = value < 0 ? -1 : 1
        switch function {
        case .sRGB:
            return magnitude > 0.0031308 ? sign * (1.055 * pow(magnitude, 1 / 2.4) - 0.055) : 12.92 * value
        case .a98RGB:
            return sign * pow(magnitude, 256.0 / 563)
        case .proPhoto:
            return magnitude >= 1.0 / 512 ? sign * pow(magnitude, 1 / 1.8) : 16 * value
        case .rec2020:
            return magnitude > rec2020Beta
                ? sign * (rec2020Alpha * pow(magnitude, 0.45) - (rec2020Alpha - 1)) : 4.5 * value
        }
    }

    /// The constants of ITU-R BT.2020-2's transfer function.
    private static let rec2020Alpha = 1.09929682680944
    private static let rec2020Beta = 0.018053968510807
}

extension CSSColor.Space {
    /// Whether the space is one of the forms of sRGB (`srgb`, `srgb-linear`, `hsl`, `hwb`): its colours, with
    /// components in their ranges, are inside the sRGB gamut.
    package var isOverSRGB: Bool {
        switch self {
        case .srgb, .srgbLinear, .hsl, .hwb: true
        default: false
        }
    }
}
