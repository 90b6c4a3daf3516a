import DesignTokens

/// `theme resolve`: loads token files and themes, resolves them, prints or writes the result.
enum ResolveCommand {
    static let name = "resolve"
    static let abstract = "Resolve token files and themes into concrete values."

    static let options: [OptionSpec] = [
        OptionSpec(
            name: "tokens", valueName: "path", isRepeatable: true,
            help: "A base token file. Repeat to layer several, in order.\nDefault: the bundled Tokens/defaultTokens.json."),
        OptionSpec(
            name: "theme", valueName: "path", isRepeatable: true,
            help: "A theme layered over the tokens. Repeat to layer several;\nlater files win, token by token."),
        OptionSpec(
            name: "format", valueName: "format", allowedValues: ["json", "flat", "text"],
            help: "json (default): the DTCG 2025.10 token tree, every $value\n  resolved, $type explicit on each token.\nflat: one object of dotted path to value, sorted; colours\n  as #rrggbb, dimensions as \"16px\".\ntext: an aligned table for people."),
        OptionSpec(
            name: "output", valueName: "path",
            help: "Write to this file instead of standard output. The file\nis replaced atomically, and left untouched on error."),
    ]

    static let usage = "theme resolve [--tokens <path>]... [--theme <path>]... [--format json|flat|text] [--output <path>]"

    static let discussion = """
        References ({a.b}, <a.b> and {"$ref": "#/a/b/$value"}) resolve against all files
        together, so a theme that overrides one primitive changes every token that refers
        to it. Every problem is reported, as FILE:LINE:COL: error: [rule] message, on
        standard error; standard output stays empty unless the command succeeds.

        EXAMPLES:
          theme resolve --theme Themes/dark.json --format text
          theme resolve --tokens brand.json --theme dark.json --format flat --output dark.flat.json
        """

    static func run(_ arguments: ParsedArguments, environment: CommandEnvironment) -> CommandResult {
        guard arguments.positionals.isEmpty else {
            return Help.usageError("unexpected argument '\(arguments.positionals[0])'; token files go after --tokens or --theme", command: ResolveCommand.self)
        }
        let loaded = TokenLoading.load(tokens: arguments.values("tokens"), themes: arguments.values("theme"))
        let printer = DiagnosticPrinter(sources: loaded.sources, usesColor: environment.usesColor(terminal: environment.standardErrorIsTerminal))
        guard loaded.failures.isEmpty else {
            return CommandResult(exitCode: .failure, standardError: Array((printer.render(loaded.failures) + "theme: nothing was resolved\n").utf8))
        }
        let theme: ResolvedTheme
        do {
            theme = try ResolvedTheme.resolve(loaded.sources)
        } catch {
            let summary = DiagnosticPrinter.summary(error.diagnostics) ?? "errors"
            return CommandResult(exitCode: .failure, standardError: Array((printer.render(error.diagnostics) + "theme: \(summary); nothing was written\n").utf8))
        }
        var standardError = printer.render(theme.diagnostics)
        let output: [UInt8]
        switch arguments.value("format") ?? "json" {
        case "flat": output = theme.flatJSON()
        case "text": output = TextTable.render(theme)
        default: output = theme.treeJSON()
        }
        guard let path = arguments.value("output") else {
            return CommandResult(exitCode: .success, standardOutput: output, standardError: Array(standardError.utf8))
        }
        do {
            try FileSystem.writeAtomically(output, to: path)
        } catch {
            standardError += "theme: error: cannot write \(path): \(error.reason)\n"
            return CommandResult(exitCode: .failure, standardError: Array(standardError.utf8))
        }
        return CommandResult(exitCode: .success, standardError: Array(standardError.utf8))
    }
}
