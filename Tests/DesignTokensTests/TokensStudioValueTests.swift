import Testing

@testable import ColorSpaces
@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

/// Values as Tokens Studio exports them (its documentation's forms, in its legacy `value`/`type` files and in its
/// `$type` files): what each is read as, and the exact `non-conforming` warning it gives.
@Suite("Tokens Studio values")
struct TokensStudioValueTests {
    /// The one warning every legacy file gets, at its first token.
    static let legacyFileWarning =
        #"tokens.json is written as Style Dictionary v3 or Tokens Studio write tokens ("value" and "type" without "$"), and read as such (their type names mapped, bare numbers as px, Tokens Studio's percentages, weight names, shadows and typographies as it means them); write "$value" and "$type" for DTCG 2025.10"#

    /// The `non-conforming` messages of a resolved theme, without the legacy file's own.
    private func deviations(_ theme: ResolvedTheme) -> [String] {
        theme.diagnostics.filter { $0.rule == .nonConforming && $0.message != Self.legacyFileWarning }.map(\.message)
    }

    // MARK: Type names in $type files

    @Test(
        "a Tokens Studio type name in a $type file is read as the legacy reader maps it, with a warning naming the DTCG type"
    )
    func typeNamesInDTCGFiles() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "radius": {"$type": "borderRadius", "$value": "4"},
                  "space": {"$type": "spacing", "sm": {"$value": "8"}},
                  "weight": {"$type": "fontWeights", "$value": "Bold"},
                  "case": {"$type": "textCase", "$value": "uppercase"}
                }
                """#)
        ])
        #expect(theme.dimension("radius") == .init(4, .px))
        #expect(theme.dimension("space.sm") == .init(8, .px))
        #expect(theme.value("weight") == .fontWeight(.init(700, keyword: "bold")))
        #expect(theme.value("case") == .string("uppercase"))
        #expect(theme["radius"]?.type == .dimension)
        #expect(
            theme.diagnostics.map(\.description) == [
                #"tokens.json:2:23: warning: [non-conforming] radius: "borderRadius" is a Tokens Studio type, read as dimension with its values as Tokens Studio writes them; write "$type": "dimension""#,
                #"tokens.json:3:22: warning: [non-conforming] space: "spacing" is a Tokens Studio type, read as dimension with its values as Tokens Studio writes them; write "$type": "dimension""#,
                #"tokens.json:4:23: warning: [non-conforming] weight: "fontWeights" is a Tokens Studio type, read as fontWeight with its values as Tokens Studio writes them; write "$type": "fontWeight""#,
                #"tokens.json:5:21: warning: [non-conforming] case: "textCase" is a Tokens Studio type, read as string with its values as Tokens Studio writes them; write "$type": "string""#,
            ])
        let strict = resolveFailure([source(#"{"radius": {"$type": "borderRadius", "$value": "4"}}"#)], policy: .strict)
        #expect(strict.map(\.severity) == [.error])
    }

    @Test("a bare number is px only where the type is Tokens Studio's; under DTCG's name it has no plain meaning")
    func bareNumbersOnlyUnderTokensStudioNames() throws {
        let error = try valueError("dimension", #""4""#)
        #expect(
            error.message
                == #"invalid dimension value for t: "4" is not a dimension; expected {"value": 16, "unit": "px"} (or "16px", "1.5rem")"#
        )
    }

    @Test(
        "Tokens Studio's type names as types of standalone tokens",
        arguments: [
            ("fontFamilies", #""Inter""#, #""Inter""#),
            ("fontWeights", #""Semi Bold""#, #""semi-bold""#),
            ("fontSizes", #""16""#, #""16px""#),
            ("lineHeights", #""110%""#, "1.1"),
            ("letterSpacing", #""-2%""#, #""-0.02em""#),
            ("paragraphSpacing", "12", #""12px""#),
            ("paragraphIndent", #""0""#, #""0px""#),
            ("textCase", #""uppercase""#, #""uppercase""#),
            ("textDecoration", #""underline""#, #""underline""#),
            ("opacity", #""25%""#, "0.25"),
            ("sizing", "24", #""24px""#),
            ("borderWidth", #""1""#, #""1px""#),
        ] as [(String, String, String)])
    func standaloneTypes(type: String, value: String, expected: String) throws {
        let theme = try ResolvedTheme.resolve([source(#"{"t": {"type": "\#(type)", "value": \#(value)}}"#)])
        #expect(compact(theme.value("t")) == expected)
    }

    @Test("\"size\" in a $type file stays an unknown type: it is not Tokens Studio's")
    func sizeIsNotTokensStudios() throws {
        let theme = try ResolvedTheme.resolve([source(#"{"t": {"$type": "size", "$value": "4"}}"#)])
        #expect(theme.diagnostics.map(\.rule) == [.unknownType])
        #expect(theme.value("t") == .custom(.string("4")))
    }

    // MARK: Percentages

    @Test(
        "a percentage where a number is expected is the fraction it stands for",
        arguments: [
            // In a legacy file, Tokens Studio's form, which the file's one warning covers.
            (#"{"o": {"value": "25%", "type": "opacity"}}"#, "o", "0.25", nil),
            (#"{"o": {"$type": "number", "$value": "33%"}}"#, "o", "0.33", #"o: "33%" read as 0.33; write 0.33"#),
            (#"{"o": {"$type": "number", "$value": "+8%"}}"#, "o", "0.08", #"o: "+8%" read as 0.08; write 0.08"#),
            (#"{"l": {"value": "110%", "type": "lineHeights"}}"#, "l", "1.1", nil),
            (
                ##"{"g": {"$type": "gradient", "$value": [{"color": "#000000", "position": "50%"}]}}"##, "g",
                ##"[{"color": "#000000", "position": 0.5}]"##, #"g ([0].position): "50%" read as 0.5; write 0.5"#
            ),
        ] as [(String, String, String, String?)])
    func percentages(tokens: String, path: String, value: String, warning: String?) throws {
        let theme = try ResolvedTheme.resolve([source(tokens)])
        #expect(compact(theme.value(path)) == value)
        #expect(deviations(theme) == (warning.map { [$0] } ?? []))
    }

    @Test("text that is no percentage is still not a number")
    func notAPercentage() throws {
        for text in ["%", "25 %", "1e2%"] {
            let error = try valueError("number", #""\#(text)""#)
            #expect(error.message == "invalid number value for t: expected a number, found a string")
        }
        let arithmetic = try valueError("number", #""--2%""#)
        #expect(arithmetic.message == #"invalid number value for t: "--2%" computes to 2%, which is not a number"#)
    }

    // MARK: Typography

    static let typographyStart = #"{"t": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": "16px""#

    @Test(
        "typography members as Tokens Studio writes them",
        arguments: [
            (
                #", "fontWeight": 400, "letterSpacing": "-2%", "lineHeight": 1.5}}}"#,
                #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "-0.02em", "lineHeight": 1.5}"#,
                [
                    #"t (letterSpacing): "-2%" read as -0.02em, a percentage of the font size; write {"value": -0.02, "unit": "em"}"#
                ]
            ),
            (
                #", "fontWeight": 400, "letterSpacing": {"value": 10, "unit": "%"}, "lineHeight": 1.5}}}"#,
                #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0.1em", "lineHeight": 1.5}"#,
                [
                    #"t (letterSpacing): 10% read as 0.1em, a percentage of the font size; write {"value": 0.1, "unit": "em"}"#
                ]
            ),
            (
                #", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": "150%"}}}"#,
                #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}"#,
                [#"t (lineHeight): "150%" read as 1.5; write 1.5"#]
            ),
            (
                #", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": "24px"}}}"#,
                #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}"#,
                [#"t (lineHeight): "24px" read as 1.5, its ratio to the font size 16px; write 1.5"#]
            ),
            (
                #", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": "1.25em"}}}"#,
                #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.25}"#,
                [#"t (lineHeight): "1.25em" read as 1.25; write 1.25"#]
            ),
            (
                #", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": "AUTO"}}}"#,
                #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px"}"#,
                [
                    #"t (lineHeight): "AUTO" read as the font's own line height, and left out of every output; write a multiple of the font size such as 1.5"#
                ]
            ),
            (
                #", "fontWeight": "Semi Bold", "letterSpacing": "0px", "lineHeight": 1.5}}}"#,
                #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": "semi-bold", "letterSpacing": "0px", "lineHeight": 1.5}"#,
                [#"t (fontWeight): "Semi Bold" read as semi-bold (600); write "semi-bold""#]
            ),
            (
                #", "fontWeight": "Bold Italic", "letterSpacing": "0px", "lineHeight": 1.5}}}"#,
                #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": "bold", "letterSpacing": "0px", "lineHeight": 1.5, "fontStyle": "italic"}"#,
                [
                    #"t (fontWeight): "Bold Italic" read as bold (700) and "fontStyle": "italic"; write "fontWeight": "bold", "fontStyle": "italic""#
                ]
            ),
            (
                #", "fontWeight": "Italic", "fontStyle": "italic", "letterSpacing": "0px", "lineHeight": 1.5}}}"#,
                #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": "regular", "letterSpacing": "0px", "lineHeight": 1.5, "fontStyle": "italic"}"#,
                [
                    #"t (fontWeight): "Italic" read as regular (400) and "fontStyle": "italic"; write "fontWeight": "regular", "fontStyle": "italic""#,
                    "t (fontStyle): not a DTCG 2025.10 typography member; kept as written",
                ]
            ),
        ] as [(String, String, [String])])
    func typographyMembers(rest: String, expected: String, warnings: [String]) throws {
        let theme = try ResolvedTheme.resolve([source(Self.typographyStart + rest)])
        #expect(compact(theme.value("t")) == expected)
        #expect(deviations(theme) == warnings)
    }

    @Test("a typography in a legacy file: Tokens Studio's extras kept, its percentages and weight names read")
    func legacyTypography() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "font": {"family": {"value": "Inter", "type": "fontFamilies"}, "weight": {"value": "Bold Italic", "type": "fontWeights"}},
                  "tracking": {"tight": {"value": "-2%", "type": "letterSpacing"}},
                  "heading": {
                    "value": {
                      "fontFamily": "{font.family}", "fontWeight": "{font.weight}", "fontSize": "32", "lineHeight": "110%",
                      "letterSpacing": "{tracking.tight}", "paragraphSpacing": "0", "paragraphIndent": "0", "textCase": "none",
                      "textDecoration": "none"
                    },
                    "type": "typography"
                  }
                }
                """#)
        ])
        #expect(
            compact(theme.value("heading"))
                == #"{"fontFamily": "Inter", "fontSize": "32px", "fontWeight": "bold", "letterSpacing": "-0.02em", "lineHeight": 1.1, "paragraphSpacing": "0", "paragraphIndent": "0", "textCase": "none", "textDecoration": "none", "fontStyle": "italic"}"#
        )
        #expect(compact(theme.value("font.weight")) == #""Bold Italic""#)
        #expect(theme.value("font.weight") == .fontWeight(.init(700, keyword: "Bold Italic")))
        #expect(compact(theme.value("tracking.tight")) == #""-0.02em""#)
        // Each is how Tokens Studio writes a typography: the file's one warning says so, not one per value.
        #expect(deviations(theme) == [])
    }

    @Test(
        "a line height or a style that has no one meaning is refused",
        arguments: [
            (
                #", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": "2rem"}}}"#, "lineHeight", #""2rem""#,
                "a line height of 2rem is not a multiple of the font size 16px; write a number such as 1.5"
            ),
            (
                #", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": "tall"}}}"#, "lineHeight", #""tall""#,
                "expected a number, found a string"
            ),
            (
                #", "fontWeight": "Bold Italic", "fontStyle": "normal", "letterSpacing": "0px", "lineHeight": 1.5}}}"#,
                "fontWeight", #""Bold Italic""#,
                #"the font weight gives {"fontStyle": "italic"}, but the typography {"fontStyle": "normal"}; give it once, in "fontStyle""#
            ),
        ] as [(String, String, String, String)])
    func refusedTypography(rest: String, member: String, at needle: String, message: String) throws {
        let tokens = Self.typographyStart + rest
        let error = try single(.invalidValue, in: resolveFailure([source(tokens)]))
        let column = tokens.firstRange(of: needle).map { tokens[..<$0.lowerBound].unicodeScalars.count + 1 }!
        expectDiagnostic(
            error, .error, .invalidValue, token: "t", at: "tokens.json:1:\(column)",
            "invalid typography value for t (\(member)): \(message)")
    }

    // MARK: Font weights

    @Test(
        "weights as Figma names them, in any case and spacing, read as the DTCG keyword",
        arguments: [
            ("Thin", "thin", 100), ("Hairline", "hairline", 100), ("Extra Light", "extra-light", 200),
            ("ExtraLight", "extra-light", 200),
            ("UltraLight", "ultra-light", 200), ("Light", "light", 300), ("Regular", "regular", 400),
            ("Normal", "normal", 400),
            ("Book", "book", 400), ("Medium", "medium", 500), ("Semi Bold", "semi-bold", 600),
            ("SemiBold", "semi-bold", 600),
            ("Semibold", "semi-bold", 600), ("Demi Bold", "demi-bold", 600), ("DemiBold", "demi-bold", 600),
            ("BOLD", "bold", 700),
            ("ExtraBold", "extra-bold", 800), ("Extra Bold", "extra-bold", 800), ("Ultra Bold", "ultra-bold", 800),
            ("Black", "black", 900), ("Heavy", "heavy", 900), ("Extra Black", "extra-black", 950),
            ("UltraBlack", "ultra-black", 950),
            ("semi_bold", "semi-bold", 600),
        ] as [(String, String, Double)])
    func figmaNames(name: String, keyword: String, weight: Double) throws {
        let theme = try ResolvedTheme.resolve([source(#"{"w": {"$type": "fontWeight", "$value": "\#(name)"}}"#)])
        #expect(theme.value("w") == .fontWeight(.init(weight, keyword: keyword)))
        #expect(
            deviations(theme) == [
                #"w: "\#(name)" read as \#(keyword) (\#(JSONWriter.format(weight))); write "\#(keyword)""#
            ])
    }

    @Test("a weight with a style, standalone, keeps its name so that the typographies that use it get both")
    func styledWeightToken() throws {
        let theme = try ResolvedTheme.resolve([source(#"{"w": {"$type": "fontWeight", "$value": "SemiBold Oblique"}}"#)]
        )
        #expect(theme.value("w") == .fontWeight(.init(600, keyword: "SemiBold Oblique")))
        #expect(
            deviations(theme) == [
                #"w: "SemiBold Oblique" read as semi-bold (600) with "fontStyle": "oblique", kept as written: a DTCG font weight has no style; write "semi-bold", and "fontStyle": "oblique" in the typographies that use it"#
            ])
    }

    @Test(
        "a width before or after the weight and a style last: both, in a typography",
        arguments: [
            ("Condensed Bold Italic", "bold", #""fontStretch": "condensed", "fontStyle": "italic""#),
            ("SemiExpanded Light", "light", #""fontStretch": "semi-expanded""#),
            ("Ultra Condensed", "regular", #""fontStretch": "ultra-condensed""#),
            ("Black Condensed Oblique", "black", #""fontStretch": "condensed", "fontStyle": "oblique""#),
        ] as [(String, String, String)])
    func widthsAndStyles(name: String, keyword: String, members: String) throws {
        let theme = try ResolvedTheme.resolve([
            source(Self.typographyStart + #", "fontWeight": "\#(name)", "letterSpacing": "0px", "lineHeight": 1.5}}}"#)
        ])
        #expect(
            compact(theme.value("t"))
                == #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": "\#(keyword)", "letterSpacing": "0px", "lineHeight": 1.5, \#(members)}"#
        )
        let weight = TokenValue.FontWeight.keywords[keyword].map(JSONWriter.format)!
        #expect(
            deviations(theme) == [
                #"t (fontWeight): "\#(name)" read as \#(keyword) (\#(weight)) and \#(members); write "fontWeight": "\#(keyword)", \#(members)"#
            ])
    }

    @Test("a weight written as a number in a string is the number: a warning in a DTCG file, none in a legacy one")
    func numericStringWeight() throws {
        let dtcg = try ResolvedTheme.resolve([source(#"{"w": {"$type": "fontWeight", "$value": "700"}}"#)])
        #expect(dtcg.value("w") == .fontWeight(.init(700)))
        #expect(deviations(dtcg) == [#"w: "700" read as 700; write 700"#])
        let legacy = try ResolvedTheme.resolve([source(#"{"w": {"type": "fontWeights", "value": "700"}}"#)])
        #expect(legacy.value("w") == .fontWeight(.init(700)))
        #expect(deviations(legacy).isEmpty)
    }

    // MARK: Shadows

    @Test("boxShadow with x, y and type, one layer or several, is a DTCG shadow")
    func boxShadow() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                ##"""
                {
                  "shadow": {
                    "sm": {"value": {"x": "0", "y": "1", "blur": "2", "spread": "0", "color": "#00000040", "type": "dropShadow"}, "type": "boxShadow"},
                    "inner": {"value": [
                      {"x": "0", "y": "2", "blur": "4", "spread": "-1", "color": "#0000001a", "type": "innerShadow"},
                      {"offsetX": "1px", "offsetY": "1px", "blur": "0px", "spread": "0px", "color": "#ffffff"}
                    ], "type": "boxShadow"}
                  }
                }
                """##)
        ])
        #expect(
            theme.value("shadow.sm")
                == .shadow([
                    .init(
                        color: .init(hex: "#00000040")!, offsetX: .init(0, .px), offsetY: .init(1, .px),
                        blur: .init(2, .px), spread: .init(0, .px))
                ]))
        #expect(
            theme.value("shadow.inner")
                == .shadow([
                    .init(
                        color: .init(hex: "#0000001a")!, offsetX: .init(0, .px), offsetY: .init(2, .px),
                        blur: .init(4, .px), spread: .init(-1, .px), inset: true),
                    .init(
                        color: .init(hex: "#ffffff")!, offsetX: .init(1, .px), offsetY: .init(1, .px),
                        blur: .init(0, .px), spread: .init(0, .px)),
                ]))
        // Tokens Studio's own shadow, in its own file: the file's one warning says so.
        #expect(theme.diagnostics.map(\.message) == [Self.legacyFileWarning])
    }

    @Test(
        "a Tokens Studio shadow that says one thing twice, or another type, is refused",
        arguments: [
            (
                ##"{"x": "0", "offsetX": "0px", "y": "1", "blur": "2", "color": "#000000"}"##, "x", #""0""#,
                #""x" and "offsetX" are the same member; give one of them, "offsetX""#
            ),
            (
                ##"{"x": "0", "y": "1", "blur": "2", "color": "#000000", "type": "dropShadow", "inset": true}"##,
                "type", #""dropShadow""#,
                #""type" and "inset" say the same; give one of them, "inset""#
            ),
            (
                ##"{"x": "0", "y": "1", "blur": "2", "color": "#000000", "type": "outerShadow"}"##, "type",
                #""outerShadow""#,
                #"a shadow's "type" is "dropShadow" or "innerShadow" (Tokens Studio's), found "outerShadow"; write "inset": true for an inner shadow"#
            ),
            (
                ##"{"x": "0", "blur": "2", "color": "#000000", "type": "dropShadow"}"##, nil, "{",
                #"a shadow needs "offsetY""#
            ),
            (
                ##"{"x": "0", "y": "1", "blur": "2", "color": "#000000", "blend": "multiply"}"##, nil, "{",
                #"unexpected member "blend"; expected "color", "offsetX", "offsetY", "blur", "spread", "inset" (or Tokens Studio's "x", "y", "type")"#
            ),
        ] as [(String, String?, String, String)])
    func refusedShadows(value: String, member: String?, at needle: String, message: String) throws {
        let error = try valueError("shadow", value)
        expectDiagnostic(
            error, .error, .invalidValue, token: "t", at: valueLocation("shadow", value, at: needle),
            "invalid shadow value for t\(member.map { " (\($0))" } ?? ""): \(message)")
    }

    // MARK: Composition

    @Test("a composition passes through with the references inside it resolved")
    func composition() throws {
        let legacy = try ResolvedTheme.resolve([
            source(
                ##"""
                {
                  "space": {"value": "16", "type": "spacing"},
                  "purple": {"value": "#7b61ff", "type": "color"},
                  "card": {"value": {"padding": "{space}", "fill": "{purple}", "borderRadius": "4"}, "type": "composition"}
                }
                """##)
        ])
        #expect(
            legacy.value("card")
                == .custom(
                    .object([
                        .init("padding", .object([.init("value", .number(16)), .init("unit", .string("px"))])),
                        .init("fill", TokenValue.Color(hex: "#7b61ff")!.json),
                        .init("borderRadius", .string("4")),
                    ])))
        #expect(legacy["card"]?.references == ["space", "purple"])
        #expect(legacy.diagnostics.map(\.message) == [Self.legacyFileWarning])
        let dtcg = try ResolvedTheme.resolve([
            source(
                ##"{"gap": {"$type": "dimension", "$value": "8px"}, "row": {"$type": "composition", "$value": {"itemSpacing": "{gap}"}}}"##
            )
        ])
        #expect(
            dtcg.value("row")
                == .custom(
                    .object([.init("itemSpacing", .object([.init("value", .number(8)), .init("unit", .string("px"))]))])
                ))
        #expect(
            dtcg.diagnostics.map(\.description) == [
                #"tokens.json:1:67: warning: [unknown-type] $type "composition" is Tokens Studio's, with no DTCG 2025.10 equivalent; its properties are passed through unchecked, with their references resolved"#
            ])
    }
}

/// One export, written here from Tokens Studio's documentation in both of its forms (`value`/`type`, and
/// `$value`/`$type` with its own type names), against the values it must resolve to.
@Suite("a Tokens Studio export, in both forms")
struct TokensStudioBothFormsTests {
    static let forms = ["tokens-studio/legacy.json", "tokens-studio/dtcg-form.json"]

    @Test("each form resolves to the expected values, as --format flat writes them", arguments: forms)
    func expectedValues(_ path: String) throws {
        let theme = try ResolvedTheme.resolve([try fixture(path)])
        let expected = try FileSystem.read(TestPaths.fixtures + "/tokens-studio/expected.flat.json")
        #expect(text(theme.flatJSON()) == String(decoding: expected, as: UTF8.self))
        #expect(!theme.diagnostics.contains { $0.severity == .error })
    }

    @Test("the values keep their relationships: a darker hover, a lighter subtle tint, the link the hover")
    func relationships() throws {
        let theme = try ResolvedTheme.resolve([try fixture("tokens-studio/legacy.json")])
        func lightness(_ path: String) -> Double { theme.color(path)!.converted(to: .lch).components[0]! }
        #expect(lightness("color.hover") < lightness("color.brand"))
        #expect(lightness("color.subtle") > lightness("color.brand"))
        #expect(theme.color("color.link") == theme.color("color.hover"))
        #expect(theme.color("color.scrim")?.alpha == 0.5)
        #expect(theme.dimension("space.md")!.value == 2 * theme.dimension("space.sm")!.value)
        let body = try #require(theme.value("type.body").flatMap { if case .typography(let t) = $0 { t } else { nil } })
        let heading = try #require(
            theme.value("type.heading").flatMap { if case .typography(let t) = $0 { t } else { nil } })
        #expect(heading.fontSize.value > body.fontSize.value)
        #expect(heading.lineHeight! < body.lineHeight!)
    }

    @Test("the legacy form warns once, for the file: the values Tokens Studio writes its own way are not repeated")
    func legacyWarnings() throws {
        let theme = try ResolvedTheme.resolve([try fixture("tokens-studio/legacy.json")])
        #expect(theme.diagnostics.map(\.rule) == [.nonConforming])
        #expect(theme.diagnostics.map(\.severity) == [.warning])
        #expect(theme.diagnostics.map { $0.tokenPath ?? "" } == ["color.brand"])
    }
}

@Suite("Tokens Studio's rgba() of a hex colour")
struct HexWithAlphaTests {
    @Test("rgba(#hex, alpha) is read; text longer than any CSS colour is refused unread")
    func longestText() {
        #expect(
            ValueDecoder.hexWithAlpha(String(repeating: " ", count: CSSColor.longestCSSText) + "rgba(#000, 0.5)") == nil
        )
        #expect(ValueDecoder.hexWithAlpha("rgba(#000, 0.5)") != nil)
    }
}
