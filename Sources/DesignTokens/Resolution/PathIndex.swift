#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Token paths interned to integer ids: id `n` is the `n`th path inserted.
///
/// An open-addressing hash table over the paths' UTF-8 bytes. It replaces a `[String: Int]`, whose lookups
/// hash each `String` with SipHash and rehash every key when the table grows; here a path is hashed once,
/// eight bytes at a time, its hash is kept for growing, and a lookup can start from bytes in a document, so an
/// alias finds its target without a `String` being made. The hash is not seeded: the keys are the token paths
/// of the files being resolved, and a file crafted for collisions only slows its own resolution.
struct PathIndex: Sendable {
    /// The paths, by id.
    private(set) var keys: [String] = []
    private var hashes: [UInt64] = []
    /// `capacity` slots, each the id of a path or -1; the capacity is a power of two, at most 3/4 full.
    private var slots: [Int32] = Array(repeating: -1, count: 16)

    var count: Int { keys.count }

    mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        hashes.reserveCapacity(count)
        var capacity = slots.count
        while capacity * 3 < count * 4 { capacity *= 2 }
        if capacity > slots.count { rebuild(capacity) }
    }

    /// The id of `path`, or nil.
    subscript(path: String) -> Int? {
        var path = path
        return path.withUTF8 { find($0) }
    }

    /// The id of the path whose UTF-8 bytes are `bytes`, or nil.
    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = Int(slots[slot])
            if id < 0 { return nil }
            if hashes[id] == hash, Self.equals(keys[id], bytes) { return id }
            slot = (slot + 1) & mask
        }
    }

    /// Adds a path that is not in the index yet, and returns its id.
    @discardableResult
    mutating func insert(_ path: String) -> Int {
        if (keys.count + 1) * 4 > slots.count * 3 { rebuild(slots.count * 2) }
        var path = path
        let hash = path.withUTF8 { Self.hash($0) }
        let id = keys.count
        keys.append(path)
        hashes.append(hash)
        place(id, hash: hash)
        return id
    }

    private mutating func place(_ id: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(id)
    }

    private mutating func rebuild(_ capacity: Int) {
        slots = Array(repeating: -1, count: capacity)
        for id in hashes.indices { place(id, hash: hashes[id]) }
    }

    private static func equals(_ key: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        key.utf8.withContiguousStorageIfAvailable { stored in
            stored.count == bytes.count && (bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        } ?? key.utf8.elementsEqual(bytes)
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
