import Theming

/// One colour of a contrast pair: where it is drawn, the token it is read from, and that token's alias chain.
struct ContrastSide: Hashable, Sendable {
    /// Where the colour is drawn, such as `TextInput.normal.placeholder`; the token path for a declared pair.
    var label: String
    var token: String
    var aliasChain: [String]
    var color: ThemeColor

    /// Whether the two name one colour: the same token, or one an alias of the other (a declared pair `against`
    /// `{design.colors.surfacePrimary.default}`, which reads `theme.color.background.surface-1`, is against the
    /// surface).
    func isSame(as other: ContrastSide) -> Bool {
        token == other.token || aliasChain.contains(other.token) || other.aliasChain.contains(token)
    }
}

/// Two colours drawn one on the other, and the contrast they must reach.
struct ContrastPair: Hashable, Sendable {
    var foreground: ContrastSide
    var background: ContrastSide
    /// What a translucent background is drawn over, nearest first (the surface, for a field); white is assumed
    /// under the last.
    var backdrops: [ContrastSide]
    var kind: ContrastKind
    var level: ContrastLevel

    var minimum: Double { level.minimum(for: kind) }
}
