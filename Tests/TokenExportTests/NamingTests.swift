import DesignTokens
import Testing

@testable import TokenExport

@Suite("Names of token paths in each language")
struct NamingTests {
    @Test(
        "Each style joins the path's words as its language does",
        arguments: [
            (
                "theme.color.border.brand", "themeColorBorderBrand", "ThemeColorBorderBrand",
                "theme-color-border-brand", "theme_color_border_brand"
            ),
            (
                "design.colors.surfacePrimary.default", "designColorsSurfacePrimaryDefault",
                "DesignColorsSurfacePrimaryDefault",
                "design-colors-surface-primary-default", "design_colors_surface_primary_default"
            ),
            ("palette.blue.400", "paletteBlue400", "PaletteBlue400", "palette-blue-400", "palette_blue_400"),
            ("2xl.gap", "_2xlGap", "_2xlGap", "2xl-gap", "_2xl_gap"),
            ("size.XL", "sizeXl", "SizeXl", "size-xl", "size_xl"),
            ("farbe.grün", "farbeGrün", "FarbeGrün", "farbe-grün", "farbe_gr_n"),
            ("space_2 . wide-ish", "space2WideIsh", "Space2WideIsh", "space-2-wide-ish", "space_2_wide_ish"),
        ])
    func styles(path: String, camel: String, upperCamel: String, kebab: String, snake: String) {
        #expect(IdentifierStyle.camelCase.identifier(for: path) == camel)
        #expect(IdentifierStyle.upperCamelCase.identifier(for: path) == upperCamel)
        #expect(IdentifierStyle.kebabCase.identifier(for: path) == kebab)
        #expect(IdentifierStyle.snakeCase.identifier(for: path) == snake)
    }

    @Test("A path with no letter or digit has no name; Android's ASCII-only names drop other letters")
    func unnamable() {
        #expect(IdentifierStyle.camelCase.identifier(for: "🎨.✨") == nil)
        #expect(IdentifierStyle.kebabCase.identifier(for: "-._") == nil)
        #expect(IdentifierStyle.snakeCase.identifier(for: "色.青") == nil)
        #expect(IdentifierStyle.camelCase.identifier(for: "色.青") == "色青")
    }

    @Test("Swift keywords are written in backticks")
    func keywords() {
        #expect(SwiftLiteral.identifier("default") == "`default`")
        #expect(SwiftLiteral.identifier("self") == "`self`")
        #expect(SwiftLiteral.identifier("defaultColor") == "defaultColor")
    }

    @Test("Two paths with one name are an error naming both, located at the second")
    func collision() throws {
        let tokens = """
            {"color": {"$type": "color", "surfacePrimary": {"$value": "#ffffff"}, "surface-primary": {"$value": "#000000"}}}
            """
        #expect {
            _ = try CSSExporter().export(try input(tokens))
        } throws: { error in
            let diagnostics = (error as! DiagnosticError).diagnostics
            return diagnostics.count == 1 && diagnostics[0].rule == .identifierCollision
                && diagnostics[0].message
                    == "color.surfacePrimary and color.surface-primary would both be named color-surface-primary in CSS; rename one of them"
                && diagnostics[0].tokenPath == "color.surface-primary" && diagnostics[0].location?.line == 1
                && diagnostics[0].notes.first?.location?.column == 59
        }
    }

    @Test("Asset catalog names differ in more than case, as a file system that ignores case needs")
    func foldedCase() throws {
        let tokens = """
            {"c": {"$type": "color", "inputBorder": {"$value": "#ffffff"}, "inputborder": {"$value": "#000000"}}}
            """
        #expect(throws: DiagnosticError.self) { try AssetCatalogExporter().export(try input(tokens)) }
        // Kebab case splits the humps: two names.
        #expect(try CSSExporter().export(try input(tokens)).text.contains("--c-inputborder: #000000;"))
        // Swift's are case-sensitive and keep the humps: two names.
        #expect(try SwiftExporter().export(try input(tokens)).text.contains("case cInputborder = \"c.inputborder\""))
    }

    @Test(
        "A name no language can spell is an error, for each format that names tokens",
        arguments: ["css", "swift", "xcassets", "android"])
    func unspellable(format: String) throws {
        let exporter = ExportFormat.named(format)!.exporter.init()
        #expect {
            _ = try exporter.export(try input(##"{"🎨": {"$type": "color", "$value": "#ffffff"}}"##))
        } throws: { error in
            (error as! DiagnosticError).diagnostics.map(\.rule) == [.unnamableToken]
        }
    }
}

@Suite("ASCII names read byte by byte")
struct ASCIINamingTests {
    @Test("agree with the Unicode reading on random ASCII paths, in every style")
    func agree() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZbY09._- Xq8\t/".utf8)
        for _ in 0..<5_000 {
            let path = String(
                decoding: (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                }, as: UTF8.self)
            for style in IdentifierStyle.allCases {
                #expect(style.identifier(for: path) == style.unicodeIdentifier(for: path), "\(style) of '\(path)'")
            }
        }
    }
}
