#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON reader over UTF-8 bytes that keeps the position of every value: strict JSON (RFC 8259), or JSONC or
/// JSON5 when a file's name asks for them (``JSONDialect``).
///
/// It is iterative (an explicit stack), so no input can overflow the call stack: nesting is capped at
/// ``maximumDepth`` with a located error. In strict JSON it rejects what lenient readers let through, each with the
/// byte offset where the problem starts: comments, trailing commas, `NaN` and `Infinity`, numbers out of range (too
/// large, or too small to be told from 0), leading zeros, unescaped control characters, invalid escapes and lone
/// surrogates, and invalid UTF-8 anywhere. A UTF-8 byte order mark at the
/// start is skipped. Duplicate keys are not an error here: they are recorded in ``JSONDocument/duplicateKeys`` for
/// the caller to report.
///
/// What JSONC and JSON5 add is read where strict JSON would stop with an error (`JSONReader+Dialects.swift`), out
/// of line, so reading strict JSON takes the same steps as if there were no dialects; where white space ends is
/// tested against a bound set per dialect (``tokenFloor``) rather than a constant.
struct JSONReader {
    /// A syntax error at a byte offset.
    struct SyntaxError: Error, Sendable, Equatable {
        var offset: Int
        var message: String
    }

    /// Deeper nesting than this is reported as an error instead of being parsed.
    static let maximumDepth = 1_000

    /// Parses a source into a document, in the dialect its name chooses (``TokenSource/dialect``).
    /// - Throws: ``SyntaxError`` for the first syntax error (JSON cannot be read past one reliably).
    static func parse(_ source: TokenSource) throws(SyntaxError) -> JSONDocument {
        try parse(source.contents, dialect: source.dialect)
    }

    /// Parses `bytes` into a document.
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - dialect: what the text may be written in beyond strict JSON.
    /// - Throws: ``SyntaxError`` for the first syntax error (JSON cannot be read past one reliably).
    static func parse(_ bytes: [UInt8], dialect: JSONDialect = .json) throws(SyntaxError) -> JSONDocument {
        try parse(SourceBytes(bytes), dialect: dialect)
    }

    /// Parses `bytes` into a document.
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - dialect: what the text may be written in beyond strict JSON.
    /// - Throws: ``SyntaxError`` for the first syntax error (JSON cannot be read past one reliably).
    static func parse(_ bytes: SourceBytes, dialect: JSONDialect = .json) throws(SyntaxError) -> JSONDocument {
        // Offsets are stored in 32 bits.
        guard bytes.count < Int(UInt32.max) else {
            throw SyntaxError(offset: 0, message: "the file is 4 GiB or larger; token files are read whole and must be smaller")
        }
        // The reader works on borrowed bytes: no bounds or uniqueness checks on the ~10 reads per byte.
        let parsed = try bytes.withUnsafeBufferPointer { (buffer) throws(SyntaxError) in
            var reader = JSONReader(bytes: buffer, dialect: dialect)
            try reader.parseDocument()
            return (reader.nodes, reader.lineStarts, reader.duplicateKeys)
        }
        return JSONDocument(bytes: bytes, nodes: parsed.0, lineStarts: parsed.1, duplicateKeys: parsed.2)
    }

    // The reader is made only by `parse`, so what is not private here is still used by the reader alone: by its
    // dialects' extension (`JSONReader+Dialects.swift`).

    let bytes: UnsafeBufferPointer<UInt8>
    let dialect: JSONDialect
    /// Above this, read as a signed byte, a byte after white space surely starts a token, so white space is skipped
    /// without a look further: the space in strict JSON; in a dialect `/`, which starts a comment, with the bytes of
    /// 0x80 and up (negative here) left to look at too, where JSON5 has white space of its own.
    let tokenFloor: Int8
    /// The offset of the next byte to read.
    var position = 0
    private(set) var nodes: [JSONDocument.Node] = []
    /// The offset where each line starts: the reader records a line wherever it reads a line feed.
    var lineStarts: [UInt32] = [0]
    /// A problem met while skipping white space (in a comment), which does not throw: reading stops there (at the
    /// end of the bytes), and the error the end then causes is this one (``error(_:at:)``).
    var whitespaceError: SyntaxError?
    private(set) var duplicateKeys: [JSONDocument.DuplicateKey] = []
    /// Open containers, innermost last.
    private var stack: [Frame] = []
    /// The key indexes of the open objects that have one (``Frame/index``).
    private var indexes: [KeyHashIndex] = []

