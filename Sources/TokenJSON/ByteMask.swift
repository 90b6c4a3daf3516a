/// Byte tests eight bytes at a time (SWAR), for the scans that skip plain text: the JSON reader's strings, the
/// writer's escape check and the check for strings that may hold a reference. Each answers a word with the high
/// bit set in every byte that passes. "Any byte passes" is exact, and so, on little-endian machines, is the first passing byte in
/// memory order; a byte above a passing one may be flagged wrongly (the subtraction's borrow), so callers use the
/// lowest flag (`trailingZeroBitCount`) or look at a flagged word byte by byte.
enum ByteMask {
    private static var ones: UInt64 { 0x0101_0101_0101_0101 }
    private static var high: UInt64 { 0x8080_8080_8080_8080 }

    /// Bytes equal to `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, to byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & high
    }

    /// Bytes below `bound` (at most 0x80); a byte of 0x80 or above may be flagged too, so callers that care test
    /// ``nonASCII(_:)`` as well.
    @inline(__always)
    static func below(_ word: UInt64, _ bound: UInt8) -> UInt64 {
        (word &- ones &* UInt64(bound)) & ~word & high
    }

    /// Bytes of 0x80 and above.
    @inline(__always)
    static func nonASCII(_ word: UInt64) -> UInt64 { word & high }

    /// The bytes a JSON string cannot hold as they are: a quote, a backslash, a control character (below 0x20).
    @inline(__always)
    static func escaped(_ word: UInt64) -> UInt64 {
        equal(word, to: UInt8(ascii: "\"")) | equal(word, to: UInt8(ascii: "\\")) | below(word, 0x20)
    }
}
