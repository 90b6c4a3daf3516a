import Foundation
import Testing
@testable import ThemeCLI

/// The repository's root folder, found from this file's path.
let repositoryRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }  // …/Tests/ThemeCLITests/TestSupport.swift
    return path
}()

let fixtures = repositoryRoot + "/Tests/ThemeCLITests/Fixtures"
let snapshots = repositoryRoot + "/Tests/ThemeCLITests/Snapshots"

/// Runs `theme` in-process from the repository root, so paths in arguments and output are the ones a user types.
func theme(_ arguments: String..., environment: CommandEnvironment = CommandEnvironment()) -> CommandResult {
    // Every test changes to the same folder, so running tests in parallel is safe.
    _ = FileManager.default.changeCurrentDirectoryPath(repositoryRoot)
    return ThemeTool.run(arguments, environment: environment)
}

/// Compares `actual` with the golden file `Snapshots/name`. With `THEME_RECORD_SNAPSHOTS=1` in the environment,
/// writes the file instead, and fails so a re-record is never silent.
func expectSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = snapshots + "/" + name
    if ProcessInfo.processInfo.environment["THEME_RECORD_SNAPSHOTS"] == "1" {
        try actual.write(toFile: path, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name); run again without THEME_RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
        Issue.record("no snapshot \(name); record it with THEME_RECORD_SNAPSHOTS=1 swift test", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "output differs from Snapshots/\(name)", sourceLocation: sourceLocation)
}

/// A fresh temporary folder, removed by the caller.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "theme-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
