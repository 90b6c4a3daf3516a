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
        /// Key `i` is `arena[ranges[i].start..<ranges[i].start + ranges[i].count]`, the path of token `tokens[i]`
        /// (an index of ``Stack/tokens``).
        let ranges: [(start: Int, count: Int)]
        let tokens: [Int32]

        init(_ paths: Paths, nodes: [Stack.Node]) {
            arena = paths.bytes
            let children = Children(paths, nodes: nodes)
            var ranges: [(start: Int, count: Int)] = []
            var tokens: [Int32] = []
            ranges.reserveCapacity(paths.count)
            tokens.reserveCapacity(paths.count)
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
                if nodes[Int(child)].kind == .token {
                    let entry = paths.entries[Int(child)]
                    ranges.append((Int(entry.start), Int(entry.length)))
                    tokens.append(nodes[Int(child)].token)
                } else {
                    frames.append((child, children.range(of: child).lowerBound))
                }
            }
            self.ranges = ranges
            self.tokens = tokens
        }

        /// Each node's children, in output order.
        private struct Children {
            /// Node `n`'s children are `ordered[starts[n]..<starts[n + 1]]`.
            var starts: [Int]
            var ordered: [Int32]

            init(_ paths: Paths, nodes: [Stack.Node]) {
                let count = paths.count
                // A counting sort of the nodes by parent, through the arrays' buffers: through the arrays, each
                // write checked that the array was not shared (sampled, these loops were a sixth of this init's
                // time). A parent is an earlier node, so every index is in range.
                var starts = [Int](repeating: 0, count: count + 1)
                var ordered = [Int32](repeating: 0, count: max(count - 1, 0))
                paths.entries.withUnsafeBufferPointer { entries in
                    starts.withUnsafeMutableBufferPointer { starts in
                        for node in 1..<count { starts[Int(entries[node].parent) + 1] += 1 }
                        for node in 0..<count { starts[node + 1] += starts[node] }
                        var fill = Array(starts)
                        fill.withUnsafeMutableBufferPointer { fill in
                            ordered.withUnsafeMutableBufferPointer { ordered in
                                for node in 1..<count {
                                    let parent = Int(entries[node].parent)
                                    ordered[fill[parent]] = Int32(node)
                                    fill[parent] += 1
                                }
                            }
                        }
                    }
                }
                paths.bytes.withUnsafeBufferPointer { names in
                    // (Nil only for an empty arena, which has no siblings to sort.)
                    let arenaEnd = names.baseAddress.map { $0 + names.count }
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
                                for index in run.low..<run.high {
                                    siblings[index].key = siblings[index].word(run.word, arenaEnd: arenaEnd!)
                                }
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
                self.starts = starts
                self.ordered = ordered
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

                /// Word `index` (bytes `8 * index..<8 * index + 8`) of the name and its dot, if a group; the name lies in
                /// an arena that ends at `arenaEnd`.
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
                        if isGroup, kept >= 0 { word |= UInt64(UInt8(ascii: ".")) << (56 - 8 * kept) }
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

            func range(of node: Int32) -> Range<Int> { starts[Int(node)]..<starts[Int(node) + 1] }
        }
    }
}
