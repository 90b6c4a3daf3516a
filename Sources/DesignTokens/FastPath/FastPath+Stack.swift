#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FastPath {
    /// Token files walked into ``Paths`` and layered, later over earlier: the fast path's ``TokenLayers``.
    ///
    /// Every `add` answers false at the first thing the fast path leaves to the full engine (see ``FastPath``).
    struct Stack {
        enum Kind: UInt8 {
            case group, token
        }

        /// What a token's `$value` is, as far as the walk can tell without the other tokens.
        enum ValueShape: UInt8 {
            /// A value with no reference in it.
            case literal
            /// A string that may be a whole-value `{a.b}` alias: its text is ``Token/reference``.
            case alias
            /// An object or array with something inside that may be a reference.
            case composite
        }

        /// What the stack knows of a path.
        struct Node {
            var kind: Kind = .group
            /// For a group, the `$type` it writes (an index of ``Stack/types``, -1 for none; a later file's
            /// replaces an earlier one's).
            var groupType: Int16 = -1
            /// For a token, its index in ``Stack/tokens``.
            var token: Int32 = -1
        }

        /// A token, and where its current value comes from (the last file that writes it).
        struct Token {
            var node: Int32
            var file: Int32
            var valueNode: Int32 = -1
            var shape: ValueShape = .literal
            /// `$type` written on the token (an index of ``Stack/types``, -1 for none).
            var ownType: Int16 = -1
            /// For an `.alias` value, the byte range of the text inside the quotes.
            var reference: (start: Int32, count: Int32) = (0, 0)

            /// Sets the value in one write (each write through the array checks that it is not shared).
            mutating func setValue(_ node: Int32, _ shape: ValueShape, reference: (start: Int32, count: Int32)) {
                valueNode = node
                self.shape = shape
                self.reference = reference
            }
        }

        /// Each file's bytes with the nodes of its property values only (the scanner reads the groups and tokens
        /// around them itself): node 0 is not the file's root, and there are no line starts, so these documents
        /// serve value decoding, never a location.
        var documents: [JSONDocument] = []
        var paths = Paths()
        /// By node (the root is node 0).
        var nodes: [Node] = [Node()]
        /// By node, the last file that writes the path (to find a name written twice in one group). Apart from
        /// ``nodes``, which a later file then writes only where it adds a group or gives one a `$type`:
        /// ``KeyOrder`` reads a snapshot of them from a second thread meanwhile, and such a write copies them.
        private var writtenBy: [Int32] = [-1]
        /// By token, in the order first seen.
        var tokens: [Token] = []
        /// The types a `$type` may name here (the known ones: an unknown type is a warning), with their names'
        /// bytes for matching `$type` strings.
        let types: [TokenType] = TokenType.known
        private let typeNames: [[UInt8]] = TokenType.known.map { Array($0.name.utf8) }

        var tokenCount: Int { tokens.count }

        /// Reads and layers one more file over the ones added before; false when the full engine must run.
        mutating func add(_ source: TokenSource) -> Bool {
            // Offsets into a file are kept in 32 signed bits here (the full engine reads up to 4 GiB).
            guard source.bytes.count < Int(Int32.max), !TokenFile.looksLegacy(source.bytes) else { return false }
            let file = Int32(documents.count)
            // A token takes about 90 bytes of an indented file (the generated sets: 92). Room for one per 80: the
            // path table, which is cleared whole, is sized from it (at 100,000 tokens, 2 MB rather than the 4 MB
            // one per 64 gave); a compact file, or one past a million tokens, grows the arrays as they fill.
            if file == 0 { reserveCapacity(min(source.bytes.count / 80, 1 << 20)) }
            let scanned = source.bytes.withUnsafeBufferPointer { bytes -> [JSONDocument.Node]? in
                var scanner = Scanner(bytes: bytes, file: file)
                defer { scanner.deallocate() }
                guard scanner.file(into: &self), scanner.reader.duplicateKeys.isEmpty else { return nil }
                return scanner.reader.nodes
            }
            guard let nodes = scanned else { return false }
            // The document holds the nodes of the values only (the scanner read the groups and tokens around them).
            documents.append(JSONDocument(bytes: source.bytes, nodes: nodes, lineStarts: [0], duplicateKeys: []))
            return true
        }

        /// Room for about `tokens` tokens and a group per 16 of them (groups hold many tokens each).
        private mutating func reserveCapacity(_ tokens: Int) {
            let nodes = tokens + tokens / 16
            paths.reserveCapacity(nodes, bytes: tokens * 48)
            self.nodes.reserveCapacity(nodes)
            writtenBy.reserveCapacity(nodes)
            self.tokens.reserveCapacity(tokens)
        }

        /// Reads one file's groups and tokens straight from its bytes into the stack; the JSON reader reads the
        /// keys and the properties' values (making nodes for the values only), so the file is read once and
        /// strictly: what it rejects, or anything the scanner does not expect, makes the scan answer false.
        private struct Scanner {
            var reader: JSONReader
            let bytes: UnsafeBufferPointer<UInt8>
            let file: Int32
            /// The dotted path of the object being read is `path[0..<pathCount]`. No path is longer than the file
            /// plus a dot per level, so the buffer never grows (the pages past what is used are never touched).
            let path: UnsafeMutablePointer<UInt8>
            var pathCount = 0

            /// Objects (the root, groups and the token object) nest at most this deep here; deeper files are left to
            /// the full engine, which reads any depth up to the reader's limit.
            static let maximumDepth = 64

            init(bytes: UnsafeBufferPointer<UInt8>, file: Int32) {
                reader = JSONReader(bytes: bytes, nodeCapacity: bytes.count / 40)
                // Nothing here is ever located (a problem sends the stack to the full engine, which reports it).
                reader.recordsLineStarts = false
                self.bytes = bytes
                self.file = file
                path = .allocate(capacity: bytes.count + Self.maximumDepth + 1)
            }

            func deallocate() { path.deallocate() }

            mutating func file(into stack: inout Stack) -> Bool {
                reader.move(to: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
                reader.skipWhitespace()
                guard at(UInt8(ascii: "{")), object(0, isNew: false, depth: 1, into: &stack) else { return false }
                reader.skipWhitespace()
                return reader.position == bytes.count
            }

            private func at(_ byte: UInt8) -> Bool {
                reader.position < bytes.count && bytes[reader.position] == byte
            }

            /// What an object turns out to be as its members are read.
            private enum Role { case undecided, group, token(Int) }

            /// Reads the object at the reader's position as the group or token `node` (a token when it has
            /// `$value`), up to and past its closing brace.
            private mutating func object(_ node: Int32, isNew: Bool, depth: Int, into stack: inout Stack) -> Bool {
                var role = Role.undecided
                var written: UInt8 = 0  // a bit per property (a second one is a duplicate key)
                var type: Int16 = -1
                reader.move(to: reader.position + 1)
                reader.skipWhitespace()
                if at(UInt8(ascii: "}")) {
                    reader.move(to: reader.position + 1)
                } else {
                    while true {
                        guard at(UInt8(ascii: "\"")) else { return false }
                        let keyStart = reader.position
                        guard let escaped = try? reader.readString(), !escaped else { return false }
                        let name = UnsafeBufferPointer(rebasing: bytes[keyStart + 1..<reader.position - 1])
                        reader.skipWhitespace()
                        guard at(UInt8(ascii: ":")) else { return false }
                        reader.move(to: reader.position + 1)
                        reader.skipWhitespace()
                        if name.first == UInt8(ascii: "$") {
                            guard let property = Property(name), written & property.bit == 0 else { return false }
                            written |= property.bit
                            if at(UInt8(ascii: "\"")) {
                                // A string, most values: read without a node unless it is a literal `$value`.
                                guard stringProperty(property, of: node, isNew: isNew, role: &role, type: &type, into: &stack) else { return false }
                            } else {
                                reader.enclosingDepth = depth
                                guard let value = try? reader.readValue() else { return false }
                                let kind = reader.nodes[value].kind
                                switch property {
                                case .value:
                                    guard let token = valueToken(node, isNew: isNew, role: &role, into: &stack) else { return false }
                                    stack.tokens[token].setValue(Int32(value), shape(of: value), reference: (0, 0))
                                case .type:
                                    return false  // not a string: not a type's name
                                case .description, .extensions, .deprecated:
                                    guard property.accepts(kind) else { return false }
                                case .schema:
                                    guard node == 0 else { return false }
                                case .ref:
                                    return false
                                }
                            }
                        } else {
                            // A member that is not a property: this object is a group (a token cannot have one).
                            switch role {
                            case .token: return false
                            case .group: break
                            case .undecided:
                                guard stack.nodes[Int(node)].kind == .group else { return false }  // a token below
                                role = .group
                            }
                            guard depth < Self.maximumDepth, at(UInt8(ascii: "{")), Self.isPlainName(name) else { return false }
                            let parentLength = pathCount
                            if node != 0 {
                                path[pathCount] = UInt8(ascii: ".")
                                pathCount += 1
                            }
                            (path + pathCount).update(from: name.baseAddress!, count: name.count)
                            pathCount += name.count
                            // Paths are kept with 32-bit offsets (deep nesting repeats long names in every path).
                            guard stack.paths.bytes.count + pathCount < Int(Int32.max) else { return false }
                            let (child, isChildNew) = stack.paths.intern(UnsafeBufferPointer(start: path, count: pathCount), parent: node)
                            if isChildNew {
                                stack.nodes.append(Node())
                                stack.writtenBy.append(-1)
                            }
                            // The same name twice in one group is a duplicate key.
                            guard stack.writtenBy[Int(child)] != file else { return false }
                            stack.writtenBy[Int(child)] = file
                            guard object(child, isNew: isChildNew, depth: depth + 1, into: &stack) else { return false }
                            // The full engine keeps groups' properties by `String`, which merges canonically
                            // equivalent names (`é` as one scalar or two) that are different paths here.
                            if stack.nodes[Int(child)].kind == .group, name.contains(where: { $0 >= 0x80 }) { return false }
                            pathCount = parentLength
                        }
                        reader.skipWhitespace()
                        if at(UInt8(ascii: ",")) {
                            reader.move(to: reader.position + 1)
                            reader.skipWhitespace()
                            continue
                        }
                        guard at(UInt8(ascii: "}")) else { return false }
                        reader.move(to: reader.position + 1)
                        break
                    }
                }
                switch role {
                case .token(let token):
                    if type >= 0 { stack.tokens[token].ownType = type }
                case .group, .undecided:
                    // Only properties, or nothing: a group (a token below cannot become one).
                    guard stack.nodes[Int(node)].kind == .group else { return false }
                    if type >= 0 { stack.nodes[Int(node)].groupType = type }
                }
                return true
            }

            /// Reads the string value of `property` (the reader is at its opening quote) on the object `node`
            /// whose role so far is `role`: what ``object(_:isNew:depth:into:)`` does with a value read as a node,
            /// making one only for a `$value` that is a literal (which is decoded later); false where it would be.
            private mutating func stringProperty(
                _ property: Property, of node: Int32, isNew: Bool, role: inout Role, type: inout Int16, into stack: inout Stack
            ) -> Bool {
                let start = reader.position
                guard let isEscaped = try? reader.readString() else { return false }
                switch property {
                case .value:
                    guard let token = valueToken(node, isNew: isNew, role: &role, into: &stack) else { return false }
                    let text = UnsafeBufferPointer(rebasing: bytes[start + 1..<reader.position - 1])
                    // A string that may hold a reference is a plain alias `{…}` without escapes, or is left to the
                    // full engine (`<a.b>`, text around braces, escapes).
                    if JSONDocument.stringMayHoldReference(contents: text, isEscaped: isEscaped) {
                        guard !isEscaped, text.first == UInt8(ascii: "{") else { return false }
                        stack.tokens[token].setValue(-1, .alias, reference: (Int32(start + 1), Int32(text.count)))
                    } else {
                        let value = reader.recordString(from: start, isEscaped: false)
                        stack.tokens[token].setValue(Int32(value), .literal, reference: (0, 0))
                    }
                case .type:
                    guard !isEscaped, let index = stack.typeIndex(UnsafeBufferPointer(rebasing: bytes[start + 1..<reader.position - 1]))
                    else { return false }
                    type = index
                case .description, .extensions, .deprecated:
                    guard property.accepts(.string) else { return false }
                case .ref:
                    return false
                case .schema:
                    guard node == 0 else { return false }
                }
                return true
            }

            /// What a value that is not a string (``stringProperty(_:of:isNew:role:type:into:)`` reads those) is, as
            /// far as can be told without the other tokens: an object or array with something inside that may be a
            /// reference is a composite to finish later, anything else a literal.
            private func shape(of node: Int) -> ValueShape {
                switch reader.nodes[node].kind {
                case .object, .array:
                    JSONDocument.subtreeMayHoldReference(node, nodes: reader.nodes, in: bytes) ? .composite : .literal
                default:
                    .literal
                }
            }

            /// The token whose `$value` is being read: the object `node`, which its first `$value` makes a token;
            /// nil where it cannot be one (a group, or a token new in a later file).
            private func valueToken(_ node: Int32, isNew: Bool, role: inout Role, into stack: inout Stack) -> Int? {
                if case .undecided = role {
                    guard let token = becomeToken(node, isNew: isNew, into: &stack) else { return nil }
                    role = .token(token)
                }
                guard case .token(let token) = role else { return nil }
                return token
            }

            /// Makes `node` a token of this file; nil when it cannot be one here.
            private func becomeToken(_ node: Int32, isNew: Bool, into stack: inout Stack) -> Int? {
                guard node != 0 else { return nil }
                if isNew {
                    // A path new in a later file does not override anything: the full engine warns.
                    guard file == 0 else { return nil }
                    let token = stack.tokenCount
                    stack.nodes[Int(node)] = Node(kind: .token, token: Int32(token))
                    stack.tokens.append(Token(node: node, file: file))
                    return token
                }
                // A group below cannot become a token.
                guard stack.nodes[Int(node)].kind == .token else { return nil }
                let token = Int(stack.nodes[Int(node)].token)
                stack.tokens[token].file = file
                return token
            }

            /// Whether a name has none of `{`, `}` and `.` (DTCG §5.1.1; one starting with `$` is a property): eight
            /// bytes at a time.
            private static func isPlainName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
                func flagged(_ word: UInt64) -> Bool {
                    ByteMask.equal(word, to: UInt8(ascii: "{")) | ByteMask.equal(word, to: UInt8(ascii: "}"))
                        | ByteMask.equal(word, to: UInt8(ascii: ".")) != 0
                }
                guard !name.isEmpty else { return false }
                guard name.count >= 8 else {
                    for byte in name where byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ".") {
                        return false
                    }
                    return true
                }
                let raw = UnsafeRawPointer(name.baseAddress!)
                var offset = 0
                while offset + 8 <= name.count {
                    if flagged(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return false }
                    offset += 8
                }
                // The last bytes, in a word that overlaps the one before.
                return offset == name.count || !flagged(raw.loadUnaligned(fromByteOffset: name.count - 8, as: UInt64.self))
            }
        }

        /// The index in ``types`` of the `$type` named by `name` (a string's contents without escapes); nil for any
        /// other name (an unknown type is a warning).
        func typeIndex(_ name: UnsafeBufferPointer<UInt8>) -> Int16? {
            for (index, known) in typeNames.enumerated() where known.count == name.count {
                if known.withUnsafeBufferPointer({ memcmp($0.baseAddress!, name.baseAddress!, name.count) }) == 0 { return Int16(index) }
            }
            return nil
        }

        /// The `$` properties the fast path reads.
        enum Property: UInt8 {
            case value, type, description, extensions, deprecated, ref, schema

            var bit: UInt8 { 1 << rawValue }

            init?(_ name: UnsafeBufferPointer<UInt8>) {
                func matches(_ literal: StaticString) -> Bool {
                    memcmp(name.baseAddress!, literal.utf8Start, name.count) == 0
                }
                switch name.count {
                case 4 where matches("$ref"): self = .ref
                case 5 where matches("$type"): self = .type
                case 6 where matches("$value"): self = .value
                case 7 where matches("$schema"): self = .schema
                case 11 where matches("$extensions"): self = .extensions
                case 11 where matches("$deprecated"): self = .deprecated
                case 12 where matches("$description"): self = .description
                default: return nil
                }
            }

            /// Whether a value of this kind is well-formed for the property (else the full engine reports it).
            func accepts(_ kind: JSONDocument.Kind) -> Bool {
                switch self {
                case .description: kind == .string
                case .extensions: kind == .object
                case .deprecated: kind == .true || kind == .false || kind == .string
                default: true
                }
            }
        }
    }
}
