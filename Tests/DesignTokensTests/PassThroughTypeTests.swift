import Testing

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

/// Tokens of a type ThemeEngine does not validate (`com.example.leading`, Tokens Studio's `other`) pass
/// through unchecked, references included.
@Suite("pass-through types")
struct PassThroughTypeTests {
    @Test(
        "an alias of an unknown type takes its target's value as it is and keeps its own type: as JSON, or in a Tokens Studio file as its text",
        arguments: [
            (
                #"{"space": {"$type": "dimension", "$value": "4px"}, "lh": {"$type": "com.example.leading", "$value": "{space}"}}"#,
                #"{"value": 4, "unit": "px"}"#
            ),
            (
                #"{"space": {"$type": "dimension", "$value": "4px"}, "lh": {"$type": "other", "$value": "{space}"}}"#,
                #"{"value": 4, "unit": "px"}"#
            ),
            (
                #"{"space": {"value": "4px", "type": "spacing"}, "lh": {"type": "other", "value": "{space}"}}"#,
                #""4px""#
            ),
        ])
    func aliasIsUnchecked(json: String, value: String) throws {
        let theme = try ResolvedTheme.resolve([source(json)])
        let token = try #require(theme["lh"])
        #expect(compact(token.value) == value)
        #expect(token.type != .dimension)
        #expect(!token.type.isKnown)
        #expect(!theme.diagnostics.contains { $0.rule == .typeMismatch })
        // Every output writes the alias's own type.
        let written = String(decoding: theme.treeJSON(), as: UTF8.self)
        #expect(written.contains(#""$type": "\#(token.type.name)""#))
    }

    @Test("a reference inside a composite of an unknown type is substituted whatever the target's type")
    func memberIsUnchecked() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"{"space": {"$type": "dimension", "$value": "4px"}, "box": {"$type": "layout", "$value": {"gap": "{space}"}}}"#
            )
        ])
        #expect(
            theme.value("box")
                == .custom(
                    .object([.init("gap", .object([.init("value", .number(4)), .init("unit", .string("px"))]))])))
    }

    @Test("in a DTCG file, text of an unknown type with references inside it is kept as written")
    func dtcgTextIsKept() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"{"borderWidth": {"thin": {"$type": "dimension", "$value": "1px"}}, "ring": {"$type": "custom-string", "$value": "inset 0 0 0 {borderWidth.thin}"}}"#
            )
        ])
        #expect(theme.value("ring") == .custom(.string("inset 0 0 0 {borderWidth.thin}")))
        #expect(theme["ring"]?.references == [])
        #expect(theme.diagnostics.map(\.rule) == [.unknownType])
    }

    @Test("in a Tokens Studio file, the same text has its references substituted, as its tools do")
    func tokensStudioTextIsInterpolated() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"{"borderWidth": {"thin": {"type": "borderWidth", "value": "1"}}, "ring": {"type": "other", "value": "inset 0 0 0 {borderWidth.thin}"}}"#
            )
        ])
        #expect(theme.value("ring") == .custom(.string("inset 0 0 0 1px")))
        #expect(theme["ring"]?.references == ["borderWidth.thin"])
    }

    @Test("a known type is still checked: a colour that refers to a dimension is a type mismatch")
    func knownTypesAreChecked() {
        let diagnostics = resolveFailure(
            #"{"space": {"$type": "dimension", "$value": "4px"}, "c": {"$type": "color", "$value": "{space}"}}"#)
        #expect(diagnostics.map(\.rule) == [.typeMismatch])
    }
}

/// A token whose value is of another type than its own (a colour written as a CSS gradient) to the aliases of its
/// own type, and the gradients CSS writes.
@Suite("values of another type than their token's")
struct RetypedValueTests {
    @Test("an alias of its own type takes a colour token written as a gradient, in DTCG and Tokens Studio files")
    func aliasOfGradientColour() throws {
        for json in [
            ##"{"bg": {"$type": "color", "$value": "linear-gradient(#000000, #ffffff)"}, "hero": {"$type": "color", "$value": "{bg}"}}"##,
            ##"{"bg": {"type": "color", "value": "linear-gradient(#000000, #ffffff)"}, "hero": {"type": "color", "value": "{bg}"}}"##,
        ] {
            let theme = try ResolvedTheme.resolve([source(json)])
            #expect(theme["hero"]?.type == .gradient)
            #expect(theme.value("hero") == theme.value("bg"))
        }
    }

    @Test("gradient positions out of order are CSS's, and a position that is not a number is refused")
    func gradientPositions() throws {
        let theme = try ResolvedTheme.resolve([
            source(##"{"g": {"$type": "color", "$value": "linear-gradient(#ff0000 80%, #0000ff 20%)"}}"##)
        ])
        #expect(
            compact(theme.value("g"))
                == ##"[{"color": "#ff0000", "position": 0.8}, {"color": "#0000ff", "position": 0.8}]"##)
        let diagnostics = resolveFailure(
            ##"{"g": {"$type": "color", "$value": "linear-gradient(#ff0000 nan%, #0000ff)"}}"##)
        #expect(diagnostics.map(\.rule) == [.invalidValue])
    }
}
