import Testing
import ThemeEngineTestSupport

@testable import ColorSpaces

/// Conversion between the DTCG colour spaces and CSS Color 4 gamut mapping. Expected values are CSS Color 4's
/// worked examples, or the output of its sample code (conversions.js and the gamut-mapping pseudocode) for the same
/// input, to 1e-9 for conversions and 1e-6 for the binary search of gamut mapping.
@Suite("Colour conversion")
struct ColorConversionTests {
    /// Whether two lists of components agree to `tolerance`.
    static func close(_ actual: [Double?], _ expected: [Double], _ tolerance: Double = 1e-9) -> Bool {
        actual.count == expected.count
            && zip(actual, expected).allSatisfy { a, e in a.map { abs($0 - e) <= tolerance } ?? false }
    }

    static func sRGBComponents(_ color: CSSColor) -> [Double] {
        let rgb = color.srgb
        return [rgb.red, rgb.green, rgb.blue]
    }

    // MARK: Exact conversion

    @Test(
        "CSS Color 4's worked examples: one colour in lab(), lch() and oklch() is the same sRGB colour",
        arguments: [
            (CSSColor(colorSpace: .lab, components: [29.2345, 39.3825, 20.0664]), "#7d2329"),
            (CSSColor(colorSpace: .lch, components: [29.2345, 44.2, 27]), "#7d2329"),
            (CSSColor(colorSpace: .oklch, components: [0.40101, 0.12332, 21.555]), "#7d2329"),
            (CSSColor(colorSpace: .lab, components: [52.2345, 40.1645, 59.9971]), "#c65d06"),
            (CSSColor(colorSpace: .lch, components: [52.2345, 72.2, 56.2]), "#c65d06"),
            (CSSColor(colorSpace: .oklch, components: [0.59686, 0.15619, 49.7694]), "#c65d06"),
            (CSSColor(colorSpace: .lab, components: [60.2345, -5.3654, 58.956]), "#9d9318"),
            (CSSColor(colorSpace: .lch, components: [60.2345, 59.2, 95.2]), "#9d9318"),
            (CSSColor(colorSpace: .oklch, components: [0.65125, 0.13138, 104.097]), "#9d9318"),
            (CSSColor(colorSpace: .lab, components: [62.2345, -34.9638, 47.7721]), "#68a639"),
            (CSSColor(colorSpace: .lch, components: [62.2345, 59.2, 126.2]), "#68a639"),
            (CSSColor(colorSpace: .lab, components: [67.5345, -8.6911, -41.6019]), "#62acef"),
            (CSSColor(colorSpace: .lch, components: [67.5345, 42.5, 258.2]), "#62acef"),
            (CSSColor(colorSpace: .oklch, components: [0.72322, 0.12403, 247.996]), "#62acef"),
        ] as [(CSSColor, String)])
    func workedExamples(color: CSSColor, hex: String) {
        #expect(color.hex == hex)
        #expect(color.isInSRGBGamut)
    }

