#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FastPath {
    /// The flat output's order: every token of a stack, in the order of its path's bytes, with its key.
    ///
    /// That order is the tree's, walked depth first with each node's children sorted by their name followed by
    /// `.` for a group (its tokens' paths go on with a dot) and by nothing for a token (its path ends there, and a
    /// path sorts before the longer paths it begins). Names hold no dot, so no two siblings tie, and no path is
    /// sorted whole.
    ///
    /// It needs only the paths and which of them are tokens, and the first file settles both: a token new in a
    /// later file, or a path that changes from group to token or back, is left to the full engine, and a group
    /// new in a later file has no token to write. So ``FastPath`` works it out on a second thread while the other
    /// files are read and the tokens resolved.
    struct KeyOrder: Sendable {
        /// The paths' bytes, which the keys are ranges of.
        let arena: [UInt8]
        /// Key `i`, in two ranges of ``arena`` (its group's path and its name, ``Paths``), is the path of token
        /// `tokens[i]` (an index of ``Stack/tokens``).
        let keys: [FlatJSON.Keys.Parts]
        let tokens: [Int32]

        init(_ paths: Paths, nodes: [Stack.Node]) {
            // (The walk reads both through their buffers, by node.)
            precondition(nodes.count == paths.count, "nodes for other paths")
            arena = paths.bytes
            let children = Children(paths, nodes: nodes)
            var tokens: [Int32] = []
            // Written through the arrays' buffers, a group's children in one loop (appended one at a time, each
            // append checked that the array had room and was not shared: at 100,000 tokens, 8.4 → 3.5 M
            // instructions). A token is a node, so there are at most as many keys as nodes.
            keys = [FlatJSON.Keys.Parts](unsafeUninitializedCapacity: paths.count) { keys, keyCount in
                tokens = [Int32](unsafeUninitializedCapacity: paths.count) { tokens, tokenCount in
                    paths.entries.withUnsafeBufferPointer { entries in
                        nodes.withUnsafeBufferPointer { nodes in
                            children.ordered.withUnsafeBufferPointer { ordered in
                                // Depth first, iteratively: each frame a group, its path's bytes (whole: it has
                                // children), and its next child.
                                var frames: [(node: Int32, path: (start: Int32, count: Int32), next: Int)] = [
                                    (0, (0, 0), children.range(of: 0).lowerBound)
                                ]
                                var count = 0
                                while let frame = frames.popLast() {
                                    var next = frame.next
                                    let end = children.range(of: frame.node).upperBound
                                    while next < end {
                                        let child = Int(ordered[next])
                                        next += 1
                                        let entry = entries[child]
                                        guard nodes[child].kind == .token else {
                                            // A group: its children next, then this group's next child. (One without
                                            // children has its name alone, and no key below it.)
                                            frames.append((frame.node, frame.path, next))
                                            frames.append((Int32(child), (entry.start, entry.length), children.range(of: Int32(child)).lowerBound))
                                            break
                                        }
                                        // A token's bytes are its name (no child: not whole), after its group's path;
                                        // the root's path is empty, and its children's names are their paths.
                                        precondition(count < keys.count, "more keys than nodes")
                                        (keys.baseAddress! + count).initialize(
                                            to: FlatJSON.Keys.Parts(head: frame.path, tail: (entry.start, entry.length)))
                                        (tokens.baseAddress! + count).initialize(to: nodes[child].token)
                                        count += 1
                                    }
                                }
                                tokenCount = count
                            }
                        }
                    }
                }
                keyCount = tokens.count
            }
            self.tokens = tokens
        }

        /// Each node's children, in output order.
        private struct Children {
            /// Node `n`'s children are `ordered[starts[n]..<starts[n + 1]]` (32 bits each, as node ids are: at
            /// 100,000 paths, 0.4 MB less written afresh than with `Int`).
            var starts: [Int32]
            var ordered: [Int32]

            init(_ paths: Paths, nodes: [Stack.Node]) {
                let count = paths.count
                // A counting sort of the nodes by parent, through the arrays' buffers: through the arrays, each
                // write checked that the array was not shared (sampled, these loops were a sixth of this init's
                // time). A parent is an earlier node, so every index is in range. Each parent's count goes two
                // places on, so that after the sums `starts[p + 1]` is where p's children begin, and placing them
                // moves it to where p + 1's begin: then `starts[n]` is node n's start, without a copy of the starts
                // to place them by (and `ordered`, written whole, is not zeroed first).
                var starts = [Int32](repeating: 0, count: count + 2)
                var ordered = [Int32](unsafeUninitializedCapacity: max(count - 1, 0)) { ordered, initialized in
                    paths.entries.withUnsafeBufferPointer { entries in
                        starts.withUnsafeMutableBufferPointer { starts in
                            for node in 1..<count { starts[Int(entries[node].parent) + 2] += 1 }
                            for node in 0..<count { starts[node + 2] += starts[node + 1] }
                            for node in 1..<count {
                                let parent = Int(entries[node].parent)
                                ordered[Int(starts[parent + 1])] = Int32(node)
                                starts[parent + 1] += 1
                            }
                        }
                    }
                    initialized = ordered.count
                }
                starts.removeLast()
                // Each group's children sorted, through the arrays' buffers.
                paths.bytes.withUnsafeBufferPointer { names in
                    paths.entries.withUnsafeBufferPointer { entries in
                        nodes.withUnsafeBufferPointer { nodes in
                            ordered.withUnsafeMutableBufferPointer { ordered in
                                Self.sortSiblings(&ordered, starts: starts, entries: entries, nodes: nodes, names: names)
                            }
                        }
                    }
                }
                self.starts = starts
                self.ordered = ordered
            }

            /// Sorts the children of each group, `ordered[starts[n]..<starts[n + 1]]` for group `n`, by their names
            /// (``Sibling``); a group whose children are named as those of one sorted before takes its order
            /// (``Shape``).
            private static func sortSiblings(
                _ ordered: inout UnsafeMutableBufferPointer<Int32>, starts: [Int32], entries: UnsafeBufferPointer<Paths.Entry>,
                nodes: UnsafeBufferPointer<Stack.Node>, names: UnsafeBufferPointer<UInt8>
            ) {
                // (Nil only for an empty arena, which has no siblings to sort.)
                guard let arena = names.baseAddress else { return }
                let arenaEnd = arena + names.count
                var siblings: [Sibling] = []
                var runs: [(low: Int, high: Int, word: Int)] = []
                var shapes = Shape.Table(groups: (0..<starts.count - 1).count { starts[$0 + 1] - starts[$0] > 1 })
                for node in 0..<starts.count - 1 where starts[node + 1] - starts[node] > 1 {
                    let low = Int(starts[node]), high = Int(starts[node + 1])
                    // A child's bytes are its name, or its whole path (a group with children of its own), where the
                    // name follows the path of its parent (whole: it has children) and a dot.
                    let skip = node > 0 ? Int(entries[node].length) + 1 : 0
                    siblings.removeAll(keepingCapacity: true)
                    var fingerprint = Shape.emptyFingerprint
                    for index in low..<high {
                        let child = ordered[index]
                        let entry = entries[Int(child)]
                        let nameSkip = entry.isWhole ? skip : 0
                        let name = UnsafeBufferPointer(start: arena + Int(entry.start) + nameSkip, count: Int(entry.length) - nameSkip)
                        var sibling = Sibling(node: child, name: name, isGroup: nodes[Int(child)].kind == .group, position: index - low)
                        sibling.key = sibling.word(0, arenaEnd: arenaEnd)
                        fingerprint = Shape.fingerprint(fingerprint, adding: sibling)
                        siblings.append(sibling)
                    }
                    // Siblings named as those of a group sorted before, and groups or tokens alike, are put in its
                    // order.
                    if shapes.order(siblings, fingerprint: fingerprint, arena: arena, into: UnsafeMutableBufferPointer(rebasing: ordered[low..<high])) {
                        continue
                    }
                    // By the first eight bytes, then each run of siblings that share them by the next eight, and so
                    // on: names are short, so this ends after a word or two.
                    runs.append((0, siblings.count, 0))
                    siblings.withUnsafeMutableBufferPointer { siblings in
                        while let run = runs.popLast() {
                            if run.word > 0 {
                                for index in run.low..<run.high {
                                    siblings[index].key = siblings[index].word(run.word, arenaEnd: arenaEnd)
                                }
                            }
                            sortByKey(UnsafeMutableBufferPointer(rebasing: siblings[run.low..<run.high]))
                            var start = run.low
                            while start < run.high {
                                var end = start + 1
                                while end < run.high, siblings[end].key == siblings[start].key { end += 1 }
                                // Siblings that share a word go on to the next (names differ). One that ended inside
                                // the word (zeros after its end) would share it only with a sibling of the same name,
                                // which would otherwise be sorted here for ever.
                                if end - start > 1 {
                                    precondition(siblings[start].length >= (run.word + 1) * 8, "two siblings with one name")
                                    runs.append((start, end, run.word + 1))
                                }
                                start = end
                            }
                        }
                    }
                    shapes.add(Shape(sorted: siblings, fingerprint: fingerprint, arena: arena))
                    for (offset, sibling) in siblings.enumerated() { ordered[low + offset] = sibling.node }
                }
            }

            /// The order worked out for one group's children, kept for the groups whose children have the same names
            /// (and are groups or tokens alike) in the same order: design systems repeat their shapes (a colour
            /// ramp's steps under each hue, a component's tokens under each brand, mode and density), and sorting
            /// them again took most of the order's time (at 100,000 generated tokens, 63 % of the children are in
            /// groups shaped as one before).
            private struct Shape {
                let fingerprint: UInt64
                /// Child `i` of the group it was worked out for, in the order read, and the child (in the order read)
                /// that comes `i`th.
                private var children: [Child]

                struct Child {
                    /// Its name, a range of the paths' arena.
                    var start: Int32 = 0
                    var count: Int32 = 0
                    var isGroup = false
                    var order: Int32 = 0
                }

                /// The shape of `siblings`, sorted, whose fingerprint in the order read is `fingerprint`.
                init(sorted siblings: [Sibling], fingerprint: UInt64, arena: UnsafePointer<UInt8>) {
                    self.fingerprint = fingerprint
                    children = Array(repeating: Child(), count: siblings.count)
                    children.withUnsafeMutableBufferPointer { children in
                        for (offset, sibling) in siblings.enumerated() {
                            let position = Int(sibling.position)
                            children[position].start = Int32(sibling.name.baseAddress! - arena)
                            children[position].count = Int32(sibling.name.count)
                            children[position].isGroup = sibling.isGroup
                            children[offset].order = sibling.position
                        }
                    }
                }

                /// The shapes worked out so far, found by fingerprint: an open-addressing table of indices into them,
                /// at most half full. (Not a `Dictionary`: making its types' metadata when first used, and growing
                /// it, cost ~0.2 M instructions at 1,000 tokens, a twentieth of the run.)
                struct Table {
                    private var shapes: [Shape] = []
                    private var slots: [Int32]

                    /// Room for the shapes of `groups` groups.
                    init(groups: Int) {
                        var size = 16
                        while size < 2 * groups { size *= 2 }
                        slots = [Int32](repeating: -1, count: size)
                    }

                    /// The first slot to probe for `fingerprint`: the top bits of it multiplied by 2⁶⁴/φ, which
                    /// depend on all of its bits.
                    private func firstSlot(_ fingerprint: UInt64) -> Int {
                        Int(truncatingIfNeeded: (fingerprint &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - slots.count.trailingZeroBitCount))
                    }

                    /// Puts `siblings`, in the order read, in the order of a shape they fit into `ordered`; false when
                    /// none is known.
                    func order(
                        _ siblings: [Sibling], fingerprint: UInt64, arena: UnsafePointer<UInt8>, into ordered: UnsafeMutableBufferPointer<Int32>
                    ) -> Bool {
                        let mask = slots.count - 1
                        var slot = firstSlot(fingerprint)
                        while slots[slot] >= 0 {
                            let index = Int(slots[slot])
                            if shapes[index].fingerprint == fingerprint, shapes[index].fits(siblings, arena: arena) {
                                for (offset, child) in shapes[index].children.enumerated() { ordered[offset] = siblings[Int(child.order)].node }
                                return true
                            }
                            slot = (slot + 1) & mask
                        }
                        return false
                    }

                    mutating func add(_ shape: Shape) {
                        let mask = slots.count - 1
                        var slot = firstSlot(shape.fingerprint)
                        while slots[slot] >= 0 { slot = (slot + 1) & mask }
                        slots[slot] = Int32(shapes.count)
                        shapes.append(shape)
                    }
                }

                static var emptyFingerprint: UInt64 { 0xCBF2_9CE4_8422_2325 }

                /// `fingerprint` with one more sibling (its ``Sibling/key`` the first word it sorts by): the first word
                /// of its name and the name's length. Not whether it is a group: shapes that differ only there share
                /// a fingerprint, and ``fits(_:arena:)`` tells them apart (which a test sees).
                static func fingerprint(_ fingerprint: UInt64, adding sibling: Sibling) -> UInt64 {
                    let prime: UInt64 = 0x0000_0100_0000_01B3
                    let count = sibling.name.count
                    // A group's dot, when it falls in the first word, cleared.
                    let nameWord = sibling.isGroup && count < 8 ? sibling.key & ~Sibling.dot(at: count) : sibling.key
                    // Shifted down as well as multiplied, so that every byte of the names reaches the low bits (a
                    // multiply carries only upwards, and a short name's word is zeros there).
                    var mixed = (fingerprint ^ nameWord) &* prime
                    mixed ^= mixed >> 29
                    return (mixed ^ UInt64(count)) &* prime
                }

                /// Whether `siblings`, in the order read, have the names of ``children`` and are groups or tokens
                /// alike: then their order is this one (a fingerprint only says they may).
                func fits(_ siblings: [Sibling], arena: UnsafePointer<UInt8>) -> Bool {
                    guard siblings.count == children.count else { return false }
                    for (sibling, child) in zip(siblings, children) {
                        guard sibling.isGroup == child.isGroup, sibling.name.count == Int(child.count),
                            memcmp(sibling.name.baseAddress!, arena + Int(child.start), Int(child.count)) == 0
                        else { return false }
                    }
                    return true
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
                /// Its place among its siblings as read.
                var position: Int32
                var name: UnsafeBufferPointer<UInt8>
                var isGroup: Bool
                var key: UInt64 = 0

                init(node: Int32, name: UnsafeBufferPointer<UInt8>, isGroup: Bool, position: Int) {
                    self.node = node
                    self.position = Int32(position)
                    self.name = name
                    self.isGroup = isGroup
                }

                /// A dot as the byte at `offset` (0–7) of a big-endian word: a group's, after its name.
                static func dot(at offset: Int) -> UInt64 { UInt64(UInt8(ascii: ".")) << (56 - 8 * offset) }

                /// How many bytes it sorts by: its name, and a dot for a group.
                var length: Int { name.count + (isGroup ? 1 : 0) }

                /// Word `index` (bytes `8 * index..<8 * index + 8`) of the name and its dot, if a group; the name lies in
                /// an arena that ends at `arenaEnd`.
                @inline(__always)
                func word(_ index: Int, arenaEnd: UnsafePointer<UInt8>) -> UInt64 {
                    let start = index * 8
                    if name.baseAddress! + start + 8 <= arenaEnd {
                        // One load, then what lies past the name cleared and the group's dot put in: most names are
                        // shorter than a word, and making them a byte at a time took about a fifth of this init's
                        // time (sampled at 100,000 tokens).
                        let loaded = UInt64(bigEndian: UnsafeRawPointer(name.baseAddress! + start).loadUnaligned(as: UInt64.self))
                        let kept = name.count - start  // how many of the word's bytes, from the high end, are the name's
                        if kept >= 8 { return loaded }
                        var word = kept > 0 ? loaded & ~(UInt64.max >> (8 * kept)) : 0
                        if isGroup, kept >= 0 { word |= Self.dot(at: kept) }
                        return word
                    }
                    // Near the arena's end: a byte at a time.
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

            func range(of node: Int32) -> Range<Int> { Int(starts[Int(node)])..<Int(starts[Int(node) + 1]) }
        }
    }
}
