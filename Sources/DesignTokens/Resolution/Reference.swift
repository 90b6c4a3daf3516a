@_spi(Engine) import TokenJSON

/// A reference written inside a token's value, in any of the notations ThemeEngine reads:
/// `"{group.token}"` (DTCG), `"<group.token>"` (the product brief's notation) and
/// `{"$ref": "#/group/token/$value/…"}` (JSON Pointer, which may point inside a value).
struct Reference: Sendable {
    enum Syntax: Sendable {
        case curly, angle, pointer
    }

    var syntax: Syntax
    /// The referenced token's path, dotted.
    var target: String
    /// For a pointer into a value, the pointer's segments after `$value`.
    var valuePath: [String]
    /// The reference as written, for messages: `{a.b}`, `<a.b>`, `#/a/b/$value`.
    var text: String { writtenText ?? "{\(target)}" }
    /// The text as written; nil for a curly reference read by ``curly(_:node:memberPath:)``, which is exactly
    /// `{target}` and is only spelled out when a message needs it.
    private var writtenText: String?
    /// The node that holds the reference (the string, or the `$ref` object).
    var node: Int
    /// Where the reference sits inside the token's value: `[]` for the whole value, `["color"]` for a border's
    /// colour, `["0", "color"]` inside the first shadow.
    var memberPath: [String]
    /// For a reference inside text (`"1px solid {color.border}"`), where it is written in the string: the UTF-8
    /// offsets of its `{…}`. Nil for a reference that is the whole string or object.
    var placeholder: Range<Int>?

    init(
        syntax: Syntax, target: String, valuePath: [String], text: String?, node: Int, memberPath: [String],
        placeholder: Range<Int>? = nil
    ) {
        self.syntax = syntax
        self.target = target
        self.valuePath = valuePath
        self.writtenText = text
        self.node = node
        self.memberPath = memberPath
        self.placeholder = placeholder
    }

    /// The common case, read straight from the bytes of a string literal (without its quotes): a well-formed
    /// `{a.b.c}` in ASCII. Returns nil for anything else, which ``parse(string:node:memberPath:)`` then reads
    /// (and explains, when it is a broken reference). For ASCII text this accepts exactly what `parseCurly`
    /// accepts.
    static func curly(_ bytes: UnsafeBufferPointer<UInt8>, node: Int, memberPath: [String]) -> Reference? {
        guard isPlainCurly(bytes) else { return nil }
        let count = bytes.count
        let target = String(decoding: UnsafeBufferPointer(rebasing: bytes[1..<count - 1]), as: UTF8.self)
        return Reference(syntax: .curly, target: target, valuePath: [], text: nil, node: node, memberPath: memberPath)
    }

    /// Whether the bytes are a well-formed ASCII `{a.b.c}` (whose target is then the bytes inside the braces).
    static func isPlainCurly(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count > 2, bytes[0] == UInt8(ascii: "{"), bytes[count - 1] == UInt8(ascii: "}") else { return false }
        var segmentStart = 1
        for index in 1..<count - 1 {
            let byte = bytes[index]
            if byte >= 0x80 || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { return false }
            if byte == UInt8(ascii: ".") {
                guard segmentIsValid(bytes, segmentStart, index) else { return false }
                segmentStart = index + 1
            }
        }
        return segmentIsValid(bytes, segmentStart, count - 1)
    }

    /// A segment `start..<end` is not empty and neither starts nor ends with white space (Unicode White_Space,
    /// which in ASCII is tab, line feed, vertical tab, form feed, carriage return and space).
    private static func segmentIsValid(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        start < end && !isWhiteSpace(bytes[start]) && !isWhiteSpace(bytes[end - 1])
    }

    /// Whether a byte is ASCII white space (Unicode White_Space in ASCII: tab, line feed, vertical tab, form feed,
    /// carriage return, space), which a name in a reference may not start or end with.
    static func isWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// What a string or `$ref` object in a value turned out to be.
    enum Parsed {
        case reference(Reference)
        /// Text with references inside it (Style Dictionary's string interpolation), in order.
        case interpolation([Reference])
        case invalid(String)
    }

