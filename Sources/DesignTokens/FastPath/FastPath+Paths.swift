#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FastPath {
    /// Every token and group path of a stack, each an integer (a node), with its parent: node 0 is the root.
    ///
    /// A path's dotted bytes are written once, into one arena, when its node is made; an open-addressing hash
    /// table finds a node from a path's bytes, so a reference's text (`{a.b.c}` without its braces) is looked up
    /// whole, and the output's keys are copied from the arena.
    struct Paths {
        /// A node: its path is `bytes[start..<start + length]`.
        struct Entry {
            var hash: UInt64
            var start: Int32
            var length: Int32
            /// -1 for the root.
            var parent: Int32
        }

        private(set) var bytes: [UInt8] = []
        private(set) var entries: [Entry] = [Entry(hash: 0, start: 0, length: 0, parent: -1)]
        /// Node ids (-1 empty); a power of two, at most half full.
        private var slots: [Int32] = Array(repeating: -1, count: 1024)

        var count: Int { entries.count }

        mutating func reserveCapacity(_ nodes: Int, bytes count: Int) {
            bytes.reserveCapacity(count)
            entries.reserveCapacity(nodes)
            var capacity = slots.count
            while capacity < nodes * 2 { capacity *= 2 }
            if capacity > slots.count { rebuild(capacity) }
        }

        /// The node of `path`, or nil.
        func find(_ path: UnsafeBufferPointer<UInt8>) -> Int32? {
            lookup(path, hash: PathIndex.hash(path)).node
        }

        /// The node of `path` (whose parent's node is `parent`), made if it is new.
        mutating func intern(_ path: UnsafeBufferPointer<UInt8>, parent: Int32) -> (node: Int32, isNew: Bool) {
            let hash = PathIndex.hash(path)
            let (found, slot) = lookup(path, hash: hash)
            if let found { return (found, false) }
            let node = Int32(entries.count)
            entries.append(Entry(hash: hash, start: Int32(bytes.count), length: Int32(path.count), parent: parent))
            bytes.append(contentsOf: path)
            if entries.count * 2 > slots.count {
                rebuild(slots.count * 2)
            } else {
                slots[slot] = node
            }
            return (node, true)
        }

        /// The node of `path` if it has one, else the empty slot where it would go.
        private func lookup(_ path: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (node: Int32?, slot: Int) {
            slots.withUnsafeBufferPointer { slots in
                entries.withUnsafeBufferPointer { entries in
                    bytes.withUnsafeBufferPointer { arena in
                        let mask = slots.count - 1
                        var slot = Int(truncatingIfNeeded: hash) & mask
                        while true {
                            let node = slots[slot]
                            if node < 0 { return (nil, slot) }
                            let entry = entries[Int(node)]
                            if entry.hash == hash, Int(entry.length) == path.count,
                                path.isEmpty || memcmp(arena.baseAddress! + Int(entry.start), path.baseAddress!, path.count) == 0
                            {
                                return (node, slot)
                            }
                            slot = (slot + 1) & mask
                        }
                    }
                }
            }
        }

        /// The node a plain curly reference names: `text` is a string's contents, `{a.b.c}`, read exactly as
        /// ``Reference/isPlainCurly(_:)`` reads it; nil when it is not one, or names no path.
        func find(reference text: UnsafeBufferPointer<UInt8>) -> Int32? {
            let count = text.count
            guard count > 2, text[0] == UInt8(ascii: "{"), text[count - 1] == UInt8(ascii: "}") else { return nil }
            let inner = UnsafeBufferPointer(rebasing: text[1..<count - 1])
            // Paths hold no empty name, so only a reference with a byte that might make it malformed (white space,
            // control characters, braces, non-ASCII) needs the exact check before the lookup.
            if Self.needsCheck(inner), !Reference.isPlainCurly(text) { return nil }
            return find(inner)
        }

        /// The last name of a node's path (borrowing `arena`, which is ``bytes``).
        func name(of node: Int32, in arena: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            let entry = entries[Int(node)]
            let skip = entry.parent > 0 ? Int(entries[Int(entry.parent)].length) + 1 : 0
            return UnsafeBufferPointer(start: arena.baseAddress! + Int(entry.start) + skip, count: Int(entry.length) - skip)
        }

        /// Whether any byte is at or below a space, at or above 0x80, or a brace: eight bytes at a time.
        private static func needsCheck(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let high: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & high != 0 }
            func flagged(_ word: UInt64) -> Bool {
                // Bytes below 0x21 (for words without high bytes, which are flagged by `word & high`), `{`, `}`.
                (word &- ones &* 0x21) & ~word & high != 0 || word & high != 0
                    || hasZeroByte(word ^ (ones &* 0x7B)) || hasZeroByte(word ^ (ones &* 0x7D))
            }
            let raw = UnsafeRawPointer(text.baseAddress!)
            guard text.count >= 8 else {
                for byte in text where byte <= 0x20 || byte >= 0x80 || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
                    return true
                }
                return false
            }
            var offset = 0
            while offset + 8 <= text.count {
                if flagged(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
                offset += 8
            }
            // The last bytes, in a word that overlaps the one before.
            return offset < text.count && flagged(raw.loadUnaligned(fromByteOffset: text.count - 8, as: UInt64.self))
        }

        private mutating func rebuild(_ capacity: Int) {
            slots = Array(repeating: -1, count: capacity)
            let mask = capacity - 1
            for node in entries.indices.dropFirst() {
                var slot = Int(truncatingIfNeeded: entries[node].hash) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(node)
            }
        }
    }
}
