import DesignTokens
import Theming

/// `theme resolve`: loads token files and themes, resolves them, prints or writes the result.
enum ResolveCommand {
    static let name = "resolve"
    static let abstract = "Resolve token files and themes into concrete values."

    static let options: [OptionSpec] = [
        .tokens,
        .theme,
        .resolveFormat,
        .resolveComponent,
        .resolveExplain,
        .resolveListComponents,
        .components,
        .resolver,
        .input,
        .resolveList,
        .resolveAll,
        .resolveOutputDir,
        .allowOutsideRoot,
        .strict,
        .keepGoing,
        .resolveOutput,
    ]

    static let usage = """
        theme resolve [--tokens <path>]... [--theme <path>]... [--format json|flat|text] [--output <path>] [--strict] [--keep-going]
               theme resolve --resolver <path> [--input <modifier>=<context>]... [--list] [--format json|flat|text]
               theme resolve --resolver <path> --all --output-dir <path> [--input <modifier>=<context>]...
               theme resolve --component <name> [--components <path>] [--theme <path>]... [--format json|text] [--explain]
               theme resolve --list-components [--components <path>] [--theme <path>]...
        """

    static let discussion = """
        References ({a.b}, <a.b> and {"$ref": "#/a/b/$value"}) resolve against all files
        together, so a theme that overrides one primitive changes every token that refers
        to it. Every problem is reported, as FILE:LINE:COL: error: [rule] message, on
        standard error; standard output stays empty unless the command succeeds.

        EXAMPLES:
          theme resolve --theme Themes/dark.json --format text
          theme resolve --tokens brand.json --theme dark.json --format flat --output dark.flat.json
          theme resolve --component TextInput --theme Themes/dark.json --format text --explain
          theme resolve --list-components --tokens brand.json --components brand-components.json
        """

    static func run(_ arguments: ParsedArguments, environment: CommandEnvironment) -> CommandResult {
        guard arguments.positionals.isEmpty else {
            return Help.usageError(
                "unexpected argument '\(arguments.positionals[0])'; token files go after --tokens or --theme",
                command: ResolveCommand.self)
        }
        // Read only when a component is asked for: printing tokens needs none.
        var schema = ComponentSchema.empty
        if arguments.value(.resolveComponent) != nil || arguments.flag(.resolveListComponents)
            || arguments.value(.components) != nil
        {
            switch ComponentLoading.schema(arguments, environment: environment) {
            case .success(let loaded): schema = loaded
            case .failure(let failed): return failed.result
            }
        }
        var component: ComponentDefinition?
        if let name = arguments.value(.resolveComponent) {
            switch ComponentLoading.component(named: name, in: schema) {
            case .success(let found): component = found
            case .failure(let error): return Help.usageError(error.message, command: ResolveCommand.self)
            }
        }
        let listsComponents = arguments.flag(.resolveListComponents)
        if component == nil, arguments.flag(.resolveExplain) {
            return Help.usageError("--explain goes with --component", command: ResolveCommand.self)
        }
        if component != nil || listsComponents, arguments.value(.resolveFormat) == "flat" {
            return Help.usageError(
                "--format flat is for tokens; a component is printed as json or text", command: ResolveCommand.self)
        }
        if component != nil, listsComponents {
            return Help.usageError("give --component or --list-components, not both", command: ResolveCommand.self)
        }
        let usesColor = environment.usesColor(terminal: environment.standardErrorIsTerminal)
        let format = arguments.value(.resolveFormat) ?? "json"
        let stack: ResolvedStack
        switch resolvedStack(arguments, environment: environment) {
        case .resolved(let resolved): stack = resolved
        case .finished(let result): return result
        }
        let theme = stack.theme
        let printer = DiagnosticRenderer(sources: stack.sources, usesColor: usesColor)
        // Built past errors (`--keep-going`): what resolved is written, and the run has findings.
        let keptGoing = DiagnosticRenderer.keptGoing(theme)
        let standardError = printer.render(stack.documentWarnings + theme.diagnostics) + (keptGoing ?? "")
        let output: OutputSink.Writer
        if let component {
            let styled: ComponentStyle
            do {
                styled = try Theme(theme, components: schema).style(of: component.name)
            } catch {
                return printer.failure(error.diagnostics, before: standardError, ending: "nothing was written")
            }
            let explain = arguments.flag(.resolveExplain)
            let bytes =
                format == "text"
                ? ComponentOutput.text(styled.sections, component: component.name, explain: explain)
                : ComponentOutput.json(styled.sections, explain: explain)
            output = { (sink) throws(FileSystem.Failure) in try sink.write(bytes) }
        } else if listsComponents {
            let completeness = Theme(theme, components: schema).completeness
            let bytes =
                format == "text" ? ComponentList.text(schema, completeness) : ComponentList.json(schema, completeness)
            output = { (sink) throws(FileSystem.Failure) in try sink.write(bytes) }
        } else {
            output = tokensOutput(theme, format: format)
        }
        return .output(
            output, to: arguments.value(.resolveOutput), standardError: standardError,
            exitCode: keptGoing == nil ? .success : .findings)
    }

