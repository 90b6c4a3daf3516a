#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemExtras

extension FastPath {
    /// Resolves every token of a ``Stack``: the fast path's ``Resolver``, by token index, giving up (false) at
    /// anything the full engine would report.
    struct Resolution {
        fileprivate enum State: UInt8 {
            case unvisited, inProgress, resolved
        }

        /// A `{a.b}` reference inside a composite value: the string node, where it sits, and the token it names
        /// (looked up with the file's others once its values are read, -1 until then).
        private struct MemberReference {
            var node: Int
            var place: Place
            var target: Int32
        }

        /// Where a reference sits in a composite value, as far as its expected type goes
        /// (``TokenType/expectedType(at:)``): whether it is the whole value, and the key node of the innermost
        /// member named other than by digits (-1 for none), whose name is only made into a `String` once it is
        /// checked.
        private struct Place {
            var isWholeValue: Bool
            var namedMember: Int32

            static var wholeValue: Place { Place(isWholeValue: true, namedMember: -1) }

            /// The place inside this one's member `key`, a key node of `document`: named by it unless it is taken
            /// for an array index (``TokenType/isIndex(_:)``), which `expectedType(at:)` passes over.
            func member(_ key: Int, of document: JSONDocument) -> Place {
                // An ASCII name by its bytes (its only digits are 0–9); others, and escaped ones, as `String`s.
                let isIndex =
                    document.withUnescapedContents(of: key) { name -> Bool? in
                        name.contains { $0 >= 0x80 } ? nil : name.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                    } ?? TokenType.isIndex(document.string(key))
                return Place(isWholeValue: false, namedMember: isIndex ? namedMember : Int32(key))
            }

            /// The place inside this one's array element.
            var element: Place { Place(isWholeValue: false, namedMember: namedMember) }

            /// The type a reference here must have inside a value of `type` (nil for any).
            func expectedType(in type: TokenType, _ document: JSONDocument) -> TokenType? {
                if isWholeValue { return type }
                return type.expectedType(inMemberNamed: namedMember < 0 ? nil : document.string(Int(namedMember)))
            }
        }

        /// What resolution knows of a token, in one record so that following an alias to its target touches one
        /// place (at 100,000 tokens, a target is a cache miss; six arrays made it six).
        fileprivate struct Record {
            var state = State.unvisited
            /// Its type, an index of `stack.types`: until it is resolved, the type it declares (its own `$type`, else
            /// its nearest enclosing group's; -1 for none), then the type it has.
            var type: Int16
            /// For a whole-value alias, the token it refers to (else -1).
            var aliasOf: Int32 = -1
            /// Where its value is in ``values``: its own, or, for an alias, its target's once it is resolved (-1
            /// until then). Carried along each alias, so that the output finds a token's value in its own record.
            var valueIndex: Int32 = -1
            /// The references inside its composite value are `memberReferences[referenceLists[referenceList]]` (-1
            /// for none; few tokens have any).
            var referenceList: Int32 = -1
        }

        private let stack: Stack
        /// By token.
        private var records: [Record]
        /// The references inside composite values, every token's in one list (a list each was an allocation each,
        /// grown as it was filled: at 100,000 tokens, ~3,700 of them), and the range of it each token's are.
        private var memberReferences: [MemberReference] = []
        private var referenceLists: [Range<Int>] = []
        /// The values of the tokens with a value of their own, in the order decoded (a fifth of the tokens, not one
        /// per token).
        private var values: [TokenValue?] = []
        private var work: [(token: Int, next: Int)] = []
        /// The values standing in for a composite's references while it is finished, one set after another in the
        /// same room (``finish(_:)``).
        private var substitutions = ValueDecoder.Substitutions()
        /// The first file's aliases and the tokens they name, looked up with the second thread (``AliasTargets``,
        /// let go of once they are, with the snapshot of the first file's paths and nodes it holds). Later files'
        /// aliases are looked up here (``targets(of:in:paths:nodes:)``).
        private var firstFileAliases: (tokens: [Int32], targets: AliasTargets?)

