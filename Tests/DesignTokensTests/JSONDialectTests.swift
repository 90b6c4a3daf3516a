import Testing

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

private func parse(_ text: String, _ dialect: JSONDialect) throws -> JSONDocument {
    try JSONReader.parse(Array(text.utf8), dialect: dialect)
}

/// A document in one dialect, the value it must read as, and (for the tests that compare) its strict JSON twin.
private func value(_ text: String, _ dialect: JSONDialect) throws -> JSONValue {
    let document = try parse(text, dialect)
    return document.value(document.root)
}

/// A malformed document in a dialect, and the exact error reading it must give: where (`line:column`) and what.
struct DialectErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var location: String
    var message: String

    init(_ name: String, _ text: String, at location: String, _ message: String) {
        self.init(name, Array(text.utf8), at: location, message)
    }

    init(_ name: String, _ bytes: [UInt8], at location: String, _ message: String) {
        self.name = name
        self.bytes = bytes
        self.location = location
        self.message = message
    }

    var testDescription: String { name }
}

@Suite("JSONC and JSON5")
struct JSONDialectTests {
    // MARK: Choosing the dialect

    @Test(
        "the dialect comes from the file name's extension, in any case",
        arguments: [
            ("tokens.json", JSONDialect.json), ("Themes/dark.jsonc", .jsonc), ("tokens.JSONC", .jsonc),
            ("a/b.json5", .json5),
            ("themes.resolver.json5", .json5), ("tokens.Json5", .json5), ("tokens", .json),
            ("tokens.jsonc.json", .json),
            ("jsonc", .json), ("tokens.json5.bak", .json), ("Tokens/defaultTokens.json", .json),
            // A file at a git revision, as `theme diff --since` names it, is read as the file is.
            ("Themes/dark.jsonc@HEAD~1", .jsonc), ("brand.json5@main", .json5), ("brand.json@HEAD", .json),
            ("icons@2x.jsonc", .jsonc), ("user@host/tokens.json5", .json5), ("user@host/tokens", .json),
        ] as [(String, JSONDialect)])
    func dialectFromName(name: String, expected: JSONDialect) {
        #expect(JSONDialect(fileName: name) == expected)
        #expect(TokenSource(name: name, bytes: []).dialect == expected)
    }

    @Test("renaming a source reads it in the new name's dialect")
    func renamedSource() {
        var source = TokenSource(name: "tokens.json", bytes: [])
        source.name = "tokens.json5"
        #expect(source.dialect == .json5)
        #expect(source != TokenSource(name: "tokens.json", bytes: []))
    }

