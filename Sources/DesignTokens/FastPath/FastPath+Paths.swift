#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemExtras

extension FastPath {
    /// Every token and group path of a stack, each an integer (a node), with its parent: node 0 is the root.
    ///
    /// The arena keeps a node's name when the node is made, and a node's whole dotted path once it has a child (a
    /// group's, never a token's): a token's path is its parent's, a dot and its name, two ranges of the arena. An
    /// open-addressing hash table finds a node from a path's bytes (hashed whole), so a reference's text (`{a.b.c}`
    /// without its braces) is looked up whole, and the output's keys are copied from the arena in their two parts.
    /// (Kept whole, each token's path repeats its groups': at 100,000 generated tokens the arena held 4.5 MB, now
    /// 1.4 MB, and the part of it that a file read in two halves copies when they are joined shrinks alike.)
    ///
    /// The first file's paths are all new (a name twice in one object is a duplicate key), so they are added
    /// without a lookup (``add(_:nameCount:parent:)``) and put in the table at once when the file is read
    /// (``index()``), which finds any path added twice. At 100,000 tokens a lookup per path, at random in a table of
    /// 2 MB, was a cache miss each (sampled: some 7 ms of reading the first half of the file, 5 ms of the second, and
    /// the second half's paths looked up again as they were appended); all at once, region by region (``Table``),
    /// takes ~3.3 ms, and a file read in two halves has it made on a second thread while they are joined.
    struct Paths {
        /// A node: its bytes are `bytes[start..<start + length]`, its name, or its whole path when ``isWhole``
        /// (``isPath(_:of:entries:arena:)`` reads a path either way).
        ///
        /// Its hash is kept as two halves, so that an entry takes 20 bytes rather than 24 (a 64-bit field aligns it
        /// to 8): at 100,000 tokens, 0.4 MB less written as the file is read and copied as its halves are joined,
        /// and more entries to a cache line for the lookups, which read them at random.
        struct Entry {
            private var hashLow: UInt32
            private var hashHigh: UInt32
            /// Where its bytes begin in the arena.
            var start: Int32
            /// How many bytes it has there, and in the top bit whether they are its whole path (``isWhole``).
            private var lengthAndWhole: UInt32
            /// -1 for the root.
            var parent: Int32

            init(hash: UInt64, start: Int32, length: Int32, parent: Int32, isWhole: Bool = false) {
                precondition(length >= 0, "bytes of a negative length")
                hashLow = UInt32(truncatingIfNeeded: hash)
                hashHigh = UInt32(truncatingIfNeeded: hash >> 32)
                self.start = start
                lengthAndWhole = UInt32(length) | (isWhole ? Self.wholeBit : 0)
                self.parent = parent
            }

            private static var wholeBit: UInt32 { 1 << 31 }

            var hash: UInt64 { UInt64(hashHigh) << 32 | UInt64(hashLow) }

            /// How many bytes it has in the arena: its whole path's, or its name's.
            var length: Int32 { Int32(bitPattern: lengthAndWhole & ~Self.wholeBit) }

            /// Whether its bytes are its whole path: the root's (none), a child's of the root (its name), and a
            /// node's with a child (its children's paths begin with it). Else they are its name, which follows its
            /// parent's path and a dot.
            var isWhole: Bool { lengthAndWhole & Self.wholeBit != 0 }

            /// Points it at its whole path, `length` bytes at `start`.
            mutating func setWhole(start: Int32, length: Int32) {
                precondition(length >= 0, "bytes of a negative length")
                self.start = start
                lengthAndWhole = UInt32(length) | Self.wholeBit
            }
        }

        private(set) var bytes: [UInt8] = []
        private(set) var entries: [Entry] = [Entry(hash: 0, start: 0, length: 0, parent: -1, isWhole: true)]
        /// Each slot 0 when empty, else a node id in its low 32 bits and the high 32 bits of its path's hash in the
        /// high ones (``Slot``), so that a probe passes over another path without reading its entry (at 100,000
        /// tokens, a cache miss each). A power of two of them, at most half full.
        private var slots: [UInt64] = Array(repeating: 0, count: 1024)
        /// Whether every path is in the table: false from an ``add(_:nameCount:parent:)``, ``add(whole:parent:)`` or
        /// ``append(_:sharing:)`` until ``index()`` or ``adopt(_:)``.
        private(set) var isIndexed = true

