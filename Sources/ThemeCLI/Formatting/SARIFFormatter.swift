import DesignTokens
import Linting
@_spi(Engine) import TokenJSON

/// `theme lint --format sarif`: SARIF 2.1.0 (OASIS), which code-review systems (GitHub code scanning, Azure
/// DevOps, GitLab) turn into annotations on the lines a change touches.
///
/// One run; its driver lists every rule of the catalogue with its id, summary and default level (a rule that is
/// off by default has `"enabled": false`), and each result names its rule by id and index, its level (`error`,
/// `warning` or `note` for info), its message, and where it is: the file as given on the command line with the
/// line and column, counted in Unicode code points. A relative path stays relative, to `%SRCROOT%` (the folder
/// `theme` ran in, normally the repository root), and an absolute one becomes a `file://` URI, both
/// percent-encoded (RFC 3986). The bundled defaults are `Tokens/defaultTokens.json`, the file of ThemeEngine
/// they are compiled from. A finding with no place in the files (such as a surface token no file defines) is
/// shown at line 1, column 1 of the top-most file linted, and says so in its message and in the property
/// `locationIsFallback`: code-review systems reject results without a location. Notes with a place become
/// related locations; every note is also appended to the message, so an annotation shows the whole story.
enum SARIFFormatter {
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// - Parameter files: the files linted, base first (their names as in the findings).
    static func format(_ report: LintReport, files: [String]) -> [UInt8] {
        // Every rule that reports is in the catalogue (LintingTests check the engine's rules against it).
        let rules = LintRule.catalogue
        let driver: JSONValue = .object([
            .init("name", .string("theme")),
            .init("version", .string(ThemeTool.version)),
            .init("rules", .array(rules.map(descriptor))),
        ])
        let fallback = SourceLocation(file: files.last ?? TokenSource.defaultTokens.name, line: 1, column: 1)
        let results = report.diagnostics.map { diagnostic in
            guard let ruleIndex = rules.firstIndex(where: { $0.id == diagnostic.rule }) else {
                preconditionFailure("[\(diagnostic.rule)] is not in LintRule.catalogue")
            }
            return result(diagnostic, ruleIndex: ruleIndex, fallback: fallback)
        }
        let log: JSONValue = .object([
            .init("$schema", .string(schema)),
            .init("version", .string("2.1.0")),
            .init(
                "runs",
                .array([
                    .object([
                        .init("tool", .object([.init("driver", driver)])),
                        .init("columnKind", .string("unicodeCodePoints")),
                        .init("results", .array(results)),
                    ])
                ])),
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

    private static func result(_ diagnostic: Diagnostic, ruleIndex: Int, fallback: SourceLocation) -> JSONValue {
        var text = diagnostic.message
        for note in diagnostic.notes {
            text += "\n" + (note.location.map { "\($0): " } ?? "") + note.message
        }
        if diagnostic.location == nil {
            text +=
                "\n(This finding has no place in the files; it is shown at the start of \(fallback.file), the top-most file linted.)"
        }
        var members: [JSONValue.Member] = [
            .init("ruleId", .string(diagnostic.rule.id)),
            .init("ruleIndex", .number(Double(ruleIndex))),
            .init("level", .string(level(diagnostic.severity))),
            .init("message", .object([.init("text", .string(text))])),
        ]
        let location = diagnostic.location ?? fallback
        members.append(.init("locations", .array([.object([.init("physicalLocation", physicalLocation(location))])])))
        let related = diagnostic.notes.filter { $0.location != nil }
        if !related.isEmpty {
            members.append(
                .init(
                    "relatedLocations",
                    .array(
                        related.enumerated().map { index, note in
                            .object([
                                .init("id", .number(Double(index + 1))),
                                .init("physicalLocation", physicalLocation(note.location!)),
                                .init("message", .object([.init("text", .string(note.message))])),
                            ])
                        })))
        }
        var properties: [JSONValue.Member] = []
        if let token = diagnostic.tokenPath { properties.append(.init("token", .string(token))) }
        if diagnostic.location == nil { properties.append(.init("locationIsFallback", .bool(true))) }
        if !properties.isEmpty { members.append(.init("properties", .object(properties))) }
        return .object(members)
    }

    private static func physicalLocation(_ location: SourceLocation) -> JSONValue {
        var artifact: [JSONValue.Member] = [.init("uri", .string(uri(location.file)))]
        if !location.file.hasPrefix("/") { artifact.append(.init("uriBaseId", .string("%SRCROOT%"))) }
        return .object([
            .init("artifactLocation", .object(artifact)),
            .init(
                "region",
                .object([
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

    /// A file name as a URI reference (RFC 3986): a relative path stays a relative reference, an absolute one
    /// becomes a `file://` URI. Every byte of the UTF-8 form that a path segment cannot hold as it is (a space,
    /// `%`, `#`, `?`, anything not ASCII) is percent-encoded, and so is `:` in the first segment of a relative
    /// path, where it would read as a scheme (`a:b.json` is `a%3Ab.json`).
    static func uri(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var encoded = ""
        var inFirstSegment = !isAbsolute
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte == UInt8(ascii: "/") { inFirstSegment = false }
            let isUnreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || "-._~".unicodeScalars.contains(scalar)
            let isAllowed =
                isUnreserved || "/!$&'()*+,;=@".unicodeScalars.contains(scalar)
                || (byte == UInt8(ascii: ":") && !inFirstSegment)
            if isAllowed {
                encoded.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return isAbsolute ? "file://" + encoded : encoded
    }
}
