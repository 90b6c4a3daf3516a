import DesignTokens

/// `theme diff --resolver`: two permutations of a resolver document (`--from-input`, `--to-input`), or with
/// `--since REV` the document and its files as they were at a git revision against the working tree.
extension DiffCommand {
    /// The two sides' sources, with the documents' own sources for quoting, or the command's result when they
    /// cannot be had.
    static func resolverSides(
        _ path: String, _ arguments: ParsedArguments, environment: CommandEnvironment
    ) -> Result<
        (old: TokenLoading.Loaded, new: TokenLoading.Loaded, documents: [TokenSource], warnings: [Diagnostic]), Finished
    > {
        let usesColor = environment.usesColor(terminal: environment.standardErrorIsTerminal)
        func failure(_ diagnostics: [Diagnostic], _ sources: [TokenSource]) -> Finished {
            let printer = DiagnosticRenderer(sources: sources, usesColor: usesColor)
            return Finished(
                CommandResult(
                    exitCode: .failure,
                    standardError: Array((printer.render(diagnostics) + "theme: nothing was compared\n").utf8)))
        }
        guard arguments.values(.diffTokens).isEmpty,
            [OptionSpec.diffFromTheme, .diffToTheme, .diffTheme].allSatisfy({ arguments.values($0).isEmpty })
        else {
            return .failure(
                Finished(
                    Help.usageError(
                        "--resolver names every source itself: compare two permutations with --from-input and --to-input",
                        command: DiffCommand.self)))
        }
        var inputs: [[String: String]] = []
        for option in [OptionSpec.diffFromInput, .diffToInput] {
            switch ResolverLoading.inputs(arguments.values(option), option: option.name) {
            case .success(let input): inputs.append(input)
            case .failure(let error):
                return .failure(Finished(Help.usageError(error.message, command: DiffCommand.self)))
            }
        }
        let allowOutsideRoot = arguments.flag(.allowOutsideRoot)
        let current: ResolverLoading
        switch ResolverLoading.load(path, allowOutsideRoot: allowOutsideRoot) {
        case .success(let result): current = result
        case .failure(let failed): return .failure(failure(failed.diagnostics, failed.sources))
        }
        var old = current
        let since = arguments.value(.diffSince)
        if let revision = since {
            switch pastDocument(
                path, at: revision, allowOutsideRoot: allowOutsideRoot, searchPath: environment.variables["PATH"])
            {
            case .success(let past): old = past
            case .failure(let failed): return .failure(failure(failed.diagnostics, failed.sources))
            }
        }
        do {
            return .success(
                (
                    TokenLoading.Loaded(sources: try old.document.sources(for: inputs[0]), failures: []),
                    TokenLoading.Loaded(sources: try current.document.sources(for: inputs[1]), failures: []),
                    old.sources + (since == nil ? [] : current.sources),
                    old.document.warnings + (since == nil ? [] : current.document.warnings)
                ))
        } catch {
            return .failure(failure(error.diagnostics, old.sources + current.sources))
        }
    }

    /// The resolver document at `path` and every file it names, as they were at `revision`, each named
    /// `path@revision` in diagnostics.
    private static func pastDocument(
        _ path: String, at revision: String, allowOutsideRoot: Bool, searchPath: String?
    ) -> Result<ResolverLoading, ResolverLoading.LoadFailure> {
        func unreadable(_ message: String) -> DiagnosticError {
            DiagnosticError([Diagnostic(.error, .unreadableFile, message)])
        }
        let git = Result { () throws(Git.Failure) in try Git(searchPath: searchPath) }
        let load: ResolverDocument.FileLoader = { (file: String) throws(DiagnosticError) -> TokenSource in
            let bytes: [UInt8]?
            do throws(Git.Failure) {
                bytes = try git.get().contents(of: file, at: revision)
            } catch {
                throw unreadable(error.message)
            }
            guard let bytes else { throw unreadable("cannot read \(file): it does not exist at \(revision)") }
            return TokenSource(name: "\(file)@\(revision)", bytes: bytes)
        }
        return ResolverLoading.load(path, allowOutsideRoot: allowOutsideRoot, loading: load)
    }

    /// A command result that ends the command early, as an error for `Result`.
    struct Finished: Error {
        var result: CommandResult
        init(_ result: CommandResult) { self.result = result }
    }
}