        /// Starts resolving `stack` from `records`, made from its paths and nodes with every `$type` it has read.
        init(_ stack: Stack, records: InitialRecords, firstFileAliases: (tokens: [Int32], targets: AliasTargets)) {
            precondition(records.records.count == stack.tokenCount, "records made for other tokens")
            self.stack = stack
            self.firstFileAliases = (firstFileAliases.tokens, firstFileAliases.targets)
            self.records = records.records
            values.reserveCapacity(stack.tokenCount / 4)
        }

        /// Every token's record before resolution, with its declared type: its own `$type`, else its nearest
        /// enclosing group's. Made from the paths and nodes alone, so that the second thread makes them while
        /// this one reads the later files (at 100,000 tokens, ~1.7 ms and 1.6 MB of records off this thread).
        struct InitialRecords: Sendable {
            fileprivate let records: [Record]

            /// The records of the `tokenCount` tokens among `nodes`, whose tokens are numbered in the order of
            /// their nodes: only the first file makes tokens, each as its `$value` is read, right after its node
            /// and before any other (and the halves of a split file are joined in order). Nil, so that the fast
            /// path declines, if they are not.
            init?(paths: Paths, nodes: [Stack.Node], tokenCount count: Int) {
                // The types are found in one pass in node order, where a token's path and its group's are near
                // the last ones seen: resolution reaches tokens in the order aliases lead it, and walking up the
                // paths from there missed the cache at almost every token (~2.4 ms at 100,000 tokens, sampled).
                var inheritedTypes = [Int16](repeating: -2, count: paths.count)
                // The records are written in place, rather than appended one by one (each append checked that
                // the array was not shared and had room).
                let records = [Record](unsafeUninitializedCapacity: count) { records, initialized in
                    nodes.withUnsafeBufferPointer { nodes in
                        for node in nodes.indices where nodes[node].kind == .token {
                            let token = Int(nodes[node].token)
                            guard token == initialized, token < count else { return }
                            let own = nodes[node].type
                            let type = own >= 0 ? own : Self.inheritedType(of: node, paths, nodes, &inheritedTypes)
                            (records.baseAddress! + token).initialize(to: Record(type: type))
                            initialized += 1
                        }
                    }
                }
                guard records.count == count else { return nil }
                self.records = records
            }

            /// The `$type` the nearest enclosing group of `node` writes, or -1; `inheritedTypes` holds, by node, the
            /// type each group seen so far passes on to its tokens (-2 for one not yet seen).
            private static func inheritedType(
                of node: Int, _ paths: Paths, _ nodes: UnsafeBufferPointer<Stack.Node>, _ inheritedTypes: inout [Int16]
            ) -> Int16 {
                let parent = Int(paths.entries[node].parent)
                if inheritedTypes[parent] != -2 { return inheritedTypes[parent] }
                var type = nodes[parent].type
                if type < 0, parent > 0 { type = inheritedType(of: parent, paths, nodes, &inheritedTypes) }
                inheritedTypes[parent] = type
                return type
            }
        }

