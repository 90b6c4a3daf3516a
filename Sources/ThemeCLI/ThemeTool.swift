import DesignTokens
@_spi(Engine) import TokenJSON

/// The `theme` command-line tool, as a library: `theme`'s `main` is one call to ``run(_:environment:)``, and
/// tests call it the same way.
public enum ThemeTool {
    /// The tool's version, shown by `theme --version`.
    public static let version = "0.2.0"

    /// Every command, in the order `theme --help` lists them.
    static var commands: [any Command.Type] {
        [ResolveCommand.self, DiffCommand.self, LintCommand.self, ExportCommand.self, PreviewCommand.self]
    }

    /// Runs one command line.
    /// - Parameters:
    ///   - arguments: the arguments after the program name, such as `["resolve", "--format", "text"]`.
    ///   - environment: what the command may know of the terminal and the environment variables.
    /// - Returns: the exit status, the bytes for standard error, and standard output, made as it is written
    ///   (``CommandResult/writeStandardOutput(to:)``) or read (``CommandResult/standardOutput``).
    public static func run(_ arguments: [String], environment: CommandEnvironment = CommandEnvironment())
        -> CommandResult
    {
        guard let first = arguments.first else {
            return CommandResult(exitCode: .usage, standardError: Array(Help.overview(commands: commands).utf8))
        }
        switch first {
        case "-h", "--help", "help":
            if first == "help", arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                return CommandResult(exitCode: .success, standardOutput: Array(Help.help(for: command).utf8))
            }
            return CommandResult(exitCode: .success, standardOutput: Array(Help.overview(commands: commands).utf8))
        case "--version":
            guard arguments.count == 1 else {
                return Help.usageError("unexpected argument '\(arguments[1])' after --version", command: nil)
            }
            return CommandResult(exitCode: .success, standardOutput: Array("theme \(version)\n".utf8))
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let hint = Suggestion.hint(for: first, among: commands.map { $0.name }) { "'\($0)'" }
            let what = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"
            return Help.usageError(what + hint, command: nil)
        }
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(Array(arguments.dropFirst()), options: command.options)
        } catch {
            return Help.usageError(error.message, command: command)
        }
        if parsed.flag(.help) {
            return CommandResult(exitCode: .success, standardOutput: Array(Help.help(for: command).utf8))
        }
        return command.run(parsed, environment: environment)
    }
}