    /// The keys of the open objects, (hash, key node), each object's after its parent's.
    private var keys: [(hash: UInt64, node: Int)] = []

    /// A plain value (copying one retains nothing), read and written in place on every element.
    private struct Frame {
        var node: Int
        var isObject: Bool
        /// Where this object's keys start in `keys`.
        var keysStart: Int
        /// Elements or members so far.
        var count: UInt32 = 0
        /// The position in `indexes` of this object's key index, built once it has many keys so duplicate
        /// detection stays linear (the first key node of each hash); -1 before.
        var index: Int = -1
    }

    /// A reader over borrowed bytes.
    private init(bytes: UnsafeBufferPointer<UInt8>, dialect: JSONDialect) {
        self.bytes = bytes
        self.dialect = dialect
        tokenFloor = dialect == .json ? 0x20 : 0x2F
        nodes.reserveCapacity(bytes.count / 8)
    }

    // MARK: Structure

    /// How many bytes a UTF-8 byte order mark takes at the start of `bytes`: 3, or 0 when there is none. RFC 8259
    /// lets a parser ignore one; every reading of a token file here (parsing, locating, quoting) starts past it.
    package static func byteOrderMarkLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    private mutating func parseDocument() throws(SyntaxError) {
        position = Self.byteOrderMarkLength(bytes)
        skipWhitespace()
        guard position < bytes.count else { throw error("the file is empty; expected a JSON value") }
        try parseValue()
        try closeValues()
        skipWhitespace()
        if let whitespaceError { throw whitespaceError }
        if position < bytes.count {
            try checkForComment()
            throw error("unexpected \(describe(at: position)) after the end of the JSON value")
        }
    }

