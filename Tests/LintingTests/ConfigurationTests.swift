import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Linting

@Suite("lint configuration")
struct ConfigurationTests {
    static let lowPlaceholder = source(
        ##"{"theme": {"color": {"foreground": {"placeholder": {"$value": "#aaaaaa"}}}}}"##)
    static let typo = source(##"{"theme": {"color": {"border": {"brnad": {"$value": "{palette.blue.700}"}}}}}"##)

    static func configuration(_ assignments: String..., warningsAsErrors: Bool = false) throws -> LintConfiguration {
        var configuration = LintConfiguration(warningsAsErrors: warningsAsErrors)
        for assignment in assignments { try configuration.set(assignment) }
        return configuration
    }

    /// The ids of the `static let name: Rule = "id"` (or `: Self = "id"`) definitions in a source file.
    static func ruleIDs(definedIn path: String) throws -> Set<String> {
        let text = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
        var ids: Set<String> = []
        for line in text.split(separator: "\n")
        where line.contains("static let ") && (line.contains(": Rule = \"") || line.contains(": Self = \"")) {
            let parts = line.split(separator: "\"")
            if parts.count >= 2 { ids.insert(String(parts[1])) }
        }
        return ids
    }

    @Test("the catalogue is exactly the rules defined: the engine's (Diagnostic.Rule.all), Theming's and lint's own")
    func catalogueCoversTheEngine() throws {
        // Read from the definitions themselves, so a rule added without listing it is caught.
        let engine = try Self.ruleIDs(definedIn: "Sources/DesignTokens/Diagnostics/Diagnostic.swift")
        #expect(
            engine == Set(Diagnostic.Rule.all.map(\.id)),
            "Diagnostic.Rule.all is missing a rule Diagnostic.swift defines")
        let theming = try Self.ruleIDs(definedIn: "Sources/Theming/Styles/ComponentStyle.swift")
            .union(try Self.ruleIDs(definedIn: "Sources/Theming/Schema/ComponentSchemaReader.swift"))
        let linting = try Self.ruleIDs(definedIn: "Sources/Linting/LintRule.swift")
        #expect(theming == [Diagnostic.Rule.missingStyleToken.id, Diagnostic.Rule.invalidSchema.id])
        let ids = LintRule.catalogue.map(\.id.id)
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids) == engine.union(theming).union(linting))
        #expect(LintRule.catalogue.allSatisfy { !$0.summary.isEmpty })
        // Only the errors that stop resolution are fixed; every warning can be tuned.
        #expect(LintRule.catalogue.filter { !$0.isConfigurable }.allSatisfy { $0.defaultSetting == .error })
    }

    @Test("the catalogue's default for each engine rule is the severity the engine reports it at (checked by hand)")
    func engineSeverities() {
        let engine: [Diagnostic.Rule: LintRule.Setting] = [
            .invalidJSON: .error, .unreadableFile: .error, .duplicateKey: .warning, .invalidName: .error,
            .tokenWithChildren: .error, .invalidToken: .error, .unknownProperty: .warning, .invalidExtends: .error,
            .missingType: .error, .guessedType: .warning, .unknownType: .warning, .invalidValue: .error,
            .gamutMapped: .info,
            .nonConforming: .warning,
            .invalidReference: .error, .unresolvedReference: .error, .referenceToGroup: .error,
            .circularReference: .error, .typeMismatch: .error, .unmatchedOverride: .warning, .equivalentNames: .warning,
            .invalidResolver: .error, .invalidInput: .error, .unusedSet: .warning, .missingStyleToken: .error,
        ]
        #expect(
            Set(engine.keys) == Set(Diagnostic.Rule.all + [.missingStyleToken]), "a rule with no severity listed here")
        for (rule, setting) in engine {
            #expect(LintRule.named(rule.id)?.defaultSetting == setting, "\(rule)")
        }
    }

    @Test("findings of lint's own rules are created at their catalogue default, the one place it is written")
    func lintSeverities() {
        for rule in [
            Diagnostic.Rule.caseCollision, .deprecatedReference, .unusedToken, .minContrast, .invalidContrastPair,
            .missingStyleToken,
        ] {
            let setting = LintRule.named(rule.id)!.defaultSetting
            #expect(Diagnostic(lint: rule, "x").severity == setting.severity ?? .info, "\(rule)")
        }
        // The surface check, which lint makes itself, follows missing-style-token's setting.
        var configuration = LintConfiguration(surfaceToken: "theme.color.background.nope")
        #expect(
            lint([], configuration).diagnostics.filter { $0.rule == .missingStyleToken }.map(\.severity) == [.error])
        configuration.rules[.missingStyleToken] = .warning
        #expect(
            lint([], configuration).diagnostics.filter { $0.rule == .missingStyleToken }.map(\.severity) == [.warning])
    }

    @Test("min-contrast is an error by default, a warning or nothing when configured")
    func minContrastSetting() throws {
        let byDefault = lint([Self.lowPlaceholder])
        #expect(byDefault.diagnostics.filter { $0.rule == .minContrast }.map(\.severity) == [.error, .error])
        #expect(byDefault.hasErrors)
        let relaxed = lint([Self.lowPlaceholder], try Self.configuration("min-contrast=warning"))
        #expect(relaxed.diagnostics.filter { $0.rule == .minContrast }.map(\.severity) == [.warning, .warning])
        #expect(!relaxed.hasErrors)
        let off = lint([Self.lowPlaceholder], try Self.configuration("min-contrast=off"))
        #expect(off.diagnostics.isEmpty)
        #expect(off.contrastPairsChecked == 0)
        #expect(off.level == nil)
    }

    @Test("--warnings-as-errors turns every warning into an error, after --rule; info stays info")
    func warningsAsErrors() throws {
        let report = lint([Self.typo], try Self.configuration("unused-token=info", warningsAsErrors: true))
        #expect(report.diagnostics.contains { $0.rule == .unmatchedOverride && $0.severity == .error })
        #expect(report.diagnostics.contains { $0.rule == .unusedToken && $0.severity == .info })
        #expect(!report.diagnostics.contains { $0.severity == .warning })
        let quiet = lint([Self.typo], try Self.configuration("unmatched-override=off", warningsAsErrors: true))
        #expect(!quiet.hasErrors)
    }

    @Test("an engine warning can be raised, lowered or turned off")
    func engineWarnings() throws {
        #expect(lint([Self.typo], try Self.configuration("unmatched-override=error")).hasErrors)
        #expect(
            lint([Self.typo], try Self.configuration("unmatched-override=info")).diagnostics.map(\.severity) == [.info])
        #expect(lint([Self.typo], try Self.configuration("unmatched-override=off")).diagnostics.isEmpty)
    }

    @Test("type-mismatch can be configured, which changes only its warnings: its errors still stop resolution")
    func typeMismatch() throws {
        // A token in a colour group that aliases a dimension: valid DTCG, a warning.
        let warning = source(##"{"theme": {"color": {"odd": {"$value": "{radius.md}"}}}}"##)
        #expect(lint([warning]).diagnostics.contains { $0.rule == .typeMismatch && $0.severity == .warning })
        #expect(
            !lint([warning], try Self.configuration("type-mismatch=off")).diagnostics.contains {
                $0.rule == .typeMismatch
            })
        // Its own $type disagrees: an error, whatever the configuration says.
        let error = source(##"{"theme": {"color": {"odd": {"$type": "color", "$value": "{radius.md}"}}}}"##)
        let report = lint([error], try Self.configuration("type-mismatch=off"))
        #expect(report.diagnostics.contains { $0.rule == .typeMismatch && $0.severity == .error })
    }

    @Test(
        "settings that do not fit the catalogue are refused with a reason",
        arguments: [
            ("min-contrast", "--rule takes <rule>=<setting>, such as min-contrast=error; found 'min-contrast'"),
            ("min-contrats=error", "unknown rule 'min-contrats'; did you mean 'min-contrast'?"),
            (
                "min-contrast=eror",
                "--rule min-contrast must be set to one of off, info, warning, error; found 'eror'; did you mean 'error'?"
            ),
            (
                "invalid-json=warning",
                "invalid-json cannot be configured: it keeps the token files from resolving, so it is always an error"
            ),
            (
                "unresolved-reference=off",
                "unresolved-reference cannot be configured: it keeps the token files from resolving, so it is always an error"
            ),
        ])
    func refused(assignment: String, message: String) {
        var configuration = LintConfiguration()
        #expect(throws: LintConfiguration.Problem(message: message)) { try configuration.set(assignment) }
        #expect(configuration.rules.isEmpty)
    }

    @Test("errors that stop resolution are reported as resolve reports them, and stop the other checks")
    func resolutionErrors() throws {
        let broken = source(
            ##"{"theme": {"color": {"foreground": {"placeholder": {"$value": "{palette.neutral.01}"}}}}}"##)
        let report = lint([broken], try Self.configuration("unused-token=info"))
        #expect(report.diagnostics.map(\.rule) == [.unresolvedReference])
        #expect(report.hasErrors)
        #expect(report.contrastPairsChecked == 0)
        #expect(report.level == nil)
    }

    @Test("findings come in file order, then line and column")
    func order() throws {
        let report = lint([Self.typo, Self.lowPlaceholder.renamed("second.json")])
        let places = report.diagnostics.compactMap(\.location).map { ($0.file, $0.line, $0.column) }
        #expect(places.map(\.0) == ["theme.json", "second.json", "second.json"])
    }
}

extension TokenSource {
    func renamed(_ name: String) -> TokenSource {
        var copy = self
        copy.name = name
        return copy
    }
}
