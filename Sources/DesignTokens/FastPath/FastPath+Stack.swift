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
            /// The `$type` it writes (an index of ``Stack/types``, -1 for none; a later file's replaces an earlier
            /// one's): a group's, which its tokens without one of their own take, or a token's own. Kept here, not
            /// with the token, so that the tokens' declared types can be worked out from the paths and nodes alone
            /// (``Resolution/InitialRecords``).
            var type: Int16 = -1
            /// For a token, its index in ``Stack/tokens``.
            var token: Int32 = -1

            /// The token an alias or reference naming this path names: this one's, or -1 for a group.
            var namedToken: Int32 { kind == .token ? token : -1 }
        }

        /// A token, and where its current value comes from (the last file that writes it).
        ///
        /// 16 bytes: an alias has no value node and a value node no reference, so the two share a field (with a
        /// field each it took 24; at 100,000 tokens, 0.8 MB less written as the file is read).
        struct Token {
            var node: Int32
            var file: Int32
            /// The value's JSON node (-1 while there is none), or, for an `.alias`, where its reference's text starts.
            private var valueNodeOrReferenceStart: Int32 = -1
            /// For an `.alias`, its reference's length.
            private var referenceCount: UInt16 = 0
            private(set) var shape: ValueShape = .literal

            init(node: Int32, file: Int32) {
                self.node = node
                self.file = file
            }

            /// The value's JSON node, for a `.literal` or `.composite` value (-1 for an alias, or before the value is read).
            var valueNode: Int32 { shape == .alias ? -1 : valueNodeOrReferenceStart }

            /// For an `.alias` value, the byte range of the text inside the quotes (else empty).
            var reference: (start: Int32, count: Int32) {
                shape == .alias ? (valueNodeOrReferenceStart, Int32(referenceCount)) : (0, 0)
            }

            /// The longest reference text a token holds here: a longer alias is left to the full engine.
            static var longestReference: Int { Int(UInt16.max) }

            /// Sets a value that is a JSON node, in one write (each write through the array checks that it is not
            /// shared).
            mutating func setValue(_ node: Int32, _ shape: ValueShape) {
                precondition(shape != .alias, "an alias has a reference, not a value node")
                valueNodeOrReferenceStart = node
                referenceCount = 0
                self.shape = shape
            }

            /// Sets an alias's value, the text at `start` (at most ``longestReference`` bytes).
            mutating func setAlias(start: Int32, count: Int) {
                precondition(count <= Self.longestReference, "a reference longer than a token holds")
                valueNodeOrReferenceStart = start
                referenceCount = UInt16(count)
                shape = .alias
            }

            /// Moves the value's JSON node on by `base`, for nodes appended after `base` others (a reference is a
            /// place in the file, which stays).
            mutating func shiftValueNode(by base: Int32) {
                if shape != .alias, valueNodeOrReferenceStart >= 0 { valueNodeOrReferenceStart += base }
            }
        }

        /// Each file's bytes with the nodes of its property values only (the scanner reads the groups and tokens
        /// around them itself): node 0 is not the file's root, and there are no line starts, so these documents
        /// serve value decoding, never a location.
        var documents: [JSONDocument] = []
        var paths = Paths()
        /// By node (the root is node 0).
        var nodes: [Node] = [Node()]
        /// By node, the last later file that writes the path, 0 for none (to find a name written twice in one group
        /// of a later file: the first file's are found when its paths go in the table, ``Paths/index()``). Made
        /// when the first later file is added: the first file, whose paths are all new, writes none of it. Apart
        /// from ``nodes``, which a later file then writes only where it adds a group or writes a `$type`: the
        /// second thread reads a snapshot of them meanwhile (``Resolution/InitialRecords``, the alias targets,
        /// ``KeyOrder``), and such a write copies them.
        var writtenBy: [Int32] = []
        /// By token, in the order first seen.
        var tokens: [Token] = []
        /// The tokens later files write, each time one does, in the order read (``forEachToken(lastWrittenBy:_:)``).
        var laterWrites: [Int32] = []
        /// The tokens of the first file whose value there is an alias, with the range of each one's reference
        /// (``firstFileAliasList()``), listed as the first file is added. A list of the first file alone: a first-file
        /// alias a later file overrides stays in it, and resolution passes over it (that file resolves the token).
        /// Handed over once (``takeFirstFileAliases()``), so that the stack, which resolution keeps, does not keep
        /// it too.
        private(set) var firstFileAliases: (tokens: [Int32], references: [(start: Int32, count: Int32)]) = ([], [])

        /// ``firstFileAliases``, leaving none here.
        mutating func takeFirstFileAliases() -> (tokens: [Int32], references: [(start: Int32, count: Int32)]) {
            defer { firstFileAliases = ([], []) }
            return firstFileAliases
        }

        /// Whether a later file writes a `$type` (on a group or a token), changing the types the first file
        /// declares (see ``Resolution/InitialRecords``).
        private(set) var laterFileWritesTypes = false
        /// Whether the first file's first half stopped at the ``SplitPoint`` its guess named, for the tests: on a
        /// stack that took the file, the second half was then appended to it.
        private(set) var wasSplit = false
        /// The types a `$type` may name here (the known ones: an unknown type is a warning), with their names'
        /// bytes for matching `$type` strings.
        let types: [TokenType] = TokenType.known
        private let typeNames: [[UInt8]] = TokenType.known.map { Array($0.name.utf8) }

        var tokenCount: Int { tokens.count }

        /// Reads and layers one more file over the ones added before; false when the full engine must run.
        ///
        /// A first file of at least `splitFrom` bytes is read in two halves at once, when a ``SplitPoint`` can be
        /// guessed: the second on a second thread (``readSecondHalf(of:from:)``), then appended to the first.
        mutating func add(_ source: TokenSource, splitFrom: Int = bytesWorthSplitting) -> Bool {
            let contents = source.contents
            // Offsets into a file are kept in 32 signed bits here (the full engine reads up to 4 GiB).
            guard contents.count < Int(Int32.max), !contents.withUnsafeBufferPointer(TokenFile.looksLegacy) else { return false }
            let file = Int32(documents.count)
            if file > 0, writtenBy.count < nodes.count {
                writtenBy.append(contentsOf: repeatElement(0, count: nodes.count - writtenBy.count))
            }
            // A token takes about 90 bytes of an indented file (the generated sets: 92): room for one per 80 (a
            // compact file, or one past a million tokens, grows the arrays as they fill; the path table is sized
            // from the paths themselves, ``Paths/index()``).
            if file == 0 { reserveCapacity(min(contents.count / 80, 1 << 20)) }
            let split = file == 0 && contents.count >= splitFrom ? contents.withUnsafeBufferPointer(FastPath.SplitPoint.guess) : nil
            let secondHalf = SecondThread.start(onThread: split != nil) {
                split.flatMap { Self.readSecondHalf(of: contents, from: $0) }
            }
            let scanned = contents.withUnsafeBufferPointer { bytes -> (nodes: [JSONDocument.Node], open: [Scanner.OpenObject]?)? in
                var scanner = Scanner(bytes: bytes, file: file, stoppingAt: split)
                defer { scanner.deallocate() }
                guard scanner.file(into: &self), scanner.reader.duplicateKeys.isEmpty else { return nil }
                return (scanner.reader.nodes, scanner.stoppedObjects)
            }
            // Joined whatever the first half came to (a half it did not stop for is dropped).
            let half = secondHalf.join()
            guard let scanned else { return false }
            var nodes = scanned.nodes
            if let open = scanned.open {
                wasSplit = true
                guard let half = consume half else { return false }
                // The path table, made on a second thread while the halves are joined here, from the paths'
                // hashes in their final order: the first half's, taken here, then the second half's (``Paths/Table``).
                // It holds the second half's entries alone, so that the rest of the half is freed once appended (the
                // half is consumed there), and the alias list below reuses that memory (at 100,000 tokens its ~240
                // pages were fresh, ~0.5 ms).
                let table = SecondThread.start { [hashes = paths.hashes, entries = half.stack.paths.entries] in
                    hashes.withUnsafeBufferPointer { hashes in
                        entries.withUnsafeBufferPointer { entries in
                            Paths.Table(hashes: hashes, entries: UnsafeBufferPointer(rebasing: entries[open.count...]), stoppingAtSameHash: true)
                        }
                    }
                }
                guard append(consume half, open: open, nodes: &nodes) else { return false }
                // Listed while the second thread is still making the table (at 100,000 tokens, ~0.5 ms that both
                // threads used to wait through after it).
                firstFileAliases = firstFileAliasList()
                guard paths.adopt(table.join()) else { return false }
            } else if file == 0 {
                // The first file's paths go in the table now (a path added twice is a duplicate key).
                guard paths.index() else { return false }
                firstFileAliases = firstFileAliasList()
            }
            // The document holds the nodes of the values only (the scanner read the groups and tokens around them).
            documents.append(JSONDocument(bytes: contents, nodes: nodes, lineStarts: [0], duplicateKeys: []))
            return true
        }

        /// The smallest first file worth reading in two halves at once: about 2,000 tokens, where each half takes
        /// ~1 ms (a thread costs some tens of microseconds to start and join).
        static var bytesWorthSplitting: Int { 200_000 }

        /// Calls `body` with each token whose value comes from file `file` (the last that writes it), in the order
        /// of the tokens for the first file and in the order read for a later one, until `body` answers false;
        /// answers whether it never did. A later file's are found among what the later files wrote, rather than
        /// among every token (at 100,000 tokens, a theme writes some thousands).
        func forEachToken(lastWrittenBy file: Int32, _ body: (Int) -> Bool) -> Bool {
            if file == 0 {
                for token in tokens.indices where tokens[token].file == 0 {
                    guard body(token) else { return false }
                }
            } else {
                for token in laterWrites where tokens[Int(token)].file == file {
                    guard body(Int(token)) else { return false }
                }
            }
            return true
        }

        /// The tokens of the first file whose value there is an alias, with the range of each one's reference.
        private func firstFileAliasList() -> (tokens: [Int32], references: [(start: Int32, count: Int32)]) {
            // Written in place, with room for every token (most are aliases in a large set): appending checked each
            // time that the arrays were not shared and had room.
            var references: [(start: Int32, count: Int32)] = []
            let found = tokens.withUnsafeBufferPointer { tokens in
                [Int32](unsafeUninitializedCapacity: tokens.count) { found, count in
                    references = Array(unsafeUninitializedCapacity: tokens.count) { references, referenceCount in
                        for index in tokens.indices where tokens[index].file == 0 && tokens[index].shape == .alias {
                            (found.baseAddress! + count).initialize(to: Int32(index))
                            (references.baseAddress! + count).initialize(to: tokens[index].reference)
                            count += 1
                        }
                        referenceCount = count
                    }
                }
            }
            return (found, references)
        }

        /// Room for about `tokens` tokens and a group per 16 of them (groups hold many tokens each), and for their
        /// names and the groups' paths in the arena (14 bytes a token in the generated sets; room never written
        /// costs no page).
        mutating func reserveCapacity(_ tokens: Int) {
            let nodes = tokens + tokens / 16
            paths.reserveCapacity(nodes, bytes: tokens * 32)
            self.nodes.reserveCapacity(nodes)
            self.tokens.reserveCapacity(tokens)
        }

        /// Reads one file's groups and tokens straight from its bytes into the stack; the JSON reader reads the
        /// keys and the properties' values (making nodes for the values only), so the file is read once and
        /// strictly: what it rejects, or anything the scanner does not expect, makes the scan answer false.
        ///
        /// A large first file is read in two halves at once (``SplitPoint``): this scanner reads the first half
        /// and stops where the second begins, and another, on a second thread, reads the second half from there
        /// (``readSecondHalf(of:from:)``).
        struct Scanner {
            var reader: JSONReader
            let bytes: UnsafeBufferPointer<UInt8>
            let file: Int32
            /// The dotted path of the object being read is `path[0..<pathCount]`. No path is longer than the file
            /// plus a dot per level, so the buffer never grows (the pages past what is used are never touched).
            let path: UnsafeMutablePointer<UInt8>
            var pathCount = 0
            /// Where the second half of the file begins (-1 for nowhere): the key of a member of the object whose
            /// path is ``stopParent``, at ``stopDepth``.
            private var stopPosition = -1
            private let stopParent: [UInt8]
            private let stopDepth: Int
            /// The objects left open where the scan stopped at ``stopPosition``, innermost first (the root last);
            /// nil while it has not.
            private(set) var stoppedObjects: [OpenObject]?

            /// `"$value"`, quotes included, as the word its eight bytes load as.
            private static var quotedValueKey: UInt64 { UInt64(littleEndian: 0x2265_756C_6176_2422) }

            /// Objects (the root, groups and the token object) nest at most this deep here; deeper files are left to
            /// the full engine, which reads any depth up to the reader's limit.
            static let maximumDepth = 64

            init(bytes: UnsafeBufferPointer<UInt8>, file: Int32, stoppingAt split: SplitPoint? = nil) {
                reader = JSONReader(bytes: bytes, nodeCapacity: bytes.count / 40)
                // Nothing here is ever located (a problem sends the stack to the full engine, which reports it).
                reader.recordsLineStarts = false
                self.bytes = bytes
                self.file = file
                path = .allocate(capacity: bytes.count + Self.maximumDepth + 1)
                stopPosition = split?.position ?? -1
                stopParent = split?.ancestors.last ?? []
                stopDepth = (split?.ancestors.count ?? 0) + 1
            }

            func deallocate() { path.deallocate() }

            /// Whether `object`, read up to ``stopPosition``, is the one the second half's first member is in.
            private func isStopParent(_ object: OpenObject) -> Bool {
                object.depth == stopDepth && pathCount == stopParent.count
                    && (pathCount == 0 || stopParent.withUnsafeBufferPointer { memcmp($0.baseAddress!, path, pathCount) == 0 })
            }

            mutating func file(into stack: inout Stack) -> Bool {
                reader.move(to: JSONReader.byteOrderMarkLength(bytes))
                reader.skipWhitespace()
                guard at(UInt8(ascii: "{")), object(0, isNew: false, depth: 1, into: &stack) else { return false }
                if stoppedObjects != nil { return true }
                reader.skipWhitespace()
                return reader.position == bytes.count
            }

            /// Reads the file from `split` to its end, as ``file(into:)`` would after stopping there: the members
            /// of the objects the split point is in, innermost first, each up to its closing brace. Answers what
            /// each object's members here made of it, innermost first (left to settle with the first half's); nil
            /// where the scan answers false. The stack holds the split point's ancestors as nodes 1, 2, ….
            mutating func rest(from split: SplitPoint, into stack: inout Stack) -> [(written: UInt8, type: Int16)]? {
                reader.move(to: split.position)
                var enclosing: [(written: UInt8, type: Int16)] = []
                for level in stride(from: split.ancestors.count, through: 0, by: -1) {
                    // The object's own path, which its members' paths begin with.
                    let own = level == 0 ? [] : split.ancestors[level - 1]
                    own.withUnsafeBufferPointer { if let base = $0.baseAddress { path.update(from: base, count: $0.count) } }
                    pathCount = own.count
                    var object = OpenObject(node: Int32(level), isNew: true, depth: level + 1, role: .group)
                    guard members(of: &object, afterOne: level != split.ancestors.count, into: &stack) else { return nil }
                    enclosing.append((object.written, object.type))
                }
                reader.skipWhitespace()
                return reader.position == bytes.count ? enclosing : nil
            }

            /// The file's bytes from `start` to `end`: a string's contents, between its quotes. (Not a slice of
            /// ``bytes``, which the subscript makes and checks, and rebasing checks again: at 100,000 tokens, ~3 M
            /// instructions of the reading.)
            @inline(__always)
            private func text(from start: Int, to end: Int) -> UnsafeBufferPointer<UInt8> {
                precondition(0 <= start && start <= end && end <= bytes.count, "text outside the file")
                return UnsafeBufferPointer(start: bytes.baseAddress! + start, count: end - start)
            }

            /// Whether `"$value"`, quotes included, is at `position`: recognised by one load and compare (its quotes make
            /// it a word).
            @inline(__always)
            private func isQuotedValueKey(at position: Int) -> Bool {
                position + 8 <= bytes.count
                    && UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self) == Self.quotedValueKey
            }

            /// Whether the object whose brace is at `brace` begins `{"$value": "`: a `$value` key first, with one space
            /// after its colon, and a string value.
            @inline(__always)
            private func opensWithStringValue(at brace: Int) -> Bool {
                brace + 12 <= bytes.count && isQuotedValueKey(at: brace + 1)
                    && bytes[brace + 9] == UInt8(ascii: ":") && bytes[brace + 10] == UInt8(ascii: " ") && bytes[brace + 11] == UInt8(ascii: "\"")
            }

            private func at(_ byte: UInt8) -> Bool {
                reader.position < bytes.count && bytes[reader.position] == byte
            }

            /// What an object turns out to be as its members are read.
            enum Role { case undecided, group, token(Int) }

            /// An object being read: its node, and what its members so far have made it.
            struct OpenObject {
                var node: Int32
                var isNew: Bool
                /// 1 for the root.
                var depth: Int
                var role = Role.undecided
                /// A bit per property read (a second one is a duplicate key).
                var written: UInt8 = 0
                /// The `$type` it writes (-1 for none so far).
                var type: Int16 = -1
            }

            /// Reads the object at the reader's position as the group or token `node` (a token when it has
            /// `$value`), up to and past its closing brace; or, when the reader comes to ``stopPosition`` between
            /// its members, up to there (``stoppedObjects``).
            private mutating func object(_ node: Int32, isNew: Bool, depth: Int, into stack: inout Stack) -> Bool {
                var object = OpenObject(node: node, isNew: isNew, depth: depth)
                let brace = reader.position
                if opensWithStringValue(at: brace) {
                    // `{"$value": "…`, how most tokens are written: that first member is known from its bytes, without
                    // the member loop's reading of its key. (At 100,000 tokens, 405.2 → 400.2 M instructions. Most
                    // tokens are now read before they get here, by ``oneLineToken(in:into:)``; this serves those whose
                    // name needs a closer look, and those spaced otherwise before their brace, `"a":{` or `"a" : {`.)
                    reader.move(to: brace + 11)
                    return tokenObject(&object, into: &stack)
                }
                reader.move(to: brace + 1)
                reader.skipWhitespace()
                if at(UInt8(ascii: "}")) {
                    reader.move(to: reader.position + 1)
                } else {
                    guard members(of: &object, afterOne: false, into: &stack) else { return false }
                    if stoppedObjects != nil { return true }
                }
                return Self.close(object, file: file, into: &stack)
            }

            /// Reads the members of `object` up to and past its closing brace: from a member's key, or, when
            /// `afterOne`, from just after a member (at the comma or brace that follows it). Stops at
            /// ``stopPosition``, leaving the object open there and in every enclosing object (``stoppedObjects``,
            /// innermost first), when the object is the one ``stopParent`` expects.
            mutating func members(of object: inout OpenObject, afterOne: Bool, into stack: inout Stack) -> Bool {
                var afterMember = afterOne
                while true {
                    if afterMember {
                        reader.skipWhitespace()
                        guard at(UInt8(ascii: ",")) else { break }
                        reader.move(to: reader.position + 1)
                        reader.skipWhitespace()
                    }
                    afterMember = true
                    if reader.position == stopPosition {
                        if case .token = object.role { return false }  // the member there makes it a group
                        if isStopParent(object) {
                            object.role = .group
                            stoppedObjects = [object]
                            return true
                        }
                        stopPosition = -1  // not where the second half begins: read on
                    }
                    if let read = oneLineToken(in: &object, into: &stack) {
                        guard read else { return false }
                        if stoppedObjects != nil {
                            stoppedObjects!.append(object)
                            return true
                        }
                        continue
                    }
                    guard at(UInt8(ascii: "\"")) else { return false }
                    let keyStart = reader.position
                    // Every token has a `$value`: that key is recognised by its bytes, the others are read as strings.
                    let isValueKey = isQuotedValueKey(at: keyStart)
                    if isValueKey {
                        reader.move(to: keyStart + 8)
                    } else {
                        guard let escaped = try? reader.readString(), !escaped else { return false }
                    }
                    let name = text(from: keyStart + 1, to: reader.position - 1)
                    reader.skipWhitespace()
                    guard at(UInt8(ascii: ":")) else { return false }
                    reader.move(to: reader.position + 1)
                    reader.skipWhitespace()
                    if name.first == UInt8(ascii: "$") {
                        guard let property = isValueKey ? .value : Property(name), object.written & property.bit == 0 else { return false }
                        object.written |= property.bit
                        if at(UInt8(ascii: "\"")) {
                            // A string, most values: read without a node unless it is a literal `$value`.
                            guard stringProperty(property, of: &object, into: &stack) else { return false }
                        } else {
                            guard let value = readValue(in: object) else { return false }
                            let kind = reader.nodes[value].kind
                            switch property {
                            case .value:
                                guard setValue(value, of: &object, into: &stack) else { return false }
                            case .type:
                                return false  // not a string: not a type's name
                            case .description, .extensions, .deprecated:
                                guard property.accepts(kind) else { return false }
                            case .schema:
                                guard object.node == 0 else { return false }
                            case .ref:
                                return false
                            }
                        }
                    } else {
                        // A member that is not a property: this object is a group (a token cannot have one).
                        guard at(UInt8(ascii: "{")), Self.isPlainName(name) else { return false }
                        let parentLength = pathCount
                        guard let (child, isChildNew) = child(named: name, of: &object, into: &stack),
                            self.object(child, isNew: isChildNew, depth: object.depth + 1, into: &stack)
                        else { return false }
                        if stoppedObjects != nil {
                            stoppedObjects!.append(object)
                            return true
                        }
                        // The full engine keeps groups' properties by `String`, which merges canonically
                        // equivalent names (`é` as one scalar or two) that are different paths here.
                        if stack.nodes[Int(child)].kind == .group, name.contains(where: { $0 >= 0x80 }) { return false }
                        pathCount = parentLength
                    }
                }
                guard at(UInt8(ascii: "}")) else { return false }
                reader.move(to: reader.position + 1)
                return true
            }

            /// Reads the member at the reader's position when it is a token that opens as most do, `"name":
            /// {"$value": ` with a string, object or array after it, and a name with nothing that needs a closer look
            /// (an escape, a control character, a byte from 0x80; not empty, no `{`, `}` or `.`, no `$` first), and
            /// answers what the member loop would (false where it gives up); nil, with nothing read or changed, for any
            /// other member, which the loop then reads. It makes what the loop and ``object(_:isNew:depth:into:)``
            /// make of the member, through the same steps (``child(named:of:into:)``, ``tokenObject(_:into:)``), but
            /// for the key, the colon and the brace, read from their bytes.
            ///
            /// A string value that is all the token holds (`"name": {"$value": "text"}`, how most tokens of a large
            /// file are written), with nothing in it that needs a closer look either, is read here whole, the token
            /// made as ``becomeToken(_:isNew:into:)`` makes it and its value set by ``setString(_:from:isEscaped:into:)``:
            /// at 100,000 tokens, 387.5 → 359.9 M instructions. Any other value is read as the member loop reads a
            /// `$value`, and what follows it by the member loop (357.1 M with objects and arrays, 355.6 M with other
            /// strings too).
            private mutating func oneLineToken(in object: inout OpenObject, into stack: inout Stack) -> Bool? {
                let keyStart = reader.position
                guard keyStart < bytes.count, bytes[keyStart] == UInt8(ascii: "\""),
                    let nameEnd = plainStringEnd(from: keyStart + 1, isName: true), nameEnd > keyStart + 1,
                    bytes[keyStart + 1] != UInt8(ascii: "$"), nameEnd + 15 <= bytes.count,
                    load(at: nameEnd) == Self.afterNameHead, load(at: nameEnd + 7) & 0x00FF_FFFF_FFFF_FFFF == Self.afterNameTail
                else { return nil }
                let valueStart = nameEnd + 14
                let opening = bytes[valueStart]
                guard opening == UInt8(ascii: "\"") || opening == UInt8(ascii: "{") || opening == UInt8(ascii: "[") else { return nil }
                let parentLength = pathCount
                defer { pathCount = parentLength }
                guard let (child, isNew) = child(named: text(from: keyStart + 1, to: nameEnd), of: &object, into: &stack) else { return false }
                // A string that is all the token holds, with nothing in it that needs a closer look: read whole.
                if opening == UInt8(ascii: "\""), let valueEnd = plainStringEnd(from: valueStart + 1, isName: false),
                    valueEnd + 1 < bytes.count, bytes[valueEnd + 1] == UInt8(ascii: "}")
                {
                    reader.move(to: valueEnd + 1)
                    guard let token = becomeToken(child, isNew: isNew, into: &stack), setString(token, from: valueStart, isEscaped: false, into: &stack)
                    else { return false }
                    reader.move(to: valueEnd + 2)
                    return true
                }
                var token = OpenObject(node: child, isNew: isNew, depth: object.depth + 1)
                reader.move(to: valueStart)
                return tokenObject(&token, into: &stack)
            }

            /// The child of `object` named `name` (whose key, colon and brace are read): its path added after the path
            /// being read (``path``, which the caller takes back to where it was), its node made or found, `object`
            /// made a group (a token cannot have a child); nil where the member loop gives up.
            @inline(__always)
            private mutating func child(named name: UnsafeBufferPointer<UInt8>, of object: inout OpenObject, into stack: inout Stack) -> (node: Int32, isNew: Bool)? {
                switch object.role {
                case .token: return nil
                case .group: break
                case .undecided:
                    guard stack.nodes[Int(object.node)].kind == .group else { return nil }  // a token below
                    object.role = .group
                }
                guard object.depth < Self.maximumDepth else { return nil }
                if object.node != 0 {
                    path[pathCount] = UInt8(ascii: ".")
                    pathCount += 1
                }
                (path + pathCount).update(from: name.baseAddress!, count: name.count)
                pathCount += name.count
                // Paths are kept with 32-bit offsets (a name, and its parent's path when it is the first child).
                guard stack.paths.bytes.count + 2 * pathCount < Int(Int32.max) else { return nil }
                // Every path of the first file is new to the stack (``Paths/index()`` finds any that is not).
                let childPath = UnsafeBufferPointer(start: path, count: pathCount)
                let (child, isNew) = file == 0
                    ? (stack.paths.add(childPath, nameCount: name.count, parent: object.node), true)
                    : stack.paths.intern(childPath, nameCount: name.count, parent: object.node)
                if isNew { stack.nodes.append(Node()) }
                if file > 0 {
                    // The same name twice in one group of a later file is a duplicate key (in the first file, every path
                    // is new here, and ``Paths/index()`` finds one added twice).
                    if isNew {
                        stack.writtenBy.append(file)
                    } else {
                        guard stack.writtenBy[Int(child)] != file else { return nil }
                        stack.writtenBy[Int(child)] = file
                    }
                }
                return (child, isNew)
            }

            /// Reads the rest of the token object `object`, whose first member is a `$value` with its key and colon
            /// read (the reader is at its value): the value, the object's other members and its closing brace; what
            /// the member loop does from there.
            private mutating func tokenObject(_ object: inout OpenObject, into stack: inout Stack) -> Bool {
                object.written |= Property.value.bit
                if at(UInt8(ascii: "\"")) {
                    guard stringProperty(.value, of: &object, into: &stack) else { return false }
                } else {
                    guard let value = readValue(in: object), setValue(value, of: &object, into: &stack) else { return false }
                }
                guard members(of: &object, afterOne: true, into: &stack) else { return false }
                if stoppedObjects != nil { return true }
                return Self.close(object, file: file, into: &stack)
            }

            /// Reads the value at the reader's position, in `object`, into JSON nodes; its node, or nil where the JSON
            /// reader rejects it.
            private mutating func readValue(in object: OpenObject) -> Int? {
                reader.enclosingDepth = object.depth
                return try? reader.readValue()
            }

            /// Makes the JSON node `value` the `$value` of `object`, which it makes a token; false where it cannot be one.
            private func setValue(_ value: Int, of object: inout OpenObject, into stack: inout Stack) -> Bool {
                guard let token = valueToken(&object, into: &stack) else { return false }
                stack.tokens[token].setValue(Int32(value), shape(of: value))
                return true
            }

            /// Makes the string read from `start` (its opening quote) to the reader's position (past its closing quote)
            /// the `$value` of `token`: an alias when it is a plain `{…}` without escapes, a literal (a JSON node, which
            /// is decoded later) when it holds no reference; false for anything else (`<a.b>`, text around braces,
            /// escapes), which the full engine reads.
            @inline(__always)
            private mutating func setString(_ token: Int, from start: Int, isEscaped: Bool, into stack: inout Stack) -> Bool {
                let contents = text(from: start + 1, to: reader.position - 1)
                if JSONDocument.stringMayHoldReference(contents: contents, isEscaped: isEscaped) {
                    guard !isEscaped, contents.first == UInt8(ascii: "{"), contents.count <= Token.longestReference else { return false }
                    stack.tokens[token].setAlias(start: Int32(start + 1), count: contents.count)
                } else {
                    stack.tokens[token].setValue(Int32(reader.recordString(from: start, isEscaped: false)), .literal)
                }
                return true
            }

            /// `": {"$value": ` as two overlapping words: its first eight bytes, and its last seven (the eighth byte
            /// of that word opens the value).
            private static var afterNameHead: UInt64 { 0x6176_2422_7B20_3A22 }
            private static var afterNameTail: UInt64 { 0x0020_3A22_6575_6C61 }

            @inline(__always)
            private func load(at offset: Int) -> UInt64 {
                UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
            }

            /// Where the string whose text starts at `start` closes (its closing quote), when nothing in it before
            /// that needs a closer look: no escape, control character or byte from 0x80, and for a name (`isName`)
            /// none of `{`, `}` and `.` either, which no name may hold (``isPlainName(_:)``); else nil.
            @inline(__always)
            private func plainStringEnd(from start: Int, isName: Bool) -> Int? {
                var index = start
                while index + 8 <= bytes.count {
                    let word = load(at: index)
                    var look = ByteMask.escaped(word) | ByteMask.nonASCII(word)
                    if isName { look |= Self.nameMask(word) }
                    if look != 0 {
                        index += look.trailingZeroBitCount / 8
                        return bytes[index] == UInt8(ascii: "\"") ? index : nil
                    }
                    index += 8
                }
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") { return index }
                    guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\"), !isName || Self.isNameByte(byte) else { return nil }
                    index += 1
                }
                return nil
            }

            /// Settles an object of file `file` whose members are all read: a token takes the `$type` it writes,
            /// and so does a group (only properties, or nothing, make a group: a token below cannot become one).
            static func close(_ object: OpenObject, file: Int32, into stack: inout Stack) -> Bool {
                switch object.role {
                case .token: break
                case .group, .undecided:
                    guard stack.nodes[Int(object.node)].kind == .group else { return false }
                }
                if object.type >= 0 {
                    stack.nodes[Int(object.node)].type = object.type
                    if file > 0 { stack.laterFileWritesTypes = true }
                }
                return true
            }

            /// Reads the string value of `property` (the reader is at its opening quote) on `object`: what
            /// ``members(of:afterOne:into:)`` does with a value read as a node, making one only for a `$value` that
            /// is a literal (which is decoded later); false where it would be.
            private mutating func stringProperty(_ property: Property, of object: inout OpenObject, into stack: inout Stack) -> Bool {
                let start = reader.position
                guard let isEscaped = try? reader.readString() else { return false }
                switch property {
                case .value:
                    guard let token = valueToken(&object, into: &stack), setString(token, from: start, isEscaped: isEscaped, into: &stack)
                    else { return false }
                case .type:
                    guard !isEscaped, let index = stack.typeIndex(text(from: start + 1, to: reader.position - 1))
                    else { return false }
                    object.type = index
                case .description, .extensions, .deprecated:
                    guard property.accepts(.string) else { return false }
                case .ref:
                    return false
                case .schema:
                    guard object.node == 0 else { return false }
                }
                return true
            }

            /// What a value that is not a string (``stringProperty(_:of:into:)`` reads those) is, as
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

            /// The token whose `$value` is being read: `object`, which its first `$value` makes a token; nil where it
            /// cannot be one (a group, or a token new in a later file).
            private func valueToken(_ object: inout OpenObject, into stack: inout Stack) -> Int? {
                if case .undecided = object.role {
                    guard let token = becomeToken(object.node, isNew: object.isNew, into: &stack) else { return nil }
                    object.role = .token(token)
                }
                guard case .token(let token) = object.role else { return nil }
                return token
            }

            /// Makes `node` a token of this file; nil when it cannot be one here.
            @inline(__always)
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
                stack.laterWrites.append(Int32(token))
                return token
            }

            /// Whether a name is not empty and has none of `{`, `}` and `.` (DTCG §5.1.1; one starting with `$` is a
            /// property), the names ``Paths`` keeps: eight bytes at a time.
            static func isPlainName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
                func flagged(_ word: UInt64) -> Bool { nameMask(word) != 0 }
                guard !name.isEmpty else { return false }
                guard name.count >= 8 else {
                    for byte in name where !isNameByte(byte) { return false }
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

            /// The bytes of a word that no name may hold, `{`, `}` and `.` (``ByteMask``: the first is exact).
            @inline(__always)
            private static func nameMask(_ word: UInt64) -> UInt64 {
                ByteMask.equal(word, to: UInt8(ascii: "{")) | ByteMask.equal(word, to: UInt8(ascii: "}")) | ByteMask.equal(word, to: UInt8(ascii: "."))
            }

            /// Whether a name may hold `byte` (``nameMask(_:)``, a byte at a time).
            @inline(__always)
            private static func isNameByte(_ byte: UInt8) -> Bool {
                byte != UInt8(ascii: "{") && byte != UInt8(ascii: "}") && byte != UInt8(ascii: ".")
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
