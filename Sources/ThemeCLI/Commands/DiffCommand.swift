import DesignTokens
import Theming

/// `theme diff`: what a token change does, for code review.
enum DiffCommand {
    static let name = "diff"
    static let abstract = "Show what changes between two themes, down to the components."

    static let options: [OptionSpec] = [
        .diffTokens,
        .diffFromTheme,
        .diffToTheme,
        .diffSince,
        .diffTheme,
        .resolver,
        .diffFromInput,
        .diffToInput,
        .allowOutsideRoot,
        .components,
        .strict,
        .keepGoing,
        .diffFormat,
    ]

    static let usage = """
        theme diff [--tokens <path>]... [--from-theme <path>]... [--to-theme <path>]... [--format text|json|markdown|html] [--strict]
               theme diff --since <revision> [--tokens <path>]... [--theme <path>]... [--format text|json|markdown|html]
               theme diff --resolver <path> [--since <revision>] [--from-input <modifier>=<context>]... [--to-input <modifier>=<context>]...
        """

    static let discussion = """
        Tokens are compared resolved. A changed token is reported as edited (its own
        value changed) or as changed through references, naming the edited tokens it
        follows; a token whose written value changed but whose value did not is
        "rewired". A removed and an added token with the same type and written value
        (or the same references) are reported as a rename. The properties of every
        component of the schema that change are listed with the tokens that cause them.

        With --since, files are read from git as they were at the revision; a file
        that did not exist then is left out of the old side. Name a changed base file
        with --tokens, or the bundled defaults are used on both sides; name at least
        one file, with --tokens or --theme. With --resolver,
        the document and every file it names are read as they were at the revision;
        --from-input and --to-input choose each side's permutation.

        Like diff(1), the exit status is 1 when the resolved themes differ and 0 when
        they are the same (rewiring alone is shown, but changes nothing on screen).

        EXAMPLES:
          theme diff --to-theme Themes/dark.json
          theme diff --from-theme Themes/dark.json --to-theme Themes/high-contrast.json --format markdown
          theme diff --since origin/main --theme Themes/dark.json --format html > diff.html
          theme diff --since origin/main --tokens Tokens/defaultTokens.json --theme Themes/dark.json
        """

