/// What changes between two resolved themes, token by token, told the way a reviewer needs it: which tokens
/// were edited, which changed only because something they refer to was edited (and what), which were rewired to
/// an equal value, and which were added, removed or renamed.
///
/// ```swift
/// if let diff = TokenDiff(from: light, to: dark) {
///     for change in diff.changed where change.cause == .reference {
///         print(change.path, "via", change.via)   // theme.color.text-input.focused.border via ["theme.color.border.brand"]
///     }
/// }
/// ```
///
/// Values are compared resolved; descriptions, deprecation and `$extensions` are not compared.
public struct TokenDiff: Hashable, Sendable {
    /// A token only the new theme has.
    public struct Added: Hashable, Sendable {
        public var path: String
        public var value: TokenValue
    }

    /// A token only the old theme has.
    public struct Removed: Hashable, Sendable {
        public var path: String
        public var value: TokenValue
    }

    /// Why a token's value changed.
    public enum Cause: String, Hashable, Sendable {
        /// Its own written value was edited.
        case direct
        /// Its written value is the same; a token it refers to (directly or down a chain) changed.
        case reference
    }

    /// A token in both themes whose resolved value differs.
    public struct Changed: Hashable, Sendable {
        public var path: String
        public var before: TokenValue
        public var after: TokenValue
        public var cause: Cause
        /// For a change through references: the edited tokens it comes from, in the order a walk down its
        /// references (depth first, in written order) reaches them. For a direct change, empty.
        public var via: [String]
    }

    /// A token whose written value changed (such as a reference re-pointed) while its resolved value did not.
    public struct Rewired: Hashable, Sendable {
        public var path: String
        /// The written values, references and all.
        public var before: JSONValue
        public var after: JSONValue
        /// The resolved value, the same on both sides.
        public var value: TokenValue
    }

    /// A removed and an added token that are likely the same token under a new name: they have the same type
    /// and the same written value (or the same references), and no other removed or added token matches.
    public struct Renamed: Hashable, Sendable {
        public var from: String
        public var to: String
        /// The value under the old name; it differs from ``after`` only for a rename found by references.
        public var before: TokenValue
        public var after: TokenValue
    }

    public var added: [Added] = []
    public var removed: [Removed] = []
    public var changed: [Changed] = []
    public var rewired: [Rewired] = []
    public var renamed: [Renamed] = []

    /// Whether a resolved value differs: anything but rewiring. What `theme diff`'s exit status reports.
    public var changesValues: Bool { !(added.isEmpty && removed.isEmpty && changed.isEmpty && renamed.isEmpty) }

    /// Compares two themes; nil when there is nothing to report (same tokens, same written and resolved values).
    public init?(from old: ResolvedTheme, to new: ResolvedTheme) {
        let oldTokens = old.tokens
        let newTokens = new.tokens
        let oldByPath = Dictionary(oldTokens.map { ($0.path, $0) }, uniquingKeysWith: { $1 })
        let newByPath = Dictionary(newTokens.map { ($0.path, $0) }, uniquingKeysWith: { $1 })

        var addedTokens = newTokens.filter { oldByPath[$0.path] == nil }
        var removedTokens = oldTokens.filter { newByPath[$0.path] == nil }
        (renamed, addedTokens, removedTokens) = Self.renames(added: addedTokens, removed: removedTokens)
        added = addedTokens.map { Added(path: $0.path, value: $0.value) }
        removed = removedTokens.map { Removed(path: $0.path, value: $0.value) }

        // Edited tokens first, so that changes through references can name them.
        var edited: Set<String> = []
        for token in newTokens {
            guard let before = oldByPath[token.path], before.writtenValue != token.writtenValue else { continue }
            if before.value == token.value {
                rewired.append(Rewired(path: token.path, before: before.writtenValue, after: token.writtenValue, value: token.value))
            } else {
                edited.insert(token.path)
            }
        }
        for token in newTokens {
            guard let before = oldByPath[token.path], before.value != token.value else { continue }
            let sources = edited.contains(token.path) ? [] : Self.editedSources(of: token, in: newByPath, edited: edited)
            // Same written value and no edited source: something of its own changed, such as its `$type`.
            let direct = sources.isEmpty
            changed.append(Changed(
                path: token.path, before: before.value, after: token.value, cause: direct ? .direct : .reference,
                via: sources))
        }
        if added.isEmpty, removed.isEmpty, changed.isEmpty, rewired.isEmpty, renamed.isEmpty { return nil }
    }

    /// The edited tokens a token's value comes from: a walk down its references that stops at each edited token.
    private static func editedSources(of token: ResolvedToken, in tokens: [String: ResolvedToken], edited: Set<String>) -> [String] {
        var sources: [String] = []
        var seen: Set<String> = [token.path]
        var pending = Array(token.references.reversed())
        while let path = pending.popLast() {
            guard seen.insert(path).inserted else { continue }
            if edited.contains(path) {
                sources.append(path)
            } else if let next = tokens[path] {
                pending.append(contentsOf: next.references.reversed())
            }
        }
        return sources
    }

    /// What makes a removed and an added token the same token renamed.
    private struct Signature: Hashable {
        var type: TokenType
        var writtenValue: JSONValue? = nil
        var references: [String]? = nil
    }

    /// Pairs removed and added tokens one-to-one by type and written value, then by type and references.
    private static func renames(
        added: [ResolvedToken], removed: [ResolvedToken]
    ) -> (renamed: [Renamed], added: [ResolvedToken], removed: [ResolvedToken]) {
        let signatures: [(ResolvedToken) -> Signature?] = [
            { Signature(type: $0.type, writtenValue: $0.writtenValue) },
            { $0.references.isEmpty ? nil : Signature(type: $0.type, references: $0.references) },
        ]
        var renamed: [Renamed] = []
        var added = added
        var removed = removed
        for signature in signatures {
            let addedBySignature = Dictionary(grouping: added.indices, by: { signature(added[$0]) })
            let removedBySignature = Dictionary(grouping: removed.indices, by: { signature(removed[$0]) })
            var pairs: [(removed: Int, added: Int)] = []
            for (index, token) in removed.enumerated() {
                guard let key = signature(token), let candidates = addedBySignature[key], candidates.count == 1,
                      removedBySignature[key]?.count == 1 else { continue }
                pairs.append((index, candidates[0]))
            }
            for pair in pairs {
                renamed.append(Renamed(
                    from: removed[pair.removed].path, to: added[pair.added].path,
                    before: removed[pair.removed].value, after: added[pair.added].value))
            }
            let renamedAdded = Set(pairs.map(\.added))
            let renamedRemoved = Set(pairs.map(\.removed))
            added = added.indices.filter { !renamedAdded.contains($0) }.map { added[$0] }
            removed = removed.indices.filter { !renamedRemoved.contains($0) }.map { removed[$0] }
        }
        return (renamed, added, removed)
    }
}
