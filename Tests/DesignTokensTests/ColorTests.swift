import Testing
import ThemeEngineTestSupport

@testable import ColorSpaces
@testable import DesignTokens

typealias Color = TokenValue.Color

@Suite("Colours")
struct ColorTests {
    // MARK: Hex strings

    @Test(
        "reads #rgb, #rgba, #rrggbb and #rrggbbaa, in either case",
        arguments: [
            ("#f00", Color(red: 1, green: 0, blue: 0)),
            ("#F008", Color(red: 1, green: 0, blue: 0, alpha: 0x88 / 255.0)),
            ("#0055ff", Color(red: 0, green: 0x55 / 255.0, blue: 1)),
            ("#0055FF80", Color(red: 0, green: 0x55 / 255.0, blue: 1, alpha: 0x80 / 255.0)),
        ] as [(String, Color)])
    func hexForms(hex: String, expected: Color) throws {
        #expect(Color(hex: hex) == expected)
        #expect(try resolveValue("color", "\"\(hex)\"") == .color(expected))
    }

    @Test(
        "writes #rrggbb, and #rrggbbaa only below full opacity",
        arguments: [
            ("#f00", "#ff0000"), ("#F008", "#ff000088"), ("#0055FF", "#0055ff"), ("#0055ffff", "#0055ff"),
            ("#00000080", "#00000080"),
        ])
    func hexOutput(input: String, expected: String) throws {
        #expect(try #require(Color(hex: input)).hex == expected)
    }

