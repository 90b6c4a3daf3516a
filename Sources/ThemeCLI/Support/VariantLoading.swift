import DesignTokens
import TokenExport
@_spi(Engine) import TokenJSON

/// The themes a command that shows several at once (`export`, `preview`) reads from its command line: the tokens
/// alone and each `--theme` over them, or a resolver document's permutation (every one `--all` leaves open).
struct VariantLoading {
    var variants: [ExportVariant]
    /// Every file the diagnostics may point into.
    var sources: [TokenSource]
    /// The warnings of every variant, each once.
    var warnings: [Diagnostic]

    /// What each theme built past its errors (`--keep-going`) left out, a line each; empty when none has errors,
    /// and the command's exit status then.
    var keptGoing: (lines: String, exitCode: ExitCode) {
        let lines = variants.compactMap { variant in
            DiagnosticRenderer.keptGoing(
                variant.theme,
                ending: variants.count == 1 ? "the rest written" : "\(variant.name) written without them")
        }.joined()
        return (lines, lines.isEmpty ? .success : .findings)
    }
    /// The resolver document's modifiers that `--all` varies (none for theme files).
    var variedModifiers: [ResolverDocument.Modifier] = []

    /// The options every such command takes to name its themes.
    static let options: [OptionSpec] = [
        .tokens,
        .variantTheme,
        .resolver,
        .input,
        .variantAll,
        .allowOutsideRoot,
        .variantAppearance,
        .strict,
        .keepGoing,
    ]

    /// The values `--appearance` takes.
    static let appearances: [String: Appearance] = [
        "light": .any, "dark": Appearance(isDark: true), "high-contrast": Appearance(isHighContrast: true),
        "dark-high-contrast": Appearance(isDark: true, isHighContrast: true),
    ]

    /// What went wrong: the command's result.
    struct Failure: Error {
        var result: CommandResult
    }

    /// Reads and resolves the variants the command line names, with the appearances `--appearance` declares.
    static func load(_ arguments: ParsedArguments, command: any Command.Type, environment: CommandEnvironment)
        -> Result<VariantLoading, Failure>
    {
        var declared: [String: Appearance] = [:]
        for pair in arguments.values(.variantAppearance) {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let appearance = appearances[parts[1]] else {
                return .failure(
                    Failure(
                        result: Help.usageError(
                            "--appearance takes variant=appearance, the appearance one of light, dark, high-contrast, dark-high-contrast; found '\(pair)'",
                            command: command)))
            }
            declared[parts[0]] = appearance
        }
        switch loadVariants(arguments, command: command, environment: environment) {
        case .failure(let failure): return .failure(failure)
        case .success(var loaded):
            let names = loaded.variants.map(\.name)
            for (name, appearance) in declared {
                guard let index = names.firstIndex(of: name) else {
                    let hint = Suggestion.hint(for: name, among: names) { "'\($0)'" }
                    return .failure(
                        Failure(
                            result: Help.usageError(
                                "--appearance names '\(name)', which is not a variant\(hint); the variants are \(names.joined(separator: ", "))",
                                command: command)))
                }
                loaded.variants[index].appearance = appearance
            }
            return .success(loaded)
        }
    }

