import Testing
import ThemeEngineTestSupport
import TokenSetGenerator

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Output: tree and flat JSON")
struct OutputTests {
    private func expected(_ name: String) throws -> String {
        text(try fixture("output/" + name).bytes)
    }

    private func resolvedFixture() throws -> ResolvedTheme {
        try ResolvedTheme.resolve([try fixture("output/tokens.json")])
    }

    // MARK: Golden output

    @Test("flatJSON: keys sorted bytewise, colours #rrggbb (#rrggbbaa below full opacity) from any space, 16px, 120ms")
    func flatOutput() throws {
        #expect(text(try resolvedFixture().flatJSON()) == (try expected("expected-flat.json")))
    }

    @Test(
        "treeJSON: groups as written, $type and canonical $value on every token, descriptions, deprecation and extensions kept"
    )
    func treeOutput() throws {
        #expect(text(try resolvedFixture().treeJSON()) == (try expected("expected-tree.json")))
    }

    // MARK: Properties of the output

    @Test(
        "the tree reads back as the same theme",
        arguments: [["output/tokens.json"], ["loading/good.json"], ["layering/extends.json"]])
    func treeRoundTrip(fixtures: [String]) throws {
        let theme = try ResolvedTheme.resolve(try fixtures.map(fixture))
        let again = try ResolvedTheme.resolve([TokenSource(name: "tree.json", bytes: theme.treeJSON())])
        expectSameTokens(again, theme)
        #expect(again.treeJSON() == theme.treeJSON())
    }

    @Test(
        "the tree of the default tokens with each theme reads back as the same theme",
        arguments: [[], ["Themes/dark.json"], ["Themes/high-contrast.json"]])
    func defaultTreeRoundTrip(themes: [String]) throws {
        let theme = try ResolvedTheme.resolve([.defaultTokens] + (try themes.map(repositoryFile)))
        let again = try ResolvedTheme.resolve([TokenSource(name: "tree.json", bytes: theme.treeJSON())])
        expectSameTokens(again, theme)
    }

    private func expectSameTokens(
        _ actual: ResolvedTheme, _ expected: ResolvedTheme, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(actual.diagnostics.isEmpty, sourceLocation: sourceLocation)
        // Tokens copied by $extends come after the base file's in `paths`, but sit in their group in the tree.
        #expect(Set(actual.paths) == Set(expected.paths), sourceLocation: sourceLocation)
        for token in expected.tokens {
            guard let other = actual[token.path] else {
                Issue.record("\(token.path) is missing", sourceLocation: sourceLocation)
                continue
            }
            #expect(other.type == token.type, "\(token.path)", sourceLocation: sourceLocation)
            // Compared in canonical form: an sRGB colour's derived hex reads back as a hex fallback.
            #expect(other.value.json == token.value.json, "\(token.path)", sourceLocation: sourceLocation)
            #expect(other.description == token.description, "\(token.path)", sourceLocation: sourceLocation)
            #expect(other.deprecation == token.deprecation, "\(token.path)", sourceLocation: sourceLocation)
            #expect(other.extensions == token.extensions, "\(token.path)", sourceLocation: sourceLocation)
        }
    }

