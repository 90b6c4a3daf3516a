import DesignTokens
@_spi(Engine) import TokenJSON

/// One layer of a shadow as renderers use it: its colour and, in points, its offset, blur and spread.
public struct ThemeShadow: Hashable, Sendable, CustomStringConvertible {
    public var color: ThemeColor
    public var offsetX: Double
    public var offsetY: Double
    public var blur: Double
    public var spread: Double
    /// Whether it is drawn inside the shape (an inner shadow).
    public var inset: Bool

    public init(color: ThemeColor, offsetX: Double, offsetY: Double, blur: Double, spread: Double, inset: Bool = false)
    {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.spread = spread
        self.inset = inset
    }

    /// The layer of a shadow token, or nil when a length has no length of its own in points.
    public init?(_ shadow: TokenValue.Shadow) {
        let lengths = [shadow.offsetX, shadow.offsetY, shadow.blur, shadow.spread].compactMap(\.drawnPoints)
        guard lengths.count == 4 else { return nil }
        self.init(
            color: ThemeColor(shadow.color), offsetX: lengths[0], offsetY: lengths[1], blur: lengths[2],
            spread: lengths[3],
            inset: shadow.inset)
    }

    /// CSS's `box-shadow` order: `0 0 0 3 #0055ff66`, `inset` first for an inner shadow.
    public var description: String {
        (inset ? "inset " : "") + [offsetX, offsetY, blur, spread].map(JSONWriter.format).joined(separator: " ") + " "
            + color.hex
    }
}
