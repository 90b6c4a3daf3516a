import Testing

@testable import ColorSpaces
@testable import DesignTokens

typealias Dimension = TokenValue.Dimension
typealias Duration = TokenValue.Duration

@Suite("Value validation per type")
struct ValueDecodingTests {
    // MARK: Valid values of every type

    @Test(
        "reads valid values of every type",
        arguments: [
            ("dimension", #"{"value": 16, "unit": "px"}"#, TokenValue.dimension(.init(16, .px))),
            ("dimension", #"{"value": 1.5, "unit": "rem"}"#, .dimension(.init(1.5, .rem))),
            ("dimension", #"{"value": 0, "unit": "px"}"#, .dimension(.init(0, .px))),
            ("dimension", #""16px""#, .dimension(.init(16, .px))),
            ("dimension", #""-4px""#, .dimension(.init(-4, .px))),
            ("dimension", #""0.5rem""#, .dimension(.init(0.5, .rem))),
            ("duration", #"{"value": 120, "unit": "ms"}"#, .duration(.init(120, .ms))),
            ("duration", #"{"value": 0.2, "unit": "s"}"#, .duration(.init(0.2, .s))),
            ("duration", #""120ms""#, .duration(.init(120, .ms))),
            ("duration", #""0.2s""#, .duration(.init(0.2, .s))),
            ("fontFamily", #""Inter""#, .fontFamily(["Inter"])),
            (
                "fontFamily", #"["Inter", "Helvetica Neue", "sans-serif"]"#,
                .fontFamily(["Inter", "Helvetica Neue", "sans-serif"])
            ),
            ("fontWeight", "1", .fontWeight(.init(1))),
            ("fontWeight", "450", .fontWeight(.init(450))),
            ("fontWeight", "1000", .fontWeight(.init(1000))),
            ("fontWeight", #""bold""#, .fontWeight(.init(700, keyword: "bold"))),
            ("fontWeight", #""semi-bold""#, .fontWeight(.init(600, keyword: "semi-bold"))),
            ("fontWeight", #""hairline""#, .fontWeight(.init(100, keyword: "hairline"))),
            ("cubicBezier", "[0.2, 0, 0, 1]", .cubicBezier(.init(0.2, 0, 0, 1))),
            ("cubicBezier", "[0, -5, 1, 5]", .cubicBezier(.init(0, -5, 1, 5))),
            ("number", "1.5", .number(1.5)),
            ("number", "-2", .number(-2)),
            ("strokeStyle", #""dashed""#, .strokeStyle(.keyword("dashed"))),
            (
                "strokeStyle", #"{"dashArray": ["4px", {"value": 2, "unit": "px"}], "lineCap": "round"}"#,
                .strokeStyle(.dashed(dashArray: [.init(4, .px), .init(2, .px)], lineCap: "round"))
            ),
            ("string", #""hello""#, .string("hello")),
            ("string", #""""#, .string("")),
            ("boolean", "true", .boolean(true)),
            ("boolean", "false", .boolean(false)),
            ("image", #""icExpandMore""#, .image(.init(asset: "icExpandMore"))),
            ("image", #"{"asset": "icExpandMore"}"#, .image(.init(asset: "icExpandMore"))),
            (
                "image", #"{"asset": "logo", "file": "Images/logo.pdf", "renderingMode": "original"}"#,
                .image(.init(asset: "logo", file: "Images/logo.pdf", renderingMode: .original))
            ),
        ] as [(String, String, TokenValue)])
    func validValues(type: String, value: String, expected: TokenValue) throws {
        #expect(try resolveValue(type, value) == expected)
    }

    @Test("accepts every stroke style keyword", arguments: TokenValue.StrokeStyle.keywords)
    func strokeKeywords(keyword: String) throws {
        #expect(try resolveValue("strokeStyle", "\"\(keyword)\"") == .strokeStyle(.keyword(keyword)))
    }

    @Test("accepts every font weight keyword, with its number", arguments: TokenValue.FontWeight.keywords.keys.sorted())
    func fontWeightKeywords(keyword: String) throws {
        let weight = try #require(TokenValue.FontWeight.keywords[keyword])
        #expect(try resolveValue("fontWeight", "\"\(keyword)\"") == .fontWeight(.init(weight, keyword: keyword)))
    }

    @Test("border: colour, width and style")
    func border() throws {
        let value = try resolveValue("border", ##"{"color": "#0055ff", "width": "1px", "style": "solid"}"##)
        #expect(
            value
                == .border(
                    .init(color: try #require(Color(hex: "#0055ff")), width: .init(1, .px), style: .keyword("solid"))))
    }

    @Test("transition: duration, delay and timing function")
    func transition() throws {
        let value = try resolveValue(
            "transition",
            #"{"duration": "200ms", "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0.4, 0, 0.2, 1]}"#)
        #expect(
            value
                == .transition(
                    .init(duration: .init(200, .ms), delay: .init(0, .ms), timingFunction: .init(0.4, 0, 0.2, 1))))
    }

    @Test("shadow: a single object is a one-layer list; a list keeps its layers; inset is read")
    func shadows() throws {
        let black = try #require(TokenValue.Color(hex: "#00000033"))
        let layer = ##"{"color": "#00000033", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px"}"##
        let inset =
            ##"{"color": "#00000033", "offsetX": "0px", "offsetY": "0px", "blur": "4px", "spread": "1px", "inset": true}"##
        let expectedLayer = TokenValue.Shadow(
            color: black, offsetX: .init(0, .px), offsetY: .init(1, .px), blur: .init(2, .px), spread: .init(0, .px))
        let expectedInset = TokenValue.Shadow(
            color: black, offsetX: .init(0, .px), offsetY: .init(0, .px), blur: .init(4, .px), spread: .init(1, .px),
            inset: true)
        #expect(try resolveValue("shadow", layer) == .shadow([expectedLayer]))
        #expect(try resolveValue("shadow", "[\(layer), \(inset)]") == .shadow([expectedLayer, expectedInset]))
        #expect(
            TokenValue.shadow([expectedLayer]).flatJSON
                == .object([
                    .init("color", .string("#00000033")), .init("offsetX", .string("0px")),
                    .init("offsetY", .string("1px")),
                    .init("blur", .string("2px")), .init("spread", .string("0px")),
                ]))
        guard case .array(let layers) = TokenValue.shadow([expectedLayer, expectedInset]).flatJSON else {
            Issue.record("a shadow list must be written as an array")
            return
        }
        #expect(layers.count == 2)
        #expect(layers[1]["inset"] == .bool(true))
        #expect(layers[0]["inset"] == nil)
    }

    @Test("gradient: stops keep their colours; positions are clamped to 0…1")
    func gradient() throws {
        let value = try resolveValue(
            "gradient",
            ##"[{"color": "#ff0000", "position": -0.5}, {"color": "#00ff00", "position": 0.5}, {"color": "#0000ff", "position": 1.5}]"##
        )
        #expect(
            value
                == .gradient([
                    .init(color: try #require(Color(hex: "#ff0000")), position: 0),
                    .init(color: try #require(Color(hex: "#00ff00")), position: 0.5),
                    .init(color: try #require(Color(hex: "#0000ff")), position: 1),
                ]))
    }

    @Test("typography: every member")
    func typography() throws {
        let value = try resolveValue(
            "typography",
            #"{"fontFamily": ["Inter", "sans-serif"], "fontSize": "16px", "fontWeight": "bold", "letterSpacing": {"value": 0.5, "unit": "px"}, "lineHeight": 1.5}"#
        )
        #expect(
            value
                == .typography(
                    .init(
                        fontFamily: ["Inter", "sans-serif"], fontSize: .init(16, .px),
                        fontWeight: .init(700, keyword: "bold"),
                        letterSpacing: .init(0.5, .px), lineHeight: 1.5)))
    }

    @Test("an image writes only the members it has, and describes itself by asset and rendering mode")
    func imageOutput() {
        let full = TokenValue.Image(asset: "icExpandMore", file: "Icons/expand.pdf", renderingMode: .template)
        #expect(
            TokenValue.image(full).json
                == .object([
                    .init("asset", .string("icExpandMore")), .init("file", .string("Icons/expand.pdf")),
                    .init("renderingMode", .string("template")),
                ]))
        #expect(TokenValue.image(.init(asset: "logo")).flatJSON == .object([.init("asset", .string("logo"))]))
        #expect(full.description == "icExpandMore (template)")
        #expect(TokenValue.Image(asset: "logo").description == "logo")
    }

    @Test("a custom type passes its value through as JSON, with references inside resolved")
    func customType() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "icon-size": {"$type": "number", "$value": 24},
                  "icon": {"$type": "com.example.icon", "$value": {"name": "home", "size": "{icon-size}", "tags": [null, true]}}
                }
                """#)
        ])
        #expect(theme["icon"]?.type == "com.example.icon")
        #expect(
            theme.value("icon")
                == .custom(
                    .object([
                        .init("name", .string("home")), .init("size", .number(24)),
                        .init("tags", .array([.null, .bool(true)])),
                    ])))
        #expect(theme.value("icon")?.type == nil)
        #expect(theme.diagnostics.map(\.rule) == [.unknownType])
    }

    // MARK: Invalid values

    static let invalidValues: [InvalidValueCase] = [
        // dimension
        .init("dimension", #"{"value": 16}"#, member: "unit", #"a dimension needs "unit", "px" or "rem""#),
        .init(
            "dimension", #"{"value": 16, "unit": "ems"}"#, member: "unit", at: #""ems""#,
            #"unit "ems" is not a dimension unit; expected "px" or "rem" (or "em", "ch", "ex", "%", "vw", "vh", "vmin", "vmax", "pt", "dp", "sp", which ThemeEngine also reads); did you mean "em"?"#
        ),
        .init(
            "dimension", #"{"value": 16, "unit": ""}"#, member: "unit", at: #"""}"#,
            #"a dimension with an empty unit has no plain meaning unless it is 0; write "px" or "rem""#),
        .init(
            "dimension", #"{"value": "16", "unit": "px"}"#, member: "value", at: #""16""#,
            #"a dimension needs "value", a number"#),
        .init(
            "dimension", #"{"value": 16, "unit": "px", "scale": 2}"#,
            #"unexpected member "scale"; expected "value", "unit""#),
        .init("dimension", "16", #"a dimension needs a unit; write {"value": 16, "unit": "px"}"#),
        .init(
            "dimension", #""16ems""#,
            #""16ems" is not a dimension; expected {"value": 16, "unit": "px"} (or "16px", "1.5rem")"#),
        .init(
            "dimension", #""16""#,
            #""16" is not a dimension; expected {"value": 16, "unit": "px"} (or "16px", "1.5rem")"#),
        .init(
            "dimension", #""1e3px""#,
            #""1e3px" is not a dimension; expected {"value": 16, "unit": "px"} (or "16px", "1.5rem")"#),
        .init("dimension", "true", #"expected a dimension {"value", "unit"}, found a boolean"#),
        // duration
        .init(
            "duration", #"{"value": 1, "unit": "min"}"#, member: "unit", at: #""min""#,
            #"a duration needs "unit", "ms" or "s""#),
        .init("duration", #"{"unit": "ms"}"#, member: "value", #"a duration needs "value", a number"#),
        .init("duration", "120", #"expected a duration {"value", "unit"}, found a number"#),
        .init(
            "duration", #""2 min""#,
            #""2 min" is not a duration; expected {"value": 120, "unit": "ms"} (or "120ms", "0.2s")"#),
        // fontFamily
        .init("fontFamily", "[]", "expected a font family name or a non-empty array of names, found an array"),
        .init("fontFamily", #""""#, "expected a font family name or a non-empty array of names, found a string"),
        .init(
            "fontFamily", #"["Inter", 3]"#, member: "[1]", at: "3",
            "a font family list holds non-empty strings, found a number"),
        // fontWeight
        .init("fontWeight", "0", "a font weight must be from 1 to 1000, found 0"),
        .init("fontWeight", "1001", "a font weight must be from 1 to 1000, found 1001"),
        .init(
            "fontWeight", #""bodl""#,
            #""bodl" is not a font weight; expected a number from 1 to 1000 or a keyword such as "bold"; did you mean "bold"?"#
        ),
        .init(
            "fontWeight", #""Bold Wide""#,
            #""Bold Wide" is not a font weight; expected a number from 1 to 1000 or a keyword such as "bold""#),
        .init(
            "fontWeight", #""extremely-heavy""#,
            #""extremely-heavy" is not a font weight; expected a number from 1 to 1000 or a keyword such as "bold""#),
        .init("fontWeight", "true", "expected a font weight (1–1000 or a keyword), found a boolean"),
        // cubicBezier
        .init(
            "cubicBezier", "[1.5, 0, 0, 1]", member: "[0]", at: "1.5", "x1 of a cubic Bézier must be in 0…1, found 1.5"),
        .init(
            "cubicBezier", "[0, 0, -0.1, 1]", member: "[2]", at: "-0.1",
            "x2 of a cubic Bézier must be in 0…1, found -0.1"),
        .init("cubicBezier", "[0, 0, 1]", "expected a cubic Bézier [x1, y1, x2, y2], four numbers"),
        .init("cubicBezier", #"[0, "a", 1, 1]"#, member: "[1]", at: #""a""#, "expected a number, found a string"),
        // number
        .init("number", #""1.5""#, "expected a number, found a string"),
        // strokeStyle
        .init(
            "strokeStyle", #""dashd""#,
            #""dashd" is not a stroke style; expected one of solid, dashed, dotted, double, groove, ridge, outset, inset; did you mean "dashed"?"#
        ),
        .init(
            "strokeStyle", #"{"dashArray": ["4px"], "lineCap": "flat"}"#, member: "lineCap", at: #""flat""#,
            #"a stroke style object needs "lineCap": "round", "butt" or "square""#),
        .init(
            "strokeStyle", #"{"dashArray": [], "lineCap": "round"}"#, member: "dashArray", at: "[]",
            #"a stroke style object needs "dashArray", a non-empty array of dimensions"#),
        .init(
            "strokeStyle", #"{"dashArray": ["4px", "4ems"], "lineCap": "round"}"#, member: "dashArray[1]",
            at: #""4ems""#,
            #""4ems" is not a dimension; expected {"value": 16, "unit": "px"} (or "16px", "1.5rem")"#),
        // border
        .init("border", ##"{"color": "#000000", "width": "1px"}"##, #"a border needs "style""#),
        .init(
            "border", ##"{"colour": "#000000", "width": "1px", "style": "solid"}"##,
            #"unexpected member "colour"; expected "color", "width", "style"; did you mean "color"?"#),
        .init(
            "border", ##"{"color": "#000000", "width": "1", "style": "solid"}"##, member: "width", at: #""1""#,
            #""1" is not a dimension; expected {"value": 16, "unit": "px"} (or "16px", "1.5rem")"#),
        .init(
            "border", ##"{"color": "#00", "width": "1px", "style": "solid"}"##, member: "color", at: ##""#00""##,
            ##""#00" is not a colour; expected a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), a CSS colour (rgb(), oklch(), a name…) or a colour object {"colorSpace", "components"}"##
        ),
        .init("border", #""1px solid black""#, #"expected a border object {color, width, style}, found a string"#),
        // transition
        .init("transition", #"{"delay": "0ms", "timingFunction": [0, 0, 1, 1]}"#, #"a transition needs "duration""#),
        .init(
            "transition", #"{"duration": "200ms", "delay": "0ms", "timingFunction": [0, 0, 2, 1]}"#,
            member: "timingFunction[2]", at: "2,",
            "x2 of a cubic Bézier must be in 0…1, found 2"),
        // shadow
        .init("shadow", "[]", "a shadow list must not be empty"),
        .init(
            "shadow",
            ##"{"color": "#000000", "offsetX": "0px", "offsetY": "0px", "blur": "0px", "spread": "0px", "inset": "yes"}"##,
            member: "inset", at: #""yes""#,
            "inset must be true or false"),
        .init(
            "shadow",
            ##"[{"color": "#000000", "offsetX": "0px", "offsetY": "0px", "blur": "0px", "spread": "0px"}, {"color": "#000000", "offsetX": "0px", "offsetY": "0px", "spread": "0px"}]"##,
            member: "[1]", at: ##"{"color": "#000000", "offsetX": "0px", "offsetY": "0px", "spread": "0px"}"##,
            #"a shadow needs "blur""#),
        // gradient
        .init("gradient", "[]", "expected a gradient: a non-empty array of {color, position} stops"),
        .init("gradient", ##"[{"color": "#ff0000"}]"##, member: "[0]", at: "{", #"a gradient stop needs "position""#),
        .init(
            "gradient", ##"[{"color": "#ff0000", "position": "half"}]"##, member: "[0].position", at: #""half""#,
            "expected a number, found a string"),
        // typography
        .init(
            "typography", #"{"fontFamily": "Inter", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}"#,
            #"a typography needs "fontSize""#),
        .init(
            "typography", #"{"fontFamily": "Inter", "fontSize": "16px", "fontWieght": 400}"#,
            #"a typography needs "fontWeight" (is "fontWieght" a misspelling of it?)"#),
        .init(
            "typography", #""Inter 16px""#,
            #"expected a typography object {fontFamily, fontSize, fontWeight, letterSpacing, lineHeight}, found a string"#
        ),
        .init(
            "typography",
            #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 0, "letterSpacing": "0px", "lineHeight": 1.5}"#,
            member: "fontWeight", at: "0,",
            "a font weight must be from 1 to 1000, found 0"),
        .init(
            "typography",
            #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": "1.5"}"#,
            member: "lineHeight", at: #""1.5""#,
            "expected a number, found a string"),
        .init(
            "typography",
            #"{"fontFamily": "Inter", "fontSize": {"value": 5e-324, "unit": "px"}, "fontWeight": 400, "letterSpacing": "0px", "lineHeight": "24px"}"#,
            member: "lineHeight", at: #""24px""#,
            "a line height of 24px is more times the font size 5e-324px than a number can hold; write a number such as 1.5"
        ),
        // string and boolean
        .init("string", "5", "expected a string, found a number"),
        .init("boolean", #""yes""#, "expected true or false, found a string"),
        // image
        .init(
            "image", #""""#,
            #"expected an image: an asset name, or {"asset", "file", "renderingMode"}, found an empty string"#),
        .init(
            "image", "42", #"expected an image: an asset name, or {"asset", "file", "renderingMode"}, found a number"#),
        .init("image", #"{"file": "a.pdf"}"#, #"an image needs "asset""#),
        .init(
            "image", #"{"asset": "a", "renderMode": "template"}"#,
            #"unexpected member "renderMode"; expected "asset", "file", "renderingMode"; did you mean "renderingMode"?"#
        ),
        .init(
            "image", #"{"asset": 3}"#, member: "asset", at: "3",
            "expected the asset name as a non-empty string, found a number"),
        .init(
            "image", #"{"asset": "a", "file": ""}"#, member: "file", at: #""""#,
            "expected a file path as a non-empty string, found a string"),
        .init(
            "image", #"{"asset": "a", "renderingMode": "templat"}"#, member: "renderingMode", at: #""templat""#,
            #"expected "original" or "template", found "templat"; did you mean "template"?"#),
        .init(
            "image", #"{"asset": "a", "renderingMode": true}"#, member: "renderingMode", at: "true",
            #"expected "original" or "template", found a boolean"#),
    ]

    @Test("rejects values that do not fit their type, naming the member and pointing at it", arguments: invalidValues)
    func invalidValue(_ example: InvalidValueCase) throws {
        try example.check()
    }

    @Test("suggestions are the same on every run when two candidates are equally near")
    func deterministicSuggestion() throws {
        // "emi-bold" is one edit from both "demi-bold" and "semi-bold"; ties go to the first in alphabetical order.
        try InvalidValueCase(
            "fontWeight", #""emi-bold""#,
            #""emi-bold" is not a font weight; expected a number from 1 to 1000 or a keyword such as "bold"; did you mean "demi-bold"?"#
        ).check()
    }

    // MARK: Legacy leniency

    @Test(
        "legacy files accept bare numbers and numeric strings for dimensions and numbers",
        arguments: [
            (#"{"value": 16, "type": "spacing"}"#, TokenValue.dimension(.init(16, .px))),
            (#"{"value": "-2.5", "type": "spacing"}"#, .dimension(.init(-2.5, .px))),
            (#"{"value": "0.5", "type": "opacity"}"#, .number(0.5)),
            (#"{"value": "8px", "type": "spacing"}"#, .dimension(.init(8, .px))),
        ] as [(String, TokenValue)])
    func legacyLeniency(token: String, expected: TokenValue) throws {
        let theme = try ResolvedTheme.resolve([source(#"{"t": "# + token + "}")])
        #expect(theme.value("t") == expected)
    }

    // MARK: Descriptions

    @Test("dimensions and durations describe themselves compactly and convert")
    func descriptions() {
        #expect(Dimension(16, .px).description == "16px")
        #expect(Dimension(1.5, .rem).description == "1.5rem")
        #expect(Dimension(1.5, .rem).points() == 24)
        #expect(Dimension(1.5, .rem).points(remBase: 10) == 15)
        #expect(Dimension(12, .px).points(remBase: 10) == 12)
        #expect(Duration(120, .ms).description == "120ms")
        #expect(Duration(0.2, .s).description == "0.2s")
        #expect(Duration(120, .ms).seconds == 0.12)
        #expect(Duration(2, .s).seconds == 2)
        #expect(TokenValue.FontWeight(700, keyword: "bold").description == "bold")
        #expect(TokenValue.FontWeight(450).description == "450")
    }
}

@Suite("TokenType: names and the known types")
struct TokenTypeTests {
    @Test("a type is its name: known types compare by kind, custom ones by name, and hash alike")
    func equalityFollowsTheName() {
        #expect(TokenType("color") == .color)
        #expect(TokenType("color") != .dimension)
        #expect(TokenType("brandRamp") == TokenType("brandRamp"))
        #expect(TokenType("brandRamp") != TokenType("brandramp"))
        #expect(TokenType("brandRamp") != .color)
        #expect(Set([TokenType("color"), .color, TokenType("x"), TokenType("x")]).count == 2)
        #expect(TokenType.known.allSatisfy { $0.isKnown })
        #expect(!TokenType("brandRamp").isKnown)
    }

    @Test("renaming a type changes what it is")
    func renaming() {
        var type = TokenType("color")
        type.name = "brandRamp"
        #expect(!type.isKnown)
        #expect(type != .color)
        type.name = "dimension"
        #expect(type == .dimension)
        #expect(type.hashValue == TokenType.dimension.hashValue)
    }
}
