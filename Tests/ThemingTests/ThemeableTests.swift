import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Theming

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

private enum AppFont: String, ThemeTypographyRequirement, CaseIterable {
    case body = "theme.typography.input.text"
    var tokenPath: String { rawValue }
}

private enum AppLength: String, ThemeDimensionRequirement, CaseIterable {
    case gap = "theme.spacing.form.field-gap"
    var tokenPath: String { rawValue }
}

/// Something that reads a theme through the traits, with the app's requirement types.
private struct Row: ThemeableColorTraits, ThemeableImageTraits, ThemeableDimensionTraits, ThemeableTypographyTraits {
    typealias ColorRequirement = AppColor
    typealias ImageRequirement = AppImage
    typealias DimensionRequirement = AppLength
    typealias TypographyRequirement = AppFont
    var theme: Theme?
}

/// Something that reads ThemeEngine's own names (the default requirement types).
private struct Label: ThemeableColorTraits, ThemeableImageTraits, ThemeableDimensionTraits, ThemeableTypographyTraits {
    var theme: Theme?
}

@MainActor
@Suite("Themeable traits and names")
struct ThemeableTests {
    @Test(
        "color(_:), image(_:), points(_:) and font(_:) return what the tokens say, for the app's own requirement types")
    func appRequirements() throws {
        let light = try bundledTheme()
        let dark = try bundledTheme(["Themes/dark.json"])
        try light.validate(ThemeRequirements(AppColor.self, AppImage.self, AppLength.self, AppFont.self))
        #expect(Row(theme: light).color(.primaryTint).hex == "#0055ff")
        #expect(Row(theme: dark).color(.primaryTint).hex == "#6b9dff")
        #expect(Row(theme: dark).color(.formText).hex == "#f6f8fc")
        #expect(Row(theme: light).image(.formBackground).asset == "formBackground")
        #expect(Row(theme: dark).image(.formBackground).asset == "formBackgroundDark")
        #expect(Row(theme: light).points(.gap) == 16)
        #expect(
            Row(theme: light).font(.body)
                == ThemeTypography(
                    fontFamily: ["SF Pro Text", "-apple-system", "Helvetica Neue", "Arial", "sans-serif"], fontSize: 16,
                    fontWeight: 400,
                    lineHeight: 1.5, letterSpacing: 0))
    }

    @Test("requirement sets: every case of each type, by kind, each path once; merging keeps both")
    func requirementSets() {
        let requirements = ThemeRequirements(AppColor.self, AppImage.self, AppFont.self)
        #expect(requirements.colors == ["theme.color.border.brand", "theme.color.foreground.default"])
        #expect(requirements.images == ["theme.image.form.background"])
        #expect(requirements.typography == ["theme.typography.input.text"])
        #expect(requirements.dimensions.isEmpty)
        let merged = requirements.merging(
            ThemeRequirements(colors: [AppColor.primaryTint], dimensions: [AppLength.gap]))
        #expect(merged.colors == requirements.colors)
        #expect(merged.dimensions == ["theme.spacing.form.field-gap"])
        #expect(ThemeRequirements().isEmpty)
    }

    @Test("ThemeEngine's names: .design.colors…, .colors… and image tokens, with a leading dot")
    func builtInNames() throws {
        let label = Label(theme: try bundledTheme())
        #expect(label.color(.design.colors.primary.default).hex == "#0055ff")
        #expect(label.color(.colors.foreground.danger).hex == "#cd0015")
        #expect(label.color(Theme.colors.surfacePrimary.default).hex == "#ffffff")
        #expect(label.image(.expandMore).asset == "icExpandMore")
        #expect(label.points(.design.spacer.xs) == 4)
        #expect(label.font(.inputLabel).fontSize == 14)
        // ThemeEngine's names are the cases of its requirement types, so a scope can check a theme for them all.
        try label.theme?.validate(
            ThemeRequirements(ColorToken.self, ImageToken.self, DimensionToken.self, TypographyToken.self))
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
        // The requirement types' cases are those names, each once.
        #expect(
            ColorToken.allCases.map(\.tokenPath)
                == paths.filter { !$0.contains("sizer") && !$0.contains("spacer") }.reduce(into: []) {
                    if !$0.contains($1) { $0.append($1) }
                })
        #expect(
            DimensionToken.allCases.map(\.tokenPath) == paths.filter { $0.contains("sizer") || $0.contains("spacer") })
        try theme.validate(
            colors: paths.filter { !$0.contains("sizer") && !$0.contains("spacer") }.map(ColorToken.init),
            dimensions: paths.filter { $0.contains("sizer") || $0.contains("spacer") }.map(DimensionToken.init))
        // The seed's table, pinned to the semantic tokens behind each name.
        func semantic(_ path: String) -> ThemeColor { theme.color(ColorToken(path)) }
        #expect(theme.color(Theme.design.colors.surfacePrimary.default) == semantic("theme.color.background.surface-1"))
        #expect(
            theme.color(Theme.design.colors.surfacePrimary.onSurfacePrimary.default)
                == semantic("theme.color.foreground.default"))
        #expect(theme.color(Theme.design.colors.inputBorder) == semantic("theme.color.border.default"))
        #expect(theme.color(Theme.design.colors.primary.default) == semantic("theme.color.border.brand"))
        #expect(theme.color(Theme.design.colors.danger.default) == semantic("theme.color.border.danger"))
        #expect(theme.color(Theme.design.colors.surfaceDisabled.default) == semantic("theme.color.background.disabled"))
        #expect(
            theme.color(Theme.design.colors.surfaceDisabled.onSurfaceDisabled.disabled)
                == semantic("theme.color.foreground.disabled"))
        #expect(theme.points(Theme.design.sizer.sm) == 8)
        #expect(theme.points(Theme.design.sizer.md) == 16)
        #expect(theme.points(Theme.design.spacer.xs) == 4)
        #expect(theme.points(Theme.design.spacer.md) == 16)
        // And each property is what the TextInput shows.
        let input = try theme.textInput
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
        #expect(theme.color(Theme.colors.foreground.danger) == input[.normal].errorLabel)
        #expect(theme.color(Theme.design.colors.danger.default) == input[.error].errorLabel)
        #expect(theme.color(Theme.colors.inputBorder) == input[.normal].border)
        #expect(theme.color(Theme.colors.primary.default) == input[.focused].border)
    }

    @Test("validate names each requirement that does not hold, with the nearest token")
    func validation() throws {
        let theme = try bundledTheme()
        let problems = diagnostics { () throws(DiagnosticError) in
            try theme.validate(colors: [
                ColorToken("theme.color.border.brnad"), ColorToken("theme.radius.input.default"),
            ])
        }
        #expect(
            problems.map(\.message) == [
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
                    return ((try? theme.textInput[state].border.hex) ?? "")
                        + theme.color(ColorToken.design.colors.inputBorder).hex
                }
            }
            var seen: Set<String> = []
            for await border in group { seen.insert(border) }
            return seen
        }
        // focused = editing, disabled = readOnly, normal, error; each with the input border
        #expect(borders.count == 4)
    }
}
