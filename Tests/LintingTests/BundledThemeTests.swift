import DesignTokens
import Testing
import ThemeEngineTestSupport
import Theming

@testable import Linting

/// The bundled themes must pass their own lint, at the level each promises.
@Suite("bundled themes lint clean")
struct BundledThemeTests {
    @Test(
        "defaults and the dark theme at AA, the high-contrast theme over either at AAA (which it declares)",
        arguments: [
            ([], ContrastLevel.aa), (["Themes/dark.json"], .aa), (["Themes/high-contrast.json"], .aaa),
            (["Themes/dark.json", "Themes/high-contrast.json"], .aaa),
        ] as [([String], ContrastLevel)])
    func clean(themes: [String], level: ContrastLevel) throws {
        let report = lint(try themes.map(repositoryFile), LintConfiguration(warningsAsErrors: true))
        #expect(report.diagnostics.isEmpty, "\(render(report.diagnostics))")
        #expect(report.level == level)
        #expect(report.contrastPairsChecked == 210)
    }

    @Test("every permutation of the bundled resolver document lints clean, high contrast at AAA")
    func resolverPermutations() throws {
        var resolver = try ThemeResolver(contentsOfFile: repositoryRoot + "/Themes/themes.resolver.json")
        #expect(resolver.document.permutationCount == 4)
        for input in try resolver.document.permutations() {
            let theme = Result { () throws(DiagnosticError) in try resolver.resolve(input) }
            let report = Linter(LintConfiguration(warningsAsErrors: true)).lint(theme, files: [])
            #expect(report.diagnostics.isEmpty, "\(input): \(render(report.diagnostics))")
            #expect(report.level == (input["contrast"] == "high" ? .aaa : .aa), "\(input)")
            #expect(report.contrastPairsChecked == 210)
        }
    }

    @Test("the check has teeth: the dark theme, made for AA, does not meet AAA")
    func darkIsNotAAA() throws {
        let report = lint([try repositoryFile("Themes/dark.json")], LintConfiguration(level: .aaa))
        #expect(!report.diagnostics.isEmpty)
        #expect(report.diagnostics.allSatisfy { $0.rule == .minContrast })
    }
}
