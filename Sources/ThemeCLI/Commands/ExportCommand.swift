import DesignTokens
import TokenExport

/// `theme export`: writes the tokens in a format apps build with (``ExportFormat/all``).
enum ExportCommand {
    static let name = "export"
    static let abstract = "Export tokens to apps: CSS, Swift, asset catalogs, Android resources, DTCG."

    static let options: [OptionSpec] =
        [
            .exportFormat
        ] + VariantLoading.options + [
            .exportOutput,
            .exportOutputDir,
            .exportKeepReferences,
            .exportMediaQueries,
            .exportAccess,
            .exportTypeName,
        ]

    static let usage = """
        theme export --format css|swift|dtcg [--tokens <path>]... [--theme <path>]... [--output <path>]
               theme export --format xcassets|android|dtcg [--tokens <path>]... [--theme <path>]... --output-dir <path>
               theme export --format <format> --resolver <path> [--input <modifier>=<context>]... [--all] [--output <path> | --output-dir <path>]
        """

    static let discussion = """
        The base is the tokens alone (the bundled defaults unless --tokens names files), or
        a resolver document's default permutation; each --theme (or, with --all, each other
        permutation) is a variant over it. CSS writes the base as :root and each variant as
        what differs, under [data-theme="dark"] or [data-mode="dark"][data-contrast="high"];
        asset catalogs and Android resources hold the variants as appearances (a name or
        context such as dark, night or high-contrast says which), so one catalog holds every
        mode; Swift declares requirement enums for the Theming traits and each variant's
        values; DTCG writes resolved token files.

        Names: Swift camelCase (keywords in backticks), CSS kebab-case, Android snake_case,
        made of the path's words; two tokens with one name are an error naming both.

        EXAMPLES:
          theme export --format css --theme Themes/dark.json --media-queries --output tokens.css
          theme export --format xcassets --resolver Themes/themes.resolver.json --all --output-dir Generated
          theme export --format swift --theme Themes/dark.json --type-name BrandTokens --output BrandTokens.swift
          theme export --format android --theme Themes/dark.json --output-dir app/src/main
          theme export --format dtcg --resolver export/$themes.json --all --output-dir normalised
        """

    static func run(_ arguments: ParsedArguments, environment: CommandEnvironment) -> CommandResult {
        guard arguments.positionals.isEmpty else {
            return Help.usageError(
                "unexpected argument '\(arguments.positionals[0])'; token files go after --tokens or --theme",
                command: Self.self)
        }
        guard let formatName = arguments.value(.exportFormat), let format = ExportFormat.named(formatName) else {
            return Help.usageError(
                "give --format, one of \(ExportFormat.all.map(\.name).joined(separator: ", "))", command: Self.self)
        }
        var options = ExportOptions()
        options.keepReferences = arguments.flag(.exportKeepReferences)
        options.mediaQueries = arguments.flag(.exportMediaQueries)
        if let access = arguments.value(.exportAccess) { options.access = ExportOptions.AccessLevel(rawValue: access)! }
        if let typeName = arguments.value(.exportTypeName) {
            guard IdentifierStyle.upperCamelCase.identifier(for: typeName) == typeName, !typeName.hasPrefix("_"),
                !ExportFormat.swiftReservedNames.contains(typeName)
            else {
                return Help.usageError(
                    "--type-name must be a Swift type name in upper camel case, such as BrandTokens; found '\(typeName)'",
                    command: Self.self)
            }
            options.typeName = typeName
        }
        let formatOptions = [
            (OptionSpec.exportKeepReferences, ["css", "dtcg"]), (.exportMediaQueries, ["css"]),
            (.exportAccess, ["swift"]), (.exportTypeName, ["swift"]),
        ]
        for (option, formats) in formatOptions where arguments.isGiven(option) && !formats.contains(format.name) {
            return Help.usageError(
                "--\(option.name) is for --format \(formats.joined(separator: " or "))", command: Self.self)
        }
        let usesColor = environment.usesColor(terminal: environment.standardErrorIsTerminal)
        let loaded: VariantLoading
        switch VariantLoading.load(arguments, command: Self.self, environment: environment) {
        case .success(let variants): loaded = variants
        case .failure(let failure): return failure.result
        }
        let printer = DiagnosticRenderer(sources: loaded.sources, usesColor: usesColor)
        // Built past errors (`--keep-going`): each theme written without its tokens in error, and the run has findings.
        let (keptGoing, exitCode) = loaded.keptGoing
        let warnings = printer.render(loaded.warnings) + keptGoing
        let isFolder = format.output.isFolder(variants: loaded.variants.count)
        switch (isFolder, arguments.value(.exportOutput), arguments.value(.exportOutputDir)) {
        case (true, _?, _), (true, nil, nil):
            return Help.usageError(
                "--format \(format.name)\(format.output == .folder ? "" : " of several themes") writes a folder: give --output-dir",
                command: Self.self)
        case (false, _, _?):
            return Help.usageError(
                "--format \(format.name) writes one file: give --output, or nothing for standard output",
                command: Self.self)
        default: break
        }
        // Declared appearances are checked variant by variant by the format itself.
        if format.name == "xcassets" || format.name == "android", arguments.values(.variantAppearance).isEmpty,
            let problem = appearanceProblem(loaded.variedModifiers, format: format.name)
        {
            return CommandResult(
                exitCode: .failure,
                standardError: Array((warnings + "theme: error: \(problem); nothing was written\n").utf8))
        }
        let output: ExportOutput
        do {
            output = try format.exporter.init().export(ExportInput(variants: loaded.variants, options: options))
        } catch {
            return printer.failure(error.diagnostics, before: warnings, ending: "nothing was written")
        }
        switch output {
        case .file(let bytes):
            return .output(
                bytes, to: arguments.value(.exportOutput), standardError: warnings, ending: "nothing was written",
                exitCode: exitCode)
        case .folder(let files):
            let directory = arguments.value(.exportOutputDir)!
            do {
                try write(files, into: directory)
            } catch {
                return .cannotWrite(directory, error, after: warnings, ending: "nothing was written")
            }
            let count = files.count
            return CommandResult(
                exitCode: exitCode,
                standardError: Array(
                    (warnings + "theme: wrote \(count) file\(count == 1 ? "" : "s") into \(directory)\n").utf8))
        }
    }

