import DesignTokens
import Testing
@testable import Linting
import ThemeEngineTestSupport

/// The bundled themes must pass their own lint, at the level each promises.
@Suite("bundled themes lint clean")
struct BundledThemeTests {
    @Test("defaults and the dark theme at AA, the high-contrast theme at AAA (which it declares)", arguments: [
        ([], ContrastLevel.aa), (["Themes/dark.json"], .aa), (["Themes/high-contrast.json"], .aaa),
    ] as [([String], ContrastLevel)])
    func clean(themes: [String], level: ContrastLevel) throws {
        let report = lint(try themes.map(repositoryFile), LintConfiguration(warningsAsErrors: true))
        #expect(report.diagnostics.isEmpty, "\(render(report.diagnostics))")
        #expect(report.level == level)
        #expect(report.contrastPairsChecked == 51)
    }

    @Test("the check has teeth: the dark theme, made for AA, does not meet AAA")
    func darkIsNotAAA() throws {
        let report = lint([try repositoryFile("Themes/dark.json")], LintConfiguration(level: .aaa))
        #expect(!report.diagnostics.isEmpty)
        #expect(report.diagnostics.allSatisfy { $0.rule == .minContrast })
    }
}