        /// Resolves every token, each once; false when the full engine must.
        ///
        /// First, file by file, the literals are decoded and the targets of the aliases and of the references in
        /// composite values looked up; then what refers to other tokens is finished depth first, with an explicit
        /// stack, after what it refers to.
        mutating func resolveAll() -> Bool {
            for file in stack.documents.indices {
                let document = stack.documents[file]
                let decoder = ValueDecoder()
                // A later file's aliases are looked up together, after its other values
                // (``Paths/find(references:in:)``); the first file's were looked up on the second thread.
                var aliases: [Int32] = []
                var references: [(start: Int32, count: Int32)] = []
                // The references inside composite values, looked up together too: their texts, in the order of
                // this file's ``memberReferences``, which begin at `firstMemberReference`.
                var memberTexts: [(start: Int32, count: Int32)] = []
                let firstMemberReference = memberReferences.count
                let stack = self.stack
                let finished = stack.forEachToken(lastWrittenBy: Int32(file)) { token in
                    switch stack.tokens[token].shape {
                    case .literal:
                        guard decodeLiteral(token, document, decoder) else { return false }
                    case .alias:
                        if file > 0 {
                            aliases.append(Int32(token))
                            references.append(stack.tokens[token].reference)
                        }
                    case .composite:
                        let first = memberReferences.count
                        guard Self.collect(document, Int(stack.tokens[token].valueNode), at: .wholeValue, into: &memberReferences)
                        else { return false }
                        if memberReferences.count == first {
                            guard decodeLiteral(token, document, decoder) else { return false }
                        } else {
                            records[token].referenceList = Int32(referenceLists.count)
                            referenceLists.append(first..<memberReferences.count)
                            for reference in memberReferences[first...] {
                                let contents = document.nodes[reference.node].contents
                                memberTexts.append((Int32(contents.lowerBound), Int32(contents.count)))
                            }
                        }
                    }
                    return true
                }
                guard finished else { return false }
                if !memberTexts.isEmpty {
                    let targets = Self.targets(of: memberTexts, in: document.bytes, paths: stack.paths, nodes: stack.nodes)
                    for (index, target) in targets.enumerated() {
                        guard target >= 0 else { return false }
                        memberReferences[firstMemberReference + index].target = target
                    }
                }
                // Gives each alias of `tokens` whose value this file writes the token its reference names (`targets`,
                // in the same order); false for one that names no token. Through the buffers: each write through the
                // array checked that it was not shared.
                func setTargets(of tokens: [Int32], _ targets: UnsafeBufferPointer<Int32>) -> Bool {
                    records.withUnsafeMutableBufferPointer { records in
                        stack.tokens.withUnsafeBufferPointer { stackTokens in
                            for (token, target) in zip(tokens, targets) where stackTokens[Int(token)].file == file {
                                guard target >= 0 else { return false }
                                records[Int(token)].aliasOf = target
                            }
                            return true
                        }
                    }
                }
                // The first file's were looked up after it alone: a later file adds no token and turns no group
                // into one (the fast path gives up there), so a path names the same token, or none, either way. A
                // first-file alias a later file overrides is that file's to resolve, not the first's.
                let found = file == 0
                    ? firstFileAliases.targets.take()!.lookUpFromTheFront { setTargets(of: firstFileAliases.tokens, $0) }
                    : aliases.isEmpty
                        || Self.targets(of: references, in: document.bytes, paths: stack.paths, nodes: stack.nodes)
                            .withUnsafeBufferPointer { setTargets(of: aliases, $0) }
                guard found else { return false }
            }
            // An alias's target is at random among the records (at 100,000 tokens, a cache miss each): the one
            // ``recordsAhead`` tokens ahead is asked for now, so that it is in the cache when its turn comes
            // (sampled, this loop went from 8 to 5.4 ms there).
            let ahead = Self.recordsAhead
            let count = records.count
            var token = 0
            while token < count {
                // Most tokens are aliases of a token resolved before them (a primitive, or a token of an earlier
                // group): finished in a run, through the records' buffer (each write through the array checked
                // that it was not shared), up to a token that waits for what it refers to.
                token = records.withUnsafeMutableBufferPointer { records in
                    var token = token
                    while token < count {
                        if token + ahead < count, case let target = records[token + ahead].aliasOf, target >= 0 {
                            system_extras_prefetch(records.baseAddress! + Int(target))
                        }
                        if records[token].state != .unvisited {
                            token += 1
                            continue
                        }
                        let target = Int(records[token].aliasOf)
                        guard target >= 0, case let source = records[target], source.state == .resolved,
                            Self.finishAlias(&records[token], of: source)
                        else { break }
                        token += 1
                    }
                    return token
                }
                guard token < count else { break }
                // Depth first from this token (an alias whose type disagrees with its resolved target's comes
                // here too, and ``finish(_:)`` answers false for it).
                defer { token += 1 }
                records[token].state = .inProgress
                work.append((token, 0))
                while let top = work.last {
                    let dependency: Int32?
                    if records[top.token].aliasOf >= 0 {
                        dependency = top.next == 0 ? records[top.token].aliasOf : nil
                    } else if records[top.token].referenceList >= 0,
                        case let references = referenceLists[Int(records[top.token].referenceList)], top.next < references.count
                    {
                        dependency = memberReferences[references.lowerBound + top.next].target
                    } else {
                        dependency = nil
                    }
                    if let dependency {
                        work[work.count - 1].next += 1
                        switch records[Int(dependency)].state {
                        case .unvisited:
                            records[Int(dependency)].state = .inProgress
                            work.append((Int(dependency), 0))
                        case .inProgress:
                            return false  // a cycle
                        case .resolved:
                            break
                        }
                        continue
                    }
                    work.removeLast()
                    guard finish(top.token) else { return false }
                }
            }
            return true
        }

