import DesignTokens
import ThemePreview
import Theming

/// `theme preview`: draws every component of the schema in every state, for each theme side by side.
enum PreviewCommand {
    static let name = "preview"
    static let abstract = "Draw the themed components, each theme side by side, as HTML or SVG."

    static let options: [OptionSpec] =
        VariantLoading.options + [
            .components,
            .previewFormat,
            .previewOutput,
        ]

    static let usage = """
        theme preview [--tokens <path>]... [--theme <path>]... [--components <path>] [--format html|svg] [--output <path>]
               theme preview --resolver <path> [--input <modifier>=<context>]... [--all] [--format html|svg] [--output <path>]
        """

    static let discussion = """
        Draws, to scale, every component of the component schema in every state with each
        theme's colours, typography, border widths, radii, paddings, heights and icons (an
        icon without a file as its asset name in a dashed box), under swatches of the colours
        renderers name with their contrast on the theme's surface. The base (the tokens
        alone, or a resolver document's default permutation) comes first, then each --theme
        or, with --all, each other permutation. A component the tokens do not style says how
        many tokens it lacks.

        EXAMPLES:
          theme preview --theme Themes/dark.json --theme Themes/high-contrast.json --output preview.html
          theme preview --resolver Themes/themes.resolver.json --all --output preview.html
          theme preview --tokens brand.json --components brand-components.json --format svg --output brand.svg
        """

    static func run(_ arguments: ParsedArguments, environment: CommandEnvironment) -> CommandResult {
        guard arguments.positionals.isEmpty else {
            return Help.usageError(
                "unexpected argument '\(arguments.positionals[0])'; token files go after --tokens or --theme",
                command: Self.self)
        }
        let schema: ComponentSchema
        switch ComponentLoading.schema(arguments, environment: environment) {
        case .success(let loaded): schema = loaded
        case .failure(let failed): return failed.result
        }
        let loaded: VariantLoading
        switch VariantLoading.load(arguments, command: Self.self, environment: environment) {
        case .success(let variants): loaded = variants
        case .failure(let failure): return failure.result
        }
        let usesColor = environment.usesColor(terminal: environment.standardErrorIsTerminal)
        let (keptGoing, exitCode) = loaded.keptGoing
        let warnings =
            DiagnosticRenderer(sources: loaded.sources, usesColor: usesColor).render(loaded.warnings) + keptGoing
        let preview = ThemePreview(
            loaded.variants.map { ThemePreview.Column(name: $0.name, theme: Theme($0.theme, components: schema)) })
        let text = arguments.value(.previewFormat) == "svg" ? preview.svg() : preview.html()
        return .output(
            Array(text.utf8), to: arguments.value(.previewOutput), standardError: warnings,
            ending: "nothing was written", exitCode: exitCode)
    }
}

extension PreviewCommand: Command {}

extension OptionSpec {
    /// `--format` of `theme preview`.
    static let previewFormat = OptionSpec(
        name: "format", valueName: "format", allowedValues: ["html", "svg"],
        help: "html (default): a page holding the picture; svg: the picture.")

    /// `--output` of `theme preview`.
    static let previewOutput = OptionSpec(
        name: "output", valueName: "path",
        help: "The file to write, replaced atomically and left untouched\non error. Default: standard output.")
}
