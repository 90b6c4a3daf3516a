import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Theming

@Suite("AddressForm style")
struct AddressFormStyleTests {
    @Test(
        "fields in TextInput's six states take theme.color.input.*: the documented defaults are references to semantic colours"
    )
    func fieldStates() throws {
        let theme = try bundledTheme()
        let style = try theme.addressForm
        #expect(style.textInput[.normal].background.hex == "#ffffff")
        #expect(style.textInput[.normal].border.hex == "#6f7174")
        #expect(style.textInput[.focused].border.hex == "#0055ff")
        #expect(style.textInput[.error].border.hex == "#cd0015")
        #expect(style.textInput[.focused].borderWidth == 2)
        #expect(style.textInput[.editing] == style.textInput[.focused])
        #expect(style.textInput[.disabled].background.hex == "#eceef1")
        #expect(style.textInput[.disabled].foreground.hex == "#8f9194")
        #expect(style.textInput[.readOnly].background.hex == "#f6f8fc")
        #expect(style.textInput[.readOnly].border.hex == "#8f9194")
        // The documented defaults, as references.
        #expect(
            theme.tokens["theme.color.input.default.background"]?.aliasChain.first == "theme.color.background.surface-1"
        )
        #expect(theme.tokens["theme.color.input.default.border"]?.aliasChain.first == "theme.color.border.default")
        #expect(theme.tokens["theme.color.input.focused.border"]?.aliasChain.first == "theme.color.border.brand")
        #expect(theme.tokens["theme.color.input.error.border"]?.aliasChain.first == "theme.color.border.danger")
    }

    @Test(
        "named styles under the defaults and the dark theme",
        arguments: [
            (nil, ["#f6f8fc", "#6f7174", "#57595c", "#ffffff", "#ffffff", "#f6f8fc", "#0055ff"]),
            ("Themes/dark.json", ["#1a1b1d", "#8f9194", "#b4b6b9", "#0d0e11", "#0d0e11", "#1a1b1d", "#99bcff"]),
        ] as [(String?, [String])])
    func namedStyles(theme: String?, expected: [String]) throws {
        let style = try bundledTheme(theme.map { [$0] } ?? []).addressForm
        let actual = [
            style.searchInput.background, style.searchInput.placeholder, style.searchInput.icon,
            style.searchBar.background, style.tableView.background, style.tableViewCell.selectedBackground,
            style.tableViewLinkCell.title,
        ]
        #expect(actual.map(\.hex) == expected)
        #expect(style.searchBar.fieldBackground == style.searchInput.background)
        #expect(style.tableViewCell.minHeight == 44)
    }

    @Test("spacer.md between fields, icExpandMore for the state drop-down, and a background a theme swaps")
    func layoutAndImages() throws {
        let light = try bundledTheme().addressForm
        let dark = try bundledTheme(["Themes/dark.json"]).addressForm
        #expect(light.fieldSpacing == 16)
        #expect(light.expandMoreIcon.asset == "icExpandMore")
        #expect(light.expandMoreIcon.renderingMode == .template)
        #expect(light.tableViewLinkCell.accessoryIcon.asset == "chevron.right")
        #expect(light.backgroundImage.asset == "formBackground")
        #expect(dark.backgroundImage.asset == "formBackgroundDark")
        #expect(dark.expandMoreIcon == light.expandMoreIcon)
    }

    @Test("sections are named by the design system's style names")
    func sectionNames() throws {
        let paths = try bundledTheme().addressForm.sections.map { $0.path.joined(separator: ".") }
        let states = FieldState.allCases.map(\.rawValue)
        #expect(
            paths == states.map { "textInput.\($0)" } + states.map { "dropdown.\($0)" } + [
                "inlineError", "searchInput", "searchBar", "tableView", "tableViewCell", "tableViewLinkCell", "form",
            ])
    }

    @Test(
        "the state/country drop-down follows the field's colours per state, muted when disabled; the inline error is the danger colour"
    )
    func dropdownAndInlineError() throws {
        let light = try bundledTheme().addressForm
        for state in FieldState.allCases {
            #expect(light.dropdown[state].value == light.textInput[state].foreground, "\(state)")
            #expect(light.dropdown[state].chevronIcon == light.expandMoreIcon)
        }
        #expect(light.dropdown[.normal].placeholder.hex == "#6f7174")
        #expect(light.dropdown[.disabled].placeholder.hex == "#8f9194")
        #expect(light.dropdown[.disabled].chevron.hex == "#8f9194")
        #expect(light.inlineError.foreground.hex == "#cd0015")
        #expect(light.inlineError.icon.asset == "exclamationmark.circle")
        #expect(light.inlineError.spacing == 4)
        #expect(light.inlineError.typography.fontSize == 12)
        let dark = try bundledTheme(["Themes/dark.json"]).addressForm
        #expect(dark.inlineError.foreground.hex == "#ff9e93")
    }
}
