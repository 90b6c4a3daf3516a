import DesignTokens
import Foundation
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

@Suite("theme resolve")
struct ResolveCommandTests {
    // MARK: Output formats (golden files)

    @Test("--format json on the bundled defaults writes the resolved DTCG tree")
    func defaultTree() throws {
        let result = theme("resolve")
        #expect(result.exitCode == .success)
        #expect(result.errors == "")
        try expectSnapshot(result.output, named: "resolve-default.json")
    }

    @Test("--format flat with the dark theme writes sorted paths and compact values")
    func darkFlat() throws {
        let result = theme("resolve", "--theme", "Themes/dark.json", "--format", "flat")
        #expect(result.exitCode == .success)
        #expect(result.errors == "")
        try expectSnapshot(result.output, named: "resolve-dark-flat.json")
    }

    @Test("--format text with the high-contrast theme writes an aligned table")
    func highContrastText() throws {
        let result = theme("resolve", "--theme", "Themes/high-contrast.json", "--format", "text")
        #expect(result.exitCode == .success)
        try expectSnapshot(result.output, named: "resolve-high-contrast.txt")
    }

    @Test("every output form of a small token set", arguments: ["json", "flat", "text"])
    func smallTokens(format: String) throws {
        let result = theme("resolve", "--tokens", "Tests/ThemeCLITests/Fixtures/small-tokens.json", "--format", format)
        #expect(result.exitCode == .success)
        #expect(result.errors == "")
        try expectSnapshot(result.output, named: "resolve-small.\(format == "text" ? "txt" : format + ".json")")
    }

