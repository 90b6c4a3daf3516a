import DesignTokens
import Foundation
import Testing
import ThemeEngineTestSupport

@testable import TokenExport

/// Each format on the bundled design language, against golden files.
@Suite("Export formats")
struct FormatTests {
    @Test("CSS: :root, then each theme's differences under its data attribute")
    func cssThemes() throws {
        var options = ExportOptions()
        options.mediaQueries = true
        try expectSnapshot(try CSSExporter().export(try bundledThemeInput(options: options)).text, named: "themes.css")
    }

    @Test("CSS: permutations under combined attribute selectors, each block what the blocks it overrides do not give")
    func cssPermutations() throws {
        let input = try bundledPermutationInput()
        let css = try CSSExporter().export(input).text
        try expectSnapshot(css, named: "permutations.css")
        // The combined block sets every token whose dark, high-contrast value differs from what the base, the dark
        // and the high-contrast blocks give it.
        let combined = try #require(
            css.components(separatedBy: "[data-mode=\"dark\"][data-contrast=\"high\"] {\n").last)
        let border = try #require(input.variants[3].theme.color("theme.color.border.brand")?.hex)
        #expect(combined.contains("--theme-color-border-brand: \(border);"))
    }

    @Test("CSS: --keep-references writes aliases as var()")
    func cssReferences() throws {
        var options = ExportOptions()
        options.keepReferences = true
        let css = try CSSExporter().export(try bundledThemeInput(options: options)).text
        #expect(css.contains("  --theme-color-input-focused-border: var(--theme-color-border-brand);\n"))
        // The dark theme re-points theme.color.border.brand, not the alias: the alias is not written again.
        let dark = try #require(
            css.components(separatedBy: "[data-theme=\"dark\"] {\n").last?.components(separatedBy: "}").first)
        #expect(dark.contains("--theme-color-border-brand: var(--palette-blue-400);"))
        #expect(!dark.contains("  --theme-color-input-focused-border:"))
    }

    @Test("CSS: composites as shorthands, wide-gamut colours with an sRGB fallback")
    func cssValues() throws {
        let css = try CSSExporter().export(
            try input(
                """
                {
                  "wide": {"$type": "color", "$value": {"colorSpace": "display-p3", "components": [1, 0, 0]}},
                  "type": {"$type": "typography", "$value": {"fontFamily": ["SF Pro Text", "system-ui"], "fontSize": "16px", "fontWeight": 600, "letterSpacing": "0px", "lineHeight": 1.5}},
                  "shadow": {"$type": "shadow", "$value": [{"color": "#00000080", "offsetX": "0px", "offsetY": "2px", "blur": "4px", "spread": "0px"}, {"color": "#000000", "offsetX": "1px", "offsetY": "1px", "blur": "0px", "spread": "0px", "inset": true}]},
                  "border": {"$type": "border", "$value": {"color": "#0055ff", "width": "2px", "style": "dashed"}},
                  "move": {"$type": "transition", "$value": {"duration": "200ms", "delay": "0ms", "timingFunction": [0.4, 0, 0.2, 1]}},
                  "fade": {"$type": "gradient", "$value": [{"color": "#ffffff", "position": 0}, {"color": "#000000", "position": 1}]},
                  "label": {"$type": "string", "$value": "Say \\"hi\\""}
                }
                """)
        ).text
        // Gamut-mapped by CSS Color 4's algorithm, as the engine's `hex` is.
        #expect(css.contains("  --wide: #ff0b0c;\n"))
        #expect(
            css.contains(
                "@supports (color: color(display-p3 0 0 0)) {\n  :root {\n    --wide: color(display-p3 1 0 0);\n  }\n}\n"
            ))
        #expect(css.contains("  --type: 600 16px/1.5 \"SF Pro Text\", system-ui;\n"))
        #expect(css.contains("  --shadow: 0 2px 4px 0 #00000080, inset 1px 1px 0 0 #000000;\n"))
        #expect(css.contains("  --border: 2px dashed #0055ff;\n"))
        #expect(css.contains("  --move: 200ms cubic-bezier(0.4, 0, 0.2, 1) 0ms;\n"))
        #expect(css.contains("  --fade: linear-gradient(#ffffff 0%, #000000 100%);\n"))
        #expect(css.contains("  --label: \"Say \\\"hi\\\"\";\n"))
    }

    @Test("Swift: the golden file for the bundled themes")
    func swift() throws {
        try expectSnapshot(try SwiftExporter().export(try bundledThemeInput()).text, named: "ThemeTokens.swift")
    }

    @Test(
        "Swift: compiles without warnings in Swift 6 mode, for the themes and the permutations, public and internal",
        arguments: [(false, ExportOptions.AccessLevel.public), (true, .internal)])
    func swiftCompiles(permutations: Bool, access: ExportOptions.AccessLevel) throws {
        var options = ExportOptions()
        options.access = access
        options.typeName = "BrandTokens"
        let input =
            permutations ? try bundledPermutationInput(options: options) : try bundledThemeInput(options: options)
        let generated = try SwiftExporter().export(input).text
        // Used as a view's requirements and as constants, as an app would.
        let use = """

            let requirements = ThemeRequirements(BrandTokens.Color.self, BrandTokens.Dimension.self, BrandTokens.Image.self, BrandTokens.Typography.self)
            let brand: BrandTokens.ColorValue = BrandTokens.\(permutations ? "ModeDarkContrastHigh" : "Dark").color(.themeColorBorderBrand)
            let padding: Double = BrandTokens.\(permutations ? "ModeLightContrastNormal" : "Base").points(.designSizerMd)
            let path: String = BrandTokens.Color.themeColorBorderBrand.tokenPath
            """
        let result = try SwiftCompiler.typecheck(generated + use, named: "BrandTokens.swift")
        #expect(result.succeeded, "\(result.output)")
    }

    @Test("Swift: keywords in backticks, descriptions as documentation, values as constants")
    func swiftNames() throws {
        let generated = try SwiftExporter().export(
            try input(
                """
                {"color": {"$type": "color", "default": {"$value": "#0055ff", "$description": "The brand's blue.\\nUse it sparingly."}},
                 "space": {"$type": "dimension", "self": {"$value": "1rem"}, "relative": {"$value": "2em"}}}
                """)
        ).text
        #expect(
            generated.contains(
                """
                        /// `color.default`
                        ///
                        /// The brand's blue.
                        /// Use it sparingly.
                        case colorDefault = "color.default"
                """))
        #expect(generated.contains("case spaceSelf = \"space.self\""))
        #expect(generated.contains("case .spaceSelf: 16\n"))
        // A dimension in a relative unit has no length in points: no case.
        #expect(!generated.contains("spaceRelative"))
        let compiled = try SwiftCompiler.typecheck(generated)
        #expect(compiled.succeeded, "\(compiled.output)")
    }

    @Test("Asset catalog: every appearance of the permutations in one catalog, golden")
    func assetCatalog() throws {
        let output = try AssetCatalogExporter().export(try bundledPermutationInput())
        try expectSnapshot(output.listing, named: "permutations.xcassets.txt")
    }

    @Test("Asset catalog: every Contents.json has the shape Apple documents")
    func assetCatalogShape() throws {
        let images = try temporaryDirectory("export-tests")
        defer { try? FileManager.default.removeItem(atPath: images) }
        let output = try AssetCatalogExporter().export(
            try input(
                """
                {"wide": {"$type": "color", "$value": {"colorSpace": "display-p3", "components": [0, 1, 0], "alpha": 0.5}},
                 "icon": {"$type": "image", "$value": {"asset": "icClose", "file": "\(images)/close.pdf", "renderingMode": "template"}}}
                """))
        let permutations = try AssetCatalogExporter().export(try bundledPermutationInput())
        let all = output.files + permutations.files
        #expect(
            all.contains {
                $0.path == "Images.xcassets/icClose.imageset/close.pdf"
                    && $0.contents == .copy(of: "\(images)/close.pdf")
            })
        var checked = 0
        for file in all where file.path.hasSuffix("Contents.json") {
            guard case .bytes(let bytes) = file.contents else { continue }
            let problems = AssetCatalogShape.problems(in: bytes, path: file.path)
            #expect(problems.isEmpty, "\(file.path): \(problems)")
            checked += 1
        }
        #expect(checked > 200)
        let wide = try #require(output.file("Colors.xcassets/wide.colorset/Contents.json"))
        #expect(String(decoding: wide, as: UTF8.self).contains("\"color-space\": \"display-p3\""))
    }

    @Test("Android: values for the base, values-night with what the dark theme changes")
    func android() throws {
        var input = try bundledThemeInput()
        input.variants.removeLast()
        try expectSnapshot(try AndroidExporter().export(input).listing, named: "android.txt")
    }

    @Test("Variants that are no appearance, or one the platform lacks, are refused by name")
    func appearances() throws {
        let input = try bundledThemeInput()
        #expect {
            _ = try AndroidExporter().export(input)
        } throws: { error in
            (error as! DiagnosticError).diagnostics.map(\.message) == [
                "high-contrast is for the high contrast appearance, which Android's resources does not have; leave it out, or fix the modifier that makes it with --input"
            ]
        }
        var brand = try bundledThemeInput()
        brand.variants[1].appearance = .any
        #expect(throws: DiagnosticError.self) { try AssetCatalogExporter().export(brand) }
    }

    @Test(
        "DTCG: read back, an export gives the values it was exported from, with and without references kept",
        arguments: [false, true])
    func dtcgRoundTrip(keepReferences: Bool) throws {
        var options = ExportOptions()
        options.keepReferences = keepReferences
        let input = try bundledThemeInput(options: options)
        let output = try DTCGExporter().export(input)
        #expect(output.files.map(\.path) == ["base.tokens.json", "dark.tokens.json", "high-contrast.tokens.json"])
        for variant in input.variants {
            let bytes = try #require(output.file("\(variant.name).tokens.json"))
            let read = try ResolvedTheme.resolve([TokenSource(name: "\(variant.name).tokens.json", bytes: bytes)])
            #expect(read.paths == variant.theme.paths)
            #expect(read.tokens.map(\.value) == variant.theme.tokens.map(\.value))
            #expect(read.tokens.map(\.type) == variant.theme.tokens.map(\.type))
            if keepReferences {
                #expect(read.tokens.map(\.aliasChain) == variant.theme.tokens.map(\.aliasChain))
            }
        }
        // One variant is one file.
        let one = ExportInput(variants: [input.base], options: options)
        #expect(try DTCGExporter().export(one) == .file(input.base.theme.treeJSON(keepingAliases: keepReferences)))
    }
}
