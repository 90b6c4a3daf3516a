import DesignTokens
import Foundation
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

/// `--resolver` on a Tokens Studio export: `theme resolve`, `lint` and `diff` on its permutations, and its
/// problems reported where they are written.
@Suite("Tokens Studio exports on the command line")
struct TokensStudioCommandTests {
    static let export = "Tests/DesignTokensTests/Fixtures/tokens-studio"
    static let themes = export + "/multi-file/$themes.json"

    @Test(
        "--list: each group with its themes, the first the default; the folder and the single file say the same",
        arguments: [
            themes, export + "/multi-file", export + "/single-file/tokens.json",
        ])
    func list(path: String) {
        let result = theme("resolve", "--resolver", path, "--list")
        #expect(result.exitCode == .success)
        #expect(result.errors == "")
        #expect(
            result.output == """
                MODIFIER  CONTEXTS (* default)
                mode      light*, dark
                brand     acme*, globex

                4 permutations

                """)
    }

    @Test("--input chooses a theme of each group; both layouts write the same tokens")
    func permutation() {
        let folder = theme(
            "resolve", "--resolver", Self.themes, "--input", "mode=dark", "--input", "Brand=Globex", "--format", "flat")
        #expect(folder.exitCode == .success)
        // One warning for the export, whose sets are written as Tokens Studio writes tokens.
        #expect(
            folder.errors.split(separator: "\n").filter { $0.contains(": warning: ") }.map {
                $0.contains("[non-conforming]")
            } == [true])
        #expect(
            folder.output == """
                {
                  "brand.primary": "#f97316",
                  "brand.radius": "0px",
                  "button.background": "#f97316",
                  "button.focus": "#ffffff",
                  "button.padding": "16px",
                  "button.radius": "0px",
                  "button.text": "#111111",
                  "color.accent": "#ffffff",
                  "color.black": "#111111",
                  "color.blue.300": "#93b4fd",
                  "color.blue.500": "#2463eb",
                  "color.orange.300": "#fdba74",
                  "color.orange.500": "#f97316",
                  "color.white": "#ffffff",
                  "radius.md": "6px",
                  "radius.none": "0px",
                  "spacing.md": "16px",
                  "spacing.sm": "8px",
                  "surface.background": "#111111",
                  "surface.text": "#ffffff"
                }

                """)
        let file = theme(
            "resolve", "--resolver", Self.export + "/single-file/tokens.json", "--input", "mode=dark", "--input",
            "brand=globex", "--format", "flat")
        #expect(file.output == folder.output)
    }

    @Test("--all writes each permutation, named after its themes, as resolving it alone writes it")
    func all() throws {
        let directory = try temporaryDirectory() + "/out"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = theme("resolve", "--resolver", Self.themes, "--all", "--output-dir", directory, "--format", "flat")
        #expect(result.exitCode == .success)
        #expect(result.errors.hasSuffix("theme: wrote 4 permutations and index.json to \(directory)\n"))
        #expect(result.errors.split(separator: "\n").filter { $0.contains(": warning: ") }.count == 1)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
                "index.json", "mode-dark.brand-acme.json", "mode-dark.brand-globex.json", "mode-light.brand-acme.json",
                "mode-light.brand-globex.json",
            ])
        let alone = theme(
            "resolve", "--resolver", Self.themes, "--input", "mode=light", "--input", "brand=globex", "--format", "flat"
        )
        #expect(
            try String(contentsOfFile: directory + "/mode-light.brand-globex.json", encoding: .utf8) == alone.output)
    }

    @Test("an input a group does not have: located at the group's first theme in $themes.json")
    func invalidInput() {
        let result = theme("resolve", "--resolver", Self.themes, "--input", "mode=blue")
        #expect(result.exitCode == .failure)
        #expect(result.output == "")
        #expect(
            result.errors == """
                \(Self.themes):2:3: error: [invalid-input] invalid context "blue" for modifier "mode"; expected light or dark
                  {
                  ^
                theme: 1 error; nothing was written

                """)
    }

    @Test("theme lint --resolver --all: every permutation; a finding some have says which")
    func lint() {
        let clean = theme("lint", "--resolver", Self.themes, "--all", "--rule", "missing-style-token=off")
        #expect(clean.exitCode == .success)
        #expect(clean.output.hasSuffix("theme lint: 1 warning in 8 files; contrast not checked\n"))
        #expect(clean.output.contains("this Tokens Studio export are written as Tokens Studio writes tokens"))
        let unused = theme(
            "lint", "--resolver", Self.themes, "--all", "--rule", "missing-style-token=off", "--rule",
            "unused-token=warning")
        #expect(unused.exitCode == .success)
        #expect(
            unused.output.contains(
                """
                \(Self.export)/multi-file/semantic/dark.json:8:16: warning: [unused-token] surface.text is a primitive that no token refers to (in mode=dark, brand=acme; mode=dark, brand=globex)
                """))
        #expect(unused.output.hasSuffix("theme lint: 15 warnings in 8 files; contrast not checked\n"))
    }

    @Test("theme diff --resolver: light against dark, the tokens dark mode edits and those that follow")
    func diff() {
        let result = theme("diff", "--resolver", Self.themes, "--from-input", "mode=light", "--to-input", "mode=dark")
        #expect(result.exitCode == .findings)
        #expect(
            result.output == """
                0 component properties change; 5 tokens changed (3 edited, 2 through references).

                Changed
                  color.accent        #93b4fd → #ffffff  edited
                  surface.background  #ffffff → #111111  edited
                  surface.text        #111111 → #ffffff  edited
                  button.text         #ffffff → #111111  via surface.background
                  button.focus        #93b4fd → #ffffff  via color.accent

                """)
        let brands = theme(
            "diff", "--resolver", Self.export + "/single-file/tokens.json", "--from-input", "brand=acme", "--to-input",
            "brand=globex")
        #expect(brands.exitCode == .findings)
        #expect(
            brands.output.hasPrefix("0 component properties change; 6 tokens changed (3 edited, 3 through references).")
        )
    }

    @Test(
        "theme diff --resolver --since: the export (its folder or its $themes.json), its themes and sets as they were at the revision"
    )
    func since() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/tokens/mode", withIntermediateDirectories: true)
        let themes = ##"[{"name": "light", "group": "mode", "selectedTokenSets": {"mode/light": "enabled"}}]"##
        try themes.write(toFile: folder + "/tokens/$themes.json", atomically: true, encoding: .utf8)
        try ##"{"surface": {"value": "#ffffff", "type": "color"}}"##.write(
            toFile: folder + "/tokens/mode/light.json", atomically: true, encoding: .utf8)
        try git("init", "-q", in: folder)
        try git("add", ".", in: folder)
        try git("commit", "-q", "-m", "light", in: folder)
        try ##"{"surface": {"value": "#fafafa", "type": "color"}}"##.write(
            toFile: folder + "/tokens/mode/light.json", atomically: true, encoding: .utf8)
        for path in [folder + "/tokens", folder + "/tokens/$themes.json"] {
            let result = ThemeTool.run(["diff", "--resolver", path, "--since", "HEAD"], environment: gitEnvironment)
            #expect(result.exitCode == .findings, "\(path): \(result.errors)")
            #expect(result.output.contains("surface  #ffffff → #fafafa  edited"), "\(path)")
        }
    }

    @Test("a broken export: every problem, each quoted from $themes.json or $metadata.json; nothing written")
    func brokenExport() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "[\n  {\"name\": \"light\", \"selectedTokenSets\": {\"core\": \"on\"}}\n]".write(
            toFile: folder + "/$themes.json", atomically: true, encoding: .utf8)
        try "{\"tokenSetOrder\": [\"core\", \"missing\"]}".write(
            toFile: folder + "/$metadata.json", atomically: true, encoding: .utf8)
        try ##"{"n": {"value": 1, "type": "number"}}"##.write(
            toFile: folder + "/core.json", atomically: true, encoding: .utf8)
        let result = theme("resolve", "--resolver", folder)
        #expect(result.exitCode == .failure)
        #expect(result.output == "")
        #expect(
            result.errors == """
                \(folder)/$themes.json:2:51: error: [invalid-resolver] theme "light" gives the set "core" the status "on"; expected "enabled", "source" or "disabled"
                  {"name": "light", "selectedTokenSets": {"core": "on"}}
                                                                  ^
                \(folder)/$metadata.json:1:28: warning: [non-conforming] $metadata.json is stale: "tokenSetOrder" lists a set the export does not have and no theme selects ("missing"); the sets it lists keep its order, the others follow as the themes select them; remove them from it
                {"tokenSetOrder": ["core", "missing"]}
                                           ^
                theme: 1 error and 1 warning; nothing was resolved

                """)
    }
}
