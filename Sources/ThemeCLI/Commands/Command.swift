/// One subcommand of `theme`: its name, help and behaviour. Commands are stateless; `run` gets the parsed
/// command line and returns what to print.
protocol Command {
    static var name: String { get }
    /// One line for `theme --help`.
    static var abstract: String { get }
    static var usage: String { get }
    static var options: [OptionSpec] { get }
    /// More help: what the command does in detail, and examples.
    static var discussion: String { get }
    static func run(_ arguments: ParsedArguments, environment: CommandEnvironment) -> CommandResult
}

extension ResolveCommand: Command {}
extension LintCommand: Command {}
