/// What a theme resolved before lends the resolution of another stack of the same sources: the result of every
/// token that cannot come out differently, so that only the rest is resolved again.
///
/// A token's resolution depends on where its value is written (file and node), the types it may take (its own
/// `$type`, its group's), and the resolved values of the tokens it refers to; nothing else. So a token keeps its
/// earlier result when the first two are unchanged and so is every token it reaches through references. The
/// tokens whose site or types changed are found in one pass over both sets; everything that reaches them through
/// references is found by walking a reverse dependency index (who refers to each token) from them. Switching
/// one context of a resolver document re-resolves the tokens that context's files define and their dependents.
struct ReusedResolution {
    /// What a token keeps of its earlier resolution.
    enum Reuse: UInt8 {
        /// Its result: nothing it depends on changed.
        case result
        /// The target of its plain `{a.b}` alias, whose result changed: only its own result is made again.
        case aliasTarget
        /// Nothing: it is resolved again.
        case nothing
    }

    /// What each token (by the new set's id) keeps.
    private(set) var reuse: [Reuse]
    /// The resolver's columns (``Resolver``), by the new set's ids, filled for the reused tokens.
    private(set) var values: TokenValues
    private(set) var types: [TokenType?]
    private(set) var aliasOf: [Int32]
    private(set) var references: [[Int32]]
    private(set) var valueSources: [Int32]
    private(set) var valueSizes: [Int]
    /// The nodes of the reused values that were built from references (what ``Resolver`` bounds).
    private(set) var expandedNodes = 0
    /// The bytes of texts built from references counted against ``Resolver/maximumInterpolatedBytes``: the whole
    /// previous theme's, as no token's own is kept. Counting too many can only make a set fail that would not from
    /// scratch, and a set that fails is resolved again from scratch.
    let interpolatedBytes: Int
    /// The resolution warnings and info of the reused tokens.
    private(set) var warnings: [Diagnostic] = []
    /// For each token, the previous theme's id of it when an output writes it there as it writes it here: its result
    /// is kept and its `$description`, `$extensions` and `$deprecated` are written at the same places; else -1
    /// (``ResolvedTheme/earlierEntries``).
    private(set) var sameEntries: [Int32] = []

    /// What two sets have in common because both grew from one stacked set (``TokenLayers/stack(_:)``): its
    /// first tokens, with the same ids and paths, its first path table nodes, and its first files.
    struct Shared {
        var tokens: Int
        var nodes: Int
        var files: Int
    }

    /// - Parameters:
    ///   - previous: a theme resolved from files that `layers` shares, at least in part.
    ///   - layers: the set to resolve.
    ///   - shared: what `layers` and `previous.layers` have in common; tokens past it are matched by path.
    init(_ previous: ResolvedTheme, for layers: TokenLayers, sharing common: Shared) {
        interpolatedBytes = previous.interpolatedBytes
        let ids = IDMap(previous.layers, layers, sharing: common)
        var (unchanged, references, aliasOf, oldFiles) = Self.unchangedTokens(
            previous, layers, ids: ids, sharedFiles: common.files)
        reuse = Self.spreadChanges(unchanged, references: references, aliasOf: aliasOf)
        sameEntries = Self.sameEntries(reuse, layers, previous.layers, ids: ids, oldFiles: oldFiles)
        // The results kept. Types, sources and sizes: with the same ids, the previous columns themselves, the
        // rest cleared. Values: a new column, holding only those kept.
        let count = layers.count
        var values = TokenValues(count: count)
        var types = ids.areSame ? previous.types : [TokenType?](repeating: nil, count: count)
        var valueSources = ids.areSame ? previous.valueSources : (0..<Int32(count)).map { $0 }
        var valueSizes = ids.areSame ? previous.valueSizes : [Int](repeating: 0, count: count)
        for id in 0..<count {
            guard reuse[id] == .result else {
                references[id] = []
                if reuse[id] == .nothing { aliasOf[id] = -1 }
                if ids.areSame {
                    types[id] = nil
                    valueSources[id] = Int32(id)
                    valueSizes[id] = 0
                }
                continue
            }
            let oldID = ids.areSame ? id : Int(ids.old[id])
            if let value = previous.values[oldID] { values.set(value, for: id) }
            if !ids.areSame {
                types[id] = previous.types[oldID]
                valueSources[id] = ids.new(previous.valueSources[oldID])
                valueSizes[id] = previous.valueSizes[oldID]
            }
            if !references[id].isEmpty, values[id] != nil { expandedNodes += valueSizes[id] }
        }
        self.values = values
        self.types = types
        self.aliasOf = aliasOf
        self.references = references
        self.valueSources = valueSources
        self.valueSizes = valueSizes
        let reuse = reuse
        warnings = previous.resolutionDiagnostics.filter { warning in
            guard let path = warning.tokenPath, let id = layers.token(atPath: path) else { return false }
            return reuse[id] == .result
        }
    }

