import Testing

@testable import DesignTokens

/// `gamut-mapped`: one info diagnostic for each colour written outside the sRGB gamut, where it is written.
@Suite("gamut-mapped diagnostics")
struct GamutMappingDiagnosticTests {
    @Test("each colour written outside sRGB is reported once, where it is written; aliases and references are not")
    func oncePerWrittenColour() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                ##"""
                {
                  "p3": {"$type": "color", "$value": {"colorSpace": "display-p3", "components": [1, 0, 0]}},
                  "alias": {"$type": "color", "$value": "{p3}"},
                  "pointer": {"$type": "color", "$value": {"$ref": "#/p3/$value"}},
                  "inside": {"$type": "color", "$value": {"colorSpace": "oklch", "components": [0.7, 0.1, 200]}},
                  "ring": {"$type": "border", "$value": {"color": "{p3}", "width": "1px", "style": "solid"}},
                  "fade": {"$type": "gradient", "$value": [
                    {"color": "{p3}", "position": 0},
                    {"color": {"colorSpace": "rec2020", "components": [0, 1, 0], "alpha": 0.5}, "position": 1}
                  ]},
                  "glow": {"$type": "shadow", "$value": {"color": {"colorSpace": "oklch", "components": [0.9, 0.4, 140]}, "offsetX": "0px", "offsetY": "0px", "blur": "4px", "spread": "0px"}}
                }
                """##)
        ])
        #expect(
            theme.diagnostics.map(\.description) == [
                "tokens.json:2:38: info: [gamut-mapped] p3 is color(display-p3 1 0 0), outside the sRGB gamut; as sRGB it is gamut-mapped to #ff0b0c",
                "tokens.json:9:15: info: [gamut-mapped] fade ([1].color) is color(rec2020 0 1 0 / 0.5), outside the sRGB gamut; as sRGB it is gamut-mapped to #00f27280",
                "tokens.json:11:51: info: [gamut-mapped] glow (color) is oklch(0.9 0.4 140), outside the sRGB gamut; as sRGB it is gamut-mapped to #62ff31",
            ])
        #expect(theme.diagnostics.allSatisfy { $0.severity == .info && $0.rule == .gamutMapped })
        #expect(theme.diagnostics.map(\.tokenPath) == ["p3", "fade", "glow"])
        // Every token still has its colour, mapped where sRGB is needed.
        #expect(theme.color("alias")?.hex == "#ff0b0c")
        #expect(theme.color("pointer")?.hex == "#ff0b0c")
    }

    @Test(
        "a colour inside sRGB, however it is written, is not reported",
        arguments: [
            #"{"colorSpace": "oklch", "components": [0.628, 0.2577, 29.23]}"#,
            #"{"colorSpace": "display-p3", "components": [0.5, 0.5, 0.5]}"#,
            #"{"colorSpace": "lab", "components": [50, 20, -20]}"#,
            #"{"colorSpace": "hsl", "components": [120, 100, 25]}"#,
        ])
    func insideIsQuiet(value: String) throws {
        let theme = try ResolvedTheme.resolve([source(#"{"c": {"$type": "color", "$value": \#(value)}}"#)])
        #expect(theme.diagnostics.isEmpty)
    }
}
