import DesignTokens

extension StyleValue {
    /// Why a token's value is not what a property needs: how it is shown in the message, or nil to name its type.
    struct Mismatch: Error {
        var shown: String?
    }

    /// The value a property of `property`'s kind takes from a token's value, or why it cannot: a value of another
    /// type, or a length with no length of its own in points (`em`, `%`, a viewport unit, or beyond what a `Double`
    /// holds in points, as `1e308rem`).
    static func read(_ value: TokenValue, as property: ComponentDefinition.Property) -> Result<StyleValue, Mismatch> {
        switch (property.kind, value) {
        case (.color, .color(let color)):
            return .success(.color(ThemeColor(color)))
        case (.dimension, .dimension(let dimension)):
            guard let points = dimension.drawnPoints else {
                return .failure(
                    Mismatch(
                        shown: dimension.points()?.isFinite == false
                            ? "\(dimension), too large to count in points" : "\(dimension)"))
            }
            return .success(.points(points))
        case (.number, .number(let number)):
            return .success(.number(number))
        case (.typography, .typography(let typography)):
            guard let style = ThemeTypography(typography) else {
                return .failure(Mismatch(shown: "a typography whose font size is \(typography.fontSize)"))
            }
            return .success(.typography(style))
        case (.image, .image(let image)):
            return .success(.image(image))
        case (.shadow, .shadow(let layers)):
            let shadows = layers.compactMap(ThemeShadow.init)
            guard shadows.count == layers.count else {
                return .failure(Mismatch(shown: "a shadow with a length in a relative unit"))
            }
            return .success(.shadow(shadows))
        case (.border, .border(let border)):
            guard let style = ThemeBorder(border) else {
                return .failure(Mismatch(shown: "a border whose width is \(border.width)"))
            }
            return .success(.border(style))
        case (.duration, .duration(let duration)):
            return .success(.duration(duration.seconds))
        case (.order, .string(let text)):
            return order(text, allowed: property.allowedValues)
        default:
            return .failure(Mismatch(shown: nil))
        }
    }

    /// The names a comma-separated list holds, each one of `allowed` and each once.
    private static func order(_ text: String, allowed: [String]) -> Result<StyleValue, Mismatch> {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimming(while: \.isWhitespace)
        }
        var seen: Set<String> = []
        for name in names {
            guard allowed.contains(name) else {
                let what =
                    name.isEmpty
                    ? "an empty name" : "\"\(name)\", which is not one of \(allowed.joined(separator: ", "))"
                return .failure(Mismatch(shown: "\"\(text)\": it lists \(what)"))
            }
            guard seen.insert(name).inserted else {
                return .failure(Mismatch(shown: "\"\(text)\": it lists \"\(name)\" twice"))
            }
        }
        return .success(.order(names))
    }
}