    static func run(_ arguments: ParsedArguments, environment: CommandEnvironment) -> CommandResult {
        guard arguments.positionals.isEmpty else {
            return Help.usageError(
                "unexpected argument '\(arguments.positionals[0])'; token files go after --tokens or a theme option",
                command: DiffCommand.self)
        }
        let tokens = arguments.values(.diffTokens)
        let schema: ComponentSchema
        switch ComponentLoading.schema(arguments, environment: environment) {
        case .success(let loaded): schema = loaded
        case .failure(let failed): return failed.result
        }
        let sides: (old: TokenLoading.Loaded, new: TokenLoading.Loaded)
        var notes = ""
        var extraSources: [TokenSource] = []
        var documentWarnings: [Diagnostic] = []
        if let resolverPath = arguments.value(.resolver) {
            // Two permutations of one resolver document, or of its past and present.
            switch resolverSides(resolverPath, arguments, environment: environment) {
            case .success(let loaded):
                sides = (loaded.old, loaded.new)
                extraSources = loaded.documents
                documentWarnings = loaded.warnings
            case .failure(let finished):
                return finished.result
            }
        } else if !arguments.values(.diffFromInput).isEmpty || !arguments.values(.diffToInput).isEmpty
            || arguments.flag(.allowOutsideRoot)
        {
            return Help.usageError(
                "--from-input, --to-input and --allow-outside-root go with --resolver", command: DiffCommand.self)
        } else if let revision = arguments.value(.diffSince) {
            guard arguments.values(.diffFromTheme).isEmpty, arguments.values(.diffToTheme).isEmpty else {
                return Help.usageError(
                    "--since compares files with their past; use --theme with it, not --from-theme or --to-theme",
                    command: DiffCommand.self)
            }
            let themes = arguments.values(.diffTheme)
            guard !tokens.isEmpty || !themes.isEmpty else {
                return Help.usageError(
                    "--since reads the files you name as they were at the revision; name them with --tokens or --theme",
                    command: DiffCommand.self)
            }
            let old: TokenLoading.Loaded
            do {
                (old, notes) = try pastSide(
                    tokens: tokens, themes: themes, revision: revision, searchPath: environment.variables["PATH"])
            } catch {
                return CommandResult(exitCode: .failure, standardError: Array("theme: error: \(error.message)\n".utf8))
            }
            sides = (old, TokenLoading.load(tokens: tokens, themes: themes))
        } else {
            guard arguments.values(.diffTheme).isEmpty else {
                return Help.usageError(
                    "--theme goes with --since; to compare two themes use --from-theme and --to-theme",
                    command: DiffCommand.self)
            }
            guard !arguments.values(.diffFromTheme).isEmpty || !arguments.values(.diffToTheme).isEmpty else {
                return Help.usageError(
                    "say what to compare: --from-theme/--to-theme, or --since <revision>", command: DiffCommand.self)
            }
            sides = (
                TokenLoading.load(tokens: tokens, themes: arguments.values(.diffFromTheme)),
                TokenLoading.load(tokens: tokens, themes: arguments.values(.diffToTheme))
            )
        }

        let printer = DiagnosticRenderer(
            sources: extraSources + sides.old.sources + sides.new.sources,
            usesColor: environment.usesColor(terminal: environment.standardErrorIsTerminal))
        let failures = sides.old.failures + sides.new.failures
        guard failures.isEmpty else {
            return CommandResult(
                exitCode: .failure,
                standardError: Array((notes + printer.render(failures) + "theme: nothing was compared\n").utf8))
        }
        var standardError = notes
        var resolved: [ResolvedTheme] = []
        var warnings = documentWarnings
        // The files both sides share (the base tokens) are read once.
        for side in ResolvedTheme.resolve(
            stacks: [sides.old.sources, sides.new.sources], policy: arguments.readingPolicy)
        {
            do {
                resolved.append(try side.get())
                // A file on both sides would otherwise warn twice.
                warnings += resolved[resolved.count - 1].diagnostics.filter { !warnings.contains($0) }
            } catch {
                return printer.failure(
                    warnings + error.diagnostics, before: standardError, ending: "nothing was compared")
            }
        }
        standardError += printer.render(warnings)
        // Built past errors (`--keep-going`): the tokens each side leaves out are not compared.
        for (side, theme) in zip(["old", "new"], resolved) {
            standardError +=
                DiagnosticRenderer.keptGoing(theme, ending: "the \(side) side compared as if they were not there") ?? ""
        }
        let old = Theme(resolved[0], components: schema)
        let new = Theme(resolved[1], components: schema)
        let difference = ThemeDiff(from: old, to: new)
        // A component one side styles and the other does not has no impact to show: say which tokens the other lacks.
        let styled = [old, new].map { theme in Set(theme.completeness.filter(\.isComplete).map(\.component)) }
        if styled[0].isEmpty, styled[1].isEmpty {
            // Token sets of another design system need not style ThemeEngine's components.
            standardError += "theme: note: no component impact, as neither side styles a component of the schema\n"
        }
        for component in schema.names where styled[0].contains(component) != styled[1].contains(component) {
            let (side, lacking) = styled[0].contains(component) ? ("new", new) : ("old", old)
            let problems = lacking.problems(of: component).map {
                Diagnostic(.warning, $0.rule, $0.message, at: $0.location, token: $0.tokenPath)
            }
            standardError +=
                printer.render(problems)
                + "theme: warning: the \(side) side lacks tokens of \(component) that the other side has; its impact is not shown\n"
        }
        let output: [UInt8]
        switch arguments.value(.diffFormat) ?? "text" {
        case "json": output = DiffOutput.json(difference)
        case "markdown": output = DiffOutput.markdown(difference)
        case "html": output = DiffPreview.html(difference, old: old, new: new)
        default:
            output = DiffOutput.text(
                difference, usesColor: environment.usesColor(terminal: environment.standardOutputIsTerminal))
        }
        let differs = difference?.tokens.changesValues ?? false
        let hasErrors = resolved.contains(where: \.hasErrors)
        return CommandResult(
            exitCode: differs || hasErrors ? .findings : .success, standardOutput: output,
            standardError: Array(standardError.utf8))
    }

