import DesignTokens
import Theming
@_spi(Engine) import TokenJSON

/// The component schema options every command that reads tokens shares, and reading the schema they name.
extension OptionSpec {
    /// `--components`: a team's component schema, over the bundled one.
    static let components = OptionSpec(
        name: "components", valueName: "path",
        help:
            "A component schema (JSON) read over the bundled one\n(Tokens/components.json): its components are added, and\nreplace bundled ones of the same name."
    )
}

/// The component schema a command line names: the bundled one, with `--components` read over it.
enum ComponentLoading {
    /// The schema, or the command's result when the file cannot be read or used: its problems, located, on standard
    /// error, exit status 2.
    static func schema(_ arguments: ParsedArguments, environment: CommandEnvironment) -> Result<ComponentSchema, Failed>
    {
        guard let path = arguments.value(.components) else { return .success(.bundled) }
        let source: TokenSource
        do {
            source = try TokenSource(contentsOfFile: path)
        } catch {
            return .failure(failed(error.diagnostics, sources: [], environment: environment))
        }
        do {
            return .success(try ComponentSchema(source, over: .bundled))
        } catch {
            return .failure(
                failed(error.diagnostics, sources: [source, ComponentSchema.bundledSource], environment: environment))
        }
    }

    /// The component of `schema` a `--component` value names: exactly, else without regard to case; nil with a usage
    /// message (and the nearest name) when there is none.
    static func component(named name: String, in schema: ComponentSchema) -> Result<ComponentDefinition, UsageError> {
        if let exact = schema[name] { return .success(exact) }
        if let folded = schema.components.first(where: { $0.name.lowercased() == name.lowercased() }) {
            return .success(folded)
        }
        let hint = Suggestion.hint(for: name, among: schema.names) { "'\($0)'" }
        return .failure(
            UsageError(
                message:
                    "the component schema has no component '\(name)'\(hint)\(hint.isEmpty ? ";" : "") theme resolve --list-components lists them"
            ))
    }

    /// A command result that ends the command early, as an error for `Result`.
    struct Failed: Error {
        var result: CommandResult
    }

    private static func failed(_ diagnostics: [Diagnostic], sources: [TokenSource], environment: CommandEnvironment)
        -> Failed
    {
        let renderer = DiagnosticRenderer(
            sources: sources, usesColor: environment.usesColor(terminal: environment.standardErrorIsTerminal))
        return Failed(
            result: renderer.failure(diagnostics, ending: "the component schema cannot be used; nothing was written"))
    }
}
