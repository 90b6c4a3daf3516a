/// The exit statuses of every `theme` command.
public enum ExitCode: Int32, Sendable {
    /// Done, nothing to report.
    case success = 0
    /// Done, and there are findings: a diff found differences, lint found errors.
    case findings = 1
    /// Invalid input or an I/O failure: nothing was written.
    case failure = 2
    /// The command line itself is wrong (sysexits' EX_USAGE).
    case usage = 64
}
