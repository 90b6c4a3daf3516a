import Testing
@testable import DesignTokens

/// `ValueDecoder.decodeLiteral` (read from the document's nodes) against `ValueDecoder.decode` (read from the
/// value's `JSONValue`): the fast path gives exactly the general path's value, or declines (nil) and leaves the
/// value, and any message, to it.
@Suite("Literal values read from the document")
struct LiteralDecodingTests {
    /// Valid values in every accepted spelling, and invalid ones, which the fast path must decline.
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
        ("transition", ##"{"duration": "100ms", "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0, 0, 1, 1]}"##),
        ("shadow", ##"{"color": "#00000080", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px"}"##),
        ("shadow", ##"[{"color": "#000", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px", "inset": true}]"##),
        ("shadow", ##"{"color": "#000", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px", "inset": "yes"}"##),
        ("shadow", ##"[]"##),
        ("typography", ##"{"fontFamily": ["A"], "fontSize": "16px", "fontWeight": "bold", "letterSpacing": "0px", "lineHeight": 1.5}"##),
        ("typography", ##"{"fontFamily": "A", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": "1.5"}"##),
        ("gradient", ##"[{"color": "#fff", "position": 0}]"##)
    ]

    @Test("gives the general path's value, or declines", arguments: cases)
    func agreesWithTheGeneralPath(type: String, json: String) throws {
        let document = try JSONReader.parse(Array(json.utf8))
        for isLegacy in [false, true] {
            let decoder = ValueDecoder(isLegacy: isLegacy)
            let general = try? decoder.decode(document.value(document.root), as: TokenType(type))
            guard let fast = decoder.decodeLiteral(document, node: document.root, as: TokenType(type)) else { continue }
            #expect(fast == general, "\(type) \(json), legacy: \(isLegacy)")
        }
    }

    @Test("reads the common literals itself", arguments: [
        ("color", ##""#0055ff""##), ("color", ##"{"colorSpace": "display-p3", "components": [0.1, 0.2, 0.3], "hex": "#112233"}"##),
        ("dimension", ##"{"value": 2, "unit": "rem"}"##), ("dimension", ##""16px""##), ("duration", ##""120ms""##),
        ("number", "1.5"), ("fontWeight", ##""bold""##),
        ("typography", ##"{"fontFamily": ["A"], "fontSize": "16px", "fontWeight": "bold", "letterSpacing": "0px", "lineHeight": 1.5}"##),
    ])
    func readsCommonLiterals(type: String, json: String) throws {
        let document = try JSONReader.parse(Array(json.utf8))
        #expect(ValueDecoder().decodeLiteral(document, node: document.root, as: TokenType(type)) != nil)
    }
}