    /// Token ids of the two sets, one to the other: the same below the shared tokens, by path above them.
    private struct IDMap {
        /// Each new token's id in the previous set, or -1 when it has none.
        let old: [Int32]
        /// Each previous token's id in the new set past the shared ones, or -1 when it has none.
        private let newPastShared: [Int32]
        let shared: Int
        /// Whether every id means the same token in both.
        let areSame: Bool

        init(_ previous: TokenLayers, _ layers: TokenLayers, sharing common: Shared) {
            let count = layers.count
            let shared = min(common.tokens, count, previous.count)
            self.shared = shared
            areSame = shared == count && count == previous.count
            old =
                (0..<shared).map(Int32.init)
                + layers.ids(ofTokensAt: Array(layers.nodes[shared...]), in: previous, sharedNodes: common.nodes)
            newPastShared = previous.ids(
                ofTokensAt: Array(previous.nodes[shared...]), in: layers, sharedNodes: common.nodes)
        }

        /// A previous token's id in the new set, or -1 when it has none.
        func new(_ oldID: Int32) -> Int32 {
            oldID < shared ? oldID : newPastShared[Int(oldID) - shared]
        }
    }

    /// The tokens whose own inputs are the same in both sets (the file and node of their value, their types), with
    /// their references as new ids.
    private static func unchangedTokens(
        _ previous: ResolvedTheme, _ layers: TokenLayers, ids: IDMap, sharedFiles common: Int
    ) -> (unchanged: [Bool], references: [[Int32]], aliasOf: [Int32], oldFiles: [Int]) {
        let old = previous.layers
        let count = layers.count
        let sharedFiles = min(common, layers.files.count, old.files.count)
        // Each new file's position in the previous stack, or -1.
        let oldFiles = layers.files.indices.map { position in
            guard position >= sharedFiles else { return position }
            let file = layers.files[position]
            return old.files.firstIndex { $0.source == file.source } ?? -1
        }
        // A token whose value is written in a shared file was overridden by no other file, so its own `$type`
        // is the same in both; the type its group passes on is too, unless a file past the shared ones gives a
        // group a `$type` or `$extends`.
        let groupsMayDiffer = (layers.files[sharedFiles...] + old.files[sharedFiles...]).contains { file in
            file.groups.contains { $0.type != nil || $0.typeIsInvalid || $0.extends != nil }
        }
        let (sites, oldSites) = (layers.sites, old.sites)
        let (oldReferences, oldAliasOf) = (previous.references, previous.aliasOf)
        var unchanged = [Bool](repeating: false, count: count)
        var references = ids.areSame ? oldReferences : [[Int32]](repeating: [], count: count)
        var aliasOf = ids.areSame ? oldAliasOf : [Int32](repeating: -1, count: count)
        for id in 0..<count {
            let oldID = Int(ids.old[id])
            guard oldID >= 0 else { continue }
            let (site, oldSite) = (sites[id], oldSites[oldID])
            guard oldFiles[site.file] == oldSite.file, site.valueNode == oldSite.valueNode,
                site.valueIsPointer == oldSite.valueIsPointer
            else { continue }
            if groupsMayDiffer || id >= ids.shared || site.file >= sharedFiles {
                guard sameTypes(layers, id, old, oldID) else { continue }
            }
            // A colour modifier in `$extensions` changes the value, and a file other than the value's may write it.
            guard
                samePlace(layers.definitions[id].extensions, old.definitions[oldID].extensions, oldFiles: oldFiles)
            else { continue }
            if !ids.areSame {
                var targets = oldReferences[oldID]
                if !targets.isEmpty, targets.contains(where: { $0 >= ids.shared }) { targets = targets.map(ids.new) }
                let target = oldAliasOf[oldID]
                aliasOf[id] = target >= 0 ? ids.new(target) : -1
                guard !targets.contains(-1), target < 0 || aliasOf[id] >= 0 else { continue }
                references[id] = targets
            }
            unchanged[id] = true
        }
        return (unchanged, references, aliasOf, oldFiles)
    }

