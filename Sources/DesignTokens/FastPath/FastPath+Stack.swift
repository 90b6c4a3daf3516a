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
        }

        var documents: [JSONDocument] = []
        var paths = Paths()
        /// By node (the root is node 0).
        var nodes: [Node] = [Node()]
        /// By token, in the order first seen.
        var tokens: [Token] = []
        /// The types a `$type` may name here (the known ones: an unknown type is a warning), with their names'
        /// bytes for matching `$type` strings.
        let types: [TokenType] = TokenType.known
        private let typeNames: [[UInt8]] = TokenType.known.map { Array($0.name.utf8) }

        var tokenCount: Int { tokens.count }

        /// Parses and layers one more file over the ones added before; false when the full engine must run.
        mutating func add(_ source: TokenSource) -> Bool {
            guard !TokenFile.looksLegacy(source.bytes),
                let document = try? JSONReader.parse(source.bytes),
                document.duplicateKeys.isEmpty,
                document.kind(document.root) == .object
            else { return false }
            documents.append(document)
            let file = Int32(documents.count - 1)
            if file == 0 { reserveCapacity(document.nodes.count / 3) }
            return document.bytes.withUnsafeBufferPointer { bytes in
                document.nodes.withUnsafeBufferPointer { nodes in
                    var walker = Walker(nodes: nodes, bytes: bytes, file: file)
                    return walker.group(0, node: 0, into: &self)
                }
            }
        }

        /// Room for about `tokens` tokens (a token file has three or four JSON nodes per token).
        private mutating func reserveCapacity(_ tokens: Int) {
            paths.reserveCapacity(tokens + tokens / 4, bytes: tokens * 48)
            nodes.reserveCapacity(tokens + tokens / 4)
            self.tokens.reserveCapacity(tokens)
        }

        /// Walks one document into the stack.
        private struct Walker {
            let nodes: UnsafeBufferPointer<JSONDocument.Node>
            let bytes: UnsafeBufferPointer<UInt8>
            let file: Int32
            /// The dotted path of the group being walked.
            var path: [UInt8] = []

            /// The unescaped text of a key or string node (without its quotes), or nil for an escaped one.
            @inline(__always)
            func text(_ node: Int) -> UnsafeBufferPointer<UInt8>? {
                let info = nodes[node]
                guard !info.isEscaped else { return nil }
                return UnsafeBufferPointer(start: bytes.baseAddress! + Int(info.offset) + 1, count: Int(info.length) - 2)
            }

            mutating func group(_ object: Int, node: Int32, into stack: inout Stack) -> Bool {
                var key = object + 1
                let end = Int(nodes[object].end)
                while key < end {
                    let value = key + 1
                    defer { key = Int(nodes[value].end) }
                    guard let name = text(key), let first = name.first else { return false }
                    if first == UInt8(ascii: "$") {
                        switch Property(name) {
                        case .type?:
                            guard let type = type(value, in: stack) else { return false }
                            stack.nodes[Int(node)].groupType = type
                        case .schema? where node == 0:
                            continue
                        case let property?:
                            guard property.isMetadata, property.accepts(nodes[value].kind) else { return false }
                        case nil:
                            return false
                        }
                        continue
                    }
                    // Names with `{`, `}` or `.` are errors (DTCG §5.1.1); `$root` started with `$` above.
                    guard nodes[value].kind == .object, Self.isPlainName(name) else { return false }
                    let parentLength = path.count
                    defer { path.removeSubrange(parentLength...) }
                    if node != 0 { path.append(UInt8(ascii: ".")) }
                    path.append(contentsOf: name)
                    let (child, isNew) = path.withUnsafeBufferPointer { stack.paths.intern($0, parent: node) }
                    if isNew { stack.nodes.append(Node()) }
                    if isToken(value) {
                        guard token(value, node: child, isNew: isNew, into: &stack) else { return false }
                    } else {
                        // A token below (or earlier in this file) cannot become a group.
                        guard stack.nodes[Int(child)].kind == .group, group(value, node: child, into: &stack) else { return false }
                    }
                }
                return true
            }

            /// Whether a name has none of `{`, `}` and `.`.
            private static func isPlainName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
                for byte in name where byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ".") {
                    return false
                }
                return true
            }

            /// Whether an object is a token: it has `$value` (or `$ref`, which `token` then declines).
            func isToken(_ object: Int) -> Bool {
                var key = object + 1
                let end = Int(nodes[object].end)
                while key < end {
                    if let name = text(key), name.first == UInt8(ascii: "$"), let property = Property(name),
                        property == .value || property == .ref
                    {
                        return true
                    }
                    key = Int(nodes[key + 1].end)
                }
                return false
            }

            func token(_ object: Int, node: Int32, isNew: Bool, into stack: inout Stack) -> Bool {
                let token: Int
                if isNew {
                    // A path new in a later file does not override anything: the full engine warns.
                    guard file == 0 else { return false }
                    token = stack.tokenCount
                    stack.nodes[Int(node)].kind = .token
                    stack.nodes[Int(node)].token = Int32(token)
                    stack.tokens.append(Token(node: node, file: file))
                } else {
                    // A group below cannot become a token.
                    guard stack.nodes[Int(node)].kind == .token else { return false }
                    token = Int(stack.nodes[Int(node)].token)
                    stack.tokens[token].file = file
                }
                var key = object + 1
                let end = Int(nodes[object].end)
                while key < end {
                    let value = key + 1
                    defer { key = Int(nodes[value].end) }
                    // Children and unknown properties are errors or warnings; `$ref` is left to the full engine.
                    guard let name = text(key), let property = Property(name) else { return false }
                    switch property {
                    case .value:
                        guard self.value(value, of: token, into: &stack) else { return false }
                    case .type:
                        guard let type = type(value, in: stack) else { return false }
                        stack.tokens[token].ownType = type
                    case .description, .extensions, .deprecated:
                        guard property.accepts(nodes[value].kind) else { return false }
                    case .ref, .schema:
                        return false
                    }
                }
                return true
            }

            /// Records a token's `$value` and its shape; false for a string that may be a reference but is not
            /// written `{…}` (`<a.b>`, text around braces, escapes).
            private func value(_ value: Int, of token: Int, into stack: inout Stack) -> Bool {
                stack.tokens[token].valueNode = Int32(value)
                let info = nodes[value]
                switch info.kind {
                case .string:
                    guard !info.isEscaped else { return false }
                    let start = Int(info.offset) + 1
                    let count = Int(info.length) - 2
                    let text = UnsafeBufferPointer(start: bytes.baseAddress! + start, count: count)
                    if count > 0, text[0] == UInt8(ascii: "{") {
                        stack.tokens[token].shape = .alias
                        stack.tokens[token].reference = (Int32(start), Int32(count))
                    } else if count > 0, text[0] == UInt8(ascii: "<") || memchr(text.baseAddress!, Int32(UInt8(ascii: "{")), count) != nil {
                        return false
                    } else {
                        stack.tokens[token].shape = .literal
                    }
                case .object, .array:
                    stack.tokens[token].shape = Self.mayHoldReference(nodes, bytes, value) ? .composite : .literal
                default:
                    stack.tokens[token].shape = .literal
                }
                return true
            }

            /// ``JSONDocument/subtreeMayHoldReference(_:)`` over borrowed nodes and bytes.
            private static func mayHoldReference(_ nodes: UnsafeBufferPointer<JSONDocument.Node>, _ bytes: UnsafeBufferPointer<UInt8>, _ node: Int) -> Bool {
                for index in node..<Int(nodes[node].end) where nodes[index].kind == .string {
                    let info = nodes[index]
                    if info.isEscaped { return true }
                    let count = Int(info.length) - 2
                    guard count > 0 else { continue }
                    let text = bytes.baseAddress! + Int(info.offset) + 1
                    if text[0] == UInt8(ascii: "<") || text[0] == UInt8(ascii: "$") || memchr(text, Int32(UInt8(ascii: "{")), count) != nil {
                        return true
                    }
                }
                return false
            }

            /// The index of a `$type` in ``Stack/types``; nil for anything but a known type's name.
            func type(_ node: Int, in stack: Stack) -> Int16? {
                guard nodes[node].kind == .string, let name = text(node) else { return nil }
                for (index, known) in stack.typeNames.enumerated() where known.count == name.count {
                    if known.withUnsafeBufferPointer({ memcmp($0.baseAddress!, name.baseAddress!, name.count) }) == 0 { return Int16(index) }
                }
                return nil  // an unknown type is a warning
            }
        }

        /// The `$` properties the fast path reads.
        enum Property: Equatable {
            case value, type, description, extensions, deprecated, ref, schema

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

            /// Properties of groups and tokens alike that do not change a value.
            var isMetadata: Bool { self == .description || self == .extensions || self == .deprecated }

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