        var count: Int { entries.count }

        mutating func reserveCapacity(_ nodes: Int, bytes count: Int) {
            bytes.reserveCapacity(count)
            entries.reserveCapacity(nodes)
        }

        /// Adds `path`, known to be new, as a node below `parent`, without putting it in the table: ``index()``
        /// does, and finds it if it was not new after all. Its last `nameCount` bytes are its name, which is what
        /// the arena keeps of it; the bytes before them, but for the dot, are `parent`'s path, which the arena
        /// keeps whole from then on.
        mutating func add(_ path: UnsafeBufferPointer<UInt8>, nameCount: Int, parent: Int32) -> Int32 {
            let node = Int32(entries.count)
            appendEntry(hash: PathIndex.hash(path), path, nameCount: nameCount, parent: parent)
            isIndexed = false
            return node
        }

        /// Adds `path`, known to be new, as a node below `parent` that the arena keeps whole from the start (the
        /// objects the second half of a file begins in, ``Stack/readSecondHalf(of:from:)``), without putting it in
        /// the table.
        mutating func add(whole path: UnsafeBufferPointer<UInt8>, parent: Int32) -> Int32 {
            assert(
                path.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy {
                    Stack.Scanner.isPlainName(UnsafeBufferPointer(rebasing: $0))
                }, "a path of other than names")
            let node = Int32(entries.count)
            entries.append(Entry(hash: PathIndex.hash(path), start: Int32(bytes.count), length: Int32(path.count), parent: parent, isWhole: true))
            bytes.append(contentsOf: path)
            isIndexed = false
            return node
        }

