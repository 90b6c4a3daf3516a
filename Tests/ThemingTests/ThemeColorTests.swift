import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Theming

/// What renderers get from a colour token: the sRGB colour, and Display P3 where the token is wider than sRGB or
/// written in display-p3, which the UIKit and SwiftUI adapters draw in Display P3.
@Suite("Theme colours: sRGB and Display P3")
struct ThemeColorTests {
    static func components(_ p3: ThemeColor.DisplayP3?) -> [Double]? {
        p3.map { [$0.red, $0.green, $0.blue] }
    }

    static func close(_ actual: [Double]?, _ expected: [Double], _ tolerance: Double = 1e-6) -> Bool {
        guard let actual, actual.count == expected.count else { return false }
        return zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(
        "an sRGB colour, or any colour inside sRGB, is sRGB only",
        arguments: [
            TokenValue.Color(hex: "#0055ff")!,
            TokenValue.Color(colorSpace: .hsl, components: [120, 100, 25]),
            TokenValue.Color(colorSpace: .oklch, components: [0.7, 0.1, 200]),
        ])
    func sRGBOnly(color: TokenValue.Color) {
        let themeColor = ThemeColor(color)
        #expect(themeColor.displayP3 == nil)
        #expect(themeColor.hex == color.hex)
    }

    @Test("a display-p3 token keeps its own components for P3 displays, and its gamut-mapped sRGB for the rest")
    func displayP3Token() {
        let red = ThemeColor(TokenValue.Color(colorSpace: .displayP3, components: [1, 0, 0], alpha: 0.5))
        #expect(Self.components(red.displayP3) == [1, 0, 0])
        #expect(red.hex == "#ff0b0c80")
        #expect(red.alpha == 0.5)
        // Inside sRGB too: still drawn as written, in P3.
        let muted = ThemeColor(TokenValue.Color(colorSpace: .displayP3, components: [0.3, 0.6, 0.9]))
        #expect(Self.components(muted.displayP3) == [0.3, 0.6, 0.9])
        #expect(muted.hex == "#249bec")
    }

    @Test("another space outside sRGB is drawn in P3: converted exactly, or gamut-mapped into P3 when wider still")
    func wideTokens() {
        // oklch(0.7 0.2 150) is outside sRGB but inside Display P3.
        let green = ThemeColor(TokenValue.Color(colorSpace: .oklch, components: [0.7, 0.2, 150]))
        #expect(
            Self.close(
                Self.components(green.displayP3), [0.3178130546451251, 0.7366958770696671, 0.37914059467003175], 1e-9))
        #expect(green.hex == "#00bf54")
        // Rec. 2020 green is outside both.
        let wider = ThemeColor(TokenValue.Color(colorSpace: .rec2020, components: [0, 1, 0]))
        #expect(Self.close(Self.components(wider.displayP3), [0, 0.9740718107126572, 0.3744480224386018]))
        #expect(wider.hex == "#00f272")
    }

    @Test("component styles carry the P3 form of a theme's wide-gamut brand colour")
    func componentStyles() throws {
        let theme = try Theme.load(themes: [
            source(
                ##"""
                {"theme": {"color": {"border": {"brand": {"$value": {"colorSpace": "display-p3", "components": [0.2, 0.4, 1]}}}}}}
                """##)
        ])
        let border = try theme.textInput[.focused].border
        #expect(Self.components(border.displayP3) == [0.2, 0.4, 1])
        #expect(border == ThemeColor(TokenValue.Color(colorSpace: .displayP3, components: [0.2, 0.4, 1])))
        #expect(try theme.textInput[.normal].border.displayP3 == nil)
    }
}
