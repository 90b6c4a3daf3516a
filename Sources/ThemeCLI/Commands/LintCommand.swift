import DesignTokens
import Linting
import Theming

/// `theme lint`: everything `theme resolve` rejects, the warnings that catch real mistakes, and WCAG contrast of
/// what the components draw, as text for people, JSON for scripts or SARIF for code review.
enum LintCommand {
    static let name = "lint"
    static let abstract = "Check token files and themes: errors, likely mistakes and WCAG contrast."

    static let options: [OptionSpec] = [
        .tokens,
        .theme,
        .resolver,
        .input,
        .lintAll,
        .allowOutsideRoot,
        .lintFormat,
        .lintLevel,
        .lintRule,
        .components,
        .lintComponent,
        .lintWarningsAsErrors,
        .strict,
        .keepGoing,
    ]

    static let usage = """
        theme lint [--tokens <path>]... [--theme <path>]... [--format text|json|sarif] [--level AA|AAA]
                  [--rule <rule>=<setting>]... [--warnings-as-errors] [--strict]
               theme lint --resolver <path> [--input <modifier>=<context>]... [--all] [options]
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
            them) is checked for every component the tokens complete, with the pairs the
            component schema declares, in every state but inactive ones: text and
            placeholder on the field, labels on the surface
            (theme.color.background.surface-1), borders and icons as non-text. A pair
            under its level is an error (--rule min-contrast=warning relaxes it). A
            component the tokens define part of reports the tokens it lacks; one they
            define none of is not checked. Declare more pairs on a colour token:
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
            return Help.usageError(
                "unexpected argument '\(arguments.positionals[0])'; token files go after --tokens or --theme",
                command: LintCommand.self)
        }
        // The bundled schema is read by the linter, only when a component rule is on.
        var schema: ComponentSchema?
        if arguments.value(.components) != nil || !arguments.values(.lintComponent).isEmpty {
            switch ComponentLoading.schema(arguments, environment: environment) {
            case .success(let loaded): schema = loaded
            case .failure(let failed): return failed.result
            }
        }
        var required: [String] = []
        for name in arguments.values(.lintComponent) {
            guard let schema else { break }
            switch ComponentLoading.component(named: name, in: schema) {
            case .success(let component): required.append(component.name)
            case .failure(let error): return Help.usageError(error.message, command: LintCommand.self)
            }
        }
        var configuration = LintConfiguration(
            warningsAsErrors: arguments.flag(.lintWarningsAsErrors),
            level: arguments.value(.lintLevel).flatMap(ContrastLevel.init(rawValue:)),
            components: schema, requiredComponents: required)
        for assignment in arguments.values(.lintRule) {
            do {
                try configuration.set(assignment)
            } catch {
                return Help.usageError(error.message, command: LintCommand.self)
            }
        }
        if arguments.flag(.strict) {
            guard configuration.rules[.nonConforming] == nil else {
                return Help.usageError(
                    "--strict sets non-conforming to error; give it without --rule non-conforming=…",
                    command: LintCommand.self)
            }
            configuration.rules[.nonConforming] = .error
        }
        let linted: (report: LintReport, sources: [TokenSource])
        if let resolverPath = arguments.value(.resolver) {
            switch lintPermutations(resolverPath, arguments, configuration: configuration, environment: environment) {
            case .success(let result): linted = result
            case .failure(let failed): return failed.result
            }
        } else {
            let resolverOptions = [OptionSpec.input, .lintAll, .allowOutsideRoot].filter(arguments.isGiven)
            if let option = resolverOptions.first {
                return Help.usageError("--\(option.name) goes with --resolver", command: LintCommand.self)
            }
            let loaded = TokenLoading.load(tokens: arguments.values(.tokens), themes: arguments.values(.theme))
            guard loaded.failures.isEmpty else {
                let printer = DiagnosticRenderer(
                    sources: loaded.sources,
                    usesColor: environment.usesColor(terminal: environment.standardErrorIsTerminal))
                return CommandResult(
                    exitCode: .failure,
                    standardError: Array((printer.render(loaded.failures) + "theme: nothing was linted\n").utf8))
            }
            linted = (Linter(configuration).lint(loaded.sources, policy: policy(arguments)), loaded.sources)
        }
        let (report, sources) = linted
        let output: [UInt8]
        switch arguments.value(.lintFormat) ?? "text" {
        case "json":
            output = LintJSONFormatter.format(report)
        case "sarif":
            output = SARIFFormatter.format(report, files: sources.map(\.name))
        default:
            var printer = DiagnosticRenderer(
                sources: sources, usesColor: environment.usesColor(terminal: environment.standardOutputIsTerminal))
            printer.infoShownPerRule = nil
            output = LintTextFormatter.format(report, files: sources.count, printer: printer)
        }
        return CommandResult(exitCode: report.hasErrors ? .findings : .success, standardOutput: output)
    }

    /// How lint reads the files: `--keep-going` checks what resolves beside the errors. (`--strict` makes
    /// `non-conforming` an error through the rules, so that `--rule` may say otherwise for the rest.)
    private static func policy(_ arguments: ParsedArguments) -> ReadingPolicy {
        arguments.flag(.keepGoing) ? ReadingPolicy.lenient.keepingGoing : .lenient
    }

    /// Lints the permutation of a resolver document that `--input` chooses, or with `--all` every one the inputs
    /// leave open: each finding of a permutation says which (`mode=dark, contrast=high`), and a finding every
    /// linted permutation has is said once, for all of them.
    private static func lintPermutations(
        _ path: String, _ arguments: ParsedArguments, configuration: LintConfiguration, environment: CommandEnvironment
    ) -> Result<(report: LintReport, sources: [TokenSource]), Failed> {
        let usesColor = environment.usesColor(terminal: environment.standardErrorIsTerminal)
        guard arguments.values(.tokens).isEmpty, arguments.values(.theme).isEmpty else {
            return .failure(
                Failed(
                    Help.usageError(
                        "--resolver names every source itself; give it without --tokens or --theme",
                        command: LintCommand.self)))
        }
        let input: [String: String]
        switch ResolverLoading.inputs(arguments.values(.input)) {
        case .success(let parsed): input = parsed
        case .failure(let error): return .failure(Failed(Help.usageError(error.message, command: LintCommand.self)))
        }
        func failed(_ diagnostics: [Diagnostic], _ sources: [TokenSource]) -> Failed {
            Failed(
                DiagnosticRenderer(sources: sources, usesColor: usesColor).failure(
                    diagnostics, ending: "nothing was linted"))
        }
        let loaded: ResolverLoading
        switch ResolverLoading.load(path, allowOutsideRoot: arguments.flag(.allowOutsideRoot)) {
        case .success(let result): loaded = result
        case .failure(let failure): return .failure(failed(failure.diagnostics, failure.sources))
        }
        let document = loaded.document
        let permutations: [[String: String]]
        do {
            permutations = arguments.flag(.lintAll) ? try document.permutations(fixing: input) : [input]
        } catch {
            return .failure(failed(error.diagnostics, loaded.sources))
        }
        var reports: [(label: String, report: LintReport)] = []
        // A single permutation parses only its own files; several share their parsing and resolution.
        var resolver = permutations.count > 1 ? ThemeResolver(document: document) : nil
        for permutation in permutations {
            let sources: [TokenSource]
            do {
                sources = try document.sources(for: permutation)
            } catch {
                return .failure(failed(error.diagnostics, loaded.sources))
            }
            let label = document.modifiers.map { modifier in
                "\(modifier.name)=\(permutation.first { $0.key.lowercased() == modifier.name.lowercased() }?.value ?? modifier.defaultContext ?? "")"
            }.joined(separator: ", ")
            let resolution = Result { () throws(DiagnosticError) in
                if resolver != nil {
                    try resolver!.resolve(permutation, policy: policy(arguments))
                } else {
                    try ResolvedTheme.resolve(sources, policy: policy(arguments))
                }
            }
            reports.append((label, Linter(configuration).lint(resolution, files: sources.map(\.name))))
        }
        // What is wrong with the document itself comes first, once.
        let documentFindings = document.warnings.compactMap { configuration.applied(to: $0) }
        guard reports.count > 1 else {
            var report = reports[0].report
            report.diagnostics = documentFindings + report.diagnostics
            return .success((report, loaded.sources))
        }
        // Each distinct finding once, with the permutations that have it unless every one does.
        var findings: [(diagnostic: Diagnostic, labels: [String])] = []
        var findingIndex: [Diagnostic: Int] = [:]
        for (label, report) in reports {
            for diagnostic in report.diagnostics {
                if let index = findingIndex[diagnostic] {
                    // A finding a permutation reports twice (a file it layers twice) counts once for it.
                    if findings[index].labels.last != label { findings[index].labels.append(label) }
                } else {
                    findingIndex[diagnostic] = findings.count
                    findings.append((diagnostic, [label]))
                }
            }
        }
        let merged = findings.map { finding -> Diagnostic in
            guard finding.labels.count < reports.count else { return finding.diagnostic }
            var diagnostic = finding.diagnostic
            // The permutations that report it, ten at most: a document may have thousands.
            let more = finding.labels.count > 10 ? "; and \(finding.labels.count - 10) more" : ""
            diagnostic.message = Diagnostic.bounded(
                diagnostic.message + " (in " + finding.labels.prefix(10).joined(separator: "; ") + more + ")")
            return diagnostic
        }
        let report = LintReport(
            diagnostics: documentFindings + ResolvedTheme.ordered(merged, files: loaded.sources.map(\.name)),
            contrastPairsChecked: reports.reduce(0) { $0 + $1.report.contrastPairsChecked },
            level: reports.allSatisfy({ $0.report.level == reports[0].report.level }) ? reports[0].report.level : nil,
            levels: ContrastLevel.allCases.filter { level in reports.contains { $0.report.levels.contains(level) } })
        return .success((report, loaded.sources))
    }

    /// A command result that ends the command early, as an error for `Result`.
    private struct Failed: Error {
        var result: CommandResult
        init(_ result: CommandResult) { self.result = result }
    }
}

extension OptionSpec {
    /// `--all` of `theme lint`.
    static let lintAll = OptionSpec(
        name: "all",
        help:
            "With --resolver: lint every permutation (or every one the\n--inputs leave open); each finding says which.")

    /// `--format` of `theme lint`.
    static let lintFormat = OptionSpec(
        name: "format", valueName: "format", allowedValues: ["text", "json", "sarif"],
        help:
            "text (default): FILE:LINE:COL: severity: [rule] message, with\n  the source line, a caret and notes, then a summary line.\njson: an array of findings (rule, severity, file, line,\n  column, token, message, notes).\nsarif: SARIF 2.1.0, for code-review annotations."
    )

    /// `--level` of `theme lint`.
    static let lintLevel = OptionSpec(
        name: "level", valueName: "level", allowedValues: ContrastLevel.allCases.map(\.rawValue),
        help:
            "The WCAG level contrast is checked at: AA (text 4.5:1,\nnon-text 3:1) or AAA (text 7:1, non-text 4.5:1). Default:\nthe level the theme declares, else AA."
    )

    /// `--rule` of `theme lint`.
    static let lintRule = OptionSpec(
        name: "rule", valueName: "rule=setting", isRepeatable: true,
        help:
            "Set a rule to error, warning, info or off, such as\n--rule min-contrast=error or --rule unused-token=info."
    )

    /// `--component` of `theme lint`.
    static let lintComponent = OptionSpec(
        name: "component", valueName: "name", isRepeatable: true,
        help:
            "Report every token this component lacks, even when the\ntokens define none of it (a component they define part of\nis reported anyway). Repeat for several."
    )

    /// `--warnings-as-errors` of `theme lint`.
    static let lintWarningsAsErrors = OptionSpec(
        name: "warnings-as-errors",
        help: "Count warnings as errors, so they fail the run (exit 1).")
}
