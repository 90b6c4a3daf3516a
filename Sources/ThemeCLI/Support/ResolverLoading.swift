import DesignTokens

/// The resolver options every command shares, and reading the document they name.
extension OptionSpec {
    /// `--resolver`: a DTCG resolver document instead of `--tokens` and `--theme`.
    static let resolver = OptionSpec(
        name: "resolver", valueName: "path",
        help:
            "A DTCG resolver document (sets, modifiers, resolution\norder), or a Tokens Studio export ($themes.json, its\nfolder, or a single file), instead of --tokens and\n--theme: uses the permutation --input chooses."
    )

    /// `--input`: a modifier's context.
    static let input = OptionSpec(
        name: "input", valueName: "modifier=context", isRepeatable: true,
        help:
            "With --resolver: the context of a modifier, such as\n--input mode=dark (case-insensitive). A modifier left out\ntakes its default."
    )

    /// `--allow-outside-root`: file `$ref`s may lead out of the document's folder.
    static let allowOutsideRoot = OptionSpec(
        name: "allow-outside-root",
        help: "With --resolver: let file $refs lead out of the\ndocument's folder (refused by default).")
}

/// A resolver document a command line names, read and checked. Its sources are not parsed here: `theme resolve`
/// makes a ``ThemeResolver`` of it, which parses each once for all the permutations it resolves, while `lint` and
/// `diff` hand the sources of a permutation to the engine as they would any token files.
struct ResolverLoading {
    var document: ResolverDocument
    /// The document itself and every source it names, for quoting the lines diagnostics point at.
    var sources: [TokenSource]

    /// The `modifier=context` pairs of `values`, or the usage error for one that is not such a pair.
    static func inputs(_ values: [String], option: String = "input") -> Result<[String: String], UsageError> {
        var input: [String: String] = [:]
        for pair in values {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex,
                pair.index(after: equals) != pair.endIndex
            else {
                return .failure(
                    UsageError(
                        message: "--\(option) takes modifier=context, such as --\(option) mode=dark; found '\(pair)'"))
            }
            let key = String(pair[..<equals])
            if let earlier = input.keys.first(where: { $0.lowercased() == key.lowercased() }) {
                return .failure(
                    UsageError(message: "--\(option) names the modifier \(earlier) twice; give each modifier once"))
            }
            input[key] = String(pair[pair.index(after: equals)...])
        }
        return .success(input)
    }

    /// Reads the resolver at `path` (a resolver document or a Tokens Studio export) and every file it names, with
    /// `load` (nil: from disk).
    /// - Returns: the document, or the diagnostics that stop it with the files to quote them from.
    static func load(_ path: String, allowOutsideRoot: Bool, loading load: ResolverDocument.FileLoader? = nil)
        -> Result<ResolverLoading, LoadFailure>
    {
        let reading = ResolverDocument.read(path, allowOutsideRoot: allowOutsideRoot, loading: load)
        switch reading.document {
        case .success(let document):
            return .success(ResolverLoading(document: document, sources: reading.files + document.allSources))
        case .failure(let error): return .failure(LoadFailure(diagnostics: error.diagnostics, sources: reading.files))
        }
    }

    /// Why a resolver document could not be read.
    struct LoadFailure: Error {
        var diagnostics: [Diagnostic]
        var sources: [TokenSource]
    }
}
