import DesignTokens
import Linting

/// `theme lint --format text`: each finding compiler-style with its source line, caret and notes (the same
/// printer `theme resolve` uses), then one summary line.
enum LintTextFormatter {
    static func format(_ report: LintReport, files: Int, printer: DiagnosticRenderer) -> [UInt8] {
        Array((printer.render(report.diagnostics) + summary(report, files: files) + "\n").utf8)
    }

    /// `theme lint: 1 error and 2 warnings in 2 files; 81 contrast pairs checked at level AA`.
    static func summary(_ report: LintReport, files: Int) -> String {
        let found = DiagnosticRenderer.summary(report.diagnostics) ?? "no problems"
        var line = "theme lint: \(found) in \(files) file\(files == 1 ? "" : "s")"
        let count = report.contrastPairsChecked
        let pairs = "\(count) contrast pair\(count == 1 ? "" : "s")"
        if let level = report.level {
            line += "; \(pairs) checked at level \(level)"
        } else if !report.levels.isEmpty {
            line += "; \(pairs) checked at levels \(report.levels.map(\.description).joined(separator: " and "))"
        } else if count > 0 {
            line += "; \(count) declared contrast pair\(count == 1 ? "" : "s") checked, components not checked"
        } else {
            line += "; contrast not checked"
        }
        return line
    }
}
