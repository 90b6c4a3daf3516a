extension TokenLayers {
    /// A set part-way stacked that several sets are grown from (copies of it with more files stacked): the diff's two
    /// sides over the sources both start with, themes over the bundled defaults.
    ///
    /// A path table only ever appends nodes (``PathTable``), so the nodes numbered below the base's node count are
    /// the same node, with the same path, in the table of every set grown from it.
    struct CommonBase: Sendable {
        /// Compared by identity: two sets grew from the same base when theirs is the same object.
        final class Lineage: Sendable {}

        let lineage = Lineage()
        /// The number of path table nodes the base had.
        let nodes: Int
    }

    /// Records this set, as stacked so far, as the base of the sets about to be grown from it.
    mutating func markAsCommonBase() {
        commonBase = CommonBase(nodes: table.count)
    }

    /// The number of path table nodes this set and `other` have in common because both grew from one base
    /// (``markAsCommonBase()``): nodes numbered below it are the same node in both tables, matched without a lookup.
    /// 0 for sets that did not grow from one base.
    func sharedNodes(with other: TokenLayers) -> Int {
        guard let base = commonBase, let theirs = other.commonBase, base.lineage === theirs.lineage else { return 0 }
        assert(table.count >= base.nodes && other.table.count >= base.nodes, "a set smaller than its base")
        return base.nodes
    }
}