        /// How far ahead a loop that reads records at random asks for the one it will read (``system_extras_prefetch``):
        /// far enough for a cache miss to be over when its turn comes, near enough for the line to be still there.
        private static var recordsAhead: Int { 16 }

        /// The token each of `references` (ranges of `bytes`, each the text of a string that may be a reference)
        /// names, or -1 for one that names none: not a plain reference, a path not there, or a group's. For a later
        /// file's aliases and every file's references inside composite values (the first file's aliases are
        /// ``AliasTargets``').
        static func targets(of references: [(start: Int32, count: Int32)], in bytes: SourceBytes, paths: Paths, nodes: [Stack.Node]) -> [Int32] {
            bytes.withUnsafeBufferPointer { paths.find(references: references, in: $0) }.map { target in
                target >= 0 ? nodes[Int(target)].namedToken : -1
            }
        }

        /// The flat output of the resolved tokens, ready to be written (``FlatJSON/write(_:values:entries:pieceSize:to:finishing:)``):
        /// its keys in the order the second thread hands over, each to its value, and its values rendered.
        ///
        /// The values are rendered by this thread and, for its share, the second thread once it is done with the
        /// order, or, when it has left by the time they are resolved, a thread started for them (``ValueRendering``).
        func output(order: SecondThread.Handoff<KeyOrder>, share: RenderingShare) -> (keys: FlatJSON.Keys, values: FlatJSON.RenderedValues) {
            let values = self.values
            var front = FlatJSON.RenderedValues.Renderer()
            var back: (bytes: [UInt8], start: Int) = ([], 0)
            var keyOrder: KeyOrder?
            var valueIndices: [Int32] = []
            let ranges = [Range<Int>](unsafeUninitializedCapacity: values.count) { ranges, count in
                // Every range is written, by one thread or the other, before this returns.
                let rendering = ValueRendering(values, into: ranges)
                let posted = share.post(rendering)
                let helper = SecondThread.start(onThread: !posted && values.count >= Self.valuesWorthAThread) {
                    if !posted { rendering.renderFromTheBack() }
                }
                rendering.renderFromTheFront(into: &front)
                let order = order.take()
                // The records in the keys' order are at random (at 100,000 tokens, ~1 ms of cache misses): the one
                // ``recordsAhead`` keys ahead is asked for now.
                let ahead = Self.recordsAhead
                valueIndices = records.withUnsafeBufferPointer { records in
                    order.tokens.withUnsafeBufferPointer { tokens in
                        [Int32](unsafeUninitializedCapacity: tokens.count) { indices, count in
                            for index in tokens.indices {
                                if index + ahead < tokens.count { system_extras_prefetch(records.baseAddress! + Int(tokens[index + ahead])) }
                                (indices.baseAddress! + index).initialize(to: records[Int(tokens[index])].valueIndex)
                            }
                            count = tokens.count
                        }
                    }
                }
                keyOrder = order
                back = rendering.backPart()
                helper.join()
                count = values.count
            }
            let rendered = FlatJSON.RenderedValues(front: front.bytes, back: back.bytes, ranges: ranges, backStart: back.start)
            // The paths are names read without escapes, joined by dots: the JSON reader admits no control
            // character, quote or backslash in them.
            let keys = FlatJSON.Keys(keyOrder!.arena, parts: keyOrder!.keys, values: valueIndices)
            return (keys, rendered)
        }

        /// The fewest values worth a second thread: about 5,000 tokens, where rendering takes ~0.6 ms. Starting
        /// and joining a thread costs 30–50 µs of CPU (and its start on the other core some 250 µs of waiting); at
        /// 1,000 tokens (200 values, ~0.15 ms) that made the output phase slower (0.70 -> 0.74 ms), and at 5,000 it
        /// about broke even on a shared two-core machine.
        private static var valuesWorthAThread: Int { 1_000 }

        // MARK: Values

