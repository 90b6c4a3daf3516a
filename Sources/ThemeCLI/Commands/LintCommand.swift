import DesignTokens
import Linting

/// `theme lint`: everything `theme resolve` rejects, the warnings that catch real mistakes, and WCAG contrast of
/// what the components draw, as text for people, JSON for scripts or SARIF for code review.
enum LintCommand {
    static let name = "lint"
    static let abstract = "Check token files and themes: errors, likely mistakes and WCAG contrast."

    static let options: [OptionSpec] = [
        .tokens,
        .theme,
        OptionSpec(
            name: "format", valueName: "format", allowedValues: ["text", "json", "sarif"],
            help: "text (default): FILE:LINE:COL: severity: [rule] message, with\n  the source line, a caret and notes, then a summary line.\njson: an array of findings (rule, severity, file, line,\n  column, token, message, notes).\nsarif: SARIF 2.1.0, for code-review annotations."),
        OptionSpec(
            name: "level", valueName: "level", allowedValues: ContrastLevel.allCases.map(\.rawValue),
            help: "The WCAG level contrast is checked at: AA (text 4.5:1,\nnon-text 3:1) or AAA (text 7:1, non-text 4.5:1). Default:\nthe level the theme declares, else AA."),
        OptionSpec(
            name: "rule", valueName: "rule=setting", isRepeatable: true,
            help: "Set a rule to error, warning, info or off, such as\n--rule min-contrast=error or --rule unused-token=info."),
        OptionSpec(
            name: "warnings-as-errors",
            help: "Count warnings as errors, so they fail the run (exit 1)."),
    ]

    static let usage = """
        theme lint [--tokens <path>]... [--theme <path>]... [--format text|json|sarif] [--level AA|AAA]
                  [--rule <rule>=<setting>]... [--warnings-as-errors]
        """

    static var discussion: String {
        let width = LintRule.catalogue.map(\.id.id.count).max() ?? 0
        let rules = LintRule.catalogue.map { rule in
            "  \(rule.id.id.padding(to: width))  \(rule.defaultSetting.rawValue.padding(to: 7))  \(rule.summary)"
        }.joined(separator: "\n")
        return """
            The findings are the command's output: they go to standard output in every
            format, so 'theme lint --format sarif > lint.sarif' works; text is coloured only
            on a terminal and never with NO_COLOR. Status 1 means errors were found (and
            warnings, with --warnings-as-errors); mistakes in the files, such as invalid
            JSON or a reference to nothing, are findings like any other. Only when a file
            cannot be read is the status 2: standard output stays empty and the reason
            goes to standard error.

            Contrast (WCAG 2.x ratio, translucent colours composited over what is behind
            them) is checked for every TextInput state but disabled and every AddressForm
            part: text and placeholder on the field, labels on the surface
            (theme.color.background.surface-1), borders and icons as non-text. Declare more
            pairs on a colour token:
              "$extensions": {"com.themeengine.contrast":
                {"against": "{theme.color.background.brand}", "kind": "text", "level": "AA"}}
            and a theme's level on its root group:
              "$extensions": {"com.themeengine.contrast": {"level": "AAA"}}

            RULES (default setting):
            \(rules)

            EXAMPLES:
              theme lint --theme Themes/dark.json
              theme lint --theme Themes/high-contrast.json --level AAA --warnings-as-errors
              theme lint --theme brand.json --rule unused-token=info --format sarif > lint.sarif
            """
    }

    static func run(_ arguments: ParsedArguments, environment: CommandEnvironment) -> CommandResult {
        guard arguments.positionals.isEmpty else {
            return Help.usageError("unexpected argument '\(arguments.positionals[0])'; token files go after --tokens or --theme", command: LintCommand.self)
        }
        var configuration = LintConfiguration(
            warningsAsErrors: arguments.flag("warnings-as-errors"), level: arguments.value("level").flatMap(ContrastLevel.init(rawValue:)))
        for assignment in arguments.values("rule") {
            do {
                try configuration.set(assignment)
            } catch {
                return Help.usageError(error.message, command: LintCommand.self)
            }
        }
        let loaded = TokenLoading.load(tokens: arguments.values("tokens"), themes: arguments.values("theme"))
        guard loaded.failures.isEmpty else {
            let printer = DiagnosticPrinter(sources: loaded.sources, usesColor: environment.usesColor(terminal: environment.standardErrorIsTerminal))
            return CommandResult(exitCode: .failure, standardError: Array((printer.render(loaded.failures) + "theme: nothing was linted\n").utf8))
        }
        let report = Linter(configuration).lint(loaded.sources)
        let output: [UInt8]
        switch arguments.value("format") ?? "text" {
        case "json":
            output = LintJSONFormatter.format(report)
        case "sarif":
            output = SARIFFormatter.format(report, files: loaded.sources.map(\.name))
        default:
            let printer = DiagnosticPrinter(sources: loaded.sources, usesColor: environment.usesColor(terminal: environment.standardOutputIsTerminal))
            output = LintTextFormatter.format(report, files: loaded.sources.count, printer: printer)
        }
        return CommandResult(exitCode: report.hasErrors ? .findings : .success, standardOutput: output)
    }
}
