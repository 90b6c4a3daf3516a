/// The first key node of each key hash in one big JSON object, for the reader's duplicate-key check.
///
/// The hashes are already hashes of the keys (``ByteHash``), so this is an open-addressing table indexed by
/// the hash itself, where a `[UInt64: Int]` would hash every one again with SipHash. The reader keeps a stack of
/// them, one for each open object that has one, and reuses each for the next such object: ``reset()`` empties it
/// in constant time (a slot counts only when it is of the current generation), so its room is grown once.
struct KeyHashIndex {
    private struct Slot {
        var hash: UInt64 = 0
        var node: UInt32 = 0
        /// The generation the slot was filled in; a slot of an earlier one is empty.
        var generation: UInt32 = 0
    }

    private var slots: [Slot]
    private var generation: UInt32 = 1
    private var count = 0

    init() {
        slots = Array(repeating: Slot(), count: 64)
    }

    /// Empties the index, keeping its room.
    mutating func reset() {
        count = 0
        generation &+= 1
        if generation == 0 {
            // After 2³² resets: every slot emptied for real, once, so that no old one reads as current.
            slots = Array(repeating: Slot(), count: slots.count)
            generation = 1
        }
    }

    /// The first key node recorded with this hash, if any.
    subscript(hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while slots[slot].generation == generation {
            if slots[slot].hash == hash { return Int(slots[slot].node) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Records `node` for `hash` unless the hash already has a node.
    mutating func insertIfAbsent(_ hash: UInt64, node: Int) {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while slots[slot].generation == generation {
            if slots[slot].hash == hash { return }
            slot = (slot + 1) & mask
        }
        slots[slot] = Slot(hash: hash, node: UInt32(node), generation: generation)
        count += 1
    }

    private mutating func grow() {
        let old = slots
        let current = generation
        slots = Array(repeating: Slot(), count: old.count * 2)
        generation = 1
        count = 0
        for slot in old where slot.generation == current { insertIfAbsent(slot.hash, node: Int(slot.node)) }
    }
}
