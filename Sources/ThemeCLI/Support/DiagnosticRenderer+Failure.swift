import DesignTokens

extension DiagnosticRenderer {
    /// A command that stops on `diagnostics`: exit status 2, and on standard error `before`, the diagnostics, then
    /// `theme: <summary>; <ending>` (`theme: 2 errors; nothing was written`).
    func failure(_ diagnostics: [Diagnostic], before: String = "", ending: String) -> CommandResult {
        let summary = Self.summary(diagnostics) ?? "errors"
        return CommandResult(
            exitCode: .failure,
            standardError: Array((before + render(diagnostics) + "theme: \(summary); \(ending)\n").utf8))
    }

    /// What a command says after the diagnostics of a theme built past its errors (`--keep-going`), or nil for a
    /// theme without errors: `theme: 2 errors; 5 tokens left out, in error or depending on one; the rest written`.
    static func keptGoing(_ theme: ResolvedTheme, ending: String = "the rest written") -> String? {
        guard theme.hasErrors else { return nil }
        let summary = Self.summary(theme.diagnostics) ?? "errors"
        let count = theme.leftOut.count
        return
            "theme: \(summary); \(count) token\(count == 1 ? "" : "s") left out, in error or depending on one; \(ending)\n"
    }
}