    /// The tokens of a theme in a `--format`: `flat`, `text`, or the tree (`json`).
    static func tokensOutput(_ theme: ResolvedTheme, format: String) -> OutputSink.Writer {
        { (sink) throws(FileSystem.Failure) in
            var earlier = EarlierOutput.none
            try writeTokens(theme, format: format, to: &sink, earlier: &earlier)
        }
    }

    /// Writes `theme` in `format` to `sink`, copying from `earlier` what the output before wrote of it unchanged
    /// (the text table renders every row).
    static func writeTokens(
        _ theme: ResolvedTheme, format: String, to sink: inout OutputSink, earlier: inout EarlierOutput
    ) throws(FileSystem.Failure) {
        switch format {
        case "flat": try theme.writeFlatJSON(to: &sink, earlier: &earlier)
        case "text": try TextTable.write(theme, to: &sink)
        default: try theme.writeTreeJSON(to: &sink, earlier: &earlier)
        }
    }

    /// A theme resolved, with the files its diagnostics may point into.
    private struct ResolvedStack {
        var theme: ResolvedTheme
        var sources: [TokenSource]
        /// What is wrong with a resolver document but did not stop it (``ResolverDocument/warnings``).
        var documentWarnings: [Diagnostic] = []
    }

    /// What the sources a command line names resolve to, or the command's result when they do not resolve (or it
    /// asks only for the list of a resolver document's permutations).
    private enum Resolution {
        case resolved(ResolvedStack)
        case finished(CommandResult)
    }

    /// Resolves `--tokens` and `--theme`, or the permutation of `--resolver` that `--input` chooses.
    private static func resolvedStack(_ arguments: ParsedArguments, environment: CommandEnvironment) -> Resolution {
        let usesColor = environment.usesColor(terminal: environment.standardErrorIsTerminal)
        func failure(_ diagnostics: [Diagnostic], sources: [TokenSource], _ ending: String) -> Resolution {
            .finished(DiagnosticRenderer(sources: sources, usesColor: usesColor).failure(diagnostics, ending: ending))
        }
        guard let resolverPath = arguments.value(.resolver) else {
            for option in [OptionSpec.resolveList, .resolveAll, .allowOutsideRoot, .input, .resolveOutputDir]
            where arguments.isGiven(option) {
                return .finished(Help.usageError("--\(option.name) goes with --resolver", command: ResolveCommand.self))
            }
            // Mapped when the process ends with the command: a large file then costs no copy.
            let loaded = TokenLoading.load(
                tokens: arguments.values(.tokens), themes: arguments.values(.theme),
                mapping: environment.exitsAfterCommand)
            guard loaded.failures.isEmpty else {
                let printer = DiagnosticRenderer(sources: loaded.sources, usesColor: usesColor)
                return .finished(
                    CommandResult(
                        exitCode: .failure,
                        standardError: Array((printer.render(loaded.failures) + "theme: nothing was resolved\n").utf8)))
            }
            do {
                return .resolved(
                    ResolvedStack(
                        theme: try ResolvedTheme.resolve(loaded.sources, policy: arguments.readingPolicy),
                        sources: loaded.sources))
            } catch {
                return failure(error.diagnostics, sources: loaded.sources, "nothing was written")
            }
        }
        guard arguments.values(.tokens).isEmpty, arguments.values(.theme).isEmpty else {
            return .finished(
                Help.usageError(
                    "--resolver names every source itself; give it without --tokens or --theme",
                    command: ResolveCommand.self))
        }
        let input: [String: String]
        switch ResolverLoading.inputs(arguments.values(.input)) {
        case .success(let parsed): input = parsed
        case .failure(let error): return .finished(Help.usageError(error.message, command: ResolveCommand.self))
        }
        let document: ResolverDocument
        let sources: [TokenSource]
        switch ResolverLoading.load(resolverPath, allowOutsideRoot: arguments.flag(.allowOutsideRoot)) {
        case .success(let loaded): (document, sources) = (loaded.document, loaded.sources)
        case .failure(let failed): return failure(failed.diagnostics, sources: failed.sources, "nothing was resolved")
        }
        if arguments.flag(.resolveAll) {
            guard let directory = arguments.value(.resolveOutputDir), arguments.value(.resolveOutput) == nil,
                arguments.value(.resolveComponent) == nil,
                !arguments.flag(.resolveListComponents)
            else {
                return .finished(
                    Help.usageError(
                        "--all writes one file per permutation: give --output-dir, without --output, --component or --list-components",
                        command: ResolveCommand.self))
            }
            // Many permutations: every source parsed once for all of them.
            return .finished(
                writeAll(
                    ThemeResolver(document: document), fixing: input, format: arguments.value(.resolveFormat) ?? "json",
                    to: directory,
                    policy: arguments.readingPolicy, sources: sources, usesColor: usesColor))
        }
        if arguments.value(.resolveOutputDir) != nil {
            return .finished(Help.usageError("--output-dir goes with --all", command: ResolveCommand.self))
        }
        if arguments.flag(.resolveList) {
            return .finished(CommandResult(exitCode: .success, standardOutput: Array(permutationList(document).utf8)))
        }
        do {
            // One permutation: only its own sources are parsed.
            return .resolved(
                ResolvedStack(
                    theme: try ResolvedTheme.resolve(try document.sources(for: input), policy: arguments.readingPolicy),
                    sources: sources,
                    documentWarnings: document.warnings))
        } catch {
            return failure(document.warnings + error.diagnostics, sources: sources, "nothing was written")
        }
    }

