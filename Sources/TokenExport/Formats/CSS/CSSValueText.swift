import DesignTokens
@_spi(Engine) import TokenJSON

/// Token values as CSS writes them: colours as hex (or `color(display-p3 …)`), dimensions and durations with
/// their units, and the composite types as the CSS shorthands they stand for.
enum CSSValueText {
    /// Which colours a value is written with.
    enum Gamut {
        /// Every colour in sRGB, gamut-mapped where it lies outside: what every browser reads.
        case srgb
        /// Colours outside sRGB as `color(display-p3 …)`; the others as in ``srgb``.
        case wide
    }

    /// The CSS text of a value, or nil for one CSS has no form for (a token of a type ThemeEngine does not know).
    static func text(_ value: TokenValue, gamut: Gamut) -> String? {
        switch value {
        case .color(let color): Self.color(color, gamut: gamut)
        case .dimension(let dimension): Self.dimension(dimension)
        case .dimensions(let dimensions): dimensions.map(Self.dimension).joined(separator: " ")
        case .fontFamily(let names): fontFamily(names)
        case .fontWeight(let weight): number(weight.value)
        case .duration(let duration): Self.duration(duration)
        case .cubicBezier(let curve): cubicBezier(curve)
        case .number(let value): number(value)
        case .strokeStyle(let style): strokeStyle(style)
        case .border(let border):
            "\(dimension(border.width)) \(strokeStyle(border.style)) \(color(border.color, gamut: gamut))"
        case .transition(let transition):
            "\(duration(transition.duration)) \(cubicBezier(transition.timingFunction)) \(duration(transition.delay))"
        case .shadow(let shadows): shadows.map { shadow($0, gamut: gamut) }.joined(separator: ", ")
        case .gradient(let stops):
            "linear-gradient("
                + stops.map { "\(color($0.color, gamut: gamut)) \(number($0.position * 100))%" }.joined(separator: ", ")
                + ")"
        case .typography(let typography): font(typography)
        case .string(let text): string(text)
        case .boolean(let value): value ? "true" : "false"
        case .image(let image): image.file.map { "url(\(string($0)))" } ?? string(image.asset)
        case .custom: nil
        }
    }

    /// Whether a value holds a colour outside sRGB, so that its ``Gamut/wide`` text differs from its sRGB one.
    static func isWide(_ value: TokenValue) -> Bool {
        switch value {
        case .color(let color): !color.isInSRGBGamut
        case .border(let border): !border.color.isInSRGBGamut
        case .shadow(let shadows): shadows.contains { !$0.color.isInSRGBGamut }
        case .gradient(let stops): stops.contains { !$0.color.isInSRGBGamut }
        default: false
        }
    }

    static func color(_ color: TokenValue.Color, gamut: Gamut) -> String {
        guard gamut == .wide, !color.isInSRGBGamut else { return color.hex }
        let p3 = color.displayP3
        let channels = [p3.red, p3.green, p3.blue].map { number(($0 * 10_000).rounded() / 10_000) }.joined(
            separator: " ")
        return p3.alpha < 1 ? "color(display-p3 \(channels) / \(number(p3.alpha)))" : "color(display-p3 \(channels))"
    }

    static func dimension(_ dimension: TokenValue.Dimension) -> String {
        dimension.value == 0 && dimension.unit != .percent ? "0" : number(dimension.value) + dimension.unit.rawValue
    }

    static func duration(_ duration: TokenValue.Duration) -> String {
        number(duration.value) + duration.unit.rawValue
    }

    static func cubicBezier(_ curve: TokenValue.CubicBezier) -> String {
        "cubic-bezier(\(number(curve.x1)), \(number(curve.y1)), \(number(curve.x2)), \(number(curve.y2)))"
    }

    static func strokeStyle(_ style: TokenValue.StrokeStyle) -> String {
        switch style {
        case .keyword(let keyword): keyword
        // CSS draws a dash pattern of its own choosing; the pattern's lengths have no CSS form.
        case .dashed: "dashed"
        }
    }

    static func shadow(_ shadow: TokenValue.Shadow, gamut: Gamut) -> String {
        let lengths = [shadow.offsetX, shadow.offsetY, shadow.blur, shadow.spread].map(dimension).joined(separator: " ")
        return (shadow.inset ? "inset " : "") + lengths + " " + color(shadow.color, gamut: gamut)
    }

    /// The `font` shorthand: weight, size, line height, families. (Letter spacing has no place in it.)
    static func font(_ typography: TokenValue.Typography) -> String {
        let size = dimension(typography.fontSize) + (typography.lineHeight.map { "/" + number($0) } ?? "")
        return "\(number(typography.fontWeight.value)) \(size) \(fontFamily(typography.fontFamily))"
    }

    /// The generic families, which CSS writes unquoted.
    private static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif",
        "ui-monospace", "ui-rounded", "math", "emoji", "fangsong",
    ]

    static func fontFamily(_ names: [String]) -> String {
        names.map { genericFamilies.contains($0) ? $0 : string($0) }.joined(separator: ", ")
    }

    /// A CSS string in double quotes: `"` and `\` escaped, and any control character as a hexadecimal escape.
    static func string(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                quoted += "\\" + String(scalar.value, radix: 16) + " "
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    static func number(_ value: Double) -> String { JSONWriter.format(value) }
}
