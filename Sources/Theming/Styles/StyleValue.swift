import DesignTokens
@_spi(Engine) import TokenJSON

/// The value of one property of a component style, of the property's ``PropertyKind``.
public enum StyleValue: Hashable, Sendable, CustomStringConvertible {
    case color(ThemeColor)
    /// A length in points (`px`, `pt`, `dp` and `sp` one point each, `rem` 16 points).
    case points(Double)
    case number(Double)
    case typography(ThemeTypography)
    case image(ThemeImage)
    /// One shadow layer or several, drawn first to last.
    case shadow([ThemeShadow])
    case border(ThemeBorder)
    /// A length of time, in seconds.
    case duration(Double)
    /// Names in order, such as the fields a row shows.
    case order([String])

    /// The kind of property that holds such a value.
    public var kind: PropertyKind {
        switch self {
        case .color: .color
        case .points: .dimension
        case .number: .number
        case .typography: .typography
        case .image: .image
        case .shadow: .shadow
        case .border: .border
        case .duration: .duration
        case .order: .order
        }
    }

    /// `#0055ff`, `16`, `400 16/1.5 SF Pro Text`, `icExpandMore (template)`, `0 0 0 3 #0055ff66`, `1 solid #d7d9dc`,
    /// `0.12s`, `street, city`.
    public var description: String {
        switch self {
        case .color(let color): color.hex
        case .points(let points), .number(let points): JSONWriter.format(points)
        case .typography(let typography): typography.description
        case .image(let image): image.description
        case .shadow(let layers): layers.map(\.description).joined(separator: ", ")
        case .border(let border): border.description
        case .duration(let seconds): JSONWriter.format(seconds) + "s"
        case .order(let names): names.joined(separator: ", ")
        }
    }
}