    /// Reads on after a value until every container it opened is closed.
    private mutating func closeValues() throws(SyntaxError) {
        while true {
            // After a complete value: close containers or move to the next element.
            skipWhitespace()
            guard !stack.isEmpty else { break }
            let frame = stack[stack.count - 1]  // a plain struct: no retain
            guard position < bytes.count else {
                throw error(frame.isObject ? "unexpected end of file; expected ',' or '}'" : "unexpected end of file; expected ',' or ']'")
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
                if frame.isObject {
                    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                        try closeAfterTrailingComma()
                        continue
                    }
                    try parseMemberKey()
                } else if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    try closeAfterTrailingComma()
                    continue
                }
                try parseValue()
            } else if byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                position += 1
                closeContainer()
            } else {
                try checkForComment()
                let expected = frame.isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
                throw error("expected \(expected), found \(describe(at: position))")
            }
        }
    }

    /// Parses one value; for a container, opens it and, unless it is empty, parses up to its first value.
    private mutating func parseValue() throws(SyntaxError) {
        while true {
            guard position < bytes.count else { throw error("unexpected end of file; expected a value") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                guard stack.count < Self.maximumDepth else {
                    throw error("nesting is deeper than \(Self.maximumDepth) levels; token files are never this deep")
                }
                countElement()
                stack.append(Frame(node: nodes.count, isObject: isObject, keysStart: keys.count))
                nodes.append(.init(kind: isObject ? .object : .array, isEscaped: false, offset: UInt32(position), length: 0, end: 0))
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    closeContainer()
                    return
                }
                if isObject {
                    if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                        throw error("expected a key or '}', found ','")
                    }
                    try parseMemberKey()
                } else if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                    throw error("expected a value or ']', found ','")
                }
                continue  // parse the first element or member value
            default:
                // (A value that is no scalar either is an error, thrown below, so counting it first changes nothing.)
                countElement()
                guard try parseScalar() else {
                    try checkForComment()
                    throw error(unexpectedValueMessage())
                }
            }
            return
        }
    }

    /// Parses the string, number, `true`, `false` or `null` at ``position`` into a node; false, with nothing read,
    /// when no scalar starts there.
    private mutating func parseScalar() throws(SyntaxError) -> Bool {
        switch bytes[position] {
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        case UInt8(ascii: "t"): try parseLiteral("true", kind: .true)
        case UInt8(ascii: "f"): try parseLiteral("false", kind: .false)
        case UInt8(ascii: "n"): try parseLiteral("null", kind: .null)
        default: return dialect == .json5 ? try parseJSON5Scalar() : false
        }
        return true
    }

    /// Parses `"key" :` inside an object, leaving the position at the value.
    private mutating func parseMemberKey() throws(SyntaxError) {
        guard position < bytes.count else { throw error("unexpected end of file; expected a key") }
        if bytes[position] == UInt8(ascii: "\"") {
            try parseString()
        } else {
            try parseKeyWithoutDoubleQuotes()
        }
        recordKey(node: nodes.count - 1)
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw error("expected ':' after the key, found \(describe(at: position))")
        }
        position += 1
        skipWhitespace()
    }

    /// Parses a key that does not start with a double quote: a JSON5 one, or else none, with the error that says
    /// why.
    @inline(never)
    private mutating func parseKeyWithoutDoubleQuotes() throws(SyntaxError) {
        if dialect == .json5 { return try parseJSON5Key() }
        try checkForComment()
        if bytes[position] == UInt8(ascii: "'") {
            throw error("keys must be in double quotes, not single quotes; rename the file to .json5 to allow single quotes")
        }
        if !isDigit(bytes[position]), case let name = word(at: position), !name.isEmpty {
            throw error("expected a key in double quotes, found '\(name)'; rename the file to .json5 to allow keys without quotes")
        }
        throw error("expected a key in double quotes, found \(describe(at: position))")
    }

    @inline(__always)
    private mutating func countElement() {
        if !stack.isEmpty { stack[stack.count - 1].count += 1 }
    }

    mutating func closeContainer() {
        let frame = stack.removeLast()
        nodes[frame.node].end = UInt32(nodes.count)
        nodes[frame.node].length = frame.count
        if frame.isObject {
            keys.removeSubrange(frame.keysStart...)
            if frame.index >= 0 { indexes.removeLast() }
        }
    }

    /// Records the key just read, pairing it with an equal earlier key of the same object, if any. Small
    /// objects (every token, most groups) compare keys directly; from ``indexedKeys`` keys on, an object's keys
    /// are hashed into a ``KeyHashIndex``, so a group of thousands of tokens is still checked in linear time.
    private mutating func recordKey(node: Int) {
        let frameIndex = stack.count - 1
        let start = stack[frameIndex].keysStart
        var index = stack[frameIndex].index
        if index < 0, keys.count - start >= Self.indexedKeys {
            var keyIndex = KeyHashIndex()
            for position in start..<keys.count {
                keys[position].hash = keyHash(keys[position].node)
                keyIndex.insertIfAbsent(keys[position].hash, node: keys[position].node)
            }
            index = indexes.count
            stack[frameIndex].index = index
            indexes.append(keyIndex)
        }
        // The first earlier key of this object equal to this one, if any.
        var first: Int?
        var hash: UInt64 = 0
        if index < 0 {
            for key in keys[start...] where keysEqual(key.node, node) {
                first = key.node
                break
            }
        } else {
            hash = keyHash(node)
            if let candidate = indexes[index][hash] {
                if keysEqual(candidate, node) {
                    first = candidate
                } else {
                    // A hash shared by unequal keys: look through the keys in order.
                    for key in keys[start...] where key.hash == hash && keysEqual(key.node, node) {
                        first = key.node
                        break
                    }
                }
            }
            indexes[index].insertIfAbsent(hash, node: node)
        }
        if let first { duplicateKeys.append(.init(first: first, duplicate: node)) }
        keys.append((hash, node))
    }

    /// Keys an object has before its duplicate check goes through a hash index.
    private static let indexedKeys = 8

    /// A hash of a key's decoded text.
    private func keyHash(_ node: Int) -> UInt64 {
        let key = nodes[node]
        let text = UnsafeBufferPointer(rebasing: bytes[key.contents])
        if key.isEscaped { return Self.unescape(text).withUnsafeBufferPointer { PathIndex.hash($0) } }
        return PathIndex.hash(text)
    }

    /// Whether two keys have the same text (however each is written: quoted or not, escaped or not).
    private func keysEqual(_ a: Int, _ b: Int) -> Bool {
        let first = nodes[a]
        let second = nodes[b]
        if first.isEscaped || second.isEscaped {
            return Self.unescape(bytes[first.contents]) == Self.unescape(bytes[second.contents])
        }
        // The texts, between the quotes (where an unquoted key's would be).
        return first.length == second.length
            && memcmp(bytes.baseAddress! + Int(first.offset) + 1, bytes.baseAddress! + Int(second.offset) + 1, Int(first.length) - 2) == 0
    }

    // MARK: Scalars

    /// Parses a string literal into a node.
    private mutating func parseString() throws(SyntaxError) {
        let start = position
        let isEscaped = try scanString()
        appendString(from: start, isEscaped: isEscaped)
    }

    /// Adds a node for the string or key read from `start` to ``position``.
    /// - Parameters:
    ///   - isEscaped: whether its text holds escapes, so it must be decoded to be read.
    ///   - isUnquoted: whether it is a key written without quotes (JSON5).
    @inline(__always)
    mutating func appendString(from start: Int, isEscaped: Bool, isUnquoted: Bool = false) {
        let node = nodes.count
        // An unquoted key's node spans a byte more on each side, where its quotes would be (``JSONDocument/Node``).
        let quote = isUnquoted ? 1 : 0
        nodes.append(.init(
            kind: .string, isEscaped: isEscaped, isUnquoted: isUnquoted, offset: UInt32(start - quote),
            length: UInt32(position - start + 2 * quote), end: UInt32(node + 1)))
    }

    /// Reads past a double-quoted string literal (checking it) and returns whether it holds escapes.
    private mutating func scanString() throws(SyntaxError) -> Bool {
        let start = position
        position += 1
        var isEscaped = false
        let count = bytes.count
        let buffer = bytes
        scan: do {
            while true {
                // Plain printable ASCII, the bulk of any token file: 8 bytes at a time, straight to the first byte
                // that needs a look (below 0x20, 0x80 and up, '"', '\\'), then byte by byte near the end.
                while position + 8 <= count {
                    let word = UnsafeRawPointer(buffer.baseAddress! + position).loadUnaligned(as: UInt64.self)
                    let look = Self.lookMask(word)
                    guard look == 0 else {
                        // The lowest flagged byte is exact (the SWAR tests can only misflag bytes above a flagged one).
                        position += (UInt64(littleEndian: look).trailingZeroBitCount) / 8
                        break
                    }
                    position += 8
                }
                while position < count {
                    let byte = buffer[position]
                    guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
                    position += 1
                }
                guard position < count else {
                    throw error("unterminated string; expected a closing '\"'", at: start)
                }
                let byte = buffer[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    break scan
                }
                if byte == UInt8(ascii: "\\") {
                    isEscaped = true
                    try skipEscape()
                    continue
                }
                if byte < 0x20 {
                    try skipControlCharacter()
                    continue
                }
                position += try validateUTF8Sequence()
            }
        }
        return isEscaped
    }

    /// The high bit of each of a word's 8 bytes that needs a look in a string: below 0x20, 0x80 or above, a quote
    /// or a backslash (``ByteMask``: exact for the first such byte on little-endian machines; on big-endian ones the
    /// scan may stop early, and the byte loop after it reads on).
    @inline(__always)
    private static func lookMask(_ word: UInt64) -> UInt64 {
        ByteMask.escaped(word) | ByteMask.nonASCII(word)
    }

    /// Moves past the control character (below U+0020) at ``position`` in a string: JSON5 lets a string hold one
    /// unescaped, but for a line break; strict JSON and JSONC none.
    @inline(never)
    mutating func skipControlCharacter() throws(SyntaxError) {
        let byte = bytes[position]
        guard dialect == .json5, byte != 0x0A, byte != 0x0D else {
            let name = byte == 0x0A ? "a line break" : byte == 0x09 ? "a tab" : "control character U+\(hex(byte, digits: 4))"
            throw error("\(name) must be escaped inside a string (unterminated string?)")
        }
        position += 1
    }

    /// Checks one escape sequence at `position` (which is at the backslash) and moves past it.
    mutating func skipEscape() throws(SyntaxError) {
        guard position + 1 < bytes.count else { throw error("unterminated escape sequence") }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try hexQuad(at: position + 2)
            position += 6
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                    (0xDC00...0xDFFF).contains(try hexQuad(at: position + 2))
                else { throw error("\\u\(hex(unit, digits: 4)) is a lone high surrogate; it must be followed by a low surrogate escape", at: position - 6) }
                position += 6
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error("\\u\(hex(unit, digits: 4)) is a lone low surrogate", at: position - 6)
            }
        default:
            guard dialect == .json5 else {
                throw error("invalid escape sequence '\\\(describeByte(bytes[position + 1]))'; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
            }
            try skipJSON5Escape()
        }
    }

    func hexQuad(at offset: Int) throws(SyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("incomplete \\u escape; expected four hex digits", at: offset - 2) }
        var value: UInt32 = 0
        for index in offset..<offset + 4 {
            guard let digit = Self.hexValue(bytes[index]) else {
                throw error("invalid \\u escape; expected four hex digits", at: offset - 2)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Validates the multi-byte UTF-8 sequence at `position` and returns its length.
    func validateUTF8Sequence() throws(SyntaxError) -> Int {
        let lead = bytes[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F  // no UTF-16 surrogates
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F  // nothing above U+10FFFF
        default: throw error("invalid UTF-8 byte 0x\(hex(lead, digits: 2)); the file must be UTF-8")
        }
        for index in 1..<length {
            guard position + index < bytes.count else { throw error("truncated UTF-8 sequence; the file must be UTF-8") }
            let byte = bytes[position + index]
            let (min, max) = index == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= min, byte <= max else {
                throw error("invalid UTF-8 sequence starting with byte 0x\(hex(lead, digits: 2)); the file must be UTF-8")
            }
        }
        return length
    }

    mutating func parseNumber() throws(SyntaxError) {
        let start = position
        if bytes[position] < UInt8(ascii: "0") {
            // A sign: '-', or in JSON5 '+'; or in JSON5 a leading decimal point.
            if bytes[position] != UInt8(ascii: ".") { position += 1 }
            if position >= bytes.count || !isDigit(bytes[position]) { try checkNumberWithoutLeadingDigit(from: start) }
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw error("numbers must not have leading zeros", at: start)
            }
            if dialect == .json5, position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "x") {
                try parseHexadecimalNumber(from: start)
                return
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            } else {
                try checkDecimalPointWithoutDigit(from: start)
            }
        }
        var exponentDigits = 0
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("expected a digit in the exponent", at: start)
            }
            while position < bytes.count, isDigit(bytes[position]) {
                position += 1
                exponentDigits += 1
            }
        }
        if exponentDigits >= 3 || position - start > 200 {
            // Only these can overflow or underflow a double (at most 197 digits times 1e±99 stays within its
            // range); check them once here. Both are refused alike: a number that is not zero must not read as 0.
            let literal = bytes[start..<position]
            let value = Self.parseNumber(literal)
            guard value.isFinite else {
                throw error("number \(String(decoding: literal, as: UTF8.self)) is too large", at: start)
            }
            let mantissa = literal.prefix { $0 | 0x20 != UInt8(ascii: "e") }
            if value == 0, mantissa.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
                throw error("number \(String(decoding: literal, as: UTF8.self)) is too small: it would read as 0", at: start)
            }
        }
        appendNumber(from: start)
    }

    /// Adds a node for the number read from `start` to ``position``.
    @inline(__always)
    mutating func appendNumber(from start: Int) {
        nodes.append(.init(kind: .number, isEscaped: false, offset: UInt32(start), length: UInt32(position - start), end: UInt32(nodes.count + 1)))
    }

    private mutating func parseLiteral(_ literal: StaticString, kind: JSONDocument.Kind) throws(SyntaxError) {
        let start = position
        let length = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { text in
            position + length <= bytes.count && bytes[position..<position + length].elementsEqual(text)
        }
        guard matches else { throw error(unexpectedValueMessage()) }
        position += length
        nodes.append(.init(kind: kind, isEscaped: false, offset: UInt32(start), length: UInt32(length), end: UInt32(nodes.count + 1)))
    }
}
