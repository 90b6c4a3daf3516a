import Testing

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

@Suite("Loading token files")
struct TokenFileTests {
    // MARK: DTCG files

    @Test("loads a DTCG file: paths in document order, $root tokens, group $type inherited, nearest group wins")
    func dtcgFile() throws {
        let theme = try ResolvedTheme.resolve([try fixture("loading/good.json")])
        #expect(theme.diagnostics.isEmpty)
        #expect(
            theme.paths == [
                "color.accent.$root", "color.accent.light", "color.link", "color.old",
                "size.sm", "size.md", "size.text.scale", "size.text.ratio", "size.width",
            ])
        #expect(theme["color.accent.$root"]?.type == .color)
        #expect(theme.color("color.accent.$root")?.hex == "#dd0000")
        #expect(theme["size.sm"]?.type == .dimension)
        #expect(theme.dimension("size.sm") == .init(4, .px))
        #expect(theme.dimension("size.md") == .init(8, .px))
        #expect(theme.dimension("size.width") == .init(1, .rem))
        // size.text.ratio has no $type: the nearest group (size.text, number) wins over size (dimension).
        #expect(theme["size.text.ratio"]?.type == .number)
        #expect(theme.number("size.text.ratio") == 1.5)
        #expect(theme.number("size.text.scale") == 1.25)
    }

    @Test("resolves a reference to a $root token, {group.$root}")
    func rootReference() throws {
        let theme = try ResolvedTheme.resolve([try fixture("loading/good.json")])
        let link = try #require(theme["color.link"])
        #expect(link.type == .color)
        #expect(link.value == theme.value("color.accent.$root"))
        #expect(link.aliasChain == ["color.accent.$root"])
        #expect(link.references == ["color.accent.$root"])
        #expect(link.writtenValue == .string("{color.accent.$root}"))
        #expect(link.location.description == "Fixtures/loading/good.json:12:24")
    }

    @Test("keeps $description, and passes $extensions through untouched (references inside are not resolved)")
    func descriptionAndExtensions() throws {
        let theme = try ResolvedTheme.resolve([try fixture("loading/good.json")])
        #expect(theme["color.accent.$root"]?.description == "The accent.")
        #expect(theme["color.accent.light"]?.description == nil)
        let expected = JSONValue.object([
            .init(
                "com.example.tool",
                .object([
                    .init("id", .number(42)),
                    .init("tags", .array([.string("a"), .null, .bool(true)])),
                    .init("nested", .object([.init("x", .number(1.5)), .init("y", .string("{not.a.ref}"))])),
                ]))
        ])
        #expect(theme["color.old"]?.extensions == expected)
        #expect(theme["color.link"]?.extensions == nil)
    }

    @Test(
        "reads $deprecated on a token and cascades it from groups; an explicit false stops the cascade",
        arguments: [
            ("color.old", Deprecation.deprecated(reason: "use color.link")),
            ("color.link", .notDeprecated),
            ("size.sm", .deprecated(reason: nil)),
            ("size.md", .notDeprecated),
            ("size.text.ratio", .deprecated(reason: nil)),
        ] as [(String, Deprecation)])
    func deprecation(path: String, expected: Deprecation) throws {
        let theme = try ResolvedTheme.resolve([try fixture("loading/good.json")])
        #expect(theme[path]?.deprecation == expected)
    }

    @Test("records groups with their $type, $description and $extensions")
    func groups() throws {
        let file = TokenFile.parse(try fixture("loading/good.json"))
        #expect(file.dialect is DTCG.Type)
        #expect(file.diagnostics.isEmpty)
        let root = try #require(file.groups.first(where: { $0.path == "" }))
        #expect(root.description == "Loading fixture: DTCG 2025.10.")
        let color = try #require(file.groups.first(where: { $0.path == "color" }))
        #expect(color.type == .color)
        #expect(color.description == "Colours.")
        let extensions = try #require(color.extensionsNode)
        #expect(
            file.document.value(extensions)
                == .object([.init("com.example.group", .object([.init("order", .number(1))]))]))
        let size = try #require(file.groups.first(where: { $0.path == "size" }))
        #expect(size.deprecated == .deprecated(reason: nil))
    }

    // MARK: Legacy files

    @Test("loads a legacy file: value/type without $, Tokens Studio types, numbers and numeric strings as px")
    func legacyFile() throws {
        let file = TokenFile.parse(try fixture("loading/legacy.json"))
        #expect(file.dialect is LegacyFormat.Type)
        let theme = try ResolvedTheme.resolve([try fixture("loading/legacy.json")])
        #expect(theme["spacing.sm"]?.type == .dimension)
        #expect(theme.dimension("spacing.sm") == .init(16, .px))
        #expect(theme.dimension("spacing.md") == .init(24, .px))
        #expect(theme.dimension("spacing.lg") == .init(2, .rem))
        #expect(theme.dimension("radius") == .init(8, .px))
        #expect(theme.value("font.body") == .fontFamily(["Inter", "Arial"]))
        #expect(theme.value("font.bold") == .fontWeight(.init(700, keyword: "bold")))
        #expect(theme.number("font.line") == 1.5)
        #expect(theme.value("label") == .string("Hello"))
        #expect(theme.color("color.primary")?.hex == "#0055ff")
        #expect(theme["color.primary"]?.description == "Brand.")
        #expect(theme["color.link"]?.type == .color)
        #expect(theme["color.link"]?.aliasChain == ["color.primary"])
        #expect(theme.color("untyped")?.hex == "#ff0000")
    }

    @Test(
        "a legacy token without a type gets a guessed-type warning, not an error; the file one non-conforming warning")
    func guessedType() throws {
        let theme = try ResolvedTheme.resolve([try fixture("loading/legacy.json")])
        try #require(theme.diagnostics.count == 2)
        expectDiagnostic(
            theme.diagnostics[0], .warning, .nonConforming, token: "spacing.sm", at: "Fixtures/loading/legacy.json:3:5",
            #"Fixtures/loading/legacy.json is written as Style Dictionary v3 or Tokens Studio write tokens ("value" and "type" without "$"), and read as such (their type names mapped, bare numbers as px, Tokens Studio's percentages, weight names, shadows and typographies as it means them); write "$value" and "$type" for DTCG 2025.10"#
        )
        let warning = theme.diagnostics[1]
        expectDiagnostic(
            warning, .warning, .guessedType, token: "untyped", at: "Fixtures/loading/legacy.json:20:24",
            "untyped has no type; treated as color from its value")
        #expect(warning.notes == [Diagnostic.Note(#"add "type": "color" to the token or its group to say so"#)])
    }

    @Test("a value written without its token stays an error, though it is words; a note under a note's name is skipped")
    func notesAndValues() throws {
        let diagnostics = resolveFailure(#"{"font": "SF Pro Display", "a": {"$type": "number", "$value": 1}}"#)
        #expect(diagnostics.map(\.rule) == [.invalidToken])
        let theme = try ResolvedTheme.resolve([source(#"{"comment": "v2", "a": {"$type": "number", "$value": 1}}"#)])
        #expect(theme.diagnostics.map(\.rule) == [.nonConforming])
    }

    @Test(
        "a legacy token's type is guessed from what its value is: a CSS colour name or function is a colour",
        arguments: [
            (#""transparent""#, TokenType.color), (#""rebeccapurple""#, .color), (#""rgb(0 0 0 / 50%)""#, .color),
            (##""#0055ff""##, .color), (#""16px""#, .dimension), (#""120ms""#, .duration), (#""Hello there""#, .string),
            ("1.5", .number),
        ])
    func guessedTypes(value: String, type: TokenType) throws {
        let theme = try ResolvedTheme.resolve([source(#"{"t": {"value": \#(value)}}"#)])
        #expect(theme["t"]?.type == type)
    }

    @Test(
        "maps Tokens Studio and Style Dictionary types to DTCG types",
        arguments: [
            ("sizing", TokenType.dimension), ("spacing", .dimension), ("borderRadius", .dimension),
            ("borderWidth", .dimension), ("fontSizes", .dimension), ("paragraphSpacing", .dimension),
            ("fontFamilies", .fontFamily), ("fontWeights", .fontWeight), ("boxShadow", .shadow),
            ("lineHeights", .number), ("opacity", .number), ("text", .string), ("color", .color),
            ("paragraphIndent", .dimension), ("letterSpacing", .dimension), ("textCase", .string),
            ("textDecoration", .string),
        ] as [(String, TokenType)])
    func legacyTypes(legacy: String, expected: TokenType) {
        #expect(TokenType.fromTokensStudio(legacy) == expected)
    }

    @Test("a numeric string is a dimension only in a legacy file")
    func numericStringDimension() throws {
        #expect(
            try ResolvedTheme.resolve([source(#"{"gap": {"value": "16", "type": "sizing"}}"#)]).dimension("gap")
                == .init(16, .px))
        let error = try valueError("dimension", #""16""#)
        expectDiagnostic(
            error, .error, .invalidValue, token: "t", at: valueLocation("dimension"),
            #"invalid dimension value for t: "16" is not a dimension; expected {"value": 16, "unit": "px"} (or "16px", "1.5rem")"#
        )
    }

    // MARK: Structural errors

    @Test("reports every structural problem of a file, in order, with its location")
    func badStructure() throws {
        let diagnostics = resolveFailure([try fixture("loading/bad-structure.json")])
        try #require(diagnostics.count == 8, "\(DiagnosticError(diagnostics))")
        let file = "Fixtures/loading/bad-structure.json"
        expectDiagnostic(
            diagnostics[0], .error, .invalidName, token: "color.a.b", at: "\(file):4:5",
            #""a.b" is not a valid token or group name: names must not contain ".""#)
        expectDiagnostic(
            diagnostics[1], .error, .invalidName, token: "color.{x}", at: "\(file):5:5",
            #""{x}" is not a valid token or group name: names must not contain "{""#)
        expectDiagnostic(
            diagnostics[2], .warning, .unknownProperty, token: "color", at: "\(file):6:5",
            #""$foo" is not a DTCG property and is ignored"#)
        expectDiagnostic(
            diagnostics[3], .error, .invalidToken, token: "color.brand", at: "\(file):7:14",
            ##"expected a token (an object with "$value") or a group, found a string; write {"$value": "#0055ff"}"##)
        expectDiagnostic(
            diagnostics[4], .error, .invalidToken, token: "color.gap", at: "\(file):8:12",
            #"expected a token (an object with "$value") or a group, found a number; write {"$value": 8}"#)
        expectDiagnostic(
            diagnostics[5], .error, .tokenWithChildren, token: "color.button", at: "\(file):11:7",
            #"token color.button has a child "hover"; an object with "$value" is a token and cannot contain tokens or groups"#
        )
        #expect(
            diagnostics[5].notes == [
                Diagnostic.Note(#"move "hover" into a group, or make color.button a group with a "$root" token"#)
            ])
        // A member that is not a child (not an object) is read past: a warning, not an error.
        expectDiagnostic(
            diagnostics[6], .warning, .nonConforming, token: "color.button", at: "\(file):12:7",
            #"color.button (note): not a token property (those start with "$"); the token is read without it; remove it, or keep it under "$extensions""#
        )
        expectDiagnostic(
            diagnostics[7], .warning, .unknownProperty, token: "color.ok", at: "\(file):14:33",
            #""$tpye" is not a DTCG property and is ignored; did you mean "$type"?"#)
    }

    @Test("invalid names are not loaded; $-keys of a group are properties, never child tokens")
    func invalidNamesAreSkipped() throws {
        let file = TokenFile.parse(try fixture("loading/bad-structure.json"))
        #expect(file.tokens.map(file.path(of:)) == ["color.button", "color.ok"])
    }

    @Test("rejects an empty name")
    func emptyName() throws {
        let diagnostics = resolveFailure(#"{"": {"$type": "number", "$value": 1}}"#)
        expectDiagnostic(
            try single(.invalidName, in: diagnostics), .error, .invalidName, token: "", at: "tokens.json:1:2",
            #""" is not a valid token or group name: names must not be empty"#)
    }

    @Test(
        "valid names: digits, hyphens, spaces, non-ASCII, $root",
        arguments: ["100", "text-input", "two words", "café", "$root"])
    func validNames(name: String) {
        #expect(TokenFile.nameProblem(name) == nil)
    }

    @Test("a file that is not JSON gives one invalid-json error at the offending character")
    func invalidJSON() throws {
        let diagnostics = resolveFailure([try fixture("loading/bad-syntax.json")])
        try #require(diagnostics.count == 1)
        expectDiagnostic(
            diagnostics[0], .error, .invalidJSON, token: nil, at: "Fixtures/loading/bad-syntax.json:4:35",
            "trailing comma before '}'; remove the comma, or rename the file to .jsonc to allow trailing commas")
    }

    @Test("a file nested 200,000 levels deep fails cleanly with the depth error")
    func deepFile() throws {
        let diagnostics = resolveFailure(String(repeating: #"{"a":"#, count: 200_000), name: "deep.json")
        try #require(diagnostics.count == 1)
        expectDiagnostic(
            diagnostics[0], .error, .invalidJSON, token: nil, at: "deep.json:1:5001",
            "nesting is deeper than 1000 levels; token files are never this deep")
    }

    @Test("a file whose root is not an object is rejected")
    func rootNotObject() throws {
        let diagnostics = resolveFailure("\n  [1, 2]")
        try #require(diagnostics.count == 1)
        expectDiagnostic(
            diagnostics[0], .error, .invalidToken, token: nil, at: "tokens.json:2:3",
            "a token file must be a JSON object of groups and tokens, found an array")
    }

    @Test("a $value at the top level, which names no token, is an error at its key, not dropped")
    func valueAtRoot() throws {
        let diagnostics = resolveFailure(##"{"$type": "color", "$value": "#ff0000", "a": {"$value": "{a}"}}"##)
        let atRoot = diagnostics.filter { $0.rule == .invalidToken }
        try #require(atRoot.count == 1)
        expectDiagnostic(
            atRoot[0], .error, .invalidToken, token: nil, at: "tokens.json:1:20",
            "a token file's top level is a group, so a $value there belongs to no token; write the token under a name, inside the file's object"
        )
    }

    @Test("an empty object is a valid, empty token file")
    func emptyFile() throws {
        let theme = try ResolvedTheme.resolve([source("{}")])
        #expect(theme.count == 0)
        #expect(theme.diagnostics.isEmpty)
    }

    @Test(
        "malformed $ properties are errors at the property's value",
        arguments: [
            (
                #"{"t": {"$type": 5, "$value": 1}}"#, "tokens.json:1:17",
                #"$type must be a string such as "color", found a number"#
            ),
            (
                #"{"t": {"$type": "number", "$value": 1, "$description": 3}}"#, "tokens.json:1:56",
                "$description must be a string, found a number"
            ),
            (
                #"{"t": {"$type": "number", "$value": 1, "$extensions": []}}"#, "tokens.json:1:55",
                "$extensions must be an object keyed by reverse-domain names, found an array"
            ),
            (
                #"{"t": {"$type": "number", "$value": 1, "$deprecated": 1}}"#, "tokens.json:1:55",
                "$deprecated must be true, false or a string giving the reason, found a number"
            ),
        ] as [(String, String, String)])
    func malformedProperties(json: String, location: String, message: String) throws {
        let diagnostics = resolveFailure(json)
        let error = try single(.invalidToken, in: diagnostics)
        #expect(error.location?.description == location)
        #expect(error.message == message)
    }

    // MARK: Types

    @Test("a DTCG token without a type is an error, with the type its value looks like as a hint")
    func missingType() throws {
        let diagnostics = resolveFailure([try fixture("loading/bad-missing-type.json")])
        try #require(diagnostics.count == 2, "\(DiagnosticError(diagnostics))")
        expectDiagnostic(
            diagnostics[0], .error, .missingType, token: "brand", at: "Fixtures/loading/bad-missing-type.json:2:3",
            #"brand has no $type, and its group has none; its value looks like a color: add "$type": "color" to the token or its group"#
        )
        expectDiagnostic(
            diagnostics[1], .error, .missingType, token: "gap", at: "Fixtures/loading/bad-missing-type.json:3:3",
            "gap has no $type, and its group has none")
    }

    @Test("an unknown $type is a warning with a suggestion; the value passes through as written")
    func unknownType() throws {
        let theme = try ResolvedTheme.resolve([source(##"{"brand": {"$type": "colour", "$value": "#0055ff"}}"##)])
        try #require(theme.diagnostics.count == 1)
        expectDiagnostic(
            theme.diagnostics[0], .warning, .unknownType, token: "brand", at: "tokens.json:1:21",
            #"unknown $type "colour"; values of this type are passed through unchecked; did you mean "color"?"#)
        #expect(theme["brand"]?.type == "colour")
        #expect(theme.value("brand") == .custom(.string("#0055ff")))
    }

    @Test("a known $type gives no warning")
    func knownTypeNoWarning() throws {
        let theme = try ResolvedTheme.resolve([source(##"{"brand": {"$type": "color", "$value": "#0055ff"}}"##)])
        #expect(theme.diagnostics.isEmpty)
    }

    @Test("an unknown $type on a group is reported once, for the group")
    func unknownGroupType() throws {
        let theme = try ResolvedTheme.resolve([
            source(#"{"icons": {"$type": "com.example.icon", "home": {"$value": {"name": "house"}}}}"#)
        ])
        try #require(theme.diagnostics.count == 1)
        expectDiagnostic(
            theme.diagnostics[0], .warning, .unknownType, token: "icons", at: "tokens.json:1:21",
            #"unknown $type "com.example.icon"; values of this type are passed through unchecked"#)
        #expect(theme.value("icons.home") == .custom(.object([.init("name", .string("house"))])))
    }

    // MARK: Duplicate keys

    @Test("a duplicate key is a warning pointing at the later key, with a note at the first")
    func duplicateKeyWarning() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                "{\n  \"a\": {\"$type\": \"number\", \"$value\": 1},\n  \"a\": {\"$type\": \"number\", \"$value\": 2}\n}"
            )
        ])
        try #require(theme.diagnostics.count == 1)
        expectDiagnostic(
            theme.diagnostics[0], .warning, .duplicateKey, token: nil, at: "tokens.json:3:3",
            #"duplicate key "a"; the later value is used and the earlier one ignored"#)
        #expect(
            theme.diagnostics[0].notes == [
                Diagnostic.Note("first written here", at: .init(file: "tokens.json", line: 2, column: 3))
            ])
        #expect(theme.number("a") == 2)
    }

    @Test("the earlier of two duplicate tokens is ignored whole: none of its properties survive")
    func duplicateTokenIgnored() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "a": {"$type": "number", "$value": 1, "$description": "first", "$deprecated": true},
                  "a": {"$type": "number", "$value": 2}
                }
                """#)
        ])
        #expect(theme.number("a") == 2)
        #expect(theme["a"]?.description == nil)
        #expect(theme["a"]?.deprecation == .notDeprecated)
    }

    @Test("of three equal keys only the last counts, and each repeat is reported")
    func threeDuplicateKeys() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "a": {"$type": "number", "$value": 1, "$description": "first"},
                  "a": {"$type": "number", "$value": 2, "$description": "second"},
                  "a": {"$type": "number", "$value": 3}
                }
                """#)
        ])
        #expect(theme.number("a") == 3)
        #expect(theme["a"]?.description == nil)
        #expect(theme.diagnostics.map(\.rule) == [.duplicateKey, .duplicateKey])
    }

    @Test("the earlier of two duplicate groups is ignored whole: its tokens do not exist")
    func duplicateGroupIgnored() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "size": {"$type": "number", "old": {"$value": 1}},
                  "size": {"$type": "number", "new": {"$value": 2}}
                }
                """#)
        ])
        #expect(theme.paths == ["size.new"])
    }
}

@Suite("A $type that is not a string")
struct InvalidTypeTests {
    @Test(
        "is one error where it is written, on a token or on its group, not also a missing type",
        arguments: [
            #"{"a": {"$type": 5, "$value": 1}}"#,
            #"{"g": {"$type": 5, "a": {"$value": 1}, "h": {"b": {"$value": 2}}}}"#,
        ])
    func oneError(json: String) {
        let diagnostics = resolveFailure(json)
        #expect(diagnostics.map(\.rule) == [.invalidToken], "\(DiagnosticError(diagnostics))")
        #expect(diagnostics.first?.message == "$type must be a string such as \"color\", found a number")
    }

    @Test("under such a group, a token without a type of its own is not reported again, nor one with its own")
    func underInvalidGroup() {
        let diagnostics = resolveFailure(
            #"{"g": {"$type": true, "a": {"$type": "number", "$value": 1}, "b": {"$value": 2}}}"#)
        #expect(diagnostics.map(\.rule) == [.invalidToken])
    }

    @Test("a name with a dot followed by a combining mark is refused like any name with a dot")
    func dotBeforeCombiningMark() {
        let diagnostics = resolveFailure("{\"a.\u{301}b\": {\"$type\": \"number\", \"$value\": 1}}")
        #expect(diagnostics.map(\.rule) == [.invalidName])
    }
}
