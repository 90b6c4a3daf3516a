import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Theming

@Suite("Typed styles of the bundled components: checked against the schema, so they cannot drift")
struct TypedStyleTests {
    /// Each bundled component with the typed style that reads it.
    static let typed: [(component: String, read: @Sendable (inout StyleFields) -> Void)] = [
        ("TextInput", { _ = TextInputStyle(reading: &$0) }), ("TextField", { _ = TextInputStyle(reading: &$0) }),
        ("TextView", { _ = TextInputStyle(reading: &$0) }), ("AddressForm", { _ = AddressFormStyle(reading: &$0) }),
        ("PostalAddressRow", { _ = PostalAddressRowStyle(reading: &$0) }),
        ("Toggle", { _ = ToggleStyle(reading: &$0) }),
        ("Button", { _ = ButtonStyle(reading: &$0) }), ("Picker", { _ = PickerStyle(reading: &$0) }),
        ("DatePicker", { _ = PickerStyle(reading: &$0) }),
        ("SegmentedControl", { _ = SegmentedControlStyle(reading: &$0) }),
        ("SectionHeader", { _ = SectionTextStyle(reading: &$0) }),
        ("SectionFooter", { _ = SectionTextStyle(reading: &$0) }),
    ]

    @Test("every bundled component has a typed style")
    func everyComponent() {
        #expect(Self.typed.map(\.component) == ComponentSchema.bundled.names)
    }

    @Test(
        "each typed style reads every property of every section, of the kind the schema gives, and nothing else",
        arguments: typed.map(\.component))
    func readsTheSchema(component: String) throws {
        let theme = try Theme.load()
        let style = try theme.style(of: component)
        var fields = StyleFields(style, recordingReads: true)
        try #require(Self.typed.first { $0.component == component }).read(&fields)
        #expect(fields.problems.isEmpty, "\(fields.problems)")
        let definition = try #require(ComponentSchema.bundled[component])
        let declared = definition.sections.flatMap { section in
            definition.parts[section.part].properties.map {
                "\(section.path.joined(separator: ".")) \($0.name) \($0.kind.rawValue)"
            }
        }
        let read = fields.reads.map { "\($0.path.joined(separator: ".")) \($0.name) \($0.kind.rawValue)" }
        #expect(Set(read) == Set(declared))
        #expect(read.count == declared.count, "a property is read twice")
    }

    @Test("the state enums name the schema's states, in its order")
    func stateNames() throws {
        let schema = ComponentSchema.bundled
        #expect(schema["TextInput"]?.parts[0].states.map(\.name) == FieldState.allCases.map(\.rawValue))
        #expect(schema["Toggle"]?.parts[0].states.map(\.name) == ToggleState.allCases.map(\.rawValue))
        #expect(schema["Button"]?.parts[0].states.map(\.name) == ButtonState.allCases.map(\.rawValue))
        #expect(schema["SegmentedControl"]?.parts[0].states.map(\.name) == SegmentState.allCases.map(\.rawValue))
        #expect(
            schema["PostalAddressRow"]?.parts.compactMap(\.name).filter {
                PostalAddressRowStyle.Field(rawValue: $0) != nil
            }
                == PostalAddressRowStyle.Field.allCases.map(\.rawValue))
    }

    @Test(
        "a schema whose TextInput lacks what the typed style reads: the generic style works, the typed one is the error"
    )
    func replacedComponent() throws {
        let schema = try ComponentSchema(repositoryFile("Tests/ThemingTests/Fixtures/schema/team-components.json"))
        let theme = Theme(try ResolvedTheme.resolve([.defaultTokens]), components: schema)
        #expect(try theme.style(of: "TextInput").sections.count == 6)
        let problems = diagnostics { () throws(DiagnosticError) in _ = try theme.textInput }
        #expect(
            problems.first?.message
                == "the typed style reads TextInput.normal.placeholder, a colour, which TextInput does not declare in this schema"
        )
        #expect(problems.count == 6 * 16)
    }

    @Test("a schema whose field order may name a field the typed style does not draw: the typed style is the error")
    func unknownOrderName() throws {
        let schema = try ComponentSchema(
            TokenSource(
                name: "team.json",
                bytes: Array(
                    #"{"components": {"PostalAddressRow": {"extends": "PostalAddressRow", "properties": {"fieldOrder": {"kind": "order", "of": ["street", "state", "postalCode", "city", "country", "district"], "token": "theme.layout.{component}.field-order"}}}}}"#
                        .utf8)))
        let theme = Theme(try ResolvedTheme.resolve([.defaultTokens]), components: schema)
        #expect(theme.completeStyle(of: "PostalAddressRow") != nil)
        let problems = diagnostics { () throws(DiagnosticError) in _ = try theme.postalAddressRow }
        #expect(
            problems.map(\.message).contains(
                #"PostalAddressRow.fieldOrder may list "district", which the typed style does not draw; it draws street, state, postalCode, city, country"#
            ))
    }
}
