import Testing

@testable import ColorSpaces
@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Relationships the bundled design language must keep, not only its literal values: a broken scale, a component
/// token that stops following its semantic token, or a theme that no longer layers cleanly fails here.
@Suite("Default tokens")
struct DefaultTokensTests {
    private static let steps = ["xs", "sm", "md", "lg", "xl"]

    private func defaults() throws -> ResolvedTheme {
        try ResolvedTheme.resolve([.defaultTokens])
    }

    @Test("the bundled tokens resolve with no diagnostics, and are the file in Tokens/")
    func resolvesCleanly() throws {
        let theme = try defaults()
        #expect(theme.diagnostics.isEmpty)
        #expect(theme.count > 100)
        #expect(TokenSource.defaultTokens.name == "Tokens/defaultTokens.json")
        #expect(TokenSource.defaultTokens.bytes == (try repositoryFile("Tokens/defaultTokens.json")).bytes)
    }

    // MARK: Scales

    @Test(
        "spacer and sizer scales strictly increase xs < sm < md < lg < xl", arguments: ["spacer", "sizer", "font.size"])
    func scalesIncrease(scale: String) throws {
        let theme = try defaults()
        let values = try Self.steps.map { step in try #require(theme.dimension("\(scale).\(step)"), "\(scale).\(step)")
        }
        #expect(Set(values.map(\.unit)).count == 1, "one unit across \(scale)")
        for (smaller, larger) in zip(values, values.dropFirst()) {
            #expect(
                try #require(smaller.points()) < (try #require(larger.points())), "\(scale): \(smaller) < \(larger)")
        }
    }

