import DesignTokens
import Testing
@testable import Theming
import ThemeEngineTestSupport

@Suite("Theme diff: component impact")
struct ThemeDiffTests {
    @Test("a brand border edit moves exactly the focused borders, each via theme.color.border.brand")
    func brandBorder() throws {
        let base = try bundledTheme()
        let branded = try Theme.load(themes: [source(##"{"theme": {"color": {"border": {"brand": {"$value": "#7c3aed"}}}}}"##)])
        let result = try #require(diff(base, branded))
        let changes = result.components.map { "\($0.component.rawValue).\($0.section.joined(separator: ".")).\($0.property)" }
        #expect(changes == ["TextInput.focused.border", "TextInput.editing.border", "AddressForm.textInput.focused.border"])
        #expect(result.components.allSatisfy { $0.via == ["theme.color.border.brand"] })
        #expect(result.components.first?.before.description == "#0055ff")
        #expect(result.components.first?.after.description == "#7c3aed")
        #expect(result.components.first?.token == "theme.color.text-input.focused.border")
    }

    @Test("a component token edited itself is its own cause")
    func directComponentToken() throws {
        let base = try bundledTheme()
        let edited = try Theme.load(themes: [source(##"{"theme": {"color": {"text-input": {"read-only": {"background": {"$value": "#fafafa"}}}}}}"##)])
        let result = try #require(diff(base, edited))
        #expect(result.components.map(\.via) == [["theme.color.text-input.read-only.background"]])
    }

    @Test("the same theme twice: nil")
    func same() throws {
        #expect(diff(try bundledTheme(["Themes/dark.json"]), try bundledTheme(["Themes/dark.json"])) == nil)
    }
}
