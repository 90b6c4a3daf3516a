import Linting
import Theming

/// The colours renderers name (``ColorToken/allCases``) that a theme has, each a square of its colour with its
/// token's path and its WCAG contrast ratio on the theme's surface.
enum Swatches {
    static func draw(_ theme: Theme, surface: ThemeColor, labelColor: ThemeColor, width: Double, name: String) -> Scene {
        var scene = Scene(width: width)
        let typography = ThemeTypography(fontFamily: ["SF Mono", "Menlo"], fontSize: 10, fontWeight: 400, lineHeight: 1.4)
        var y = 0.0
        for token in ColorToken.allCases {
            guard let value = theme.tokens.color(token.tokenPath) else { continue }
            let color = ThemeColor(value)
            let swatch = Scene.Box(
                x: 0, y: y, width: 20, height: 20, fill: color, stroke: labelColor.withAlpha(0.4), strokeWidth: 1, cornerRadius: 4)
            scene.add(swatch)
            scene.mark("\(name)/swatch.\(token.tokenPath)", x: 6, y: y + 6, width: 8, height: 8)
            let ratio = Contrast.ratio(color, on: surface)
            scene.add(Scene.Text(x: 28, y: y - 1, string: token.tokenPath, color: labelColor, typography: typography))
            let detail = "\(color.hex)  \(ratio.formatted2):1 on the surface"
            scene.add(Scene.Text(x: 28, y: y + 10, string: detail, color: labelColor, typography: typography))
            y += 28
        }
        scene.height = y
        return scene
    }
}

extension ThemeColor {
    func withAlpha(_ alpha: Double) -> ThemeColor {
        ThemeColor(red: red, green: green, blue: blue, alpha: alpha)
    }
}

extension Double {
    /// Two decimal places: `4.50`.
    var formatted2: String {
        let hundredths = Int((self * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
