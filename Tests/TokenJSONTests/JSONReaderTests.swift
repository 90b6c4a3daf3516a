import Testing
import ThemeEngineTestSupport

@_spi(Engine) @testable import TokenJSON

/// One malformed document and the exact error the reader must give for it.
struct SyntaxErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var offset: Int
    var message: String

    init(_ name: String, _ text: String, at offset: Int, _ message: String) {
        self.init(name, Array(text.utf8), at: offset, message)
    }

    init(_ name: String, _ bytes: [UInt8], at offset: Int, _ message: String) {
        self.name = name
        self.bytes = bytes
        self.offset = offset
        self.message = message
    }

    var testDescription: String { name }
}

private func parse(_ text: String) throws -> JSONDocument {
    try JSONReader.parse(Array(text.utf8))
}

/// The bytes of `text` with `raw` spliced in where `text` has `@`: for invalid UTF-8 inside otherwise valid JSON.
private func bytes(_ text: String, splicing raw: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    for byte in text.utf8 {
        if byte == UInt8(ascii: "@") { result += raw } else { result.append(byte) }
    }
    return result
}

@Suite("JSON reader")
struct JSONReaderTests {
    // MARK: Valid documents

    @Test(
        "reads every kind of JSON value",
        arguments: [
            ("{}", JSONValue.object([])),
            ("[]", .array([])),
            (#""text""#, .string("text")),
            (#""""#, .string("")),
            ("0", .number(0)),
            ("-12.5e1", .number(-125)),
            ("1E+2", .number(100)),
            ("true", .bool(true)),
            ("false", .bool(false)),
            ("null", .null),
            (
                " \t\r\n [1, \"two\", [], {}, null] \r\n",
                .array([.number(1), .string("two"), .array([]), .object([]), .null])
            ),
            (
                #"{"b": {"c": [true, false]}, "a": 1}"#,
                .object([
                    .init("b", .object([.init("c", .array([.bool(true), .bool(false)]))])), .init("a", .number(1)),
                ])
            ),
        ] as [(String, JSONValue)])
    func validDocuments(text: String, expected: JSONValue) throws {
        let document = try parse(text)
        #expect(document.value(document.root) == expected)
    }

    @Test("decodes every escape, surrogate pairs and raw multi-byte UTF-8")
    func escapes() throws {
        let document = try parse(#"["\" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00", "é😀", "\u0000"]"#)
        let strings = document.elements(of: document.root).map { document.string($0) }
        #expect(strings == ["\" \\ / \u{08} \u{0C} \n \r \t é 😀", "é😀", "\u{0}"])
    }

    @Test("keeps object members in the order written")
    func memberOrder() throws {
        let document = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
        #expect(document.members(of: document.root).map { document.string($0.key) } == ["z", "a", "m"])
        #expect(document.count(document.root) == 3)
    }

    // MARK: Positions

    @Test("gives the line and column of values across lines")
    func multiLineLocations() throws {
        let document = try parse("{\n  \"a\": 1,\n  \"bb\": [true,\n    \"x\"]\n}")
        let root = document.root
        let a = try #require(document.member("a", of: root))
        let bb = try #require(document.member("bb", of: root))
        let elements = Array(document.elements(of: bb))
        #expect(document.location(ofOffset: document.offset(root)) == (1, 1))
        #expect(document.location(ofOffset: document.offset(a)) == (2, 8))
        #expect(document.location(ofOffset: document.offset(bb)) == (3, 9))
        #expect(document.location(ofOffset: document.offset(elements[0])) == (3, 10))
        #expect(document.location(ofOffset: document.offset(elements[1])) == (4, 5))
    }

    @Test("counts CRLF line breaks once")
    func crlfLocations() throws {
        let document = try parse("{\r\n  \"a\": 1\r\n}")
        let a = try #require(document.member("a", of: document.root))
        #expect(document.location(ofOffset: document.offset(a)) == (2, 8))
    }

    @Test("skips a byte order mark, which does not count as a column")
    func byteOrderMark() throws {
        let withBOM = try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1,\n \"b\": 2}".utf8))
        let a = try #require(withBOM.member("a", of: withBOM.root))
        let b = try #require(withBOM.member("b", of: withBOM.root))
        #expect(withBOM.location(ofOffset: withBOM.offset(withBOM.root)) == (1, 1))
        #expect(withBOM.location(ofOffset: withBOM.offset(a)) == (1, 7))
        #expect(withBOM.location(ofOffset: withBOM.offset(b)) == (2, 7))
        #expect(withBOM.value(withBOM.root) == .object([.init("a", .number(1)), .init("b", .number(2))]))
    }

    @Test("counts columns in Unicode scalars, not bytes, after multi-byte UTF-8")
    func multiByteColumns() throws {
        // é is 2 bytes and 😀 is 4, but each is one column.
        let document = try parse(#"{"é": 1, "😀": 2}"#)
        let first = try #require(document.member("é", of: document.root))
        let second = try #require(document.member("😀", of: document.root))
        #expect(document.offset(second) == 18)
        #expect(document.location(ofOffset: document.offset(first)) == (1, 7))
        #expect(document.location(ofOffset: document.offset(second)) == (1, 15))
    }

    @Test("counts columns far along a long line as a count from the line's start does", arguments: [false, true])
    func longLineColumns(byteOrderMark: Bool) throws {
        // Lines of several blocks of the column index, with multi-byte names, so that block boundaries fall
        // inside characters; then a short line.
        var rng = SplitMix(state: 0x10c)
        let names = ["a", "é", "😀", "xyz", "中文"]
        var members: [String] = []
        for index in 0..<3_000 { members.append("\"\(rng.pick(names))\(index)\": \(index)") }
        let text = "{" + members.joined(separator: ", ") + ",\n\"last\": [1,\n2]}"
        let bytes = (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
        #expect(bytes.count > 8 * ColumnIndex.blockSize)
        let document = try JSONReader.parse(bytes)
        let bomLength = byteOrderMark ? 3 : 0
        func counted(_ offset: Int) -> (Int, Int) {
            let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bomLength
            let line = 1 + bytes[..<offset].count(where: { $0 == UInt8(ascii: "\n") })
            return (line, 1 + bytes[lineStart..<offset].count(where: { $0 & 0xC0 != 0x80 }))
        }
        for node in 0..<document.nodes.count where node % 7 == 0 || node == document.nodes.count - 1 {
            let offset = document.offset(node)
            #expect(document.location(ofOffset: offset) == counted(offset), "node \(node) at byte \(offset)")
        }
    }
    // MARK: Duplicate keys

    @Test("records a duplicate key and keeps the later value")
    func duplicateKey() throws {
        let document = try parse(#"{"a": 1, "b": 2, "a": 3}"#)
        try #require(document.duplicateKeys.count == 1)
        let duplicate = document.duplicateKeys[0]
        #expect(document.string(duplicate.first) == "a")
        #expect(document.offset(duplicate.first) == 1)
        #expect(document.offset(duplicate.duplicate) == 17)
        #expect(document.member("a", of: document.root).map(document.number) == 3)
    }

    @Test("compares keys after decoding escapes")
    func escapedDuplicateKey() throws {
        let document = try parse(#"{"a": 1, "\u0061": 2, "b\/": 3, "b/": 4}"#)
        #expect(document.duplicateKeys.count == 2)
        #expect(document.duplicateKeys.map { document.offset($0.duplicate) } == [9, 32])
    }

    @Test("does not report equal keys of different objects, or different keys with a shared prefix")
    func noDuplicates() throws {
        let document = try parse(#"{"a": {"x": 1}, "b": {"x": 2}, "x": [{"x": 3}], "ab": 1, "a b": 2}"#)
        #expect(document.duplicateKeys.isEmpty)
    }

    @Test("finds duplicates in objects with many keys", arguments: [7, 8, 9, 40])
    func duplicatesInLargeObjects(keyCount: Int) throws {
        // Up to 8 keys are compared in a list, more through an index built on the 9th.
        var members = (0..<keyCount).map { #""k\#($0)": \#($0)"# }
        members.append(#""k0": "again""#)
        members.append(#""k\#(keyCount - 1)": "last again""#)
        let document = try parse("{" + members.joined(separator: ", ") + "}")
        #expect(document.duplicateKeys.count == 2)
        #expect(document.duplicateKeys.map { document.string($0.first) } == ["k0", "k\(keyCount - 1)"])
        #expect(document.duplicateKeys.map { document.string($0.duplicate) } == ["k0", "k\(keyCount - 1)"])
        #expect(document.member("k0", of: document.root).map(document.string) == "again")
    }

    @Test("finds duplicates in each large object, however they nest and follow one another")
    func duplicatesInSuccessiveLargeObjects() throws {
        // The reader reuses its key indexes, one for each open object that has one: what one object recorded must
        // not count in the next, and an object's index must not be disturbed by one nested inside it.
        func object(_ count: Int, repeating repeated: Int?, inner: String? = nil, at position: Int? = nil) -> String {
            var members = (0..<count).map { #""k\#($0)": \#($0)"# }
            if let inner { members.insert(#""inner": \#(inner)"#, at: position ?? count / 2) }
            if let repeated { members.append(#""k\#(repeated)": "again""#) }
            return "{" + members.joined(separator: ", ") + "}"
        }
        // The second object is indexed before its inner one is; the third's inner one is indexed first, and the
        // object itself after, with the index the inner one used.
        let objects = [
            object(20, repeating: nil), object(20, repeating: 3, inner: object(300, repeating: 299)),
            object(200, repeating: 150, inner: object(30, repeating: 29), at: 2),
        ]
        let text = "[" + objects.joined(separator: ", ") + "]"
        let document = try parse(text)
        // Each first occurrence is the one in the duplicate's own object: the first after that object's start.
        let bytes = Array(text.utf8)
        func offset(of needle: String, from start: Int) -> Int {
            let needle = Array(needle.utf8)
            return (start...bytes.count - needle.count).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }!
        }
        let second = offset(of: "{", from: 1 + objects[0].utf8.count)
        let third = offset(of: "{", from: second + objects[1].utf8.count)
        let inner = offset(of: #""inner""#, from: second)
        let lastInner = offset(of: #""inner""#, from: third)
        func firstOffset(of key: String, after start: Int) -> Int { offset(of: #""\#(key)""#, from: start) }
        #expect(document.duplicateKeys.map { document.string($0.duplicate) } == ["k299", "k3", "k29", "k150"])
        #expect(
            document.duplicateKeys.map { document.offset($0.first) } == [
                firstOffset(of: "k299", after: inner), firstOffset(of: "k3", after: second),
                firstOffset(of: "k29", after: lastInner), firstOffset(of: "k150", after: third),
            ])
    }

    // MARK: Syntax errors

    static let syntaxErrors: [SyntaxErrorCase] = [
        .init(
            "trailing comma in an object", #"{"a": 1,}"#, at: 7,
            "trailing comma before '}'; remove the comma, or rename the file to .jsonc to allow trailing commas"),
        .init(
            "trailing comma in an object, then a line break", "{\"a\": 1,\n}", at: 7,
            "trailing comma before '}'; remove the comma, or rename the file to .jsonc to allow trailing commas"),
        .init(
            "trailing comma in an array", "[1, 2,]", at: 5,
            "trailing comma before ']'; remove the comma, or rename the file to .jsonc to allow trailing commas"),
        .init(
            "line comment", "{\"a\": 1 // note\n}", at: 8,
            #"comments are not allowed in JSON; use "$description" to document a token or group, or rename the file to .jsonc to allow comments"#
        ),
        .init(
            "block comment before a key", #"{/* note */ "a": 1}"#, at: 1,
            #"comments are not allowed in JSON; use "$description" to document a token or group, or rename the file to .jsonc to allow comments"#
        ),
        .init(
            "comment before the document", "// tokens\n{}", at: 0,
            #"comments are not allowed in JSON; use "$description" to document a token or group, or rename the file to .jsonc to allow comments"#
        ),
        .init(
            "comment after the document", "{} /* end */", at: 3,
            #"comments are not allowed in JSON; use "$description" to document a token or group, or rename the file to .jsonc to allow comments"#
        ),
        .init("NaN", #"{"a": NaN}"#, at: 6, "NaN is not a JSON number"),
        .init("Infinity", "[Infinity]", at: 1, "Infinity is not a JSON number"),
        .init("-Infinity", "[-Infinity]", at: 1, "-Infinity is not a JSON number"),
        .init("leading zero", "[012]", at: 1, "numbers must not have leading zeros"),
        .init("leading zero after a minus", "[1, -007]", at: 4, "numbers must not have leading zeros"),
        .init("no digit after the decimal point", "[1.]", at: 1, "expected a digit after the decimal point"),
        .init("no digit before the decimal point", "[.5]", at: 1, "expected a value, found '.'"),
        .init("no digit after a minus", "[-]", at: 1, "expected a digit after '-'"),
        .init("no digit in the exponent", "[1e+]", at: 1, "expected a digit in the exponent"),
        .init("number too large", "[1e400]", at: 1, "number 1e400 is too large"),
        .init("negative number too large", #"{"n": -1E+400}"#, at: 6, "number -1E+400 is too large"),
        .init(
            "number too small, which would read as 0", "[1e-400]", at: 1,
            "number 1e-400 is too small: it would read as 0"),
        .init(
            "negative number too small", #"{"n": -2.5E-999}"#, at: 6,
            "number -2.5E-999 is too small: it would read as 0"),
        .init(
            "291 digits times 1e99: too large with a two-digit exponent",
            "[" + String(repeating: "9", count: 291) + "e99]", at: 1,
            "number " + String(repeating: "9", count: 291) + "e99 is too large"),
        .init(
            "single-quoted key", "{'a': 1}", at: 1,
            "keys must be in double quotes, not single quotes; rename the file to .json5 to allow single quotes"),
        .init(
            "single-quoted value", #"["a", 'b']"#, at: 6,
            "strings must be in double quotes, not single quotes; rename the file to .json5 to allow single quotes"),
        .init("bare word", #"{"a": red}"#, at: 6, "expected a value, found 'red'; strings must be in double quotes"),
        .init(
            "capitalised literal", "[True]", at: 1,
            "'True' is not a JSON value; JSON literals are true, false and null (lower case)"),
        .init("truncated literal", "[tru]", at: 1, "expected a value, found 'tru'; strings must be in double quotes"),
        .init(
            "control character in a string", "[\"a\u{01}b\"]", at: 3,
            "control character U+0001 must be escaped inside a string (unterminated string?)"),
        .init("tab in a string", "[\"a\tb\"]", at: 3, "a tab must be escaped inside a string (unterminated string?)"),
        .init(
            "line break in a string", "[\"a\nb\"]", at: 3,
            "a line break must be escaped inside a string (unterminated string?)"),
        .init(
            "invalid escape", #"["\x"]"#, at: 2,
            #"invalid escape sequence '\x'; valid escapes are \" \\ \/ \b \f \n \r \t \uXXXX"#),
        .init(
            "escaped single quote", #"["it\'s"]"#, at: 4,
            #"invalid escape sequence '\''; valid escapes are \" \\ \/ \b \f \n \r \t \uXXXX"#),
        .init("\\u with a non-hex digit", #"["\u12G4"]"#, at: 2, #"invalid \u escape; expected four hex digits"#),
        .init("\\u with too few digits", #"["\u12"]"#, at: 2, #"invalid \u escape; expected four hex digits"#),
        .init(
            "lone high surrogate", #"["\uD800"]"#, at: 2,
            #"\uD800 is a lone high surrogate; it must be followed by a low surrogate escape"#),
        .init(
            "high surrogate before a non-surrogate", #"["a\ud800\u0041"]"#, at: 3,
            #"\uD800 is a lone high surrogate; it must be followed by a low surrogate escape"#),
        .init("lone low surrogate", #"["\uDC00"]"#, at: 2, #"\uDC00 is a lone low surrogate"#),
        .init(
            "UTF-8 byte 0xFF", bytes(#"["@"]"#, splicing: [0xFF]), at: 2,
            "invalid UTF-8 byte 0xFF; the file must be UTF-8"),
        .init(
            "overlong UTF-8 (0xC0 0x80)", bytes(#"["@"]"#, splicing: [0xC0, 0x80]), at: 2,
            "invalid UTF-8 byte 0xC0; the file must be UTF-8"),
        .init(
            "overlong UTF-8 (0xE0 0x80 0x80)", bytes(#"["ab@"]"#, splicing: [0xE0, 0x80, 0x80]), at: 4,
            "invalid UTF-8 sequence starting with byte 0xE0; the file must be UTF-8"),
        .init(
            "stray continuation byte", bytes(#"["@"]"#, splicing: [0x80]), at: 2,
            "invalid UTF-8 byte 0x80; the file must be UTF-8"),
        .init(
            "truncated UTF-8 at the end of the file", bytes(#"["@"#, splicing: [0xE2, 0x82]), at: 2,
            "truncated UTF-8 sequence; the file must be UTF-8"),
        .init(
            "truncated UTF-8 before the closing quote", bytes(#"["@"]"#, splicing: [0xE2, 0x82]), at: 2,
            "invalid UTF-8 sequence starting with byte 0xE2; the file must be UTF-8"),
        .init(
            "UTF-8 encoded surrogate (0xED 0xA0 0x80)", bytes(#"["@"]"#, splicing: [0xED, 0xA0, 0x80]), at: 2,
            "invalid UTF-8 sequence starting with byte 0xED; the file must be UTF-8"),
        .init(
            "UTF-8 above U+10FFFF", bytes(#"["@"]"#, splicing: [0xF4, 0x90, 0x80, 0x80]), at: 2,
            "invalid UTF-8 sequence starting with byte 0xF4; the file must be UTF-8"),
        .init("unterminated string", #"{"a": "abc"#, at: 6, #"unterminated string; expected a closing '"'"#),
        .init("unterminated key", #"{"ab"#, at: 1, #"unterminated string; expected a closing '"'"#),
        .init("empty file", "", at: 0, "the file is empty; expected a JSON value"),
        .init("only whitespace", " \n\t", at: 3, "the file is empty; expected a JSON value"),
        .init("only a byte order mark", [0xEF, 0xBB, 0xBF], at: 3, "the file is empty; expected a JSON value"),
        .init("trailing garbage", "{} x", at: 3, "unexpected 'x' after the end of the JSON value"),
        .init("extra closing brace", "{}}", at: 2, "unexpected '}' after the end of the JSON value"),
        .init("two values", "1 2", at: 2, "unexpected '2' after the end of the JSON value"),
        .init("missing colon", #"{"a" 1}"#, at: 5, "expected ':' after the key, found '1'"),
        .init(
            "missing comma between members", #"{"a": 1 "b": 2}"#, at: 8,
            #"expected ',' or '}' after an object member, found '"'"#),
        .init(
            "missing comma between elements", "[1 2]", at: 3, "expected ',' or ']' after an array element, found '2'"),
        .init(
            "unquoted key", "{a: 1}", at: 1,
            "expected a key in double quotes, found 'a'; rename the file to .json5 to allow keys without quotes"),
        .init(
            "unquoted key starting with $", "{$type: 1}", at: 1,
            "expected a key in double quotes, found '$type'; rename the file to .json5 to allow keys without quotes"),
        .init("number as a key", "{1: 1}", at: 1, "expected a key in double quotes, found '1'"),
        .init("leading comma in an object", "{,}", at: 1, "expected a key or '}', found ','"),
        .init("leading comma in an array", "[,1]", at: 1, "expected a value or ']', found ','"),
        .init("unclosed array", "[1,", at: 3, "unexpected end of file; expected a value"),
        .init("unclosed object", #"{"a": 1"#, at: 7, "unexpected end of file; expected ',' or '}'"),
        .init(
            "a no-break space, shown by its code point", "{\"a\": \u{A0}1}", at: 6, #"expected a value, found '\u{A0}'"#
        ),
        .init("a letter beyond ASCII, shown whole", #"{"a": é}"#, at: 6, "expected a value, found 'é'"),
        .init("an emoji, shown whole", "[😀]", at: 1, "expected a value, found '😀'"),
        .init(
            "a byte that starts no UTF-8 character", [0x5B, 0xFF, 0x5D], at: 1,
            "expected a value, found the byte 0xFF, which starts no valid UTF-8 character here"),
        .init(
            "a UTF-16 file", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], at: 0,
            "expected a value, found a UTF-16 byte order mark; token files are read as UTF-8, so save it as UTF-8"),
    ]

    @Test("rejects malformed JSON with the exact offset and message", arguments: syntaxErrors)
    func syntaxError(_ example: SyntaxErrorCase) {
        #expect(throws: JSONReader.SyntaxError(offset: example.offset, message: example.message)) {
            try JSONReader.parse(example.bytes)
        }
    }

    @Test(
        "accepts the valid neighbours of those errors",
        arguments: [
            ("[0]", JSONValue.array([.number(0)])), ("[-0]", .array([.number(-0.0)])),
            ("[0.5]", .array([.number(0.5)])),
            ("[10]", .array([.number(10)])), ("[1e308]", .array([.number(1e308)])), ("[0e-400]", .array([.number(0)])),
            ("[-1.5E-3]", .array([.number(-0.0015)])),
            (#"["\uD83D\uDE00"]"#, .array([.string("😀")])), (#"["\u00e9"]"#, .array([.string("é")])),
            ("[\"\u{7F}\"]", .array([.string("\u{7F}")])), ("[\"€𝄞\"]", .array([.string("€𝄞")])),
            ("{\"a\": 1}\n", .object([.init("a", .number(1))])), ("\u{FEFF}{}", .object([])),
        ] as [(String, JSONValue)])
    func validNeighbours(text: String, expected: JSONValue) throws {
        let document = try parse(text)
        #expect(document.value(document.root) == expected)
    }

    // MARK: Depth

    @Test(
        "fails cleanly, with the depth error, on 200,000 levels of nesting (closed or not)", arguments: [false, true])
    func deepArrays(closed: Bool) {
        let depth = 200_000
        let bytes =
            [UInt8](repeating: UInt8(ascii: "["), count: depth)
            + (closed ? [UInt8](repeating: UInt8(ascii: "]"), count: depth) : [])
        #expect(
            throws: JSONReader.SyntaxError(
                offset: 1_000, message: "nesting is deeper than 1000 levels; token files are never this deep")
        ) {
            try JSONReader.parse(bytes)
        }
    }

    @Test("fails cleanly on 200,000 levels of nested objects")
    func deepObjects() {
        let bytes = Array(String(repeating: #"{"a":"#, count: 200_000).utf8)
        #expect(
            throws: JSONReader.SyntaxError(
                offset: 5_000, message: "nesting is deeper than 1000 levels; token files are never this deep")
        ) {
            try JSONReader.parse(bytes)
        }
    }

    @Test("reads nesting up to the limit")
    func nestingAtTheLimit() throws {
        let depth = JSONReader.maximumDepth
        let document = try JSONReader.parse(
            Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
        #expect(document.nodes.count == depth)
        var value = document.value(document.root)
        var levels = 0
        while case .array(let elements) = value {
            levels += 1
            guard let first = elements.first else { break }
            value = first
        }
        #expect(levels == depth)
    }

    // MARK: Numbers

    @Test(
        "reads numbers exactly (correctly rounded)",
        arguments: [
            ("0.1", 0.1),
            ("0.3333333333333333", 0.3333333333333333),
            ("1e-7", 1e-7),
            ("123456789012345678", 123456789012345678.0),
            ("5e-324", Double.leastNonzeroMagnitude),
            ("0e-400", 0),
            ("0.000e-999", 0),
            ("1e-320", 1e-320),
            ("9007199254740993", 9007199254740992.0),
            ("1.7976931348623157e308", 1.7976931348623157e308),
            ("2.2250738585072014e-308", 2.2250738585072014e-308),
            ("0.30000000000000004", 0.30000000000000004),
            ("1234567890.12345", 1234567890.12345),
            ("-1.5", -1.5),
            ("100", 100.0),
            ("1E2", 100.0),
            ("0.1e1", 1.0),
            // 16 to 19 digits, read without a string: a colour component, ties to even, the longest fractions.
            ("0.9647058823529412", 0.9647058823529412),
            ("9007199254740993.0", 9007199254740992.0),
            ("9007199254740995.0", 9007199254740996.0),
            ("18014398509481986.00", 18014398509481984.0),
            ("18014398509481990.0", 18014398509481992.0),
            ("0.1234567890123456789", 0.1234567890123456789),
            ("0.000000001234567890123456789", 0.000000001234567890123456789),
            ("9999999999999999999", 9999999999999999999.0),
            ("-0.00000000000000000000000000", -0.0),
        ] as [(String, Double)])
    func exactNumbers(text: String, expected: Double) throws {
        let document = try parse("[\(text)]")
        let node = try #require(document.elements(of: document.root).first(where: { _ in true }))
        #expect(document.number(node) == expected)
        #expect(document.number(node).bitPattern == expected.bitPattern)
    }

    @Test("reads decimals of up to 19 digits as `Double(String)` does, ties and near-ties included")
    func longDecimals() {
        var rng = SplitMix(state: 0x5eed_d1617)
        func expectSame(_ text: String) {
            let read = JSONReader.parseNumber(Array(text.utf8))
            let expected = Double(text)!
            #expect(read.bitPattern == expected.bitPattern, "\(text): \(read) against \(expected)")
        }
        for _ in 0..<100_000 {
            // 1 to 19 digits, the point anywhere among them or before leading zeros (up to 27 fraction digits).
            let count = Int.random(in: 1...19, using: &rng)
            var digits = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            let leadingZeros = Int.random(in: 0...max(0, 27 - count), using: &rng)
            let point = Int.random(in: 0...count, using: &rng)
            if Bool.random(using: &rng) {
                digits = "0." + String(repeating: "0", count: leadingZeros) + digits
            } else {
                digits.insert(".", at: digits.index(digits.startIndex, offsetBy: point))
                if digits.first == "." { digits = "0" + digits }
                if digits.last == "." { digits += "0" }
            }
            expectSame((Bool.random(using: &rng) ? "-" : "") + digits)
        }
        for _ in 0..<20_000 {
            // Exact ties between two doubles, and their neighbours, from 2^53 up: odd multiples of half an ulp.
            let bits = Int.random(in: 53...62, using: &rng)
            let ulp = UInt64(1) << (bits - 52)
            let tie = (UInt64(1) << bits) + ulp * UInt64.random(in: 0..<(1 << 20), using: &rng) + ulp / 2
            for value in [tie - 1, tie, tie + 1] {
                // As an integer, and with as many fraction zeros as 19 digits allow.
                let text = String(value)
                for zeros in 0...max(0, 19 - text.count) {
                    expectSame(zeros == 0 ? text : text + "." + String(repeating: "0", count: zeros))
                }
            }
        }
    }

    @Test("reads -0 as negative zero")
    func negativeZero() throws {
        let document = try parse("-0")
        #expect(document.number(document.root) == 0)
        #expect(document.number(document.root).sign == .minus)
    }
}
