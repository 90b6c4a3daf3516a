/// Resolves the permutations of a resolver document, each from the inputs that choose it:
///
/// ```swift
/// var resolver = try ThemeResolver(contentsOfFile: "Themes/themes.resolver.json")
/// let light = try resolver.resolve()                                     // every modifier at its default
/// let dark = try resolver.resolve(["mode": "dark"])                      // re-resolves what dark changes
/// let darkHigh = try resolver.resolve(["mode": "dark", "contrast": "high"])
/// ```
///
/// Every source the document names is read and parsed when the resolver is made. Resolving is incremental: the
/// resolver keeps the files it stacked for the last permutation, layered up to each modifier, and the theme it
/// made; the next permutation starts from the layering of the modifiers it shares with the last one and
/// re-resolves only the tokens that differ and those that refer to them (``ReusedResolution``), sharing the rest.
/// Passes over every token remain (finishing the layering, finding what changed), but no token whose result
/// cannot differ is decoded again. The result is always what resolving the permutation from scratch gives; a
/// permutation that fails is resolved again from scratch, so that its errors are too.
///
/// `resolve(_:)` is `mutating` because the resolver remembers what it resolved: a resolver is a value, each copy
/// with its own memory, and one is used by one task at a time (``ThemePermutations`` keeps one for a renderer).
public struct ThemeResolver: Sendable {
    /// The document, with its modifiers and contexts.
    public let document: ResolverDocument
    /// Every source of the document, parsed, by ``TokenSource/fileAndPart``.
    private let parsed: [String: TokenFile]
    /// The files of the last permutation stacked, before each modifier's context: what the next one starts from.
    private var stacked: [Snapshot] = []
    /// The last permutation resolved, with the contexts that chose it.
    private var last: (contexts: [String], policy: ReadingPolicy, theme: ResolvedTheme)?

    /// The layering of the resolution order up to a step that depends on a modifier none before it did, for the
    /// contexts chosen of the modifiers before it.
    private struct Snapshot: Sendable {
        /// The number of steps of the resolution order stacked.
        var steps: Int
        /// For each modifier, the context chosen when those steps depend on it; nil when none does.
        var contexts: [String?]
        var layers: TokenLayers

        /// Whether a permutation stacks these steps alike: it chooses the same context of each modifier they
        /// depend on.
        func matches(_ chosen: [String]) -> Bool {
            zip(contexts, chosen).allSatisfy { mine, theirs in mine == nil || mine == theirs }
        }
    }

    public init(document: ResolverDocument) {
        self.document = document
        var parsed: [String: TokenFile] = [:]
        var seen: Set<String> = []
        let sources = document.layers.flatMap(\.allSources).filter { seen.insert($0.fileAndPart).inserted }
        for (source, file) in zip(sources, ResolvedTheme.parsed(sources)) { parsed[source.fileAndPart] = file }
        self.parsed = parsed
    }

    /// Reads a resolver document, or a Tokens Studio export (``ResolverDocument/init(contentsOfFile:allowOutsideRoot:)``),
    /// and every file it names.
    /// - Throws: ``DiagnosticError`` with every problem of the document, each located.
    public init(contentsOfFile path: String, allowOutsideRoot: Bool = false) throws(DiagnosticError) {
        self.init(document: try ResolverDocument(contentsOfFile: path, allowOutsideRoot: allowOutsideRoot))
    }

    /// The theme the inputs choose: for each modifier, the context named (keys and values matched without regard to
    /// case), or its default; `policy` as ``ResolvedTheme/resolve(_:policy:)`` takes it. It reuses what the last call
    /// resolved wherever the result cannot differ.
    /// - Throws: ``DiagnosticError`` for inputs that choose no permutation, or a permutation that does not resolve.
    public mutating func resolve(_ input: [String: String] = [:], policy: ReadingPolicy = .lenient)
        throws(DiagnosticError) -> ResolvedTheme
    {
        do {
            return try resolvePermutation(input, policy: policy)
        } catch {
            throw error.pointing(into: document.documentSources + ((try? document.sources(for: input)) ?? []))
        }
    }

    private mutating func resolvePermutation(_ input: [String: String], policy: ReadingPolicy) throws(DiagnosticError)
        -> ResolvedTheme
    {
        let contexts = try document.contexts(for: input)
        if let last, last.contexts == contexts, last.policy == policy { return last.theme }
        let positions = document.positions(of: contexts)
        // The snapshots this permutation shares with the last one stacked: those whose modifiers chose alike. Each
        // depends on the modifiers of the one before it and more, so once one differs every later one does.
        let kept = stacked.prefix { $0.matches(contexts) }.count
        stacked.removeSubrange(kept...)
        var layers = stacked.last?.layers ?? TokenLayers()
        // The snapshots kept were stacked for the last theme too: their tokens have the same ids in both.
        // A theme resolved under another policy reported other deviations, so it is not reused.
        let reusable = last.flatMap { last in
            last.policy == policy ? (theme: last.theme, shared: ReusedResolution.Shared(layers)) : nil
        }
        last = nil
        // The modifiers the steps stacked so far depend on. A modifier may decide several steps (a Tokens Studio
        // group's sets lie anywhere in the set order), so a snapshot is taken where a step first depends on one.
        var involved = stacked.last?.contexts.map { $0 != nil } ?? Array(repeating: false, count: contexts.count)
        for step in (stacked.last?.steps ?? 0)..<document.layers.count {
            let layer = document.layers[step]
            let first = layer.modifiers.filter { !involved[$0] }
            if !first.isEmpty {
                if stacked.last.map({ $0.steps < step }) ?? true {
                    stacked.append(
                        Snapshot(steps: step, contexts: zip(involved, contexts).map { $0 ? $1 : nil }, layers: layers))
                }
                for modifier in first { involved[modifier] = true }
            }
            for source in layer.sources(choosing: positions) { layers.stack(parsed[source.fileAndPart]!) }
        }
        layers.finish()
        let theme: ResolvedTheme
        if let reusable {
            theme = try ResolvedTheme.resolve(layers, reusing: reusable.theme, sharing: reusable.shared, policy: policy)
        } else {
            theme = try ResolvedTheme.resolve(layers, policy: policy)
        }
        // A theme built past errors lacks tokens a permutation after it may need: none reuses it.
        if theme.leftOut.isEmpty { last = (contexts, policy, theme) }
        return theme
    }
}
