import DesignTokens
import TokenSetGenerator

extension FuzzTarget {
    /// The engine against the generator's naive resolution, on generated sets whose size (500 to 2,499 tokens, the
    /// smallest the generator makes every type in) and seed the input picks:
    /// the whole flat output, with and without the theme, must be the generator's byte for byte.
    static let differential = FuzzTarget(
        name: "differential"
    ) { bytes in
        guard bytes.count >= 10 else { return }
        let count = 500 + Int(UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 2_000
        let seed = bytes[2..<10].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let set = TokenSet(count: count, seed: seed)
        let base = TokenSource(name: "tokens.json", bytes: set.baseJSON)
        let theme = TokenSource(name: "theme.json", bytes: set.themeJSON)
        do {
            let alone = try ResolvedTheme.resolve([base])
            require(alone.diagnostics.isEmpty, "\(count) tokens, seed \(seed): \(alone.diagnostics.prefix(3))")
            require(alone.flatJSON() == set.expectedFlatJSON(over: []), "\(count) tokens, seed \(seed), alone")
            let themed = try ResolvedTheme.resolve([base, theme])
            require(themed.flatJSON() == set.expectedFlatJSON(), "\(count) tokens, seed \(seed), with the theme")
        } catch {
            fatalError("\(count) tokens, seed \(seed): \(error)")
        }
    }
}