    @Test(
        "every space converts to sRGB as CSS Color 4's sample code does",
        arguments: [
            (
                CSSColor(colorSpace: .srgbLinear, components: [0.5, 0.2, 0.1]),
                [0.7353569830524495, 0.48452920448170694, 0.3491902126282938]
            ),
            (CSSColor(colorSpace: .hsl, components: [210, 50, 40]), [0.2, 0.4, 0.6]),
            (CSSColor(colorSpace: .hwb, components: [30, 20, 30]), [0.7, 0.45, 0.2]),
            (
                CSSColor(colorSpace: .lab, components: [40, 30, -30]),
                [0.4830487878681488, 0.29682467232546017, 0.5649053404875108]
            ),
            (
                CSSColor(colorSpace: .lch, components: [40, 40, 300]),
                [0.403744745060546, 0.32922052181662487, 0.5938787635832186]
            ),
            (
                CSSColor(colorSpace: .oklab, components: [0.6, 0.1, -0.05]),
                [0.6579189932653141, 0.3981731276662716, 0.6128733137497414]
            ),
            (
                CSSColor(colorSpace: .oklch, components: [0.6, 0.1, 300]),
                [0.5390059330949182, 0.44681962342915255, 0.702369755033321]
            ),
            (
                CSSColor(colorSpace: .displayP3, components: [0.3, 0.6, 0.9]),
                [0.14309729816874178, 0.6087569610236877, 0.925250343544986]
            ),
            (
                CSSColor(colorSpace: .a98RGB, components: [0.6, 0.4, 0.2]),
                [0.6663812664212704, 0.40062091943403755, 0.17013827974901247]
            ),
            (
                CSSColor(colorSpace: .prophotoRGB, components: [0.5, 0.4, 0.3]),
                [0.672087129266052, 0.45002997992778654, 0.3510707706364491]
            ),
            (
                CSSColor(colorSpace: .rec2020, components: [0.3, 0.5, 0.7]),
                [-0.12087751145836009, 0.5629511587605616, 0.7502871461452325]
            ),
            (
                CSSColor(colorSpace: .xyzD65, components: [0.3, 0.3, 0.3]),
                [0.6354421799813967, 0.5698508377702736, 0.5588277627470309]
            ),
            (
                CSSColor(colorSpace: .xyzD50, components: [0.3, 0.3, 0.3]),
                [0.5907233709943509, 0.5760193668861018, 0.6456943156022176]
            ),
        ] as [(CSSColor, [Double])])
    func everySpaceToSRGB(color: CSSColor, expected: [Double]) {
        let converted = color.converted(to: .srgb)
        #expect(converted.colorSpace == .srgb)
        #expect(Self.close(converted.components, expected), "\(converted.components)")
    }

    @Test("white is white in every space: D65 in XYZ, its Bradford adaptation in XYZ-D50, L 100 in Lab, 1 in OKLab")
    func white() {
        let white = CSSColor(red: 1, green: 1, blue: 1)
        #expect(Self.close(white.converted(to: .xyzD65).components, [0.9504559270516717, 1, 1.0890577507598784]))
        #expect(Self.close(white.converted(to: .xyzD50).components, [0.9642956764295678, 1, 0.8251046025104604]))
        #expect(Self.close(white.converted(to: .lab).components, [100, 0, 0]))
        #expect(Self.close(white.converted(to: .oklab).components, [1, 0, 0]))
        for space in CSSColor.Space.allCases
        where [.srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020].contains(space) {
            #expect(Self.close(white.converted(to: space).components, [1, 1, 1]), "\(space)")
        }
        // White has no hue: it is powerless, written `none`.
        #expect(white.converted(to: .oklch).components[2] == nil)
        #expect(white.converted(to: .lch).components[2] == nil)
        #expect(white.converted(to: .hsl).components == [nil, 0, 100])
        #expect(white.converted(to: .hwb).components == [nil, 100, 0])
    }

