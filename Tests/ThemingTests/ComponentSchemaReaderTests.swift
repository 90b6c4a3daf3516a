import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Theming

@Suite("Component schemas: reading, extends, templates, and every mistake located")
struct ComponentSchemaReaderTests {
    static let folder = "Tests/ThemingTests/Fixtures/schema/"

    static func schema(_ json: String, name: String = "components.json", over base: ComponentSchema = .bundled)
        throws(DiagnosticError) -> ComponentSchema
    {
        try ComponentSchema(TokenSource(name: name, bytes: Array(json.utf8)), over: base)
    }

    @Test("the bundled schema: its components in order, each section with its tokens filled in")
    func bundled() throws {
        let schema = ComponentSchema.bundled
        #expect(
            schema.names == [
                "TextInput", "TextField", "TextView", "AddressForm", "PostalAddressRow", "Toggle", "Button", "Picker",
                "DatePicker",
                "SegmentedControl", "SectionHeader", "SectionFooter",
            ])
        #expect(schema.surface == "theme.color.background.surface-1")
        let textInput = try #require(schema["TextInput"])
        #expect(textInput.sections.map(\.path) == FieldState.allCases.map { [$0.rawValue] })
        let focused = try #require(textInput.section(["focused"]))
        #expect(focused.tokens.first == "theme.color.text-input.focused.background")
        #expect(textInput.section(["readOnly"])?.tokens.first == "theme.color.text-input.read-only.background")
        #expect(textInput.location == SourceLocation(file: "Tokens/components.json", line: 29, column: 5))
        // Extending: TextField takes TextInput's definition, and its token name, so it reads TextInput's tokens;
        // TextView replaces one property.
        let textField = try #require(schema["TextField"])
        #expect(textField.parts == textInput.parts)
        #expect(textField.section(["focused"])?.tokens == textInput.section(["focused"])?.tokens)
        #expect(schema["TextView"]?.section(["normal"])?.tokens[9] == "theme.height.text-view.minimum")
        #expect(schema["DatePicker"]?.section(["normal"])?.tokens[6] == "theme.image.date-picker.chevron")
        // Parts, each in its own states: AddressForm's fields in six, its search box in one.
        let addressForm = try #require(schema["AddressForm"])
        #expect(addressForm.sections.count == 6 + 6 + 7)
        #expect(
            addressForm.section(["dropdown", "readOnly"])?.tokens.first
                == "theme.color.address-form.dropdown.read-only.value")
        // A contrast pair on another part's property reads it in the same state; inactive states check none.
        #expect(
            addressForm.section(["dropdown", "error"])?.contrast.first?.background == .property(section: 3, index: 0))
        #expect(addressForm.section(["dropdown", "disabled"])?.contrast.isEmpty == true)
        #expect(
            schema["PostalAddressRow"]?.parts[0].properties.first?.allowedValues == [
                "street", "state", "postalCode", "city", "country",
            ])
    }

    @Test("every mistake in a schema is reported at once, each located, and the schema is refused")
    func mistakes() throws {
        let source = try repositoryFile(Self.folder + "mistakes.json")
        let found: [Diagnostic]
        do {
            _ = try ComponentSchema(source)
            Issue.record("a schema with mistakes was read")
            return
        } catch {
            found = error.diagnostics
            #expect(error.sources.map(\.name) == [source.name])
        }
        #expect(
            found.allSatisfy { $0.rule == .invalidSchema && $0.severity == .error && $0.location?.file == source.name })
        let expected: [(line: Int, column: Int, message: String)] = [
            (
                3, 46,
                #"property Fill.fill has the unknown kind "colour"; a kind is one of color, dimension, number, typography, image, shadow, border, duration, order; did you mean "color"?"#
            ),
            (
                7, 9,
                #""label" is written twice in this object; a schema names each component, part, state and property once"#
            ),
            (
                10, 84,
                #"Hover.fill reads "theme.color.hover.{hover}", which names {hover}: a template names only {component}, {part} and {state}"#
            ),
            (
                11, 64,
                #"Card.edge reads "theme.color.card.{state}", which names {state}, but Card has no states; give it "states" or write the token in full"#
            ),
            (
                15, 47,
                "Clash.outline reads theme.clash.size as color, but Clash.radius reads it as dimension; one token holds one kind of value"
            ),
            (
                20, 20,
                #"a contrast pair of Pair names "labl", which is not a property of Pair or "surface"; did you mean "label"?"#
            ),
            (24, 20, #"a contrast pair of Radius names "radius", a property of kind dimension, not a colour"#),
            (
                29, 20,
                #"a contrast pair of Pressed is checked in "pressed", which Pressed does not have; its states are on, off, disabled"#
            ),
            (32, 25, "components extend each other in a cycle: Ring → Loop → Ring"),
            (33, 24, #"component Tag extends "Bage", which the schema does not define"#),
            (
                34, 14,
                #"component List has no member "propertes"; it has "description", "token", "extends", "states", "properties", "parts", "contrast"; did you mean "properties"?"#
            ),
            (35, 40, #"property Order.fields is an order: give "of", the names it may list"#),
            (
                36, 25,
                #"component Panel names the state set "feild", which "stateSets" does not define; did you mean "field"?"#
            ),
            (37, 57, #"Trim removes "paddingLeft", which the component it extends does not have"#),
            (
                38, 66,
                #"Braces.fill reads "theme.color.{component.fill", whose braces do not pair: write {component}, {part} or {state}"#
            ),
        ]
        #expect(
            found.map { "\($0.location!.line):\($0.location!.column) \($0.message)" }
                == expected.map { "\($0.line):\($0.column) \($0.message)" })
    }

    @Test("a schema that is not JSON is one invalid-json error where the syntax breaks")
    func invalidJSON() {
        do {
            _ = try Self.schema(#"{"components": {"Badge": {"properties": }}}"#)
            Issue.record("read")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "components.json:1:41: error: [invalid-json] expected a value, found '}'"
                ])
        }
    }

    @Test("the shapes a schema must have: an object, components, names that read in a dotted path")
    func shapes() {
        func messages(_ json: String) -> [String] {
            do {
                _ = try Self.schema(json)
                return []
            } catch { return error.diagnostics.map(\.message) }
        }
        #expect(messages("[]") == ["a component schema is an object, found an array"])
        #expect(messages("{}") == [#"a component schema needs "components", an object of components by name"#])
        #expect(
            messages(#"{"components": {"2fast": {"properties": {"a": {"kind": "color", "token": "a.b"}}}}}"#)
                == [#""2fast" cannot name a component: a name is a letter, then letters, digits, - or _"#])
        #expect(
            messages(
                #"{"components": {"A": {"token": "a.b", "properties": {"a": {"kind": "color", "token": "x.{component}"}}}}}"#
            )
                == [#""a.b" cannot stand for component A in token paths: it holds a dot"#])
        #expect(
            messages(#"{"components": {"A": {"properties": {"a": {"kind": "color", "token": "x..y"}}}}}"#)
                == [#"A.a reads "x..y", which is no token path: it has an empty name"#])
        #expect(
            messages(#"{"components": {"A": {"properties": {"a": {"kind": "color"}}}}}"#)
                == [
                    #"property A.a needs "kind" (color, dimension, number, typography, image, shadow, border, duration, order) and "token", the token it reads"#
                ])
        #expect(
            messages(#"{"surface": "", "components": {}}"#) == [
                #"the surface must be a token path such as "theme.color.background.surface-1", found """#
            ])
        #expect(
            messages(
                #"{"components": {"A": {"parts": {"p": {"properties": {"a": {"kind": "color", "token": "x.{part}.y"}}}}, "properties": {"b": {"kind": "color", "token": "x.{part}"}}}}}"#
            )
                == [
                    #"A.b reads "x.{part}", which names {part}, but it is a property of the component itself, not of a part"#
                ])
    }

    @Test("a contrast pair's mistake is reported once, whichever states check it")
    func pairMistakesInAnyState() {
        func messages(_ json: String) -> [String] {
            do {
                _ = try Self.schema(json)
                return []
            } catch { return error.diagnostics.map(\.message) }
        }
        // Checked only in a state that is not the first: the typo is still found.
        #expect(
            messages(
                #"{"components": {"A": {"states": "field", "properties": {"fill": {"kind": "color", "token": "a.{state}.fill"}, "label": {"kind": "color", "token": "a.{state}.label"}}, "contrast": [{"foreground": "labl", "background": "fill", "states": ["error"]}]}}}"#
            )
                == [
                    #"a contrast pair of A names "labl", which is not a property of A or "surface"; did you mean "label"?"#
                ])
        // Checked in every state: one report, not one per state.
        #expect(
            messages(
                #"{"components": {"A": {"states": "field", "properties": {"fill": {"kind": "color", "token": "a.{state}.fill"}}, "contrast": [{"foreground": "labl", "background": "fill"}]}}}"#
            )
                == [#"a contrast pair of A names "labl", which is not a property of A or "surface""#])
        // A state the other part lacks, and a part with states seen from one without.
        #expect(
            messages(
                #"{"stateSets": {"few": {"normal": {}}}, "components": {"A": {"parts": {"p": {"states": "field", "properties": {"label": {"kind": "color", "token": "a.{state}.label"}}, "contrast": [{"foreground": "label", "background": "q.fill"}]}, "q": {"states": "few", "properties": {"fill": {"kind": "color", "token": "a.{state}.fill"}}}}}}}"#
            )
                == [
                    "a contrast pair of A.p names \"q.fill\", drawn in state \"focused\", which part q does not have; its states are normal",
                    "a contrast pair of A.p names \"q.fill\", drawn in state \"editing\", which part q does not have; its states are normal",
                    "a contrast pair of A.p names \"q.fill\", drawn in state \"error\", which part q does not have; its states are normal",
                    "a contrast pair of A.p names \"q.fill\", drawn in state \"readOnly\", which part q does not have; its states are normal",
                ])
        #expect(
            messages(
                #"{"components": {"A": {"parts": {"p": {"properties": {"label": {"kind": "color", "token": "a.label"}}, "contrast": [{"foreground": "label", "background": "q.fill"}]}, "q": {"states": "field", "properties": {"fill": {"kind": "color", "token": "a.{state}.fill"}}}}}}}"#
            )
                == [
                    #"a contrast pair of A.p names "q.fill", but part q has states (normal, focused, editing, error, disabled, readOnly) and A.p has none to match them"#
                ])
        #expect(
            messages(
                #"{"components": {"A": {"parts": {"p": {"properties": {"label": {"kind": "color", "token": "a.label"}}, "contrast": [{"foreground": "label", "background": "q.fil"}]}, "q": {"properties": {"fill": {"kind": "color", "token": "a.fill"}}}}}}}"#
            )
                == [
                    #"a contrast pair of A.p names "q.fil", which is not a property of part q or "surface"; did you mean "fill"?"#
                ])
    }

    @Test(
        "a part cannot share a name with a state or a property of its component: their paths in the style would clash")
    func partNamesClash() {
        func messages(_ json: String) -> [String] {
            do {
                _ = try Self.schema(json)
                return []
            } catch { return error.diagnostics.map(\.message) }
        }
        #expect(
            messages(
                #"{"components": {"A": {"states": "field", "properties": {"fill": {"kind": "color", "token": "a.{state}"}}, "parts": {"error": {"properties": {"fill": {"kind": "color", "token": "a.e"}}}}}}}"#
            )
                == [
                    "part A.error has the name of a state of A, so the two would share one path in its style; rename one"
                ])
        #expect(
            messages(
                #"{"components": {"A": {"properties": {"fill": {"kind": "color", "token": "a.f"}}, "parts": {"fill": {"properties": {"edge": {"kind": "color", "token": "a.e"}}}}}}}"#
            )
                == [
                    "part A.fill has the name of a property of A, so the two would share one path in its style; rename one"
                ])
    }

    @Test("a component with nothing in it, a null with nothing to remove, an order of nothing: each refused")
    func emptyThings() {
        func messages(_ json: String) -> [String] {
            do {
                _ = try Self.schema(json)
                return []
            } catch { return error.diagnostics.map(\.message) }
        }
        #expect(
            messages(#"{"components": {"A": {"properties": {}}}}"#)
                == [#"component A declares no "properties" or "parts", and extends no component"#])
        #expect(
            messages(#"{"components": {"A": {"properties": {}, "parts": {}}}}"#)
                == [#"component A declares no "properties" or "parts", and extends no component"#])
        #expect(
            messages(
                #"{"components": {"A": {"properties": {"fill": {"kind": "color", "token": "a.f"}, "edge": null}}}}"#)
                == [
                    #"A.edge is null, which removes a property of the component extended, but there is none: give it "kind" and "token", or leave it out"#
                ])
        #expect(
            messages(
                #"{"components": {"A": {"properties": {"fill": {"kind": "color", "token": "a.f"}}}, "B": {"extends": "A", "parts": {"p": {"properties": {"x": {"kind": "color", "token": "b.x"}, "y": null}}}}}}"#
            )
                == [
                    #"B.p.y is null, which removes a property of the component extended, but there is none: give it "kind" and "token", or leave it out"#
                ])
        #expect(
            messages(#"{"components": {"A": {"properties": {"order": {"kind": "order", "token": "a.o", "of": []}}}}}"#)
                == [#""of" of property A.order lists no names; an order lists at least one"#])
    }

    @Test("a component that extends its own name amends the bundled one: its token, its base and its parts kept")
    func amendingABundledComponent() throws {
        let schema = try Self.schema(
            #"{"components": {"TextField": {"extends": "TextField", "properties": {"glow": {"kind": "color", "token": "theme.color.input.{state}.glow"}, "errorIcon": null}}}}"#
        )
        let field = try #require(schema["TextField"])
        let bundled = try #require(ComponentSchema.bundled["TextField"])
        #expect(
            field.parts[0].properties.map(\.name) == bundled.parts[0].properties.map(\.name).filter {
                $0 != "errorIcon"
            } + ["glow"])
        #expect(field.section(["focused"])?.tokens.last == "theme.color.input.focused.glow")
        #expect(field.tokenName == bundled.tokenName)
        #expect(schema.names == ComponentSchema.bundled.names)
        // Amended again, over the amended schema.
        let again = try Self.schema(
            #"{"components": {"TextField": {"extends": "TextField", "properties": {"glow": null}}}}"#, over: schema)
        #expect(
            again["TextField"]?.parts[0].properties.map(\.name)
                == bundled.parts[0].properties.map(\.name).filter { $0 != "errorIcon" })
        // Standing alone there is nothing to amend: a cycle.
        do {
            _ = try Self.schema(#"{"components": {"Badge": {"extends": "Badge"}}}"#)
            Issue.record("read")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["components extend each other in a cycle: Badge → Badge"])
        }
    }

    @Test("a team's schema over the bundled one: new components, extends with null to remove, and a replaced TextInput")
    func teamSchema() throws {
        let team = try ComponentSchema(repositoryFile(Self.folder + "team-components.json"))
        // The bundled order, the replaced TextInput in its place, the new ones after.
        #expect(team.names == ComponentSchema.bundled.names + ["Badge", "Chip"])
        #expect(team["TextInput"]?.parts.first?.properties.map(\.name) == ["background", "foreground", "border"])
        // TextField extends TextInput: the team's now.
        #expect(team["TextField"]?.parts.first?.properties.map(\.name) == ["background", "foreground", "border"])
        let chip = try #require(team["Chip"])
        #expect(chip.parts.first?.properties.map(\.name) == ["fill", "label", "outline"])
        #expect(
            chip.section(["alert"])?.tokens == [
                "theme.color.chip.alert.fill", "theme.color.chip.alert.label", "theme.color.chip.alert.outline",
            ])
        #expect(chip.section(["alert"])?.contrast.count == 1)
        // Standing alone, the team's file does not know the bundled state sets.
        let file = try repositoryFile(Self.folder + "team-components.json")
        do {
            _ = try ComponentSchema(file, over: .empty)
            Issue.record("read without its base")
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [
                    #"component TextInput names the state set "field", which "stateSets" does not define"#
                ])
        }
    }
}
