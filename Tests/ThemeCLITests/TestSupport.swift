import Foundation
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

let fixtures = repositoryRoot + "/Tests/ThemeCLITests/Fixtures"
let snapshots = repositoryRoot + "/Tests/ThemeCLITests/Snapshots"

/// Runs `theme` in-process from the repository root, so paths in arguments and output are the ones a user types.
func theme(_ arguments: String..., environment: CommandEnvironment = CommandEnvironment()) -> CommandResult {
    theme(arguments, environment: environment)
}

/// `theme` with the arguments in an array.
func theme(_ arguments: [String], environment: CommandEnvironment = CommandEnvironment()) -> CommandResult {
    // Every test changes to the same folder, so running tests in parallel is safe.
    _ = FileManager.default.changeCurrentDirectoryPath(repositoryRoot)
    return ThemeTool.run(arguments, environment: environment)
}

/// Compares `actual` with the golden file `Tests/ThemeCLITests/Snapshots/name` (see ``expectSnapshot(_:at:sourceLocation:)``).
func expectSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try expectSnapshot(actual, at: "Tests/ThemeCLITests/Snapshots/" + name, sourceLocation: sourceLocation)
}

/// Runs git in `folder`, failing the test when it fails.
func git(_ arguments: String..., in folder: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", folder, "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
}

/// An environment in which `theme diff --since` finds git.
var gitEnvironment: CommandEnvironment {
    CommandEnvironment(variables: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
}
