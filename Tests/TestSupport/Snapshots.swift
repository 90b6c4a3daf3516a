import Foundation
import Testing

/// Compares `actual` with the golden file at `path` (relative to the repository root). With
/// `THEME_RECORD_SNAPSHOTS=1` in the environment, writes the file instead, and fails so a re-record is never silent.
public func expectSnapshot(_ actual: String, at path: String, sourceLocation: SourceLocation = #_sourceLocation) throws
{
    let file = repositoryRoot + "/" + path
    if ProcessInfo.processInfo.environment["THEME_RECORD_SNAPSHOTS"] == "1" {
        try actual.write(toFile: file, atomically: true, encoding: .utf8)
        Issue.record("recorded \(path); run again without THEME_RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOfFile: file, encoding: .utf8) else {
        Issue.record(
            "no golden file \(path); record it with THEME_RECORD_SNAPSHOTS=1 swift test", sourceLocation: sourceLocation
        )
        return
    }
    #expect(actual == expected, "output differs from \(path)", sourceLocation: sourceLocation)
}
