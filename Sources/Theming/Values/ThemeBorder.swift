import DesignTokens
@_spi(Engine) import TokenJSON

/// A border as renderers use it: its colour, its width in points, and its line style.
public struct ThemeBorder: Hashable, Sendable, CustomStringConvertible {
    public var color: ThemeColor
    public var width: Double
    /// `solid`, `dashed`…, or a dash pattern.
    public var style: TokenValue.StrokeStyle

    public init(color: ThemeColor, width: Double, style: TokenValue.StrokeStyle = .keyword("solid")) {
        self.color = color
        self.width = width
        self.style = style
    }

    /// The border of a border token, or nil when its width, or a dash of its pattern, has no length of its own in
    /// points.
    public init?(_ border: TokenValue.Border) {
        guard let width = border.width.drawnPoints else { return nil }
        if case .dashed(let dashes, _) = border.style, dashes.contains(where: { $0.drawnPoints == nil }) { return nil }
        self.init(color: ThemeColor(border.color), width: width, style: border.style)
    }

    /// CSS's `border` order: `1 solid #d7d9dc`; a dash pattern as `dashed`.
    public var description: String {
        let style =
            switch style {
            case .keyword(let keyword): keyword
            case .dashed: "dashed"
            }
        return "\(JSONWriter.format(width)) \(style) \(color.hex)"
    }
}
