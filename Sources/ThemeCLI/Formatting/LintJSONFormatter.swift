import DesignTokens
import Linting
@_spi(Engine) import TokenJSON

/// `theme lint --format json`: an array with one object per finding, in the order of the text format.
///
/// ```json
/// [
///   {
///     "rule": "min-contrast", "severity": "warning",
///     "file": "Themes/brand.json", "line": 5, "column": 30, "token": "theme.color.foreground.placeholder",
///     "message": "…", "notes": [{"message": "…", "file": "Tokens/defaultTokens.json", "line": 544, "column": 22}]
///   }
/// ]
/// ```
///
/// `file`, `line`, `column` and `token` are null when a finding has none.
enum LintJSONFormatter {
    static func format(_ report: LintReport) -> [UInt8] {
        var writer = JSONWriter()
        writer.value(.array(report.diagnostics.map(json)))
        return writer.finish()
    }

    static func json(_ diagnostic: Diagnostic) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("rule", .string(diagnostic.rule.id)),
            .init("severity", .string(diagnostic.severity.rawValue)),
        ]
        members += location(diagnostic.location)
        members += [
            .init("token", diagnostic.tokenPath.map(JSONValue.string) ?? .null),
            .init("message", .string(diagnostic.message)),
            .init(
                "notes",
                .array(
                    diagnostic.notes.map { note in
                        .object([.init("message", .string(note.message))] + location(note.location))
                    })),
        ]
        return .object(members)
    }

    private static func location(_ location: SourceLocation?) -> [JSONValue.Member] {
        [
            .init("file", location.map { .string($0.file) } ?? .null),
            .init("line", location.map { .number(Double($0.line)) } ?? .null),
            .init("column", location.map { .number(Double($0.column)) } ?? .null),
        ]
    }
}
