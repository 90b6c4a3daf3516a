import DesignTokens

/// How a command hands over what it made: on standard output, or into the file `--output` names.
extension CommandResult {
    /// Success with `output` on standard output, or, with a `path`, `output` written there atomically (the file
    /// is replaced only once it is whole) and nothing on standard output.
    /// - Parameters:
    ///   - standardError: what the command says besides (its warnings).
    ///   - ending: what the error says after the reason when the write fails (`nothing was written`).
    ///   - exitCode: the status once written: `.findings` for a theme built past its errors.
    static func output(
        _ output: @escaping OutputSink.Writer, to path: String?, standardError: String, ending: String? = nil,
        exitCode: ExitCode = .success
    ) -> CommandResult {
        guard let path else {
            return CommandResult(exitCode: exitCode, standardError: Array(standardError.utf8), writingOutput: output)
        }
        do {
            try FileOutput.writeAtomically(to: path, output)
        } catch {
            return cannotWrite(path, error, after: standardError, ending: ending)
        }
        return CommandResult(exitCode: exitCode, standardError: Array(standardError.utf8))
    }

    /// ``output(_:to:standardError:ending:exitCode:)`` of bytes made whole.
    static func output(
        _ bytes: [UInt8], to path: String?, standardError: String, ending: String? = nil,
        exitCode: ExitCode = .success
    ) -> CommandResult {
        output(
            { (sink) throws(FileSystem.Failure) in try sink.write(bytes) }, to: path, standardError: standardError,
            ending: ending, exitCode: exitCode)
    }

    /// A write that failed: `theme: error: cannot write PATH: REASON[; ENDING]` after `standardError`, exit 2.
    static func cannotWrite(
        _ path: String, _ error: FileSystem.Failure, after standardError: String, ending: String? = nil
    ) -> CommandResult {
        let reason = Diagnostic.bounded("cannot write \(path): \(error.reason)")
        let message = standardError + "theme: error: \(reason)\(ending.map { "; " + $0 } ?? "")\n"
        return CommandResult(exitCode: .failure, standardError: Array(message.utf8))
    }
}
