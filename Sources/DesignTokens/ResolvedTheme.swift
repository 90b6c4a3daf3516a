import ColorSpaces
@_spi(Engine) import TokenJSON

/// A fully resolved theme: every token of a stack of token files with its concrete, typed value.
///
/// Build one with ``resolve(_:policy:)``. It is an immutable value, safe to share between threads; switching themes is
/// swapping one value for another.
///
/// ```swift
/// let theme = try ResolvedTheme.resolve([.defaultTokens, try TokenSource(contentsOfFile: "Themes/dark.json")])
/// let border = theme.color("theme.color.text-input.focused.border")   // TokenValue.Color
/// print(border?.hex ?? "none")                                        // "#6b9dff"
/// ```
public struct ResolvedTheme: Sendable {
    /// Warnings and information found while resolving; errors too, in a theme built past them
    /// (``ReadingPolicy/keepsGoing``), which errors otherwise prevent.
    public let diagnostics: [Diagnostic]

    /// The paths of the tokens left out, sorted: those in error and those that depend on one, in a theme built past
    /// its errors (``ReadingPolicy/keepsGoing``); empty otherwise.
    public let leftOut: [String]

    /// Whether the theme was built past errors, which its ``diagnostics`` hold.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    let layers: TokenLayers
    /// The values of the tokens that are not whole-value aliases: see ``value(at:)``.
    let values: TokenValues
    /// Every token's type (never nil once resolved: the column is the resolver's own).
    let types: [TokenType?]
    let aliasOf: [Int32]
    let references: [[Int32]]
    /// For each token, the token whose value it shares (itself unless it is a whole-value alias).
    let valueSources: [Int32]
    /// The number of JSON values in each token's value (what resolution bounds).
    let valueSizes: [Int]
    /// The bytes of every text built from references inside text (what resolution bounds, all together).
    let interpolatedBytes: Int
    /// The warnings and info resolution gave (``diagnostics`` also holds those of reading and layering): what a
    /// theme resolved from this one reuses with the tokens it reuses.
    let resolutionDiagnostics: [Diagnostic]
    /// Which resolution made this theme: what an output of it is told apart by (``EarlierOutput``).
    let identity = Identity()
    /// For a theme resolved reusing another's results, the tokens an output writes as it wrote them for that
    /// theme; nil for a theme resolved from scratch.
    var earlierEntries: EarlierEntries? = nil

    /// What tells one resolution's theme from another's: compared by identity, it outlives neither.
    final class Identity: Sendable {}

    /// The tokens a theme's outputs write exactly as they are written for the theme it reused results of
    /// (``ReusedResolution/sameEntries``).
    struct EarlierEntries: Sendable {
        /// The theme reused.
        let theme: Identity
        /// For each token, its id in that theme when an output writes it the same there, else -1.
        let ids: [Int32]
    }

    /// Loads, layers and resolves token sources, later over earlier.
    ///
    /// - Parameters:
    ///   - sources: the token files, base first; each later file overrides tokens of the ones before.
    ///     References resolve against the whole stack, so a theme that changes one primitive changes every token
    ///     that refers to it.
    ///   - policy: whether deviations from DTCG 2025.10 with one plain meaning are warnings (``ReadingPolicy/lenient``,
    ///     the default) or errors (``ReadingPolicy/strict``).
    /// - Returns: the resolved theme; its ``diagnostics`` hold any warnings.
    /// - Throws: ``DiagnosticError`` holding every error found (and the warnings), when any token cannot be
    ///   resolved.
    public static func resolve(_ sources: [TokenSource], policy: ReadingPolicy = .lenient) throws(DiagnosticError)
        -> ResolvedTheme
    {
        do {
            return try resolve(sources, policy: policy, after: { _ in })
        } catch {
            throw error.pointing(into: sources)
        }
    }

    /// The steps of ``resolve(_:policy:)``, in order, for the benchmark to time.
    package enum Stage: Sendable {
        /// Every file is read into a document and walked into tokens and groups.
        case parsed
        /// The files are stacked into one token set (ids, overrides, `$extends`).
        case layered
    }

