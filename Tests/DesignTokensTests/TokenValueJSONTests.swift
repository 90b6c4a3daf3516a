import Testing

@testable import ColorSpaces
@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

/// One value of a kind and the two JSON forms it must have.
struct ValueFormsCase: Sendable, CustomTestStringConvertible {
    var name: String
    var value: TokenValue
    /// ``TokenValue/json``: DTCG 2025.10 form.
    var json: JSONValue
    /// ``TokenValue/flatJSON``; nil when it is the same as `json`.
    var flat: JSONValue?

    init(_ name: String, _ value: TokenValue, json: JSONValue, flat: JSONValue? = nil) {
        self.name = name
        self.value = value
        self.json = json
        self.flat = flat
    }

    var testDescription: String { name }
}

private func numbers(_ values: Double...) -> JSONValue {
    .array(values.map { .number($0) })
}

/// `{value, unit}`.
private func measure(_ value: Double, _ unit: String) -> JSONValue {
    jsonObject(("value", .number(value)), ("unit", .string(unit)))
}

/// The values' two JSON forms are described once (``TokenValue/write(to:form:)``, against ``JSONSink``) and built
/// through ``JSONValue/Builder`` or written straight to a ``JSONWriter``: each kind's forms against literal values,
/// and the text written straight against the text of the built value.
@Suite("Token values: JSON and flat JSON forms")
struct TokenValueJSONTests {
    static let black = TokenValue.Color(red: 0, green: 0, blue: 0)
    static let halfBlack = TokenValue.Color(red: 0, green: 0, blue: 0, alpha: 0.5)
    static func px(_ value: Double) -> TokenValue.Dimension { TokenValue.Dimension(value, .px) }
    static let ease = TokenValue.CubicBezier(0.4, 0, 0.2, 1)

