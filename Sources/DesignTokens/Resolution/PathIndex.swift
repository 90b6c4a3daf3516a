#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Token paths interned to integer ids: id `n` is the `n`th path inserted.
///
/// An open-addressing hash table over the paths' UTF-8 bytes, which it keeps one after another in one buffer. A
/// path is hashed once, eight bytes at a time; each slot holds a path's id and the high half of its hash, so a
/// probe that meets another path rarely reads that path's bytes; and a lookup can start from bytes in a document,
/// so an alias finds its target without a `String` being made. The hash is not seeded: the keys are the token
/// paths of the files being resolved, and a file crafted for collisions only slows its own resolution.
struct PathIndex: Sendable {
    /// Every path's bytes, one after another; path `id` is `bytes[starts[id]..<starts[id + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    /// `capacity` slots, each 0 (empty) or a path's id + 1 in the low half and its hash's high half in the high
    /// half; the capacity is a power of two, at most 3/4 full.
    private var slots: [UInt64] = Array(repeating: 0, count: 16)

    var count: Int { starts.count - 1 }

    mutating func reserveCapacity(_ count: Int) {
        starts.reserveCapacity(count + 1)
        bytes.reserveCapacity(count * 32)
        var capacity = slots.count
        while capacity * 3 < count * 4 { capacity *= 2 }
        if capacity > slots.count { rebuild(capacity) }
    }

    /// The id of `path`, or nil.
    subscript(path: String) -> Int? {
        var path = path
        return path.withUTF8 { find($0) }
    }

    /// The id of the path whose UTF-8 bytes are `key`, or nil.
    func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(key)
        let tag = hash >> 32
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return bytes.withUnsafeBufferPointer { stored in
            while true {
                let entry = slots[slot]
                if entry == 0 { return nil }
                if entry >> 32 == tag {
                    let id = Int(entry & 0xFFFF_FFFF) - 1
                    let start = starts[id]
                    let count = starts[id + 1] - start
                    if count == key.count, key.isEmpty || memcmp(stored.baseAddress! + start, key.baseAddress!, count) == 0 { return id }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Adds a path that is not in the index yet, and returns its id.
    @discardableResult
    mutating func insert(_ path: String) -> Int {
        var path = path
        return path.withUTF8 { insert($0) }
    }

    /// Adds the path whose UTF-8 bytes are `key`, which is not in the index yet, and returns its id.
    @discardableResult
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        if (count + 1) * 4 > slots.count * 3 { rebuild(slots.count * 2) }
        bytes.append(contentsOf: key)
        let id = count
        starts.append(bytes.count)
        place(id, hash: Self.hash(key))
        return id
    }

    /// The path with id `id`.
    func path(_ id: Int) -> String {
        withBytes { bytes, starts in String(decoding: bytes[starts[id]..<starts[id + 1]], as: UTF8.self) }
    }

    /// Calls `body` with every path's bytes, one after another, and where each starts: path `id` is
    /// `bytes[starts[id]..<starts[id + 1]]`.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>, [Int]) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { body($0, starts) }
    }

    private mutating func place(_ id: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = (hash >> 32) << 32 | UInt64(id + 1)
    }

    private mutating func rebuild(_ capacity: Int) {
        slots = Array(repeating: 0, count: capacity)
        for id in 0..<count {
            let hash = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[starts[id]..<starts[id + 1]])) }
            place(id, hash: hash)
        }
    }

    /// A 64-bit hash of bytes, eight at a time (a multiply-xorshift mix; not cryptographic).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        hash(bytes, observing: { _ in })
    }

    /// ``hash(_:)``, handing `observe` each word of eight bytes it reads, so that a caller can test the bytes in
    /// the same pass: every byte is in some word when there are at least eight (the last word may overlap the one
    /// before); fewer are not handed on.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, observing observe: (UInt64) -> Void) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            observe(word)
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        var tail: UInt64 = 0
        if offset < bytes.count, bytes.count >= 8 {
            // The last eight bytes, overlapping the words above, in one load.
            tail = raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
            observe(tail)
        } else {
            var shift: UInt64 = 0
            while offset < bytes.count {
                tail |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }
}
