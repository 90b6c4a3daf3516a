import DesignTokens
import Foundation
import Linting
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

@Suite("theme lint")
struct LintCommandTests {
    static let review = "Tests/ThemeCLITests/Fixtures/lint/review-theme.json"

    // MARK: Output formats (golden files)

    @Test("each format on a theme with one finding of each kind", arguments: ["text", "json", "sarif"])
    func goldens(format: String) throws {
        let result = theme("lint", "--theme", Self.review, "--format", format)
        #expect(result.exitCode == .findings)  // its contrast errors
        #expect(result.errors == "")
        try expectSnapshot(result.output, named: "lint-review.\(format == "text" ? "txt" : format + ".json")")
    }

    @Test("json: one object per finding with rule, severity, file, line, column, token, message and notes")
    func jsonShape() throws {
        let result = theme("lint", "--theme", Self.review, "--format", "json")
        let findings = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [[String: Any]])
        #expect(findings.count == 8)
        for finding in findings {
            #expect(Set(finding.keys) == ["rule", "severity", "file", "line", "column", "token", "message", "notes"])
            // Contrast under its level is an error; the review rules warn.
            #expect(
                finding["severity"] as? String == (finding["rule"] as? String == "min-contrast" ? "error" : "warning"))
            #expect(finding["file"] as? String == Self.review)
            #expect((finding["line"] as? Int ?? 0) >= 1)
        }
        #expect(
            findings.map { $0["rule"] as? String } == [
                "unmatched-override", "deprecated-reference", "min-contrast", "min-contrast", "min-contrast",
                "unmatched-override", "unmatched-override", "case-collision",
            ])
    }

    @Test("sarif: the structure SARIF 2.1.0 requires, and what code review needs to annotate a line")
    func sarifStructure() throws {
        let result = theme("lint", "--theme", Self.review, "--format", "sarif", "--rule", "unused-token=info")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasSuffix("sarif-2.1.0.json") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "theme")
        #expect(driver["version"] as? String == ThemeTool.version)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == LintRule.catalogue.count)
        for rule in rules {
            #expect((rule["id"] as? String)?.isEmpty == false)
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let configuration = try #require(rule["defaultConfiguration"] as? [String: Any])
            #expect(["none", "note", "warning", "error"].contains(configuration["level"] as? String))
        }
        let unused = try #require(rules.first { $0["id"] as? String == "unused-token" })
        #expect((unused["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool == false)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count > 8)  // the review findings and the defaults' unused primitives
        for result in results {
            let ruleId = try #require(result["ruleId"] as? String)
            let ruleIndex = try #require(result["ruleIndex"] as? Int)
            try #require(
                rules.indices.contains(ruleIndex), "ruleIndex \(ruleIndex) is not an index of the \(rules.count) rules")
            #expect(rules[ruleIndex]["id"] as? String == ruleId)
            #expect(["note", "warning", "error"].contains(result["level"] as? String))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(physical["artifactLocation"] as? [String: Any])
            let uri = try #require(artifact["uri"] as? String)
            #expect([Self.review, "Tokens/defaultTokens.json"].contains(uri))
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
            let region = try #require(physical["region"] as? [String: Any])
            #expect((region["startLine"] as? Int ?? 0) >= 1)
            #expect((region["startColumn"] as? Int ?? 0) >= 1)
        }
        #expect(results.contains { $0["ruleId"] as? String == "unused-token" && $0["level"] as? String == "note" })
    }

    @Test("sarif URIs: relative paths stay relative, absolute ones become file URIs, both percent-encoded (RFC 3986)")
    func sarifURIs() {
        #expect(SARIFFormatter.uri("Themes/dark.json") == "Themes/dark.json")
        #expect(SARIFFormatter.uri("/tmp/my themes/dark#2.json") == "file:///tmp/my%20themes/dark%232.json")
        #expect(SARIFFormatter.uri("Thèmes/a.json") == "Th%C3%A8mes/a.json")
        #expect(SARIFFormatter.uri("100%?.json") == "100%25%3F.json")
        // A colon in the first segment of a relative reference would read as a scheme; elsewhere it may stay.
        #expect(SARIFFormatter.uri("my themes/a:b.json") == "my%20themes/a:b.json")
        #expect(SARIFFormatter.uri("c:dark theme.json") == "c%3Adark%20theme.json")
        #expect(SARIFFormatter.uri("/srv/c:dark theme.json") == "file:///srv/c:dark%20theme.json")
        #expect(SARIFFormatter.uri("a-b_c.~!$&'()*+,;=@.json") == "a-b_c.~!$&'()*+,;=@.json")
        #expect(SARIFFormatter.uri("[x]{y}|\\^`\"<>.json") == "%5Bx%5D%7By%7D%7C%5C%5E%60%22%3C%3E.json")
    }

    @Test("sarif: a file whose path has a space and a colon, relative and absolute")
    func sarifPathWithSpaceAndColon() throws {
        // Under .build (ignored by git), so a relative path reaches it from the repository root, where tests run:
        // changing the folder would race with the other tests.
        let folder = ".build/theme-tests-\(UUID().uuidString)"
        let absoluteFolder = repositoryRoot + "/" + folder
        defer { try? FileManager.default.removeItem(atPath: absoluteFolder) }
        try FileManager.default.createDirectory(
            atPath: absoluteFolder + "/my themes", withIntermediateDirectories: true)
        try #"{"theme": {"color": {"border": {"brnad": {"$value": "{palette.blue.700}"}}}}}"#
            .write(toFile: absoluteFolder + "/my themes/brand: v2.json", atomically: true, encoding: .utf8)
        func location(_ output: [UInt8]) throws -> [String: Any] {
            let log = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any])
            let run = try #require((log["runs"] as? [[String: Any]])?.first)
            let result = try #require(
                (run["results"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "unmatched-override" })
            let physical = try #require(
                (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            return try #require(physical["artifactLocation"] as? [String: Any])
        }
        let absolute = try location(
            theme("lint", "--theme", absoluteFolder + "/my themes/brand: v2.json", "--format", "sarif").standardOutput)
        #expect(absolute["uri"] as? String == SARIFFormatter.uri(absoluteFolder) + "/my%20themes/brand:%20v2.json")
        #expect((absolute["uri"] as? String)?.hasPrefix("file:///") == true)
        #expect(absolute["uriBaseId"] == nil)
        let relative = try location(
            theme("lint", "--theme", folder + "/my themes/brand: v2.json", "--format", "sarif").standardOutput)
        #expect(relative["uri"] as? String == folder + "/my%20themes/brand:%20v2.json")
        #expect(relative["uriBaseId"] as? String == "%SRCROOT%")
    }

    @Test("sarif: a finding with no place is shown at the top of the top-most file, and says so")
    func sarifFallbackLocation() throws {
        // A token set without component tokens, asked to style TextInput.
        let tokens = "Tests/ThemeCLITests/Fixtures/small-tokens.json"
        let result = theme("lint", "--tokens", tokens, "--component", "TextInput", "--format", "sarif")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        for result in results {
            let locations = try #require(
                result["locations"] as? [[String: Any]], "\(result["ruleId"] ?? "?") has no locations")
            #expect(!locations.isEmpty)
        }
        func text(_ result: [String: Any]) -> String { (result["message"] as? [String: Any])?["text"] as? String ?? "" }
        // Every token TextInput reads is missing: findings about tokens no file defines.
        let surface = try #require(results.first { text($0).hasPrefix("TextInput.normal.background needs the token") })
        let physical = try #require(
            (surface["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == tokens)
        let region = try #require(physical["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 1)
        #expect(region["startColumn"] as? Int == 1)
        #expect((surface["properties"] as? [String: Any])?["locationIsFallback"] as? Bool == true)
        #expect(text(surface).contains("it is shown at the start of \(tokens), the top-most file linted"))
    }

    @Test("the summary counts errors, warnings and info, as resolve's does")
    func summary() {
        func findings(_ severities: Diagnostic.Severity...) -> [Diagnostic] {
            severities.map { Diagnostic($0, .unusedToken, "x") }
        }
        #expect(DiagnosticRenderer.summary([]) == nil)
        #expect(DiagnosticRenderer.summary(findings(.error, .warning, .warning)) == "1 error and 2 warnings")
        #expect(DiagnosticRenderer.summary(findings(.error, .warning, .info, .info)) == "1 error, 1 warning and 2 info")
        #expect(DiagnosticRenderer.summary(findings(.info)) == "1 info")
        let report = LintReport(diagnostics: findings(.warning, .info), contrastPairsChecked: 3, level: .aa)
        #expect(
            LintTextFormatter.summary(report, files: 1)
                == "theme lint: 1 warning and 1 info in 1 file; 3 contrast pairs checked at level AA")
    }

    // MARK: Exit status

    @Test(
        "bundled themes: no findings, exit 0, the level each is checked at in the summary",
        arguments: [
            ([], "no problems in 1 file; 210 contrast pairs checked at level AA"),
            (["--theme", "Themes/dark.json"], "no problems in 2 files; 210 contrast pairs checked at level AA"),
            (
                ["--theme", "Themes/high-contrast.json"],
                "no problems in 2 files; 210 contrast pairs checked at level AAA"
            ),
        ])
    func bundled(arguments: [String], summary: String) {
        let result = ThemeTool.run(["lint", "--warnings-as-errors"] + arguments)
        #expect(result.exitCode == .success)
        #expect(result.output == "theme lint: \(summary)\n")
        #expect(result.errors == "")
    }

    @Test("errors are findings: exit 1, reported on stdout like every finding")
    func errors() {
        let result = theme("lint", "--theme", "Tests/ThemeCLITests/Fixtures/typo-theme.json")
        #expect(result.exitCode == .findings)
        #expect(result.errors == "")
        #expect(
            result.output.contains(
                "error: [unresolved-reference] theme.color.border.danger refers to {palette.red.60}, which does not exist; did you mean {palette.red.50}?"
            ))
        #expect(result.output.hasSuffix("theme lint: 2 errors and 1 warning in 2 files; contrast not checked\n"))
    }

    @Test("--warnings-as-errors makes warnings fail the run; --rule relaxes contrast or turns checks off")
    func configuration() {
        let byDefault = theme("lint", "--theme", Self.review)
        #expect(byDefault.exitCode == .findings)
        #expect(
            byDefault.output.hasSuffix(
                "theme lint: 3 errors and 5 warnings in 2 files; 211 contrast pairs checked at level AA\n"))
        let strict = theme("lint", "--theme", Self.review, "--warnings-as-errors")
        #expect(strict.exitCode == .findings)
        #expect(strict.output.hasSuffix("theme lint: 8 errors in 2 files; 211 contrast pairs checked at level AA\n"))
        let relaxed = theme("lint", "--theme", Self.review, "--rule", "min-contrast=warning")
        #expect(relaxed.exitCode == .success)
        #expect(relaxed.output.hasSuffix("theme lint: 8 warnings in 2 files; 211 contrast pairs checked at level AA\n"))
        let quiet = theme(
            "lint", "--theme", Self.review, "--rule", "min-contrast=off", "--rule=unmatched-override=off",
            "--warnings-as-errors")
        #expect(quiet.exitCode == .findings)
        #expect(quiet.output.hasSuffix("theme lint: 2 errors in 2 files; contrast not checked\n"))
    }

    @Test("--level AAA holds every pair to 7:1 text and 4.5:1 non-text")
    func level() {
        let result = theme("lint", "--theme", "Themes/dark.json", "--level", "AAA")
        #expect(result.exitCode == .findings)
        #expect(result.output.contains("text needs 7:1 at level AAA"))
        #expect(result.output.contains("non-text needs 4.5:1 at level AAA"))
        #expect(
            theme("lint", "--theme", "Themes/dark.json", "--level", "AAA", "--rule", "min-contrast=error").exitCode
                == .findings)
        // --level overrides the level a theme declares.
        #expect(
            theme("lint", "--theme", "Themes/high-contrast.json", "--level", "AA").output.hasSuffix(
                "checked at level AA\n"))
    }

    @Test("a file that cannot be read: exit 2, nothing on stdout in any format", arguments: ["text", "json", "sarif"])
    func unreadable(format: String) {
        let result = theme("lint", "--theme", "Themes/nope.json", "--format", format)
        #expect(result.exitCode == .failure)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.errors
                == "theme: error: [unreadable-file] cannot read Themes/nope.json: No such file or directory\ntheme: nothing was linted\n"
        )
    }

    @Test(
        "usage errors: exit 64 with the reason",
        arguments: [
            (
                ["lint", "--rule", "min-contrats=error"],
                "theme: error: unknown rule 'min-contrats'; did you mean 'min-contrast'?"
            ),
            (
                ["lint", "--rule", "invalid-json=off"],
                "theme: error: invalid-json cannot be configured: it keeps the token files from resolving, so it is always an error"
            ),
            (
                ["lint", "--level", "AAAA"],
                "theme: error: --level must be one of AA, AAA; found 'AAAA'; did you mean 'AAA'?"
            ),
            (["lint", "--format", "flat"], "theme: error: --format must be one of text, json, sarif; found 'flat'"),
            (
                ["lint", "Themes/dark.json"],
                "theme: error: unexpected argument 'Themes/dark.json'; token files go after --tokens or --theme"
            ),
            (["lnit"], "theme: error: unknown command 'lnit'; did you mean 'lint'?"),
        ])
    func usage(arguments: [String], message: String) {
        let result = ThemeTool.run(arguments)
        #expect(result.exitCode == .usage)
        #expect(result.standardOutput.isEmpty)
        #expect(result.errors.split(separator: "\n").first.map(String.init) == message)
    }

    // MARK: Help and colour

    @Test("theme lint --help explains the options, where findings go, the $extensions pairs and every rule")
    func help() throws {
        let result = theme("lint", "--help")
        #expect(result.exitCode == .success)
        try expectSnapshot(result.output, named: "help-lint.txt")
    }

    @Test("text is coloured on a terminal (standard output, where the findings go), never with NO_COLOR")
    func colour() {
        _ = FileManager.default.changeCurrentDirectoryPath(repositoryRoot)
        let arguments = ["lint", "--theme", Self.review]
        let terminal = ThemeTool.run(
            arguments,
            environment: CommandEnvironment(standardOutputIsTerminal: true, variables: ["TERM": "xterm-256color"]))
        #expect(terminal.output.contains("\u{1B}[1;33mwarning:\u{1B}[0m"))
        let noColor = ThemeTool.run(
            arguments, environment: CommandEnvironment(standardOutputIsTerminal: true, variables: ["NO_COLOR": "1"]))
        #expect(!noColor.output.contains("\u{1B}["))
        let piped = ThemeTool.run(arguments, environment: CommandEnvironment(standardErrorIsTerminal: true))
        #expect(!piped.output.contains("\u{1B}["))
        let json = ThemeTool.run(
            arguments + ["--format", "json"], environment: CommandEnvironment(standardOutputIsTerminal: true))
        #expect(!json.output.contains("\u{1B}["))
    }
}
