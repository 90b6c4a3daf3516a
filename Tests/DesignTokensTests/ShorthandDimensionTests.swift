import Testing

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

/// Several lengths in one dimension token, as Tokens Studio writes spacing and padding.
@Suite("shorthand dimensions")
struct ShorthandDimensionTests {
    @Test(
        "shorthand reads as a list of dimensions, written back as shorthand in flat form",
        arguments: [
            (#"{"p": {"value": "8px 64px", "type": "spacing"}}"#, #""8px 64px""#),
            (#"{"p": {"value": "8 16 8 16", "type": "spacing"}}"#, #""8px 16px 8px 16px""#),
            (
                #"{"s": {"value": "4", "type": "spacing"}, "x": {"value": "16", "type": "spacing"}, "p": {"value": "{s} {x}", "type": "spacing"}}"#,
                #""4px 16px""#
            ),
            (#"{"s": {"value": "4", "type": "spacing"}, "p": {"value": "0 -{s}", "type": "spacing"}}"#, #""0px -4px""#),
        ])
    func reads(json: String, flat: String) throws {
        let theme = try ResolvedTheme.resolve([source(json)])
        let value = try #require(theme.value("p"))
        guard case .dimensions = value else {
            Issue.record("\(value) is not a list of dimensions")
            return
        }
        #expect(theme["p"]?.type == .dimension)
        #expect(compact(value) == flat)
    }

    @Test("the tree writes a list of {value, unit}, which reads back as the same value")
    func roundTrip() throws {
        let theme = try ResolvedTheme.resolve([source(#"{"p": {"$type": "dimension", "$value": "8px 1.5rem"}}"#)])
        let tree = theme.treeJSON()
        let again = try ResolvedTheme.resolve([TokenSource(name: "tree.json", bytes: tree)])
        #expect(again.value("p") == theme.value("p"))
        #expect(
            theme.value("p")?.json
                == .array([
                    .object([.init("value", .number(8)), .init("unit", .string("px"))]),
                    .object([.init("value", .number(1.5)), .init("unit", .string("rem"))]),
                ]))
    }

    @Test("arithmetic is not shorthand, and words that are not lengths stay an error")
    func notShorthand() throws {
        let theme = try ResolvedTheme.resolve([
            source(#"{"s": {"value": "4", "type": "spacing"}, "p": {"value": "{s} * 2", "type": "spacing"}}"#)
        ])
        #expect(compact(theme.value("p")) == #""8px""#)
        let diagnostics = resolveFailure(#"{"p": {"$type": "dimension", "$value": "8px auto"}}"#)
        #expect(diagnostics.map(\.rule) == [.invalidValue])
        let times = resolveFailure(
            #"{"p": {"value": "8 16", "type": "spacing"}, "q": {"value": "{p} * 2", "type": "spacing"}}"#)
        #expect(times.contains { $0.message.contains("{p} is several lengths (8px 16px), not one") })
    }
}