        /// Appends the entry of a new node whose path, hashed, is `hash` (see ``add(_:nameCount:parent:)``).
        private mutating func appendEntry(hash: UInt64, _ path: UnsafeBufferPointer<UInt8>, nameCount: Int, parent: Int32) {
            precondition(nameCount > 0 && (parent == 0 ? nameCount == path.count : nameCount < path.count), "a name that is not the path's end")
            // (Lookups rely on names without a brace or a dot, ``curlyContents(_:)``: the scanner admits no other.)
            assert(Stack.Scanner.isPlainName(UnsafeBufferPointer(rebasing: path[(path.count - nameCount)...])), "a name with a brace or a dot")
            let base = path.baseAddress!
            if parent != 0, !entries[Int(parent)].isWhole {
                // The parent's path, kept whole once it has a child.
                let parentLength = path.count - nameCount - 1
                entries[Int(parent)].setWhole(start: Int32(bytes.count), length: Int32(parentLength))
                bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: parentLength))
            }
            // (A child of the root: its name is its whole path.)
            entries.append(Entry(hash: hash, start: Int32(bytes.count), length: Int32(nameCount), parent: parent, isWhole: parent == 0))
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + (path.count - nameCount), count: nameCount))
        }

        /// Every path's hash, by node (the root's first).
        var hashes: [UInt64] { entries.map(\.hash) }

        /// Puts every path in the table; false when two nodes have the same path (then a name was written twice in
        /// one object: a duplicate key).
        mutating func index() -> Bool {
            adopt(entries.withUnsafeBufferPointer { Table(entries: $0, minimumCapacity: slots.count, stoppingAtSameHash: true) })
        }

        /// Takes `table`, made from these paths' hashes (possibly on another thread, while the paths were being
        /// appended) and stopped at the first two with the same hash, as the table; false when it stopped there.
        ///
        /// Two nodes with the same 64-bit hash are a path added twice (a duplicate key), or, far less likely than
        /// anything else here going wrong, two paths that collide: either way the full engine reads the stack.
        mutating func adopt(_ table: Table) -> Bool {
            precondition(table.count == entries.count, "a table made for other paths")
            guard !table.stoppedAtSameHash else { return false }
            slots = table.slots
            isIndexed = true
            return true
        }

        /// The node of `path` (whose parent's node is `parent`, and whose last `nameCount` bytes are its name), made
        /// if it is new. Every path must be in the table.
        mutating func intern(_ path: UnsafeBufferPointer<UInt8>, nameCount: Int, parent: Int32) -> (node: Int32, isNew: Bool) {
            precondition(isIndexed, "a path looked up before the paths added are indexed")
            let hash = PathIndex.hash(path)
            let (found, slot) = lookup(path, hash: hash)
            if let found { return (found, false) }
            let node = Int32(entries.count)
            appendEntry(hash: hash, path, nameCount: nameCount, parent: parent)
            if entries.count * 2 > slots.count {
                // Made bigger with every path in it (all different: each was looked up before it was added).
                slots = entries.withUnsafeBufferPointer { Table(entries: $0, minimumCapacity: slots.count * 2, stoppingAtSameHash: false) }.slots
            } else {
                slots[slot] = Slot.make(node, hash: hash)
            }
            return (node, true)
        }

        /// Appends the paths of `other` past its first `shared.count` nodes, which are this table's nodes `shared`
        /// (the root first), keeping their order, without putting them in the table (``index()`` does); answers
        /// what `other`'s other nodes are shifted by here (node `n` of `other` is node `n + base`), or nil when the
        /// arena would outgrow 32-bit offsets.
        mutating func append(_ other: Paths, sharing shared: [Int32]) -> Int32? {
            let base = Int32(entries.count - shared.count)
            // `other`'s arena is copied whole, the shared paths' whole bytes at its start included (a few): the loop
            // below points any of ours that has had no child yet at them. Offsets are 32-bit here (the scanner gives
            // up on a longer arena).
            guard bytes.count + other.bytes.count < Int(Int32.max) else { return nil }
            let shift = Int32(bytes.count)
            bytes.append(contentsOf: other.bytes)
            // The shared nodes but the root are whole there (``add(whole:parent:)``); one that has had no child here
            // yet is pointed at that whole path, as its children from `other` need.
            for (node, own) in zip(shared, other.entries).dropFirst() where !entries[Int(node)].isWhole {
                precondition(own.isWhole, "a shared node that the second half does not keep whole")
                entries[Int(node)].setWhole(start: own.start + shift, length: own.length)
            }
            let first = entries.count
            entries.append(contentsOf: other.entries[shared.count...])
            entries.withUnsafeMutableBufferPointer { entries in
                for index in first..<entries.count {
                    entries[index].start += shift
                    let parent = entries[index].parent
                    entries[index].parent = parent < shared.count ? shared[Int(parent)] : parent + base
                }
            }
            isIndexed = false
            return base
        }

        /// The node of `path` if it has one, else the empty slot where it would go.
        private func lookup(_ path: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (node: Int32?, slot: Int) {
            slots.withUnsafeBufferPointer { slots in
                entries.withUnsafeBufferPointer { entries in
                    bytes.withUnsafeBufferPointer { arena in
                        let mask = slots.count - 1
                        var slot = Slot.home(hash, among: slots.count)
                        while true {
                            let stored = slots[slot]
                            if stored == Slot.empty { return (nil, slot) }
                            if Slot.matches(stored, hash: hash) {
                                let node = Slot.node(stored)
                                let entry = entries[Int(node)]
                                if entry.hash == hash, Self.isPath(path, of: entry, entries: entries, arena: arena) {
                                    return (node, slot)
                                }
                            }
                            slot = (slot + 1) & mask
                        }
                    }
                }
            }
        }

        /// The node each of `references` (ranges of `text`, each a string's contents, `{a.b.c}`) names, or -1 for
        /// one that names no path or is not a plain curly reference (read exactly as ``Reference/isPlainCurly(_:)``
        /// reads it, given names without a brace or a dot, as the scanner admits them: ``curlyContents(_:)``).
        ///
        /// At 100,000 tokens a lookup touches three places at random (its table slot, the path's record and the
        /// path's bytes), each likely a cache miss, and one lookup after another waits for them one after
        /// another. Here a batch of references goes through each step together (every slot of the batch, then
        /// every record, then the first byte of every path), each step asking for the next step's places ahead
        /// (``system_extras_prefetch``), so that the misses of a step, independent of each other, overlap: at
        /// 100,000 tokens, sampled, 13.5 ms with loads alone, 6 ms asked ahead.
        func find(references: [(start: Int32, count: Int32)], in text: UnsafeBufferPointer<UInt8>) -> [Int32] {
            [Int32](unsafeUninitializedCapacity: references.count) { found, count in
                find(references: references, in: text, range: references.indices, into: found)
                count = references.count
            }
        }

        /// ``find(references:in:)`` for `references[range]`, each node (or -1) put at its reference's index of
        /// `found`, which may be uninitialized there, and nothing else written: so two threads can look up two ranges
        /// of one list at once. (Every index is written, -1 included: a list filled with -1 first was ~80 pages written
        /// twice at 100,000 tokens, ~80,000 references, on the thread that made it.)
        func find(
            references: [(start: Int32, count: Int32)], in text: UnsafeBufferPointer<UInt8>, range: Range<Int>,
            into found: UnsafeMutableBufferPointer<Int32>
        ) {
            precondition(isIndexed, "references looked up before the paths added are indexed")
            precondition(range.upperBound <= min(references.count, found.count), "references past the list")
            let batch = 32
            // The batch's steps in buffers of their own: written through arrays, each write checked that the array
            // was not shared (~4 M instructions at 100,000 references).
            let hashes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: batch)
            let candidates = UnsafeMutableBufferPointer<Int32>.allocate(capacity: batch)
            let records = UnsafeMutableBufferPointer<Entry>.allocate(capacity: batch)
            let firstBytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: batch)
            let paths = UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>.allocate(capacity: batch)
            hashes.initialize(repeating: 0)
            candidates.initialize(repeating: -1)
            records.initialize(repeating: Entry(hash: 0, start: 0, length: 0, parent: -1))
            firstBytes.initialize(repeating: 0)
            paths.initialize(repeating: UnsafeBufferPointer(start: nil, count: 0))
            defer {
                hashes.deallocate()
                candidates.deallocate()
                records.deallocate()
                firstBytes.deallocate()
                paths.deallocate()
            }
            slots.withUnsafeBufferPointer { slots in
                entries.withUnsafeBufferPointer { entries in
                    bytes.withUnsafeBufferPointer { arena in
                        let mask = slots.count - 1
                        var low = range.lowerBound
                        while low < range.upperBound {
                            let high = min(low + batch, range.upperBound)
                            // The paths and their hashes (-2 for a reference that is not a plain curly one), each
                            // slot asked for.
                            for index in low..<high {
                                let reference = references[index]
                                let string = UnsafeBufferPointer(rebasing: text[Int(reference.start)..<Int(reference.start + reference.count)])
                                guard let (inner, hash) = Self.curlyContents(string) else {
                                    candidates[index - low] = -2
                                    continue
                                }
                                paths[index - low] = inner
                                hashes[index - low] = hash
                                candidates[index - low] = 0
                                system_extras_prefetch(slots.baseAddress! + Slot.home(hash, among: slots.count))
                            }
                            // The slots, probed as a lookup probes them, up to the first that may hold the path
                            // (-1 for an empty one first: no such path); the records of the paths there asked for.
                            // The slots after the first are mostly in its cache line: probing them here, rather
                            // than one full lookup after another below, took a sixth of this loop's time at 100,000
                            // paths (sampled).
                            for slot in 0..<high - low where candidates[slot] != -2 {
                                var index = Slot.home(hashes[slot], among: slots.count)
                                while slots[index] != Slot.empty, !Slot.matches(slots[index], hash: hashes[slot]) {
                                    index = (index + 1) & mask
                                }
                                candidates[slot] = slots[index] == Slot.empty ? -1 : Slot.node(slots[index])
                                if candidates[slot] >= 0 { system_extras_prefetch(entries.baseAddress! + Int(candidates[slot])) }
                            }
                            // The records, and the first byte of each one's bytes (its name, or its whole path) asked
                            // for.
                            for slot in 0..<high - low where candidates[slot] >= 0 {
                                records[slot] = entries[Int(candidates[slot])]
                                system_extras_prefetch(arena.baseAddress! + Int(records[slot].start))
                            }
                            for slot in 0..<high - low where candidates[slot] >= 0 && records[slot].length > 0 {
                                firstBytes[slot] = arena[Int(records[slot].start)]
                            }
                            // Compare, now that all of it is in the cache (but for a name's parent's path, which its
                            // siblings share); a slot that holds another path whose hash shares its high half sends the
                            // reference to a single lookup, from its first slot. Every index gets its answer here,
                            // -1 for no plain reference (-2) or no such path (-1).
                            for index in low..<high {
                                let slot = index - low
                                guard candidates[slot] >= 0 else {
                                    found[index] = -1
                                    continue
                                }
                                let inner = paths[slot]
                                let record = records[slot]
                                // Where the record's bytes would begin in the path: at 0 when whole, else at its name.
                                let offset = inner.count - Int(record.length)
                                if record.hash == hashes[slot], offset >= 0, offset < inner.count, firstBytes[slot] == inner[offset],
                                    Self.isPath(inner, of: record, entries: entries, arena: arena)
                                {
                                    found[index] = candidates[slot]
                                } else {
                                    found[index] = lookup(inner, hash: hashes[slot]).node ?? -1
                                }
                            }
                            low = high
                        }
                    }
                }
            }
        }

        /// Whether `path` is the path of the node whose entry is `entry`: its bytes in `arena` when they are whole,
        /// else its parent's whole path (every parent's is), a dot and its name. (Internal for the tests: a lookup
        /// compares only the paths whose hashes match, so a mismatch here is out of their reach otherwise.)
        @inline(__always)
        static func isPath(
            _ path: UnsafeBufferPointer<UInt8>, of entry: Entry, entries: UnsafeBufferPointer<Entry>, arena: UnsafeBufferPointer<UInt8>
        ) -> Bool {
            let length = Int(entry.length)
            if entry.isWhole {
                return length == path.count && (length == 0 || memcmp(arena.baseAddress! + Int(entry.start), path.baseAddress!, length) == 0)
            }
            // A name (never the root's, nor a child's of the root, which are whole).
            let parent = entries[Int(entry.parent)]
            let prefix = Int(parent.length)
            guard prefix + 1 + length == path.count, path[prefix] == UInt8(ascii: "."),
                memcmp(arena.baseAddress! + Int(entry.start), path.baseAddress! + prefix + 1, length) == 0
            else { return false }
            return memcmp(arena.baseAddress! + Int(parent.start), path.baseAddress!, prefix) == 0
        }

        /// The path inside what may be a plain curly reference (`text` is a string's contents, `{a.b.c}`), with its
        /// hash; nil when it is not one, read as ``Reference/isPlainCurly(_:)`` reads it, but for braces inside.
        ///
        /// Those it lets through: no name holds a brace (the scanner admits none), so such a path is in no table,
        /// and its lookup finds nothing, as it finds nothing for a reference that is not one. Nor does a name
        /// hold a dot, and none is empty; so only a reference with a byte that might make a name malformed (white
        /// space or another byte up to a space, or a byte from 0x80) needs the exact check before the lookup. From
        /// eight bytes on, the bytes are tested as the hash reads them, in the same pass, each word folded into one
        /// that is tested once at the end: at 100,000 references, with the braces tested too and each word on its
        /// own, this test took a fourth of the lookups' instructions.
        private static func curlyContents(_ text: UnsafeBufferPointer<UInt8>) -> (path: UnsafeBufferPointer<UInt8>, hash: UInt64)? {
            let count = text.count
            guard count > 2, text[0] == UInt8(ascii: "{"), text[count - 1] == UInt8(ascii: "}") else { return nil }
            let inner = UnsafeBufferPointer(rebasing: text[1..<count - 1])
            // A byte up to a space or from 0x80 sets the high bit of its byte of `(word - 0x21…) | word` (and a byte
            // above such a byte may be flagged wrongly, by the borrow: that only costs the exact check).
            var folded: UInt64 = 0
            let hash = PathIndex.hash(inner) { word in folded |= (word &- 0x2121_2121_2121_2121) | word }
            let flagged =
                inner.count < 8
                // Too short for a word: the hash handed none on.
                ? inner.contains { $0 <= 0x20 || $0 >= 0x80 } : folded & 0x8080_8080_8080_8080 != 0
            if flagged, !Reference.isPlainCurly(text) { return nil }
            return (inner, hash)
        }

        /// The hash table of a list of paths, made from their hashes alone, so that it can be made on another
        /// thread: a power of two of slots, at most half full, with every node but the root (node 0) in it.
        ///
        /// Made to find a path added twice, it stops at the first two nodes with the same hash (the later one's
        /// probe passes the earlier one, whatever the order they go in: linear probing, nothing removed), so that a
        /// name written thousands of times costs no more than once; ``adopt(_:)`` then declines it.
        ///
        /// The nodes go in region by region of the table (a counting sort on the top bits of their first slot,
        /// 4,096 slots or 32 KiB to a region, which stays in the cache while it fills), not in node order: at
        /// 100,000 paths, each insertion at random in the table of 2 MB was a cache miss.
        struct Table: Sendable {
            let slots: [UInt64]
            /// How many nodes it was made for, the root included.
            let count: Int
            /// Whether it stopped, part-way, at two nodes with the same hash.
            let stoppedAtSameHash: Bool

            /// The table of the nodes whose hashes are `hashes`, then those of `entries` (node `n`'s is
            /// `hashes[n]`, or `entries[n - hashes.count].hash` past those: the hashes need not be gathered in one
            /// array first), with at least `minimumCapacity` slots (a power of two); when `stoppingAtSameHash`, left
            /// part-way at the first two nodes with the same hash (else those go in one after the other, as any two
            /// paths of one slot do).
            init(
                hashes: UnsafeBufferPointer<UInt64> = UnsafeBufferPointer(start: nil, count: 0),
                entries: UnsafeBufferPointer<Entry> = UnsafeBufferPointer(start: nil, count: 0),
                minimumCapacity: Int = 1024, stoppingAtSameHash: Bool
            ) {
                let count = hashes.count + entries.count
                @inline(__always) func hashOf(_ node: Int) -> UInt64 {
                    node < hashes.count ? hashes[node] : entries[node - hashes.count].hash
                }
                var capacity = minimumCapacity
                while capacity < count * 2 { capacity *= 2 }
                precondition(capacity <= 1 << 32, "a table past what a slot's high half can place")
                let mask = capacity - 1
                let regionShift = min(12, capacity.trailingZeroBitCount)
                // Each node but the root as its slot's value, region by region, so that the insertions below read
                // them in order rather than the hashes at random. The value holds what picks the slot (the hash's
                // top bits), so the list is one word a node, not a hash and a node: at 100,000 paths, 0.8 MB written
                // afresh rather than 1.6.
                // (Every value is written below, so the list is not zeroed first.)
                var starts = [Int](repeating: 0, count: (capacity >> regionShift) + 1)
                let ordered = [UInt64](unsafeUninitializedCapacity: max(count - 1, 0)) { ordered, initialized in
                    starts.withUnsafeMutableBufferPointer { starts in
                        for node in 1..<max(count, 1) { starts[Slot.home(hashOf(node), among: capacity) >> regionShift + 1] += 1 }
                        for region in 1..<starts.count { starts[region] += starts[region - 1] }
                        for node in 1..<max(count, 1) {
                            let value = Slot.make(Int32(node), hash: hashOf(node))
                            let region = Slot.home(value, among: capacity) >> regionShift
                            ordered[starts[region]] = value
                            starts[region] += 1
                        }
                    }
                    initialized = ordered.count
                }
                var slots = [UInt64](repeating: Slot.empty, count: capacity)
                stoppedAtSameHash = slots.withUnsafeMutableBufferPointer { slots in
                    ordered.withUnsafeBufferPointer { ordered in
                        for value in ordered {
                            var slot = Slot.home(value, among: capacity)
                            while slots[slot] != Slot.empty {
                                // The same high half: the whole hashes tell.
                                if stoppingAtSameHash, Slot.matches(slots[slot], hash: value),
                                    hashOf(Int(Slot.node(slots[slot]))) == hashOf(Int(Slot.node(value)))
                                {
                                    return true
                                }
                                slot = (slot + 1) & mask
                            }
                            slots[slot] = value
                        }
                        return false
                    }
                }
                self.slots = slots
                self.count = count
            }
        }

        /// What a slot of the table holds: a node (never the root, node 0, which is not in the table) and the high
        /// half of its path's hash, whose top bits pick its first slot (so a slot's value tells where it belongs).
        private enum Slot {
            static var empty: UInt64 { 0 }

            /// The first slot to probe for `hash` (or for a slot's value, which keeps the bits that pick it) in a
            /// table of `count` slots, a power of two up to 2³²: the hash's top bits.
            @inline(__always)
            static func home(_ hash: UInt64, among count: Int) -> Int {
                Int(truncatingIfNeeded: hash >> UInt64(64 - count.trailingZeroBitCount))
            }

            static func make(_ node: Int32, hash: UInt64) -> UInt64 {
                hash & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(bitPattern: node))
            }

            static func node(_ slot: UInt64) -> Int32 { Int32(truncatingIfNeeded: slot) }

            /// Whether the slot may hold the path whose hash is `hash`.
            static func matches(_ slot: UInt64, hash: UInt64) -> Bool {
                slot != empty && (slot ^ hash) & 0xFFFF_FFFF_0000_0000 == 0
            }
        }
    }
}
