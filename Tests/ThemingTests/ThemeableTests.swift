import DesignTokens
import Testing
@testable import Theming
import ThemeEngineTestSupport

/// An app's own colour requirements, as Astro Forms apps declare them.
private enum AppColor: String, ThemeColorRequirement, CaseIterable {
    case primaryTint = "theme.color.border.brand"
    case formText = "theme.color.foreground.default"
    var tokenPath: String { rawValue }
}

private enum AppImage: String, ThemeImageRequirement, CaseIterable {
    case formBackground = "theme.image.form.background"
    var tokenPath: String { rawValue }
}

/// A renderer's row: themeable with the app's requirement types.
private struct Row: Themeable {
    typealias ColorRequirement = AppColor
    typealias ImageRequirement = AppImage
    var theme: Theme?
    func updateTheme() {}
}

/// A view using ThemeEngine's own names (the default requirement types).
private struct Label: Themeable {
    var theme: Theme?
    func updateTheme() {}
}

@MainActor
@Suite("Themeable traits and names")
struct ThemeableTests {
    @Test("color(_:) and image(_:) return what the tokens say, for the app's own requirement types")
    func appRequirements() throws {
        let light = try bundledTheme()
        let dark = try bundledTheme(["Themes/dark.json"])
        #expect(Row(theme: light).color(.primaryTint)?.hex == "#0055ff")
        #expect(Row(theme: dark).color(.primaryTint)?.hex == "#6b9dff")
        #expect(Row(theme: dark).color(.formText)?.hex == "#f6f8fc")
        #expect(Row(theme: light).image(.formBackground)?.asset == "formBackground")
        #expect(Row(theme: dark).image(.formBackground)?.asset == "formBackgroundDark")
        #expect(Row(theme: nil).color(.primaryTint) == nil)
        try light.validate(colors: AppColor.allCases, images: AppImage.allCases)
    }

    @Test("ThemeEngine's names: .design.colors…, .colors… and image tokens, with a leading dot")
    func builtInNames() throws {
        let label = Label(theme: try bundledTheme())
        #expect(label.color(.design.colors.primary.default)?.hex == "#0055ff")
        #expect(label.color(.colors.foreground.danger)?.hex == "#cd0015")
        #expect(label.color(Theme.colors.surfacePrimary.default)?.hex == "#ffffff")
        #expect(label.image(.expandMore)?.asset == "icExpandMore")
        #expect(label.theme?.points(.design.spacer.xs) == 4)
    }

    /// Every `ColorToken` and `DimensionToken` reachable from a names value, found by reflection so no list is
    /// kept by hand.
    private static func tokens(in value: Any) -> [String] {
        if let token = value as? ColorToken { return [token.tokenPath] }
        if let token = value as? DimensionToken { return [token.tokenPath] }
        return Mirror(reflecting: value).children.flatMap { tokens(in: $0.value) }
    }

    @Test("every global property and semantic name resolves to the value of the token behind it")
    func namesResolve() throws {
        let theme = try bundledTheme()
        let paths = Self.tokens(in: Theme.design) + Self.tokens(in: Theme.colors)
        #expect(paths.count == 12 + 5)  // design: 7 colours, 2 sizers, 3 spacers; semantic: 5 colours
        try theme.validate(
            colors: paths.filter { !$0.contains("sizer") && !$0.contains("spacer") }.map(ColorToken.init),
            dimensions: paths.filter { $0.contains("sizer") || $0.contains("spacer") }.map(DimensionToken.init))
        // The seed's table, pinned to the semantic tokens behind each name.
        func semantic(_ path: String) -> ThemeColor? { theme.color(ColorToken(path)) }
        #expect(theme.color(Theme.design.colors.surfacePrimary.default) == semantic("theme.color.background.surface-1"))
        #expect(theme.color(Theme.design.colors.surfacePrimary.onSurfacePrimary.default) == semantic("theme.color.foreground.default"))
        #expect(theme.color(Theme.design.colors.inputBorder) == semantic("theme.color.border.default"))
        #expect(theme.color(Theme.design.colors.primary.default) == semantic("theme.color.border.brand"))
        #expect(theme.color(Theme.design.colors.danger.default) == semantic("theme.color.border.danger"))
        #expect(theme.color(Theme.design.colors.surfaceDisabled.default) == semantic("theme.color.background.disabled"))
        #expect(theme.color(Theme.design.colors.surfaceDisabled.onSurfaceDisabled.disabled) == semantic("theme.color.foreground.disabled"))
        #expect(theme.points(Theme.design.sizer.sm) == 8)
        #expect(theme.points(Theme.design.sizer.md) == 16)
        #expect(theme.points(Theme.design.spacer.xs) == 4)
        #expect(theme.points(Theme.design.spacer.md) == 16)
        // And each property is what the TextInput shows.
        let input = theme.textInput
        #expect(theme.color(Theme.design.colors.surfacePrimary.default) == input[.normal].background)
        #expect(theme.color(Theme.design.colors.surfacePrimary.onSurfacePrimary.default) == input[.normal].foreground)
        #expect(theme.color(Theme.design.colors.inputBorder) == input[.normal].border)
        #expect(theme.color(Theme.design.colors.primary.default) == input[.focused].border)
        #expect(theme.color(Theme.design.colors.danger.default) == input[.error].border)
        #expect(theme.color(Theme.design.colors.surfaceDisabled.default) == input[.disabled].background)
        #expect(theme.color(Theme.design.colors.surfaceDisabled.onSurfaceDisabled.disabled) == input[.disabled].border)
        #expect(theme.points(Theme.design.sizer.sm) == input[.normal].paddingY)
        #expect(theme.points(Theme.design.sizer.md) == input[.normal].paddingX)
        #expect(theme.points(Theme.design.spacer.xs) == input[.normal].errorSpacing)
        #expect(theme.color(Theme.colors.foreground.default) == input[.normal].foreground)
        #expect(theme.color(Theme.colors.foreground.danger) == input[.error].errorLabel)
        #expect(theme.color(Theme.colors.inputBorder) == input[.normal].border)
        #expect(theme.color(Theme.colors.primary.default) == input[.focused].border)
    }

    @Test("validate names each requirement that does not hold, with the nearest token")
    func validation() throws {
        let theme = try bundledTheme()
        let problems = diagnostics { () throws(DiagnosticError) in
            try theme.validate(colors: [ColorToken("theme.color.border.brnad"), ColorToken("theme.radius.input.default")])
        }
        #expect(problems.map(\.message) == [
            "no token 'theme.color.border.brnad'; did you mean 'theme.color.border.brand'?",
            "'theme.radius.input.default' is a dimension, expected a colour",
        ])
        #expect(problems[1].location?.file == "Tokens/defaultTokens.json")
    }

    @Test("a theme is a Sendable value read from many tasks at once")
    nonisolated func concurrentReads() async throws {
        let theme = try bundledTheme(["Themes/dark.json"])
        let borders = await withTaskGroup(of: String.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let state = TextInputStyle.State.allCases[index % 6]
                    return theme.textInput[state].border.hex + (theme.color(ColorToken.design.colors.inputBorder)?.hex ?? "")
                }
            }
            var seen: Set<String> = []
            for await border in group { seen.insert(border) }
            return seen
        }
        #expect(borders.count == 4)  // focused = editing, disabled = readOnly, normal, error; each with the input border
    }
}