    /// ``resolve(_:policy:)``, calling `after` as each stage ends (the benchmark times the stages with it; resolution is
    /// what follows `.layered` until this returns).
    package static func resolve(
        _ sources: [TokenSource], policy: ReadingPolicy = .lenient, after: (Stage) -> Void
    ) throws(DiagnosticError) -> ResolvedTheme {
        if sources.count > 1, sources[0] == .defaultTokens, !policy.deviationsAreErrors, let defaults = resolvedDefaults
        {
            // Themes over the bundled defaults: what the defaults resolve to alone is reused wherever a theme
            // cannot change it.
            let files = parsed(Array(sources.dropFirst()))
            after(.parsed)
            var layers = defaults.layers
            for file in files { layers.stack(file) }
            layers.finish()
            after(.layered)
            return try resolve(layers, reusing: defaults.theme, sharing: .init(defaults.layers), policy: policy)
        }
        let files = parsed(sources)
        after(.parsed)
        return try resolve(files, policy: policy, after: after)
    }

    /// The bundled defaults stacked alone, and resolved alone, once per process.
    private static let resolvedDefaults: (layers: TokenLayers, theme: ResolvedTheme)? = {
        var layers = TokenLayers()
        layers.stack(parsedDefaultTokens)
        layers.markAsCommonBase()
        var finished = layers
        finished.finish()
        guard let theme = try? resolve(finished, policy: .lenient) else { return nil }
        return (layers, theme)
    }()

    /// Resolves several stacks of sources, reading each source they share (the same name and bytes, such as the
    /// base tokens under both sides of a diff) once. The sources every stack starts with are layered once, and
    /// each theme reuses what the one before it resolved wherever the result cannot differ (as ``ThemeResolver``
    /// does for permutations), so the result is what resolving each stack alone gives.
    /// - Returns: each stack's theme, or the errors that stopped it, in the order given.
    package static func resolve(stacks: [[TokenSource]], policy: ReadingPolicy = .lenient) -> [Result<
        ResolvedTheme, DiagnosticError
    >] {
        // One file for a source read alike: the same file and part, in the same role (a base, a theme, a set of an
        // export), which layering reads.
        func alike(_ left: TokenSource, _ right: TokenSource) -> Bool {
            left == right && left.role == right.role && left.format == right.format
        }
        var unique: [TokenSource] = []
        for source in stacks.joined() where !unique.contains(where: { alike($0, source) }) { unique.append(source) }
        let files = parsed(unique)
        let fileStacks = stacks.map { sources in
            sources.map { source in files[unique.firstIndex { alike($0, source) }!] }
        }
        let commonCount = stacks.dropFirst().reduce(stacks.first?.count ?? 0) { count, sources in
            zip(stacks[0], sources).prefix(count).prefix { alike($0, $1) }.count
        }
        var common = TokenLayers()
        func tokenCount(_ stack: [TokenFile]) -> Int { stack.reduce(0) { $0 + $1.tokens.count } }
        common.reserveCapacity(forTokensOf: fileStacks.max { tokenCount($0) < tokenCount($1) } ?? [])
        for file in fileStacks.first?.prefix(commonCount) ?? [] { common.stack(file) }
        common.markAsCommonBase()
        var last: ResolvedTheme?
        return fileStacks.map { stack in
            var layers = common
            for file in stack.dropFirst(commonCount) { layers.stack(file) }
            layers.finish()
            let result = Result { () throws(DiagnosticError) in
                guard let last, commonCount > 0 else { return try resolve(layers, policy: policy) }
                return try resolve(layers, reusing: last, sharing: .init(common), policy: policy)
            }
            // A theme built past errors lacks tokens the next stack may need: none reuses it.
            if case .success(let theme) = result, theme.leftOut.isEmpty { last = theme }
            return result
        }
    }