    /// `--list`: each modifier with its contexts (the default marked), then the number of permutations.
    static func permutationList(_ document: ResolverDocument) -> String {
        let width = max(document.modifiers.map(\.name.count).max() ?? 0, "MODIFIER".count)
        var lines = ["MODIFIER".padding(to: width) + "  CONTEXTS (* default)"]
        for modifier in document.modifiers {
            let contexts = modifier.contexts.map { $0 == modifier.defaultContext ? $0 + "*" : $0 }.joined(
                separator: ", ")
            lines.append(modifier.name.padding(to: width) + "  " + contexts)
        }
        lines.append("")
        lines.append("\(document.permutationCount) permutation\(document.permutationCount == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension OptionSpec {
    /// `--format` of `theme resolve`.
    static let resolveFormat = OptionSpec(
        name: "format", valueName: "format", allowedValues: ["json", "flat", "text"],
        help:
            "json (default): the DTCG 2025.10 token tree, every $value\n  resolved, $type explicit on each token.\nflat: one object of dotted path to value, sorted; colours\n  as #rrggbb, dimensions as \"16px\".\ntext: an aligned table for people."
    )

    /// `--component` of `theme resolve`.
    static let resolveComponent = OptionSpec(
        name: "component", valueName: "name",
        help:
            "Print a component's resolved style instead of the tokens:\nany component of the schema, such as TextInput (each state:\nnormal, focused, editing, error, disabled, readOnly).\nFormats: json, text."
    )

    /// `--explain` of `theme resolve`.
    static let resolveExplain = OptionSpec(
        name: "explain",
        help: "With --component: show the token behind each property and\nthe alias chain it passes through.")

    /// `--list-components` of `theme resolve`.
    static let resolveListComponents = OptionSpec(
        name: "list-components",
        help:
            "Print the components of the schema, their parts and\nstates, and how far the tokens style each, instead of tokens."
    )

    /// `--list` of `theme resolve`.
    static let resolveList = OptionSpec(
        name: "list",
        help:
            "With --resolver: print the modifiers, their contexts and\ndefaults, and the number of permutations, instead of tokens."
    )

    /// `--all` of `theme resolve`.
    static let resolveAll = OptionSpec(
        name: "all",
        help:
            "With --resolver: resolve every permutation (or every one the\n--inputs leave open) into --output-dir, one file each, and\nindex.json."
    )

    /// `--output-dir` of `theme resolve`.
    static let resolveOutputDir = OptionSpec(
        name: "output-dir", valueName: "path",
        help: "With --all: the folder the permutations are written into.")

    /// `--output` of `theme resolve`.
    static let resolveOutput = OptionSpec(
        name: "output", valueName: "path",
        help:
            "Write to this file instead of standard output. The file\nis replaced atomically, and left untouched on error."
    )
}
