import Foundation
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

/// `--keep-going`: a team adopts `theme` while it fixes its files. Every token that resolves is written, the tokens
/// in error and those that depend on them are left out, each error is reported, and the run exits 1.
@Suite("--keep-going")
struct KeepGoingCommandTests {
    static let folder = "Tests/ThemeCLITests/Fixtures/keep-going"
    static let mistakes = "\(folder)/mistakes.json"
    /// The tokens of the fixture that resolve: none in error, none depending on one.
    static let resolved = """
        {
          "color.brand": "#0055ff",
          "color.text": "#0055ff",
          "size.sm": "4px",
          "size.untyped": "8px"
        }

        """
    static let summary = "theme: 5 errors; 6 tokens left out, in error or depending on one; the rest written\n"

    @Test("resolve writes what resolves, reports every error, and exits 1; without it, exit 2 and nothing written")
    func resolve() throws {
        let kept = theme("resolve", "--tokens", Self.mistakes, "--format", "flat", "--keep-going")
        #expect(kept.exitCode == .findings)
        #expect(kept.output == Self.resolved)
        #expect(kept.errors.hasSuffix(Self.summary))
        let stopped = theme("resolve", "--tokens", Self.mistakes, "--format", "flat")
        #expect(stopped.exitCode == .failure)
        #expect(stopped.output == "")
        // The same errors either way.
        let errorLines = { (text: String) in text.split(separator: "\n").filter { $0.contains(": error: [") } }
        #expect(errorLines(kept.errors) == errorLines(stopped.errors))
        #expect(errorLines(kept.errors).count == 5)
        let folder = try TemporaryDirectory().path
        let output = folder + "/out.json"
        let written = theme(
            "resolve", "--tokens", Self.mistakes, "--format", "flat", "--keep-going", "--output", output)
        #expect(written.exitCode == .findings)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == Self.resolved)
    }

    @Test(
        "a file without errors resolves byte for byte as without --keep-going, exit 0",
        arguments: ["flat", "json", "text"])
    func cleanFile(format: String) {
        let kept = theme("resolve", "--tokens", "\(Self.folder)/clean.json", "--format", format, "--keep-going")
        let plain = theme("resolve", "--tokens", "\(Self.folder)/clean.json", "--format", format)
        #expect(kept.exitCode == .success)
        #expect(kept.output == plain.output)
        #expect(kept.errors == plain.errors)
    }

    @Test("lint checks what resolves beside the errors, which stay errors")
    func lint() {
        let result = theme("lint", "--tokens", Self.mistakes, "--keep-going", "--format", "json")
        #expect(result.exitCode == .findings)
        #expect(result.output.components(separatedBy: #""severity": "error""#).count - 1 == 5)
    }

    @Test("diff compares what resolves on each side, says what each leaves out, and exits 1")
    func diff() {
        let result = theme(
            "diff", "--tokens", "\(Self.folder)/clean.json", "--to-theme", Self.mistakes, "--keep-going",
            "--format", "json")
        #expect(result.exitCode == .findings)
        #expect(result.output.contains(#""size.untyped""#))
        #expect(
            result.errors.contains(
                "tokens left out, in error or depending on one; the new side compared as if they were not there"))
        #expect(
            theme("diff", "--tokens", "\(Self.folder)/clean.json", "--to-theme", Self.mistakes).exitCode == .failure)
    }

    @Test("export writes what resolves, in every format, and exits 1", arguments: ["css", "dtcg", "swift", "android"])
    func export(format: String) throws {
        let folder = try TemporaryDirectory().path
        var arguments = ["export", "--format", format, "--tokens", Self.mistakes, "--keep-going"]
        arguments += format == "android" ? ["--output-dir", folder + "/out"] : ["--output", folder + "/out"]
        let result = theme(arguments)
        #expect(result.exitCode == .findings, "\(result.errors)")
        #expect(result.errors.contains(Self.summary))
        #expect(FileManager.default.fileExists(atPath: folder + "/out"))
        let stopped = theme(["export", "--format", format, "--tokens", Self.mistakes, "--output-dir", folder + "/no"])
        #expect(stopped.exitCode == .failure)
    }

    @Test("preview draws what resolves, says what it left out, and exits 1")
    func preview() throws {
        let folder = try TemporaryDirectory().path
        let result = theme("preview", "--tokens", Self.mistakes, "--keep-going", "--output", folder + "/preview.html")
        #expect(result.exitCode == .findings, "\(result.errors)")
        #expect(result.errors.hasSuffix(Self.summary))
        #expect(FileManager.default.fileExists(atPath: folder + "/preview.html"))
    }
}
