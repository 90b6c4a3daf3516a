import Testing

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

// Helpers shared by the DesignTokens test suites. `Testing` and `DesignTokens` both declare a `SourceLocation`;
// here `Testing.SourceLocation` is where a failed expectation is reported, `DesignTokens.SourceLocation` where a
// diagnostic points.

/// Folders of this checkout, found from this file's path with plain string manipulation (no URL, no Foundation).
enum TestPaths {
    /// `…/Tests/DesignTokensTests`: the folder that holds this file.
    static let testsFolder: String = {
        let file = #filePath
        let marker = "/Tests/DesignTokensTests/"
        guard let range = file.firstRange(of: marker) else {
            preconditionFailure("TestSupport.swift is expected under \(marker), found \(file)")
        }
        return String(file[..<range.upperBound].dropLast())
    }()

    /// The repository root, two folders above ``testsFolder``.
    static let repositoryRoot: String = {
        var path = Substring(testsFolder)
        for _ in 0..<2 { path = path[..<path.lastIndex(of: "/")!] }
        return String(path)
    }()

    static let fixtures = testsFolder + "/Fixtures"
}

/// A token source from JSON text, named `name` in diagnostics.
func source(_ json: String, name: String = "tokens.json") -> TokenSource {
    TokenSource(name: name, bytes: Array(json.utf8))
}

/// A fixture from `Tests/DesignTokensTests/Fixtures`, named `Fixtures/<path>` in diagnostics so that expected
/// locations do not depend on where the checkout lives.
func fixture(_ path: String) throws -> TokenSource {
    var source = try TokenSource(contentsOfFile: TestPaths.fixtures + "/" + path)
    source.name = "Fixtures/" + path
    return source
}

/// A file of the repository (`Themes/dark.json`), named by its path relative to the repository root.
func repositoryFile(_ path: String) throws -> TokenSource {
    var source = try TokenSource(contentsOfFile: TestPaths.repositoryRoot + "/" + path)
    source.name = path
    return source
}

/// Resolves sources that are expected to fail and returns the diagnostics of the thrown ``DiagnosticError``.
/// Records an issue (and returns no diagnostics) when resolution succeeds.
func resolveFailure(
    _ sources: [TokenSource], policy: ReadingPolicy = .lenient,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [Diagnostic] {
    do {
        let theme = try ResolvedTheme.resolve(sources, policy: policy)
        Issue.record(
            "expected resolution to fail, but it resolved \(theme.count) tokens", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}

/// Resolves one source that is expected to fail.
func resolveFailure(
    _ json: String, name: String = "tokens.json", sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [Diagnostic] {
    resolveFailure([source(json, name: name)], sourceLocation: sourceLocation)
}

/// The only diagnostic of `rule` among `diagnostics`; fails the test when there is not exactly one.
func single(
    _ rule: Diagnostic.Rule, in diagnostics: [Diagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> Diagnostic {
    let matching = diagnostics.filter { $0.rule == rule }
    try #require(
        matching.count == 1, "expected one [\(rule)] diagnostic in:\n\(DiagnosticError(diagnostics))",
        sourceLocation: sourceLocation)
    return matching[0]
}

/// Checks every part of a diagnostic: severity, rule, token path, `file:line:column` and the whole message.
func expectDiagnostic(
    _ diagnostic: Diagnostic?,
    _ severity: Diagnostic.Severity,
    _ rule: Diagnostic.Rule,
    token: String?,
    at location: String?,
    _ message: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    guard let diagnostic else {
        Issue.record("expected a [\(rule)] diagnostic, found none", sourceLocation: sourceLocation)
        return
    }
    #expect(diagnostic.severity == severity, sourceLocation: sourceLocation)
    #expect(diagnostic.rule == rule, sourceLocation: sourceLocation)
    #expect(diagnostic.tokenPath == token, sourceLocation: sourceLocation)
    #expect(diagnostic.location?.description == location, sourceLocation: sourceLocation)
    #expect(diagnostic.message == message, sourceLocation: sourceLocation)
}

/// Resolves one token `t` of `type` whose `$value` is the JSON text `value`.
func resolveValue(_ type: String, _ value: String) throws -> TokenValue {
    let theme = try ResolvedTheme.resolve([source(#"{"t": {"$type": "\#(type)", "$value": \#(value)}}"#)])
    return try #require(theme.value("t"))
}

/// Resolves one token `t` of `type` whose `$value` is `value`, expecting exactly one error, and returns it.
func valueError(_ type: String, _ value: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> Diagnostic
{
    let diagnostics = resolveFailure(
        #"{"t": {"$type": "\#(type)", "$value": \#(value)}}"#, sourceLocation: sourceLocation)
    try #require(
        diagnostics.count == 1, "expected one diagnostic, found:\n\(DiagnosticError(diagnostics))",
        sourceLocation: sourceLocation)
    return diagnostics[0]
}

/// Where ``resolveValue(_:_:)`` and ``valueError(_:_:)`` write the value of `t`: `tokens.json:1:COLUMN`.
func valueLocation(_ type: String, plus offset: Int = 0) -> String {
    "tokens.json:1:\(31 + type.unicodeScalars.count + offset)"
}

/// Where the first `needle` inside `value` sits when ``resolveValue(_:_:)`` writes it: `tokens.json:1:COLUMN`.
/// With no needle, where the value starts.
func valueLocation(_ type: String, _ value: String, at needle: String?) -> String {
    guard let needle else { return valueLocation(type) }
    guard let range = value.firstRange(of: needle) else { preconditionFailure("\(needle) is not in \(value)") }
    return valueLocation(type, plus: value[..<range.lowerBound].unicodeScalars.count)
}

/// One value that does not fit its type, and the `invalid-value` error it must give.
struct InvalidValueCase: Sendable, CustomTestStringConvertible {
    var type: String
    /// The `$value`, as JSON text.
    var value: String
    /// The member the message names (`components[0]`), if any.
    var member: String?
    /// Where in `value` the error points: the first occurrence of this text; nil for the start of the value.
    var at: String?
    var message: String

    init(_ type: String, _ value: String, member: String? = nil, at: String? = nil, _ message: String) {
        self.type = type
        self.value = value
        self.member = member
        self.at = at
        self.message = message
    }

    var testDescription: String { "\(type) \(value)" }

    /// Resolves the case and checks the one error it gives: rule, token, location and whole message.
    func check(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let error = try valueError(type, value, sourceLocation: sourceLocation)
        expectDiagnostic(
            error, .error, .invalidValue, token: "t", at: valueLocation(type, value, at: at),
            "invalid \(type) value for t\(member.map { " (\($0))" } ?? ""): \(message)", sourceLocation: sourceLocation)
    }
}

/// The text of UTF-8 output bytes.
func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// A JSON object of `members`, in order: `jsonObject(("a", .number(1)))` for `.object([.init("a", .number(1))])`.
func jsonObject(_ members: (String, JSONValue)...) -> JSONValue {
    .object(members.map { JSONValue.Member($0.0, $0.1) })
}

/// A value as `--format flat` writes it, compact: `"16px"`, `"#0055ff"`, `1.5`; nil for none.
func compact(_ value: TokenValue?) -> String? {
    guard let value else { return nil }
    var writer = JSONWriter.compact()
    writer.value(value.flatJSON)
    return String(decoding: writer.bytes, as: UTF8.self)
}
