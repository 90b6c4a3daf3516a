/// A small deterministic generator (SplitMix64), so that random tests make the same cases on every run.
public struct SplitMix: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    public mutating func chance(_ p: Double) -> Bool { Double(next() % 1_000_000) / 1_000_000 < p }
    public mutating func pick<T>(_ a: [T]) -> T { a[int(a.count)] }

    /// What a mutation's fourth kind of edit does, besides inserting, removing and replacing a byte.
    public enum LastEdit {
        /// Cuts the bytes off at the place chosen.
        case truncate
        /// Copies up to 15 bytes from elsewhere in the text to the place chosen.
        case duplicate
    }

    /// `bytes` edited one to three times at random places: a byte of `pool` inserted or put in place of one, a
    /// byte removed, or `lastEdit`.
    public mutating func mutate(_ bytes: [UInt8], from pool: [UInt8], lastEdit: LastEdit) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<(1 + int(3)) {
            let at = int(bytes.count + 1)
            switch int(4) {
            case 0: bytes.insert(pick(pool), at: at)
            case 1: if at < bytes.count { bytes.remove(at: at) }
            case 2: if at < bytes.count { bytes[at] = pick(pool) }
            default:
                switch lastEdit {
                case .truncate: bytes.removeSubrange(at...)
                case .duplicate:
                    let start = int(bytes.count)
                    bytes.insert(contentsOf: bytes[start..<min(bytes.count, start + int(16))], at: at)
                }
            }
        }
        return bytes
    }
}
