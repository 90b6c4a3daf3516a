import DesignTokens
import Theming

/// `theme resolve`: loads token files and themes, resolves them, prints or writes the result.
enum ResolveCommand {
    static let name = "resolve"
    static let abstract = "Resolve token files and themes into concrete values."

    static let options: [OptionSpec] = [
        .tokens,
        .theme,
        OptionSpec(
            name: "format", valueName: "format", allowedValues: ["json", "flat", "text"],
            help: "json (default): the DTCG 2025.10 token tree, every $value\n  resolved, $type explicit on each token.\nflat: one object of dotted path to value, sorted; colours\n  as #rrggbb, dimensions as \"16px\".\ntext: an aligned table for people."),
        OptionSpec(
            name: "component", valueName: "name", allowedValues: Component.allCases.map(\.rawValue),
            help: "Print a component's resolved style instead of the tokens:\nTextInput (per state: normal, focused, editing, error,\ndisabled, readOnly) or AddressForm. Formats: json, text."),
        OptionSpec(
            name: "explain",
            help: "With --component: show the token behind each property and\nthe alias chain it passes through."),
        OptionSpec(
            name: "output", valueName: "path",
            help: "Write to this file instead of standard output. The file\nis replaced atomically, and left untouched on error."),
    ]

    static let usage = """
        theme resolve [--tokens <path>]... [--theme <path>]... [--format json|flat|text] [--output <path>]
               theme resolve --component TextInput|AddressForm [--theme <path>]... [--format json|text] [--explain]
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
        """

    static func run(_ arguments: ParsedArguments, environment: CommandEnvironment) -> CommandResult {
        guard arguments.positionals.isEmpty else {
            return Help.usageError("unexpected argument '\(arguments.positionals[0])'; token files go after --tokens or --theme", command: ResolveCommand.self)
        }
        let component = arguments.value("component").flatMap(Component.init(rawValue:))
        if component == nil, arguments.flag("explain") {
            return Help.usageError("--explain goes with --component", command: ResolveCommand.self)
        }
        if component != nil, arguments.value("format") == "flat" {
            return Help.usageError("--format flat is for tokens; a --component is printed as json or text", command: ResolveCommand.self)
        }
        // Mapped when the process ends with the command: a large file then costs no copy.
        let loaded = TokenLoading.load(
            tokens: arguments.values("tokens"), themes: arguments.values("theme"), mapping: environment.exitsAfterCommand)
        let usesColor = environment.usesColor(terminal: environment.standardErrorIsTerminal)
        guard loaded.failures.isEmpty else {
            let printer = DiagnosticPrinter(sources: loaded.sources, usesColor: usesColor)
            return CommandResult(exitCode: .failure, standardError: Array((printer.render(loaded.failures) + "theme: nothing was resolved\n").utf8))
        }
        let format = arguments.value("format") ?? "json"
        let printer = DiagnosticPrinter(sources: loaded.sources, usesColor: usesColor)
        let theme: ResolvedTheme
        do {
            theme = try ResolvedTheme.resolve(loaded.sources)
        } catch {
            let summary = DiagnosticPrinter.summary(error.diagnostics) ?? "errors"
            return CommandResult(exitCode: .failure, standardError: Array((printer.render(error.diagnostics) + "theme: \(summary); nothing was written\n").utf8))
        }
        var standardError = printer.render(theme.diagnostics)
        let output: [UInt8]
        if let component {
            let styled: Theme
            do {
                styled = try Theme(theme)
            } catch {
                let summary = DiagnosticPrinter.summary(error.diagnostics) ?? "errors"
                standardError += printer.render(error.diagnostics) + "theme: \(summary); nothing was written\n"
                return CommandResult(exitCode: .failure, standardError: Array(standardError.utf8))
            }
            let explain = arguments.flag("explain")
            output = format == "text"
                ? ComponentOutput.text(styled.sections(of: component), component: component, explain: explain)
                : ComponentOutput.json(styled.sections(of: component), explain: explain)
        } else {
            switch format {
            case "flat": output = theme.flatJSON()
            case "text": output = TextTable.render(theme)
            default: output = theme.treeJSON()
            }
        }
        return write(output, to: arguments.value("output"), standardError: standardError)
    }

    /// The command's result: `output` on standard output, or written atomically to `path`.
    private static func write(_ output: [UInt8], to path: String?, standardError: String) -> CommandResult {
        guard let path else {
            return CommandResult(exitCode: .success, standardOutput: output, standardError: Array(standardError.utf8))
        }
        do {
            try FileSystem.writeAtomically(output, to: path)
        } catch {
            let message = standardError + "theme: error: cannot write \(path): \(error.reason)\n"
            return CommandResult(exitCode: .failure, standardError: Array(message.utf8))
        }
        return CommandResult(exitCode: .success, standardError: Array(standardError.utf8))
    }
}
