import DesignTokens
import Testing

@Suite("group $extensions")
struct GroupExtensionsTests {
    @Test("a group's $extensions come from the last file that writes them, with where they are written")
    func lastFileWins() throws {
        let base = source(##"{"$extensions": {"org.example": {"a": 1}}, "color": {"$type": "color", "x": {"$value": "#000000"}}}"##, name: "base.json")
        let theme = source("{\n  \"$extensions\": {\"org.example\": {\"a\": 2}},\n  \"color\": {\"x\": {\"$value\": \"#ffffff\"}}\n}", name: "theme.json")
        let resolved = try ResolvedTheme.resolve([base, theme])
        let root = try #require(resolved.groupExtensions(""))
        #expect(root.value["org.example"]?["a"] == .number(2))
        #expect(root.location == SourceLocation(file: "theme.json", line: 2, column: 18))
        #expect(try ResolvedTheme.resolve([base]).groupExtensions("")?.value["org.example"]?["a"] == .number(1))
    }

    @Test("nested groups by path; none where no file writes them")
    func nested() throws {
        let resolved = try ResolvedTheme.resolve([
            source(##"{"color": {"$type": "color", "$extensions": {"org.example": true}, "x": {"$value": "#000000"}}}"##),
        ])
        #expect(resolved.groupExtensions("color")?.value["org.example"] == .bool(true))
        #expect(resolved.groupExtensions("") == nil)
        #expect(resolved.groupExtensions("color.x") == nil)  // a token, not a group
    }
}
