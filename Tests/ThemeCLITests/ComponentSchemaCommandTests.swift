import Foundation
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

/// `--components`: a team's own component schema, end to end through every command that reads tokens.
@Suite("theme with --components, and with a design language of its own")
struct ComponentSchemaCommandTests {
    static let folder = "Tests/ThemingTests/Fixtures/schema/"
    static let components = folder + "team-components.json"
    static let teamTokens = folder + "team-tokens.json"
    static let acme = folder + "acme.json"

    @Test("a design language with none of the component tokens resolves and lints clean; --component asks for one")
    func ownDesignLanguage() {
        let lint = theme("lint", "--tokens", Self.acme, "--warnings-as-errors")
        #expect(lint.exitCode == .success)
        #expect(lint.output == "theme lint: no problems in 1 file; contrast not checked\n")
        let asked = theme("lint", "--tokens", Self.acme, "--component", "Toggle")
        #expect(asked.exitCode == .findings)
        #expect(
            asked.output.contains(
                "error: [missing-style-token] Toggle.on.track needs the token 'theme.color.toggle.on.track', which no file defines"
            ))
        #expect(!asked.output.contains("TextInput"))
        let unknown = theme("lint", "--tokens", Self.acme, "--component", "Toogle")
        #expect(unknown.exitCode == .usage)
        #expect(
            unknown.errors.hasPrefix(
                "theme: error: the component schema has no component 'Toogle'; did you mean 'Toggle'?"))
        let resolve = theme("resolve", "--tokens", Self.acme, "--component", "TextInput")
        #expect(resolve.exitCode == .failure)
        #expect(resolve.output.isEmpty)
        #expect(resolve.errors.hasSuffix("theme: 114 errors; nothing was written\n"))
    }

    @Test("a team's component: resolved, listed, linted for the contrast its schema declares, and diffed")
    func teamComponent() throws {
        let resolved = theme(
            "resolve", "--tokens", "Tokens/defaultTokens.json", "--tokens", Self.teamTokens, "--components",
            Self.components, "--component", "Chip")
        #expect(resolved.exitCode == .success, "\(resolved.errors)")
        let chip = try #require(
            try JSONSerialization.jsonObject(with: Data(resolved.output.utf8)) as? [String: [String: String]])
        #expect(chip["alert"] == ["fill": "#0055ff", "label": "#ffffff", "outline": "#0055ff"])
        #expect(chip["neutral"]?["outline"] == "#8f9194")

        let list = theme(
            "resolve", "--tokens", "Tokens/defaultTokens.json", "--tokens", Self.teamTokens, "--components",
            Self.components, "--list-components", "--format", "text")
        #expect(
            list.output.contains(
                "Badge             -                                                                                                            neutral, alert                                       complete"
            ))
        #expect(list.output.hasSuffix("14 of 14 components complete\n"))

        // A theme whose alert label is too faint on the brand fill: lint says so at the team's token.
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let faint = folder + "/faint.json"
        try ##"{"theme": {"color": {"badge": {"alert": {"label": {"$value": "#6b9dff"}}}}}}"##.write(
            toFile: faint, atomically: true, encoding: .utf8)
        let lint = theme(
            "lint", "--tokens", "Tokens/defaultTokens.json", "--tokens", Self.teamTokens, "--theme", faint,
            "--components", Self.components)
        #expect(lint.exitCode == .findings)
        #expect(
            lint.output.contains(
                "\(faint):1:62: error: [min-contrast] theme.color.badge.alert.label #6b9dff on theme.color.badge.alert.fill #0055ff has contrast 2.11:1; text needs 4.5:1 at level AA"
            ))
        #expect(lint.output.contains("(Badge.alert.label and 1 more)"))
        #expect(lint.output.contains("note: the same colours are also drawn as Chip.alert.label on Chip.alert.fill"))

        let diff = theme(
            "diff", "--tokens", "Tokens/defaultTokens.json", "--tokens", Self.teamTokens, "--to-theme", faint,
            "--components", Self.components)
        #expect(diff.exitCode == .findings)
        #expect(diff.output.contains("Badge.alert.label"))
        #expect(diff.output.contains("Chip.alert.label"))
        #expect(diff.output.hasPrefix("2 component properties change;"))
    }

    @Test("a schema with mistakes: every one located, stdout empty, exit 2, nothing written")
    func badSchema() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/out.json"
        try "old".write(toFile: output, atomically: true, encoding: .utf8)
        for command in [["resolve", "--output", output], ["lint"], ["diff", "--to-theme", "Themes/dark.json"]] {
            let result = theme(command + ["--components", Self.folder + "mistakes.json"])
            #expect(result.exitCode == .failure, "\(command)")
            #expect(result.output.isEmpty)
            #expect(
                result.errors.hasPrefix(
                    "\(Self.folder)mistakes.json:3:46: error: [invalid-schema] property Fill.fill has the unknown kind \"colour\""
                ))
            #expect(
                result.errors.contains(
                    "    \"Fill\": {\"properties\": {\"fill\": {\"kind\": \"colour\", \"token\": \"theme.color.fill\"}}},\n"
                ))
            #expect(
                result.errors.hasSuffix("theme: 15 errors; the component schema cannot be used; nothing was written\n"))
        }
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "old")
        let missing = theme("resolve", "--components", folder + "/nope.json")
        #expect(missing.exitCode == .failure)
        #expect(missing.errors.contains("error: [unreadable-file] cannot read \(folder)/nope.json"))
    }
}