    /// A source parsed: the bundled defaults, which every theme of an app is resolved over, are parsed once per
    /// process.
    static func parsed(_ source: TokenSource) -> TokenFile {
        source == .defaultTokens ? parsedDefaultTokens : TokenFile.parse(source)
    }

    private static let parsedDefaultTokens = TokenFile.parse(.defaultTokens)

    /// Sources parsed, each file's JSON read once however many parts of it they name (the sets of a single-file
    /// Tokens Studio export, or `colors.json#/light` and `colors.json#/dark`).
    static func parsed(_ sources: [TokenSource]) -> [TokenFile] {
        var documents: [String: (contents: SourceBytes, json: Result<JSONDocument, JSONReader.SyntaxError>)] = [:]
        return sources.map { source in
            guard source.root != nil else { return parsed(source) }
            if let known = documents[source.name], known.contents.hasSameBytes(as: source.contents) {
                return TokenFile.parse(source, json: known.json)
            }
            let json = Result { () throws(JSONReader.SyntaxError) in try JSONReader.parse(source) }
            documents[source.name] = (source.contents, json)
            return TokenFile.parse(source, json: json)
        }
    }

    /// Layers and resolves parsed files.
    static func resolve(_ files: [TokenFile], policy: ReadingPolicy, after: (Stage) -> Void) throws(DiagnosticError)
        -> ResolvedTheme
    {
        let layers = TokenLayers(files)
        after(.layered)
        return try resolve(layers, policy: policy)
    }

    /// Resolves the tokens of a stacked and finished set.
    static func resolve(_ layers: TokenLayers, policy: ReadingPolicy) throws(DiagnosticError) -> ResolvedTheme {
        try resolve(Resolver(layers, policy: policy), policy: policy)
    }

    /// Resolves the tokens of a stacked and finished set, reusing what `previous` resolved of the tokens whose
    /// results cannot differ (``ReusedResolution``). `previous` must have been resolved under the same `policy`,
    /// which decides what is reported. A set that fails is resolved again from scratch, so that its errors are
    /// the ones resolving from scratch reports (which token a bound blames, say, depends on the order tokens are
    /// resolved in).
    /// - Parameter shared: what `layers` and `previous` have in common.
    static func resolve(
        _ layers: TokenLayers, reusing previous: ResolvedTheme, sharing shared: ReusedResolution.Shared,
        policy: ReadingPolicy
    ) throws(DiagnosticError) -> ResolvedTheme {
        var stopping = policy
        stopping.keepsGoing = false
        do {
            let reused = ReusedResolution(previous, for: layers, sharing: shared)
            var theme = try resolve(Resolver(layers, reusing: reused, policy: stopping), policy: stopping)
            theme.earlierEntries = EarlierEntries(theme: previous.identity, ids: reused.sameEntries)
            return theme
        } catch {
            return try resolve(layers, policy: policy)
        }
    }

    /// Runs a resolver over its set and makes the theme, or throws its errors.
    private static func resolve(_ resolver: Resolver, policy: ReadingPolicy) throws(DiagnosticError) -> ResolvedTheme {
        var resolver = resolver
        resolver.resolveAll()
        let layers = resolver.layers
        // Resolution's diagnostics by token, so that two at one place (a token and its `$extends` copy) come in
        // the same order whichever was resolved first: a theme that reuses another's results lists them as
        // resolving from scratch does.
        let tokenOrder = resolver.diagnostics.enumerated().map { offset, diagnostic in
            (token: diagnostic.tokenPath.flatMap { layers.token(atPath: $0) } ?? -1, offset: offset)
        }
        let byToken = tokenOrder.sorted { ($0.token, $0.offset) < ($1.token, $1.offset) }.map {
            resolver.diagnostics[$0.offset]
        }
        let diagnostics = policy.applied(
            to: Self.ordered(layers.diagnostics + byToken, files: layers.files.map(\.source.name)))
        if diagnostics.contains(where: { $0.severity == .error }) {
            guard policy.keepsGoing else { throw DiagnosticError(diagnostics) }
            // The tokens that did not resolve, and those that did but have an error (a deviation under `--strict`,
            // a token with children).
            let inError = diagnostics.filter { $0.severity == .error }.compactMap(\.tokenPath).filter {
                layers.token(atPath: $0) != nil
            }
            return try resolve(
                layers.files, leavingOut: Set(resolver.unresolvedPaths + inError), diagnostics: diagnostics,
                policy: policy)
        }
        return ResolvedTheme(resolver, diagnostics: diagnostics, leftOut: [])
    }