    @Test("radius, border width and font weight scales increase")
    func otherScales() throws {
        let theme = try defaults()
        let radii = try ["none", "sm", "md", "lg", "full"].map {
            try #require(theme.dimension("radius.\($0)")?.points())
        }
        #expect(radii == radii.sorted() && Set(radii).count == radii.count)
        let widths = try ["none", "thin", "thick"].map { try #require(theme.dimension("border-width.\($0)")?.points()) }
        #expect(widths == widths.sorted() && Set(widths).count == widths.count)
        let weights = try ["regular", "medium", "semibold", "bold"].map { path -> Double in
            guard case .fontWeight(let weight)? = theme.value("font.weight.\(path)") else {
                throw Failure("font.weight.\(path)")
            }
            return weight.value
        }
        #expect(weights == [400, 500, 600, 700])
        #expect(
            try #require(theme.number("font.line-height.tight"))
                < (try #require(theme.number("font.line-height.normal"))))
    }

    @Test(
        "the input field's metrics",
        arguments: [
            ("theme.radius.input.default", TokenValue.Dimension(8, .px)),
            ("theme.height.input.default", .init(44, .px)),
            ("theme.padding-y.input.default", .init(8, .px)),
            ("theme.padding-x.input.default", .init(16, .px)),
            ("theme.border-width.input.default", .init(1, .px)),
            ("theme.border-width.input.focused", .init(2, .px)),
        ] as [(String, TokenValue.Dimension)])
    func inputMetrics(path: String, expected: TokenValue.Dimension) throws {
        #expect(try defaults().dimension(path) == expected)
    }

    @Test("input padding comes from the sizer scale, and the height is a 44pt touch target off the scale")
    func inputMetricsFollowScales() throws {
        let theme = try defaults()
        // Through the design system's global properties (design.sizer.sm: top and bottom padding).
        #expect(theme["theme.padding-y.input.default"]?.aliasChain == ["design.sizer.sm", "sizer.sm"])
        #expect(theme["theme.padding-x.input.default"]?.aliasChain == ["design.sizer.md", "sizer.md"])
        #expect(theme["theme.radius.input.default"]?.aliasChain == ["radius.md"])
        let height = try #require(theme.dimension("theme.height.input.default")?.points())
        #expect(height >= 44)
        #expect(!Self.steps.contains { theme.dimension("sizer.\($0)")?.points() == height })
    }

    // MARK: Component colours follow semantic colours

    @Test("theme.color.input.focused.border is the brand border colour, #0055ff, through the brand palette step")
    func focusedBorder() throws {
        let theme = try defaults()
        let focused = try #require(theme["theme.color.input.focused.border"])
        #expect(focused.value == theme.value("theme.color.border.brand"))
        #expect(theme.color("theme.color.input.focused.border")?.hex == "#0055ff")
        #expect(focused.aliasChain == ["theme.color.border.brand", "palette.blue.600"])
    }

    @Test("every theme.color.text-input.editing.* token equals its focused counterpart, by reference")
    func editingMirrorsFocused() throws {
        let theme = try defaults()
        let editing = theme.paths.filter { $0.hasPrefix("theme.color.text-input.editing.") }
        #expect(editing.count == 7)
        for path in editing {
            let focusedPath = path.replacingOccurrences(".editing.", ".focused.")
            let focused = try #require(theme[focusedPath], "\(focusedPath) exists")
            #expect(theme.value(path) == focused.value, "\(path)")
            #expect(theme[path]?.aliasChain.first == focusedPath, "\(path)")
        }
        let focusedNames = Set(
            theme.paths.filter { $0.hasPrefix("theme.color.text-input.focused.") }.map {
                $0.split(separator: ".").last!
            })
        #expect(Set(editing.map { $0.split(separator: ".").last! }) == focusedNames)
    }

    @Test("the input border composite follows the input border colours and widths")
    func inputBorders() throws {
        let theme = try defaults()
        for state in ["default", "focused", "error"] {
            guard case .border(let border)? = theme.value("theme.border.input.\(state)") else {
                Issue.record("theme.border.input.\(state) must be a border")
                continue
            }
            #expect(border.color == theme.color("theme.color.input.\(state).border"), "\(state)")
            #expect(border.style == .keyword("solid"))
        }
    }

    // MARK: Themes

    @Test(
        "the themes layer over the defaults with no diagnostics",
        arguments: [
            ["Themes/dark.json"], ["Themes/high-contrast.json"], ["Themes/dark.json", "Themes/high-contrast.json"],
        ])
    func themesLayerCleanly(themes: [String]) throws {
        let theme = try ResolvedTheme.resolve([.defaultTokens] + (try themes.map(repositoryFile)))
        #expect(theme.diagnostics.isEmpty)
        #expect(theme.paths == (try defaults()).paths)
    }

    @Test("the dark theme changes the focused border to the lighter brand blue, through the same semantic token")
    func darkFocusedBorder() throws {
        let theme = try ResolvedTheme.resolve([.defaultTokens, try repositoryFile("Themes/dark.json")])
        #expect(theme.color("theme.color.text-input.focused.border")?.hex == "#6b9dff")
        #expect(
            theme["theme.color.input.focused.border"]?.aliasChain == ["theme.color.border.brand", "palette.blue.400"])
    }

    @Test("a one-token theme overriding theme.color.border.brand moves the focused borders and nothing else")
    func overrideBrandBorder() throws {
        let base = try defaults()
        let theme = try ResolvedTheme.resolve([
            .defaultTokens,
            source(##"{"theme": {"color": {"border": {"brand": {"$value": "#ff00ff"}}}}}"##, name: "brand.json"),
        ])
        #expect(theme.diagnostics.isEmpty)
        #expect(theme.color("theme.color.input.focused.border")?.hex == "#ff00ff")
        #expect(theme.color("theme.color.text-input.focused.border")?.hex == "#ff00ff")
        #expect(theme.color("theme.color.text-input.editing.border")?.hex == "#ff00ff")
        #expect(theme.color("theme.color.input.default.border") == base.color("theme.color.input.default.border"))
        #expect(theme.color("theme.color.input.default.border")?.hex == "#6f7174")
        // Exactly the tokens that follow the brand border change.
        let changed = Set(base.paths.filter { theme.value($0) != base.value($0) })
        #expect(
            changed
                == Set(
                    [
                        "theme.color.border.brand", "design.colors.primary.default", "theme.border.input.focused",
                        "theme.color.input.focused.border", "theme.color.input.editing.border",
                        "theme.color.button.secondary.default.border", "theme.color.button.secondary.pressed.border",
                    ]
                        + ["text-input", "picker"].flatMap { component in
                            ["focused", "editing"].map { "theme.color.\(component).\($0).border" }
                        }))
    }

    // MARK: Contrast

    /// WCAG 2 contrast ratio of two opaque sRGB colours.
    private static func contrast(_ a: TokenValue.Color, _ b: TokenValue.Color) throws -> Double {
        func luminance(_ color: TokenValue.Color) throws -> Double {
            let rgb = color.srgb
            func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(rgb.red) + 0.7152 * linear(rgb.green) + 0.0722 * linear(rgb.blue)
        }
        let (x, y) = (try luminance(a), try luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test(
        "text and borders keep the contrast their descriptions promise",
        arguments: [
            ([], 4.5, 3.0), (["Themes/dark.json"], 4.5, 3.0), (["Themes/high-contrast.json"], 7.0, 4.5),
        ] as [([String], Double, Double)])
    func contrast(themes: [String], text minimumText: Double, border minimumBorder: Double) throws {
        let theme = try ResolvedTheme.resolve([.defaultTokens] + (try themes.map(repositoryFile)))
        func color(_ path: String) throws -> TokenValue.Color { try #require(theme.color(path), "\(path)") }
        for surface in ["surface-1", "surface-2"] {
            let background = try color("theme.color.background.\(surface)")
            for role in ["default", "subtle", "placeholder", "danger", "link"] {
                let ratio = try Self.contrast(try color("theme.color.foreground.\(role)"), background)
                #expect(ratio >= minimumText, "foreground.\(role) on \(surface): \(ratio)")
            }
        }
        let surface = try color("theme.color.background.surface-1")
        for role in ["default", "subtle", "brand", "danger"] {
            let ratio = try Self.contrast(try color("theme.color.border.\(role)"), surface)
            #expect(ratio >= minimumBorder, "border.\(role): \(ratio)")
        }
        let onBrand = try Self.contrast(
            try color("theme.color.foreground.on-brand"), try color("theme.color.background.brand"))
        #expect(onBrand >= 4.5, "on-brand: \(onBrand)")
    }
}

/// A failed lookup inside a test helper.
private struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
