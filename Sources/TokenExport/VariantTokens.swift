import DesignTokens

/// The tokens of an export's variants matched by path, so a format walks one list of tokens and asks each variant
/// for its value of each: the base's tokens in its order, then those only a variant has, in the order met.
///
/// Matching goes by each path's bytes (``ResolvedTheme/ids(matching:)``), without a `String` per token.
struct VariantTokens {
    let input: ExportInput
    /// Every token's path, by its index here.
    let paths: [String]
    /// Every token's type: the first variant's that has it.
    let types: [TokenType]
    /// For each variant, each token's id in its theme, or -1 where the variant has no such token.
    let ids: [[Int]]
    /// The index of each token no base token matches, by path.
    private let added: [String: Int]

    init(_ input: ExportInput) {
        self.input = input
        let base = input.base.theme
        var paths = base.paths
        var types = (0..<base.count).map(base.type(of:))
        var ids = [Array(0..<base.count)]
        var added: [String: Int] = [:]
        for variant in input.variants.dropFirst() {
            let theme = variant.theme
            var mine = Array(repeating: -1, count: paths.count)
            for (id, baseID) in base.ids(matching: theme).enumerated() {
                if baseID >= 0 {
                    mine[baseID] = id
                    continue
                }
                let path = theme.path(of: id)
                let index: Int
                if let known = added[path] {
                    index = known
                } else {
                    index = paths.count
                    added[path] = index
                    paths.append(path)
                    types.append(theme.type(of: id))
                    mine.append(-1)
                }
                mine[index] = id
            }
            ids.append(mine)
        }
        // Variants made before a token was added have no entry for it.
        self.ids = ids.map { $0 + Array(repeating: -1, count: paths.count - $0.count) }
        self.paths = paths
        self.types = types
        self.added = added
    }

    var count: Int { paths.count }

    /// The value of token `index` in variant `variant`, or nil where it has none.
    func value(_ index: Int, in variant: Int) -> TokenValue? {
        let id = ids[variant][index]
        return id < 0 ? nil : input.variants[variant].theme.value(at: id)
    }

    /// The index of the token a whole-value alias names in variant `variant`, or nil for any other token.
    func aliasTarget(_ index: Int, in variant: Int) -> Int? {
        let id = ids[variant][index]
        guard id >= 0, let target = input.variants[variant].theme.aliasTarget(of: id) else { return nil }
        let path = input.variants[variant].theme.path(of: target)
        return self.index(of: path)
    }

    /// Whether token `index` is written the same in two variants (both without it counts as the same): the same
    /// value, or, `comparingReferences`, the same alias target (whatever the target's value) or the same value
    /// when neither is an alias.
    func isSame(_ index: Int, in variant: Int, as other: Int, comparingReferences: Bool) -> Bool {
        let mine = ids[variant][index]
        let theirs = ids[other][index]
        guard mine >= 0, theirs >= 0 else { return mine == theirs }
        let themes = (input.variants[variant].theme, input.variants[other].theme)
        if comparingReferences {
            switch (themes.0.aliasTarget(of: mine), themes.1.aliasTarget(of: theirs)) {
            case (nil, nil): break
            case (let a?, let b?): return themes.0.path(of: a) == themes.1.path(of: b)
            default: return false
            }
        }
        return themes.0.value(of: mine, equals: theirs, in: themes.1)
    }

    /// The index of the token at `path`, or nil.
    func index(of path: String) -> Int? {
        input.base.theme.id(of: path) ?? added[path]
    }

    /// Where token `index` is written: in the first variant that has it.
    func location(_ index: Int) -> SourceLocation? {
        for (variant, ids) in ids.enumerated() where ids[index] >= 0 {
            return input.variants[variant].theme.location(of: ids[index])
        }
        return nil
    }

    /// Where the token at `path` is written, for diagnostics.
    func location(ofPath path: String) -> SourceLocation? {
        index(of: path).flatMap(location)
    }

    /// The `$description` of token `index`: the base's, or the first variant's that has one.
    func description(_ index: Int) -> String? {
        for (variant, ids) in ids.enumerated() where ids[index] >= 0 {
            if let description = input.variants[variant].theme.description(of: ids[index]) { return description }
        }
        return nil
    }
}
