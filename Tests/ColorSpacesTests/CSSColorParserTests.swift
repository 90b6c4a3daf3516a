import Testing
import ThemeEngineTestSupport

@testable import ColorSpaces

/// `CSSColor.parse(css:)`: every CSS Color 4 form into a DTCG colour object in its own space, and a precise
/// error for every way a string can fail to be one.
@Suite("CSS colour strings")
struct CSSColorParserTests {
    static func parsed(_ text: String) -> CSSColor? {
        try? CSSColor.parse(css: Substring(text)).get()
    }

    static func failure(_ text: String) -> CSSColorError? {
        if case .failure(let error) = CSSColor.parse(css: Substring(text)) { return error }
        return nil
    }

    // MARK: Forms

    @Test(
        "reads each form into its own space, exactly",
        arguments: [
            // Hex, names, transparent.
            ("#f00", CSSColor(colorSpace: .srgb, components: [1, 0, 0])),
            ("#F008", CSSColor(colorSpace: .srgb, components: [1, 0, 0], alpha: 0x88 / 255.0)),
            ("#0055ff", CSSColor(colorSpace: .srgb, components: [0, 0x55 / 255.0, 1])),
            ("  #0055FF80\n", CSSColor(colorSpace: .srgb, components: [0, 0x55 / 255.0, 1], alpha: 0x80 / 255.0)),
            ("red", CSSColor(colorSpace: .srgb, components: [1, 0, 0])),
            ("RebeccaPurple", CSSColor(colorSpace: .srgb, components: [102 / 255.0, 51 / 255.0, 153 / 255.0])),
            ("transparent", CSSColor(colorSpace: .srgb, components: [0, 0, 0], alpha: 0)),
            // rgb() and rgba(): modern and legacy syntax, numbers and percentages, none, clamping.
            ("rgb(255 0 0)", CSSColor(colorSpace: .srgb, components: [1, 0, 0])),
            ("RGB(255, 0, 0)", CSSColor(colorSpace: .srgb, components: [1, 0, 0])),
            ("rgba(255, 0, 0, 0.5)", CSSColor(colorSpace: .srgb, components: [1, 0, 0], alpha: 0.5)),
            ("rgba( 255 , 0 , 0 , 50% )", CSSColor(colorSpace: .srgb, components: [1, 0, 0], alpha: 0.5)),
            ("rgb(100% 0% 50% / 25%)", CSSColor(colorSpace: .srgb, components: [1, 0, 0.5], alpha: 0.25)),
            ("rgb(127.5 50% none)", CSSColor(colorSpace: .srgb, components: [0.5, 0.5, nil])),
            ("rgba(300 -20 0 / 1.5)", CSSColor(colorSpace: .srgb, components: [1, 0, 0])),
            ("rgb(0 0 0 / none)", CSSColor(colorSpace: .srgb, components: [0, 0, 0], alpha: 0)),
            // hsl(), hsla(), hwb(): hues in every unit, brought into 0…360; saturation clamped.
            ("hsl(120 100% 25%)", CSSColor(colorSpace: .hsl, components: [120, 100, 25])),
            ("hsla(120, 100%, 25%, 0.5)", CSSColor(colorSpace: .hsl, components: [120, 100, 25], alpha: 0.5)),
            ("hsl(120deg 100 25)", CSSColor(colorSpace: .hsl, components: [120, 100, 25])),
            ("hsl(-120 50% 50%)", CSSColor(colorSpace: .hsl, components: [240, 50, 50])),
            ("hsl(0.5turn 50% 50%)", CSSColor(colorSpace: .hsl, components: [180, 50, 50])),
            ("hsl(200grad 50% 50%)", CSSColor(colorSpace: .hsl, components: [180, 50, 50])),
            ("hsl(720DEG 150% none)", CSSColor(colorSpace: .hsl, components: [0, 100, nil])),
            ("hwb(240 20% 20%)", CSSColor(colorSpace: .hwb, components: [240, 20, 20])),
            ("hwb(none 0 100 / 0.1)", CSSColor(colorSpace: .hwb, components: [nil, 0, 100], alpha: 0.1)),
            // lab(), lch(), oklab(), oklch(): percentages against CSS Color 4's reference ranges.
            ("lab(50% 40 -20)", CSSColor(colorSpace: .lab, components: [50, 40, -20])),
            ("lab(50 100% -100%)", CSSColor(colorSpace: .lab, components: [50, 125, -125])),
            ("lab(120 0 0)", CSSColor(colorSpace: .lab, components: [100, 0, 0])),
            ("lch(50% 100% 200)", CSSColor(colorSpace: .lch, components: [50, 150, 200])),
            ("lch(50 -10 none)", CSSColor(colorSpace: .lch, components: [50, 0, nil])),
            ("oklab(60% 50% -50%)", CSSColor(colorSpace: .oklab, components: [0.6, 0.2, -0.2])),
            ("oklch(0.7 0.1 200)", CSSColor(colorSpace: .oklch, components: [0.7, 0.1, 200])),
            ("oklch(70% 25% 200deg / 0.5)", CSSColor(colorSpace: .oklch, components: [0.7, 0.1, 200], alpha: 0.5)),
            ("oklch(.5 +1e-1 2E2)", CSSColor(colorSpace: .oklch, components: [0.5, 0.1, 200])),
            ("OKLCH(1.5 0.1 -0.25turn)", CSSColor(colorSpace: .oklch, components: [1, 0.1, 270])),
            // color(): every predefined space; xyz is xyz-d65.
            ("color(srgb 1 0.5 0)", CSSColor(colorSpace: .srgb, components: [1, 0.5, 0])),
            ("color(srgb-linear 50% 0.2 none)", CSSColor(colorSpace: .srgbLinear, components: [0.5, 0.2, nil])),
            ("color(display-p3 1 0 0)", CSSColor(colorSpace: .displayP3, components: [1, 0, 0])),
            ("color(a98-rgb 0.6 0.4 0.2)", CSSColor(colorSpace: .a98RGB, components: [0.6, 0.4, 0.2])),
            (
                "color(prophoto-rgb 0.5 0.4 0.3 / 0.5)",
                CSSColor(colorSpace: .prophotoRGB, components: [0.5, 0.4, 0.3], alpha: 0.5)
            ),
            ("color(rec2020 0.3 0.5 0.7)", CSSColor(colorSpace: .rec2020, components: [0.3, 0.5, 0.7])),
            ("color(xyz 0.3 0.3 0.3)", CSSColor(colorSpace: .xyzD65, components: [0.3, 0.3, 0.3])),
            (
                "color(xyz-d65 -0.1 120% 0.5 / 25%)",
                CSSColor(colorSpace: .xyzD65, components: [-0.1, 1.2, 0.5], alpha: 0.25)
            ),
            ("Color(XYZ-D50 0.3 0.3 0.3)", CSSColor(colorSpace: .xyzD50, components: [0.3, 0.3, 0.3])),
        ] as [(String, CSSColor)])
    func forms(text: String, expected: CSSColor) throws {
        let color = try CSSColor.parse(css: Substring(text)).get()
        #expect(color.colorSpace == expected.colorSpace)
        #expect(color.alpha == expected.alpha)
        #expect(color.components.count == 3)
        for (actual, wanted) in zip(color.components, expected.components) {
            if let wanted {
                #expect(abs(actual! - wanted) < 1e-12, "\(text): \(color.components)")
            } else {
                #expect(actual == nil, "\(text): \(color.components)")
            }
        }
        #expect(color.hexFallback == nil)
    }

