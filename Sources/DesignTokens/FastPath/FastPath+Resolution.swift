#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FastPath {
    /// Resolves every token of a ``Stack``: the fast path's ``Resolver``, by token index, giving up (false) at
    /// anything the full engine would report.
    struct Resolution {
        private enum State: UInt8 {
            case unvisited, inProgress, resolved
        }

        /// A `{a.b}` reference inside a composite value: the string node, where it sits, and the token it names.
        private struct MemberReference {
            var node: Int
            var memberPath: [String]
            var target: Int32
        }

        /// What resolution knows of a token, in one record so that following an alias to its target touches one
        /// place (at 100,000 tokens, a target is a cache miss; six arrays made it six).
        private struct Record {
            var state = State.unvisited
            /// Its type, an index of `stack.types` (-1 until resolved).
            var type: Int16 = -1
            /// For a whole-value alias, the token it refers to (else -1).
            var aliasOf: Int32 = -1
            /// The token whose value it has (itself, for a value source).
            var valueSource: Int32
            /// For a value source, where its value is in ``values`` (else -1).
            var valueIndex: Int32 = -1
            /// The references inside its composite value are `memberReferences[referenceList]` (-1 for none; few
            /// tokens have any).
            var referenceList: Int32 = -1
        }

        private let stack: Stack
        /// By token.
        private var records: [Record]
        private var memberReferences: [[MemberReference]] = []
        /// The values of the value sources, in the order decoded (a fifth of the tokens, not one per token).
        private var values: [TokenValue?] = []
        /// By node: the type a group passes on to its tokens (its own or an enclosing group's); -2 until known.
        private var inheritedTypes: [Int16]
        private var work: [(token: Int, next: Int)] = []

        init(_ stack: Stack) {
            self.stack = stack
            let count = stack.tokenCount
            records = (0..<Int32(count)).map { Record(valueSource: $0) }
            values.reserveCapacity(count / 4)
            inheritedTypes = Array(repeating: -2, count: stack.paths.count)
        }

        /// Resolves every token, each once; false when the full engine must.
        ///
        /// First, file by file, the literals are decoded and the aliases' targets looked up; then what refers to
        /// other tokens is finished depth first, with an explicit stack, after what it refers to.
        mutating func resolveAll() -> Bool {
            for file in stack.documents.indices {
                let document = stack.documents[file]
                let decoder = ValueDecoder()
                // Aliases are looked up together, after the file's other values (``Paths/find(references:in:)``).
                var aliases: [Int] = []
                var references: [(start: Int32, count: Int32)] = []
                let found = document.bytes.withUnsafeBufferPointer { bytes -> Bool in
                    for token in 0..<stack.tokenCount where stack.tokens[token].file == file {
                        switch stack.tokens[token].shape {
                        case .literal:
                            guard decodeLiteral(token, document, decoder) else { return false }
                        case .alias:
                            aliases.append(token)
                            references.append(stack.tokens[token].reference)
                        case .composite:
                            var found: [MemberReference] = []
                            guard collect(document, Int(stack.tokens[token].valueNode), memberPath: [], into: &found) else { return false }
                            if found.isEmpty {
                                guard decodeLiteral(token, document, decoder) else { return false }
                            } else {
                                records[token].referenceList = Int32(memberReferences.count)
                                memberReferences.append(found)
                            }
                        }
                    }
                    for (token, target) in zip(aliases, stack.paths.find(references: references, in: bytes)) {
                        guard target >= 0, stack.nodes[Int(target)].kind == .token else { return false }
                        records[token].aliasOf = stack.nodes[Int(target)].token
                    }
                    return true
                }
                guard found else { return false }
            }
            for token in 0..<stack.tokenCount where records[token].state == .unvisited {
                records[token].state = .inProgress
                work.append((token, 0))
                while let top = work.last {
                    let dependency: Int32?
                    if records[top.token].aliasOf >= 0 {
                        dependency = top.next == 0 ? records[top.token].aliasOf : nil
                    } else if records[top.token].referenceList >= 0, top.next < memberReferences[Int(records[top.token].referenceList)].count {
                        dependency = memberReferences[Int(records[top.token].referenceList)][top.next].target
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

        /// The flat output of the resolved tokens, ready to be written (``FlatJSON/write(_:values:to:)``): its keys in
        /// order and its values rendered.
        ///
        /// Ordering the keys and rendering the values need nothing of each other and cost about the same (at
        /// 10,000 tokens, ~5 M instructions each), so with enough values the values are rendered on a second
        /// thread (``SecondThread``) while this one orders the keys.
        func output() -> (keys: FlatJSON.Keys, values: FlatJSON.RenderedValues) {
            guard values.count >= Self.valuesWorthAThread else {
                return (orderedKeys(), FlatJSON.RenderedValues(values))
            }
            let values = self.values
            let (rendered, keys) = SecondThread.run({ FlatJSON.RenderedValues(values) }, alongside: orderedKeys)
            return (keys, rendered)
        }

        /// The fewest values worth a second thread: about 5,000 tokens, where ordering and rendering take ~0.6 ms
        /// each. Starting and joining a thread costs 30–50 µs; at 1,000 tokens (200 values, ~0.15 ms each) that
        /// made the output phase slower (0.70 -> 0.74 ms), and at 5,000 it about broke even on a shared
        /// two-core machine. A new thread may also wait a millisecond or so for the second core (a two-core VM's
        /// scheduler keeps a young process's threads on one core), so at 10,000 tokens a whole run gains
        /// little there; at 100,000 it gains ~8 ms.
        private static var valuesWorthAThread: Int { 1_000 }

        /// The output's keys, each to its value's index in ``values``, in output order.
        ///
        /// Output is sorted by path bytes. That order is the tree's, walked depth first with each node's children
        /// sorted by their name followed by `.` for a group (its tokens' paths go on with a dot) and by nothing
        /// for a token (its path ends there, and a path sorts before the longer paths it begins). Names hold no
        /// dot, so no two siblings tie, and no path is sorted whole.
        private func orderedKeys() -> FlatJSON.Keys {
            let paths = stack.paths
            let children = Children(paths, nodes: stack.nodes)
            // The paths are names read without escapes, joined by dots: the JSON reader admits no control
            // character, quote or backslash in them.
            var keys = FlatJSON.Keys(paths.bytes, capacity: stack.tokenCount, mayNeedEscaping: false)
            // Depth first, iteratively: each frame a group and its next child.
            var frames: [(node: Int32, next: Int)] = [(0, children.range(of: 0).lowerBound)]
            while !frames.isEmpty {
                let top = frames.count - 1
                let node = frames[top].node
                guard frames[top].next < children.range(of: node).upperBound else {
                    frames.removeLast()
                    continue
                }
                let child = children.ordered[frames[top].next]
                frames[top].next += 1
                if stack.nodes[Int(child)].kind == .token {
                    let entry = paths.entries[Int(child)]
                    keys.append(start: Int(entry.start), count: Int(entry.length), value: records[Int(records[Int(stack.nodes[Int(child)].token)].valueSource)].valueIndex)
                } else {
                    frames.append((child, children.range(of: child).lowerBound))
                }
            }
            return keys
        }

        /// Each node's children, in output order.
        private struct Children {
            /// Node `n`'s children are `ordered[starts[n]..<starts[n + 1]]`.
            var starts: [Int]
            var ordered: [Int32]

            init(_ paths: Paths, nodes: [Stack.Node]) {
                let count = paths.count
                starts = Array(repeating: 0, count: count + 1)
                for node in 1..<count { starts[Int(paths.entries[node].parent) + 1] += 1 }
                for node in 0..<count { starts[node + 1] += starts[node] }
                ordered = Array(repeating: 0, count: max(count - 1, 0))
                var fill = starts
                for node in 1..<count {
                    let parent = Int(paths.entries[node].parent)
                    ordered[fill[parent]] = Int32(node)
                    fill[parent] += 1
                }
                paths.bytes.withUnsafeBufferPointer { names in
                    var siblings: [Sibling] = []
                    var runs: [(low: Int, high: Int, word: Int)] = []
                    for node in 0..<count where starts[node + 1] - starts[node] > 1 {
                        let low = starts[node], high = starts[node + 1]
                        siblings.removeAll(keepingCapacity: true)
                        for index in low..<high {
                            let child = ordered[index]
                            let name = paths.name(of: child, in: names)
                            siblings.append(Sibling(node: child, name: name, isGroup: nodes[Int(child)].kind == .group))
                        }
                        // By the first eight bytes, then each run of siblings that share them by the next eight,
                        // and so on: names are short, so this ends after a word or two.
                        runs.append((0, siblings.count, 0))
                        siblings.withUnsafeMutableBufferPointer { siblings in
                            while let run = runs.popLast() {
                                for index in run.low..<run.high { siblings[index].key = siblings[index].word(run.word) }
                                Self.sortByKey(UnsafeMutableBufferPointer(rebasing: siblings[run.low..<run.high]))
                                var start = run.low
                                while start < run.high {
                                    var end = start + 1
                                    while end < run.high, siblings[end].key == siblings[start].key { end += 1 }
                                    // Siblings that share a word go on to the next (names differ). One that ended
                                    // inside the word (zeros after its end) would share it only with a sibling of
                                    // the same name, which would otherwise be sorted here for ever.
                                    if end - start > 1 {
                                        precondition(siblings[start].length >= (run.word + 1) * 8, "two siblings with one name")
                                        runs.append((start, end, run.word + 1))
                                    }
                                    start = end
                                }
                            }
                        }
                        for (offset, sibling) in siblings.enumerated() { ordered[low + offset] = sibling.node }
                    }
                }
            }

            /// Sorts siblings by their keys (which may repeat): a quicksort that leaves small parts to an insertion
            /// sort, and after about 2·log₂(n) levels of partitions (input crafted against the median of three) leaves
            /// the rest to the standard library's sort, so it stays O(n log n).
            private static func sortByKey(_ siblings: UnsafeMutableBufferPointer<Sibling>) {
                var low = 0, high = siblings.count
                var budget = 2 * (Int.bitWidth - siblings.count.leadingZeroBitCount)
                while high - low > 16 {
                    guard budget > 0 else {
                        var rest = UnsafeMutableBufferPointer(rebasing: siblings[low..<high])
                        rest.sort { $0.key < $1.key }
                        return
                    }
                    budget -= 1
                    let a = siblings[low].key, b = siblings[(low + high) / 2].key, c = siblings[high - 1].key
                    let pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b))
                    // Hoare's partition: [low, split) <= pivot <= [split, high), neither part empty.
                    var i = low - 1, j = high
                    while true {
                        repeat { i += 1 } while siblings[i].key < pivot
                        repeat { j -= 1 } while siblings[j].key > pivot
                        if i >= j { break }
                        siblings.swapAt(i, j)
                    }
                    let split = j + 1
                    // The smaller part by recursion, the larger by the loop: the stack stays O(log n).
                    if split - low < high - split {
                        sortByKey(UnsafeMutableBufferPointer(rebasing: siblings[low..<split]))
                        low = split
                    } else {
                        sortByKey(UnsafeMutableBufferPointer(rebasing: siblings[split..<high]))
                        high = split
                    }
                }
                guard high - low > 1 else { return }
                for index in (low + 1)..<high {
                    let sibling = siblings[index]
                    var slot = index
                    while slot > low, sibling.key < siblings[slot - 1].key {
                        siblings[slot] = siblings[slot - 1]
                        slot -= 1
                    }
                    siblings[slot] = sibling
                }
            }

            /// A sibling and the word of its name it is being sorted by.
            ///
            /// Siblings sort as the bytes that follow their parent's path in their own paths: the name, then a dot
            /// for a group (its tokens' paths go on) and nothing for a token (its path ends there, and a path sorts
            /// before the longer paths it begins). As words, eight bytes of that big-endian, with zeros past the end
            /// (no name holds a zero byte, so a path that ends sorts first). Names hold no dot, so two siblings' words
            /// never agree up to where both end.
            private struct Sibling {
                var node: Int32
                var name: UnsafeBufferPointer<UInt8>
                var isGroup: Bool
                var key: UInt64 = 0

                init(node: Int32, name: UnsafeBufferPointer<UInt8>, isGroup: Bool) {
                    self.node = node
                    self.name = name
                    self.isGroup = isGroup
                }

                /// How many bytes it sorts by: its name, and a dot for a group.
                var length: Int { name.count + (isGroup ? 1 : 0) }

                /// Word `index` (bytes `8 * index..<8 * index + 8`) of the name and its dot, if a group.
                func word(_ index: Int) -> UInt64 {
                    let start = index * 8
                    if start + 8 <= name.count {
                        return UInt64(bigEndian: UnsafeRawPointer(name.baseAddress! + start).loadUnaligned(as: UInt64.self))
                    }
                    var word: UInt64 = 0
                    var shift: UInt64 = 56
                    var offset = start
                    while offset < min(length, start + 8) {
                        let byte = offset < name.count ? name[offset] : UInt8(ascii: ".")
                        word |= UInt64(byte) << shift
                        shift &-= 8
                        offset += 1
                    }
                    return word
                }
            }

            func range(of node: Int32) -> Range<Int> { starts[Int(node)]..<starts[Int(node) + 1] }
        }

        // MARK: Values

        /// Decodes a token whose value holds no reference.
        private mutating func decodeLiteral(_ token: Int, _ document: JSONDocument, _ decoder: ValueDecoder) -> Bool {
            let typeIndex = type(of: token)
            guard typeIndex >= 0 else { return false }  // no type
            let type = stack.types[Int(typeIndex)]
            let node = Int(stack.tokens[token].valueNode)
            if let literal = decoder.decodeLiteral(document, node: node, as: type) {
                setValue(literal, of: token)
            } else {
                guard let decoded = try? decoder.decode(document.value(node), as: type) else { return false }
                setValue(decoded, of: token)
            }
            records[token].type = typeIndex
            records[token].state = .resolved
            return true
        }

        /// The `{a.b}` references inside a composite value; false for a `$ref` or a string that may be a
        /// reference but is not a plain one.
        private func collect(_ document: JSONDocument, _ node: Int, memberPath: [String], into found: inout [MemberReference]) -> Bool {
            switch document.kind(node) {
            case .string:
                guard document.stringMayHoldReference(node) else { return true }
                guard let target = document.withUnescapedContents(of: node, { stack.paths.find(reference: $0) }),
                    stack.nodes[Int(target)].kind == .token
                else { return false }
                found.append(MemberReference(node: node, memberPath: memberPath, target: stack.nodes[Int(target)].token))
            case .object:
                guard document.subtreeMayHoldReference(node) else { return true }
                for (key, value) in document.members(of: node) {
                    guard !document.stringEquals(key, ascii: "$ref"),
                        collect(document, value, memberPath: memberPath + [document.string(key)], into: &found)
                    else { return false }
                }
            case .array:
                guard document.subtreeMayHoldReference(node) else { return true }
                for (index, element) in document.elements(of: node).enumerated() {
                    guard collect(document, element, memberPath: memberPath + [String(index)], into: &found) else { return false }
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
                // An alias has its target's type; a `$type` of its own or its group's that disagrees is reported.
                let targetType = records[target].type
                let declared = type(of: token)
                guard declared < 0 || declared == targetType else { return false }
                records[token].valueSource = records[target].valueSource
                records[token].type = targetType
                records[token].state = .resolved
                return true
            }
            let typeIndex = type(of: token)
            guard typeIndex >= 0 else { return false }  // no type
            let type = stack.types[Int(typeIndex)]
            let references = memberReferences[Int(records[token].referenceList)]
            var substitutions = ValueDecoder.Substitutions()
            for reference in references {
                let targetType = stack.types[Int(records[Int(reference.target)].type)]
                if let expected = type.expectedType(at: reference.memberPath), !expected.admitsReference(to: targetType) {
                    return false
                }
                substitutions.substitute(value(of: Int(reference.target)), for: reference.node)
            }
            let document = stack.documents[Int(stack.tokens[token].file)]
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
            records[token].type = typeIndex
            records[token].state = .resolved
            return true
        }

        private mutating func setValue(_ value: TokenValue, of token: Int) {
            records[token].valueIndex = Int32(values.count)
            values.append(value)
        }

        /// A resolved token's value.
        private func value(of token: Int) -> TokenValue {
            values[Int(records[Int(records[token].valueSource)].valueIndex)]!
        }

        /// The `$type` a token declares, else the one its nearest enclosing group declares; -1 for none.
        private mutating func type(of token: Int) -> Int16 {
            let own = stack.tokens[token].ownType
            return own >= 0 ? own : inheritedType(of: stack.tokens[token].node)
        }

        /// The `$type` the nearest enclosing group of `node` writes, or -1.
        private mutating func inheritedType(of node: Int32) -> Int16 {
            let parent = Int(stack.paths.entries[Int(node)].parent)
            if inheritedTypes[parent] != -2 { return inheritedTypes[parent] }
            var type = stack.nodes[parent].groupType
            if type < 0, parent > 0 { type = inheritedType(of: Int32(parent)) }
            inheritedTypes[parent] = type
            return type
        }
    }
}
