/// The help texts of `theme` and its commands, built from the commands' own descriptions.
enum Help {
    static let exitStatus = """
        EXIT STATUS:
          0   success
          1   findings: the command ran and has something to report
          2   invalid input or an I/O failure; nothing was written
          64  usage error
        """

    static func overview(commands: [any Command.Type]) -> String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  \($0.name.padding(to: width))  \($0.abstract)" }.joined(separator: "\n")
        return """
            OVERVIEW: ThemeEngine's command-line tool: resolve, lint, export and preview design tokens (W3C DTCG 2025.10)
            and themes layered over them.

            USAGE: theme <command> [options]

            COMMANDS:
            \(list)

            Run 'theme <command> --help' for the options of a command.

            OPTIONS:
              -h, --help   Show this help.
              --version    Show the version.

            \(exitStatus)

            """
    }

    static func help(for command: any Command.Type) -> String {
        var text = "OVERVIEW: \(command.abstract)\n\nUSAGE: \(command.usage)\n\nOPTIONS:\n"
        let labels = command.options.map { "--\($0.name)" + ($0.valueName.map { " <\($0)>" } ?? "") }
        let width = max(labels.map(\.count).max() ?? 0, "-h, --help".count)
        for (option, label) in zip(command.options, labels) {
            let lines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                text += "  " + (index == 0 ? label : "").padding(to: width) + "  " + line + "\n"
            }
        }
        text += "  " + "-h, --help".padding(to: width) + "  Show this help.\n\n"
        text += command.discussion + "\n\n" + exitStatus + "\n"
        return text
    }

    /// A usage error: the message, then the command's usage line, exit status 64.
    static func usageError(_ message: String, command: (any Command.Type)?) -> CommandResult {
        let usage =
            command.map { "USAGE: \($0.usage)\nRun 'theme \($0.name) --help' for more.\n" }
            ?? "USAGE: theme <command> [options]\nRun 'theme --help' for more.\n"
        return CommandResult(exitCode: .usage, standardError: Array("theme: error: \(message)\n\(usage)".utf8))
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
