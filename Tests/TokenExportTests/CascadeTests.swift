import DesignTokens
import Foundation
import Testing
import ThemeEngineTestSupport
@_spi(Engine) import TokenJSON

@testable import TokenExport

/// What the exports must get right beyond the bundled themes: the CSS cascade for any order of contexts, and the
/// names and files a platform cannot take.
@Suite("Export edge cases")
struct CascadeTests {
    /// A variant of one token, `c`, with the given value.
    private func variant(
        _ name: String, _ conditions: [(String, String)], _ value: String, appearance: Appearance = .any
    ) throws -> ExportVariant {
        let theme = try ResolvedTheme.resolve([source(#"{"c": {"$type": "color", "$value": "\#(value)"}}"#)])
        return ExportVariant(
            name: name, conditions: conditions.map { .init($0.0, $0.1) }, appearance: appearance, theme: theme)
    }

    /// The value of `--c` where `attributes` are set, by the cascade: of the blocks whose selectors match, the most
    /// specific, and of those the last written.
    private func cascade(_ css: String, _ attributes: [String: String]) -> String? {
        var best: (specificity: Int, value: String)?
        var selector = ""
        for line in css.split(separator: "\n") {
            if line.hasSuffix("{"), !line.hasPrefix("@") {
                selector = String(line.dropLast(2)).trimmingCharacters(in: .whitespaces)
            }
            guard line.hasPrefix("  --c: ") else { continue }
            let conditions = selector == ":root" ? [] : selector.dropFirst().dropLast().components(separatedBy: "][")
            let matches = conditions.allSatisfy { condition in
                let parts = condition.replacingOccurrences(of: "data-", with: "").replacingOccurrences(
                    of: "\"", with: ""
                ).split(separator: "=")
                return attributes[String(parts[0])] == String(parts[1])
            }
            if matches, conditions.count >= (best?.specificity ?? 0) {
                best = (conditions.count, String(line.dropFirst(7).dropLast()))
            }
        }
        return best?.value
    }

    @Test("Every permutation gets its own value through the cascade, whatever context is a modifier's default")
    func defaultsNotFirst() throws {
        // mode's default is dark: light comes first among the others, before the contrast-only variant.
        let input = ExportInput(variants: [
            try variant("dark-normal", [], "#aaaaaa"),
            try variant("light-normal", [("mode", "light")], "#bbbbbb"),
            try variant("light-high", [("mode", "light"), ("contrast", "high")], "#bbbbbb"),
            try variant("dark-high", [("contrast", "high")], "#cccccc"),
        ])
        let css = try CSSExporter().export(input).text
        #expect(cascade(css, [:]) == "#aaaaaa")
        #expect(cascade(css, ["mode": "light"]) == "#bbbbbb")
        #expect(cascade(css, ["contrast": "high"]) == "#cccccc")
        #expect(cascade(css, ["mode": "light", "contrast": "high"]) == "#bbbbbb")
    }

    @Test("A wide-gamut base colour's @supports block comes before the blocks that override it")
    func wideBeforeVariants() throws {
        let input = ExportInput(variants: [
            try variant("base", [], "color(display-p3 1 0 0)"),
            try variant("dark", [("theme", "dark")], "#000000", appearance: Appearance(isDark: true)),
        ])
        let css = try CSSExporter().export(input).text
        let supports = try #require(css.range(of: "@supports"))
        let dark = try #require(css.range(of: "[data-theme=\"dark\"] {"))
        #expect(supports.lowerBound < dark.lowerBound)
    }

    @Test("Only the variant that stands for an appearance is written under its media query")
    func mediaForAppearanceOnly() throws {
        var options = ExportOptions()
        options.mediaQueries = true
        let dark = Appearance(isDark: true)
        let input = ExportInput(
            variants: [
                try variant("a-light", [], "#ffffff"),
                try variant("a-dark", [("mode", "dark")], "#000000", appearance: dark),
                try variant("b-light", [("brand", "b")], "#ff0000"),
                try variant("b-dark", [("mode", "dark"), ("brand", "b")], "#330000", appearance: dark),
            ], options: options)
        let css = try CSSExporter().export(input).text
        #expect(css.components(separatedBy: "@media (prefers-color-scheme: dark)").count == 2)
        #expect(css.contains(":root:not([data-mode]) {\n    --c: #000000;"))
    }

    @Test("Android leaves out a token only a dark variant has: a resource needs a default")
    func androidDefaults() throws {
        let base = try ResolvedTheme.resolve([source(##"{"a": {"$type": "color", "$value": "#ffffff"}}"##)])
        let dark = try ResolvedTheme.resolve([
            source(##"{"a": {"$type": "color", "$value": "#000000"}, "b": {"$type": "color", "$value": "#111111"}}"##)
        ])
        let output = try AndroidExporter().export(
            ExportInput(variants: [
                ExportVariant(name: "base", theme: base),
                ExportVariant(name: "dark", appearance: Appearance(isDark: true), theme: dark),
            ]))
        let night = String(decoding: try #require(output.file("res/values-night/colors.xml")), as: UTF8.self)
        #expect(night.contains("name=\"a\"") && !night.contains("name=\"b\""))
    }

    @Test("Two image assets whose names differ only in case are refused, as their sets would be one folder")
    func imageSetCase() throws {
        let tokens = """
            {"i": {"$type": "image", "a": {"$value": {"asset": "Logo", "file": "logo.pdf"}}, "b": {"$value": {"asset": "logo", "file": "logo-2.pdf"}}}}
            """
        #expect {
            _ = try AssetCatalogExporter().export(try input(tokens))
        } throws: { error in
            (error as! DiagnosticError).diagnostics.map(\.rule) == [.identifierCollision]
        }
    }

    @Test("Swift: a variant named as a type the code uses is refused; a description with CR LF stays a comment")
    func swiftNames() throws {
        let base = try ResolvedTheme.resolve([
            source(##"{"c": {"$type": "color", "$value": "#ffffff", "$description": "one\r\nlet x = 1\rtwo"}}"##)
        ])
        #expect(throws: DiagnosticError.self) {
            try SwiftExporter().export(
                ExportInput(variants: [
                    ExportVariant(name: "base", theme: base), ExportVariant(name: "string", theme: base),
                ]))
        }
        let generated = try SwiftExporter().export(ExportInput(variants: [ExportVariant(name: "base", theme: base)]))
            .text
        #expect(generated.contains("        /// let x = 1\n"))
        let compiled = try SwiftCompiler.typecheck(generated)
        #expect(compiled.succeeded, "\(compiled.output)")
    }
}