    @Test(
        "rejects strings that are not hex colours",
        arguments: ["", "#", "ff0000", "#12", "#12345", "#1234567", "#ggg", "#ff00 0", "red"])
    func notHex(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test("every byte survives hex → components → hex exactly, and through resolution and flat output")
    func exactSRGBRoundTrip() throws {
        func byte(_ value: Int) -> String { (value < 16 ? "0" : "") + String(value, radix: 16) }
        var members: [String] = []
        for value in 0...255 {
            for hex in ["#\(byte(value))0000", "#00\(byte(value))00", "#0000\(byte(value))", "#000000\(byte(value))"] {
                let color = try #require(Color(hex: hex))
                let expected = hex.hasSuffix("ff") && hex.count == 9 ? String(hex.prefix(7)) : hex
                #expect(color.hex == expected)
            }
            #expect(Color(hex: "#\(byte(value))0000")?.components[0] == Double(value) / 255)
            members.append(
                ##""c\##(value)": {"$value": "#\##(byte(value))\##(byte(255 - value))\##(byte(value / 2))"}"##)
        }
        // Through the engine: components written out with the shortest form still give back the same bytes.
        let theme = try ResolvedTheme.resolve([source(#"{"$type": "color", "# + members.joined(separator: ", ") + "}")])
        let tree = try ResolvedTheme.resolve([TokenSource(name: "tree.json", bytes: theme.treeJSON())])
        for value in 0...255 {
            let expected = "#\(byte(value))\(byte(255 - value))\(byte(value / 2))"
            #expect(theme.color("c\(value)")?.hex == expected)
            #expect(tree.color("c\(value)")?.hex == expected)
            #expect(tree.color("c\(value)")?.components == theme.color("c\(value)")?.components)
        }
    }

    // MARK: Colour objects

    @Test("reads a colour object with components, alpha and hex")
    func colourObject() throws {
        let value = try resolveValue(
            "color", ##"{"colorSpace": "srgb", "components": [0, 0.5, 1], "alpha": 0.25, "hex": "#0080FF"}"##)
        // The hex of an sRGB colour that agrees with its components adds nothing and is not kept.
        #expect(value == .color(Color(colorSpace: .srgb, components: [0, 0.5, 1], alpha: 0.25)))
        let disagreeing = try resolveValue(
            "color", ##"{"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#ffffff"}"##)
        #expect(disagreeing == .color(Color(colorSpace: .srgb, components: [0, 0, 0], hexFallback: "#ffffff")))
    }

    @Test("a hex fallback is dropped exactly where it spells the colour's own hex, in either case")
    func ownHexFallback() {
        var rng = SplitMix(state: 0xc0_10_75)
        let spaces: [Color.Space] = [.srgb, .srgb, .srgb, .displayP3, .hsl]
        for _ in 0..<20_000 {
            // Channels near a byte's boundaries, outside 0…1, and missing; fallbacks that agree, differ by one, or
            // are in upper case.
            let components: [Double?] = (0..<3).map { _ in
                switch rng.int(6) {
                case 0: nil
                case 1: Double(rng.int(256)) / 255
                case 2: (Double(rng.int(256)) + 0.5) / 255 + (rng.chance(0.5) ? 1e-12 : -1e-12)
                case 3: Double(rng.int(400)) / 255 - 0.3
                default: Double(rng.next() % 1_000_000) / 1_000_000
                }
            }
            let color = Color(colorSpace: rng.pick(spaces), components: components, alpha: rng.chance(0.3) ? 0.5 : 1)
            // The hex of the channels clamped to 0…1, as the rule compares them (the decoders make no srgb colour
            // outside 0…1; ``Color/hex`` gamut-maps one).
            let clamped = components.map { $0.map { min(max($0, 0), 1) } }
            var hex = Color(colorSpace: .srgb, components: clamped).hex
            if rng.chance(0.3) {
                let digits = Array(hex.utf8)
                let index = 1 + rng.int(6)
                var changed = digits
                changed[index] = digits[index] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
                hex = String(decoding: changed, as: UTF8.self)
            }
            if rng.chance(0.3) { hex = hex.uppercased() }
            // Not a fallback the decoders let through, but the rule stays the same for one.
            if rng.chance(0.05) { hex = "x" + hex.dropFirst() }
            if rng.chance(0.05) { hex += "0" }
            var withFallback = color
            withFallback.hexFallback = hex
            // What the decoders asked before: the colour's hex, cut to six digits, against the fallback in lower case.
            let ownHex = Color(colorSpace: .srgb, components: clamped).hex
            let isOwn = color.colorSpace == .srgb && ownHex.prefix(7) == Substring(hex.lowercased())
            #expect(withFallback.droppingOwnHexFallback == (isOwn ? color : withFallback), "\(color) with \(hex)")
        }
        #expect(Color(red: 0, green: 0.5, blue: 1).hex == "#0080ff")
        var noComponents = Color(colorSpace: .srgb, components: [], hexFallback: "#000000")
        #expect(noComponents.droppingOwnHexFallback == noComponents)
        noComponents.hexFallback = "#00000"
        #expect(noComponents.droppingOwnHexFallback == noComponents)
    }

    @Test(
        "a hex fallback is # and six hex digits",
        arguments: [
            ("#0080ff", true), ("#0080FF", true), ("#0080f", false), ("#0080fff", false), ("0080ffa", false),
            ("#0080fg", false),
            ("#0080ff\u{0}", false), ("", false), ("#ÿ0080f", false), ("#ÿ080f", false), ("#0080f\u{0}", false),
        ])
    func sixDigitHex(text: String, expected: Bool) {
        #expect(Color.isSixDigitHex(text) == expected)
    }

    @Test("one sRGB colour is equal however it is written or reached: hex, object with hex, inside a border")
    func sameColourEverywhere() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                ##"""
                {
                  "a": {"$type": "color", "$value": "#0055ff"},
                  "b": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0.3333333333333333, 1], "hex": "#0055ff"}},
                  "border": {"$type": "border", "$value": {"color": "{a}", "width": "1px", "style": "solid"}}
                }
                """##)
        ])
        let a = try #require(theme.color("a"))
        #expect(theme.color("b") == a)
        guard case .border(let border)? = theme.value("border") else {
            Issue.record("border must be a border")
            return
        }
        #expect(border.color == a)
    }

    @Test("reads \"none\" as a missing component, treated as 0 for sRGB")
    func noneComponent() throws {
        let value = try resolveValue("color", #"{"colorSpace": "srgb", "components": ["none", 1, 0]}"#)
        guard case .color(let color) = value else {
            Issue.record("expected a colour, found \(value)")
            return
        }
        #expect(color.components == [nil, 1, 0])
        #expect(color.hex == "#00ff00")
        #expect(
            color.json
                == .object([
                    .init("colorSpace", .string("srgb")),
                    .init("components", .array([.string("none"), .number(1), .number(0)])),
                    .init("hex", .string("#00ff00")),
                ]))
    }

    @Test(
        "accepts every colour space of the colour module, and components at the ends of their ranges",
        arguments: [
            #"{"colorSpace": "srgb", "components": [0, 1, 1]}"#,
            #"{"colorSpace": "srgb-linear", "components": [0, 0.5, 1]}"#,
            #"{"colorSpace": "hsl", "components": [359.9, 100, 0]}"#,
            #"{"colorSpace": "hwb", "components": [0, 0, 100]}"#,
            #"{"colorSpace": "lab", "components": [100, -125, 125]}"#,
            #"{"colorSpace": "lch", "components": [50, 230, 0]}"#,
            #"{"colorSpace": "oklab", "components": [1, -0.4, 0.4]}"#,
            #"{"colorSpace": "oklch", "components": [0.7, 0.4, 359]}"#,
            #"{"colorSpace": "display-p3", "components": [1, 0, 0]}"#,
            #"{"colorSpace": "a98-rgb", "components": [1, 0, 0]}"#,
            #"{"colorSpace": "prophoto-rgb", "components": [1, 0, 0]}"#,
            #"{"colorSpace": "rec2020", "components": [1, 0, 0]}"#,
            #"{"colorSpace": "xyz-d65", "components": [-0.5, 1.5, 0.3]}"#,
            #"{"colorSpace": "xyz-d50", "components": [0.3, 0.3, 0.3], "alpha": 0}"#,
        ])
    func colourSpaces(value: String) throws {
        guard case .color = try resolveValue("color", value) else {
            Issue.record("expected a colour")
            return
        }
    }

    static let invalidColors: [InvalidValueCase] = [
        .init(
            "color", ##""#ff000""##,
            ##""#ff000" is not a colour; expected a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), a CSS colour (rgb(), oklch(), a name…) or a colour object {"colorSpace", "components"}"##
        ),
        .init(
            "color", #""0055ff""#,
            ##""0055ff" is not a colour; expected a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), a CSS colour (rgb(), oklch(), a name…) or a colour object {"colorSpace", "components"}; did you mean "#0055ff"?"##
        ),
        .init("color", "5", "expected a colour (a hex string or a colour object), found a number"),
        .init(
            "color", #"{"colorSpace": "srgb", "components": [1.5, 0, 0]}"#, member: "components[0]", at: "1.5",
            "component 0 of an srgb colour must be in 0…1, found 1.5"),
        .init(
            "color", #"{"colorSpace": "hsl", "components": [120, 100, -1]}"#, member: "components[2]", at: "-1",
            "component 2 of an hsl colour must be in 0…100, found -1"),
        .init(
            "color", #"{"colorSpace": "hsl", "components": [360, 50, 50]}"#, member: "components[0]", at: "360",
            "component 0 of an hsl colour is a hue, from 0 up to (not including) 360; found 360"),
        .init(
            "color", #"{"colorSpace": "oklch", "components": [0.5, 0.1, -10]}"#, member: "components[2]", at: "-10",
            "component 2 of an oklch colour is a hue, from 0 up to (not including) 360; found -10"),
        .init(
            "color", #"{"colorSpace": "srbg", "components": [0, 0, 0]}"#, member: "colorSpace", at: #""srbg""#,
            #"unknown colour space "srbg"; expected one of srgb, srgb-linear, hsl, hwb, lab, lch, oklab, oklch, display-p3, a98-rgb, prophoto-rgb, rec2020, xyz-d65, xyz-d50; did you mean "srgb"?"#
        ),
        .init(
            "color", #"{"colorSpace": "cmyk", "components": [0, 0, 0]}"#, member: "colorSpace", at: #""cmyk""#,
            #"unknown colour space "cmyk"; expected one of srgb, srgb-linear, hsl, hwb, lab, lch, oklab, oklch, display-p3, a98-rgb, prophoto-rgb, rec2020, xyz-d65, xyz-d50"#
        ),
        .init(
            "color", #"{"colorSpace": "srgb", "components": [0, 0]}"#, member: "components", at: "[0, 0]",
            "srgb colours have 3 components, found 2"),
        .init(
            "color", #"{"colorSpace": "srgb", "components": [0, 0, 0, 1]}"#, member: "components", at: "[0",
            "srgb colours have 3 components, found 4"),
        .init(
            "color", #"{"colorSpace": "srgb", "components": ["0", 0, 0]}"#, member: "components[0]", at: #""0""#,
            #"a colour component must be a number or "none", found a string"#),
        .init(
            "color", #"{"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 1.5}"#, member: "alpha", at: "1.5",
            "alpha must be a number from 0 to 1"),
        .init(
            "color", ##"{"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#00000z"}"##, member: "hex",
            at: ##""#00000z""##,
            ##"hex must be a 6-digit hex colour such as "#0055ff""##),
        .init(
            "color", ##"{"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#00000080"}"##, member: "hex",
            at: ##""#00000080""##,
            ##"hex "#00000080" gives another alpha than the colour's "alpha" (1); a hex fallback is 6 digits, such as "#000000""##
        ),
        .init("color", #"{"components": [0, 0, 0]}"#, #"a colour object needs "colorSpace" (a string such as "srgb")"#),
        .init(
            "color", #"{"colorSpace": "srgb"}"#, member: "components",
            #"a colour object needs "components", an array of three numbers"#),
        .init(
            "color", #"{"colorSpace": "srgb", "components": [0, 0, 0], "alpah": 1}"#,
            #"unexpected member "alpah"; expected "colorSpace", "components", "alpha", "hex"; did you mean "alpha"?"#),
        .init(
            "color", #"{"colorSpace": "srgb", "components": [0, 0, 0], "opacity": 1}"#,
            #"unexpected member "opacity"; expected "colorSpace", "components", "alpha", "hex""#),
    ]

    @Test("rejects invalid colours, naming the member and pointing at it", arguments: invalidColors)
    func invalidColor(_ example: InvalidValueCase) throws {
        try example.check()
    }

    // MARK: Colour spaces

    @Test(
        "converts hsl, hwb and srgb-linear to sRGB exactly",
        arguments: [
            (Color(colorSpace: .hsl, components: [0, 100, 50]), "#ff0000"),
            (Color(colorSpace: .hsl, components: [120, 100, 25]), "#008000"),
            (Color(colorSpace: .hsl, components: [240, 100, 50]), "#0000ff"),
            (Color(colorSpace: .hsl, components: [0, 0, 50]), "#808080"),
            (Color(colorSpace: .hsl, components: [nil, 0, 100]), "#ffffff"),
            (Color(colorSpace: .hwb, components: [0, 0, 0]), "#ff0000"),
            (Color(colorSpace: .hwb, components: [0, 50, 50]), "#808080"),
            (Color(colorSpace: .hwb, components: [240, 20, 20]), "#3333cc"),
            (Color(colorSpace: .hwb, components: [0, 100, 0]), "#ffffff"),
            (Color(colorSpace: .srgbLinear, components: [0, 0, 0]), "#000000"),
            (Color(colorSpace: .srgbLinear, components: [1, 1, 1]), "#ffffff"),
            (Color(colorSpace: .srgbLinear, components: [1, 0.2158605, 0]), "#ff8000"),
            (Color(colorSpace: .srgbLinear, components: [0.002, 0, 0], alpha: 0.5), "#07000080"),
        ] as [(Color, String)])
    func conversions(color: Color, hex: String) {
        #expect(color.hex == hex)
        #expect(color.description == hex)
        #expect(TokenValue.color(color).flatJSON == .string(hex))
    }

    @Test("keeps other spaces as written in the DTCG form, and writes their sRGB hex in the flat form")
    func nonSRGBKeptAsWritten() throws {
        let value = try resolveValue("color", #"{"colorSpace": "oklch", "components": [0.7, 0.1, 200], "alpha": 0.5}"#)
        guard case .color(let color) = value else {
            Issue.record("expected a colour, found \(value)")
            return
        }
        #expect(color.colorSpace == .oklch)
        #expect(color.components == [0.7, 0.1, 200])
        #expect(color.hex == "#40b1b780")
        #expect(color.description == "oklch(0.7 0.1 200 / 0.5)")
        #expect(
            value.json
                == .object([
                    .init("colorSpace", .string("oklch")),
                    .init("components", .array([.number(0.7), .number(0.1), .number(200)])),
                    .init("alpha", .number(0.5)),
                ]))
        #expect(value.flatJSON == .string("#40b1b780"))
    }

    @Test("a hex fallback is written back, but the components win: a wrong fallback does not change the colour")
    func hexFallback() throws {
        let value = try resolveValue(
            "color", ##"{"colorSpace": "display-p3", "components": [0.3, 0.6, 0.9], "hex": "#000000"}"##)
        guard case .color(let color) = value else {
            Issue.record("expected a colour, found \(value)")
            return
        }
        #expect(color.hexFallback == "#000000")
        #expect(color.hex == "#249bec")
        #expect(
            value.json
                == .object([
                    .init("colorSpace", .string("display-p3")),
                    .init("components", .array([.number(0.3), .number(0.6), .number(0.9)])),
                    .init("hex", .string("#000000")),
                ]))
        #expect(value.flatJSON == .string("#249bec"))
    }

    @Test(
        "describes a colour as CSS writes it in its own space; the spaces over sRGB by their hex",
        arguments: [
            (Color(colorSpace: .lab, components: [50, 20, nil]), "lab(50 20 none)"),
            (Color(colorSpace: .oklch, components: [0.7, 0.1, 200], alpha: 0.5), "oklch(0.7 0.1 200 / 0.5)"),
            (Color(colorSpace: .displayP3, components: [1, 0, 0]), "color(display-p3 1 0 0)"),
            (Color(colorSpace: .xyzD50, components: [0.3, 0.3, 0.3]), "color(xyz-d50 0.3 0.3 0.3)"),
            (Color(colorSpace: .hsl, components: [120, 100, 25]), "#008000"),
        ] as [(Color, String)])
    func descriptions(color: Color, expected: String) {
        #expect(color.description == expected)
    }

    @Test("sRGB json has the 6-digit hex even below full opacity")
    func srgbJSON() throws {
        let color = try #require(Color(hex: "#0055ff80"))
        #expect(
            color.json
                == .object([
                    .init("colorSpace", .string("srgb")),
                    .init("components", .array([.number(0), .number(0x55 / 255.0), .number(1)])),
                    .init("alpha", .number(0x80 / 255.0)),
                    .init("hex", .string("#0055ff")),
                ]))
        #expect(TokenValue.color(color).flatJSON == .string("#0055ff80"))
    }
}
