import Foundation
import DesignTokens
import Testing
@testable import Linting

/// The repository root, found from this file's path.
let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/LintingTests/TestSupport.swift
    return parts.joined(separator: "/")
}()

/// A file of the repository, named by its path relative to the root (as diagnostics show it).
func repositoryFile(_ path: String) throws -> TokenSource {
    var source = try TokenSource(contentsOfFile: repositoryRoot + "/" + path)
    source.name = path
    return source
}

/// A token source from JSON text.
func source(_ json: String, name: String = "theme.json") -> TokenSource {
    TokenSource(name: name, bytes: Array(json.utf8))
}

/// Lints the bundled defaults with `themes` over them.
func lint(_ themes: [TokenSource], _ configuration: LintConfiguration = LintConfiguration()) -> LintReport {
    Linter(configuration).lint([.defaultTokens] + themes)
}

/// The first line of each diagnostic, and its notes, as `theme lint` prints them without source lines.
func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map { diagnostic in
        ([diagnostic.description] + diagnostic.notes.map { note in
            "  " + (note.location.map { "\($0): " } ?? "") + "note: " + note.message
        }).joined(separator: "\n") + "\n"
    }.joined()
}

/// Compares `actual` with the golden file at `path` (relative to the repository root). With
/// `THEME_RECORD_SNAPSHOTS=1` in the environment, writes the file instead, and fails so a re-record is never silent.
func expectSnapshot(_ actual: String, at path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let file = repositoryRoot + "/" + path
    if ProcessInfo.processInfo.environment["THEME_RECORD_SNAPSHOTS"] == "1" {
        try actual.write(toFile: file, atomically: true, encoding: .utf8)
        Issue.record("recorded \(path); run again without THEME_RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOfFile: file, encoding: .utf8) else {
        Issue.record("no golden file \(path); record it with THEME_RECORD_SNAPSHOTS=1 swift test", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "output differs from \(path)", sourceLocation: sourceLocation)
}
