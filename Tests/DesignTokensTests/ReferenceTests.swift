import Testing

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

@Suite("References")
struct ReferenceTests {
    private func good() throws -> ResolvedTheme {
        try ResolvedTheme.resolve([try fixture("references/good.json")])
    }

    // MARK: Notations

    @Test(
        "{a.b}, <a.b>, {\"$ref\": \"#/a/b\"} as $value and a whole-token $ref all alias the whole token",
        arguments: [
            "color.curly", "color.angle", "color.pointer", "color.pointer-value", "color.whole-ref",
        ])
    func wholeTokenNotations(path: String) throws {
        let theme = try good()
        #expect(theme.diagnostics.isEmpty)
        let token = try #require(theme[path])
        #expect(token.type == .color)
        #expect(token.value == theme.value("color.brand"))
        #expect(token.aliasChain == ["color.brand"])
        #expect(token.references == ["color.brand"])
    }

    @Test("an alias of an alias has the whole chain, in order")
    func chainOfAliases() throws {
        let theme = try good()
        #expect(theme["color.chain"]?.aliasChain == ["color.curly", "color.brand"])
        #expect(theme.color("color.chain")?.hex == "#0055ff")
    }

    @Test("a pointer into a value (#/a/b/$value/components/1) reads the canonical value of the target")
    func propertyLevelPointer() throws {
        let theme = try good()
        let channel = try #require(theme["channel"])
        #expect(channel.type == .number)
        #expect(channel.value == .number(0x55 / 255.0))
        #expect(channel.references == ["color.brand"])
    }

