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
}