    /// The theme of `files` without the tokens at `leftOut` (those that did not resolve) and any that then do not,
    /// with `diagnostics`, the errors and warnings of resolving them all. Tokens that do not resolve once those are
    /// left out (a copy `$extends` makes of a token that resolves, which fails where it is copied to) are left out
    /// in turn, for a few rounds; past them the errors are thrown.
    private static func resolve(
        _ files: [TokenFile], leavingOut leftOut: Set<String>, diagnostics: [Diagnostic], policy: ReadingPolicy
    ) throws(DiagnosticError) -> ResolvedTheme {
        var leftOut = leftOut
        for _ in 0..<8 {
            var resolver = Resolver(TokenLayers(files, leavingOut: leftOut), policy: policy)
            resolver.resolveAll()
            let unresolved = resolver.unresolvedPaths
            if unresolved.isEmpty {
                return ResolvedTheme(resolver, diagnostics: diagnostics, leftOut: leftOut.sorted())
            }
            leftOut.formUnion(unresolved)
        }
        throw DiagnosticError(diagnostics)
    }

    /// Diagnostics by file (in layer order), then line and column; those without a place first, and the order
    /// they came in on a tie. `theme lint` orders its findings with it too.
    package static func ordered(_ diagnostics: [Diagnostic], files: [String]) -> [Diagnostic] {
        let fileOrder = fileOrder(files)
        return diagnostics.enumerated().sorted { left, right in
            let a = left.element.location
            let b = right.element.location
            let keyA = (fileOrder[a?.file ?? ""] ?? -1, a?.line ?? 0, a?.column ?? 0, left.offset)
            let keyB = (fileOrder[b?.file ?? ""] ?? -1, b?.line ?? 0, b?.column ?? 0, right.offset)
            return keyA < keyB
        }.map(\.element)
    }

    /// The position of each file in the stack, by name (a name given twice counts where it first appears).
    package static func fileOrder(_ files: [String]) -> [String: Int] {
        var order: [String: Int] = [:]
        for file in files where order[file] == nil { order[file] = order.count }
        return order
    }

    // MARK: Looking up tokens

    /// The number of tokens.
    public var count: Int { layers.count }

    /// Every token path, in the order the files define them (base file first, then tokens themes add).
    public var paths: [String] { (0..<count).map(layers.path) }

    /// Every token, in the order of ``paths``.
    public var tokens: [ResolvedToken] { (0..<count).map(token) }

    /// The token at a dotted path, such as `theme.color.border.brand`.
    public subscript(path: String) -> ResolvedToken? {
        layers.token(atPath: path).map(token)
    }

    /// The token path nearest to a misspelt one, for "did you mean …?": each name that does not exist replaced by its
    /// closest sibling. Its cost does not grow with the number of tokens; nil when nothing is near.
    package func nearestPath(to path: String) -> String? {
        layers.nearestTokenPath(to: path)
    }

    /// The resolved value at a path.
    public func value(_ path: String) -> TokenValue? {
        layers.token(atPath: path).map(value(at:))
    }

    /// The colour at a path, or nil when there is no such token or it is not a colour.
    public func color(_ path: String) -> TokenValue.Color? {
        if case .color(let color)? = value(path) { return color }
        return nil
    }

    /// The dimension at a path, or nil when there is no such token or it is not a dimension.
    public func dimension(_ path: String) -> TokenValue.Dimension? {
        if case .dimension(let dimension)? = value(path) { return dimension }
        return nil
    }

