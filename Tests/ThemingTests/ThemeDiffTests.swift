import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Theming

@Suite("Theme diff: component impact")
struct ThemeDiffTests {
    /// What a brand border edit moves, in schema order: the focused and editing borders of every component drawn as a
    /// field, and the secondary button's border.
    static let brandBorderChanges = [
        "TextInput.focused.border", "TextInput.editing.border", "TextField.focused.border", "TextField.editing.border",
        "TextView.focused.border", "TextView.editing.border", "AddressForm.textInput.focused.border",
        "AddressForm.textInput.editing.border",
        "Button.secondary.normal.border", "Button.secondary.pressed.border", "Picker.focused.border",
        "Picker.editing.border",
        "DatePicker.focused.border", "DatePicker.editing.border",
    ]

    @Test("a brand border edit moves exactly the borders drawn in it, each via theme.color.border.brand")
    func brandBorder() throws {
        let base = try bundledTheme()
        let branded = try Theme.load(themes: [
            source(##"{"theme": {"color": {"border": {"brand": {"$value": "#7c3aed"}}}}}"##)
        ])
        let result = try #require(diff(base, branded))
        let changes = result.components.map { "\($0.component).\($0.section.joined(separator: ".")).\($0.property)" }
        #expect(changes == Self.brandBorderChanges)
        #expect(result.components.allSatisfy { $0.via == ["theme.color.border.brand"] })
        #expect(result.components.first?.before.description == "#0055ff")
        #expect(result.components.first?.after.description == "#7c3aed")
        #expect(result.components.first?.token == "theme.color.text-input.focused.border")
    }

    @Test("a component token edited itself is its own cause")
    func directComponentToken() throws {
        let base = try bundledTheme()
        let edited = try Theme.load(themes: [
            source(##"{"theme": {"color": {"text-input": {"read-only": {"background": {"$value": "#fafafa"}}}}}}"##)
        ])
        let result = try #require(diff(base, edited))
        // TextInput's own token, and the components drawn as it is through it.
        #expect(result.components.map(\.component) == ["TextInput", "TextField", "TextView", "Picker", "DatePicker"])
        #expect(result.components.allSatisfy { $0.via == ["theme.color.text-input.read-only.background"] })
    }

    @Test("the same theme twice: nil")
    func same() throws {
        #expect(diff(try bundledTheme(["Themes/dark.json"]), try bundledTheme(["Themes/dark.json"])) == nil)
    }
}
