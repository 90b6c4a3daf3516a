/// The first key node of each key hash in one big JSON object, for the reader's duplicate-key check.
///
/// The hashes are already hashes of the keys (``ByteHash``), so this is an open-addressing table indexed by
/// the hash itself, where a `[UInt64: Int]` would hash every one again with SipHash.
struct KeyHashIndex {
    /// Key node + 1 in each slot; 0 is empty.
    private var nodes: [Int]
    private var hashes: [UInt64]
    private var count = 0

    init() {
        nodes = Array(repeating: 0, count: 64)
        hashes = Array(repeating: 0, count: 64)
    }

    /// The first key node recorded with this hash, if any.
    subscript(hash: UInt64) -> Int? {
        let mask = nodes.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while nodes[slot] != 0 {
            if hashes[slot] == hash { return nodes[slot] - 1 }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Records `node` for `hash` unless the hash already has a node.
    mutating func insertIfAbsent(_ hash: UInt64, node: Int) {
        if (count + 1) * 2 > nodes.count { grow() }
        let mask = nodes.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while nodes[slot] != 0 {
            if hashes[slot] == hash { return }
            slot = (slot + 1) & mask
        }
        nodes[slot] = node + 1
        hashes[slot] = hash
        count += 1
    }

    private mutating func grow() {
        let oldNodes = nodes
        let oldHashes = hashes
        nodes = Array(repeating: 0, count: oldNodes.count * 2)
        hashes = Array(repeating: 0, count: oldNodes.count * 2)
        count = 0
        for slot in oldNodes.indices where oldNodes[slot] != 0 {
            insertIfAbsent(oldHashes[slot], node: oldNodes[slot] - 1)
        }
    }
}
