// `theme`: the ThemeEngine command-line tool. All of its logic lives in ThemeCLI.

import DesignTokens
import ThemeCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

var variables: [String: String] = [:]
for name in ["NO_COLOR", "TERM", "PATH"] {
    if let value = getenv(name) { variables[name] = String(cString: value) }
}
var environment = CommandEnvironment(
    standardErrorIsTerminal: isatty(2) == 1, standardOutputIsTerminal: isatty(1) == 1, variables: variables)
environment.exitsAfterCommand = true
// A run interrupted while it writes (Ctrl-C, a CI job's timeout) removes its temporary files.
TemporaryFiles.removeOnSignals()
let result = ThemeTool.run(Array(CommandLine.arguments.dropFirst()), environment: environment)
var standardOutput = OutputSink(writingTo: 1)
// Standard error is written as far as it can be: there is nowhere left to say why it could not.
var standardError = OutputSink(writingTo: 2)
do {
    try result.writeStandardOutput(to: &standardOutput)
} catch {
    try? standardError.write(
        result.standardError + Array("theme: error: cannot write to standard output: \(error.reason)\n".utf8))
    exit(ExitCode.failure.rawValue)
}
try? standardError.write(result.standardError)
exit(result.exitCode.rawValue)
