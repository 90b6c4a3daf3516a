/// A parsed JSON text: the original bytes plus a flat array of nodes in document order.
///
/// Nothing is copied out of the source while parsing: a string node is a byte range that is decoded only when
/// asked for, a number is parsed only when its value is needed, and a container knows where its subtree ends,
/// so walking a document allocates nothing. Every node remembers its byte offset, from which
/// ``location(ofOffset:)`` gives a 1-based line and column.
@_spi(Engine) public struct JSONDocument: Sendable {
    /// The kinds of JSON value.
    @_spi(Engine) public enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object

        /// The kind as messages name it: "a string", "an object"…
        package var description: String {
            switch self {
            case .null: "null"
            case .true, .false: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    /// One value of the document (or one key of an object, which is a `.string` node).
    @_spi(Engine) public struct Node: Sendable {
        @_spi(Engine) public internal(set) var kind: Kind
        /// For strings: whether the literal holds escapes and must be decoded.
        @usableFromInline var isEscaped: Bool
        /// For a string: whether it is a key written without quotes (JSON5). (Beside ``isEscaped``, so that a node
        /// takes 16 bytes.)
        @usableFromInline var isUnquoted = false
        /// Byte offset of the value's first byte (the opening quote of a string). A key written without quotes
        /// (JSON5) spans one byte more on each side, where its quotes would be, so that ``contents`` is found in
        /// the same way for every string; ``JSONDocument/offset(_:)`` gives where such a key starts.
        @_spi(Engine) public internal(set) var offset: UInt32
        /// Scalars: the literal's length in bytes. Containers: the number of elements or members.
        @_spi(Engine) public internal(set) var length: UInt32
        /// Index of the first node after this value's subtree.
        @_spi(Engine) public internal(set) var end: UInt32

        /// For a string: where its text lies, between the quotes (escapes as written).
        @usableFromInline var contents: Range<Int> { Int(offset) + 1..<Int(offset) + Int(length) - 1 }
    }

    /// Two members of one object with the same key: both are kept, the later one counts.
    package struct DuplicateKey: Sendable {
        package var first: Int
        package var duplicate: Int
    }

    /// The nodes, the duplicate keys, where each line starts and the columns counted ahead when a line is long (so
    /// that locating many values on one line takes linear time): behind one reference, as documents are copied
    /// often (a copy retains it and the bytes, nothing more).
    @usableFromInline final class Storage: Sendable {
        @usableFromInline let nodes: [Node]
        let duplicateKeys: [DuplicateKey]
        let starts: [UInt32]
        let columns: ColumnIndex

        init(nodes: [Node], duplicateKeys: [DuplicateKey], starts: [UInt32], columns: ColumnIndex) {
            self.nodes = nodes
            self.duplicateKeys = duplicateKeys
            self.starts = starts
            self.columns = columns
        }
    }

    @_spi(Engine) public let bytes: SourceBytes
    @usableFromInline let storage: Storage

    @inlinable @_spi(Engine) public var nodes: [Node] { storage.nodes }
    package var duplicateKeys: [DuplicateKey] { storage.duplicateKeys }

    /// Byte offset where each line starts; `lineStarts[0] == 0`.
    package var lineStarts: [UInt32] { storage.starts }

    init(bytes: SourceBytes, nodes: [Node], lineStarts: [UInt32], duplicateKeys: [DuplicateKey]) {
        self.bytes = bytes
        storage = Storage(
            nodes: nodes, duplicateKeys: duplicateKeys, starts: lineStarts,
            columns: bytes.withUnsafeBufferPointer { ColumnIndex($0, lineStarts: lineStarts) })
    }

    /// A document of no bytes and no nodes, for a decoder that reads JSON values only.
    package static let empty = JSONDocument(bytes: SourceBytes([]), nodes: [], lineStarts: [0], duplicateKeys: [])

    /// A document of bytes that are not valid JSON: no nodes, only where each line starts, to locate the error.
    package static func unparsed(_ bytes: SourceBytes) -> JSONDocument {
        var lineStarts: [UInt32] = [0]
        bytes.withUnsafeBufferPointer { buffer in
            for (index, byte) in buffer.enumerated() where byte == UInt8(ascii: "\n") {
                lineStarts.append(UInt32(index + 1))
            }
        }
        return JSONDocument(bytes: bytes, nodes: [], lineStarts: lineStarts, duplicateKeys: [])
    }

    /// The index of the root value.
    package var root: Int { 0 }

    @inlinable @_spi(Engine) public func kind(_ node: Int) -> Kind { nodes[node].kind }

    /// Where a value starts: its first byte, the opening quote of a string, the first letter of an unquoted key.
    @inlinable @_spi(Engine) public func offset(_ node: Int) -> Int {
        Int(nodes[node].offset) + (nodes[node].isUnquoted ? 1 : 0)
    }

    /// The number of elements of an array or members of an object.
    @inlinable @_spi(Engine) public func count(_ node: Int) -> Int { Int(nodes[node].length) }

    // MARK: Walking containers

    /// The members of an object, as pairs of node indices, in document order.
    @inlinable @_spi(Engine) public func members(of object: Int) -> Members {
        precondition(nodes[object].kind == .object)
        return Members(document: self, object: object)
    }

    /// The elements of an array, as node indices, in document order.
    package func elements(of array: Int) -> Elements {
        precondition(nodes[array].kind == .array)
        return Elements(document: self, array: array)
    }

    @_spi(Engine) public struct Members: Sequence {
        @usableFromInline let document: JSONDocument
        @usableFromInline let object: Int

        @inlinable init(document: JSONDocument, object: Int) {
            self.document = document
            self.object = object
        }

        /// Exact: the reader counts every member (so `map` allocates its result once).
        @inlinable public var underestimatedCount: Int { document.count(object) }

        @inlinable public func makeIterator() -> Iterator {
            Iterator(nodes: document.nodes, cursor: object + 1, end: Int(document.nodes[object].end))
        }

        public struct Iterator: IteratorProtocol {
            @usableFromInline let nodes: [Node]
            @usableFromInline var cursor: Int
            @usableFromInline let end: Int

            @inlinable init(nodes: [Node], cursor: Int, end: Int) {
                self.nodes = nodes
                self.cursor = cursor
                self.end = end
            }

            @inlinable public mutating func next() -> (key: Int, value: Int)? {
                guard cursor < end else { return nil }
                let key = cursor
                let value = key + 1
                cursor = Int(nodes[value].end)
                return (key, value)
            }
        }
    }

    package struct Elements: Sequence {
        let document: JSONDocument
        let array: Int

        /// Exact: the reader counts every element (so `map` allocates its result once).
        package var underestimatedCount: Int { document.count(array) }

        package func makeIterator() -> Iterator {
            Iterator(nodes: document.nodes, cursor: array + 1, end: Int(document.nodes[array].end))
        }

        package struct Iterator: IteratorProtocol {
            let nodes: [Node]
            var cursor: Int
            let end: Int

            package mutating func next() -> Int? {
                guard cursor < end else { return nil }
                defer { cursor = Int(nodes[cursor].end) }
                return cursor
            }
        }
    }

    /// The value of the last member of `object` whose key is `key`.
    package func member(_ key: String, of object: Int) -> Int? {
        var found: Int?
        for member in members(of: object) where stringEquals(member.key, key) { found = member.value }
        return found
    }

    // MARK: Scalars

    /// The node a JSON Pointer names (RFC 6901, in its URI fragment form `#/a/b/0`, `~1` for `/` and `~0` for `~`),
    /// or nil when there is none. `#` and `#/` name the root.
    package func node(atPointer pointer: String) -> Int? {
        guard pointer.hasPrefix("#") else { return nil }
        var node = root
        let path = pointer.dropFirst()
        guard !path.isEmpty, path != "/" else { return nodes.isEmpty ? nil : root }
        guard path.hasPrefix("/"), !nodes.isEmpty else { return nil }
        for segment in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let name = JSONPointer.unescaped(segment)
            switch kind(node) {
            case .object:
                guard let member = member(name, of: node) else { return nil }
                node = member
            case .array:
                guard let index = Int(name), index >= 0, index < count(node) else { return nil }
                node = elements(of: node).dropFirst(index).first(where: { _ in true })!
            default:
                return nil
            }
        }
        return node
    }

    /// The bytes of `range` in `bytes`, where `range` is a node's (its ``Node/contents``, or its literal) and
    /// `bytes` its document's. The reader made the range from where it read, so it lies within the bytes; its end
    /// is checked rather than trusted (its start, from a `UInt32` offset, is never negative).
    @inlinable static func bytes(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>)
        -> UnsafeBufferPointer<UInt8>
    {
        precondition(range.upperBound <= bytes.count, "a node's bytes past the end of its document")
        return UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// The decoded text of a string node.
    @_spi(Engine) public func string(_ node: Int) -> String {
        let info = nodes[node]
        return bytes.withUnsafeBufferPointer { buffer in
            let contents = Self.bytes(info.contents, in: buffer)
            return info.isEscaped
                ? String(decoding: JSONReader.unescape(contents), as: UTF8.self)
                : String(decoding: contents, as: UTF8.self)
        }
    }

    /// Whether a string node's text is exactly `text`, without building a `String`.
    package func stringEquals(_ node: Int, _ text: String) -> Bool {
        let info = nodes[node]
        guard info.kind == .string else { return false }
        if info.isEscaped { return string(node) == text }
        // The lengths first (a native string's is stored): most names compared with a key differ there.
        guard text.utf8.count == info.contents.count else { return false }
        var text = text
        return text.withUTF8 { utf8 in
            bytes.withUnsafeBufferPointer { buffer in
                // Both `utf8.count` bytes long (the guard above).
                let contents = Self.bytes(info.contents, in: buffer)
                for index in 0..<contents.count where contents[index] != utf8[index] { return false }
                return true
            }
        }
    }

    /// Whether a string node's text is exactly the ASCII `text`: ``stringEquals(_:_:)`` for names known at
    /// compile time, comparing bytes without touching a `String` (an escaped string is decoded first).
    @inlinable @_spi(Engine) public func stringEquals(_ node: Int, ascii text: StaticString) -> Bool {
        let info = nodes[node]
        guard info.kind == .string else { return false }
        if info.isEscaped { return string(node) == text.description }
        return bytes.withUnsafeBufferPointer { Self.stringEquals(info, ascii: text, in: $0) }
    }

    /// Whether an unescaped string node read from `bytes` is `text` (for a caller that borrows the bytes once for
    /// many strings).
    @inlinable @_spi(Engine) public static func stringEquals(
        _ info: Node, ascii text: StaticString, in bytes: UnsafeBufferPointer<UInt8>
    )
        -> Bool
    {
        // The lengths first: most strings compared with a name differ there.
        guard info.contents.count == text.utf8CodeUnitCount else { return false }
        // Both `utf8CodeUnitCount` bytes long.
        let contents = Self.bytes(info.contents, in: bytes)
        let name = text.utf8Start
        for index in 0..<contents.count where contents[index] != name[index] { return false }
        return true
    }

    /// Calls `body` with the bytes of a string node's text (without the quotes), when it has no escapes;
    /// returns nil for an escaped string. Inlinable, so that it is specialised for each caller.
    @inlinable
    @_spi(Engine) public func withUnescapedContents<T>(of node: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
        let info = nodes[node]
        guard info.kind == .string, !info.isEscaped else { return nil }
        return bytes.withUnsafeBufferPointer { body(Self.bytes(info.contents, in: $0)) }
    }

    /// Whether a string node's text starts with the ASCII byte `byte`.
    package func stringStarts(_ node: Int, with byte: UInt8) -> Bool {
        let info = nodes[node]
        guard info.kind == .string else { return false }
        if info.isEscaped { return string(node).utf8.first == byte }
        return info.contents.count > 0 && bytes[info.contents.lowerBound] == byte
    }

    /// Whether a string node could be a reference or hold one: it starts with `<`, contains `{`, or has escapes.
    /// Lets resolution skip the common plain values without decoding them.
    package func stringMayHoldReference(_ node: Int) -> Bool {
        bytes.withUnsafeBufferPointer { Self.stringMayHoldReference(nodes[node], in: $0) }
    }

    /// Whether anything in the subtree at `node` could be a reference: a string that
    /// ``stringMayHoldReference(_:)`` lets through (keys included, to be safe) or a `$ref` key.
    package func subtreeMayHoldReference(_ node: Int) -> Bool {
        bytes.withUnsafeBufferPointer { Self.subtreeMayHoldReference(node, nodes: nodes, in: $0) }
    }

    /// ``stringMayHoldReference(_:)`` for a node of `bytes`, without the document around it.
    static func stringMayHoldReference(_ info: Node, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard info.kind == .string else { return false }
        return stringMayHoldReference(contents: Self.bytes(info.contents, in: bytes), isEscaped: info.isEscaped)
    }

    /// ``stringMayHoldReference(_:)`` for a string's `contents` (between its quotes).
    static func stringMayHoldReference(contents: UnsafeBufferPointer<UInt8>, isEscaped: Bool) -> Bool {
        if isEscaped { return true }
        guard let first = contents.first else { return false }
        return first == UInt8(ascii: "<") || contents.contains(UInt8(ascii: "{"))
    }

    /// ``subtreeMayHoldReference(_:)`` for nodes read from `bytes`, before there is a document.
    static func subtreeMayHoldReference(_ node: Int, nodes: [Node], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in node..<Int(nodes[node].end) where nodes[index].kind == .string {
            let info = nodes[index]
            if stringMayHoldReference(info, in: bytes) { return true }
            // A `$ref` key (not escaped: an escaped one was let through above).
            if stringEquals(info, ascii: "$ref", in: bytes) { return true }
        }
        return false
    }

    /// The value of a number node.
    package func number(_ node: Int) -> Double {
        let info = nodes[node]
        return bytes.withUnsafeBufferPointer {
            JSONReader.parseNumber(Self.bytes(Int(info.offset)..<Int(info.offset) + Int(info.length), in: $0))
        }
    }

    /// The source text of a node (for numbers and literals).
    package func sourceText(_ node: Int) -> String {
        let info = nodes[node]
        return bytes.withUnsafeBufferPointer {
            String(decoding: Self.bytes(Int(info.offset)..<Int(info.offset) + Int(info.length), in: $0), as: UTF8.self)
        }
    }

    /// Whether the subtree at `node` and the one at `otherNode` of `other` are equal: numbers by value, strings by
    /// their unescaped bytes, members in order. Compared where they lie, without building a ``JSONValue``.
    package func equals(_ node: Int, _ other: JSONDocument, _ otherNode: Int) -> Bool {
        let kind = nodes[node].kind
        guard kind == other.nodes[otherNode].kind else { return false }
        // The same place in the same bytes (a file both sides of a diff share) holds the same value.
        if nodes[node].offset == other.nodes[otherNode].offset, bytes.isSameBuffer(as: other.bytes) { return true }
        switch kind {
        case .null, .false, .true:
            return true
        case .number:
            return number(node) == other.number(otherNode)
        case .string:
            if !nodes[node].isEscaped, !other.nodes[otherNode].isEscaped {
                return withUnescapedContents(of: node) { mine in
                    other.withUnescapedContents(of: otherNode) { theirs in mine.elementsEqual(theirs) }
                } ?? false
            }
            return string(node).utf8.elementsEqual(other.string(otherNode).utf8)
        case .array:
            guard count(node) == other.count(otherNode) else { return false }
            return zip(elements(of: node), other.elements(of: otherNode)).allSatisfy { equals($0, other, $1) }
        case .object:
            guard count(node) == other.count(otherNode) else { return false }
            return zip(members(of: node), other.members(of: otherNode)).allSatisfy {
                equals($0.0, other, $1.0) && equals($0.1, other, $1.1)
            }
        }
    }

    /// The subtree at `node` as a ``JSONValue``.
    package func value(_ node: Int) -> JSONValue {
        switch nodes[node].kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(number(node))
        case .string: return .string(string(node))
        case .array: return .array(elements(of: node).map { value($0) })
        case .object: return .object(members(of: node).map { .init(string($0.key), value($0.value)) })
        }
    }

    /// The subtree at `node` as a ``JSONValue``, with the nodes in `substitutions` (references inside a value)
    /// replaced by the values they stand for.
    package func value(_ node: Int, replacing substitutions: [Int: JSONValue]) -> JSONValue {
        if let replacement = substitutions[node] { return replacement }
        if substitutions.isEmpty { return value(node) }
        switch kind(node) {
        case .array:
            return .array(elements(of: node).map { value($0, replacing: substitutions) })
        case .object:
            return .object(members(of: node).map { .init(string($0.key), value($0.value, replacing: substitutions)) })
        default:
            return value(node)
        }
    }

    /// The bytes a value spans as written: a scalar's literal, or a container from its first byte to the next
    /// node's, so with what stands between them (white space, commas, closing brackets, comments). What copying
    /// the value costs, never less than its text.
    package func writtenLength(_ node: Int) -> Int {
        let item = nodes[node]
        guard item.kind == .object || item.kind == .array else { return Int(item.length) }
        let end = Int(item.end)
        return (end < nodes.count ? Int(nodes[end].offset) : bytes.count) - Int(item.offset)
    }

    // MARK: Locations

    /// The 1-based line and column of a byte offset. Columns count Unicode scalars, so a caret lines up under
    /// the character in a terminal; a column far along a long line is found through ``ColumnIndex``.
    package func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        var low = 0
        let lineStarts = storage.starts
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStarts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        // The line's bytes up to `offset` (or the file's end), which ``ColumnIndex`` checks lie in the buffer.
        return bytes.withUnsafeBufferPointer { buffer in
            var lineStart = Int(lineStarts[low])
            if lineStart == 0 { lineStart = JSONReader.byteOrderMarkLength(buffer) }
            let end = min(offset, buffer.count)
            return (low + 1, 1 + (end > lineStart ? storage.columns.columns(from: lineStart, to: end, in: buffer) : 0))
        }
    }
}
