@_spi(Engine) import TokenJSON

/// A DTCG resolver document (Resolver Module 2025.10), read and checked: its modifiers with their contexts, and
/// the token sources each permutation layers, in resolution order.
///
/// ```json
/// {"version": "2025.10",
///  "sets": {"base": {"sources": [{"$ref": "tokens.json"}]}},
///  "modifiers": {"mode": {"contexts": {"light": [], "dark": [{"$ref": "dark.json"}]}, "default": "light"}},
///  "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/mode"}]}
/// ```
///
/// Sources are files named by a `$ref` relative to the document (`dark.json`, or a part of one,
/// `colors.json#/dark`), parts of the document itself (`#/tokens/base`), or token groups written inline; a
/// set's sources may include another set's. Every problem is reported with where it is written. File `$ref`s stay
/// inside the document's folder (no `..` out of it, no absolute path, no symbolic link leading out) unless
/// `allowOutsideRoot` says otherwise, so that a pull request cannot make CI read other files.
///
/// A Tokens Studio export reads as one too (``init(contentsOfFile:allowOutsideRoot:)``): each theme group is a
/// modifier, each theme a context, and each permutation layers the sets its themes select, in the export's set order.
public struct ResolverDocument: Sendable {
    /// A modifier: a choice among contexts, each adding its own sources.
    public struct Modifier: Sendable, Hashable {
        public var name: String
        /// The contexts, in the order the document writes them.
        public var contexts: [String]
        /// The context used when an input does not name this modifier.
        public var defaultContext: String?
        public var description: String?
    }

    /// The document's `name`, `description` and file name.
    public var name: String?
    public var description: String?
    public var path: String
    /// The modifiers, in resolution order.
    public private(set) var modifiers: [Modifier] = []

    private(set) var layers: [Layer] = []
    /// What is wrong with the document but does not stop it being used (a set no permutation uses), located.
    public internal(set) var warnings: [Diagnostic] = []
    /// The files the document itself is read from: the resolver document, or a Tokens Studio export's
    /// `$themes.json` and `$metadata.json` (for quoting the lines diagnostics point at).
    package private(set) var documentSources: [TokenSource] = []
    /// Where each modifier is written, for messages about inputs.
    private(set) var modifierLocations: [SourceLocation] = []
    /// Where the document's `modifiers` are written.
    private(set) var modifiersLocation: SourceLocation?

    /// Every source of every set and context, each once (for quoting the lines diagnostics point at).
    package var allSources: [TokenSource] {
        var seen: Set<String> = []
        return layers.flatMap(\.allSources).filter { seen.insert($0.name).inserted }
    }

    /// How many permutations the modifiers make: the product of their context counts (`Int.max` when that does not
    /// fit).
    public var permutationCount: Int { Self.permutationCount(modifiers) }

    /// The product of `modifiers`' context counts, `Int.max` when it does not fit.
    private static func permutationCount(_ modifiers: [Modifier]) -> Int {
        modifiers.reduce(1) { count, modifier in
            let (product, overflow) = count.multipliedReportingOverflow(by: modifier.contexts.count)
            return overflow ? Int.max : product
        }
    }

    /// The most permutations ``permutations(fixing:)`` lists.
    public static let maximumPermutations = 10_000

    /// An empty document, filled by a reader.
    init(path: String) {
        self.path = path
    }

    mutating func add(_ modifier: Modifier, at location: SourceLocation, contexts: [[TokenSource]]) {
        add(.modifier(index: modifiers.count, contexts: contexts))
        add(modifier, at: location)
    }

    /// Adds a modifier without a step of its own: the steps that name it come with ``add(_:)-(Layer)``.
    mutating func add(_ modifier: Modifier, at location: SourceLocation) {
        modifiers.append(modifier)
        modifierLocations.append(location)
    }

    mutating func add(set sources: [TokenSource]) {
        add(.set(sources))
    }

    /// Adds a step to the resolution order.
    mutating func add(_ layer: Layer) {
        let defining: Layer =
            switch layer {
            case .set(let sources): .set(Self.definingTokens(sources))
            case .modifier(let index, let contexts):
                .modifier(index: index, contexts: contexts.map(Self.definingTokens))
            case .selected(let sources, let condition): .selected(Self.definingTokens(sources), when: condition)
            }
        layers.append(defining)
    }

    mutating func add(documentSource source: TokenSource) {
        documentSources.append(source)
    }

    /// Sources of a resolver document, each a ``TokenSource/Role/base``: a context may well add tokens that the
    /// sets do not have (those of a brand, say), so a token new to the stack is not taken for a misspelt override.
    private static func definingTokens(_ sources: [TokenSource]) -> [TokenSource] {
        sources.map { source in
            var source = source
            source.role = .base
            return source
        }
    }

