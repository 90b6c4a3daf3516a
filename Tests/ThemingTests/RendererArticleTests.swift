import DesignTokens
import Testing
import Theming
import ThemeEngineTestSupport

// The examples of the DocC article "Theming a form renderer", copied here and run, so the article stays true;
// change both together.

private struct TextFieldAppearance: Equatable {
    var background = ""
    var border = ""
    var borderWidth = 0.0
}

private func appearance(of theme: Theme, isFocused: Bool, hasError: Bool, isEnabled: Bool) -> TextFieldAppearance {
    let state: TextInputStyle.State =
        !isEnabled ? .disabled : hasError ? .error : isFocused ? .focused : .normal
    let style = theme.textInput[state]
    return TextFieldAppearance(background: style.background.hex, border: style.border.hex, borderWidth: style.borderWidth)
}

private enum BrandColor: String, ThemeColorRequirement, CaseIterable {
    case accent = "theme.color.border.brand"
    var tokenPath: String { rawValue }
}

@MainActor
private final class HeaderRow: Themeable {
    typealias ColorRequirement = BrandColor
    var theme: Theme?
    var tint = ""
    func updateTheme() { tint = color(.accent)?.hex ?? "" }
}

@MainActor
private final class Row: Themeable {
    let scope = ThemeScope()
    var theme: Theme? { scope.effectiveTheme }
    var border = ""
    var updates = 0
    init() { scope.onThemeChange = { [unowned self] _ in updates += 1; updateTheme() } }
    func updateTheme() { border = color(.design.colors.inputBorder)?.hex ?? "" }
}

@MainActor
@Suite("The 'Theming a form renderer' article")
struct RendererArticleTests {
    @Test("its examples do what the article says")
    func article() throws {
        let light = try Theme.load()
        let dark = try Theme.load(themes: [try repositoryFile("Themes/dark.json")])

        #expect(appearance(of: light, isFocused: true, hasError: false, isEnabled: true)
            == TextFieldAppearance(background: "#ffffff", border: "#0055ff", borderWidth: 2))
        #expect(appearance(of: dark, isFocused: true, hasError: true, isEnabled: false).background == "#2d2e31")

        let header = HeaderRow()
        header.theme = dark
        header.updateTheme()
        #expect(header.tint == "#6b9dff")
        try light.validate(colors: BrandColor.allCases)

        let form = ThemeScope()
        let rows = (0..<3).map { _ in Row() }
        for row in rows { form.addChild(row.scope) }
        form.theme = light
        #expect(rows.map(\.border) == ["#6f7174", "#6f7174", "#6f7174"])
        rows[2].scope.theme = dark
        #expect(rows.map(\.border) == ["#6f7174", "#6f7174", "#8f9194"])
        let updatesBefore = rows.map(\.updates)
        form.theme = dark
        #expect(rows.map(\.border) == ["#8f9194", "#8f9194", "#8f9194"])
        #expect(zip(rows.map(\.updates), updatesBefore).map { $0 - $1 } == [1, 1, 0])

        #expect(dark.image(.formBackground)?.asset == "formBackgroundDark")
        #expect(light.addressForm.expandMoreIcon == ThemeImage(asset: "icExpandMore", renderingMode: .template))
    }
}