    /// ``sameEntries``: the tokens whose result is kept and whose other properties are written where they were
    /// (`$extensions` among them, which ``unchangedTokens`` compares already, as a colour modifier there changes the
    /// result).
    /// - Parameter oldFiles: each file's position in the previous stack, or -1.
    private static func sameEntries(
        _ reuse: [Reuse], _ layers: TokenLayers, _ old: TokenLayers, ids: IDMap, oldFiles: [Int]
    ) -> [Int32] {
        return reuse.indices.map { id in
            let oldID = ids.old[id]
            guard reuse[id] == .result, oldID >= 0 else { return -1 }
            let (definition, oldDefinition) = (layers.definitions[id], old.definitions[Int(oldID)])
            guard samePlace(definition.description, oldDefinition.description, oldFiles: oldFiles),
                samePlace(definition.deprecated, oldDefinition.deprecated, oldFiles: oldFiles)
            else { return -1 }
            return oldID
        }
    }

    /// What each token keeps, once everything that reaches a changed token through references has changed too: a
    /// plain alias keeps its target, anything else nothing.
    private static func spreadChanges(_ unchanged: [Bool], references: [[Int32]], aliasOf: [Int32]) -> [Reuse] {
        let count = unchanged.count
        let dependents = DependentIndex(count: count) { id, body in
            guard unchanged[id] else { return }
            if references[id].isEmpty, aliasOf[id] >= 0 { body(aliasOf[id]) }
            for target in references[id] { body(target) }
        }
        var reuse = unchanged.map { $0 ? Reuse.result : .nothing }
        var queue = (0..<count).filter { !unchanged[$0] }
        while let id = queue.popLast() {
            dependents.forEach(of: id) { dependent in
                guard reuse[dependent] == .result else { return }
                reuse[dependent] = references[dependent].isEmpty ? .aliasTarget : .nothing
                queue.append(dependent)
            }
        }
        return reuse
    }

    /// Whether a property is written in the same place in both sets (or in neither): the same node of the same file.
    /// - Parameter oldFiles: each file's position in the previous stack, or -1.
    private static func samePlace(
        _ site: TokenLayers.PropertySite?, _ oldSite: TokenLayers.PropertySite?, oldFiles: [Int]
    ) -> Bool {
        guard let site, let oldSite else { return site == nil && oldSite == nil }
        return oldFiles[Int(site.file)] == Int(oldSite.file) && site.node == oldSite.node
    }

    /// Whether a token may take the same types in both sets: its own `$type`, the one its group passes on, and
    /// whether either is not a string.
    private static func sameTypes(_ layers: TokenLayers, _ id: Int, _ old: TokenLayers, _ oldID: Int) -> Bool {
        layers.definitions[id].type == old.definitions[oldID].type
            && layers.groupType(of: id) == old.groupType(of: oldID)
            && layers.typeIsInvalid(id) == old.typeIsInvalid(oldID)
    }
}

/// Who refers to each token: the reverse of the tokens' references, as one array of dependents grouped by the
/// token they refer to.
struct DependentIndex {
    /// Token `id`'s dependents are `dependents[starts[id]..<starts[id + 1]]`.
    private var starts: [Int32]
    private var dependents: [Int32]

    /// - Parameters:
    ///   - count: the number of tokens.
    ///   - references: calls its second argument with each token the token it is given refers to.
    init(count: Int, references: (Int, (Int32) -> Void) -> Void) {
        var starts = [Int32](repeating: 0, count: count + 1)
        for id in 0..<count { references(id) { starts[Int($0) + 1] += 1 } }
        for id in 0..<count { starts[id + 1] += starts[id] }
        var next = starts
        var dependents = [Int32](repeating: 0, count: Int(starts[count]))
        for id in 0..<count {
            references(id) { target in
                dependents[Int(next[Int(target)])] = Int32(id)
                next[Int(target)] += 1
            }
        }
        self.starts = starts
        self.dependents = dependents
    }

    /// Calls `body` with each token that refers to `id`.
    func forEach(of id: Int, _ body: (Int) -> Void) {
        for index in Int(starts[id])..<Int(starts[id + 1]) { body(Int(dependents[index])) }
    }
}

extension ReusedResolution.Shared {
    /// What sets grown from `layers` have in common.
    init(_ layers: TokenLayers) {
        self.init(tokens: layers.count, nodes: layers.table.count, files: layers.files.count)
    }
}
