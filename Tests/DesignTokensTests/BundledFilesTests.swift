import DesignTokens
import Testing
import ThemeEngineTestSupport

@Suite("The bundled design language, themes and resolver document as library values")
struct BundledFilesTests {
    @Test("each bundled source holds its repository file's bytes, under the file's path, in its role")
    func sources() throws {
        for (bundled, path) in [(TokenSource.defaultTokens, "Tokens/defaultTokens.json"), (.dark, "Themes/dark.json"), (.highContrast, "Themes/high-contrast.json")] {
            let file = try repositoryFile(path)
            #expect(bundled.name == path)
            #expect(bundled.bytes == file.bytes, "\(path) is not what the library embeds; rebuild")
        }
        #expect(TokenSource.defaultTokens.role == .base)
        #expect(TokenSource.dark.role == .theme)
        #expect(TokenSource.highContrast.role == .theme)
    }

    @Test("the bundled resolver document gives every permutation the files on disk give")
    func resolverDocument() throws {
        let onDisk = try ResolverDocument(contentsOfFile: repositoryRoot + "/Themes/themes.resolver.json")
        let bundled = ResolverDocument.bundled
        #expect(bundled.modifiers == onDisk.modifiers)
        #expect(bundled.path == "Themes/themes.resolver.json")
        var fromDisk = ThemeResolver(document: onDisk)
        var fromLibrary = ThemeResolver.bundled()
        for input in try bundled.permutations() {
            let expected = try fromDisk.resolve(input)
            let actual = try fromLibrary.resolve(input)
            #expect(actual.flatJSON() == expected.flatJSON(), "\(input)")
            #expect(try bundled.sources(for: input).map(\.name).allSatisfy { $0.hasPrefix("Tokens/") || $0.hasPrefix("Themes/") })
        }
        // The bundled themes over the bundled defaults are the dark high-contrast permutation.
        let stacked = try ResolvedTheme.resolve([.defaultTokens, .dark, .highContrast])
        #expect(stacked.flatJSON() == (try fromLibrary.resolve(["mode": "dark", "contrast": "high"])).flatJSON())
    }
}

@Suite("A DiagnosticError shows its diagnostics as the theme tool prints them")
struct DiagnosticErrorDescriptionTests {
    @Test("its description quotes the line each diagnostic points at, with a caret, and its notes")
    func description() {
        let theme = source("""
            {"theme": {"color": {"border": {"danger": {"$value": "{palette.red.60}"}}}}}
            """, name: "brand.json")
        do {
            _ = try ResolvedTheme.resolve([.defaultTokens, theme])
            Issue.record("a reference to nothing resolved")
        } catch {
            #expect(error.sources.map(\.name) == ["Tokens/defaultTokens.json", "brand.json"])
            #expect(error.description == """
                brand.json:1:54: error: [unresolved-reference] theme.color.border.danger refers to {palette.red.60}, which does not exist; did you mean {palette.red.50}?
                {"theme": {"color": {"border": {"danger": {"$value": "{palette.red.60}"}}}}}
                                                                     ^
                """)
        }
    }

    @Test("without the files, each diagnostic is its line and its notes")
    func withoutSources() {
        let error = DiagnosticError([
            Diagnostic(.error, .invalidValue, "bad", at: SourceLocation(file: "a.json", line: 2, column: 3), notes: [.init("why")])
        ])
        #expect(error.description == "a.json:2:3: error: [invalid-value] bad\ntheme: note: why")
    }
}
