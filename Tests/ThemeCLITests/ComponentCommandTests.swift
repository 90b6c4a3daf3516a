import Foundation
import Testing
import ThemeEngineTestSupport
import Theming

@testable import ThemeCLI

@Suite("theme resolve --component")
struct ComponentCommandTests {
    @Test(
        "each component under each bundled theme, as JSON and as text (golden files)",
        arguments: [
            ("TextInput", nil, "json"), ("TextInput", "dark", "json"), ("TextInput", "high-contrast", "text"),
            ("AddressForm", nil, "json"), ("AddressForm", "dark", "text"),
        ] as [(String, String?, String)])
    func goldens(component: String, themeName: String?, format: String) throws {
        var arguments = ["resolve", "--component", component, "--format", format]
        if let themeName { arguments += ["--theme", "Themes/\(themeName).json"] }
        let result = ThemeTool.run(arguments)
        #expect(result.exitCode == .success)
        #expect(result.errors == "")
        try expectSnapshot(
            result.output,
            named: "component-\(component)-\(themeName ?? "default").\(format == "text" ? "txt" : "json")")
    }

    @Test(
        "every component of the bundled schema under the defaults, the dark and the high-contrast theme (golden files)",
        arguments: [nil, "dark", "high-contrast"])
    func everyComponent(themeName: String?) throws {
        var output = ""
        for component in ComponentSchema.bundled.names {
            var arguments = ["resolve", "--component", component, "--format", "text", "--explain"]
            if let themeName { arguments += ["--theme", "Themes/\(themeName).json"] }
            let result = ThemeTool.run(arguments)
            #expect(result.exitCode == .success, "\(component): \(result.errors)")
            #expect(result.errors == "")
            output += result.output + "\n"
        }
        try expectSnapshot(output, named: "components-\(themeName ?? "default").txt")
    }

    @Test("--list-components: each component with its parts, states and how far the tokens style it (golden files)")
    func listComponents() throws {
        let bundled = theme("resolve", "--list-components", "--format", "text")
        #expect(bundled.exitCode == .success)
        try expectSnapshot(bundled.output, named: "list-components.txt")
        // A design language of its own styles none of them, which is not an error.
        let acme = theme("resolve", "--list-components", "--tokens", "Tests/ThemingTests/Fixtures/schema/acme.json")
        #expect(acme.exitCode == .success)
        #expect(acme.errors == "")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(acme.output.utf8)) as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ComponentSchema.bundled.names)
        #expect(list.allSatisfy { $0["complete"] as? Bool == false && $0["styled"] as? Int == 0 })
        #expect(
            list.first?["states"] as? [String] == ["normal", "focused", "editing", "error", "disabled", "readOnly"])
    }

    @Test("--explain names the token and alias chain of each property (golden files)", arguments: ["json", "text"])
    func explain(format: String) throws {
        let result = theme(
            "resolve", "--component", "TextInput", "--theme", "Themes/dark.json", "--explain", "--format", format)
        #expect(result.exitCode == .success)
        try expectSnapshot(
            result.output, named: "component-TextInput-dark-explain.\(format == "text" ? "txt" : "json")")
    }

    @Test("the JSON is keyed by state, with every property: colours as hex, dimensions as points")
    func jsonShape() throws {
        let result = theme("resolve", "--component", "TextInput")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [String: Any]])
        #expect(Set(object.keys) == ["normal", "focused", "editing", "error", "disabled", "readOnly"])
        let focused = try #require(object["focused"])
        #expect(focused["border"] as? String == "#0055ff")
        #expect(focused["borderWidth"] as? Double == 2)
        #expect(focused["height"] as? Double == 44)
        #expect((focused["errorIcon"] as? [String: String])?["asset"] == "exclamationmark.circle")
        #expect((focused["textTypography"] as? [String: Any])?["fontSize"] as? Double == 16)
        #expect(focused.count == 19)
    }

    @Test("an oklch brand colour draws as its sRGB: exactly inside the gamut, gamut-mapped (and said so) outside it")
    func oklchBrand() throws {
        let path = "Tests/ThemeCLITests/Fixtures/oklch-brand.json"
        let result = theme("resolve", "--component", "TextInput", "--theme", path)
        #expect(result.exitCode == .success)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [String: Any]])
        #expect(object["focused"]?["border"] as? String == "#2271ff")
        #expect(object["editing"]?["border"] as? String == "#2271ff")
        #expect(
            result.errors == """
                \(path):4:38: info: [gamut-mapped] theme.color.border.brand is oklch(0.6 0.3 262), outside the sRGB gamut; as sRGB it is gamut-mapped to #2271ff
                      "border": {"brand": {"$value": {"colorSpace": "oklch", "components": [0.6, 0.3, 262]}}},
                                                     ^

                """)
        // The background is inside sRGB: converted exactly, nothing to say. JSON output keeps both as written.
        let flat = theme("resolve", "--theme", path, "--format", "flat").output
        #expect(flat.contains(##""theme.color.background.brand": "#1957d2","##))
        let tree = try #require(
            try JSONSerialization.jsonObject(with: Data(theme("resolve", "--theme", path).output.utf8))
                as? [String: Any])
        let brand =
            ((((tree["theme"] as? [String: Any])?["color"] as? [String: Any])?["background"] as? [String: Any])?[
                "brand"] as? [String: Any])
        let value = try #require(brand?["$value"] as? [String: Any])
        #expect(value["colorSpace"] as? String == "oklch")
        #expect(value["components"] as? [Double] == [0.5, 0.2, 262])
        #expect(value["hex"] == nil)
    }

    @Test("a theme that breaks a component's tokens: errors located, stdout empty, exit 2")
    func brokenTheme() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/broken.json"
        try #"{"theme": {"image": {"text-input": {"error-icon": {"$type": "string", "$value": "oops"}}}}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = theme("resolve", "--component", "TextInput", "--theme", path)
        #expect(result.exitCode == .failure)
        #expect(result.output == "")
        // After the warnings of the tokens that refer to the broken one, the errors of TextInput alone.
        #expect(
            result.errors.contains(
                "\n\(path):1:81: error: [missing-style-token] TextInput.normal.errorIcon needs an image in 'theme.image.text-input.error-icon', found a string\n"
            ))
        #expect(result.errors.hasSuffix("theme: 6 errors; nothing was written\n"))
    }
}