    private static func loadVariants(
        _ arguments: ParsedArguments, command: any Command.Type, environment: CommandEnvironment
    ) -> Result<VariantLoading, Failure> {
        let usesColor = environment.usesColor(terminal: environment.standardErrorIsTerminal)
        func failure(_ diagnostics: [Diagnostic], _ sources: [TokenSource], _ ending: String) -> Result<
            VariantLoading, Failure
        > {
            .failure(
                Failure(
                    result: DiagnosticRenderer(sources: sources, usesColor: usesColor).failure(
                        diagnostics, ending: ending)))
        }
        guard let resolverPath = arguments.value(.resolver) else {
            for option in [OptionSpec.variantAll, .allowOutsideRoot] where arguments.flag(option) {
                return .failure(
                    Failure(result: Help.usageError("--\(option.name) goes with --resolver", command: command)))
            }
            if !arguments.values(.input).isEmpty {
                return .failure(Failure(result: Help.usageError("--input goes with --resolver", command: command)))
            }
            let tokens = arguments.values(.tokens)
            let themes = arguments.values(.variantTheme)
            let loaded = TokenLoading.load(tokens: tokens, themes: themes, mapping: environment.exitsAfterCommand)
            guard loaded.failures.isEmpty else {
                return failure(loaded.failures, loaded.sources, "nothing was written")
            }
            let baseCount = loaded.sources.count - themes.count
            let base = Array(loaded.sources.prefix(baseCount))
            let stacks = [base] + loaded.sources.dropFirst(baseCount).map { base + [$0] }
            var names = ["base"]
            for path in themes {
                var name = themeName(path)
                while names.contains(name) { name += "-\(names.count)" }
                names.append(name)
            }
            var variants: [ExportVariant] = []
            var warnings: [Diagnostic] = []
            var seen = Set<Diagnostic>()
            for (index, result) in ResolvedTheme.resolve(stacks: stacks, policy: arguments.readingPolicy).enumerated() {
                switch result {
                case .success(let theme):
                    warnings += theme.diagnostics.filter { seen.insert($0).inserted }
                    let name = names[index]
                    variants.append(
                        ExportVariant(
                            name: name, conditions: index == 0 ? [] : [.init("theme", name)],
                            appearance: appearance(ofName: name), theme: theme))
                case .failure(let error):
                    return failure(warnings + error.diagnostics, loaded.sources, "nothing was written")
                }
            }
            return .success(VariantLoading(variants: variants, sources: loaded.sources, warnings: warnings))
        }
        guard arguments.values(.tokens).isEmpty, arguments.values(.variantTheme).isEmpty else {
            return .failure(
                Failure(
                    result: Help.usageError(
                        "--resolver names every source itself; give it without --tokens or --theme", command: command)))
        }
        let input: [String: String]
        switch ResolverLoading.inputs(arguments.values(.input)) {
        case .success(let parsed): input = parsed
        case .failure(let error): return .failure(Failure(result: Help.usageError(error.message, command: command)))
        }
        let loaded: ResolverLoading
        switch ResolverLoading.load(resolverPath, allowOutsideRoot: arguments.flag(.allowOutsideRoot)) {
        case .success(let document): loaded = document
        case .failure(let failed): return failure(failed.diagnostics, failed.sources, "nothing was written")
        }
        let document = loaded.document
        var permutations: [[String: String]]
        do {
            permutations = try document.permutations(fixing: input)
        } catch {
            return failure(document.warnings + error.diagnostics, loaded.sources, "nothing was written")
        }
        // The base: the permutation of every default the inputs leave open.
        let isDefault = { (permutation: [String: String]) in
            document.modifiers.allSatisfy { modifier in
                input.keys.contains { $0.lowercased() == modifier.name.lowercased() }
                    || permutation[modifier.name] == (modifier.defaultContext ?? modifier.contexts.first)
            }
        }
        let baseIndex = permutations.firstIndex(where: isDefault) ?? 0
        permutations.insert(permutations.remove(at: baseIndex), at: 0)
        if !arguments.flag(.variantAll) { permutations = [permutations[0]] }
        let base = permutations[0]
        var resolver = ThemeResolver(document: document)
        var variants: [ExportVariant] = []
        var warnings = document.warnings
        var seen = Set(warnings)
        let modifiers = document.modifiers.map(\.name)
        for permutation in permutations {
            do throws(DiagnosticError) {
                let theme = try resolver.resolve(permutation, policy: arguments.readingPolicy)
                warnings += theme.diagnostics.filter { seen.insert($0).inserted }
                let conditions = document.modifiers.filter { permutation[$0.name] != base[$0.name] }.map {
                    ExportVariant.Condition($0.name, permutation[$0.name]!)
                }
                let name = String(
                    ResolveCommand.fileName(permutation, modifiers, format: "json").dropLast(".json".count))
                variants.append(
                    ExportVariant(
                        name: name, conditions: conditions, appearance: appearance(of: permutation, document.modifiers),
                        theme: theme))
            } catch {
                let label = modifiers.map { "\($0)=\(permutation[$0]!)" }.joined(separator: ", ")
                return failure(
                    warnings + error.diagnostics, loaded.sources, "in the permutation \(label); nothing was written")
            }
        }
        let varied =
            arguments.flag(.variantAll)
            ? document.modifiers.filter { modifier in
                !input.keys.contains { $0.lowercased() == modifier.name.lowercased() }
            } : []
        return .success(
            VariantLoading(variants: variants, sources: loaded.sources, warnings: warnings, variedModifiers: varied))
    }