    @Test("a radian hue is converted to degrees")
    func radians() throws {
        let color = try #require(Self.parsed("hsl(3.141592653589793rad 50% 50%)"))
        #expect(abs(color.components[0]! - 180) < 1e-9)
    }

    @Test(
        "the 148 named colours and transparent, each what CSS says",
        arguments: [
            ("black", "#000000"), ("white", "#ffffff"), ("gray", "#808080"), ("grey", "#808080"), ("green", "#008000"),
            ("lime", "#00ff00"), ("maroon", "#800000"), ("purple", "#800080"), ("aliceblue", "#f0f8ff"),
            ("lightgoldenrodyellow", "#fafad2"), ("yellowgreen", "#9acd32"), ("rebeccapurple", "#663399"),
            ("transparent", "#00000000"),
        ])
    func names(name: String, hex: String) throws {
        #expect(Self.parsed(name)?.hex == hex)
        #expect(Self.parsed(name.uppercased())?.hex == hex)
    }

    @Test("there are 148 named colours, every one readable, with its own sRGB value")
    func namedColourCount() throws {
        #expect(CSSColor.cssNamedColors.count == 148)
        #expect(CSSColor.cssNamedColors["transparent"] == nil)
        for (name, value) in CSSColor.cssNamedColors {
            let color = try #require(Self.parsed(name))
            let expected =
                "#" + String(repeating: "0", count: 6 - String(value, radix: 16).count) + String(value, radix: 16)
            #expect(color.hex == expected, "\(name)")
        }
        // Aliases are the same colour; the rest differ.
        let aliases = Set(CSSColor.cssNamedColors.values).count
        #expect(aliases == 148 - 9)  // aqua/cyan, fuchsia/magenta and 7 gray/grey pairs
    }

