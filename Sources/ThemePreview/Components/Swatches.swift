import DesignTokens
import Linting
import Theming

/// The semantic colours of a theme, each a square of its colour with its token's path and its WCAG contrast ratio
/// on the theme's surface (the schema's `surface` token, or white where there is none): the colours renderers name (``ColorToken/allCases``) that it has, or, for a design
/// language that has none of them, its first colour tokens that are aliases (the semantic layer over its
/// primitives).
enum Swatches {
    /// The most swatches drawn of a design language's own aliases.
    static let maximumAliases = 32

    static func draw(
        _ theme: Theme, surface: ThemeColor, surfaceName: String, labelColor: ThemeColor, width: Double, name: String
    ) -> Scene {
        var scene = Scene(width: width)
        let typography = ThemeTypography(
            fontFamily: ["SF Mono", "Menlo"], fontSize: 10, fontWeight: 400, lineHeight: 1.4)
        var y = 0.0
        for path in paths(theme.tokens) {
            guard let value = theme.tokens.color(path) else { continue }
            let color = ThemeColor(value)
            let swatch = Scene.Box(
                x: 0, y: y, width: 20, height: 20, fill: color, stroke: labelColor.withAlpha(0.4), strokeWidth: 1,
                cornerRadius: 4)
            scene.add(swatch)
            scene.mark("\(name)/swatch.\(path)", x: 6, y: y + 6, width: 8, height: 8)
            let ratio = Contrast.ratio(color, on: surface)
            scene.add(Scene.Text(x: 28, y: y - 1, string: path, color: labelColor, typography: typography))
            let detail = "\(color.hex)  \(Contrast.format(ratio)):1 on \(surfaceName)"
            scene.add(Scene.Text(x: 28, y: y + 10, string: detail, color: labelColor, typography: typography))
            y += 28
        }
        scene.height = y
        return scene
    }

    /// The paths of the colours to draw.
    private static func paths(_ tokens: ResolvedTheme) -> [String] {
        let named = ColorToken.allCases.map(\.tokenPath).filter { tokens.color($0) != nil }
        guard named.isEmpty else { return named }
        var aliases: [String] = []
        for id in 0..<tokens.count where tokens.type(of: id) == .color && tokens.aliasTarget(of: id) != nil {
            aliases.append(tokens.path(of: id))
            if aliases.count == maximumAliases { break }
        }
        return aliases
    }
}

extension ThemeColor {
    func withAlpha(_ alpha: Double) -> ThemeColor {
        ThemeColor(red: red, green: green, blue: blue, alpha: alpha)
    }
}
