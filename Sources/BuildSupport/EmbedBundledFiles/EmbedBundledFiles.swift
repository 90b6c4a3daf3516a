import PackagePlugin

/// Compiles the files ThemeEngine ships into the modules that serve them, each as a `StaticString`: the bundled
/// design language and its themes into `DesignTokens`, the component schema into `Theming`.
///
/// The JSON files at the top of the package stay the one canonical copy: the generated Swift files live in the
/// build folder, and the library (and so the `theme` binary, copied anywhere) carries the bytes without any
/// resource bundle next to it.
@main
struct EmbedBundledFiles: BuildToolPlugin {
    /// The files each target embeds: the path from the package's folder, and the type the bytes are held by.
    static let files: [String: [(path: String, typeName: String)]] = [
        "DesignTokens": [
            ("Tokens/defaultTokens.json", "EmbeddedDefaultTokens"),
            ("Themes/dark.json", "EmbeddedDarkTheme"),
            ("Themes/high-contrast.json", "EmbeddedHighContrastTheme"),
            ("Themes/themes.resolver.json", "EmbeddedThemesResolver"),
        ],
        "Theming": [
            ("Tokens/components.json", "EmbeddedComponentSchema")
        ],
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        try (Self.files[target.name] ?? []).map { file in
            let input = context.package.directoryURL.appending(path: file.path)
            let output = context.pluginWorkDirectoryURL.appending(path: file.typeName + ".swift")
            return .buildCommand(
                displayName: "Embedding \(file.path)",
                executable: try context.tool(named: "embed-resource").url,
                arguments: [input.path, output.path, file.typeName],
                inputFiles: [input],
                outputFiles: [output]
            )
        }
    }
}
