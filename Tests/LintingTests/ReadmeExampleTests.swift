import DesignTokens
import Linting
import Testing
import ThemeEngineTestSupport

/// The lint library example in README.md, kept compiling and true.
@Suite("README lint example")
struct ReadmeExampleTests {
    @Test("the dark theme held to AAA: its placeholder is the first finding, an error at AAA; 210 pairs")
    func readmeExample() throws {
        let report = Linter(LintConfiguration(level: .aaa)).lint([.defaultTokens, .dark])
        let first = try #require(report.diagnostics.first)
        #expect(
            first.description.hasPrefix(
                "Themes/dark.json:16:35: error: [min-contrast] theme.color.foreground.placeholder #8f9194 on theme.color.background.surface-1 #0d0e11 has contrast 6.11:1; text needs 7:1 at level AAA ("
            ))
        #expect(report.hasErrors == true)
        #expect(report.contrastPairsChecked == 210)
    }
}
