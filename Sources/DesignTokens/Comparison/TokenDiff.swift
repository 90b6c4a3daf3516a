@_spi(Engine) import TokenJSON

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
    ///
    /// Tokens are matched by path once, then compared by id; a whole ``ResolvedToken`` is built only for the
    /// tokens added or removed.
    public init?(from old: ResolvedTheme, to new: ResolvedTheme) {
        // Each new token's id in the old theme, or -1.
        let oldIDs = old.ids(matching: new)
        var inNew = [Bool](repeating: false, count: old.count)
        for oldID in oldIDs where oldID >= 0 { inNew[oldID] = true }

        var addedTokens = (0..<new.count).filter { oldIDs[$0] < 0 }.map(new.token)
        var removedTokens = (0..<old.count).filter { !inNew[$0] }.map(old.token)
        (renamed, addedTokens, removedTokens) = Self.renames(added: addedTokens, removed: removedTokens)
        added = addedTokens.map { Added(path: $0.path, value: $0.value) }
        removed = removedTokens.map { Removed(path: $0.path, value: $0.value) }

        // Edited tokens first, so that changes through references can name them.
        var values = ValueComparison(old: old, new: new)
        var edited = [Bool](repeating: false, count: new.count)
        for id in 0..<new.count where oldIDs[id] >= 0 && !new.writtenValue(of: id, equals: oldIDs[id], in: old) {
            if values.equal(new: id, old: oldIDs[id]) {
                rewired.append(
                    Rewired(
                        path: new.path(of: id), before: old.writtenValue(of: oldIDs[id]),
                        after: new.writtenValue(of: id),
                        value: new.value(at: id)))
            } else {
                edited[id] = true
            }
        }
        var walk = EditedSourceWalk(in: new, edited: edited)
        for id in 0..<new.count where oldIDs[id] >= 0 && !values.equal(new: id, old: oldIDs[id]) {
            let before = old.value(at: oldIDs[id])
            let after = new.value(at: id)
            let via = edited[id] ? [] : walk.sources(of: id)
            // Same written value and no edited source: something of its own changed, such as its `$type`.
            changed.append(
                Changed(
                    path: new.path(of: id), before: before, after: after, cause: via.isEmpty ? .direct : .reference,
                    via: via))
        }
        if added.isEmpty, removed.isEmpty, changed.isEmpty, rewired.isEmpty, renamed.isEmpty { return nil }
    }

    /// Whether a token's value in the new theme equals a token's in the old, compared between the tokens that hold
    /// the values (``ResolvedTheme/valueSource(of:)``). For each value-holding token of the new theme it remembers
    /// the old one it was last compared with and the answer, which the aliases of both share.
    private struct ValueComparison {
        let old: ResolvedTheme
        let new: ResolvedTheme
        /// For each token of the new theme, by id, the old token whose value its own was last compared with, or -1.
        private var comparedWith: [Int32]
        /// The answer of that comparison.
        private var wasEqual: [Bool]

        init(old: ResolvedTheme, new: ResolvedTheme) {
            self.old = old
            self.new = new
            comparedWith = [Int32](repeating: -1, count: new.count)
            wasEqual = [Bool](repeating: false, count: new.count)
        }

        mutating func equal(new id: Int, old oldID: Int) -> Bool {
            let source = new.valueSource(of: id)
            let oldSource = old.valueSource(of: oldID)
            if comparedWith[source] == oldSource { return wasEqual[source] }
            let equal = new.value(of: source, equals: oldSource, in: old)
            comparedWith[source] = Int32(oldSource)
            wasEqual[source] = equal
            return equal
        }
    }

    /// The edited tokens a token's value comes from: a walk down its references that stops at each edited token.
    /// The walk's marks and stack are kept from one token to the next, so a walk allocates nothing but its result.
    private struct EditedSourceWalk {
        let theme: ResolvedTheme
        let edited: [Bool]
        /// For each token, the number of the walk that last reached it (``walks`` counts them).
        private var reachedBy: [Int32]
        private var walks: Int32 = 0
        private var pending: [Int32] = []

        init(in theme: ResolvedTheme, edited: [Bool]) {
            self.theme = theme
            self.edited = edited
            reachedBy = [Int32](repeating: -1, count: theme.count)
        }

        /// The edited tokens `id` comes from, in the order a depth-first walk in written order reaches them.
        mutating func sources(of id: Int) -> [String] {
            walks += 1
            reachedBy[id] = walks
            var sources: [String] = []
            push(referencesOf: id)
            while let next = pending.popLast().map(Int.init) {
                guard reachedBy[next] != walks else { continue }
                reachedBy[next] = walks
                if edited[next] {
                    sources.append(theme.path(of: next))
                } else {
                    push(referencesOf: next)
                }
            }
            return sources
        }

        /// Puts the tokens `id` refers to on the stack, the first written on top.
        private mutating func push(referencesOf id: Int) {
            let start = pending.count
            theme.forEachReference(of: id) { pending.append(Int32($0)) }
            pending[start...].reverse()
        }
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
                    removedBySignature[key]?.count == 1
                else { continue }
                pairs.append((index, candidates[0]))
            }
            for pair in pairs {
                renamed.append(
                    Renamed(
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