    /// The old side of `--since`: each file as it was at `revision`, named `path@revision` in diagnostics. Files
    /// that did not exist then are left out, with a note.
    private static func pastSide(
        tokens: [String], themes: [String], revision: String, searchPath: String?
    ) throws(Git.Failure) -> (TokenLoading.Loaded, notes: String) {
        let git = try Git(searchPath: searchPath)
        var loaded = TokenLoading.Loaded(sources: TokenLoading.base(tokens: tokens), failures: [])
        var notes = ""
        for (index, path) in (tokens + themes).enumerated() {
            if let bytes = try git.contents(of: path, at: revision) {
                var source = TokenSource(name: "\(path)@\(revision)", bytes: bytes)
                source.role = index < tokens.count ? .base : .theme
                loaded.sources.append(source)
            } else {
                notes += "theme: note: \(path) does not exist at \(revision); the old side leaves it out\n"
            }
        }
        return (loaded, notes)
    }
}

extension DiffCommand: Command {}

extension OptionSpec {
    /// `--tokens` of `theme diff`.
    static let diffTokens = OptionSpec(
        name: "tokens", valueName: "path", isRepeatable: true,
        help:
            "A base token file, under both sides. Repeat to layer several.\nDefault: the bundled Tokens/defaultTokens.json."
    )

    /// `--from-theme` of `theme diff`.
    static let diffFromTheme = OptionSpec(
        name: "from-theme", valueName: "path", isRepeatable: true,
        help: "A theme of the old side (repeatable). Without it the old\nside is the tokens alone.")

    /// `--to-theme` of `theme diff`.
    static let diffToTheme = OptionSpec(
        name: "to-theme", valueName: "path", isRepeatable: true,
        help: "A theme of the new side (repeatable). Without it the new\nside is the tokens alone.")

    /// `--since` of `theme diff`.
    static let diffSince = OptionSpec(
        name: "since", valueName: "revision",
        help:
            "Compare the --tokens and --theme files (or the --resolver\ndocument and its files) as they were at this git revision\n(old) with the working tree (new)."
    )

    /// `--theme` of `theme diff`.
    static let diffTheme = OptionSpec(
        name: "theme", valueName: "path", isRepeatable: true,
        help: "With --since: a theme layered on both sides (repeatable).")

    /// `--from-input` of `theme diff`.
    static let diffFromInput = OptionSpec(
        name: "from-input", valueName: "modifier=context", isRepeatable: true,
        help:
            "With --resolver: the old side's context of a modifier, such\nas --from-input mode=light; defaults fill the rest."
    )

    /// `--to-input` of `theme diff`.
    static let diffToInput = OptionSpec(
        name: "to-input", valueName: "modifier=context", isRepeatable: true,
        help: "With --resolver: the new side's context of a modifier.")

    /// `--format` of `theme diff`.
    static let diffFormat = OptionSpec(
        name: "format", valueName: "format", allowedValues: ["text", "json", "markdown", "html"],
        help:
            "text (default): grouped and aligned, for people.\njson: {added, removed, changed, rewired, renamed, components}.\nmarkdown: a summary and tables, for a pull request comment.\nhtml: the components that change, drawn before and after\n  side by side, the changed properties marked."
    )
}