    @Test(
        "a colour's CSS description reads back as the same colour",
        arguments: [
            CSSColor(colorSpace: .oklch, components: [0.7, 0.1, 200], alpha: 0.5),
            CSSColor(colorSpace: .lab, components: [50, -20, nil]),
            CSSColor(colorSpace: .displayP3, components: [1, 0, 0]),
            CSSColor(colorSpace: .xyzD50, components: [0.3, 0.3, 0.3]),
            CSSColor(colorSpace: .rec2020, components: [0.25, 0.5, 0.75], alpha: 0.25),
        ])
    func descriptionRoundTrip(color: CSSColor) {
        #expect(Self.parsed(color.description) == color)
    }

    @Test("the parsed colour converts as CSS means it: oklch(62.8% 0.2577 29.23) is red, hsl(120 100% 25%) #008000")
    func meaning() {
        #expect(Self.parsed("oklch(62.8% 0.2577 29.23)")?.hex == "#ff0000")
        #expect(Self.parsed("hsl(120 100% 25%)")?.hex == "#008000")
        #expect(Self.parsed("color(display-p3 1 0 0)")?.hex == "#ff0b0c")
        #expect(Self.parsed("rgb(0 85 255 / 50%)")?.hex == "#0055ff80")
    }

    // MARK: Errors

