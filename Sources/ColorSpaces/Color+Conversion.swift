extension CSSColor {
    /// The colour in sRGB, each channel and alpha in 0…1: converted exactly from its components (CSS Color 4), and
    /// gamut-mapped by CSS Color 4's algorithm when it is outside the sRGB gamut (see ``isInSRGBGamut``).
    ///
    /// A `none` component counts as 0, as it does in CSS. The `hex` fallback is not read: the components win.
    public var srgb: (red: Double, green: Double, blue: Double, alpha: Double) {
        if colorSpace == .srgb, components.count == 3 {  // the common case, without converting
            let red = components[0] ?? 0
            let green = components[1] ?? 0
            let blue = components[2] ?? 0
            if (0...1).contains(red), (0...1).contains(green), (0...1).contains(blue) {
                return (red, green, blue, alpha)
            }
        }
        let rgb = sRGBGamutMapping.components
        return (rgb.x, rgb.y, rgb.z, alpha)
    }

    /// Whether the colour is inside the sRGB gamut, so that ``srgb`` is its exact conversion; false when ``srgb``
    /// is the gamut-mapped colour nearest to it. Every colour written in `srgb`, `srgb-linear`, `hsl` or `hwb` with
    /// components in their ranges is inside; `oklch(0.7 0.3 30)` or `color(display-p3 1 0 0)` is not. A channel
    /// within 0.0005 of its range (rounding, half a step of a 10-bit display) does not count as outside.
    public var isInSRGBGamut: Bool {
        !sRGBGamutMapping.isMapped
    }

    /// The colour in Display P3, each channel and alpha in 0…1: a `display-p3` colour's own components, any other
    /// converted exactly, and gamut-mapped into Display P3 when it is outside (as ``srgb`` is into sRGB). What
    /// renderers on wide-gamut displays draw.
    public var displayP3: (red: Double, green: Double, blue: Double, alpha: Double) {
        let rgb = ColorConversion.gamutMapped(componentTriple, from: colorSpace, into: .displayP3).components
        return (rgb.x, rgb.y, rgb.z, alpha)
    }

    /// The same colour in another space, converted exactly by CSS Color 4's formulas, without gamut mapping: a
    /// colour outside the gamut of an RGB `space` has components outside 0…1 there.
    ///
    /// `none` components count as 0; a hue that has no meaning for the result (an achromatic colour's) is `none`.
    /// Alpha is kept; the `hex` fallback is kept only when `space` is the colour's own.
    public func converted(to space: Space) -> Self {
        guard space != colorSpace else { return self }
        let result = ColorConversion.convert(componentTriple, from: colorSpace, to: space)
        let components = [result.x, result.y, result.z].map { $0.isNaN ? nil : $0 }
        return Self(colorSpace: space, components: components, alpha: alpha)
    }

    /// The sRGB channels (in 0…1) and whether they had to be gamut-mapped: ``srgb`` and ``isInSRGBGamut`` from
    /// one computation, for the resolver, which reports each mapped colour.
    package var sRGBGamutMapping: (components: ColorConversion.Components, isMapped: Bool) {
        ColorConversion.gamutMapped(componentTriple, from: colorSpace, into: .srgb)
    }

    /// The first three components, `none` (and a missing one) as 0.
    private var componentTriple: ColorConversion.Components {
        func component(_ index: Int) -> Double { index < components.count ? components[index] ?? 0 : 0 }
        return ColorConversion.Components(component(0), component(1), component(2))
    }
}