    @Test("sRGB red is oklch(0.628 0.2577 29.23), and that is red within rounding, so not gamut-mapped")
    func redInOKLCH() {
        let red = CSSColor(red: 1, green: 0, blue: 0).converted(to: .oklch)
        #expect(Self.close(red.components, [0.6279553639214313, 0.25768330380536064, 29.23388027962788], 1e-12))
        let written = CSSColor(colorSpace: .oklch, components: [0.628, 0.2577, 29.23])
        #expect(
            Self.close(
                written.converted(to: .srgb).components,
                [1.0000926228295168, -0.00002539043586060494, 0.0002606800449797221]))
        #expect(written.isInSRGBGamut)
        #expect(written.hex == "#ff0000")
        #expect(Self.close(Self.sRGBComponents(written), [1, 0, 0.0002606800449797221]))
    }

    @Test("every space round-trips: sRGB → space → sRGB gives the colour back", arguments: CSSColor.Space.allCases)
    func roundTrip(space: CSSColor.Space) {
        var rng = SplitMix(state: 0x5eed)
        for _ in 0..<500 {
            let original = [Double(rng.int(1001)) / 1000, Double(rng.int(1001)) / 1000, Double(rng.int(1001)) / 1000]
            let there = CSSColor(colorSpace: .srgb, components: original).converted(to: space)
            let back = there.converted(to: .srgb)
            #expect(Self.close(back.components, original, 1e-9), "\(original) → \(there) → \(back.components)")
        }
    }

    @Test("lab ↔ lch and oklab ↔ oklch are the same colour in polar form: the chroma is the length of (a, b)")
    func polarForms() {
        var rng = SplitMix(state: 0x1ab)
        for _ in 0..<500 {
            let a = Double(rng.int(200)) - 100
            let b = Double(rng.int(200)) - 100
            let lab = CSSColor(colorSpace: .lab, components: [Double(rng.int(101)), a, b])
            let lch = lab.converted(to: .lch)
            #expect(abs(lch.components[1]! - (a * a + b * b).squareRoot()) < 1e-9)
            #expect(Self.close(lch.converted(to: .lab).components, lab.components.map { $0! }, 1e-9))
            let oklab = CSSColor(colorSpace: .oklab, components: [Double(rng.int(101)) / 100, a / 250, b / 250])
            #expect(
                Self.close(
                    oklab.converted(to: .oklch).converted(to: .oklab).components, oklab.components.map { $0! }, 1e-12))
        }
    }

    @Test("a missing component (none) counts as 0, as CSS converts it")
    func noneIsZero() {
        #expect(
            CSSColor(colorSpace: .oklch, components: [0.7, nil, 200]).hex
                == CSSColor(colorSpace: .oklch, components: [0.7, 0, 0]).hex)
        #expect(
            CSSColor(colorSpace: .lab, components: [50, nil, nil]).srgb
                == CSSColor(colorSpace: .lab, components: [50, 0, 0]).srgb)
        #expect(
            CSSColor(colorSpace: .displayP3, components: [nil, 1, nil]).converted(to: .srgb)
                == CSSColor(colorSpace: .displayP3, components: [0, 1, 0]).converted(to: .srgb))
        // A colour made in code with fewer components reads the missing ones as none.
        #expect(CSSColor(colorSpace: .srgb, components: [1]).hex == "#ff0000")
    }

    @Test(
        "converting to a colour's own space gives it back unchanged, fallback included; to another drops the fallback")
    func ownSpace() {
        let color = CSSColor(colorSpace: .displayP3, components: [1, nil, 0], alpha: 0.5, hexFallback: "#ff0000")
        #expect(color.converted(to: .displayP3) == color)
        let srgb = color.converted(to: .srgb)
        #expect(srgb.hexFallback == nil)
        #expect(srgb.alpha == 0.5)
    }

    // MARK: Gamut mapping

    @Test(
        "an sRGB colour is used as written, without conversion",
        arguments: ["#000000", "#0055ff", "#ffffff", "#7f7f7f80"])
    func sRGBUnchanged(hex: String) throws {
        let color = try #require(CSSColor(hex: hex))
        #expect(Self.sRGBComponents(color) == color.components.map { $0! })
        #expect(color.isInSRGBGamut)
    }

    @Test(
        "out of the sRGB gamut, a colour is mapped as CSS Color 4's algorithm maps it",
        arguments: [
            (
                CSSColor(colorSpace: .displayP3, components: [1, 0, 0]), [1, 0.04456951620419327, 0.04593161114017145],
                "#ff0b0c"
            ),
            (
                CSSColor(colorSpace: .displayP3, components: [0, 1, 0]), [0, 0.9857637107710328, 0.1597424439734355],
                "#00fb29"
            ),
            (
                CSSColor(colorSpace: .oklch, components: [0.7, 0.3, 30]), [1, 0.3451350787483211, 0.26457511225176533],
                "#ff5843"
            ),
            (
                CSSColor(colorSpace: .oklch, components: [0.9, 0.4, 140]), [0.3856416012021148, 1, 0.1905532784814704],
                "#62ff31"
            ),
            (
                CSSColor(colorSpace: .rec2020, components: [0, 1, 0]), [0, 0.9473440908897234, 0.4462805435023009],
                "#00f272"
            ),
            // Within one just-noticeable difference of its clipped self: clipped.
            (
                CSSColor(colorSpace: .oklch, components: [0.7, 0.2, 150]), [0, 0.7481763142671325, 0.330549010054567],
                "#00bf54"
            ),
            // Lightness 1 or more is white, 0 or less black, whatever the chroma.
            (CSSColor(colorSpace: .oklch, components: [1, 0.2, 30]), [1, 1, 1], "#ffffff"),
            (CSSColor(colorSpace: .oklch, components: [0, 0.2, 30]), [0, 0, 0], "#000000"),
        ] as [(CSSColor, [Double], String)])
    func mapped(color: CSSColor, expected: [Double], hex: String) {
        #expect(!color.isInSRGBGamut)
        #expect(Self.close(Self.sRGBComponents(color), expected, 1e-6), "\(Self.sRGBComponents(color))")
        #expect(color.hex == hex)
    }

    @Test("gamut mapping keeps lightness and hue, reduces chroma, and lands in 0…1")
    func mappingRelationships() {
        var rng = SplitMix(state: 0x9a_4070)
        var mappedCount = 0
        for _ in 0..<2_000 {
            let origin = [Double(rng.int(99) + 1) / 100, Double(rng.int(400)) / 1000, Double(rng.int(360))]
            let color = CSSColor(colorSpace: .oklch, components: origin)
            let rgb = Self.sRGBComponents(color)
            #expect(rgb.allSatisfy { (0...1).contains($0) }, "\(origin) → \(rgb)")
            let exact = color.converted(to: .srgb).components.map { $0! }
            if color.isInSRGBGamut {
                #expect(Self.close(rgb, exact.map { min(max($0, 0), 1) }, 0), "\(origin)")
                continue
            }
            mappedCount += 1
            let result = CSSColor(colorSpace: .srgb, components: rgb).converted(to: .oklch).components
            // Clipping moves the colour by less than one just-noticeable difference (deltaEOK 0.02).
            #expect(abs(result[0]! - origin[0]) < 0.02, "\(origin) → \(result)")
            #expect(result[1]! < origin[1] + 0.02, "\(origin) → \(result)")
        }
        #expect(mappedCount > 500)
    }

    @Test(
        "components too large to convert (DTCG bounds neither Lab's a and b nor XYZ) still give a colour, at once",
        arguments: [
            CSSColor(colorSpace: .lab, components: [50, 1e308, 0]),
            CSSColor(colorSpace: .lch, components: [50, 1e308, 30]),
            CSSColor(colorSpace: .xyzD65, components: [1e308, -1e308, 1e308]),
            CSSColor(colorSpace: .xyzD50, components: [-1e300, 0, 0]),
            CSSColor(colorSpace: .oklch, components: [0.5, 1e300, 30]),
            CSSColor(colorSpace: .oklab, components: [0.5, -1e308, 1e308]),
        ])
    func overflow(color: CSSColor) {
        let rgb = Self.sRGBComponents(color)
        #expect(rgb.allSatisfy { (0...1).contains($0) }, "\(rgb)")
        #expect(color.hex.count == 7)
        let p3 = color.displayP3
        #expect([p3.red, p3.green, p3.blue].allSatisfy { (0...1).contains($0) })
        #expect(!color.isInSRGBGamut)
    }

    @Test("into Display P3: a display-p3 colour keeps its components; a wider one is mapped into P3")
    func displayP3() {
        let p3 = CSSColor(colorSpace: .displayP3, components: [0.2, 0.4, nil], alpha: 0.5)
        #expect(p3.displayP3 == (0.2, 0.4, 0, 0.5))
        let rec2020Green = CSSColor(colorSpace: .rec2020, components: [0, 1, 0])
        let mapped = rec2020Green.displayP3
        #expect(
            Self.close([mapped.red, mapped.green, mapped.blue], [0, 0.9740718107126572, 0.3744480224386018], 1e-6))
        let inside = CSSColor(colorSpace: .oklch, components: [0.7, 0.2, 150])
        let exact = inside.displayP3
        #expect(
            Self.close(
                [exact.red, exact.green, exact.blue], [0.3178130546451251, 0.7366958770696671, 0.37914059467003175]))
    }
}
