import DesignTokens
import Foundation
import Testing
import ThemeEngineTestSupport

@_spi(Engine) @testable import TokenJSON

@Suite("The bundled design language, themes and resolver document as library values")
struct BundledFilesTests {
    @Test("each bundled source holds its repository file's bytes, under the file's path, in its role")
    func sources() throws {
        for (bundled, path) in [
            (TokenSource.defaultTokens, "Tokens/defaultTokens.json"), (.dark, "Themes/dark.json"),
            (.highContrast, "Themes/high-contrast.json"),
        ] {
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
            #expect(
                try bundled.sources(for: input).map(\.name).allSatisfy {
                    $0.hasPrefix("Tokens/") || $0.hasPrefix("Themes/")
                })
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
        let theme = source(
            """
            {"theme": {"color": {"border": {"danger": {"$value": "{palette.red.60}"}}}}}
            """, name: "brand.json")
        do {
            _ = try ResolvedTheme.resolve([.defaultTokens, theme])
            Issue.record("a reference to nothing resolved")
        } catch {
            #expect(error.sources.map(\.name) == ["Tokens/defaultTokens.json", "brand.json"])
            #expect(
                error.description == """
                    brand.json:1:54: error: [unresolved-reference] theme.color.border.danger refers to {palette.red.60}, which does not exist; did you mean {palette.red.50}?
                    {"theme": {"color": {"border": {"danger": {"$value": "{palette.red.60}"}}}}}
                                                                         ^
                    """)
        }
    }

    @Test("without the files, each diagnostic is its line and its notes")
    func withoutSources() {
        let error = DiagnosticError([
            Diagnostic(
                .error, .invalidValue, "bad", at: SourceLocation(file: "a.json", line: 2, column: 3),
                notes: [.init("why")])
        ])
        #expect(error.description == "a.json:2:3: error: [invalid-value] bad\ntheme: note: why")
    }
}

@Suite("Themes over the bundled defaults reuse the defaults' resolution, and resolve as from scratch")
struct DefaultsReuseTests {
    /// The defaults under another name, which the engine does not recognise as the bundled ones: resolved from
    /// scratch with whatever is layered over them.
    static let copy = TokenSource(name: "copy-of-defaults.json", bytes: TokenSource.defaultTokens.bytes)

    static func sameResult(_ themes: [TokenSource]) throws {
        let reused = Result { () throws(DiagnosticError) in try ResolvedTheme.resolve([.defaultTokens] + themes) }
        let scratch = Result { () throws(DiagnosticError) in try ResolvedTheme.resolve([copy] + themes) }
        func shown(_ diagnostics: [Diagnostic]) -> [String] {
            diagnostics.map {
                $0.description.replacingOccurrences(of: "copy-of-defaults.json", with: "Tokens/defaultTokens.json")
            }
        }
        switch (reused, scratch) {
        case (.success(let reused), .success(let scratch)):
            #expect(reused.flatJSON() == scratch.flatJSON())
            #expect(reused.treeJSON() == scratch.treeJSON())
            #expect(reused.tokens.map(\.aliasChain) == scratch.tokens.map(\.aliasChain))
            #expect(shown(reused.diagnostics) == shown(scratch.diagnostics))
        case (.failure(let reused), .failure(let scratch)):
            #expect(shown(reused.diagnostics) == shown(scratch.diagnostics))
        default:
            Issue.record("one resolved and the other did not")
        }
    }

    @Test("the bundled themes, alone and together")
    func bundledThemes() throws {
        for themes in [[TokenSource.dark], [.highContrast], [.dark, .highContrast]] { try Self.sameResult(themes) }
    }

    @Test("every token file of the CLI tests' fixtures, as a theme over the defaults, with its warnings and errors")
    func fixtures() throws {
        var count = 0
        for folder in ["", "lint/", "diff/", "policy/", "dialects/"] {
            let path = "Tests/ThemeCLITests/Fixtures/" + folder
            for name in try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/" + path).sorted()
            where name.hasSuffix(".json") || name.hasSuffix(".jsonc") || name.hasSuffix(".json5") {
                try Self.sameResult([try repositoryFile(path + name)])
                count += 1
            }
        }
        #expect(count > 10)
    }
}
