import Testing

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

/// The one value decoder reads a value where it lies in its document (`Input.node`) or as a `JSONValue`
/// (`Input.json`, what a resolved reference stands for): both must give the same value, or the same error at the
/// same member, for every spelling.
@Suite("Values decoded in place and as JSON agree")
struct DecodingInPlaceTests {
    /// Valid values in every accepted spelling, and invalid ones.
    static let cases: [(type: String, json: String)] = [
        ("color", ##""#0055FF""##),
        ("color", ##""#0af""##),
        ("color", ##""#0af8""##),
        ("color", ##""#11223344""##),
        ("color", ##""\u00230055ff""##),
        ("color", ##""0055ff""##),
        ("color", ##""#12345""##),
        ("color", ##""#ggg""##),
        ("color", ##"5"##),
        ("color", ##"{"colorSpace": "srgb", "components": [0, 0.3333, 1], "hex": "#0055FF"}"##),
        ("color", ##"{"colorSpace": "srgb", "components": [0, 0.3333, 1], "hex": "#0055fe", "alpha": 0.5}"##),
        ("color", ##"{"colorSpace": "display-p3", "components": [0.1, 0.2, 0.3], "alpha": 1, "hex": "#112233"}"##),
        ("color", ##"{"colorSpace": "hsl", "components": [200, 50, "none"]}"##),
        // Colour spaces are matched by their names' bytes: a name another begins with, an escaped one, an unknown one.
        ("color", ##"{"colorSpace": "srgb-linear", "components": [0.1, 0.2, 0.3]}"##),
        ("color", ##"{"colorSpace": "xyz-d65", "components": [0.1, 0.2, 0.3]}"##),
        ("color", ##"{"colorSpace": "display\u002Dp3", "components": [0.1, 0.2, 0.3]}"##),
        ("color", ##"{"colorSpace": "p3", "components": [0.1, 0.2, 0.3]}"##),
        ("color", ##"{"colorSpace": "lab", "components": ["n\u006fne", -20, 300]}"##),
        ("color", ##"{"colorSpace": "hsl", "components": [360, 1, 1]}"##),
        ("color", ##"{"colorSpace": "srgb", "components": [0, 2, 0]}"##),
        ("color", ##"{"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 2}"##),
        ("color", ##"{"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#fff"}"##),
        ("color", ##"{"colorSpace": "srgb", "colorSpace": "hsl", "components": [0, 0, 0]}"##),
        ("color", ##"{"colorSpace": "srgb", "components": [0, 0, 0], "extra": 1}"##),
        ("dimension", ##""16px""##),
        ("dimension", ##""1.5rem""##),
        ("dimension", ##""-0px""##),
        ("dimension", ##""1.px""##),
        ("dimension", ##"".5rem""##),
        ("dimension", ##""16p\u0078""##),
        ("dimension", ##""16pt""##),
        ("dimension", ##""1.2.3px""##),
        ("dimension", ##""px""##),
        ("dimension", ##"16"##),
        ("dimension", ##"{"value": 1e2, "unit": "px"}"##),
        ("dimension", ##"{"unit": "rem", "value": -0.5}"##),
        ("dimension", ##"{"value": "16", "unit": "px"}"##),
        ("dimension", ##"{"value": 16, "unit": "em"}"##),
        ("dimension", ##"{"value": 1, "value": 2, "unit": "px"}"##),
        ("duration", ##""120ms""##),
        ("duration", ##""0.2s""##),
        ("duration", ##""xms""##),
        ("duration", ##""120""##),
        ("duration", ##"{"value": 3, "unit": "s"}"##),
        ("duration", ##"{"value": 3, "unit": "h"}"##),
        ("number", ##"1.25"##),
        ("number", ##"-3e-2"##),
        ("number", ##""1""##),
        ("fontWeight", ##"700"##),
        ("fontWeight", ##"0"##),
        ("fontWeight", ##""semi-bold""##),
        ("fontWeight", ##""bolder""##),
        ("fontFamily", ##""Inter""##),
        ("fontFamily", ##"["A", "B"]"##),
        ("fontFamily", ##""""##),
        ("fontFamily", ##"[]"##),
        ("fontFamily", ##"["A", 1]"##),
        ("cubicBezier", ##"[0.4, -2, 0.2, 3]"##),
        ("cubicBezier", ##"[2, 0, 0, 0]"##),
        ("cubicBezier", ##"[0, 0, 0]"##),
        ("string", ##""x\ny""##),
        ("string", ##"5"##),
        ("boolean", ##"true"##),
        ("boolean", ##""true""##),
        ("strokeStyle", ##""dashed""##),
        ("strokeStyle", ##""wavy""##),
        ("border", ##"{"color": "#fff", "width": "1px", "style": "solid"}"##),
        ("border", ##"{"color": "#fff", "width": "1px", "style": "solid", "x": 1}"##),
        // Member names matched by their bytes: an escaped one, one misspelt at the same length, one named twice.
        ("border", ##"{"col\u006fr": "#fff", "width": "1px", "style": "solid"}"##),
        ("border", ##"{"color": "#fff", "widht": "1px", "style": "solid"}"##),
        ("border", ##"{"color": "#fff", "color": "#000", "style": "solid"}"##),
        (
            "transition",
            ##"{"duration": "100ms", "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0, 0, 1, 1]}"##
        ),
        ("shadow", ##"{"color": "#00000080", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px"}"##),
        (
            "shadow",
            ##"[{"color": "#000", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px", "inset": true}]"##
        ),
        (
            "shadow",
            ##"{"color": "#000", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px", "inset": "yes"}"##
        ),
        ("shadow", ##"[]"##),
        (
            "typography",
            ##"{"fontFamily": ["A"], "fontSize": "16px", "fontWeight": "bold", "letterSpacing": "0px", "lineHeight": 1.5}"##
        ),
        (
            "typography",
            ##"{"fontFamily": "A", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": "1.5"}"##
        ),
        ("gradient", ##"[{"color": "#fff", "position": 0}]"##),
        // Composites' members looked up by position: DTCG's names, Tokens Studio's beside them, both, a blank one.
        ("shadow", ##"{"color": "#000", "offsetX": "1px", "offsetY": "2px", "blur": "3px", "spread": "0px"}"##),
        ("shadow", ##"{"color": "#000", "x": "1px", "y": "2px", "blur": "3px", "type": "innerShadow"}"##),
        ("shadow", ##"{"color": "#000", "x": "1px", "offsetX": "2px", "offsetY": "2px", "blur": "3px"}"##),
        ("shadow", ##"[{"color": "#000", "offsetX": "1px", "offsetY": "2px", "blur": "3px"}, {"colour": "#000"}]"##),
        ("border", ##"{"color": "#000", "width": "1px", "style": "solid", "color": "#fff"}"##),
        ("transition", ##"{"duration": "1s", "timingFunction": [0, 0, 1, 1], "delay": "0ms"}"##),
        (
            "typography",
            ##"{"fontFamily": "", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}"##
        ),
        (
            "typography",
            ##"{"fontFamily": " Inter ", "fontSize": "16px", "fontWeight": 400, "lineHeight": 1.5}"##
        ),
        ("fontFamily", ##""Inter, sans-serif""##),
        ("fontFamily", ##""\u00A0Inter""##),
    ]

    @Test(
        "a font family is told a plain name from its bytes as reading it character by character tells it",
        arguments: [
            "Inter", "SF Pro Display", "a", "", " ", "Inter ", " Inter", "\tInter", "Inter\n", "\u{00A0}Inter",
            "Inter\u{2003}", "Noto Sans JP", "Über", "Inter\u{301}", "'Inter'", "\"Inter\"", "Inter, sans-serif",
            "'Mallory Compact', serif", "Inter,", ",", "'Inter", "O'Brien Sans", "Inter,,serif", "~", "\u{7F}Inter",
        ])
    func plainFontNames(text: String) {
        #expect(ValueDecoder.fontStack(text) == ValueDecoder.readFontStack(text))
    }

    /// A decoding's outcome, comparable: the value, or the error's member path and message.
    static func outcome(_ body: () throws(ValueDecoder.Failure) -> TokenValue) -> String {
        do { return "\(try body())" } catch { return "error at \(error.memberPath): \(error.message)" }
    }

    @Test("in place and as JSON: the same value or the same error", arguments: cases)
    func inPlaceAgreesWithJSON(type: String, json: String) throws {
        let document = try JSONReader.parse(Array(json.utf8))
        let readings: [any ValueReading] = [DTCGValues(), TokensStudioValues(), TokensStudioTypesInDTCG()]
        for reading in readings {
            let inPlace = Self.outcome { () throws(ValueDecoder.Failure) in
                try ValueDecoder(reading: reading, document: document).decode(
                    .node(document.root), as: TokenType(type))
            }
            let asJSON = Self.outcome { () throws(ValueDecoder.Failure) in
                try ValueDecoder(reading: reading).decode(
                    document.value(document.root), as: TokenType(type))
            }
            #expect(inPlace == asJSON, "\(type) \(json), read by \(reading)")
        }
    }

    /// A composite whose `{name}` strings stand for resolved values: `targets` gives each name's type and
    /// literal JSON.
    struct SubstitutionCase: Sendable, CustomTestStringConvertible {
        var type: String
        var json: String
        var targets: [String: (type: String, json: String)]

        var testDescription: String { "\(type) \(json)" }
    }

    static let substitutionCases: [SubstitutionCase] = [
        SubstitutionCase(
            type: "border", json: ##"{"color": "{c}", "width": "{w}", "style": "solid"}"##,
            targets: ["c": ("color", ##""#0055FF""##), "w": ("dimension", ##""1.5rem""##)]),
        SubstitutionCase(
            type: "border", json: ##"{"color": "{c}", "width": "{w}", "style": "{s}"}"##,
            targets: [
                "c": ("color", ##"{"colorSpace": "srgb", "components": [0, 0.3333, 1], "hex": "#0055FF"}"##),
                "w": ("dimension", ##""-0px""##),
                "s": ("strokeStyle", ##"{"dashArray": ["2px", {"value": 1, "unit": "rem"}], "lineCap": "round"}"##),
            ]),
        SubstitutionCase(
            type: "border", json: ##"{"color": "{c}", "width": "1px", "style": "solid"}"##,
            targets: [
                "c": (
                    "color", ##"{"colorSpace": "srgb", "components": [0, 0.3333, 1], "hex": "#0055fe", "alpha": 0.5}"##
                )
            ]),
        SubstitutionCase(
            type: "border", json: ##"{"color": "{c}", "width": "1px", "style": "solid"}"##,
            targets: [
                "c": ("color", ##"{"colorSpace": "display-p3", "components": [0.1, 0.2, 0.3], "hex": "#112233"}"##)
            ]),
        SubstitutionCase(
            type: "border", json: ##"{"color": "{c}", "width": "1px", "style": "solid"}"##,
            targets: ["c": ("color", ##"{"colorSpace": "hsl", "components": [200, 50, "none"]}"##)]),
        SubstitutionCase(
            type: "border", json: ##"{"color": "{c}", "width": "{w}", "style": "solid"}"##,
            targets: ["c": ("color", ##""#0af8""##), "w": ("dimension", ##"{"value": 2, "unit": "px"}"##)]),
        SubstitutionCase(
            type: "transition", json: ##"{"duration": "{d}", "delay": "{l}", "timingFunction": "{e}"}"##,
            targets: [
                "d": ("duration", ##""0.2s""##), "l": ("duration", ##"{"value": 120, "unit": "ms"}"##),
                "e": ("cubicBezier", "[0.4, -2, 0.2, 3]"),
            ]),
        SubstitutionCase(
            type: "shadow",
            json:
                ##"[{"color": "{c}", "offsetX": "{x}", "offsetY": "1px", "blur": "{x}", "spread": "0px", "inset": true}, {"color": "#000", "offsetX": "0px", "offsetY": "1px", "blur": "{b}", "spread": "0px"}]"##,
            targets: [
                "c": ("color", ##""#00000080""##), "x": ("dimension", ##""-2px""##), "b": ("dimension", ##""0.5rem""##),
            ]),
        SubstitutionCase(
            type: "shadow",
            json: ##"{"color": "{c}", "offsetX": "0px", "offsetY": "{y}", "blur": "2px", "spread": "0px"}"##,
            targets: ["c": ("color", ##""#000""##), "y": ("dimension", ##""4px""##)]),
        SubstitutionCase(
            type: "typography",
            json:
                ##"{"fontFamily": "{f}", "fontSize": "{s}", "fontWeight": "{w}", "letterSpacing": "{l}", "lineHeight": "{h}"}"##,
            targets: [
                "f": ("fontFamily", ##"["Inter", "Helvetica Neue"]"##), "s": ("dimension", ##""1.5rem""##),
                "w": ("fontWeight", ##""semi-bold""##),
                "l": ("dimension", ##""-0.5px""##), "h": ("number", "1.25"),
            ]),
        SubstitutionCase(
            type: "typography",
            json:
                ##"{"fontFamily": "{f}", "fontSize": "16px", "fontWeight": "{w}", "letterSpacing": "0px", "lineHeight": 1.5}"##,
            targets: ["f": ("fontFamily", ##""Inter""##), "w": ("fontWeight", "650")]),
        // A value of another kind than the member's (a `string` token for a font family) …
        SubstitutionCase(
            type: "typography",
            json:
                ##"{"fontFamily": "{f}", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}"##,
            targets: ["f": ("string", ##""Georgia""##)]),
        SubstitutionCase(
            type: "border", json: ##"{"color": "{c}", "width": "1px", "style": "solid"}"##,
            targets: ["c": ("number", "0.5")]),
        SubstitutionCase(
            type: "border", json: ##"{"color": "#000", "width": "{w}", "style": "solid"}"##,
            targets: ["w": ("duration", ##""120ms""##)]),
        // … a reference below a member: in a family list (its text would pass for a name), a colour component, or
        // a whole shadow layer …
        SubstitutionCase(
            type: "typography",
            json:
                ##"{"fontFamily": ["{f}", "serif"], "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}"##,
            targets: ["f": ("string", ##""Georgia""##)]),
        SubstitutionCase(
            type: "fontFamily", json: ##"["{f}", "serif"]"##, targets: ["f": ("fontFamily", ##""Inter""##)]),
        SubstitutionCase(
            type: "fontFamily", json: ##"["{f}", "serif"]"##, targets: ["f": ("fontFamily", ##"["A", "B"]"##)]),
        SubstitutionCase(
            type: "border",
            json:
                ##"{"color": {"colorSpace": "srgb", "components": ["{n}", 0, 0]}, "width": "1px", "style": "solid"}"##,
            targets: ["n": ("number", "0.5")]),
        SubstitutionCase(
            type: "shadow",
            json: ##"["{s}", {"color": "#000", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px"}]"##,
            targets: [
                "s": (
                    "shadow",
                    ##"{"color": "#fff", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px"}"##
                )
            ]),
        // … a type with no special reading, or a literal member that is invalid.
        SubstitutionCase(
            type: "gradient", json: ##"[{"color": "{c}", "position": 0}]"##, targets: ["c": ("color", ##""#fff""##)]),
        SubstitutionCase(
            type: "border", json: ##"{"color": "{c}", "width": "1px", "style": "wavy"}"##,
            targets: ["c": ("color", ##""#fff""##)]),
    ]

    /// With substitutions (the references inside a composite, each standing for its target's JSON), decoding in
    /// place gives what decoding the value with those nodes replaced gives.
    @Test("with substituted references: the same value or the same error", arguments: substitutionCases)
    func substitutionAgreesWithJSON(_ example: SubstitutionCase) throws {
        let document = try JSONReader.parse(Array(example.json.utf8))
        var json: [Int: JSONValue] = [:]
        for node in Self.references(in: document, at: document.root) {
            let name = String(document.string(node).dropFirst().dropLast())
            guard let target = example.targets[name] else { continue }
            let targetDocument = try JSONReader.parse(Array(target.json.utf8))
            json[node] = try ValueDecoder().decode(
                targetDocument.value(targetDocument.root), as: TokenType(target.type)
            ).json
        }
        let inPlace = Self.outcome { () throws(ValueDecoder.Failure) in
            try ValueDecoder(document: document, substitutions: json).decode(
                .node(document.root), as: TokenType(example.type))
        }
        let asJSON = Self.outcome { () throws(ValueDecoder.Failure) in
            try ValueDecoder().decode(document.value(document.root, replacing: json), as: TokenType(example.type))
        }
        #expect(inPlace == asJSON)
    }

    /// The string nodes under `node` written `{…}`.
    static func references(in document: JSONDocument, at node: Int) -> [Int] {
        switch document.kind(node) {
        case .string:
            let text = document.string(node)
            return text.hasPrefix("{") && text.hasSuffix("}") ? [node] : []
        case .object: return document.members(of: node).flatMap { references(in: document, at: $0.value) }
        case .array: return document.elements(of: node).flatMap { references(in: document, at: $0) }
        default: return []
        }
    }
}
