import Foundation
import Testing
import ThemeEngineTestSupport
@_spi(Engine) import TokenJSON

@testable import ThemeCLI

@Suite("theme diff")
struct DiffCommandTests {
    static let before = "Tests/ThemeCLITests/Fixtures/diff/before.json"
    static let after = "Tests/ThemeCLITests/Fixtures/diff/after.json"

    @Test(
        "a review fixture in every format (golden files): ripple, rewire, rename, add, remove, composites",
        arguments: ["text", "json", "markdown"])
    func formats(format: String) throws {
        let result = theme("diff", "--from-theme", Self.before, "--to-theme", Self.after, "--format", format)
        #expect(result.exitCode == .findings)
        try expectSnapshot(
            result.output, named: "diff-review.\(format == "markdown" ? "md" : format == "json" ? "json" : "txt")")
    }

    @Test("the JSON has the documented contract")
    func jsonContract() throws {
        let result = theme("diff", "--from-theme", Self.before, "--to-theme", Self.after, "--format", "json")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [[String: Any]]])
        #expect(Set(object.keys) == ["added", "removed", "changed", "rewired", "renamed", "components"])
        let brand = try #require(
            object["changed"]?.first { $0["path"] as? String == "theme.color.text-input.focused.border" })
        #expect(brand["before"] as? String == "#0055ff")
        #expect(brand["after"] as? String == "#0043ce")
        #expect(brand["cause"] as? String == "reference")
        #expect(brand["via"] as? [String] == ["theme.color.border.brand"])
        let component = try #require(object["components"]?.first { $0["property"] as? String == "border" })
        #expect(component["component"] as? String == "TextInput")
        #expect(component["state"] as? String == "focused")
        #expect(object["renamed"]?.first?["from"] as? String == "theme.color.accent")
    }

    @Test("the JSON of a rename found by its references gives the value before the rename after the one after it")
    func jsonRenameWithNewValue() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let base = ##"{"ink": {"$type": "color", "$value": "#111111"}}"##
        let old = ##"{"pair": {"$type": "border", "$value": {"color": "{ink}", "width": "1px", "style": "solid"}}}"##
        let new = ##"{"couple": {"$type": "border", "$value": {"color": "{ink}", "width": "2px", "style": "solid"}}}"##
        for (name, text) in [("base", base), ("old", old), ("new", new)] {
            try text.write(toFile: "\(folder)/\(name).json", atomically: true, encoding: .utf8)
        }
        let result = theme(
            "diff", "--tokens", folder + "/base.json", "--from-theme", folder + "/old.json", "--to-theme",
            folder + "/new.json", "--format", "json")
        #expect(!result.errors.contains("error:"))
        #expect(
            result.output.contains(
                """
                  "renamed": [
                    {
                      "from": "pair",
                      "to": "couple",
                      "value": {
                        "color": "#111111",
                        "width": "2px",
                        "style": "solid"
                      },
                      "before": {
                        "color": "#111111",
                        "width": "1px",
                        "style": "solid"
                      }
                    }
                  ],
                """))
    }

    @Test("light against dark, as a pull request comment: long tables fold (golden file)")
    func darkMarkdown() throws {
        let result = theme("diff", "--to-theme", "Themes/dark.json", "--format", "markdown")
        #expect(result.exitCode == .findings)
        #expect(result.errors == "")
        #expect(result.output.contains("<details><summary>Changed tokens ("))
        try expectSnapshot(result.output, named: "diff-light-dark.md")
    }

    @Test("colour only on a terminal and without NO_COLOR: bold headings, added green, removed red")
    func colour() {
        let arguments = ["diff", "--from-theme", Self.before, "--to-theme", Self.after]
        let terminal = ThemeTool.run(arguments, environment: CommandEnvironment(standardOutputIsTerminal: true))
        #expect(terminal.output.contains("\u{1B}[1mComponents\u{1B}[0m"))
        #expect(terminal.output.contains("\u{1B}[32m  theme.color.new-token"))
        #expect(terminal.output.contains("\u{1B}[31m  theme.color.legacy"))
        let noColor = ThemeTool.run(
            arguments, environment: CommandEnvironment(standardOutputIsTerminal: true, variables: ["NO_COLOR": "1"]))
        #expect(!noColor.output.contains("\u{1B}["))
        #expect(!ThemeTool.run(arguments).output.contains("\u{1B}["))
    }

    @Test("no difference: exit 0 in every format")
    func noDifference() {
        for format in ["text", "json", "markdown"] {
            let result = theme(
                "diff", "--from-theme", "Themes/dark.json", "--to-theme", "Themes/dark.json", "--format", format)
            #expect(result.exitCode == .success)
        }
        #expect(
            theme("diff", "--from-theme", "Themes/dark.json", "--to-theme", "Themes/dark.json").output
                == "No changes.\n")
    }

    @Test("invalid input on either side: exit 2, stdout empty, the error located")
    func invalidInput() {
        let result = theme("diff", "--to-theme", "Tests/ThemeCLITests/Fixtures/typo-theme.json")
        #expect(result.exitCode == .failure)
        #expect(result.output == "")
        #expect(result.errors.contains("typo-theme.json:6:30: error: [unresolved-reference]"))
        #expect(result.errors.hasSuffix("nothing was compared\n"))
    }

    @Test("token sets without component tokens are compared without component impact, with a note")
    func withoutComponents() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ##"{"color": {"blue": {"$value": "#0043ce"}}}"##.write(
            toFile: folder + "/blue.json", atomically: true, encoding: .utf8)
        let result = theme(
            "diff", "--tokens", "Tests/ThemeCLITests/Fixtures/small-tokens.json", "--to-theme", folder + "/blue.json")
        #expect(result.exitCode == .findings)
        #expect(
            result.errors.contains("theme: note: no component impact, as neither side styles a component of the schema")
        )
        #expect(result.output.hasPrefix("0 component properties change;"))
    }

    @Test("a side that loses a component token: the token diff still, and a warning naming what is missing")
    func oneSideLacksComponents() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/icon.json"
        try #"{"theme": {"image": {"text-input": {"error-icon": {"$type": "string", "$value": "oops"}}}}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = theme("diff", "--to-theme", path)
        #expect(result.exitCode == .findings)
        #expect(
            result.errors.contains(
                "\(path):1:81: warning: [missing-style-token] TextInput.normal.errorIcon needs an image"))
        // Each component whose error icon refers to TextInput's says so; the others' impact is shown.
        #expect(
            result.errors.contains(
                "theme: warning: the new side lacks tokens of TextInput that the other side has; its impact is not shown\n"
            ))
        #expect(
            result.errors.contains(
                "theme: warning: the new side lacks tokens of AddressForm that the other side has; its impact is not shown\n"
            ))
        #expect(!result.errors.contains("lacks tokens of Picker"))
        #expect(result.output.contains("theme.image.text-input.error-icon"))
    }

    // MARK: --since

    @Test("--since compares the files at a revision with the working tree, in a real repository")
    func since() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let themePath = folder + "/brand.json"
        try git("init", "-q", in: folder)
        try ##"{"theme": {"color": {"border": {"brand": {"$value": "#0055ff"}}}}}"##.write(
            toFile: themePath, atomically: true, encoding: .utf8)
        try git("add", ".", in: folder)
        try git("commit", "-q", "-m", "brand", in: folder)
        try ##"{"theme": {"color": {"border": {"brand": {"$value": "#7c3aed"}}}}}"##.write(
            toFile: themePath, atomically: true, encoding: .utf8)

        let result = ThemeTool.run(
            ["diff", "--since", "HEAD", "--theme", themePath, "--format", "json"], environment: gitEnvironment)
        #expect(result.exitCode == .findings, "\(result.errors)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [[String: Any]]])
        let edited = object["changed"]?.filter { $0["cause"] as? String == "direct" }.compactMap {
            $0["path"] as? String
        }
        #expect(edited == ["theme.color.border.brand"])
        #expect(object["components"]?.count == 14)

        // A file new since the revision is left out of the old side, with a note.
        let newTheme = folder + "/new.json"
        try ##"{"theme": {"color": {"border": {"danger": {"$value": "#ff0000"}}}}}"##.write(
            toFile: newTheme, atomically: true, encoding: .utf8)
        let added = ThemeTool.run(
            ["diff", "--since", "HEAD", "--theme", themePath, "--theme", newTheme], environment: gitEnvironment)
        #expect(added.exitCode == .findings)
        #expect(added.errors.contains("theme: note: \(newTheme) does not exist at HEAD; the old side leaves it out"))

        // A broken file at the revision is reported under its revision name, and nothing is compared.
        try ##"{"theme": {"color": {"border": {"brand": {"$value": "{palette.blue.60}"}}}}}"##.write(
            toFile: themePath, atomically: true, encoding: .utf8)
        try git("add", ".", in: folder)
        try git("commit", "-q", "-m", "broken", in: folder)
        try ##"{"theme": {"color": {"border": {"brand": {"$value": "{palette.blue.600}"}}}}}"##.write(
            toFile: themePath, atomically: true, encoding: .utf8)
        let broken = ThemeTool.run(["diff", "--since", "HEAD", "--theme", themePath], environment: gitEnvironment)
        #expect(broken.exitCode == .failure)
        #expect(broken.output == "")
        #expect(
            broken.errors.hasPrefix(
                "\(themePath)@HEAD:1:53: error: [unresolved-reference] theme.color.border.brand refers to {palette.blue.60}"
            ))
        #expect(broken.errors.hasSuffix("theme: 1 error; nothing was compared\n"))
    }

    @Test("--since with --resolver reads the document and its files at the revision; inputs choose each side")
    func sinceWithResolver() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = ##"""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "themeengine:/defaultTokens.json"}]}},
             "modifiers": {"mode": {"contexts": {"light": [], "dark": [{"$ref": "dark.json"}]}, "default": "light"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/mode"}]}
            """##
        try git("init", "-q", in: folder)
        try document.write(toFile: folder + "/themes.resolver.json", atomically: true, encoding: .utf8)
        try ##"{"theme": {"color": {"border": {"brand": {"$value": "#0055ff"}}}}}"##.write(
            toFile: folder + "/dark.json", atomically: true, encoding: .utf8)
        try git("add", ".", in: folder)
        try git("commit", "-q", "-m", "dark", in: folder)
        try ##"{"theme": {"color": {"border": {"brand": {"$value": "#7c3aed"}}}}}"##.write(
            toFile: folder + "/dark.json", atomically: true, encoding: .utf8)
        let resolver = folder + "/themes.resolver.json"

        // Dark then and now: the one token the change edits.
        let dark = ThemeTool.run(
            [
                "diff", "--resolver", resolver, "--since", "HEAD", "--from-input", "mode=dark", "--to-input",
                "mode=dark", "--format", "json",
            ],
            environment: gitEnvironment)
        #expect(dark.exitCode == .findings, "\(dark.errors)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(dark.output.utf8)) as? [String: [[String: Any]]])
        #expect(
            object["changed"]?.filter { $0["cause"] as? String == "direct" }.compactMap { $0["path"] as? String } == [
                "theme.color.border.brand"
            ])
        // Light then and now: the change does not reach it.
        let light = ThemeTool.run(["diff", "--resolver", resolver, "--since", "HEAD"], environment: gitEnvironment)
        #expect(light.exitCode == .success, "\(light.errors)")

        // A file the document named at the revision that did not exist then is an error at its $ref there.
        try document.replacingOccurrences(
            of: "{\"$ref\": \"dark.json\"}", with: "{\"$ref\": \"dark.json\"}, {\"$ref\": \"extra.json\"}"
        )
        .write(toFile: resolver, atomically: true, encoding: .utf8)
        try git("add", "themes.resolver.json", in: folder)
        try git("commit", "-q", "-m", "extra", in: folder)
        try "{}".write(toFile: folder + "/extra.json", atomically: true, encoding: .utf8)
        let missing = ThemeTool.run(["diff", "--resolver", resolver, "--since", "HEAD"], environment: gitEnvironment)
        #expect(missing.exitCode == .failure)
        #expect(missing.output == "")
        #expect(
            missing.errors.hasPrefix(
                "\(resolver)@HEAD:3:92: error: [invalid-resolver] $ref \"extra.json\": cannot read \(folder)/extra.json: it does not exist at HEAD"
            ),
            "\(missing.errors)")
    }

    @Test("--since reads a .jsonc file's past as JSONC, though it is named path@revision")
    func sinceDialect() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let themePath = folder + "/brand.jsonc"
        try git("init", "-q", in: folder)
        try "// the brand\n{\"theme\": {\"color\": {\"border\": {\"brand\": {\"$value\": \"#0055ff\"},},},},}\n".write(
            toFile: themePath, atomically: true, encoding: .utf8)
        try git("add", ".", in: folder)
        try git("commit", "-q", "-m", "brand", in: folder)
        try
            "// the brand, in violet\n{\"theme\": {\"color\": {\"border\": {\"brand\": {\"$value\": \"#7c3aed\"},},},},}\n"
            .write(toFile: themePath, atomically: true, encoding: .utf8)

        let result = ThemeTool.run(
            ["diff", "--since", "HEAD", "--theme", themePath, "--format", "json"], environment: gitEnvironment)
        #expect(result.exitCode == .findings, "\(result.errors)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [[String: Any]]])
        #expect(object["changed"]?.compactMap { $0["path"] as? String }.contains("theme.color.border.brand") == true)
    }

    @Test("--since with a revision that does not exist, outside a repository, or without git: exit 2 and why")
    func sinceFailures() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/theme.json"
        try "{}".write(toFile: path, atomically: true, encoding: .utf8)

        let outside = ThemeTool.run(["diff", "--since", "HEAD", "--theme", path], environment: gitEnvironment)
        #expect(outside.exitCode == .failure)
        #expect(outside.output == "")
        #expect(outside.errors.hasPrefix("theme: error: cannot read \(path) at revision 'HEAD': "))

        try git("init", "-q", in: folder)
        try git("add", ".", in: folder)
        try git("commit", "-q", "-m", "one", in: folder)
        let badRevision = ThemeTool.run(
            ["diff", "--since", "no-such-branch", "--theme", path], environment: gitEnvironment)
        #expect(badRevision.exitCode == .failure)
        #expect(
            badRevision.errors
                == "theme: error: cannot read \(path) at revision 'no-such-branch': no commit 'no-such-branch'\n")

        let noGit = ThemeTool.run(
            ["diff", "--since", "HEAD", "--theme", path], environment: CommandEnvironment(variables: ["PATH": folder]))
        #expect(noGit.exitCode == .failure)
        #expect(noGit.errors == "theme: error: --since needs git, which was not found on PATH\n")
    }

    @Test("theme diff --help explains the sides, the formats and the exit statuses (golden file)")
    func help() throws {
        let result = theme("diff", "--help")
        #expect(result.exitCode == .success)
        try expectSnapshot(result.output, named: "help-diff.txt")
    }

    @Test(
        "usage errors",
        arguments: [
            (["diff"], "theme: error: say what to compare: --from-theme/--to-theme, or --since <revision>"),
            (
                ["diff", "--theme", "Themes/dark.json"],
                "theme: error: --theme goes with --since; to compare two themes use --from-theme and --to-theme"
            ),
            (
                ["diff", "--since", "HEAD", "--to-theme", "Themes/dark.json"],
                "theme: error: --since compares files with their past; use --theme with it, not --from-theme or --to-theme"
            ),
            (
                ["diff", "--since", "no-such-revision"],
                "theme: error: --since reads the files you name as they were at the revision; name them with --tokens or --theme"
            ),
            (
                ["diff", "--format", "pdf", "--to-theme", "x"],
                "theme: error: --format must be one of text, json, markdown, html; found 'pdf'"
            ),
        ] as [([String], String)])
    func usage(arguments: [String], message: String) {
        let result = ThemeTool.run(arguments)
        #expect(result.exitCode == .usage)
        #expect(result.errors.split(separator: "\n").first.map(String.init) == message)
    }
}