    @Test(
        "says what was expected and where, for every way a string is not a colour",
        arguments: [
            ("", "expected a colour, found an empty string", 0),
            ("   ", "expected a colour, found an empty string", 3),
            (
                "12",
                #"expected a colour (a hex colour, a colour function such as rgb() or oklch(), or a colour name), found "12""#,
                0
            ),
            (
                "rbg(1 2 3)",
                #"unknown colour function "rbg()"; expected rgb(), rgba(), hsl(), hsla(), hwb(), lab(), lch(), oklab(), oklch() or color(); did you mean "rgb()"?"#,
                0
            ),
            ("grene", #"unknown colour name "grene"; did you mean "green"?"#, 0),
            (
                "currentColor",
                "currentColor is the colour of whatever it is used on; a token needs a colour of its own", 0
            ),
            ("#12345", ##"a hex colour has 3, 4, 6 or 8 digits after "#", found 5"##, 0),
            ("#ff00zz", #"expected a hex digit (0-9, a-f), found "z""#, 5),
            ("rgb (255 0 0)", #"no space may come between "rgb" and "(""#, 3),
            ("rgb()", "rgb() needs 3 components (red, green, blue), found 0", 4),
            ("rgb(255 0)", "rgb() needs 3 components (red, green, blue), found 2", 9),
            ("rgb(255, 0 0)", #"expected "," before the blue of rgb(), found "0""#, 11),
            (
                "rgb(255 0, 0)",
                #"expected the blue of rgb(), found ","; separate all of them with commas, or all with spaces"#, 9
            ),
            (
                "hwb(0, 0%, 0%)",
                #"expected the whiteness of hwb(), found ","; hwb() separates its components with spaces"#, 5
            ),
            ("rgb(255, 0%, 0)", "rgb() with commas takes three numbers or three percentages, not both", 9),
            (
                "rgb(255, none, 0)",
                #""none" cannot be written in rgb() with commas; separate the components with spaces"#, 9
            ),
            ("hsl(120, 100, 25%)", #"hsl() with commas takes a percentage for the saturation, found "100""#, 9),
            ("rgb(10px 0 0)", #"expected a number, a percentage or "none" for the red of rgb(), found "10px""#, 4),
            ("rgb(255 0 red)", #"expected a number, a percentage or "none" for the blue of rgb(), found "red""#, 10),
            ("rgb(255 0 ü)", #"expected a number, a percentage or "none" for the blue of rgb(), found "ü""#, 10),
            ("hsl(deg 50% 50%)", #"expected a number, an angle or "none" for the hue of hsl(), found "deg""#, 4),
            (
                "oklch(0.7 0.1 20px)",
                #"expected a hue (a number, or an angle in deg, rad, grad or turn) or "none" for the hue of oklch(), found "20px""#,
                14
            ),
            (
                "oklch(0.7 0.1 50%)",
                #"expected a hue (a number, or an angle in deg, rad, grad or turn) or "none" for the hue of oklch(), found "50%""#,
                14
            ),
            ("lab(50 1e999 0)", #""1e999" is too large a number"#, 7),
            (
                "rgb(255 0 0 / 10deg)",
                #"expected a number, a percentage or "none" for the alpha of rgb(), found "10deg""#, 14
            ),
            ("rgb(255 0 0", #"expected "/" and an alpha, or ")" to close rgb(), found the end of the string"#, 11),
            ("rgb(1 2 3 4)", #"expected "/" and an alpha, or ")" to close rgb(), found "4""#, 10),
            ("rgb(255 0 0 / 0.5 0.5)", #"expected ")" to close rgb(), found "0.5""#, 18),
            ("rgb(255, 0, 0 / 0.5)", #"expected "," and an alpha, or ")" to close rgb(), found "/""#, 14),
            ("rgb(255 0 0) x", #"unexpected "x" after the colour"#, 13),
            (
                "color(p3 1 0 0)",
                #"expected a colour space in color(): srgb, srgb-linear, display-p3, a98-rgb, prophoto-rgb, rec2020, xyz, xyz-d50 or xyz-d65; found "p3""#,
                6
            ),
            (
                "color(displayp3 1 0 0)",
                #"expected a colour space in color(): srgb, srgb-linear, display-p3, a98-rgb, prophoto-rgb, rec2020, xyz, xyz-d50 or xyz-d65; found "displayp3"; did you mean "display-p3"?"#,
                6
            ),
            (
                "color(display-p3 1.2 0 0)",
                "the red of color(display-p3 …) is 1.2, outside 0…1, which a DTCG display-p3 colour cannot hold", 17
            ),
            ("color(display-p3 1 0)", "color(display-p3 …) needs 3 components (red, green, blue), found 2", 20),
            (
                "color(xyz 1, 0, 0)",
                #"expected the y of color(xyz …), found ","; color(xyz …) separates its components with spaces"#, 11
            ),
        ] as [(String, String, Int)])
    func errors(text: String, message: String, offset: Int) throws {
        let error = try #require(Self.failure(text), "\(text) parsed")
        #expect(error.message == message)
        #expect(error.offset == offset)
    }

    @Test("an error's description says where, counting from 1")
    func errorDescription() throws {
        let error = try #require(Self.failure("rgb(255 0 red)"))
        #expect(
            error.description
                == #"expected a number, a percentage or "none" for the blue of rgb(), found "red" (at character 11)"#)
    }

    @Test("a long token in a message is cut at 20 characters")
    func longFound() throws {
        let error = try #require(Self.failure("rgb(" + String(repeating: "x", count: 100) + ")"))
        #expect(
            error.message
                == #"expected a number, a percentage or "none" for the red of rgb(), found "xxxxxxxxxxxxxxxxxxxx…""#)
    }

    @Test("text longer than any CSS colour is refused unread; a colour padded to the bound is read")
    func longestText() throws {
        let colour = "rgb(255 0 0)"
        let padded = String(repeating: " ", count: CSSColor.longestCSSText - colour.utf8.count) + colour
        #expect(Self.parsed(padded) == CSSColor(colorSpace: .srgb, components: [1, 0, 0]))
        let error = try #require(Self.failure(" " + padded))
        #expect(error.offset == 0)
        #expect(error.message.contains("longer than any CSS colour"))
    }

    @Test("any input gives a colour or an error, never a crash", arguments: [0x5eed, 0xc55])
    func fuzz(seed: UInt64) {
        var rng = SplitMix(state: seed)
        let pieces = [
            "rgb(", "hsl(", "oklch(", "color(", "display-p3", "xyz", "#", "f", "0", "1", ".", "5", "e", "-", "+",
            "%", "deg", "turn", " ", ",", "/", ")", "none", "(", "é", "\u{0}", "9e999", "red",
        ]
        for _ in 0..<5_000 {
            let text = (0..<rng.int(12)).map { _ in rng.pick(pieces) }.joined()
            switch CSSColor.parse(css: Substring(text)) {
            case .success(let color):
                #expect(color.components.count == 3)
                #expect((0...1).contains(color.alpha))
                for index in 0..<3 {
                    guard let value = color.components[index] else { continue }
                    #expect(value.isFinite)
                    if let range = color.colorSpace.componentRange(index) { #expect(range.contains(value), "\(text)") }
                    if index == color.colorSpace.hueIndex { #expect((0..<360).contains(value), "\(text)") }
                }
            case .failure(let error):
                #expect((0...text.unicodeScalars.count).contains(error.offset), "\(text)")
                #expect(!error.message.isEmpty)
            }
        }
    }
}