    @Test("flat output is valid JSON whose keys are sorted and whose colours are hex")
    func flatIsSortedJSON() throws {
        let result = theme("resolve", "--format", "flat")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any])
        let keys = result.output.split(separator: "\n").compactMap { line -> String? in
            guard let quote = line.firstIndex(of: "\""), line.hasPrefix("  \"") else { return nil }
            return String(line[line.index(after: quote)...].prefix(while: { $0 != "\"" }))
        }
        #expect(keys.count == object.count)
        #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(object["theme.color.input.focused.border"] as? String == "#0055ff")
        #expect(object["theme.radius.input.default"] as? String == "8px")
    }

    // MARK: Errors

    @Test("bad input: every error located, with source line and caret; stdout empty; exit 2")
    func errorsAreLocated() throws {
        let result = theme("resolve", "--theme", "Tests/ThemeCLITests/Fixtures/typo-theme.json", "--format", "flat")
        #expect(result.exitCode == .failure)
        #expect(result.standardOutput.isEmpty)
        try expectSnapshot(result.errors, named: "resolve-typo-theme.stderr")
    }

    @Test("a missing file is reported with its name; exit 2")
    func missingFile() {
        let result = theme("resolve", "--theme", "Themes/nope.json")
        #expect(result.exitCode == .failure)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.errors
                == "theme: error: [unreadable-file] cannot read Themes/nope.json: No such file or directory\ntheme: nothing was resolved\n"
        )
    }

    /// `/dev/zero` never ends: it is read only as far as the largest token file, then refused.
    @Test("an endless --tokens file (/dev/zero) is refused with the limit; exit 2, stdout empty")
    func endlessTokens() {
        let result = theme("resolve", "--tokens", "/dev/zero")
        #expect(result.exitCode == .failure)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.errors == """
                theme: error: [unreadable-file] cannot read /dev/zero: it is larger than 256 MiB, the most a token file may be
                theme: nothing was resolved

                """)
    }

    /// A sparse file one byte over the limit: its size is refused before any of it is read.
    @Test("a --tokens file over the limit is refused by its size; exit 2, stdout empty")
    func oversizedTokens() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/huge.json"
        try #require(FileManager.default.createFile(atPath: path, contents: nil))
        let file = try #require(FileHandle(forWritingAtPath: path))
        try file.truncate(atOffset: UInt64(FileSystem.maximumFileSize) + 1)
        try file.close()
        let result = theme("resolve", "--tokens", path)
        #expect(result.exitCode == .failure)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.errors == """
                theme: error: [unreadable-file] cannot read \(path): it is larger than 256 MiB, the most a token file may be
                theme: nothing was resolved

                """)
    }

    @Test("invalid JSON points at the exact character")
    func invalidJSON() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/broken.json"
        try "{\n  \"a\": {\"$value\": 1, \"$type\": \"number\",}\n}\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = theme("resolve", "--tokens", path)
        #expect(result.exitCode == .failure)
        #expect(
            result.errors == """
                \(path):2:39: error: [invalid-json] trailing comma before '}'; remove the comma, or rename the file to .jsonc to allow trailing commas
                  "a": {"$value": 1, "$type": "number",}
                \(String(repeating: " ", count: 38))^
                theme: 1 error; nothing was written

                """)
    }

    @Test("warnings go to stderr and do not fail the command")
    func warningsDoNotFail() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/theme.json"
        try ##"{"theme": {"color": {"border": {"brnad": {"$value": "#ff0000"}}}}}"##.write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = theme("resolve", "--theme", path, "--format", "flat")
        #expect(result.exitCode == .success)
        #expect(result.output.contains("\"theme.color.border.brnad\": \"#ff0000\""))
        #expect(
            result.errors.contains(
                "warning: [unmatched-override] theme.color.border.brnad does not override any token of the layers below; did you mean theme.color.border.brand?"
            ))
    }

    @Test("a second --tokens file is more of the base set: its new tokens are not unmatched overrides")
    func secondTokensFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/more.json"
        try ##"{"extra": {"$type": "number", "n": {"$value": 1}}}"##.write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = theme("resolve", "--tokens", "Tokens/defaultTokens.json", "--tokens", path, "--format", "flat")
        #expect(result.exitCode == .success)
        #expect(result.output.contains("\"extra.n\": 1"))
        #expect(result.errors == "")
    }

    @Test("info diagnostics of one rule past five fold into one line; lint lists every one")
    func infoFolds() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/p3.json"
        let colours = (0..<12).map {
            #""c\#($0)": {"$value": {"colorSpace": "display-p3", "components": [1, 0.\#($0 + 10), 0]}}"#
        }
        try (#"{"p3": {"$type": "color", "# + colours.joined(separator: ", ") + "}}").write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = theme("resolve", "--tokens", path, "--format", "flat")
        #expect(result.exitCode == .success)
        let lines = result.errors.split(separator: "\n").filter { $0.contains("[gamut-mapped]") }
        #expect(lines.count == 6)
        #expect(lines.last == "theme: info: [gamut-mapped] 7 more like these; theme lint lists every one")
        let lint = theme("lint", "--tokens", path, "--rule", "missing-style-token=off")
        #expect(lint.output.split(separator: "\n").filter { $0.contains("[gamut-mapped]") }.count == 12)
    }

    // MARK: Colour

    @Test("colour on a terminal, none with NO_COLOR or when not a terminal")
    func colour() {
        let arguments = ["resolve", "--theme", "Tests/ThemeCLITests/Fixtures/typo-theme.json"]
        _ = FileManager.default.changeCurrentDirectoryPath(repositoryRoot)
        let terminal = ThemeTool.run(
            arguments,
            environment: CommandEnvironment(standardErrorIsTerminal: true, variables: ["TERM": "xterm-256color"]))
        #expect(terminal.errors.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let noColor = ThemeTool.run(
            arguments, environment: CommandEnvironment(standardErrorIsTerminal: true, variables: ["NO_COLOR": "1"]))
        #expect(!noColor.errors.contains("\u{1B}["))
        let dumb = ThemeTool.run(
            arguments, environment: CommandEnvironment(standardErrorIsTerminal: true, variables: ["TERM": "dumb"]))
        #expect(!dumb.errors.contains("\u{1B}["))
        let piped = ThemeTool.run(arguments, environment: CommandEnvironment(standardErrorIsTerminal: false))
        #expect(!piped.errors.contains("\u{1B}["))
    }

    // MARK: --output

    @Test("--output writes the file and nothing to stdout")
    func outputFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.json"
        let result = theme("resolve", "--format", "flat", "--output", path)
        #expect(result.exitCode == .success)
        #expect(result.standardOutput.isEmpty)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == theme("resolve", "--format", "flat").output)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.json"])  // no temporary left
    }

    @Test("--output leaves the old file untouched when resolution fails")
    func outputUntouchedOnError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.json"
        try "previous contents\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = theme("resolve", "--theme", "Tests/ThemeCLITests/Fixtures/typo-theme.json", "--output", path)
        #expect(result.exitCode == .failure)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous contents\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.json"])
    }

    @Test("--output into a folder that does not exist is an I/O failure")
    func outputIntoMissingFolder() {
        let result = theme("resolve", "--output", "/nonexistent-folder/out.json")
        #expect(result.exitCode == .failure)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.errors.hasPrefix(
                "theme: error: cannot write /nonexistent-folder/out.json: No such file or directory"))
    }

    @Test("--output through a symbolic link writes the file it names and leaves the link a link")
    func outputThroughLink() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "previous contents\n".write(toFile: directory + "/out.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.json", withDestinationPath: "out.json")
        let result = theme("resolve", "--format", "flat", "--output", directory + "/link.json")
        #expect(result.exitCode == .success)
        #expect(
            try String(contentsOfFile: directory + "/out.json", encoding: .utf8)
                == theme("resolve", "--format", "flat").output)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.json") == "out.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["link.json", "out.json"])
    }

    @Test("--output naming a folder is an I/O failure that leaves the folder as it is")
    func outputIntoFolder() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = theme("resolve", "--output", directory)
        #expect(result.exitCode == .failure)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errors == "theme: error: cannot write \(directory): it is a directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }

    /// `/dev/full` fails every write. Its destination is checked first, so that the test cannot replace it.
    @Test(
        "--output /dev/full is an I/O failure with the system's reason, and /dev/full stays a character device",
        .enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")))
    func outputIntoFullDevice() throws {
        try #require(try FileOutput.destination(of: "/dev/full") == .writeInto("/dev/full"))
        let result = theme("resolve", "--format", "flat", "--output", "/dev/full")
        #expect(result.exitCode == .failure)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errors == "theme: error: cannot write /dev/full: No space left on device\n")
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }
}
