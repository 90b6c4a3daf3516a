import ColorSpaces
@_spi(Engine) import TokenJSON

/// A colour modifier as Tokens Studio writes it in a colour token's `$extensions`
/// (`"studio.tokens": {"modify": {"type": "lighten", "value": "0.2", "space": "lch"}}`), and what it does to a
/// colour: the semantics of Tokens Studio's own implementation (its Style Dictionary transforms, over colorjs.io),
/// computed exactly with ThemeEngine's colour conversions.
///
/// - `lighten` moves lightness towards white by `amount` of the way: in `lch`, L + (100 − L)·amount, chroma
///   reduced by `amount` of itself; in `hsl`, L + (100 − L)·amount; in `srgb` and `p3`, each channel
///   c + (1 − c)·amount.
/// - `darken` moves it towards black: L − L·amount (chroma reduced as for lighten, in `lch`); in `srgb` and `p3`,
///   c − c·amount.
/// - `alpha` sets the opacity to `amount`.
/// - `mix` interpolates from the colour (amount 0) to ``mixColor`` (amount 1) in the space, component by
///   component, the hue of `lch` and `hsl` along the shorter arc (a missing hue takes the other colour's).
///
/// The result is in the modifier's space (`p3` is `display-p3`), or in ``format`` when one is given, brought
/// into that space's gamut (sRGB's for `hsl`) by CSS Color 4's gamut mapping. Tokens Studio rounds the result it
/// writes to three significant digits; ThemeEngine keeps it exact.
struct ColorModifier: Hashable, Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case lighten, darken, mix, alpha
    }

    /// The colour spaces a modifier works in, by Tokens Studio's names.
    enum Space: String, CaseIterable, Sendable {
        case lch, srgb, p3, hsl

        /// The DTCG colour space of the same colours.
        var colorSpace: TokenValue.Color.Space {
            switch self {
            case .lch: .lch
            case .srgb: .srgb
            case .p3: .displayP3
            case .hsl: .hsl
            }
        }
    }

    var kind: Kind
    var space: Space
    /// How much, from 0 to 1.
    var amount: Double
    /// The colour `mix` mixes in (nil for the other kinds).
    var mixColor: TokenValue.Color?
    /// The space the result is written in, when not ``space`` (Tokens Studio's `format`; `hex` is `srgb`).
    var format: Space?

    /// `color` modified.
    func apply(to color: TokenValue.Color) -> TokenValue.Color {
        let target = space.colorSpace
        var result: TokenValue.Color
        switch kind {
        case .lighten, .darken:
            result = Self.plain(color.converted(to: target))
            result.components = result.components.enumerated().map { index, component in
                component.map { adjust($0, index: index) }
            }
        case .alpha:
            result = Self.plain(color.converted(to: target))
            result.alpha = min(max(amount, 0), 1)
        case .mix:
            result = mix(color, mixColor ?? color, in: target)
        }
        if let format, format != space { result = Self.plain(result.converted(to: format.colorSpace)) }
        return Self.inGamut(result)
    }

    /// Component `index` of a colour in ``space``, lightened or darkened.
    private func adjust(_ value: Double, index: Int) -> Double {
        let lighten = kind == .lighten
        switch (space, index) {
        case (.lch, 0):
            return lighten ? min(100, value + (100 - value) * amount) : max(0, value - value * amount)
        case (.lch, 1):
            return max(0, value - amount * value)
        case (.hsl, 2):
            return lighten ? min(100, value + (100 - value) * amount) : max(0, value - value * amount)
        case (.srgb, _), (.p3, _):
            return lighten ? min(1, value + amount * (1 - value)) : max(0, value - amount * value)
        default:
            return value  // a hue, an HSL saturation
        }
    }

    /// `from` mixed with `to` by ``amount`` (clamped to 0…1) in `space`: each colour first brought into the
    /// space's gamut, the hue interpolated along the shorter arc, alpha linearly (not premultiplied).
    private func mix(_ from: TokenValue.Color, _ to: TokenValue.Color, in space: TokenValue.Color.Space)
        -> TokenValue.Color
    {
        let progress = min(max(amount, 0), 1)
        var start = Self.inGamut(Self.plain(from.converted(to: space))).components
        var end = Self.inGamut(Self.plain(to.converted(to: space))).components
        if let hue = space.hueIndex {
            // A missing hue takes the other colour's, then the two are brought within 180° of each other.
            if start[hue] == nil { start[hue] = end[hue] }
            if end[hue] == nil { end[hue] = start[hue] }
            if let first = start[hue], let second = end[hue] {
                if second - first > 180 {
                    start[hue] = first + 360
                } else if second - first < -180 {
                    end[hue] = second + 360
                }
            }
        }
        var components: [Double?] = []
        for index in 0..<3 {
            switch (start[index], end[index]) {
            case (let first?, let second?): components.append(first + (second - first) * progress)
            case (let only?, nil), (nil, let only?): components.append(only)
            case (nil, nil): components.append(nil)
            }
        }
        if let hue = space.hueIndex, let angle = components[hue] {
            components[hue] = ColorConversion.normalizedHue(angle)
        }
        let alpha = from.alpha + (to.alpha - from.alpha) * progress
        return TokenValue.Color(colorSpace: space, components: components, alpha: alpha)
    }

    /// `$extensions` as `--format json` writes them for a token whose value is resolved: without the colour
    /// modifier the value already has applied (and without `studio.tokens` when nothing else is left in it), so that
    /// reading the output again does not apply it twice. Nil when nothing is left.
    static func extensionsWithoutModifier(_ extensions: JSONValue) -> JSONValue? {
        guard case .object(var members) = extensions, case .object(var studio)? = extensions["studio.tokens"],
            studio.contains(where: { $0.key == "modify" })
        else { return extensions }
        studio.removeAll { $0.key == "modify" }
        members = members.compactMap { member in
            guard member.key == "studio.tokens" else { return member }
            return studio.isEmpty ? nil : JSONValue.Member(member.key, .object(studio))
        }
        return members.isEmpty ? nil : .object(members)
    }

    /// The colour without a `hex` fallback, which no longer describes it once it is modified.
    private static func plain(_ color: TokenValue.Color) -> TokenValue.Color {
        TokenValue.Color(colorSpace: color.colorSpace, components: color.components, alpha: color.alpha)
    }

    /// A colour brought into its space's gamut: `srgb` and `display-p3` their own, `hsl` sRGB's; `lch` has none.
    /// A missing hue stays missing.
    private static func inGamut(_ color: TokenValue.Color) -> TokenValue.Color {
        let gamut: TokenValue.Color.Space
        switch color.colorSpace {
        case .srgb, .hsl: gamut = .srgb
        case .displayP3: gamut = .displayP3
        default: return color
        }
        let triple = ColorConversion.Components(
            color.components[0] ?? 0, color.components[1] ?? 0, color.components[2] ?? 0)
        if ColorConversion.isInGamut(ColorConversion.convert(triple, from: color.colorSpace, to: gamut)) {
            return color
        }
        let mapped = ColorConversion.gamutMapped(triple, from: color.colorSpace, into: gamut).components
        let components = ColorConversion.convert(mapped, from: gamut, to: color.colorSpace)
        var result = color
        result.components = (0..<3).map { index in
            color.components[index] == nil || components[index].isNaN ? nil : components[index]
        }
        return result
    }
}
