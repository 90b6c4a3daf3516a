import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Linting

/// Lints the bundled defaults with `themes` over them.
func lint(_ themes: [TokenSource], _ configuration: LintConfiguration = LintConfiguration()) -> LintReport {
    Linter(configuration).lint([.defaultTokens] + themes)
}

/// The first line of each diagnostic, and its notes, as `theme lint` prints them without source lines.
func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map { diagnostic in
        ([diagnostic.description]
            + diagnostic.notes.map { note in
                "  " + (note.location.map { "\($0): " } ?? "") + "note: " + note.message
            }).joined(separator: "\n") + "\n"
    }.joined()
}