    static let cases: [ValueFormsCase] = [
        // Colours: the DTCG form as written; the flat form the sRGB hex, converted from any other space (gamut-mapped
        // when outside sRGB), whatever the hex fallback says. sRGB, below full opacity, wide-gamut with and without a
        // fallback, a `none` component, and a space over sRGB (no hex member in DTCG form).
        ValueFormsCase(
            "an sRGB colour", .color(TokenValue.Color(hex: "#0055ff")!),
            json: jsonObject(
                ("colorSpace", .string("srgb")), ("components", numbers(0, 85.0 / 255, 1)), ("hex", .string("#0055ff"))),
            flat: .string("#0055ff")),
        ValueFormsCase(
            "an sRGB colour below full opacity", .color(TokenValue.Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
            json: jsonObject(
                ("colorSpace", .string("srgb")), ("components", numbers(1, 0, 0)), ("alpha", .number(0.5)),
                ("hex", .string("#ff0000"))),
            flat: .string("#ff000080")),
        ValueFormsCase(
            "an oklch colour with a hex fallback",
            .color(TokenValue.Color(colorSpace: .oklch, components: [0.7, 0.1, 200], hexFallback: "#33aaff")),
            json: jsonObject(
                ("colorSpace", .string("oklch")), ("components", numbers(0.7, 0.1, 200)), ("hex", .string("#33aaff"))),
            flat: .string("#40b1b7")),
        ValueFormsCase(
            "an oklch colour with a none component, no fallback and alpha",
            .color(TokenValue.Color(colorSpace: .oklch, components: [0.7, nil, 200], alpha: 0.25)),
            json: jsonObject(
                ("colorSpace", .string("oklch")),
                ("components", .array([.number(0.7), .string("none"), .number(200)])), ("alpha", .number(0.25))),
            flat: .string("#9e9e9e40")),
        ValueFormsCase(
            "an hsl colour without a fallback", .color(TokenValue.Color(colorSpace: .hsl, components: [0, 100, 50])),
            json: jsonObject(("colorSpace", .string("hsl")), ("components", numbers(0, 100, 50))),
            flat: .string("#ff0000")),
        ValueFormsCase("a dimension in px", .dimension(px(16)), json: measure(16, "px"), flat: .string("16px")),
        ValueFormsCase(
            "a dimension in rem", .dimension(TokenValue.Dimension(1.5, .rem)), json: measure(1.5, "rem"),
            flat: .string("1.5rem")),
        ValueFormsCase("one font family", .fontFamily(["Inter"]), json: .string("Inter")),
        ValueFormsCase(
            "a font stack", .fontFamily(["Helvetica Neue", "sans-serif"]),
            json: .array([.string("Helvetica Neue"), .string("sans-serif")])),
        ValueFormsCase(
            "a font weight keyword", .fontWeight(TokenValue.FontWeight(700, keyword: "bold")), json: .string("bold")),
        ValueFormsCase("a numeric font weight", .fontWeight(TokenValue.FontWeight(350)), json: .number(350)),
        ValueFormsCase(
            "a duration", .duration(TokenValue.Duration(120, .ms)), json: measure(120, "ms"), flat: .string("120ms")),
        ValueFormsCase(
            "a duration in seconds", .duration(TokenValue.Duration(0.25, .s)), json: measure(0.25, "s"),
            flat: .string("0.25s")),
        ValueFormsCase("a cubic Bézier", .cubicBezier(ease), json: numbers(0.4, 0, 0.2, 1)),
        ValueFormsCase("a number", .number(-1.5), json: .number(-1.5)),
        ValueFormsCase("a stroke style keyword", .strokeStyle(.keyword("dashed")), json: .string("dashed")),
        ValueFormsCase(
            "a dashed stroke style",
            .strokeStyle(.dashed(dashArray: [px(4), TokenValue.Dimension(0.5, .rem)], lineCap: "round")),
            json: jsonObject(
                ("dashArray", .array([measure(4, "px"), measure(0.5, "rem")])), ("lineCap", .string("round"))),
            flat: jsonObject(("dashArray", .array([.string("4px"), .string("0.5rem")])), ("lineCap", .string("round")))),
        ValueFormsCase(
            "a border", .border(TokenValue.Border(color: black, width: px(1), style: .keyword("solid"))),
            json: jsonObject(
                (
                    "color",
                    jsonObject(
                        ("colorSpace", .string("srgb")), ("components", numbers(0, 0, 0)), ("hex", .string("#000000")))
                ),
                ("width", measure(1, "px")), ("style", .string("solid"))),
            flat: jsonObject(("color", .string("#000000")), ("width", .string("1px")), ("style", .string("solid")))),
        ValueFormsCase(
            "a transition",
            .transition(
                TokenValue.Transition(
                    duration: TokenValue.Duration(200, .ms), delay: TokenValue.Duration(0, .ms), timingFunction: ease)),
            json: jsonObject(
                ("duration", measure(200, "ms")), ("delay", measure(0, "ms")),
                ("timingFunction", numbers(0.4, 0, 0.2, 1))),
            flat: jsonObject(
                ("duration", .string("200ms")), ("delay", .string("0ms")), ("timingFunction", numbers(0.4, 0, 0.2, 1)))),
        ValueFormsCase(
            "one shadow, written as an object",
            .shadow([TokenValue.Shadow(color: halfBlack, offsetX: px(0), offsetY: px(2), blur: px(4), spread: px(0))]),
            json: jsonObject(
                (
                    "color",
                    jsonObject(
                        ("colorSpace", .string("srgb")), ("components", numbers(0, 0, 0)), ("alpha", .number(0.5)),
                        ("hex", .string("#000000")))
                ),
                ("offsetX", measure(0, "px")), ("offsetY", measure(2, "px")), ("blur", measure(4, "px")),
                ("spread", measure(0, "px"))),
            flat: jsonObject(
                ("color", .string("#00000080")), ("offsetX", .string("0px")), ("offsetY", .string("2px")),
                ("blur", .string("4px")),
                ("spread", .string("0px")))),
        ValueFormsCase(
            "two shadows, one inset, written as a list",
            .shadow([
                TokenValue.Shadow(color: black, offsetX: px(1), offsetY: px(1), blur: px(0), spread: px(0)),
                TokenValue.Shadow(
                    color: black, offsetX: px(0), offsetY: px(0), blur: px(2), spread: px(1), inset: true),
            ]),
            json: .array([
                jsonObject(
                    (
                        "color",
                        jsonObject(
                            ("colorSpace", .string("srgb")), ("components", numbers(0, 0, 0)),
                            ("hex", .string("#000000")))
                    ),
                    ("offsetX", measure(1, "px")), ("offsetY", measure(1, "px")), ("blur", measure(0, "px")),
                    ("spread", measure(0, "px"))),
                jsonObject(
                    (
                        "color",
                        jsonObject(
                            ("colorSpace", .string("srgb")), ("components", numbers(0, 0, 0)),
                            ("hex", .string("#000000")))
                    ),
                    ("offsetX", measure(0, "px")), ("offsetY", measure(0, "px")), ("blur", measure(2, "px")),
                    ("spread", measure(1, "px")),
                    ("inset", .bool(true))),
            ]),
            flat: .array([
                jsonObject(
                    ("color", .string("#000000")), ("offsetX", .string("1px")), ("offsetY", .string("1px")),
                    ("blur", .string("0px")), ("spread", .string("0px"))),
                jsonObject(
                    ("color", .string("#000000")), ("offsetX", .string("0px")), ("offsetY", .string("0px")),
                    ("blur", .string("2px")),
                    ("spread", .string("1px")), ("inset", .bool(true))),
            ])),
        ValueFormsCase(
            "a gradient",
            .gradient([
                TokenValue.GradientStop(color: TokenValue.Color(red: 1, green: 0, blue: 0), position: 0),
                TokenValue.GradientStop(
                    color: TokenValue.Color(colorSpace: .displayP3, components: [0, 0, 1], hexFallback: "#0000ff"),
                    position: 1),
            ]),
            json: .array([
                jsonObject(
                    (
                        "color",
                        jsonObject(
                            ("colorSpace", .string("srgb")), ("components", numbers(1, 0, 0)),
                            ("hex", .string("#ff0000")))
                    ), ("position", .number(0))),
                jsonObject(
                    (
                        "color",
                        jsonObject(
                            ("colorSpace", .string("display-p3")), ("components", numbers(0, 0, 1)),
                            ("hex", .string("#0000ff")))
                    ), ("position", .number(1))),
            ]),
            // Display P3 blue, outside sRGB, is gamut-mapped to sRGB blue in flat form.
            flat: .array([
                jsonObject(("color", .string("#ff0000")), ("position", .number(0))),
                jsonObject(("color", .string("#0000ff")), ("position", .number(1))),
            ])),
        ValueFormsCase(
            "a typography with a font stack",
            .typography(
                TokenValue.Typography(
                    fontFamily: ["Inter", "sans-serif"], fontSize: px(16), fontWeight: TokenValue.FontWeight(400),
                    letterSpacing: TokenValue.Dimension(-0.25, .px),
                    lineHeight: 1.5)),
            json: jsonObject(
                ("fontFamily", .array([.string("Inter"), .string("sans-serif")])), ("fontSize", measure(16, "px")),
                ("fontWeight", .number(400)),
                ("letterSpacing", measure(-0.25, "px")), ("lineHeight", .number(1.5))),
            flat: jsonObject(
                ("fontFamily", .array([.string("Inter"), .string("sans-serif")])), ("fontSize", .string("16px")),
                ("fontWeight", .number(400)),
                ("letterSpacing", .string("-0.25px")), ("lineHeight", .number(1.5)))),
        ValueFormsCase(
            "a typography with one family and a weight keyword",
            .typography(
                TokenValue.Typography(
                    fontFamily: ["Inter"], fontSize: TokenValue.Dimension(1, .rem),
                    fontWeight: TokenValue.FontWeight(600, keyword: "semi-bold"),
                    letterSpacing: px(0), lineHeight: 1.25)),
            json: jsonObject(
                ("fontFamily", .string("Inter")), ("fontSize", measure(1, "rem")), ("fontWeight", .string("semi-bold")),
                ("letterSpacing", measure(0, "px")),
                ("lineHeight", .number(1.25))),
            flat: jsonObject(
                ("fontFamily", .string("Inter")), ("fontSize", .string("1rem")), ("fontWeight", .string("semi-bold")),
                ("letterSpacing", .string("0px")),
                ("lineHeight", .number(1.25)))),
        ValueFormsCase("a string", .string("a \"quoted\"\nline"), json: .string("a \"quoted\"\nline")),
        ValueFormsCase("a boolean", .boolean(false), json: .bool(false)),
        ValueFormsCase(
            "an image with every member",
            .image(TokenValue.Image(asset: "icExpandMore", file: "Icons/expand-more.pdf", renderingMode: .template)),
            json: jsonObject(
                ("asset", .string("icExpandMore")), ("file", .string("Icons/expand-more.pdf")),
                ("renderingMode", .string("template")))),
        ValueFormsCase(
            "an image with only its asset", .image(TokenValue.Image(asset: "icClose")),
            json: jsonObject(("asset", .string("icClose")))),
        ValueFormsCase(
            "a custom value",
            .custom(
                jsonObject(("a", .array([.number(1), .null, .array([])])), ("b", jsonObject()), ("c", .string("{x}")))),
            json: jsonObject(
                ("a", .array([.number(1), .null, .array([])])), ("b", jsonObject()), ("c", .string("{x}")))),
        ValueFormsCase("a custom null", .custom(.null), json: .null),
    ]

    @Test("json and flatJSON, built through JSONValue.Builder, are the literal forms", arguments: cases)
    func builtForms(_ form: ValueFormsCase) {
        #expect(form.value.json == form.json)
        #expect(form.value.flatJSON == (form.flat ?? form.json))
    }

    /// What the flat output and `--format json` do (write straight to the writer) against writing the built value;
    /// in a pretty and a compact writer, alone and as a member of an object (where the flat output's values stand).
    @Test("writing a value straight to a JSONWriter gives the text of writing its built form", arguments: cases)
    func writtenForms(_ form: ValueFormsCase) {
        for (kind, built) in [(TokenValue.JSONForm.dtcg, form.value.json), (.flat, form.value.flatJSON)] {
            for makeWriter in [{ JSONWriter() }, { JSONWriter.compact() }] {
                var straight = makeWriter()
                form.value.write(to: &straight, form: kind)
                var viaValue = makeWriter()
                viaValue.value(built)
                #expect(text(straight.bytes) == text(viaValue.bytes), "\(kind), alone")

                var straightMember = makeWriter()
                straightMember.beginObject()
                straightMember.key("before")
                straightMember.value(.array([.number(1)]))
                straightMember.key("t")
                form.value.write(to: &straightMember, form: kind)
                straightMember.endObject()
                var viaValueMember = makeWriter()
                viaValueMember.value(jsonObject(("before", .array([.number(1)])), ("t", built)))
                #expect(text(straightMember.bytes) == text(viaValueMember.bytes), "\(kind), as a member")
            }
        }
    }

    /// The same through the engine: the values of the output fixture and of the bundled tokens.
    @Test("a resolved theme's values written straight give the text of their built forms")
    func resolvedValues() throws {
        let themes = [
            try ResolvedTheme.resolve([try fixture("output/tokens.json")]), try ResolvedTheme.resolve([.defaultTokens]),
        ]
        #expect(themes[1].count > 50)
        for token in themes.flatMap(\.tokens) {
            for (kind, built) in [(TokenValue.JSONForm.dtcg, token.value.json), (.flat, token.value.flatJSON)] {
                var straight = JSONWriter()
                token.value.write(to: &straight, form: kind)
                var viaValue = JSONWriter()
                viaValue.value(built)
                #expect(text(straight.bytes) == text(viaValue.bytes), "\(token.path), \(kind)")
            }
        }
    }
}
