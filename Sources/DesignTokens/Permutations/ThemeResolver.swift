/// Resolves the permutations of a resolver document, each from the inputs that choose it:
///
/// ```swift
/// let resolver = try ThemeResolver(contentsOfFile: "Themes/themes.resolver.json")
/// let dark = try resolver.resolve(["mode": "dark"])                      // contrast: its default
/// let darkHigh = try resolver.resolve(["mode": "dark", "contrast": "high"])
/// ```
///
/// Every source the document names is read and parsed when the resolver is made; resolving a permutation layers
/// the parsed sources it needs, so switching inputs at run time reads and parses nothing again. A resolver is
/// an immutable value, safe to share between threads.
public struct ThemeResolver: Sendable {
    /// The document, with its modifiers and contexts.
    public let document: ResolverDocument
    /// Every source of the document, parsed, by ``key(_:)``.
    private let parsed: [String: TokenFile]

    public init(document: ResolverDocument) {
        self.document = document
        var parsed: [String: TokenFile] = [:]
        for layer in document.layers {
            let sources: [TokenSource] = switch layer {
            case .set(let sources): sources
            case .modifier(_, let contexts): contexts.flatMap { $0 }
            }
            for source in sources where parsed[Self.key(source)] == nil { parsed[Self.key(source)] = ResolvedTheme.parsed(source) }
        }
        self.parsed = parsed
    }

    /// Reads a resolver document and every file it names.
    /// - Throws: ``DiagnosticError`` with every problem of the document, each located.
    public init(contentsOfFile path: String, allowOutsideRoot: Bool = false) throws(DiagnosticError) {
        self.init(document: try ResolverDocument(contentsOfFile: path, allowOutsideRoot: allowOutsideRoot))
    }

    /// The theme the inputs choose: for each modifier, the context named (keys and values matched without regard to
    /// case), or its default.
    /// - Throws: ``DiagnosticError`` for inputs that choose no permutation, or a permutation that does not resolve.
    public func resolve(_ input: [String: String] = [:]) throws(DiagnosticError) -> ResolvedTheme {
        let files = try document.sources(for: input).map { parsed[Self.key($0)]! }
        return try ResolvedTheme.resolve(files, after: { _ in })
    }

    /// A source's identity here: its file and the part of it.
    private static func key(_ source: TokenSource) -> String {
        source.name + (source.root ?? "")
    }
}
