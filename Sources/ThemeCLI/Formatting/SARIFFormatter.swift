import DesignTokens
import Linting

/// `theme lint --format sarif`: SARIF 2.1.0 (OASIS), which code-review systems (GitHub code scanning, Azure
/// DevOps, GitLab) turn into annotations on the lines a change touches.
///
/// One run; its driver lists every rule of the catalogue with its id, summary and default level (a rule that is
/// off by default has `"enabled": false`), and each result names its rule by id and index, its level (`error`,
/// `warning` or `note` for info), its message, and where it is: the file as given on the command line (a
/// relative path stays relative, to the folder `theme` ran in, normally the repository root; an absolute path
/// becomes a `file://` URI) with the line and column, counted in Unicode code points. Notes with a place become
/// related locations; every note is also appended to the message, so an annotation shows the whole story.
enum SARIFFormatter {
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    static func format(_ report: LintReport) -> [UInt8] {
        // Every rule that reports is in the catalogue (LintingTests check the engine's rules against it).
        let rules = LintRule.catalogue
        let driver: JSONValue = .object([
            .init("name", .string("theme")),
            .init("version", .string(ThemeTool.version)),
            .init("rules", .array(rules.map(descriptor))),
        ])
        let results = report.diagnostics.map { diagnostic in
            guard let ruleIndex = rules.firstIndex(where: { $0.id == diagnostic.rule }) else {
                preconditionFailure("[\(diagnostic.rule)] is not in LintRule.catalogue")
            }
            return result(diagnostic, ruleIndex: ruleIndex)
        }
        let log: JSONValue = .object([
            .init("$schema", .string(schema)),
            .init("version", .string("2.1.0")),
            .init("runs", .array([.object([
                .init("tool", .object([.init("driver", driver)])),
                .init("columnKind", .string("unicodeCodePoints")),
                .init("results", .array(results)),
            ])])),
        ])
        var writer = JSONWriter()
        writer.value(log)
        return writer.finish()
    }

    /// A `reportingDescriptor`: the rule's id, summary and default configuration.
    private static func descriptor(_ rule: LintRule) -> JSONValue {
        var configuration: [JSONValue.Member] = [.init("level", .string(level(rule.defaultSetting.severity ?? .info)))]
        if rule.defaultSetting == .off { configuration.insert(.init("enabled", .bool(false)), at: 0) }
        return .object([
            .init("id", .string(rule.id.id)),
            .init("shortDescription", .object([.init("text", .string(rule.summary))])),
            .init("defaultConfiguration", .object(configuration)),
        ])
    }

    private static func result(_ diagnostic: Diagnostic, ruleIndex: Int) -> JSONValue {
        var text = diagnostic.message
        for note in diagnostic.notes {
            text += "\n" + (note.location.map { "\($0): " } ?? "") + note.message
        }
        var members: [JSONValue.Member] = [
            .init("ruleId", .string(diagnostic.rule.id)),
            .init("ruleIndex", .number(Double(ruleIndex))),
            .init("level", .string(level(diagnostic.severity))),
            .init("message", .object([.init("text", .string(text))])),
        ]
        if let location = diagnostic.location {
            members.append(.init("locations", .array([.object([.init("physicalLocation", physicalLocation(location))])])))
        }
        let related = diagnostic.notes.filter { $0.location != nil }
        if !related.isEmpty {
            members.append(.init("relatedLocations", .array(related.enumerated().map { index, note in
                .object([
                    .init("id", .number(Double(index + 1))),
                    .init("physicalLocation", physicalLocation(note.location!)),
                    .init("message", .object([.init("text", .string(note.message))])),
                ])
            })))
        }
        if let token = diagnostic.tokenPath {
            members.append(.init("properties", .object([.init("token", .string(token))])))
        }
        return .object(members)
    }

    private static func physicalLocation(_ location: SourceLocation) -> JSONValue {
        .object([
            .init("artifactLocation", .object([.init("uri", .string(uri(location.file)))])),
            .init("region", .object([
                .init("startLine", .number(Double(location.line))),
                .init("startColumn", .number(Double(location.column))),
            ])),
        ])
    }

    /// `error`, `warning`, `note`.
    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A file name as a URI reference: a relative path stays relative, an absolute one becomes `file://`; both
    /// percent-encoded where URIs need it (spaces, `%`, `#`, `?`, non-ASCII).
    static func uri(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "/-._~!$&'()*+,;=:@".contains(character) {
                encoded.append(character)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
