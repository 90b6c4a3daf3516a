import PackagePlugin

/// Compiles `Tokens/defaultTokens.json` into the `DesignTokens` module as a `StaticString`.
///
/// The JSON file at the top of the package stays the one canonical copy: the generated Swift file lives in the
/// build folder, and the library (and so the `theme` binary, copied anywhere) carries the bytes without any
/// resource bundle next to it.
@main
struct EmbedDefaultTokens: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let input = context.package.directoryURL.appending(path: "Tokens").appending(path: "defaultTokens.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedDefaultTokens.swift")
        return [
            .buildCommand(
                displayName: "Embedding Tokens/defaultTokens.json",
                executable: try context.tool(named: "embed-resource").url,
                arguments: [input.path, output.path, "EmbeddedDefaultTokens"],
                inputFiles: [input],
                outputFiles: [output]
            )
        ]
    }
}