    @Test("a source is parsed in its dialect: a comment is read in tokens.jsonc and refused in tokens.json")
    func sourceDialect() throws {
        let bytes = Array("// colours\n{\"a\": 1,}".utf8)
        let document = try JSONReader.parse(TokenSource(name: "tokens.jsonc", bytes: bytes))
        #expect(document.value(document.root) == .object([.init("a", .number(1))]))
        #expect(throws: JSONReader.SyntaxError.self) {
            try JSONReader.parse(TokenSource(name: "tokens.json", bytes: bytes))
        }
    }

    // MARK: JSONC

    @Test(
        "JSONC reads comments anywhere white space may be, and trailing commas",
        arguments: [
            ("// tokens\n{\"a\": 1}", JSONValue.object([.init("a", .number(1))])),
            ("{\"a\": 1} // end", .object([.init("a", .number(1))])),
            ("{\"a\": 1} /* end */", .object([.init("a", .number(1))])),
            ("{/* k */\"a\"/* : */:/* v */1/* , */}", .object([.init("a", .number(1))])),
            ("{\"a\": 1, // one\n \"b\": 2 // two\n}", .object([.init("a", .number(1)), .init("b", .number(2))])),
            ("{\"a\": 1,}", .object([.init("a", .number(1))])),
            ("[1, 2,]", .array([.number(1), .number(2)])),
            ("[1, 2, // last\n]", .array([.number(1), .number(2)])),
            ("[1, 2 /* , */,\n /* before the close */ ]", .array([.number(1), .number(2)])),
            ("[[],{},]", .array([.array([]), .object([])])),
            ("{ /* empty */ }", .object([])),
            ("[ // empty\n]", .array([])),
            ("/**/[1]", .array([.number(1)])),
            ("[1] /* a * b / c ** / */", .array([.number(1)])),
            ("[1 /* é 😀 */]", .array([.number(1)])),
            (
                "[\"// not a comment\", \"/* nor this */\"]",
                .array([.string("// not a comment"), .string("/* nor this */")])
            ),
            ("//\r\n[1]", .array([.number(1)])),
            ("[1]//", .array([.number(1)])),
        ] as [(String, JSONValue)])
    func jsoncReads(text: String, expected: JSONValue) throws {
        #expect(try value(text, .jsonc) == expected)
        #expect(try value(text, .json5) == expected)
    }

    static let jsoncCases: [DialectErrorCase] = [
        .init(
            "unterminated block comment", "{\"a\": 1 /* note", at: "1:9",
            "unterminated block comment; expected '*/' to close it"),
        .init(
            "unterminated block comment after the document", "{} /* end *", at: "1:4",
            "unterminated block comment; expected '*/' to close it"),
        .init(
            "a '/' that starts no comment", "{\"a\": / 1}", at: "1:7",
            "'/' starts no comment here; a comment is // to the end of the line, or /* … */"),
        .init(
            "a '/' at the end of the file", "[1] /", at: "1:5",
            "'/' starts no comment here; a comment is // to the end of the line, or /* … */"),
        .init("two trailing commas", "[1,,]", at: "1:4", "expected a value, found ','"),
        .init("only a comma", "[,]", at: "1:2", "expected a value or ']', found ','"),
        .init("a comma after a key", "{\"a\",}", at: "1:5", "expected ':' after the key, found ','"),
        .init(
            "single-quoted string", "['a']", at: "1:2",
            "strings must be in double quotes, not single quotes; rename the file to .json5 to allow single quotes"),
        .init(
            "single-quoted key", "{'a': 1}", at: "1:2",
            "keys must be in double quotes, not single quotes; rename the file to .json5 to allow single quotes"),
        .init(
            "unquoted key", "{a: 1}", at: "1:2",
            "expected a key in double quotes, found 'a'; rename the file to .json5 to allow keys without quotes"),
        .init("Infinity", "[Infinity]", at: "1:2", "Infinity is not a JSON number"),
        .init(
            "a JSON5 escape", #"["it\'s"]"#, at: "1:5",
            #"invalid escape sequence '\''; valid escapes are \" \\ \/ \b \f \n \r \t \uXXXX"#),
        .init(
            "a tab in a string", "[\"a\tb\"]", at: "1:4", "a tab must be escaped inside a string (unterminated string?)"
        ),
        .init("a hexadecimal number", "[0x1F]", at: "1:3", "expected ',' or ']' after an array element, found 'x'"),
        .init("a leading decimal point", "[.5]", at: "1:2", "expected a value, found '.'"),
        .init("a trailing decimal point", "[5.]", at: "1:2", "expected a digit after the decimal point"),
        .init(
            "invalid UTF-8 in a comment", [UInt8]("[1] // ".utf8) + [0xFF], at: "1:8",
            "invalid UTF-8 byte 0xFF; the file must be UTF-8"),
        .init("the file is only a comment", "// nothing", at: "1:11", "the file is empty; expected a JSON value"),
        .init(
            "unterminated block comment on a later line", "{\n  \"a\": 1,\n  /* b: 2,\n  c: 3\n}", at: "3:3",
            "unterminated block comment; expected '*/' to close it"),
        .init(
            "an error after a comment of three lines", "/* one\n two\n three */ {\"a\": tru}", at: "3:17",
            "expected a value, found 'tru'; strings must be in double quotes"),
        .init(
            "a single quote after a line comment", "{\"a\": 1, // one\n \"b\": 'two'}", at: "2:7",
            "strings must be in double quotes, not single quotes; rename the file to .json5 to allow single quotes"),
    ]

    @Test("JSONC refuses what it does not add, with the exact line:column and message", arguments: jsoncCases)
    func jsoncErrors(_ example: DialectErrorCase) throws {
        try expectError(example, readAs: "tokens.jsonc")
    }

    // MARK: JSON5

    @Test(
        "JSON5 reads keys without quotes, ECMAScript identifier names",
        arguments: [
            ("{a: 1}", "a"), ("{$value: 1}", "$value"), ("{_x9: 1}", "_x9"), ("{$: 1}", "$"), ("{größe: 1}", "größe"),
            ("{café: 1}", "café"), ("{Δ_1: 1}", "Δ_1"), ("{\\u0061b: 1}", "ab"), ("{a\\u0062: 1}", "ab"),
            ("{true: 1}", "true"),
            ("{null : 1}", "null"), ("{a\u{200D}b: 1}", "a\u{200D}b"), ("{'a': 1}", "a"), ("{'it\\'s': 1}", "it's"),
        ] as [(String, String)])
    func unquotedKeys(text: String, key: String) throws {
        #expect(try value(text, .json5) == .object([.init(key, .number(1))]))
    }

    @Test(
        "JSON5 reads single-quoted strings and every JSON5 escape",
        arguments: [
            (#"['a']"#, "a"), (#"['say "hi"']"#, #"say "hi""#), (#"["it's"]"#, "it's"), (#"['it\'s']"#, "it's"),
            (#"["\'"]"#, "'"), (#"['\v']"#, "\u{0B}"), (#"['\0']"#, "\u{0}"), (#"['\x41\xe9']"#, "Aé"),
            (#"['\a\c\%']"#, "ac%"), (#"['\é']"#, "é"), ("['a\\\nb']", "ab"), ("['a\\\r\nb']", "ab"),
            ("['a\\\rb']", "ab"),
            ("['a\\\u{2028}b']", "ab"), ("['a\\\u{2029}b']", "ab"), ("['a\u{2028}b']", "a\u{2028}b"),
            ("['a\tb']", "a\tb"),
            (#"['\u00e9\ud83d\ude00']"#, "é😀"), (#"['\"\\\/\b\f\n\r\t']"#, "\"\\/\u{08}\u{0C}\n\r\t"), (#"['']"#, ""),
        ] as [(String, String)])
    func json5Strings(text: String, expected: String) throws {
        #expect(try value(text, .json5) == .array([.string(expected)]))
    }

    @Test(
        "JSON5 reads hexadecimal numbers, a leading +, and a decimal point with no digit on one side",
        arguments: [
            ("0x1F", 31.0), ("0X1f", 31), ("-0x10", -16), ("+0x10", 16), ("0x0", 0),
            ("0xFFFFFFFFFFFFFFFF", 18_446_744_073_709_551_615),
            ("+1", 1), (".5", 0.5), ("5.", 5), ("-.5", -0.5), ("+.5", 0.5), ("-5.", -5), ("5.e1", 50), (".5e1", 5),
            ("+1e2", 100),
            ("+0", 0), ("1", 1), ("-0.25", -0.25),
        ] as [(String, Double)])
    func json5Numbers(text: String, expected: Double) throws {
        let document = try parse("[\(text)]", .json5)
        let node = try #require(document.elements(of: document.root).first(where: { _ in true }))
        #expect(document.kind(node) == .number)
        #expect(document.number(node) == expected)
        #expect(document.sourceText(node) == text)
    }

    @Test("JSON5 reads its white space: vertical tab, form feed, no-break space, byte order mark, line separators")
    func json5Whitespace() throws {
        let text = "\u{0B}{\u{0C}a\u{A0}:\u{FEFF}1,\u{2028}b\u{2029}:\u{3000}2\u{2003}}\u{1680}"
        #expect(try value(text, .json5) == .object([.init("a", .number(1)), .init("b", .number(2))]))
        #expect(throws: JSONReader.SyntaxError(offset: 0, message: "expected a value, found '\\u{0B}'")) {
            try parse("\u{0B}1", .jsonc)
        }
    }

    @Test("JSON5 reads comments and trailing commas too, and everything together")
    func json5Document() throws {
        let text = """
            // A JSON5 token file
            {
              color: {
                $type: 'color',
                brand: {$value: '#0055ff', $description: 'The "brand" blue',},
                /* hexadecimal and friends */
                alpha: {$type: 'number', $value: 0x10,},
                half: {$type: 'number', $value: .5},
                'long name': {$type: 'string', $value: 'one \\
            line'},
              },
            }
            """
        let twin = """
            {"color": {"$type": "color",
              "brand": {"$value": "#0055ff", "$description": "The \\"brand\\" blue"},
              "alpha": {"$type": "number", "$value": 16},
              "half": {"$type": "number", "$value": 0.5},
              "long name": {"$type": "string", "$value": "one line"}}}
            """
        #expect(try value(text, .json5) == value(twin, .json))
    }

    static let json5Cases: [DialectErrorCase] = [
        .init(
            "Infinity", "[Infinity]", at: "1:2",
            "Infinity is valid JSON5, but a token value cannot be infinite; write a finite number"),
        .init(
            "-Infinity", "{a: -Infinity}", at: "1:5",
            "-Infinity is valid JSON5, but a token value cannot be infinite; write a finite number"),
        .init(
            "+Infinity", "[+Infinity]", at: "1:2",
            "+Infinity is valid JSON5, but a token value cannot be infinite; write a finite number"),
        .init(
            "NaN", "[1, NaN]", at: "1:5",
            "NaN is valid JSON5, but a token value cannot be NaN (not a number); write a number"),
        .init(
            "-NaN", "[-NaN]", at: "1:2",
            "-NaN is valid JSON5, but a token value cannot be NaN (not a number); write a number"),
        .init(
            "a word that starts like Infinity", "[Infinit]", at: "1:2",
            "expected a value, found 'Infinit'; strings must be in quotes"),
        .init("a bare word", "{a: red}", at: "1:5", "expected a value, found 'red'; strings must be in quotes"),
        .init("0x with no digit", "[0x]", at: "1:2", "expected a hexadecimal digit after '0x'"),
        .init("0x with a non-hex digit", "[-0xG]", at: "1:2", "expected a hexadecimal digit after '0x'"),
        .init(
            "a hexadecimal number too large", "[0x" + String(repeating: "F", count: 257) + "]", at: "1:2",
            "number 0x" + String(repeating: "F", count: 257) + " is too large"),
        .init("a decimal point alone", "[.]", at: "1:2", "expected a digit after the decimal point"),
        .init("a sign and a point", "[+.]", at: "1:2", "expected a digit after the decimal point"),
        .init("a plus alone", "[+]", at: "1:2", "expected a digit after '+'"),
        .init("a plus before a word", "[+x]", at: "1:2", "expected a digit after '+'"),
        .init("a leading zero", "[01]", at: "1:2", "numbers must not have leading zeros"),
        .init("a number too large with a plus", "[+1e400]", at: "1:2", "number +1e400 is too large"),
        .init(
            "an octal escape", #"['\1']"#, at: "1:3",
            #"invalid escape sequence '\1'; JSON5 has no octal escapes (write \x or \u escapes)"#),
        .init(
            "\\0 before a digit", #"['\01']"#, at: "1:3",
            #"invalid escape sequence '\0' before a digit; JSON5 has no octal escapes (write \x or \u escapes)"#),
        .init("\\x with one digit", #"['\x4']"#, at: "1:3", #"invalid \x escape; expected two hex digits"#),
        .init("\\x with a non-hex digit", #"["\xG0"]"#, at: "1:3", #"invalid \x escape; expected two hex digits"#),
        .init(
            "unterminated single-quoted string", "{a: 'abc", at: "1:5", #"unterminated string; expected a closing "'""#),
        .init(
            "a line break in a single-quoted string", "['a\nb']", at: "1:4",
            "a line break must be escaped inside a string (unterminated string?)"),
        .init(
            "a carriage return in a string", "[\"a\rb\"]", at: "1:4",
            "control character U+000D must be escaped inside a string (unterminated string?)"),
        .init(
            "a lone surrogate in a single-quoted string", #"['\uD800']"#, at: "1:3",
            #"\uD800 is a lone high surrogate; it must be followed by a low surrogate escape"#),
        .init(
            "invalid UTF-8 in a single-quoted string", [UInt8]("['".utf8) + [0xC0, 0x80] + [UInt8]("']".utf8),
            at: "1:3", "invalid UTF-8 byte 0xC0; the file must be UTF-8"),
        .init(
            "a key starting with a digit", "{1a: 1}", at: "1:2",
            "expected a key, found '1'; a key without quotes starts with a letter, '$' or '_' and goes on with those or digits"
        ),
        .init("a key with a hyphen", "{a-b: 1}", at: "1:3", "expected ':' after the key, found '-'"),
        .init(
            "a key with a \\x escape", #"{a\x62: 1}"#, at: "1:3",
            #"a key without quotes can hold only \uXXXX escapes; put the key in quotes"#),
        .init(
            "a key with an escaped hyphen", #"{a\u002D: 1}"#, at: "1:3",
            #"\u002D is not a character a key without quotes can hold there; put the key in quotes"#),
        .init(
            "a key starting with an escaped digit", #"{\u0031: 1}"#, at: "1:2",
            #"\u0031 is not a character a key without quotes can hold there; put the key in quotes"#),
        .init(
            "a key cut off by the end of the file", "{a", at: "1:3",
            "expected ':' after the key, found the end of the file"),
        .init("a key after two commas", "{a: 1,,}", at: "1:7", "expected a key, found ','"),
        .init(
            "invalid UTF-8 in a key", [UInt8]("{a".utf8) + [0xFF] + [UInt8](": 1}".utf8), at: "1:3",
            "invalid UTF-8 byte 0xFF; the file must be UTF-8"),
        .init("a non-letter in a key", "{a€: 1}", at: "1:3", "expected ':' after the key, found '€'"),
        .init(
            "Infinity after a line continuation", "{a: 'x\\\ny', b: Infinity}", at: "2:8",
            "Infinity is valid JSON5, but a token value cannot be infinite; write a finite number"),
        .init(
            "NaN after comments and a multi-line string", "// the\n/* tokens */ {a: 'one \\\r\ntwo',\n  n: -NaN,\n}",
            at: "4:6",
            "-NaN is valid JSON5, but a token value cannot be NaN (not a number); write a number"),
        .init(
            "an unquoted key with a hyphen, on its own line", "{\n  // sizes\n  font-size: 1\n}", at: "3:7",
            "expected ':' after the key, found '-'"),
    ]

    @Test(
        "JSON5 refuses Infinity, NaN and malformed JSON5, with the exact line:column and message", arguments: json5Cases
    )
    func json5Errors(_ example: DialectErrorCase) throws {
        try expectError(example, readAs: "tokens.json5")
    }

    /// Reads `example` as a file named `name` is read, and checks its one error: `invalid-json`, where and what.
    private func expectError(_ example: DialectErrorCase, readAs name: String) throws {
        let diagnostics = resolveFailure([TokenSource(name: name, bytes: example.bytes)])
        try #require(diagnostics.count == 1, "\(DiagnosticError(diagnostics))")
        expectDiagnostic(
            diagnostics[0], .error, .invalidJSON, token: nil, at: "\(name):\(example.location)", example.message)
    }

    // MARK: The same text downstream

    @Test("a key is the same text however it is written: unquoted, single- or double-quoted, escaped")
    func keysCompareByText() throws {
        let document = try parse(#"{ab: 1, "ab": 2, 'ab': 3, \u0061b: 4, 'a\x62': 5, "a\u0062": 6}"#, .json5)
        let keys = document.members(of: document.root).map(\.key)
        for key in keys {
            #expect(document.string(key) == "ab")
            #expect(document.stringEquals(key, "ab"))
            #expect(document.stringEquals(key, ascii: "ab"))
            #expect(document.stringStarts(key, with: UInt8(ascii: "a")))
        }
        // Unescaped keys hand out exactly the bytes of their text.
        #expect(document.withUnescapedContents(of: keys[0]) { Array($0) } == Array("ab".utf8))
        #expect(document.withUnescapedContents(of: keys[2]) { Array($0) } == Array("ab".utf8))
        #expect(document.duplicateKeys.map { document.offset($0.duplicate) } == [8, 17, 26, 38, 50])
        #expect(document.duplicateKeys.allSatisfy { $0.first == keys[0] })
        #expect(document.member("ab", of: document.root).map(document.number) == 6)
    }

    @Test("a node still takes 16 bytes, with what unquoted keys need")
    func nodeSize() {
        #expect(MemoryLayout<JSONDocument.Node>.stride == 16)
    }

    @Test("many unquoted keys go through the duplicate index as quoted ones do")
    func duplicatesInLargeJSON5Objects() throws {
        let members = (0..<20).map { "k\($0): \($0)" } + [#""k3": 3"#, "'k19': 19"]
        let document = try parse("{" + members.joined(separator: ", ") + "}", .json5)
        #expect(document.duplicateKeys.map { document.string($0.duplicate) } == ["k3", "k19"])
    }

    @Test("a JSON5 document equals its JSON twin node for node")
    func equalsAcrossDialects() throws {
        let json5 = try parse(#"{a: 'x', b: [0x10, .5, +1], 'c d': {e: "\x41"}, $f: 'a\'b'}"#, .json5)
        let json = try parse(#"{"a": "x", "b": [16, 0.5, 1], "c d": {"e": "A"}, "$f": "a'b"}"#, .json)
        #expect(json5.equals(json5.root, json, json.root))
        #expect(json.equals(json.root, json5, json5.root))
        let plain = try parse("{a: 'x', 'b': ['y', 1]}", .json5)
        #expect(!plain.subtreeMayHoldReference(plain.root))
        let reference = try parse("{a: '{b.c}', b: {'$ref': '#/x'}}", .json5)
        #expect(reference.subtreeMayHoldReference(reference.root))
    }

    // MARK: Positions

    @Test("locations count comment lines and line continuations, and point at an unquoted key's first letter")
    func locations() throws {
        let document = try parse("/* one\n two */ {\n  // three\n  key: 'a\\\nb', next: 1,\n  'q': 2\n}", .json5)
        let members = Array(document.members(of: document.root))
        #expect(document.location(ofOffset: document.offset(document.root)) == (2, 9))
        #expect(document.location(ofOffset: document.offset(members[0].key)) == (4, 3))
        #expect(document.location(ofOffset: document.offset(members[0].value)) == (4, 8))
        #expect(document.location(ofOffset: document.offset(members[1].key)) == (5, 5))
        #expect(document.location(ofOffset: document.offset(members[1].value)) == (5, 11))
        #expect(document.location(ofOffset: document.offset(members[2].key)) == (6, 3))
        #expect(document.lineStarts.count == 7)
    }

    // MARK: Through the engine

    @Test("a syntax error after comments is located by line and column in the file as written")
    func syntaxErrorLocation() throws {
        let diagnostics = resolveFailure("{\n  /* a\n     b */ \"a\": 1, // c\n  \"b\": tru\n}", name: "tokens.jsonc")
        try #require(diagnostics.count == 1)
        expectDiagnostic(
            diagnostics[0], .error, .invalidJSON, token: nil, at: "tokens.jsonc:4:8",
            "expected a value, found 'tru'; strings must be in double quotes")
    }

    @Test("token errors in a JSON5 file point at the line and column of what is wrong")
    func tokenErrorLocations() throws {
        let text = """
            /* colours
               of the brand */
            {
              color: {
                $type: 'color', // every token below
                brand: {$value: '#0055ff'},
                link: {$value: '{color.brnad}'},
                'bad': {$value: 0x10},
              },
            }
            """
        let diagnostics = resolveFailure(text, name: "brand.json5")
        try #require(diagnostics.count == 2, "\(DiagnosticError(diagnostics))")
        let reference = try single(.unresolvedReference, in: diagnostics)
        #expect(reference.location?.description == "brand.json5:7:20")
        #expect(reference.tokenPath == "color.link")
        #expect(reference.message.hasSuffix("did you mean {color.brand}?"))
        let value = try single(.invalidValue, in: diagnostics)
        #expect(value.location?.description == "brand.json5:8:21")
        #expect(value.tokenPath == "color.bad")
    }

    @Test("a duplicate key written in two spellings is reported where each is written")
    func duplicateKeyAcrossSpellings() throws {
        let theme = try ResolvedTheme.resolve([
            source("{a: {$type: 'number', $value: 1},\n 'a': {$type: 'number', $value: 2}}", name: "t.json5")
        ])
        #expect(theme.value("a") == .number(2))
        let warning = try single(.duplicateKey, in: theme.diagnostics)
        #expect(warning.location?.description == "t.json5:2:2")
        #expect(warning.notes.map(\.location?.description) == ["t.json5:1:2"])
    }

    @Test(
        "a legacy file is told by its keys: unquoted in JSON5, and never by a comment",
        arguments: [
            ("t.json5", "{size: {value: 0x10, type: 'sizing'}}"),
            ("t.jsonc", "// not \"$value\" but \"value\"\n{\"size\": {\"value\": 16, \"type\": \"sizing\"},}"),
        ])
    func legacyByKeys(name: String, text: String) throws {
        let theme = try ResolvedTheme.resolve([source(text, name: name)])
        #expect(theme.value("size") == .dimension(.init(16, .px)))
    }
}
