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
package struct JSONReader {
    /// A syntax error at a byte offset.
    package struct SyntaxError: Error, Sendable, Equatable {
        package var offset: Int
        package var message: String
    }

    /// Deeper nesting than this is reported as an error instead of being parsed.
    package static let maximumDepth = 1_000

    /// Parses `bytes` into a document.
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - dialect: what the text may be written in beyond strict JSON.
    /// - Throws: ``SyntaxError`` for the first syntax error (JSON cannot be read past one reliably).
    package static func parse(_ bytes: [UInt8], dialect: JSONDialect = .json) throws(SyntaxError) -> JSONDocument {
        try parse(SourceBytes(bytes), dialect: dialect)
    }

    /// Parses `bytes` into a document.
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - dialect: what the text may be written in beyond strict JSON.
    /// - Throws: ``SyntaxError`` for the first syntax error (JSON cannot be read past one reliably).
    package static func parse(_ bytes: SourceBytes, dialect: JSONDialect = .json) throws(SyntaxError) -> JSONDocument {
        // Offsets are stored in 32 bits.
        guard bytes.count < Int(UInt32.max) else {
            throw SyntaxError(
                offset: 0, message: "the file is 4 GiB or larger; token files are read whole and must be smaller")
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

    /// The bytes read, borrowed for the parse: their subscript checks nothing in a release build, so every read is
    /// at an offset compared with `bytes.count` first (in the reading function, or by its caller, which dispatched
    /// on the byte there), and every node made spans only bytes read.
    let bytes: UnsafeBufferPointer<UInt8>
    let dialect: JSONDialect
    /// Above this, read as a signed byte, a byte after white space surely starts a token, so white space is skipped
    /// without a look further: the space in strict JSON; in a dialect `/`, which starts a comment, with the bytes of
    /// 0x80 and up (negative here) left to look at too, where JSON5 has white space of its own.
    let tokenFloor: Int8
    /// The offset of the next byte to read.
    var position = 0
    var nodes: [JSONDocument.Node] = []
    /// The offset where each line starts: the reader records a line wherever it reads a line feed.
    var lineStarts: [UInt32] = [0]
    /// A problem met while skipping white space (in a comment), which does not throw: reading stops there (at the
    /// end of the bytes), and the error the end then causes is this one (``error(_:at:)``).
    var whitespaceError: SyntaxError?
    private(set) var duplicateKeys: [JSONDocument.DuplicateKey] = []
    /// Open containers, innermost last.
    private var stack: [Frame] = []
    /// The key indexes of the open objects that have one (``Frame/index``), the first `openIndexes` of them; the
    /// others are kept for the next objects that need one, with the room they grew to.
    private var indexes: [KeyHashIndex] = []
    private var openIndexes = 0

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
                throw error(
                    frame.isObject
                        ? "unexpected end of file; expected ',' or '}'" : "unexpected end of file; expected ',' or ']'")
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
                let expected =
                    frame.isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
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
                nodes.append(
                    .init(
                        kind: isObject ? .object : .array, isEscaped: false, offset: UInt32(position), length: 0, end: 0
                    ))
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
            throw error(
                "keys must be in double quotes, not single quotes; rename the file to .json5 to allow single quotes")
        }
        if !isDigit(bytes[position]), case let name = word(at: position), !name.isEmpty {
            throw error(
                "expected a key in double quotes, found '\(name)'; rename the file to .json5 to allow keys without quotes"
            )
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
            if frame.index >= 0 { openIndexes -= 1 }
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
            index = openIndexes
            if index == indexes.count { indexes.append(KeyHashIndex()) } else { indexes[index].reset() }
            openIndexes += 1
            stack[frameIndex].index = index
            for position in start..<keys.count {
                keys[position].hash = keyHash(keys[position].node)
                indexes[index].insertIfAbsent(keys[position].hash, node: keys[position].node)
            }
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

    /// A hash of a key's decoded text. (A key's node is the reader's own, made of where it read: its bytes lie in
    /// ``bytes``, as they do in ``keysEqual(_:_:)``.)
    private func keyHash(_ node: Int) -> UInt64 {
        let key = nodes[node]
        let text = UnsafeBufferPointer(rebasing: bytes[key.contents])
        if key.isEscaped { return Self.unescape(text).withUnsafeBufferPointer { ByteHash.hash($0) } }
        return ByteHash.hash(text)
    }

    /// Whether two keys have the same text (however each is written: quoted or not, escaped or not).
    private func keysEqual(_ a: Int, _ b: Int) -> Bool {
        let first = nodes[a]
        let second = nodes[b]
        if first.isEscaped || second.isEscaped {
            return Self.unescape(bytes[first.contents]) == Self.unescape(bytes[second.contents])
        }
        // The texts, between the quotes (where an unquoted key's would be): `length - 2` bytes each, from the
        // reader's own nodes, which span at least their two quotes.
        return first.length == second.length
            && memcmp(
                bytes.baseAddress! + Int(first.offset) + 1, bytes.baseAddress! + Int(second.offset) + 1,
                Int(first.length) - 2) == 0
    }
}
