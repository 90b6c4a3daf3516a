import DesignTokens
import Foundation
import Testing
import ThemeEngineTestSupport
import Theming

@testable import ThemePreview

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("theme preview")
struct PreviewTests {
    @Test("Every component of the schema is drawn in every state, for each theme")
    func everything() throws {
        let light = try Theme.load()
        let dark = try Theme.load(themes: [.dark])
        let svg = ThemePreview([.init(name: "default", theme: light), .init(name: "dark", theme: dark)]).svg()
        for definition in light.components.components {
            #expect(
                svg.components(separatedBy: ">\(definition.name)</text>").count >= 3,
                "\(definition.name) is not drawn for each theme")
            for section in definition.sections where !section.path.isEmpty && definition.name != "PostalAddressRow" {
                let label = section.path.joined(separator: " · ")
                #expect(svg.contains(">\(label)</text>"), "\(definition.name) \(label) is not drawn")
            }
        }
        // The postal row's fields and its separators' colours.
        #expect(svg.contains(">Street</text>") && svg.contains(">PostalCode</text>"))
        // Icons without a file are their asset names in dashed boxes.
        #expect(svg.contains("stroke-dasharray") && svg.contains(">exclamat</text>"))
        // Swatches name their tokens and contrast.
        #expect(svg.contains(">theme.color.foreground.danger</text>"))
        #expect(svg.contains(":1 on the surface</text>"))
    }

    @Test("The SVG and the HTML page are well-formed XML")
    func wellFormed() throws {
        let preview = ThemePreview([.init(name: "<dark & \"night\">", theme: try Theme.load(themes: [.dark]))])
        let parser = XMLParser(data: Data(preview.svg().utf8))
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
        #expect(preview.html().hasPrefix("<!DOCTYPE html>"))
    }

    @Test("A component the tokens do not style says how many tokens it lacks")
    func unstyled() throws {
        let tokens = try ResolvedTheme.resolve([source(##"{"color": {"$type": "color", "a": {"$value": "#ffffff"}}}"##)]
        )
        let svg = ThemePreview([.init(name: "bare", theme: Theme(tokens))]).svg()
        #expect(
            svg.contains(">Not styled by these tokens</text>") && svg.contains("TextInput (")
                && svg.contains(" tokens missing)</text>"))
    }

    @Test("Changed properties are marked: the section outlined, the property listed")
    func changes() throws {
        let preview = ThemePreview(
            [.init(name: "after", theme: try Theme.load(themes: [.dark]), changes: ["TextInput.focused": ["border"]])],
            components: ["TextInput"])
        let svg = preview.svg()
        #expect(svg.contains(">changed: border</text>"))
    }
}
