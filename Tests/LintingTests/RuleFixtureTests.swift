import DesignTokens
import Foundation
import Testing
import ThemeEngineTestSupport

@testable import Linting

/// Each rule of the catalogue, on a pair of fixtures layered over the bundled defaults:
/// `Fixtures/rules/<rule>/fires.json` must make it fire there (those findings are pinned in `fires.expected`),
/// and `passes.json`, the same file with the mistake fixed, must not.
@Suite("lint rules, one fixture pair each")
struct RuleFixtureTests {
    /// `unreadable-file` needs a file that is not there: ThemeCLITests cover it through `theme lint`. The resolver
    /// document rules fire on resolver documents, not token files: DesignTokensTests' ResolverDocumentTests cover them;
    /// `invalid-schema` fires on component schemas: ThemingTests' ComponentSchemaReaderTests cover it.
    static let rules = LintRule.catalogue.map(\.id.id).filter {
        ![Diagnostic.Rule.unreadableFile, .invalidResolver, .invalidInput, .unusedSet, .invalidSchema].map(\.id)
            .contains($0)
    }

    static func folder(_ rule: String) -> String { "Tests/LintingTests/Fixtures/rules/\(rule)" }

    /// The rule turned on when it is off by default.
    static func configuration(for rule: String) -> LintConfiguration {
        var configuration = LintConfiguration()
        if LintRule.named(rule)!.defaultSetting == .off { configuration.rules[Diagnostic.Rule(rule)] = .info }
        return configuration
    }

    @Test("fires on its fixture", arguments: rules)
    func fires(rule: String) throws {
        let path = Self.folder(rule) + "/fires.json"
        let report = lint([try repositoryFile(path)], Self.configuration(for: rule))
        let found = report.diagnostics.filter { $0.rule.id == rule && $0.location?.file == path }
        #expect(!found.isEmpty, "\(rule) did not fire in \(path)")
        let expectedSeverity = LintRule.named(rule)!.defaultSetting.severity ?? .info
        #expect(
            found.allSatisfy { $0.severity == expectedSeverity }, "\(rule) fired at another severity than its default")
        try expectSnapshot(render(found), at: Self.folder(rule) + "/fires.expected")
    }

    @Test("stays quiet once the mistake is fixed", arguments: rules)
    func passes(rule: String) throws {
        let path = Self.folder(rule) + "/passes.json"
        let report = lint([try repositoryFile(path)], Self.configuration(for: rule))
        // The defaults have primitives nothing refers to (the reason unused-token is off): look at the fixture only.
        let found = report.diagnostics.filter {
            $0.rule.id == rule && (rule != "unused-token" || $0.location?.file == path)
        }
        #expect(found.isEmpty, "\(rule) fired on \(path):\n\(render(found))")
        #expect(!report.hasErrors, "\(path) should lint without errors:\n\(render(report.diagnostics))")
    }

    @Test("every rule has its fixtures, and every fixture folder is a rule")
    func everyRuleHasFixtures() throws {
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot + "/Tests/LintingTests/Fixtures/rules")
        #expect(Set(folders) == Set(Self.rules))
    }
}
