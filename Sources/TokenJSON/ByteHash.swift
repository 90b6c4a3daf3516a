/// A 64-bit hash of bytes, read eight at a time: what names, paths and object keys are hashed with (a
/// multiply-xorshift mix; not cryptographic, and not seeded: the keys are those of the files being read, and a
/// file crafted for collisions only slows its own reading).
@_spi(Engine) public enum ByteHash {
    @inlinable @_spi(Engine) public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        // Every load is of eight bytes from an offset at most `bytes.count - 8`, every byte read below `count`.
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        var tail: UInt64 = 0
        if offset < bytes.count, bytes.count >= 8 {
            // The last eight bytes, overlapping the words above, in one load.
            tail = raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
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
