import DesignTokens

/// The themes of a resolver document's permutations, for a tree of ``ThemeScope``s driven by inputs: each
/// permutation is resolved the first time it is asked for (incrementally from the one before, by the
/// ``ThemeResolver``), made into a ``Theme``, and kept, so that switching back and forth costs nothing and the same
/// inputs always give the same theme (which a scope tells by identity).
///
/// ```swift
/// let permutations = ThemePermutations(try ThemeResolver(contentsOfFile: "Themes/themes.resolver.json"))
/// form.permutations = permutations
/// form.inputs = ["mode": "dark"]            // every row that follows the form updates, once
/// row.inputs = ["contrast": "high"]        // this row: dark, high contrast
/// ```
@MainActor
public final class ThemePermutations {
    private var resolver: ThemeResolver
    /// The components each permutation's theme styles.
    private let components: ComponentSchema
    /// Each permutation asked for, by the context each modifier takes.
    private var themes: [[String]: Result<Theme, DiagnosticError>] = [:]

    /// The permutations of `resolver`'s document, each a theme styling the components of `schema`.
    public init(_ resolver: ThemeResolver, components schema: ComponentSchema = .bundled) {
        self.resolver = resolver
        components = schema
    }

    /// The document whose permutations these are.
    public var document: ResolverDocument { resolver.document }

    /// The theme of the permutation `input` chooses (keys and values matched without regard to case; a modifier
    /// left out takes its default), or why there is none: inputs that choose no permutation, or tokens that do not
    /// resolve.
    public func theme(for input: [String: String]) -> Result<Theme, DiagnosticError> {
        let contexts: [String]
        do {
            contexts = try resolver.document.contexts(for: input)
        } catch {
            return .failure(error)
        }
        if let known = themes[contexts] { return known }
        let theme = Result { () throws(DiagnosticError) in Theme(try resolver.resolve(input), components: components) }
        themes[contexts] = theme
        return theme
    }
}