    mutating func setModifiersLocation(_ location: SourceLocation?) {
        modifiersLocation = location
    }

    // MARK: Inputs

    /// The context of each modifier an input chooses (keys and values matched without regard to case), each
    /// modifier's default where the input names none.
    /// - Throws: ``DiagnosticError`` for an unknown modifier, a context the modifier does not have, or a modifier
    ///   the input leaves out that has no default.
    public func contexts(for input: [String: String]) throws(DiagnosticError) -> [String] {
        var chosen = modifiers.map(\.defaultContext)
        var problems: [Diagnostic] = []
        for (key, value) in input.sorted(by: { $0.key < $1.key }) {
            guard let index = modifiers.firstIndex(where: { $0.name.lowercased() == key.lowercased() }) else {
                let known = modifiers.map(\.name)
                let hint = Suggestion.hint(for: key, among: known) { "\"\($0)\"" }
                let list =
                    known.isEmpty ? "the document has none" : "the document has " + Self.list(known, joinedBy: "and")
                problems.append(
                    Diagnostic(
                        .error, .invalidInput, "unknown modifier \"\(key)\"; \(list)\(hint)", at: modifiersLocation))
                continue
            }
            let modifier = modifiers[index]
            guard let context = modifier.contexts.first(where: { $0.lowercased() == value.lowercased() }) else {
                problems.append(
                    Diagnostic(
                        .error, .invalidInput,
                        "invalid context \"\(value)\" for modifier \"\(modifier.name)\"; expected \(Self.list(modifier.contexts))",
                        at: modifierLocations[index]))
                continue
            }
            chosen[index] = context
        }
        for (index, context) in chosen.enumerated() where context == nil {
            let modifier = modifiers[index]
            problems.append(
                Diagnostic(
                    .error, .invalidInput,
                    "modifier \"\(modifier.name)\" has no default; choose one of \(Self.list(modifier.contexts)) (--input \(modifier.name)=\(modifier.contexts.first ?? "…"))",
                    at: modifierLocations[index]))
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return chosen.map { $0! }
    }

    /// The position of each modifier's context among its contexts, for the contexts ``contexts(for:)`` chose.
    func positions(of contexts: [String]) -> [Int] {
        contexts.enumerated().map { index, context in modifiers[index].contexts.firstIndex(of: context)! }
    }

    /// Every permutation, as the input that chooses it: each modifier that `fixed` does not name takes each of its
    /// contexts in turn (the last modifier varying fastest); those it names keep the context given.
    /// - Throws: ``DiagnosticError`` when `fixed` names an unknown modifier or a context a modifier does not have.
    public func permutations(fixing fixed: [String: String] = [:]) throws(DiagnosticError) -> [[String: String]] {
        // Checked as an input would be, but a modifier left out here varies instead of taking its default.
        var all = fixed
        for modifier in modifiers where !fixed.keys.contains(where: { $0.lowercased() == modifier.name.lowercased() }) {
            all[modifier.name] = modifier.contexts[0]
        }
        let chosen = try contexts(for: all)
        let open = modifiers.filter { modifier in !fixed.keys.contains { $0.lowercased() == modifier.name.lowercased() }
        }
        let count = Self.permutationCount(open)
        guard count <= Self.maximumPermutations else {
            throw DiagnosticError([
                Diagnostic(
                    .error, .invalidInput,
                    "the inputs leave \(count == Int.max ? "too many" : String(count)) permutations open, more than the \(Self.maximumPermutations) that are listed at most; fix some modifiers with --input",
                    at: modifiersLocation)
            ])
        }
        var result: [[String: String]] = [[:]]
        for (index, modifier) in modifiers.enumerated() {
            let isFixed = fixed.keys.contains { $0.lowercased() == modifier.name.lowercased() }
            let contexts = isFixed ? [chosen[index]] : modifier.contexts
            result = result.flatMap { input in
                contexts.map { context in input.merging([modifier.name: context]) { $1 } }
            }
        }
        return result
    }

    /// The token sources a permutation layers, in resolution order.
    public func sources(for input: [String: String]) throws(DiagnosticError) -> [TokenSource] {
        let chosen = positions(of: try contexts(for: input))
        return layers.flatMap { $0.sources(choosing: chosen) }
    }

    /// `a`, `a or b`, `a, b or c` (or with `and`).
    static func list(_ names: [String], joinedBy word: String = "or") -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " \(word) " + names.last!
    }
}
