#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FastPath {
    /// Token and group paths as a tree of interned names: node `n` is one name under its parent node, so a path
    /// is an integer and no path is ever built as a `String`. Node 0 is the root.
    ///
    /// An open-addressing hash table keyed by (parent, name bytes); a name's bytes are copied once, into
    /// ``names``, when its node is made.
    struct Paths {
        /// Each node's parent (-1 for the root).
        private(set) var parents: [Int32] = [-1]
        /// Node `n`'s name is `names[nameStarts[n]..<nameStarts[n] + nameLengths[n]]`.
        private(set) var nameStarts: [Int32] = [0]
        private(set) var nameLengths: [Int32] = [0]
        private(set) var names: [UInt8] = []
        private var hashes: [UInt64] = [0]
        /// Node ids (-1 empty); a power of two, at most half full.
        private var slots: [Int32] = Array(repeating: -1, count: 1024)

        var count: Int { parents.count }

        /// The node named `name` under `parent`, or nil.
        func find(parent: Int32, name: UnsafeBufferPointer<UInt8>) -> Int32? {
            let hash = Self.hash(parent: parent, name: name)
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let node = slots[slot]
                if node < 0 { return nil }
                if hashes[Int(node)] == hash, parents[Int(node)] == parent, nameEquals(node, name) { return node }
                slot = (slot + 1) & mask
            }
        }

        /// The node named `name` under `parent`, made if it is new.
        mutating func intern(parent: Int32, name: UnsafeBufferPointer<UInt8>) -> (node: Int32, isNew: Bool) {
            let hash = Self.hash(parent: parent, name: name)
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let node = slots[slot]
                if node < 0 { break }
                if hashes[Int(node)] == hash, parents[Int(node)] == parent, nameEquals(node, name) { return (node, false) }
                slot = (slot + 1) & mask
            }
            let node = Int32(parents.count)
            parents.append(parent)
            nameStarts.append(Int32(names.count))
            nameLengths.append(Int32(name.count))
            names.append(contentsOf: name)
            hashes.append(hash)
            if parents.count * 2 > slots.count {
                rebuild(slots.count * 2)
            } else {
                slots[slot] = node
            }
            return (node, true)
        }

        /// The node a plain curly reference names: `text` is a string's contents, `{a.b.c}`, accepted exactly as
        /// ``Reference/isPlainCurly(_:)`` accepts it; nil when it is not one, or names no node.
        func find(reference text: UnsafeBufferPointer<UInt8>) -> Int32? {
            let count = text.count
            guard count > 2, text[0] == UInt8(ascii: "{"), text[count - 1] == UInt8(ascii: "}") else { return nil }
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
            var node: Int32 = 0
            var start = 1
            for index in 1..<count {
                let byte = text[index]
                guard index == count - 1 || byte == UInt8(ascii: ".") else {
                    if byte >= 0x80 || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { return nil }
                    continue
                }
                // A segment: not empty, no white space at either end.
                guard start < index, !isSpace(text[start]), !isSpace(text[index - 1]),
                    let child = find(parent: node, name: UnsafeBufferPointer(rebasing: text[start..<index]))
                else { return nil }
                node = child
                start = index + 1
            }
            return node
        }

        mutating func reserveCapacity(_ nodes: Int) {
            parents.reserveCapacity(nodes)
            nameStarts.reserveCapacity(nodes)
            nameLengths.reserveCapacity(nodes)
            names.reserveCapacity(nodes * 8)
            hashes.reserveCapacity(nodes)
            var capacity = slots.count
            while capacity < nodes * 2 { capacity *= 2 }
            if capacity > slots.count { rebuild(capacity) }
        }

        /// Appends the name of `node` to `bytes`.
        func appendName(of node: Int32, to bytes: inout [UInt8]) {
            let start = Int(nameStarts[Int(node)])
            bytes.append(contentsOf: names[start..<start + Int(nameLengths[Int(node)])])
        }

        /// The name of `node`, in `names` (``names``, borrowed by the caller).
        func name(of node: Int32, in names: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            let start = Int(nameStarts[Int(node)])
            return UnsafeBufferPointer(rebasing: names[start..<start + Int(nameLengths[Int(node)])])
        }

        private func nameEquals(_ node: Int32, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
            let length = Int(nameLengths[Int(node)])
            guard length == name.count else { return false }
            guard length > 0 else { return true }
            let start = Int(nameStarts[Int(node)])
            return names.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, name.baseAddress!, length) == 0 }
        }

        private mutating func rebuild(_ capacity: Int) {
            slots = Array(repeating: -1, count: capacity)
            let mask = capacity - 1
            for node in hashes.indices.dropFirst() {
                var slot = Int(truncatingIfNeeded: hashes[node]) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(node)
            }
        }

        private static func hash(parent: Int32, name: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var hash = PathIndex.hash(name) ^ (UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15)
            hash ^= hash >> 29
            return hash
        }
    }
}
