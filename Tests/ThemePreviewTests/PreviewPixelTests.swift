import DesignTokens
import Foundation
import Testing
import ThemeEngineTestSupport
import Theming

@testable import ThemePreview

/// The preview looked at as a person would: rendered by a real browser, its pixels compared with the resolved tokens.
@Suite("theme preview in a browser")
struct PreviewPixelTests {
    /// What is looked at, and the token whose colour it must have.
    static let points: [(landmark: String, token: String, isText: Bool)] = [
        ("TextInput.focused.border", "theme.color.text-input.focused.border", false),
        ("TextInput.error.errorLabel", "theme.color.text-input.error.error-label", true),
        ("Toggle.on.track", "theme.color.toggle.on.track", false),
        ("Toggle.off.track", "theme.color.toggle.off.track", false),
        ("Button.primary.normal.background", "theme.color.button.primary.default.background", false),
    ]

    /// Fails rather than skips when `THEME_REQUIRE_BROWSER=1` (as `.ci/run` sets), so CI cannot pass without looking.
    static var canRun: Bool {
        HeadlessBrowser.executable != nil || ProcessInfo.processInfo.environment["THEME_REQUIRE_BROWSER"] == "1"
    }

    @Test(
        "The default and dark themes' focused border, error label, toggle tracks and primary button are their tokens' colours",
        .enabled(if: canRun, Comment(rawValue: HeadlessBrowser.missing)))
    func pixels() throws {
        let light = try Theme.load()
        let dark = try Theme.load(themes: [.dark])
        var preview = ThemePreview(
            [.init(name: "default", theme: light), .init(name: "dark", theme: dark)],
            components: ["TextInput", "Toggle", "Button"])
        preview.showsSwatches = false
        let folder = try temporaryDirectory("preview")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = URL(fileURLWithPath: folder + "/preview.html")
        try preview.html().write(to: page, atomically: true, encoding: .utf8)
        let scene = preview.scene()
        let image = try HeadlessBrowser.screenshot(
            of: page, width: Int(scene.width.rounded(.up)), height: Int(scene.height.rounded(.up)))
        let landmarks = scene.landmarks
        for (column, theme) in [("default", light), ("dark", dark)] {
            for point in Self.points {
                let area = try #require(
                    landmarks["\(column)/\(point.landmark)"], "no landmark \(column)/\(point.landmark)")
                let expected = try #require(theme.tokens.color(point.token)).srgb
                let target = (
                    Int((expected.red * 255).rounded()), Int((expected.green * 255).rounded()),
                    Int((expected.blue * 255).rounded())
                )
                var nearest = Int.max
                var farthest = 0
                for y in Int(area.y.rounded(.up))..<Int((area.y + area.height).rounded(.down)) {
                    for x in Int(area.x.rounded(.up))..<Int((area.x + area.width).rounded(.down)) {
                        let pixel = image[x, y]
                        let distance =
                            abs(pixel.red - target.0) + abs(pixel.green - target.1) + abs(pixel.blue - target.2)
                        nearest = min(nearest, distance)
                        farthest = max(farthest, distance)
                    }
                }
                if point.isText {
                    // Text is antialiased: its stems hold the colour, the rest blends into the background.
                    #expect(
                        nearest <= 30,
                        "\(column) \(point.landmark): no pixel near \(theme.tokens.color(point.token)!.hex) (nearest off by \(nearest))"
                    )
                } else {
                    #expect(
                        farthest <= 6,
                        "\(column) \(point.landmark): a pixel off \(theme.tokens.color(point.token)!.hex) by \(farthest)"
                    )
                }
            }
        }
        // The two themes do differ where the test looks.
        #expect(
            light.tokens.color("theme.color.text-input.focused.border")
                != dark.tokens.color("theme.color.text-input.focused.border"))
    }
}
