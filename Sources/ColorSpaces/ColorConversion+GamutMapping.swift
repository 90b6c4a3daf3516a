extension ColorConversion {
    /// How far outside 0…1 a channel may be and still count as inside the gamut: half a step of a 10-bit channel,
    /// which absorbs the rounding of the conversions and of components written to four decimals (CSS Color 4's
    /// `oklch(0.628 0.2577 29.23)` for sRGB red is 0.0003 outside) without letting through a colour any display
    /// would show differently once clipped.
    static let gamutTolerance = 0.0005

    /// Whether RGB components are inside their space's gamut, 0…1, give or take `tolerance`.
    package static func isInGamut(_ rgb: Components, tolerance: Double = 0) -> Bool {
        rgb.min() >= -tolerance && rgb.max() <= 1 + tolerance
    }

    /// A colour in `source`, in the RGB space `destination`, brought inside its gamut by CSS Color 4's gamut
    /// mapping ("CSS gamut mapping to an RGB destination") when it is outside by more than
    /// ``gamutTolerance``; within it, the exact conversion clipped.
    ///
    /// The mapping keeps OKLCH lightness and hue and reduces chroma by binary search until the colour, clipped to
    /// the gamut, is within one just-noticeable difference (deltaEOK 0.02) of the unclipped one; a colour that
    /// clipping alone brings that close is clipped. A lightness of 1 or more maps to white, 0 or less to black.
    /// - Parameters:
    ///   - components: the colour's components in `source`, `none` taken as 0.
    ///   - destination: an RGB space with a gamut, such as `srgb` or `display-p3`.
    /// - Returns: components in 0…1, and whether they had to be mapped.
    package static func gamutMapped(_ components: Components, from source: Space, into destination: Space) -> (
        components: Components, isMapped: Bool
    ) {
        let exact = convert(components, from: source, to: destination)
        if isInGamut(exact, tolerance: gamutTolerance) { return (clipped(exact), false) }
        let origin = convert(components, from: source, to: .oklch)
        // Components so large that the conversion overflows (DTCG bounds neither Lab's a and b nor XYZ) have no
        // chroma to search: clipped.
        guard origin.x.isFinite, origin.y.isFinite else { return (clipped(exact), true) }
        if origin.x >= 1 { return (clipped(convert([1, 0, 0], from: .oklab, to: destination)), true) }
        if origin.x <= 0 { return (clipped(convert([0, 0, 0], from: .oklab, to: destination)), true) }

        let justNoticeable = 0.02
        let epsilon = 0.0001
        var current = origin
        var clippedCurrent = clipped(convert(current, from: .oklch, to: destination))
        if deltaEOK(clippedCurrent, in: destination, current) < justNoticeable { return (clippedCurrent, true) }
        var low = 0.0
        var high = origin.y
        var lowIsInGamut = true
        while high - low > epsilon {
            let chroma = (low + high) / 2
            current.y = chroma
            let candidate = convert(current, from: .oklch, to: destination)
            if lowIsInGamut, isInGamut(candidate) {
                low = chroma
                continue
            }
            clippedCurrent = clipped(candidate)
            let difference = deltaEOK(clippedCurrent, in: destination, current)
            if difference < justNoticeable {
                if justNoticeable - difference < epsilon { return (clippedCurrent, true) }
                lowIsInGamut = false
                low = chroma
            } else {
                high = chroma
            }
        }
        return (clippedCurrent, true)
    }

    /// Each component clamped to 0…1; NaN (what an overflowing conversion gives) as 0.
    static func clipped(_ rgb: Components) -> Components {
        func clip(_ value: Double) -> Double { value >= 0 ? min(value, 1) : 0 }
        return Components(clip(rgb.x), clip(rgb.y), clip(rgb.z))
    }

    /// deltaEOK, the distance in OKLab, between a colour in the RGB space `space` and one in OKLCH.
    private static func deltaEOK(_ rgb: Components, in space: Space, _ oklch: Components) -> Double {
        let difference = convert(rgb, from: space, to: .oklab) - polarToRectangular(oklch)
        return (difference * difference).sum().squareRoot()
    }
}