    /// Reads a string value: a reference, text with references inside it, an invalid attempt at either, or (nil)
    /// plain text.
    static func parse(string text: String, node: Int, memberPath: [String]) -> Parsed? {
        guard let first = text.utf8.first else { return nil }
        if let placeholders = placeholders(in: text), placeholders.count > 1 || placeholders[0] != 0..<text.utf8.count {
            var references: [Reference] = []
            let bytes = Array(text.utf8)
            for range in placeholders {
                let written = String(decoding: bytes[range], as: UTF8.self)
                guard let segments = parseCurly(written) else {
                    return .invalid("\"\(text)\": \(curlyProblem(written))")
                }
                references.append(
                    Reference(
                        syntax: .curly, target: segments.joined(separator: "."), valuePath: [], text: written,
                        node: node,
                        memberPath: memberPath, placeholder: range))
            }
            return .interpolation(references)
        }
        if first == UInt8(ascii: "{") {
            guard let segments = parseCurly(text) else {
                return .invalid(curlyProblem(text))
            }
            return .reference(
                Reference(
                    syntax: .curly, target: segments.joined(separator: "."), valuePath: [], text: text, node: node,
                    memberPath: memberPath))
        }
        if first == UInt8(ascii: "<"), text.utf8.last == UInt8(ascii: ">"), text.utf8.count > 2 {
            let inner = text.dropFirst().dropLast()
            // At least two names (`<group.token>`), so plain strings such as "<Mono>" stay strings.
            let isPathLike =
                inner.contains(".") && !inner.contains { $0 == " " || $0 == "<" || $0 == ">" || $0 == "\t" }
            if isPathLike {
                let segments = inner.split(separator: ".", omittingEmptySubsequences: false)
                guard !segments.contains(where: \.isEmpty), !inner.contains("{"), !inner.contains("}") else {
                    return .invalid(
                        "\(text) is not a valid reference: a reference is dot-separated token names, such as <color.brand>"
                    )
                }
                return .reference(
                    Reference(
                        syntax: .angle, target: String(inner), valuePath: [], text: text, node: node,
                        memberPath: memberPath))
            }
        }
        if let open = text.firstIndex(of: "{"), text[open...].contains("}") {
            return .invalid(
                "\"\(text)\" has a \"{\" or \"}\" that does not pair up; a reference inside text is written {group.token}"
            )
        }
        return nil
    }

    /// The UTF-8 ranges of the `{…}` in `text`, each a `{`, then no brace, then a `}`; nil when there is none, or
    /// when a brace does not pair up (`{a{b}}`, `{a} }`), which makes the text neither plain nor references.
    static func placeholders(in text: String) -> [Range<Int>]? {
        var ranges: [Range<Int>] = []
        var open: Int?
        var unpaired = false
        for (offset, byte) in text.utf8.enumerated() {
            if byte == UInt8(ascii: "{") {
                if open != nil { unpaired = true }
                open = offset
            } else if byte == UInt8(ascii: "}") {
                guard let start = open else {
                    unpaired = true
                    continue
                }
                ranges.append(start..<offset + 1)
                open = nil
            }
        }
        guard !ranges.isEmpty, !unpaired, open == nil else { return nil }
        return ranges
    }

    /// The message of a reference that is not allowed inside text where a value of a type is expected.
    static func notInText(_ text: String) -> String {
        "\"\(text)\" embeds a reference in text; a reference must be the whole value, such as \"{color.brand}\""
    }

    /// The segments of a well-formed `{a.b.c}`, or nil.
    static func parseCurly(_ text: String) -> [String]? {
        guard text.utf8.count > 2, text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}") else { return nil }
        let segments = inner.split(separator: ".", omittingEmptySubsequences: false)
        guard !segments.contains(where: { $0.isEmpty || $0.first!.isWhitespace || $0.last!.isWhitespace }) else {
            return nil
        }
        return segments.map(String.init)
    }

    private static func curlyProblem(_ text: String) -> String {
        if !text.hasSuffix("}") { return "\(text) is not a valid reference: it has no closing \"}\"" }
        if text == "{}" { return "{} is not a valid reference: it names no token" }
        if text.dropFirst().dropLast().contains(where: { $0 == "{" || $0 == "}" }) {
            return "\(text) is not a valid reference: a reference names one token, such as {color.brand}"
        }
        if text.contains(" ") {
            return "\(text) is not a valid reference: token names in a reference must not start or end with spaces"
        }
        return
            "\(text) is not a valid reference: it has an empty name; write dot-separated names, such as {color.brand}"
    }

    /// Reads the pointer of a `$ref` object (`#/a/b/$value/components/0`) into a reference.
    static func parse(pointer: String, node: Int, memberPath: [String]) -> Parsed {
        guard pointer.hasPrefix("#/") else {
            if pointer.contains("#") {
                return .invalid(
                    "\(pointer) points into another file; only references within the layered token files are supported (add that file with --tokens)"
                )
            }
            return .invalid(
                "\(pointer) is not a JSON Pointer into this token set; write \"#/group/token\" or \"#/group/token/$value/…\""
            )
        }
        var segments = pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map(
            JSONPointer.unescaped)
        var valuePath: [String] = []
        if let valueIndex = segments.firstIndex(of: "$value") {
            valuePath = Array(segments[(valueIndex + 1)...])
            segments = Array(segments[..<valueIndex])
        }
        guard !segments.isEmpty, !segments.contains(where: { $0.isEmpty || TokenFile.nameProblem($0) != nil }) else {
            return .invalid(
                "\(pointer) does not point at a token; write \"#/group/token\" or \"#/group/token/$value/…\"")
        }
        return .reference(
            Reference(
                syntax: .pointer, target: segments.joined(separator: "."), valuePath: valuePath, text: pointer,
                node: node, memberPath: memberPath))
    }

    /// How a reference to `path` is written in the same notation as this one (for suggestions).
    func written(_ path: String) -> String {
        switch syntax {
        case .curly: "{\(path)}"
        case .angle: "<\(path)>"
        case .pointer:
            JSONPointer.fragment(toPath: path)
                + (valuePath.isEmpty ? "" : "/$value/" + valuePath.map(JSONPointer.escaped).joined(separator: "/"))
        }
    }
}
