import DesignTokens

/// What a command produced: its exit status and the bytes for standard output and standard error.
///
/// Commands never write to the process's streams themselves: `theme`'s `main` writes these, and tests read
/// them. Standard output is only filled once a command has succeeded, so it stays empty on error. A large output
/// (a resolved theme) is made as it is written, so that it is never held whole (``writeStandardOutput(to:)``).
public struct CommandResult: Sendable {
    public var exitCode: ExitCode
    public var standardError: [UInt8]
    /// Writes standard output.
    private let writeOutput: OutputSink.Writer

    public init(exitCode: ExitCode, standardOutput: [UInt8] = [], standardError: [UInt8] = []) {
        self.init(exitCode: exitCode, standardError: standardError) { (sink) throws(FileSystem.Failure) in
            try sink.write(standardOutput)
        }
    }

    /// A result whose standard output `writeOutput` makes as it writes it.
    package init(
        exitCode: ExitCode, standardError: [UInt8] = [], writingOutput writeOutput: @escaping OutputSink.Writer
    ) {
        self.exitCode = exitCode
        self.standardError = standardError
        self.writeOutput = writeOutput
    }

    /// Standard output's bytes, made in memory each time they are read.
    public var standardOutput: [UInt8] { OutputSink.collect(writeOutput) }

    /// Writes standard output into `sink` as it is made.
    /// - Throws: why `sink` could not be written.
    package func writeStandardOutput(to sink: inout OutputSink) throws(FileSystem.Failure) {
        try writeOutput(&sink)
    }

    /// Standard output as text.
    public var output: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as text.
    public var errors: String { String(decoding: standardError, as: UTF8.self) }
}

/// What a command may know of the world it runs in, passed in so tests can set it.
public struct CommandEnvironment: Sendable {
    /// Whether standard error is a terminal (colour is only used on one).
    public var standardErrorIsTerminal: Bool
    /// Whether standard output is a terminal.
    public var standardOutputIsTerminal: Bool
    /// Environment variables (`NO_COLOR`, `TERM`; `PATH`, where `theme diff --since` looks for git).
    public var variables: [String: String]
    /// Whether the process exits as soon as the command returns (the `theme` tool): large results are then
    /// left for the operating system to take back instead of being freed object by object. Only the package's
    /// own executable sets it; a library user in a long-running process must not, or every theme would leak.
    package var exitsAfterCommand = false

    public init(
        standardErrorIsTerminal: Bool = false, standardOutputIsTerminal: Bool = false, variables: [String: String] = [:]
    ) {
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.variables = variables
    }

    /// Whether to colour text for a terminal: only on a terminal, never with `NO_COLOR` set (no-color.org),
    /// never on a dumb terminal.
    func usesColor(terminal: Bool) -> Bool {
        guard terminal else { return false }
        if let noColor = variables["NO_COLOR"], !noColor.isEmpty { return false }
        return variables["TERM"] != "dumb"
    }
}