    /// Writes `files` into a staging folder beside `directory`, which replaces it once every file is written.
    static func write(_ files: [ExportedFile], into directory: String) throws(FileSystem.Failure) {
        let staged = try FileOutput.StagedFolder(for: directory)
        do throws(FileSystem.Failure) {
            for file in files {
                switch file.contents {
                case .bytes(let bytes): try staged.write(bytes, at: file.path)
                case .copy(let source):
                    do {
                        try staged.copy(source, to: file.path)
                    } catch {
                        throw FileSystem.Failure(reason: "cannot copy \(source): \(error.reason)")
                    }
                }
            }
            try staged.commit()
        } catch {
            staged.discard()
            throw error
        }
    }

    /// Why the modifiers `--all` varies do not fit a platform's appearances: one that chooses light or dark with
    /// two contexts that say the same appearance (light, dark, light-hc, dark-hc fit; light, dark, dim do not), or
    /// a contrast with more than two contexts.
    private static func appearanceProblem(_ modifiers: [ResolverDocument.Modifier], format: String) -> String? {
        let platform = format == "xcassets" ? "an asset catalog" : "Android's resources"
        for modifier in modifiers where modifier.contexts.count > 2 {
            let contexts = modifier.contexts.joined(separator: ", ")
            if VariantLoading.isLuminosity(modifier) {
                let appearances = modifier.contexts.map(VariantLoading.appearance(ofName:))
                guard Set(appearances).count < appearances.count else { continue }
                return
                    "the modifier \(modifier.name) chooses an appearance among \(modifier.contexts.count) contexts (\(contexts)), and \(platform) has one of each of light, dark and their high-contrast forms; fix it with --input \(modifier.name)=<context>, or declare each with --appearance"
            }
            if modifier.name.lowercased().contains("contrast") {
                return
                    "the modifier \(modifier.name) chooses a contrast among \(modifier.contexts.count) contexts (\(contexts)), and \(platform) has two, normal and high; fix it with --input \(modifier.name)=<context>"
            }
        }
        return nil
    }
}

extension ExportCommand: Command {}

extension OptionSpec {
    /// `--format` of `theme export`.
    static let exportFormat = OptionSpec(
        name: "format", valueName: "format", allowedValues: ExportFormat.all.map(\.name),
        help: ExportFormat.all.map { "\($0.name): \($0.summary)." }.joined(separator: "\n"))

    /// `--output` of `theme export`.
    static let exportOutput = OptionSpec(
        name: "output", valueName: "path",
        help:
            "The file to write (css, swift, dtcg of one theme), replaced\natomically and left untouched on error. Default: standard output."
    )

    /// `--output-dir` of `theme export`.
    static let exportOutputDir = OptionSpec(
        name: "output-dir", valueName: "path",
        help:
            "The folder to write (xcassets, android, dtcg of several\nthemes): made in full beside it, then put in its place, so an\nerror leaves the old folder whole."
    )

    /// `--keep-references` of `theme export`.
    static let exportKeepReferences = OptionSpec(
        name: "keep-references",
        help:
            "css, dtcg: write an alias as a reference to its target\n(var(--palette-blue-400), \"{palette.blue.400}\")."
    )

    /// `--media-queries` of `theme export`.
    static let exportMediaQueries = OptionSpec(
        name: "media-queries",
        help: "css: also write dark and high-contrast variants under\nprefers-color-scheme and prefers-contrast.")

    /// `--access` of `theme export`.
    static let exportAccess = OptionSpec(
        name: "access", valueName: "level", allowedValues: ExportOptions.AccessLevel.allCases.map(\.rawValue),
        help: "swift: the access level of the declarations (default public).")

    /// `--type-name` of `theme export`.
    static let exportTypeName = OptionSpec(
        name: "type-name", valueName: "name",
        help: "swift: the enum that holds the declarations (default\nThemeTokens).")
}
