import DesignTokens
@_spi(Engine) import TokenJSON

/// A text style as renderers use it: the font family and its fallbacks, the size in points, the weight, the line
/// height as a multiple of the size, and the letter spacing in points.
///
/// Platform-neutral; `uiFont` (UIKit) makes a font of it.
public struct ThemeTypography: Hashable, Sendable, CustomStringConvertible {
    /// The family, then its fallbacks, as the token lists them (`["SF Pro Text", "-apple-system", …]`).
    public var fontFamily: [String]
    /// The size in points.
    public var fontSize: Double
    /// The weight, 1 to 1000 (400 regular, 700 bold).
    public var fontWeight: Double
    /// The line height as a multiple of ``fontSize``; nil for the font's own.
    public var lineHeight: Double?
    /// Extra space between letters, in points.
    public var letterSpacing: Double

    public init(
        fontFamily: [String], fontSize: Double, fontWeight: Double, lineHeight: Double? = nil, letterSpacing: Double = 0
    ) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
    }

    /// The style of a typography token, or nil when its font size has no length of its own (`em`, `%`, a viewport
    /// unit) or one no `Double` holds in points. A letter spacing in `em` is a multiple of the font size.
    public init?(_ typography: TokenValue.Typography) {
        guard let size = typography.fontSize.drawnPoints else { return nil }
        let spacing: Double
        if typography.letterSpacing.unit == .em {
            spacing = typography.letterSpacing.value * size
        } else {
            guard let points = typography.letterSpacing.points() else { return nil }
            spacing = points
        }
        guard spacing.isFinite else { return nil }
        self.init(
            fontFamily: typography.fontFamily, fontSize: size, fontWeight: typography.fontWeight.value,
            lineHeight: typography.lineHeight, letterSpacing: spacing)
    }

    /// The line height in points: ``lineHeight`` times ``fontSize``, or nil for the font's own.
    public var lineHeightPoints: Double? { lineHeight.map { $0 * fontSize } }

    /// CSS's `font` shorthand order: `400 16/1.5 SF Pro Text`; the letter spacing after it when there is one.
    public var description: String {
        var text = "\(JSONWriter.format(fontWeight)) \(JSONWriter.format(fontSize))"
        if let lineHeight { text += "/" + JSONWriter.format(lineHeight) }
        text += " " + (fontFamily.first ?? "")
        if letterSpacing != 0 { text += ", letter spacing \(JSONWriter.format(letterSpacing))" }
        return text
    }
}
