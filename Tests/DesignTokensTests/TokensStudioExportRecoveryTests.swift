import Testing
import ThemeEngineTestSupport

@testable import DesignTokens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tokens Studio exports as real teams' repositories hold them: a `$metadata.json` left stale by renamed sets, and
/// a folder of sets with neither `$themes.json` nor `$metadata.json`, read as the plugin reads them.
@Suite("Tokens Studio exports that are not whole")
struct TokensStudioExportRecoveryTests {
    @Test(
        "a tokenSetOrder naming sets the export no longer has: one warning naming them, then the themes' own order")
    func staleSetOrder() throws {
        let directory = try TokensStudioExportTests.export([
            "$metadata.json": #"{"tokenSetOrder": ["old/core", "core", "old/light", "light"]}"#,
            "$themes.json":
                #"[{"name": "light", "group": "mode", "selectedTokenSets": {"light": "enabled", "core": "source"}}]"#,
            "core.json": TokensStudioExportTests.set("n", 1), "light.json": TokensStudioExportTests.set("n", 2),
        ])
        defer { directory.remove() }
        var resolver = try ThemeResolver(contentsOfFile: directory.path)
        let stale = try #require(resolver.document.warnings.first)
        #expect(stale.rule == .nonConforming && stale.severity == .warning)
        #expect(
            stale.message
                == #"$metadata.json is stale: "tokenSetOrder" lists 2 sets the export does not have and no theme selects ("old/core", "old/light"); the sets it lists keep its order, the others follow as the themes select them; remove them from it"#
        )
        #expect(stale.location?.line == 1 && stale.location?.column == 20)
        // The set a theme enables is layered over the one it only reads.
        #expect(try resolver.resolve(["mode": "light"]).number("n") == 2)
    }

    @Test("a set a theme selects that the export does not have is still an error")
    func missingSelectedSet() throws {
        let errors = try TokensStudioExportTests.errors([
            "$metadata.json": #"{"tokenSetOrder": ["core"]}"#,
            "$themes.json": #"[{"name": "light", "selectedTokenSets": {"core": "enabled", "gone": "enabled"}}]"#,
            "core.json": TokensStudioExportTests.set("n", 1),
        ])
        #expect(errors.count == 1)
        #expect(
            errors.first?.contains(#"theme "light" selects the set "gone", which the export does not have"#) == true)
    }

    @Test(
        "a folder with neither $themes.json nor $metadata.json: one theme of every set, in path order, with a warning")
    func folderOfSets() throws {
        let directory = try TokensStudioExportTests.export([
            "a.json": #"{"n": {"value": 1, "type": "number"}, "m": {"value": 1, "type": "number"}}"#,
            "b/c.json": TokensStudioExportTests.set("n", 2), "b.json": TokensStudioExportTests.set("m", 3),
            ".hidden/x.json": TokensStudioExportTests.set("n", 9),
        ])
        defer { directory.remove() }
        var resolver = try ThemeResolver(contentsOfFile: directory.path)
        #expect(resolver.document.modifiers.isEmpty)
        #expect(resolver.document.warnings.map(\.rule).first == .nonConforming)
        #expect(
            resolver.document.warnings.first?.message.hasSuffix(
                "has neither $themes.json nor $metadata.json: read as a Tokens Studio export of one theme, every set in it (3) in path order; add $themes.json to say which sets make each theme"
            ) == true)
        let theme = try resolver.resolve()
        // Path order: a.json, b.json, b/c.json; later sets win.
        #expect(theme.number("n") == 2)
        #expect(theme.number("m") == 3)
    }

    @Test("a link to a folder is not followed, so a link back up is not a loop")
    func linkedFolder() throws {
        let directory = try TokensStudioExportTests.export(["a.json": TokensStudioExportTests.set("n", 1)])
        defer { directory.remove() }
        #expect(symlink(".", directory.path + "/loop") == 0)
        #expect(symlink("/", directory.path + "/root") == 0)
        var resolver = try ThemeResolver(contentsOfFile: directory.path)
        #expect(resolver.document.warnings.first?.message.contains("every set in it (1)") == true)
        #expect(try resolver.resolve().number("n") == 1)
    }

    @Test("a folder with no sets at all is still the error that says what --resolver takes")
    func emptyFolder() throws {
        let directory = try TokensStudioExportTests.export(["notes.txt": "hello"])
        defer { directory.remove() }
        #expect(throws: DiagnosticError.self) { try ResolverDocument(contentsOfFile: directory.path) }
    }
}