    @Test(
        "an index reaches into a shadow or font family (a typography's too) written as a list of one, as into a longer one"
    )
    func pointerIntoListOfOne() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                ##"""
                {"one": {"$type": "shadow", "$value": [{"color": "#ff0000", "offsetX": "1px", "offsetY": "1px", "blur": "1px", "spread": "0px"}]},
                 "single": {"$type": "shadow", "$value": {"color": "#00ff00", "offsetX": "1px", "offsetY": "1px", "blur": "1px", "spread": "0px"}},
                 "family": {"$type": "fontFamily", "$value": ["Inter"]},
                 "a": {"$type": "color", "$value": {"$ref": "#/one/$value/0/color"}},
                 "b": {"$type": "color", "$value": {"$ref": "#/single/$value/0/color"}},
                 "c": {"$type": "fontFamily", "$value": {"$ref": "#/family/$value/0"}},
                 "type": {"$type": "typography", "$value": {"fontFamily": ["Inter"], "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}},
                 "d": {"$type": "fontFamily", "$value": {"$ref": "#/type/$value/fontFamily/0"}}}
                """##)
        ])
        #expect(theme.color("a")?.hex == "#ff0000")
        #expect(theme.color("b")?.hex == "#00ff00")
        #expect(theme["c"]?.value == .fontFamily(["Inter"]))
        #expect(theme["d"]?.value == .fontFamily(["Inter"]))
        let beyond = resolveFailure(
            ##"{"one": {"$type": "fontFamily", "$value": ["Inter"]}, "c": {"$type": "fontFamily", "$value": {"$ref": "#/one/$value/1"}}}"##
        )
        #expect(beyond.map(\.message) == [#"c refers to #/one/$value/1, but the value of one has no "1""#])
    }

    @Test("a pointer into a value, with no $type anywhere, is a missing-type error (DTCG 5.2.2: no guessing)")
    func propertyLevelPointerWithoutType() throws {
        let diagnostics = resolveFailure(
            ##"{"brand": {"$type": "color", "$value": "#0055ff"}, "channel": {"$value": {"$ref": "#/brand/$value/components/1"}}}"##
        )
        try #require(diagnostics.count == 1, "\(DiagnosticError(diagnostics))")
        expectDiagnostic(
            diagnostics[0], .error, .missingType, token: "channel", at: "tokens.json:1:52",
            "channel has no $type, and its group has none")
    }

    @Test("a whole-token $ref keeps its other properties")
    func wholeTokenRef() throws {
        let theme = try good()
        #expect(theme["color.whole-ref"]?.description == "A whole-token $ref (DTCG 6.6.2).")
        #expect(theme.paths.contains("color.whole-ref"))
    }

    @Test(
        "a whole-token $ref must be a string, and cannot come with a $value",
        arguments: [
            (
                #"{"$type": "number", "a": {"$value": 1}, "b": {"$ref": 5}}"#, Diagnostic.Rule.invalidReference,
                "tokens.json:1:55",
                ##"$ref must be a JSON Pointer string such as "#/color/brand", found a number"##
            ),
            (
                ##"{"$type": "number", "a": {"$value": 1}, "b": {"$value": 2, "$ref": "#/a"}}"##, .invalidToken,
                "tokens.json:1:60",
                #"token b has both "$value" and "$ref"; give one of them"#
            ),
            (
                ##"{"$type": "number", "a": {"$value": 1}, "b": {"$ref": "#/a", "$value": 2}}"##, .invalidToken,
                "tokens.json:1:62",
                #"token b has both "$value" and "$ref"; give one of them"#
            ),
        ] as [(String, Diagnostic.Rule, String, String)])
    func wholeTokenRefErrors(json: String, rule: Diagnostic.Rule, location: String, message: String) throws {
        let diagnostics = resolveFailure(json)
        try #require(diagnostics.count == 1, "\(DiagnosticError(diagnostics))")
        expectDiagnostic(diagnostics[0], .error, rule, token: "b", at: location, message)
    }

    @Test(
        "JSON Pointer segments unescape ~1 to / and ~0 to ~, in that order",
        arguments: [
            ("escaped.slash", 1.0, "escaped.a/b"), ("escaped.tilde", 2.0, "escaped.c~d"),
            ("escaped.both", 3.0, "escaped.~1"),
        ] as [(String, Double, String)])
    func pointerEscapes(path: String, expected: Double, target: String) throws {
        let theme = try good()
        #expect(theme.number(path) == expected)
        #expect(theme[path]?.aliasChain == [target])
    }

    @Test("a suggestion in pointer form escapes ~ and / in its names, so it reads back as the name suggested")
    func pointerSuggestionEscapes() throws {
        let diagnostics = resolveFailure(
            ##"{"g": {"c~d/e": {"$type": "number", "$value": 1}}, "x": {"$type": "number", "$value": {"$ref": "#/g/c~0d~1f"}}}"##
        )
        #expect(
            diagnostics.map(\.message) == [#"x refers to #/g/c~0d~1f, which does not exist; did you mean #/g/c~0d~1e?"#]
        )
        #expect(JSONPointer.fragment(toPath: "a/b.~1") == "#/a~1b/~01")
        #expect(JSONPointer.unescaped("~01") == "~1")
    }

    // MARK: References inside values

    @Test("a member of a composite value may be a reference: border color (curly) and width (pointer)")
    func compositeMembers() throws {
        let theme = try good()
        let expected = TokenValue.Border(
            color: try #require(theme.color("color.brand")), width: .init(1, .px), style: .keyword("solid"))
        #expect(theme.value("border.focus") == .border(expected))
        #expect(theme["border.focus"]?.references == ["color.brand", "size.thin"])
        #expect(theme["border.focus"]?.aliasChain == [])
    }

    @Test("an array element may be a reference and stands for one element: font family list, string tokens allowed")
    func fontFamilyElements() throws {
        let theme = try good()
        #expect(theme.value("font.stack") == .fontFamily(["Inter", "Helvetica", "sans-serif"]))
        #expect(theme["font.stack"]?.references == ["font.brand", "font.name"])
    }

    @Test("gradient stop colours may be references, through alias chains")
    func gradientStops() throws {
        let theme = try good()
        let brand = try #require(theme.color("color.brand"))
        #expect(
            theme.value("gradient.brand")
                == .gradient([.init(color: brand, position: 0), .init(color: brand, position: 1)]))
    }

    @Test("a shadow list may be made of references to shadow tokens")
    func shadowList() throws {
        let theme = try good()
        guard case .shadow(let low)? = theme.value("shadow.low"), case .shadow(let high)? = theme.value("shadow.high")
        else {
            Issue.record("shadow.low and shadow.high must be shadows")
            return
        }
        #expect(theme.value("shadow.stack") == .shadow(low + high))
        #expect(low.count == 1)
        #expect(high[0].color.hex == "#0055ff")
        #expect(low[0].color.hex == "#00000033")
    }

    // MARK: Late binding and long chains

    @Test("late binding: a theme overriding a primitive changes the alias written in the base")
    func lateBinding() throws {
        let theme = try ResolvedTheme.resolve([
            try fixture("references/good.json"),
            source(##"{"color": {"brand": {"$value": "#ff0000"}}}"##, name: "theme.json"),
        ])
        #expect(theme.color("color.curly")?.hex == "#ff0000")
        #expect(theme.color("color.chain")?.hex == "#ff0000")
        guard case .border(let border)? = theme.value("border.focus") else {
            Issue.record("border.focus must be a border")
            return
        }
        #expect(border.color.hex == "#ff0000")
        #expect(theme.number("channel") == 0)
    }

    @Test("a chain of 5,000 aliases resolves, iteratively, to the right value with the whole chain")
    func longChain() throws {
        let length = 5_000
        // The longest alias first, so resolution starts at the far end of the chain.
        var members = (1...length).reversed().map { #""t\#($0)": {"$value": "{t\#($0 - 1)}"}"# }
        members.append(#""t0": {"$value": 42}"#)
        let theme = try ResolvedTheme.resolve([
            source(#"{"$type": "number", "# + members.joined(separator: ",\n") + "}")
        ])
        #expect(theme.count == length + 1)
        #expect(theme.number("t\(length)") == 42)
        let chain = try #require(theme["t\(length)"]?.aliasChain)
        #expect(chain.count == length)
        #expect(chain.first == "t\(length - 1)")
        #expect(chain.last == "t0")
    }

    @Test("a chain of 5,000 JSON Pointer aliases resolves too")
    func longPointerChain() throws {
        let length = 5_000
        var members = (1...length).reversed().map { ##""p\##($0)": {"$value": {"$ref": "#/p\##($0 - 1)"}}"## }
        members.append(##""p0": {"$value": "#0055ff"}"##)
        let theme = try ResolvedTheme.resolve([source(#"{"$type": "color", "# + members.joined(separator: ",\n") + "}")]
        )
        #expect(theme.color("p\(length)")?.hex == "#0055ff")
        #expect(theme["p\(length)"]?.aliasChain.count == length)
    }

    // MARK: Unresolved references and references to groups

    @Test(
        "unresolved references and references to groups: the error at the reference, with a suggestion in the same notation"
    )
    func unresolvedReferences() throws {
        let diagnostics = resolveFailure([try fixture("references/bad-unresolved.json")])
        try #require(diagnostics.count == 7, "\(DiagnosticError(diagnostics))")
        let file = "Fixtures/references/bad-unresolved.json"
        expectDiagnostic(
            diagnostics[0], .error, .unresolvedReference, token: "color.typo", at: "\(file):10:24",
            "color.typo refers to {color.brnad}, which does not exist; did you mean {color.brand}?")
        expectDiagnostic(
            diagnostics[1], .error, .unresolvedReference, token: "color.typo-angle", at: "\(file):11:30",
            "color.typo-angle refers to <color.brnad>, which does not exist; did you mean <color.brand>?")
        expectDiagnostic(
            diagnostics[2], .error, .unresolvedReference, token: "color.typo-pointer", at: "\(file):12:32",
            "color.typo-pointer refers to #/color/brnad, which does not exist; did you mean #/color/brand?")
        expectDiagnostic(
            diagnostics[3], .error, .unresolvedReference, token: "color.far", at: "\(file):13:23",
            "color.far refers to {nothing.here}, which does not exist")
        expectDiagnostic(
            diagnostics[4], .error, .referenceToGroup, token: "color.group", at: "\(file):14:25",
            "color.group refers to {color.palette}, which is a group, not a token")
        expectDiagnostic(
            diagnostics[5], .error, .referenceToGroup, token: "color.group-root", at: "\(file):15:30",
            "color.group-root refers to {color.accent}, which is a group, not a token; did you mean {color.accent.$root}?"
        )
        expectDiagnostic(
            diagnostics[6], .error, .unresolvedReference, token: "color.pointer-member", at: "\(file):16:34",
            #"color.pointer-member refers to #/color/brand/$value/hue, but the value of color.brand has no "hue""#)
        #expect(
            diagnostics[6].notes == [
                Diagnostic.Note(
                    ##"color.brand resolves to {"colorSpace": "srgb", "components": [0, 0.3333333333333333, 1], "hex": "#0055ff"}"##,
                    at: .init(file: file, line: 4, column: 25))
            ])
    }

    @Test("a pointer to a group is a reference to a group, with the $root suggestion in pointer form")
    func pointerToGroup() throws {
        let diagnostics = resolveFailure(
            ##"{"c": {"$type": "number", "g": {"$root": {"$value": 1}}, "p": {"$value": {"$ref": "#/c/g"}}}}"##)
        expectDiagnostic(
            try single(.referenceToGroup, in: diagnostics), .error, .referenceToGroup, token: "c.p",
            at: "tokens.json:1:74",
            "c.p refers to #/c/g, which is a group, not a token; did you mean #/c/g/$root?")
    }

    // MARK: Cycles

    @Test(
        "cycles of length 1, 2 and 3: one error per cycle, naming it once, with a note at each other member; dependents stay silent"
    )
    func cycles() throws {
        let diagnostics = resolveFailure([try fixture("references/bad-cycles.json")])
        try #require(diagnostics.count == 3, "\(DiagnosticError(diagnostics))")
        let file = "Fixtures/references/bad-cycles.json"
        let expected: [(token: String, line: Int, column: Int, cycle: String)] = [
            ("n.self", 4, 24, "n.self → n.self"),
            ("n.a", 5, 21, "n.a → n.b → n.a"),
            ("n.x", 7, 21, "n.x → n.y → n.z → n.x"),
        ]
        for (diagnostic, expected) in zip(diagnostics, expected) {
            expectDiagnostic(
                diagnostic, .error, .circularReference, token: expected.token,
                at: "\(file):\(expected.line):\(expected.column)",
                "circular reference: \(expected.cycle)")
        }
        #expect(diagnostics[0].notes.isEmpty)
        #expect(
            diagnostics[1].notes == [Diagnostic.Note("n.b is defined here", at: .init(file: file, line: 6, column: 21))]
        )
        #expect(
            diagnostics[2].notes == [
                Diagnostic.Note("n.y is defined here", at: .init(file: file, line: 8, column: 21)),
                Diagnostic.Note("n.z is defined here", at: .init(file: file, line: 9, column: 21)),
            ])
        #expect(!diagnostics.contains { $0.tokenPath == "n.dependent" || $0.tokenPath == "n.fine" })
    }

    /// A cycle of n tokens is one error of n names and n - 1 notes, not n errors of n names each.
    @Test("a cycle of 1,000 tokens is one error whose size grows with the cycle, not with its square")
    func longCycle() throws {
        let count = 1_000
        let members = (0..<count).map { #""t\#($0)": {"$value": "{t\#(($0 + 1) % count)}"}"# }
        let diagnostics = resolveFailure(#"{"$type": "number", "# + members.joined(separator: ", ") + "}")
        try #require(diagnostics.count == 1)
        #expect(diagnostics[0].notes.count == count - 1)
        #expect(diagnostics[0].description.utf8.count < 200 * count)
    }

    @Test(
        "a token that depends on a cycle fails silently, whether it is resolved before or after the cycle",
        arguments: [true, false])
    func dependentOfCycle(dependentFirst: Bool) throws {
        let dependent = #""d": {"$value": "{b}"}"#
        let cycle = #""a": {"$value": "{b}"}, "b": {"$value": "{c}"}, "c": {"$value": "{a}"}"#
        let members = dependentFirst ? [dependent, cycle] : [cycle, dependent]
        let diagnostics = resolveFailure(#"{"$type": "number", "# + members.joined(separator: ", ") + "}")
        // The cycle is named from the member the resolution reached first.
        let first = dependentFirst ? "b" : "a"
        #expect(diagnostics.map(\.tokenPath) == [first])
        #expect(
            diagnostics.map(\.message) == [
                dependentFirst ? "circular reference: b → c → a → b" : "circular reference: a → b → c → a"
            ])
    }

    @Test("a self-reference through a pointer into its own value is a cycle")
    func pointerCycle() throws {
        let diagnostics = resolveFailure(
            ##"{"c": {"$type": "number", "$value": {"$ref": "#/c/$value/components/0"}}}"##)
        expectDiagnostic(
            try single(.circularReference, in: diagnostics), .error, .circularReference, token: "c",
            at: "tokens.json:1:37",
            "circular reference: c → c")
    }

    // MARK: Type mismatches

    @Test("type mismatches: a color token aliasing a dimension (through a chain), border.color and typography members")
    func typeMismatch() throws {
        let diagnostics = resolveFailure([try fixture("references/bad-type-mismatch.json")])
        try #require(diagnostics.count == 3, "\(DiagnosticError(diagnostics))")
        let file = "Fixtures/references/bad-type-mismatch.json"
        expectDiagnostic(
            diagnostics[0], .error, .typeMismatch, token: "color", at: "\(file):4:41",
            "color is a color token, but {alias} is a dimension token")
        #expect(
            diagnostics[0].notes == [
                Diagnostic.Note("alias refers to {size}", at: .init(file: file, line: 3, column: 45)),
                Diagnostic.Note(#"size is a dimension token: "16px""#, at: .init(file: file, line: 2, column: 44)),
            ])
        expectDiagnostic(
            diagnostics[1], .error, .typeMismatch, token: "border", at: "\(file):5:53",
            "border needs a color for color, but {size} is a dimension token")
        #expect(
            diagnostics[1].notes == [
                Diagnostic.Note(#"size is a dimension token: "16px""#, at: .init(file: file, line: 2, column: 44))
            ])
        expectDiagnostic(
            diagnostics[2], .error, .typeMismatch, token: "typography", at: "\(file):8:117",
            "typography needs a fontWeight for fontWeight, but {size} is a dimension token")
    }

    @Test(
        "a type mismatch whose alias chain passes through a {\"$value\": {\"$ref\": …}} token quotes the pointer (no crash)"
    )
    func typeMismatchThroughPointer() throws {
        let diagnostics = resolveFailure(
            ##"""
            {
              "size": {"$type": "dimension", "$value": "1px"},
              "p": {"$type": "dimension", "$value": {"$ref": "#/size"}},
              "c": {"$type": "color", "$value": "{p}"}
            }
            """##)
        try #require(diagnostics.count == 1, "\(DiagnosticError(diagnostics))")
        expectDiagnostic(
            diagnostics[0], .error, .typeMismatch, token: "c", at: "tokens.json:4:37",
            "c is a color token, but {p} is a dimension token")
        #expect(
            diagnostics[0].notes == [
                Diagnostic.Note(
                    ##"p refers to {"$ref": "#/size"}"##, at: .init(file: "tokens.json", line: 3, column: 41)),
                Diagnostic.Note(
                    #"size is a dimension token: "1px""#, at: .init(file: "tokens.json", line: 2, column: 44)),
            ])
    }

    @Test("an alias in a group of another type takes its target's type, with a type-mismatch warning")
    func groupTypeMismatchWarning() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                ##"""
                {
                  "size": {"$type": "dimension", "$value": "1px"},
                  "p": {"$type": "dimension", "$value": {"$ref": "#/size"}},
                  "c": {"$type": "color", "gap": {"$value": "{p}"}}
                }
                """##)
        ])
        #expect(theme["c.gap"]?.type == .dimension)
        #expect(theme.dimension("c.gap") == .init(1, .px))
        try #require(theme.diagnostics.count == 1)
        expectDiagnostic(
            theme.diagnostics[0], .warning, .typeMismatch, token: "c.gap", at: "tokens.json:4:45",
            #"c.gap is in a group of color tokens, but {p} makes it a dimension token; add "$type": "dimension" if that is meant"#
        )
        #expect(theme.diagnostics[0].notes.count == 2)
    }

    @Test("no type mismatch when the types agree, or a fontFamily member takes a string token")
    func noTypeMismatch() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "name": {"$type": "string", "$value": "Inter"},
                  "size": {"$type": "dimension", "$value": "16px"},
                  "weight": {"$type": "fontWeight", "$value": "bold"},
                  "text": {"$type": "typography", "$value": {"fontFamily": "{name}", "fontSize": "{size}", "fontWeight": "{weight}", "letterSpacing": "{size}", "lineHeight": 1.5}},
                  "gap": {"$type": "dimension", "$value": "{size}"}
                }
                """#)
        ])
        #expect(
            theme.value("text")
                == .typography(
                    .init(
                        fontFamily: ["Inter"], fontSize: .init(16, .px), fontWeight: .init(700, keyword: "bold"),
                        letterSpacing: .init(16, .px), lineHeight: 1.5)))
        #expect(theme.dimension("gap") == .init(16, .px))
    }

    // MARK: Invalid syntax

    @Test("invalid reference syntax is reported at the reference, one error per token")
    func invalidSyntax() throws {
        let diagnostics = resolveFailure([try fixture("references/bad-syntax.json")])
        try #require(diagnostics.count == 11, "\(DiagnosticError(diagnostics))")
        let file = "Fixtures/references/bad-syntax.json"
        let expected: [(token: String, at: String, message: String)] = [
            (
                "s.double-dot", "4:30",
                "{a..b} is not a valid reference: it has an empty name; write dot-separated names, such as {color.brand}"
            ),
            ("s.unclosed", "5:28", #"{a is not a valid reference: it has no closing "}""#),
            ("s.empty", "6:25", "{} is not a valid reference: it names no token"),
            (
                "s.embedded", "7:46",
                #""1px solid {color.brand}" embeds a reference in text; a reference must be the whole value, such as "{color.brand}""#
            ),
            (
                "s.spaces", "8:26",
                "{ a } is not a valid reference: token names in a reference must not start or end with spaces"
            ),
            ("s.nested", "9:26", "{a{b}} is not a valid reference: a reference names one token, such as {color.brand}"),
            (
                "s.angle", "10:25",
                "<a..b> is not a valid reference: a reference is dot-separated token names, such as <color.brand>"
            ),
            (
                "s.external", "11:37",
                "other.json#/a points into another file; only references within the layered token files are supported (add that file with --tokens)"
            ),
            (
                "s.not-pointer", "12:40",
                ##"a/b is not a JSON Pointer into this token set; write "#/group/token" or "#/group/token/$value/…""##
            ),
            (
                "s.empty-pointer", "13:42",
                ##"#/ does not point at a token; write "#/group/token" or "#/group/token/$value/…""##
            ),
            ("s.ref-extra", "14:29", #"a {"$ref": …} reference must have a string pointer and no other members"#),
        ]
        for (diagnostic, expected) in zip(diagnostics, expected) {
            expectDiagnostic(
                diagnostic, .error, .invalidReference, token: expected.token, at: "\(file):\(expected.at)",
                expected.message)
        }
    }

    // MARK: References inside text

    @Test("references inside text are replaced by their values' text, each a dependency of the token")
    func interpolation() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                ##"""
                {
                  "w": {"$type": "dimension", "$value": "1px"},
                  "c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0], "alpha": 0.5}},
                  "n": {"$type": "number", "$value": 2},
                  "on": {"$type": "boolean", "$value": true},
                  "name": {"$type": "string", "$value": "Inter"},
                  "s": {"$type": "string", "$value": "{w} solid {c}, ×{n} {on} {name}{name}"}
                }
                """##)
        ])
        #expect(theme.value("s") == .string("1px solid #ff000080, ×2 true InterInter"))
        #expect(theme["s"]?.references == ["w", "c", "n", "on", "name", "name"])
        #expect(theme["s"]?.aliasChain == [])
    }

    @Test("text that refers to text twice at each level is bounded: an invalid-value error, not memory run out")
    func interpolationBounded() throws {
        var members = [#""s0": {"$type": "string", "$value": "\#(String(repeating: "x", count: 1000))"}"#]
        for level in 1...30 {
            members.append(#""s\#(level)": {"$type": "string", "$value": "{s\#(level - 1)}{s\#(level - 1)}"}"#)
        }
        let diagnostics = resolveFailure("{" + members.joined(separator: ", ") + "}")
        let error = try single(.invalidValue, in: diagnostics)
        #expect(error.tokenPath == "s11")
        #expect(
            error.message
                == "the text of s11 would hold more than 1048576 bytes once its references are replaced (2048000 bytes); text that refers to text multiplies"
        )
    }

    @Test("a reference inside text to a value that is not one piece of text is a type-mismatch error")
    func interpolationOfComposite() throws {
        let diagnostics = resolveFailure(
            ##"{"b": {"$type": "border", "$value": {"color": "#000000", "width": "1px", "style": "solid"}}, "s": {"$type": "string", "$value": "x {b}"}}"##
        )
        expectDiagnostic(
            try single(.typeMismatch, in: diagnostics), .error, .typeMismatch, token: "s", at: "tokens.json:1:129",
            "s puts {b} inside text, but it is a border token, whose value is not one piece of text")
    }

    @Test(
        "text whose braces do not pair up, or that holds a malformed reference, is an invalid reference",
        arguments: [
            (
                "a {b} }",
                #""a {b} }" has a "{" or "}" that does not pair up; a reference inside text is written {group.token}"#
            ),
            (
                "a {b..c} d",
                #""a {b..c} d": {b..c} is not a valid reference: it has an empty name; write dot-separated names, such as {color.brand}"#
            ),
        ])
    func malformedInterpolation(text: String, message: String) throws {
        let diagnostics = resolveFailure(
            #"{"b": {"$type": "string", "$value": "x"}, "s": {"$type": "string", "$value": "\#(text)"}}"#)
        #expect(try single(.invalidReference, in: diagnostics).message == message)
    }

    @Test(
        "plain strings that merely contain < > { } are not references",
        arguments: [
            "plain <b>text</b> and a { brace", "a } b", "<not a ref>", "<>", "<Mono>", "x{y", "#{", "",
        ])
    func plainStrings(text: String) throws {
        let theme = try ResolvedTheme.resolve([source(#"{"s": {"$type": "string", "$value": "\#(text)"}}"#)])
        #expect(theme.value("s") == .string(text))
        #expect(theme["s"]?.references == [])
    }

    @Test("a reference to a name that starts or ends with a space is invalid, though such a token exists")
    func referenceToSpacedName() throws {
        let diagnostics = resolveFailure(
            ##"{"g": {"$type": "color", " a ": {"$value": "#000000"}, "b": {"$value": "{g. a }"}}}"##)
        try #require(diagnostics.count == 1, "\(DiagnosticError(diagnostics))")
        #expect(diagnostics[0].rule == .invalidReference)
        #expect(diagnostics[0].message.contains("must not start or end with spaces"))
    }

    @Test("a reference through names beyond ASCII aliases its token, as one in ASCII does")
    func referenceBeyondASCII() throws {
        let theme = try ResolvedTheme.resolve([
            source(##"{"farbe": {"$type": "color", "grün": {"$value": "#00ff00"}, "b": {"$value": "{farbe.grün}"}}}"##)
        ])
        #expect(theme["farbe.b"]?.aliasChain == ["farbe.grün"])
        #expect(theme.color("farbe.b")?.hex == "#00ff00")
    }

    @Test("every error is collected into one DiagnosticError")
    func allErrorsCollected() throws {
        let diagnostics = resolveFailure(
            "{\n  \"a\": {\"$type\": \"number\", \"$value\": \"{nope}\"},\n  \"b\": {\"$type\": \"color\", \"$value\": \"reddish\"},\n  \"c\": {\"$type\": \"number\", \"$value\": 1}\n}"
        )
        try #require(diagnostics.count == 2, "\(DiagnosticError(diagnostics))")
        expectDiagnostic(
            diagnostics[0], .error, .unresolvedReference, token: "a", at: "tokens.json:2:38",
            "a refers to {nope}, which does not exist")
        expectDiagnostic(
            diagnostics[1], .error, .invalidValue, token: "b", at: "tokens.json:3:37",
            #"invalid color value for b: "reddish" is not a colour; expected a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), a CSS colour (rgb(), oklch(), a name…) or a colour object {"colorSpace", "components"}"#
        )
        let error = DiagnosticError(diagnostics)
        #expect(error.errors.count == 2)
        #expect(error.description == diagnostics.map(\.description).joined(separator: "\n"))
        #expect(
            diagnostics[0].description
                == "tokens.json:2:38: error: [unresolved-reference] a refers to {nope}, which does not exist")
    }
}

@Suite("Values built from references are bounded")
struct ExpansionBoundTests {
    /// Each level holds the one before twice: level n has about 2^n values, which would exhaust memory by level 40.
    @Test("a chain of values each referring to the one before twice stops with an error at the first over the bound")
    func doublingChain() throws {
        var tokens = [#""t0": {"$value": {"a": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}}"#]
        for level in 1..<40 { tokens.append(#""t\#(level)": {"$value": ["{t\#(level - 1)}", "{t\#(level - 1)}"]}"#) }
        let diagnostics = resolveFailure(#"{"$type": "x-blob", "# + tokens.joined(separator: ", ") + "}")
        let errors = diagnostics.filter { $0.severity == .error }
        try #require(errors.count == 1, "\(DiagnosticError(errors))")
        #expect(errors[0].rule == .invalidValue)
        #expect(errors[0].tokenPath == "t17")
        #expect(errors[0].message.contains("would hold more than 1000000 values once its references are substituted"))
    }

    @Test("a literal value is not bounded: only values built from references are")
    func largeLiteral() throws {
        let elements = Array(repeating: "0", count: 1_100_000).joined(separator: ",")
        let theme = try ResolvedTheme.resolve([
            source(#"{"big": {"$type": "x-blob", "$value": [\#(elements)]}}"#, name: "tokens.json")
        ])
        #expect(theme.count == 1)
    }

    @Test("many tokens just under the bound each stop once all of them together pass the total")
    func manyLargeValues() throws {
        // t0 holds about 500,000 values; 30 tokens refer to it twice each.
        var tokens = [
            #""t0": {"$value": ["{big}", "{big}"]}"#,
            #""big": {"$value": [\#(Array(repeating: "0", count: 250_000).joined(separator: ","))]}"#,
        ]
        for index in 1...30 { tokens.append(#""u\#(index)": {"$value": ["{t0}", "{big}"]}"#) }
        let diagnostics = resolveFailure(#"{"$type": "x-blob", "# + tokens.joined(separator: ", ") + "}")
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(!errors.isEmpty && errors.allSatisfy { $0.rule == .invalidValue && $0.message.contains("10000000") })
    }
}

@Suite("Suggestions for a misspelt reference")
struct ReferenceSuggestionTests {
    @Test(
        "among a group's names, a tie goes to the name first in byte order, whatever order the file writes them in",
        arguments: [["brand2", "brand1"], ["brand1", "brand2"]])
    func tieInAGroup(order: [String]) {
        let members = order.map { #""\#($0)": {"$type": "number", "$value": 1}"# }.joined(separator: ", ")
        let diagnostics = resolveFailure(#"{"c": {\#(members)}, "x": {"$type": "number", "$value": "{c.brand}"}}"#)
        #expect(diagnostics.map(\.message) == ["x refers to {c.brand}, which does not exist; did you mean {c.brand1}?"])
    }
}
