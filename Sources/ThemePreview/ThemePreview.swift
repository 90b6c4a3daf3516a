import DesignTokens
import Linting
import Theming

/// A picture of themes, for people who review them: side by side for each theme, every component of its schema in
/// every state, drawn to scale with the theme's colours, type, borders, radii, paddings, heights and icons, under
/// swatches of the colours renderers name with their contrast on the surface.
///
/// It is drawn from the `Theming` component styles and colour traits, as a form renderer would draw, so what it
/// shows is what such a renderer reads.
///
/// ```swift
/// let preview = ThemePreview([.init(name: "light", theme: light), .init(name: "dark", theme: dark)])
/// try preview.html().write(to: …)
/// ```
public struct ThemePreview: Sendable {
    /// One column of the preview.
    public struct Column: Sendable {
        public var name: String
        public var theme: Theme
        /// Properties to mark as changed, by section (`TextInput.focused` to `["border"]`).
        public var changes: [String: Set<String>]
        /// Whether ``changes`` are drawn, or only given room, so that the column stays level with one that draws
        /// them (the before side of a diff).
        public var marksChanges: Bool

        public init(name: String, theme: Theme, changes: [String: Set<String>] = [:], marksChanges: Bool = true) {
            self.name = name
            self.theme = theme
            self.changes = changes
            self.marksChanges = marksChanges
        }
    }

    public var columns: [Column]
    /// The components drawn, by name, in the schema's order; nil for every one.
    public var components: Set<String>?
    /// Whether the colour swatches are drawn above the components.
    public var showsSwatches = true

    /// The width of a column's drawings.
    static let columnWidth = 320.0
    static let gap = 24.0

    public init(_ columns: [Column], components: Set<String>? = nil) {
        self.columns = columns
        self.components = components
    }

    /// An HTML page holding the preview as one SVG picture at its top left corner, so the page's pixels are the
    /// picture's (one CSS pixel a point).
    public func html(title: String = "Theme preview") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(SVGWriter.escaped(title))</title>
        <style>html, body { margin: 0; padding: 0; background: #ffffff; } svg { display: block; }</style>
        </head>
        <body>
        \(svg())</body>
        </html>

        """
    }

    /// The preview as a standalone SVG picture.
    public func svg() -> String {
        SVGWriter.svg(scene())
    }

    /// The whole picture: the columns side by side on a neutral backdrop. Its landmarks are where a test looks at
    /// the pixels, in the page's coordinates too, as ``html(title:)`` puts the picture at the page's top left.
    func scene() -> Scene {
        var page = Scene(width: 0)
        var x = Self.gap
        for column in columns {
            let drawn = draw(column)
            page.place(drawn, dx: x, dy: Self.gap)
            x += drawn.width + Self.gap
        }
        var framed = Scene(width: page.width + Self.gap, height: page.height + Self.gap)
        framed.add(
            Scene.Box(
                x: 0, y: 0, width: framed.width, height: framed.height,
                fill: ThemeColor(red: 0.9, green: 0.9, blue: 0.92)))
        framed.place(page, dx: 0, dy: 0)
        return framed
    }

    /// One column: the theme's surface, its name, the swatches, then each component.
    private func draw(_ column: Column) -> Scene {
        let theme = column.theme
        let surfaceToken = theme.components.surface.flatMap { theme.tokens.color($0) }.map(ThemeColor.init)
        let surface = surfaceToken ?? ThemeColor(red: 1, green: 1, blue: 1)
        let onSurface =
            Contrast.ratio(ThemeColor(red: 0, green: 0, blue: 0), on: surface) >= 4.5
            ? ThemeColor(red: 0.2, green: 0.2, blue: 0.22) : ThemeColor(red: 0.85, green: 0.85, blue: 0.88)
        let padding = 16.0
        var content = Scene(width: Self.columnWidth)
        let heading = ThemeTypography(fontFamily: ["SF Pro Display"], fontSize: 20, fontWeight: 700, lineHeight: 1.2)
        content.add(Scene.Text(x: 0, y: 0, string: column.name, color: onSurface, typography: heading))
        var y = 36.0
        if showsSwatches {
            let swatches = Swatches.draw(
                theme, surface: surface, surfaceName: surfaceToken == nil ? "white" : "the surface",
                labelColor: onSurface, width: Self.columnWidth, name: column.name)
            content.place(swatches, dx: 0, dy: y)
            y = content.height + 20
        }
        let drawer = ComponentDrawer(
            width: Self.columnWidth, labelColor: onSurface, changes: column.changes, marksChanges: column.marksChanges)
        let componentHeading = ThemeTypography(
            fontFamily: ["SF Pro Display"], fontSize: 16, fontWeight: 600, lineHeight: 1.25)
        var unstyled: [String] = []
        for definition in theme.components.components where components?.contains(definition.name) ?? true {
            guard let style = theme.completeStyle(of: definition.name) else {
                let missing = theme.problems(of: definition.name).count
                unstyled.append("\(definition.name) (\(missing) token\(missing == 1 ? "" : "s") missing)")
                continue
            }
            content.add(Scene.Text(x: 0, y: y, string: definition.name, color: onSurface, typography: componentHeading))
            y += 28
            var drawn = drawer.draw(style)
            drawn.renameLandmarks { column.name + "/" + $0 }
            content.place(drawn, dx: 0, dy: y)
            y = content.height + 16
        }
        if !unstyled.isEmpty {
            // One line each, under one heading: a design language of its own need not style the schema's components.
            content.add(
                Scene.Text(
                    x: 0, y: y, string: "Not styled by these tokens", color: onSurface, typography: componentHeading))
            y += 24
            for line in unstyled {
                content.add(
                    Scene.Text(x: 0, y: y, string: line, color: onSurface, typography: ComponentDrawer.labelTypography))
                y += 16
            }
        }
        content.height = y
        var scene = Scene(width: Self.columnWidth + 2 * padding, height: content.height + 2 * padding)
        scene.add(Scene.Box(x: 0, y: 0, width: scene.width, height: scene.height, fill: surface, cornerRadius: 12))
        scene.place(content, dx: padding, dy: padding)
        return scene
    }
}