        /// Decodes a token whose value holds no reference.
        private mutating func decodeLiteral(_ token: Int, _ document: JSONDocument, _ decoder: ValueDecoder) -> Bool {
            let typeIndex = records[token].type  // not resolved: the declared type
            guard typeIndex >= 0 else { return false }  // no type
            let type = stack.types[Int(typeIndex)]
            let node = Int(stack.tokens[token].valueNode)
            if let literal = decoder.decodeLiteral(document, node: node, as: type) {
                setValue(literal, of: token)
            } else {
                guard let decoded = try? decoder.decode(document.value(node), as: type) else { return false }
                setValue(decoded, of: token)
            }
            records[token].state = .resolved  // its type is the declared one, already in the record
            return true
        }

        /// The strings that may be `{a.b}` references inside a composite value, their targets not yet looked up
        /// (``resolveAll()`` does, and gives up at one that is not a plain reference to a token); false for a
        /// `$ref` or such a string with escapes.
        private static func collect(_ document: JSONDocument, _ node: Int, at place: Place, into found: inout [MemberReference]) -> Bool {
            switch document.kind(node) {
            case .string:
                guard document.stringMayHoldReference(node) else { return true }
                guard !document.nodes[node].isEscaped else { return false }
                found.append(MemberReference(node: node, place: place, target: -1))
            case .object:
                guard document.subtreeMayHoldReference(node) else { return true }
                for (key, value) in document.members(of: node) {
                    guard !document.stringEquals(key, ascii: "$ref"),
                        collect(document, value, at: place.member(key, of: document), into: &found)
                    else { return false }
                }
            case .array:
                guard document.subtreeMayHoldReference(node) else { return true }
                for element in document.elements(of: node) {
                    guard collect(document, element, at: place.element, into: &found) else { return false }
                }
            default:
                break
            }
            return true
        }

        // MARK: Finishing

        /// Types an alias, or decodes a composite value with references, once what it refers to is resolved.
        ///
        /// A composite is read with its references' values standing in for them (``ValueDecoder/Substitutions``);
        /// where that declines, its ``JSONValue`` is built with the values' JSON in their place and decoded whole,
        /// as the full engine does.
        private mutating func finish(_ token: Int) -> Bool {
            let target = Int(records[token].aliasOf)
            if target >= 0 {
                let source = records[target]
                return Self.finishAlias(&records[token], of: source)
            }
            let typeIndex = records[token].type  // not resolved: the declared type
            guard typeIndex >= 0 else { return false }  // no type
            let type = stack.types[Int(typeIndex)]
            let references = memberReferences[referenceLists[Int(records[token].referenceList)]]
            let document = stack.documents[Int(stack.tokens[token].file)]
            substitutions.removeAll()
            for reference in references {
                let targetType = stack.types[Int(records[Int(reference.target)].type)]
                if let expected = reference.place.expectedType(in: type, document), !expected.admitsReference(to: targetType) {
                    return false
                }
                substitutions.substitute(value(of: Int(reference.target)), for: reference.node)
            }
            let node = Int(stack.tokens[token].valueNode)
            let decoder = ValueDecoder()
            if let literal = decoder.decodeLiteral(document, node: node, as: type, substituting: substitutions) {
                setValue(literal, of: token)
            } else {
                var json: [Int: JSONValue] = [:]
                for reference in references { json[reference.node] = value(of: Int(reference.target)).json }
                guard let decoded = try? decoder.decode(document.value(node, replacing: json), as: type) else { return false }
                setValue(decoded, of: token)
            }
            records[token].state = .resolved  // its type is the declared one, already in the record
            return true
        }

        /// Finishes the alias whose record is `record`, of a resolved target whose record is `source`: it has its
        /// target's type and value. A `$type` of its own or its group's that disagrees answers false (the full
        /// engine reports it).
        private static func finishAlias(_ record: inout Record, of source: Record) -> Bool {
            guard record.type < 0 || record.type == source.type else { return false }
            record.valueIndex = source.valueIndex
            record.type = source.type
            record.state = .resolved
            return true
        }

        private mutating func setValue(_ value: consuming TokenValue, of token: Int) {
            records[token].valueIndex = Int32(values.count)
            values.append(value)
        }

        /// A resolved token's value.
        private func value(of token: Int) -> TokenValue {
            values[Int(records[token].valueIndex)]!
        }

    }
}
