import DesignTokens
import Testing

/// The library example in README.md, kept compiling and true.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("the dark theme's focused border, radius and alias chain are what the README says")
    func readmeExample() throws {
        var root = #filePath
        for _ in 0..<3 { root = String(root[..<root.lastIndex(of: "/")!]) }
        let dark = try TokenSource(contentsOfFile: root + "/Themes/dark.json")
        let theme = try ResolvedTheme.resolve([.defaultTokens, dark])
        let border = try #require(theme.color("theme.color.text-input.focused.border"))
        #expect(border.hex == "#6b9dff")
        #expect(theme.dimension("theme.radius.input.default")?.description == "8px")
        #expect(
            theme["theme.color.input.focused.border"]?.aliasChain == ["theme.color.border.brand", "palette.blue.400"])
        #expect(theme.diagnostics.isEmpty)
    }
}
