import DesignTokens
import Testing

@Suite("group $extensions")
struct GroupExtensionsTests {
    @Test("a group's $extensions come from the last file that writes them, with where they are written")
    func lastFileWins() throws {
        let base = source(
            ##"{"$extensions": {"org.example": {"a": 1}}, "color": {"$type": "color", "x": {"$value": "#000000"}}}"##,
            name: "base.json")
        let theme = source(
            "{\n  \"$extensions\": {\"org.example\": {\"a\": 2}},\n  \"color\": {\"x\": {\"$value\": \"#ffffff\"}}\n}",
            name: "theme.json")
        let resolved = try ResolvedTheme.resolve([base, theme])
        let root = try #require(resolved.groupExtensions(""))
        #expect(root.value["org.example"]?["a"] == .number(2))
        #expect(root.location == SourceLocation(file: "theme.json", line: 2, column: 18))
        #expect(try ResolvedTheme.resolve([base]).groupExtensions("")?.value["org.example"]?["a"] == .number(1))
    }

    @Test("by file: every file's $extensions on a group, top-most first, each where it is written")
    func byFile() throws {
        let base = source(
            ##"{"$extensions": {"org.example": {"a": 1}}, "color": {"$type": "color", "x": {"$value": "#000000"}}}"##,
            name: "base.json")
        let middle = source(##"{"color": {"x": {"$value": "#111111"}}}"##, name: "middle.json")
        let top = source(##"{"$extensions": {"org.other": true}}"##, name: "top.json")
        let byFile = try ResolvedTheme.resolve([base, middle, top]).groupExtensionsByFile("")
        #expect(byFile.map(\.location.file) == ["top.json", "base.json"])
        #expect(byFile.first?.value["org.other"] == .bool(true))
        #expect(byFile.last?.value["org.example"]?["a"] == .number(1))
        #expect(byFile.first?.location == SourceLocation(file: "top.json", line: 1, column: 17))
        #expect(try ResolvedTheme.resolve([base, middle, top]).groupExtensionsByFile("color").isEmpty)
    }

    @Test("nested groups by path; none where no file writes them")
    func nested() throws {
        let resolved = try ResolvedTheme.resolve([
            source(
                ##"{"color": {"$type": "color", "$extensions": {"org.example": true}, "x": {"$value": "#000000"}}}"##)
        ])
        #expect(resolved.groupExtensions("color")?.value["org.example"] == .bool(true))
        #expect(resolved.groupExtensions("") == nil)
        #expect(resolved.groupExtensions("color.x") == nil)  // a token, not a group
    }
}
