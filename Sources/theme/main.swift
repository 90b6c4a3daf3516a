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
var standardOutput = OutputSink(file: FileSystem.OpenFile(writingTo: 1))
do {
    try result.writeStandardOutput(to: &standardOutput)
} catch {
    FileSystem.write(
        result.standardError + Array("theme: error: cannot write to standard output: \(error.reason)\n".utf8),
        toDescriptor: 2)
    exit(ExitCode.failure.rawValue)
}
FileSystem.write(result.standardError, toDescriptor: 2)
exit(result.exitCode.rawValue)
