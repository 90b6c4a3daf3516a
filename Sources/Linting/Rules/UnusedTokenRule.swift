import DesignTokens

/// `unused-token` (info, off by default): a primitive that no token refers to.
///
/// Primitives are the tokens outside the `theme` and `design` groups: the design language's raw palette and
/// scales, meant to be reached only through references. Tokens under `theme` (semantic and component tokens, which
/// components read) and `design` (the global properties apps read by their iOS names) are used by code, not by
/// references, so they are never reported. A primitive is used when any token of the layered whole refers to it
/// directly, so a primitive that only a token a theme overrides referred to is reported for that theme.
enum UnusedTokenRule {
    /// The top-level groups whose tokens are read by code and so are not primitives.
    static let readByCode: Set<Substring> = ["theme", "design"]

    static func check(_ theme: ResolvedTheme) -> [Diagnostic] {
        var referenced = [Bool](repeating: false, count: theme.count)
        for id in 0..<theme.count {
            theme.forEachReference(of: id) { referenced[$0] = true }
        }
        return (0..<theme.count).compactMap { id in
            let path = theme.path(of: id)
            guard !referenced[id], !readByCode.contains(path.prefix { $0 != "." }) else { return nil }
            return Diagnostic(
                lint: .unusedToken, "\(path) is a primitive that no token refers to", at: theme.token(id).location,
                token: path)
        }
    }
}