    /// The number at a path, or nil when there is no such token or it is not a number.
    public func number(_ path: String) -> Double? {
        if case .number(let number)? = value(path) { return number }
        return nil
    }

    /// The value of the token with id `id` (an alias's is its source's).
    package func value(at id: Int) -> TokenValue {
        values[Int(valueSources[id])]!
    }

    /// The tokens a token's value refers to. A plain `{a.b}` alias keeps its one reference in `aliasOf` only
    /// (every other token with an `aliasOf` has it in `references` too).
    package func references(of id: Int) -> [Int32] {
        var targets: [Int32] = []
        forEachReference(of: id) { targets.append(Int32($0)) }
        return targets
    }

    /// Calls `body` with each of ``references(of:)``, in written order, without making an array.
    package func forEachReference(of id: Int, _ body: (Int) -> Void) {
        if references[id].isEmpty {
            if aliasOf[id] >= 0 { body(Int(aliasOf[id])) }
        } else {
            for target in references[id] { body(Int(target)) }
        }
    }

    /// The value of the token at a path and its alias chain (as in ``ResolvedToken``), without building the
    /// rest of a ``ResolvedToken`` (location, written value, extensions): what component styles read, per
    /// property.
    package func valueAndAliasChain(_ path: String) -> (value: TokenValue, aliasChain: [String])? {
        guard let id = layers.token(atPath: path) else { return nil }
        return (value(at: id), aliasChain(of: id))
    }

    /// The id of the token at a dotted path, or nil when there is none: what ``value(at:)`` and
    /// ``aliasChain(of:)`` take.
    package func id(ofToken path: String) -> Int? {
        layers.token(atPath: path)
    }

    /// The paths of the tokens a whole-value alias passes through, in order; empty for other tokens.
    package func aliasChain(of id: Int) -> [String] {
        var chain: [String] = []
        var current = Int(aliasOf[id])
        while current >= 0, chain.count <= count {
            chain.append(layers.path(current))
            current = Int(aliasOf[current])
        }
        return chain
    }

    /// The token with id `id`, with everything known of it.
    package func token(_ id: Int) -> ResolvedToken {
        let chain = aliasChain(of: id)
        return ResolvedToken(
            path: layers.path(id),
            type: types[id]!,
            value: value(at: id),
            description: layers.description(of: id),
            extensions: layers.extensions(of: id),
            deprecation: layers.deprecation(of: id),
            location: location(of: id),
            writtenValue: writtenValue(of: id),
            aliasChain: chain,
            references: references(of: id).map { layers.path(Int($0)) })
    }
}

/// One token of a ``ResolvedTheme``.
public struct ResolvedToken: Hashable, Sendable {
    /// The dotted path, such as `theme.color.border.brand`.
    public var path: String
    /// The token's type: its own `$type`, its group's, or that of the token it refers to.
    public var type: TokenType
    /// The concrete value, every reference resolved.
    public var value: TokenValue
    public var description: String?
    /// The token's `$extensions`, passed through untouched.
    public var extensions: JSONValue?
    public var deprecation: Deprecation
    /// Where the value that won is written (in the last file that sets this token).
    public var location: SourceLocation
    /// The value as written there, references and all.
    public var writtenValue: JSONValue
    /// When the whole value is a reference: the tokens it passes through, in order, ending at the one with a
    /// literal value. Empty otherwise.
    public var aliasChain: [String]
    /// Every token the written value refers to, directly.
    public var references: [String]
}

extension ResolvedTheme {
    /// The theme a resolver that has resolved all its tokens made.
    fileprivate init(_ resolver: Resolver, diagnostics: [Diagnostic], leftOut: [String]) {
        self.init(
            diagnostics: diagnostics, leftOut: leftOut, layers: resolver.layers, values: resolver.values,
            types: resolver.types, aliasOf: resolver.aliasOf, references: resolver.references,
            valueSources: resolver.valueSources, valueSizes: resolver.valueSizes,
            interpolatedBytes: resolver.interpolatedBytes,
            resolutionDiagnostics: resolver.diagnostics)
    }
}
