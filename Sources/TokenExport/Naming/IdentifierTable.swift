import DesignTokens

/// The names of a set of token paths in one ``IdentifierStyle``, each checked to be spellable and to be the name of
/// one path only.
struct IdentifierTable {
    /// The name of each path, in the order given.
    private(set) var names: [String] = []
    /// The path each name was made from.
    private var pathOfName: [String: String] = [:]

    /// Names `paths`, in order.
    /// - Parameters:
    ///   - foldingCase: whether two names that differ only in case are one (names that become file names on a file
    ///     system that ignores case: asset catalogs).
    ///   - reserved: names taken already (the generated file's own), which no token may have.
    ///   - location: where each path's token is written, for the diagnostics.
    /// - Throws: every path that cannot be spelt (`unnamable-token`) and every pair that map to one name
    ///   (`identifier-collision`), naming both tokens.
    init(
        _ paths: [String], style: IdentifierStyle, language: String, foldingCase: Bool = false,
        reserved: Set<String> = [], location: (String) -> SourceLocation? = { _ in nil }
    ) throws(DiagnosticError) {
        var problems: [Diagnostic] = []
        names.reserveCapacity(paths.count)
        for path in paths {
            guard let name = style.identifier(for: path) else {
                problems.append(
                    Diagnostic(
                        .error, .unnamableToken,
                        "\(path) has no letter or digit to make a \(language) name of; rename it",
                        at: location(path), token: path))
                names.append("")
                continue
            }
            let key = foldingCase ? name.lowercased() : name
            if reserved.contains(key) {
                problems.append(
                    Diagnostic(
                        .error, .identifierCollision,
                        "\(path) would be named \(name) in \(language), a name the generated code uses itself; rename the token",
                        at: location(path), token: path))
            } else if let other = pathOfName[key] {
                problems.append(
                    Diagnostic(
                        .error, .identifierCollision,
                        "\(other) and \(path) would both be named \(name) in \(language); rename one of them",
                        at: location(path), token: path,
                        notes: [Diagnostic.Note("\(other) is written here", at: location(other))]))
            } else {
                pathOfName[key] = path
            }
            names.append(name)
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
    }
}

extension Diagnostic.Rule {
    /// A token path has no letter or digit, so an export has no name to give it.
    public static let unnamableToken: Self = "unnamable-token"
    /// Two tokens' paths map to one name in an export's language.
    public static let identifierCollision: Self = "identifier-collision"
}