    /// A theme file's name without its folder and extensions: `Themes/dark.json` is `dark`.
    static func themeName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.split(separator: ".").first.map(String.init) ?? file
        return stem.isEmpty ? "theme" : stem
    }

    /// The appearance a name says (a theme file's, or a context of a modifier that chooses light or dark): dark
    /// when one of its words is `dark`, `night` or `dim`; high contrast when one is `hc` or `contrast` (and none is
    /// `normal`). `dark-high-contrast` and `dark-hc` are both.
    static func appearance(ofName name: String) -> Appearance {
        let words = IdentifierStyle.kebabCase.identifier(for: name)?.split(separator: "-").map(String.init) ?? []
        return Appearance(
            isDark: words.contains { darkNames.contains($0) },
            isHighContrast: (words.contains("contrast") || words.contains("hc")) && !words.contains("normal"))
    }

    /// The names of a dark context or theme.
    static let darkNames: Set<String> = ["dark", "night", "dim"]

    /// The appearance a permutation is for: a modifier that chooses light or dark (``isLuminosity(_:)``) gives
    /// what its context's name says (``appearance(ofName:)``); one whose name holds `contrast` makes it high
    /// contrast in any context but its default (or one named `normal`, `standard`, `default`, `regular` or `low`).
    static func appearance(of permutation: [String: String], _ modifiers: [ResolverDocument.Modifier]) -> Appearance {
        var appearance = Appearance.any
        for modifier in modifiers {
            guard let context = permutation[modifier.name] else { continue }
            if modifier.name.lowercased().contains("contrast") {
                let normal = ["normal", "standard", "default", "low", "regular"].contains(context.lowercased())
                appearance.isHighContrast =
                    appearance.isHighContrast
                    || (!normal && context != (modifier.defaultContext ?? modifier.contexts.first))
            } else if isLuminosity(modifier) {
                let said = self.appearance(ofName: context)
                appearance.isDark = appearance.isDark || said.isDark
                appearance.isHighContrast = appearance.isHighContrast || said.isHighContrast
            }
        }
        return appearance
    }

    /// Whether a modifier chooses between light and dark.
    static func isLuminosity(_ modifier: ResolverDocument.Modifier) -> Bool {
        let name = modifier.name.lowercased().filter(\.isLetter)
        return ["mode", "appearance", "colorscheme", "scheme", "theme", "colormode", "luminosity"].contains(name)
            || modifier.contexts.contains { appearance(ofName: $0).isDark }
    }
}

extension OptionSpec {
    /// `--theme` of the commands that read variants (``VariantLoading``).
    static let variantTheme = OptionSpec(
        name: "theme", valueName: "path", isRepeatable: true,
        help:
            "A theme over the tokens, shown beside them. Repeat for\nseveral: each is its own variant, named after its file\n(Themes/dark.json is dark)."
    )

    /// `--all` of the commands that read variants (``VariantLoading``).
    static let variantAll = OptionSpec(
        name: "all",
        help: "With --resolver: every permutation (or every one the\n--inputs leave open), the default one as the base."
    )

    /// `--appearance` of the commands that read variants (``VariantLoading``).
    static let variantAppearance = OptionSpec(
        name: "appearance", valueName: "variant=appearance", isRepeatable: true,
        help:
            "Declare the appearance a theme or permutation is for: light,\ndark, high-contrast or dark-high-contrast, such as\n--appearance brand-night=dark. Default: what its name says\n(dark, night, high-contrast…)."
    )
}
