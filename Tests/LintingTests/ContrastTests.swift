import DesignTokens
import Testing
import ThemeEngineTestSupport
import Theming

@testable import Linting

@Suite("WCAG contrast")
struct ContrastTests {
    static func color(_ hex: String) -> ThemeColor { ThemeColor(TokenValue.Color(hex: hex)!) }

    @Test(
        "known ratios, and whether they pass AA and AAA for text and non-text",
        arguments: [
            // foreground, background, ratio as shown, AA text, AA non-text, AAA text
            ("#777777", "#ffffff", "4.48", false, true, false),  // the classic near miss
            ("#767676", "#ffffff", "4.54", true, true, false),  // the lightest grey that passes AA on white
            ("#595959", "#ffffff", "7.00", true, true, true),  // 7.0047: just passes AAA
            ("#5a5a5a", "#ffffff", "6.90", true, true, false),
            ("#949494", "#ffffff", "3.03", false, true, false),  // enough for a border, not for text
            ("#959595", "#ffffff", "2.99", false, false, false),  // 2.9953: a hair below 3
            ("#000000", "#ffffff", "21.00", true, true, true),
            ("#ffffff", "#ffffff", "1.00", false, false, false),
            ("#0055ff", "#ffffff", "5.61", true, true, false),  // palette.blue.600 on white
            ("#8f9194", "#0d0e11", "6.11", true, true, false),  // the dark theme's placeholder on its surface
        ] as [(String, String, String, Bool, Bool, Bool)])
    func ratios(foreground: String, background: String, shown: String, aaText: Bool, aaNonText: Bool, aaaText: Bool) {
        let ratio = Contrast.ratio(Self.color(foreground), on: Self.color(background))
        // As a non-text finding shows it: 2.9953 against 3:1 reads 2.99, never 3.00.
        #expect(Contrast.format(ratio, below: ContrastLevel.aa.minimum(for: .nonText)) == shown)
        #expect((ratio >= ContrastLevel.aa.minimum(for: .text)) == aaText)
        #expect((ratio >= ContrastLevel.aa.minimum(for: .nonText)) == aaNonText)
        #expect((ratio >= ContrastLevel.aaa.minimum(for: .text)) == aaaText)
    }

    @Test("the ratio does not depend on which colour is on top, for opaque colours")
    func symmetric() {
        for (a, b) in [("#777777", "#ffffff"), ("#0055ff", "#f6f8fc"), ("#830009", "#000000")] {
            #expect(
                Contrast.ratio(Self.color(a), on: Self.color(b)) == Contrast.ratio(Self.color(b), on: Self.color(a)))
        }
    }

    @Test("relative luminance runs from 0 for black to 1 for white, green weighing most")
    func luminance() {
        #expect(Contrast.relativeLuminance(Self.color("#000000")) == 0)
        #expect(abs(Contrast.relativeLuminance(Self.color("#ffffff")) - 1) < 1e-12)
        let (red, green, blue) = (Self.color("#ff0000"), Self.color("#00ff00"), Self.color("#0000ff"))
        #expect(Contrast.relativeLuminance(green) > Contrast.relativeLuminance(red))
        #expect(Contrast.relativeLuminance(red) > Contrast.relativeLuminance(blue))
    }

    @Test("a translucent colour is composited over what is behind it before the ratio is taken")
    func translucent() {
        let halfBlack = Self.color("#00000080")
        let drawn = Contrast.composite(halfBlack, over: Self.color("#ffffff"))
        #expect(drawn.hex == "#7f7f7f")
        #expect(
            Contrast.ratio(halfBlack, on: Self.color("#ffffff")) == Contrast.ratio(drawn, on: Self.color("#ffffff")))
        // The same ink is fainter on a dark surface than on a light one.
        #expect(
            Contrast.ratio(Self.color("#ffffff80"), on: Self.color("#000000"))
                < Contrast.ratio(Self.color("#ffffff"), on: Self.color("#000000")))
        // A translucent background is composited over white.
        #expect(Contrast.ratio(Self.color("#000000"), on: Self.color("#ffffff00")) == 21)
    }

    @Test("compositing over a translucent colour keeps the result's alpha")
    func compositeAlpha() {
        let result = Contrast.composite(Self.color("#ff000080"), over: Self.color("#0000ff80"))
        #expect(abs(result.alpha - (128.0 / 255 + 128.0 / 255 * (1 - 128.0 / 255))) < 1e-12)
        #expect(result.red > result.blue)  // the top colour weighs more
    }

    @Test("a ratio just below the minimum is never shown as the minimum")
    func formatting() {
        #expect(Contrast.format(4.4999, below: 4.5) == "4.49")
        #expect(Contrast.format(4.4999) == "4.50")
        #expect(Contrast.format(4.478, below: 4.5) == "4.48")
        #expect(Contrast.format(6.999, below: 7) == "6.99")
        #expect(Contrast.format(12.345) == "12.35")
        #expect(Contrast.format(1) == "1.00")
    }

    @Test("the minimum of each level and kind; AAA is stricter for every kind", arguments: ContrastKind.allCases)
    func minimums(kind: ContrastKind) {
        let expected: [ContrastKind: (Double, Double)] = [.text: (4.5, 7), .largeText: (3, 4.5), .nonText: (3, 4.5)]
        #expect(ContrastLevel.aa.minimum(for: kind) == expected[kind]!.0)
        #expect(ContrastLevel.aaa.minimum(for: kind) == expected[kind]!.1)
        #expect(ContrastLevel.aaa.minimum(for: kind) > ContrastLevel.aa.minimum(for: kind))
    }
}