    @Test("the tree keeps an explicit \"$deprecated\": false, which stops a deprecated group's cascade")
    func treeKeepsDeprecatedFalse() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"{"old": {"$type": "number", "$deprecated": true, "a": {"$value": 1}, "b": {"$value": 2, "$deprecated": false}}}"#
            )
        ])
        let tree = text(theme.treeJSON())
        #expect(tree.contains(#""$deprecated": false"#))
        let again = try ResolvedTheme.resolve([TokenSource(name: "tree.json", bytes: theme.treeJSON())])
        #expect(again["old.a"]?.deprecation == .deprecated(reason: nil))
        #expect(again["old.b"]?.deprecation == .notDeprecated)
    }

    @Test("flat output of the default tokens: every token once, keys in bytewise order")
    func flatDefaults() throws {
        let theme = try ResolvedTheme.resolve([.defaultTokens])
        let document = try JSONReader.parse(theme.flatJSON())
        let keys = document.members(of: document.root).map { document.string($0.key) }
        #expect(keys.count == theme.count)
        #expect(keys == theme.paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(document.duplicateKeys.isEmpty)
        #expect(
            document.member("theme.color.input.focused.border", of: document.root).map(document.string) == "#0055ff")
        #expect(document.member("theme.radius.input.default", of: document.root).map(document.string) == "8px")
        #expect(document.member("motion.duration.fast", of: document.root).map(document.string) == "120ms")
    }

    @Test("an empty theme writes an empty object")
    func emptyOutput() throws {
        let theme = try ResolvedTheme.resolve([source("{}")])
        #expect(text(theme.flatJSON()) == "{}\n")
        #expect(text(theme.treeJSON()) == "{}\n")
    }

    @Test("the tree lists a group's members in the order their first tokens were written, across files")
    func treeOrder() throws {
        // `g` is written first, by a file that gives it only a description; its first token comes after `h`'s.
        let base = source(
            #"{"g": {"$description": "later"}, "a": {"$type": "number", "$value": 1}}"#, name: "base.json")
        let theme = source(
            #"{"h": {"t": {"$type": "number", "$value": 2}}, "g": {"u": {"$type": "number", "$value": 3}}, "a": {"$value": 4}}"#,
            name: "theme.json")
        let tree = text(try ResolvedTheme.resolve([base, theme]).treeJSON())
        let order = ["\"a\"", "\"h\"", "\"g\""].map { tree.range(of: $0)!.lowerBound }
        #expect(order == order.sorted(), "\(tree)")
    }

    @Test("a value shared by aliases shallower and deeper than it is laid out as if written at each place")
    func sharedValuesAtOtherDepths() throws {
        let shadow =
            ##"{"$type": "shadow", "$value": [{"color": "#ff000080", "offsetX": "1px", "offsetY": "2px", "blur": "3px", "spread": "0px"}, {"color": {"colorSpace": "display-p3", "components": [0.1, 0.2, 0.3]}, "offsetX": "4px", "offsetY": "5px", "blur": "6px", "spread": "1px", "inset": true}]}"##
        let typography =
            ##"{"$type": "typography", "$value": {"fontFamily": ["Inter", "sans-serif"], "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}}"##
        // The sources stand two levels down; each is shared at the top level, beside them, and three levels down.
        func document(shadowAt place: (String) -> String, typographyAt other: (String) -> String) -> TokenSource {
            source(
                #"""
                {"top": \#(place("{m.n.shadow}")), "m": {"n": {"shadow": \#(shadow), "type": \#(typography), "beside": \#(other("{m.n.type}")),
                 "deep": {"er": {"still": \#(place("{m.n.shadow}")), "type": \#(other("{m.n.type}"))}}}}, "last": \#(other("{m.n.type}"))}
                """#)
        }
        let aliases = try ResolvedTheme.resolve([
            document(shadowAt: { #"{"$value": "\#($0)"}"# }, typographyAt: { #"{"$value": "\#($0)"}"# })
        ])
        let copies = try ResolvedTheme.resolve([document(shadowAt: { _ in shadow }, typographyAt: { _ in typography })])
        #expect(aliases.diagnostics.isEmpty && copies.diagnostics.isEmpty)
        #expect(text(aliases.treeJSON()) == text(copies.treeJSON()))
        #expect(aliases.flatJSON() == copies.flatJSON())
    }

    // MARK: Written in pieces

    /// Themes whose outputs hold what a piece may be cut near: scalar arrays joined onto one line, composites, values
    /// shared by aliases at other depths, descriptions and extensions.
    private func themesForPieces() throws -> [ResolvedTheme] {
        let set = TokenSet(count: 2_000)
        return [
            try resolvedFixture(),
            try ResolvedTheme.resolve([try fixture("layering/extends.json")]),
            try ResolvedTheme.resolve([
                TokenSource(name: "tokens.json", bytes: set.baseJSON),
                TokenSource(name: "theme.json", bytes: set.themeJSON),
            ]),
        ]
    }

    /// ``ResolvedTheme/writeTreeJSON(to:keepingAliases:pieceSize:)`` in the shape of ``ResolvedTheme/writeFlatJSON(to:pieceSize:)``.
    private func writeTree(keepingAliases: Bool) -> (ResolvedTheme) -> (inout OutputSink, Int) throws(FileSystem
        .Failure) -> Void
    {
        { theme in
            { (sink, pieceSize) throws(FileSystem.Failure) in
                try theme.writeTreeJSON(to: &sink, keepingAliases: keepingAliases, pieceSize: pieceSize)
            }
        }
    }

    @Test("the outputs handed on a member at a time are the outputs written whole")
    func outputsInPieces() throws {
        for theme in try themesForPieces() {
            for (write, whole) in [
                (writeTree(keepingAliases: false), theme.treeJSON()),
                (writeTree(keepingAliases: true), theme.treeJSON(keepingAliases: true)),
                (ResolvedTheme.writeFlatJSON, theme.flatJSON()),
            ] {
                var onePiece = OutputSink.memory
                try write(theme)(&onePiece, .max)
                var smallPieces = OutputSink.memory
                try write(theme)(&smallPieces, 1)
                #expect(onePiece.bytes == whole)
                #expect(text(smallPieces.bytes) == text(whole))
            }
        }
        // Checked against the generator's own resolution, too.
        var flat = OutputSink.memory
        try themesForPieces().last!.writeFlatJSON(to: &flat, pieceSize: 1)
        #expect(flat.bytes == TokenSet(count: 2_000).expectedFlatJSON())
    }

    @Test("the outputs written into a file are the outputs in memory")
    func outputsIntoAFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let theme = try themesForPieces().last!
        for (name, write, whole) in [
            ("tree.json", writeTree(keepingAliases: false), theme.treeJSON()),
            ("flat.json", ResolvedTheme.writeFlatJSON, theme.flatJSON()),
        ] {
            let path = directory.path + "/" + name
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            var sink = OutputSink(writingTo: descriptor)
            try write(theme)(&sink, OutputSink.pieceSize)
            #expect(whole.count > 2 * OutputSink.pieceSize)
            #expect(try FileSystem.read(path) == whole)
        }
    }

    // MARK: JSON writer

    @Test(
        "numbers are written in the shortest form that reads back exactly, integers without .0",
        arguments: [
            (16.0, "16"), (0.5, "0.5"), (-0.0, "0"), (-3.0, "-3"), (0.3333333333333333, "0.3333333333333333"),
            (0.1, "0.1"),
            (123456789.0, "123456789"), (1.5e300, "1.5e+300"),
        ] as [(Double, String)])
    func numberFormat(value: Double, expected: String) {
        #expect(JSONWriter.format(value) == expected)
    }

    @Test(
        "every number written reads back as the same double",
        arguments: [
            1e-7, Double.leastNonzeroMagnitude, 1e15, 1e21, 0.1 + 0.2, 1.7976931348623157e308, -2.5e-10,
            9_007_199_254_740_992,
        ])
    func numberRoundTrip(value: Double) throws {
        let text = JSONWriter.format(value)
        let document = try JSONReader.parse(Array(text.utf8))
        #expect(document.number(document.root) == value, "\(text)")
    }

    @Test("strings are escaped as RFC 8259 requires, and no more")
    func stringEscapes() {
        var writer = JSONWriter.compact()
        writer.value(
            .object([.init("k\"ey", .array([.string("a\"b\\c\n\r\t\u{01}\u{1F}/é😀"), .number(1), .bool(true), .null]))])
        )
        #expect(text(writer.bytes) == #"{"k\"ey": ["a\"b\\c\n\r\t\u0001\u001f/é😀", 1, true, null]}"#)
    }

    @Test("pretty output indents by two spaces and ends with a newline; empty containers stay on one line")
    func prettyLayout() {
        var writer = JSONWriter()
        writer.value(.object([.init("a", .array([.number(1), .object([])])), .init("b", .array([]))]))
        #expect(text(writer.finish()) == "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": []\n}\n")
    }

    @Test("the path sort orders bytewise, with and without its comparison-sort fallback", arguments: [nil, 0, 1, 3])
    func pathSort(levels: Int?) {
        var state: UInt64 = 42  // a fixed linear congruential sequence, so every run sorts the same paths
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % 5_000
        }
        let prefixes = ["brand-1.dark.comfortable.color.", "brand-1.dark.", "a", "", "brand-10.light.compact.size."]
        var paths = (0..<3_000).map { index in prefixes[index % prefixes.count] + String(next(), radix: 36) }
        paths += ["brand-1.dark.", "brand-1.dark", "b", "ä", "a.b"]
        var arena: [UInt8] = []
        var starts: [Int] = []
        for path in paths {
            starts.append(arena.count)
            arena += Array(path.utf8)
        }
        starts.append(arena.count)
        var ids = (0..<Int32(paths.count)).reversed().map { $0 }
        arena.withUnsafeBufferPointer { PathSort.sort(&ids, arena: $0, starts: starts, levels: levels) }
        #expect(ids.map { paths[Int($0)] } == paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
