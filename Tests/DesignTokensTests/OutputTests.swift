import Testing
@testable import DesignTokens
import TokenSetGenerator

@Suite("Output: tree and flat JSON")
struct OutputTests {
    private func expected(_ name: String) throws -> String {
        text(try fixture("output/" + name).bytes)
    }

    private func resolvedFixture() throws -> ResolvedTheme {
        try ResolvedTheme.resolve([try fixture("output/tokens.json")])
    }

    // MARK: Golden output

    @Test("flatJSON: keys sorted bytewise, colours #rrggbb (#rrggbbaa below full opacity), 16px, 120ms, other spaces as objects")
    func flatOutput() throws {
        #expect(text(try resolvedFixture().flatJSON()) == (try expected("expected-flat.json")))
    }

    @Test("treeJSON: groups as written, $type and canonical $value on every token, descriptions, deprecation and extensions kept")
    func treeOutput() throws {
        #expect(text(try resolvedFixture().treeJSON()) == (try expected("expected-tree.json")))
    }

    // MARK: Properties of the output

    @Test("the tree reads back as the same theme", arguments: [["output/tokens.json"], ["loading/good.json"], ["layering/extends.json"]])
    func treeRoundTrip(fixtures: [String]) throws {
        let theme = try ResolvedTheme.resolve(try fixtures.map(fixture))
        let again = try ResolvedTheme.resolve([TokenSource(name: "tree.json", bytes: theme.treeJSON())])
        expectSameTokens(again, theme)
        #expect(again.treeJSON() == theme.treeJSON())
    }

    @Test("the tree of the default tokens with each theme reads back as the same theme", arguments: [[], ["Themes/dark.json"], ["Themes/high-contrast.json"]])
    func defaultTreeRoundTrip(themes: [String]) throws {
        let theme = try ResolvedTheme.resolve([.defaultTokens] + (try themes.map(repositoryFile)))
        let again = try ResolvedTheme.resolve([TokenSource(name: "tree.json", bytes: theme.treeJSON())])
        expectSameTokens(again, theme)
    }

    private func expectSameTokens(_ actual: ResolvedTheme, _ expected: ResolvedTheme, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
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
        let theme = try ResolvedTheme.resolve([source(#"{"old": {"$type": "number", "$deprecated": true, "a": {"$value": 1}, "b": {"$value": 2, "$deprecated": false}}}"#)])
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
        #expect(document.member("theme.color.input.focused.border", of: document.root).map(document.string) == "#0055ff")
        #expect(document.member("theme.radius.input.default", of: document.root).map(document.string) == "8px")
        #expect(document.member("motion.duration.fast", of: document.root).map(document.string) == "120ms")
    }

    @Test("an empty theme writes an empty object")
    func emptyOutput() throws {
        let theme = try ResolvedTheme.resolve([source("{}")])
        #expect(text(theme.flatJSON()) == "{}\n")
        #expect(text(theme.treeJSON()) == "{}\n")
    }

    // MARK: JSON writer

    @Test("numbers are written in the shortest form that reads back exactly, integers without .0", arguments: [
        (16.0, "16"), (0.5, "0.5"), (-0.0, "0"), (-3.0, "-3"), (0.3333333333333333, "0.3333333333333333"), (0.1, "0.1"),
        (123456789.0, "123456789"), (1.5e300, "1.5e+300"),
    ] as [(Double, String)])
    func numberFormat(value: Double, expected: String) {
        #expect(JSONWriter.format(value) == expected)
    }

    @Test("every number written reads back as the same double", arguments: [
        1e-7, Double.leastNonzeroMagnitude, 1e15, 1e21, 0.1 + 0.2, 1.7976931348623157e308, -2.5e-10, 9007199254740992,
    ])
    func numberRoundTrip(value: Double) throws {
        let text = JSONWriter.format(value)
        let document = try JSONReader.parse(Array(text.utf8))
        #expect(document.number(document.root) == value, "\(text)")
    }

    @Test("strings are escaped as RFC 8259 requires, and no more")
    func stringEscapes() {
        var writer = JSONWriter.compact()
        writer.value(.object([.init("k\"ey", .array([.string("a\"b\\c\n\r\t\u{01}\u{1F}/é😀"), .number(1), .bool(true), .null]))]))
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

/// ``FlatJSON/write(_:values:entries:pieceSize:to:finishing:)`` with sinks that take every piece and sinks that stop: what it hands on, in what
/// pieces, and what it hands on no more once a sink has answered false.
@Suite("Output: flat JSON written in pieces")
struct FlatJSONPiecesTests {
    /// The size of the pieces `write` gathers by default (``FlatJSON/pieceSize``).
    static let pieceSize = FlatJSON.pieceSize

    /// One flat output entry: a path and a value that is a number or a string needing no escape, so that the
    /// expected text can be spelled out here without the writer.
    struct Entry: Sendable {
        var key: String
        var value: TokenValue

        init(_ key: String, _ value: TokenValue) {
            self.key = key
            self.value = value
        }

        init(_ key: String, _ number: Double) { self.init(key, .number(number)) }
    }

    /// Chunks of `values` taken in turn from the front and the back, as two threads take them
    /// (``SecondThread/Ends``), each rendered by a renderer of its end: `fronts` of them from the front for each one
    /// from the back.
    static func renderedFromBothEnds(_ values: [TokenValue?], chunk: Int, fronts: Int) -> FlatJSON.RenderedValues {
        let ends = SecondThread.Ends(count: values.count, chunk: chunk)
        var ranges = [Range<Int>](repeating: 99..<100, count: values.count)
        var front = FlatJSON.RenderedValues.Renderer()
        var back = FlatJSON.RenderedValues.Renderer()
        ranges.withUnsafeMutableBufferPointer { ranges in
            var turn = 0
            while true {
                let fromFront = turn % (fronts + 1) < fronts
                turn += 1
                guard let taken = fromFront ? ends.takeFront() : ends.takeBack() else { break }
                if fromFront { front.render(values, taken, into: ranges) } else { back.render(values, taken, into: ranges) }
            }
        }
        return FlatJSON.RenderedValues(front: front.bytes, back: back.bytes, ranges: ranges, backStart: ends.meeting)
    }

    @Test(
        "values rendered in two parts, in chunks from both ends, write what the whole list rendered at once writes",
        arguments: [(1, 1), (2, 1), (3, 2), (1, 0), (4, 3), (100, 1)])
    func renderedValuesFromBothEnds(chunk: Int, fronts: Int) {
        let values: [TokenValue?] = [
            .number(1), .string("two"), nil, .color(.init(red: 1, green: 0.5, blue: 0)),
            .dimension(.init(4, .px)), .shadow([]), .number(0.25), .string("a \"quoted\" word"),
            .color(.init(colorSpace: .displayP3, components: [0.1, 0.2, 0.3], alpha: 0.5)), nil, .number(10),
        ]
        let parts = Self.renderedFromBothEnds(values, chunk: chunk, fronts: fronts)
        let whole = FlatJSON.RenderedValues(values)
        let keys = Self.keysNamingSetValues(values)
        #expect(FlatJSON.render(keys, values: parts) == FlatJSON.render(keys, values: whole))
        // And the lengths the output's halves are placed by.
        let count = keys.values.count
        #expect(FlatJSON.length(keys, values: parts, entries: 0..<4) == FlatJSON.length(keys, values: whole, entries: 0..<4))
        #expect(FlatJSON.length(keys, values: parts, entries: 4..<count) == FlatJSON.length(keys, values: whole, entries: 4..<count))
    }

    /// A key `key<i>` for every set value `i`, in an order of their own (backwards); nil values are named by no key.
    static func keysNamingSetValues(_ values: [TokenValue?]) -> FlatJSON.Keys {
        let named = values.indices.filter { values[$0] != nil }.reversed()
        var arena: [UInt8] = []
        var ranges: [(start: Int, count: Int)] = []
        for index in named {
            let name = Array("key\(index)".utf8)
            ranges.append((arena.count, name.count))
            arena += name
        }
        return FlatJSON.Keys(arena, ranges: ranges, values: named.map { Int32($0) })
    }

    /// Keys (in the order given) and values for ``FlatJSON/write(_:values:entries:pieceSize:to:finishing:)``.
    static func input(_ entries: [Entry]) -> (FlatJSON.Keys, FlatJSON.RenderedValues) {
        var arena: [UInt8] = []
        var ranges: [(start: Int, count: Int)] = []
        for entry in entries {
            ranges.append((arena.count, entry.key.utf8.count))
            arena += Array(entry.key.utf8)
        }
        var keys = FlatJSON.Keys(arena, capacity: entries.count)
        for (index, range) in ranges.enumerated() { keys.append(start: range.start, count: range.count, value: Int32(index)) }
        return (keys, FlatJSON.RenderedValues(entries.map(\.value)))
    }

    /// ``input(_:)`` with the keys in two parts (``FlatJSON/Keys/Parts``), as the fast path gives them: the bytes
    /// before a key's last dot and those after it (a key without a dot is the second part alone), apart in the
    /// arena, so that the dot between them is the writer's. Keys to escape cannot be given so.
    static func inputInParts(_ entries: [Entry]) -> (FlatJSON.Keys, FlatJSON.RenderedValues) {
        var arena: [UInt8] = []
        var parts: [FlatJSON.Keys.Parts] = []
        for entry in entries {
            let key = Array(entry.key.utf8)
            precondition(key.first != UInt8(ascii: ".") && !JSONWriter.needsEscape(key.withUnsafeBufferPointer { $0 }), "a key not to give in parts")
            let dot = key.lastIndex(of: UInt8(ascii: "."))
            let head = dot.map { Array(key[..<$0]) } ?? []
            let tail = dot.map { Array(key[($0 + 1)...]) } ?? key
            let headStart = arena.count
            arena += head + [UInt8(ascii: "#")]
            parts.append(.init(head: (Int32(headStart), Int32(head.count)), tail: (Int32(arena.count), Int32(tail.count))))
            arena += tail
        }
        return (FlatJSON.Keys(arena, parts: parts, values: entries.indices.map { Int32($0) }), FlatJSON.RenderedValues(entries.map(\.value)))
    }

    /// The flat output of `entries`, spelled out: `{`, then `\n  "key": value` for each entry (comma-separated),
    /// a line break if there was one, `}` and a line break.
    static func expectedText(_ entries: [Entry]) -> [UInt8] {
        var text = "{"
        for (index, entry) in entries.enumerated() {
            var key = entry.key
            if key.contains(where: { $0 == "\\" || $0 == "\"" }) { key = key.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") }
            let value: String
            switch entry.value {
            case .number(let number): value = JSONWriter.format(number)
            case .string(let string): value = "\"" + string + "\""
            default: preconditionFailure("only numbers and plain strings are spelled out here")
            }
            text += (index > 0 ? "," : "") + "\n  \"" + key + "\": " + value
        }
        text += entries.isEmpty ? "}\n" : "\n}\n"
        return Array(text.utf8)
    }

    /// What a sink was handed.
    struct Run {
        var pieces: [[UInt8]] = []
        /// What `write` answered.
        var result = false

        /// The pieces, one after another.
        var joined: [UInt8] { pieces.reduce(into: []) { $0 += $1 } }
    }

    /// Writes with a sink that answers false at piece `stop` (0-based) and true before it; nil for one that
    /// never stops. Every piece the sink is handed is recorded, including any after it stopped.
    static func write(_ keys: FlatJSON.Keys, _ values: FlatJSON.RenderedValues, stoppingAt stop: Int?) -> Run {
        var run = Run()
        run.result = FlatJSON.write(keys, values: values) { piece in
            run.pieces.append(Array(piece))
            return run.pieces.count - 1 != stop
        } finishing: {}
        return run
    }

    /// Checks `write` on `entries`: taken whole, the pieces are the expected text (and ``FlatJSON/render``'s),
    /// none empty nor over `largestPiece`, and it answers true; stopped at each of those pieces in turn, the
    /// sink is handed exactly the pieces up to the one it stopped at (a prefix of the text), nothing after,
    /// and `write` answers false.
    static func expectPieces(
        _ entries: [Entry], largestPiece: Int = pieceSize, minimumPieces: Int = 1, inParts: Bool = false, _ label: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let (keys, values) = inParts ? inputInParts(entries) : input(entries)
        let expected = expectedText(entries)
        let rendered = FlatJSON.render(keys, values: values)
        // Byte arrays are compared first and the result expected, so that a failure does not print 64 KiB arrays.
        let renderedIsExpected = rendered == expected
        #expect(renderedIsExpected, "[\(label)] render differs from the expected text", sourceLocation: sourceLocation)

        let whole = write(keys, values, stoppingAt: nil)
        #expect(whole.result, "[\(label)] a sink that takes every piece", sourceLocation: sourceLocation)
        let wholeIsExpected = whole.joined == expected
        #expect(wholeIsExpected, "[\(label)] the pieces joined differ from the expected text", sourceLocation: sourceLocation)
        #expect(whole.pieces.count >= minimumPieces, "[\(label)] \(whole.pieces.count) pieces", sourceLocation: sourceLocation)
        for (index, piece) in whole.pieces.enumerated() {
            #expect(!piece.isEmpty && piece.count <= largestPiece, "[\(label)] piece \(index) has \(piece.count) bytes", sourceLocation: sourceLocation)
        }

        for stop in whole.pieces.indices {
            let stopped = write(keys, values, stoppingAt: stop)
            #expect(!stopped.result, "[\(label)] stopped at piece \(stop), write answered true", sourceLocation: sourceLocation)
            #expect(
                stopped.pieces.count == stop + 1,
                "[\(label)] stopped at piece \(stop), the sink was handed \(stopped.pieces.count) pieces", sourceLocation: sourceLocation)
            let handed = stopped.joined
            let isPrefix = Array(expected.prefix(handed.count)) == handed
            #expect(
                isPrefix,
                "[\(label)] stopped at piece \(stop), what was handed is not a prefix of the output", sourceLocation: sourceLocation)
            let samePieces = Array(stopped.pieces.prefix(stop + 1)) == Array(whole.pieces.prefix(stop + 1))
            #expect(
                samePieces,
                "[\(label)] stopped at piece \(stop), the pieces before it differ from a whole run's", sourceLocation: sourceLocation)
        }
    }

    @Test("the parts of consecutive keys, written one after another, make the whole output, each as long as length says")
    func partsMakeTheWhole() {
        // Keys to escape, a value larger than a piece, and plain members; small pieces, so that parts span several.
        var entries = (0..<300).map { Entry("group.\($0 % 7).token-\($0)", Double($0) / 4) }
        entries.insert(Entry("quote\"d.\\key", .string("v")), at: 0)
        entries.insert(Entry("big", .string(String(repeating: "v", count: 5_000))), at: 150)
        entries.append(Entry("last\"", 1))
        let (keys, values) = Self.input(entries)
        let whole = FlatJSON.render(keys, values: values)
        func part(_ range: Range<Int>) -> [UInt8] {
            var bytes: [UInt8] = []
            FlatJSON.write(keys, values: values, entries: range, pieceSize: 1_024) { piece in
                bytes += piece
                return true
            } finishing: {}
            return bytes
        }
        for split in [0, 1, 2, 150, 151, 301, 302, 303] {
            let (first, second) = (part(0..<split), part(split..<entries.count))
            #expect(first + second == whole, "split at \(split)")
            #expect(FlatJSON.length(keys, values: values, entries: 0..<split) == first.count, "split at \(split)")
            #expect(FlatJSON.length(keys, values: values, entries: split..<entries.count) == second.count, "split at \(split)")
        }
        // Three parts.
        #expect(part(0..<100) + part(100..<200) + part(200..<entries.count) == whole)
        // Keys known to need no escaping (the fast path's) are counted as they are copied.
        let plain = FlatJSON.Keys(keys.bytes, ranges: keys.ranges, values: keys.values, mayNeedEscaping: false)
        let plainEntries = 1..<150  // none of the keys to escape
        var plainPart: [UInt8] = []
        FlatJSON.write(plain, values: values, entries: plainEntries) { piece in
            plainPart += piece
            return true
        } finishing: {}
        #expect(plainPart == part(plainEntries))
        #expect(FlatJSON.length(plain, values: values, entries: plainEntries) == plainPart.count)
        #expect(FlatJSON.length(keys, values: values, entries: 100..<200) == part(100..<200).count)
        // No keys at all.
        let (noKeys, noValues) = Self.input([])
        #expect(FlatJSON.length(noKeys, values: noValues, entries: 0..<0) == FlatJSON.render(noKeys, values: noValues).count)
    }

    @Test("an empty output is one piece, and a sink that stops at it makes write answer false")
    func emptyOutput() {
        Self.expectPieces([], "empty")
        let (keys, values) = Self.input([])
        #expect(Self.write(keys, values, stoppingAt: nil).pieces == [Array("{}\n".utf8)])
    }

    @Test("finishing is called once, after the last piece the sink is handed, whether it takes them all or stops", arguments: [nil, 0, 1, 2])
    func finishingComesLast(stop: Int?) {
        // Three pieces or so: 12,000 members of ~14 bytes.
        let (keys, values) = Self.input((0..<12_000).map { Entry("k\($0)", Double($0)) })
        var events: [String] = []
        FlatJSON.write(keys, values: values) { _ in
            events.append("piece")
            return events.count - 1 != stop
        } finishing: {
            events.append("finish")
        }
        #expect(events.filter { $0 == "finish" }.count == 1)
        #expect(events.last == "finish")
        // Every piece up to the one the sink stopped at, nothing after it; a sink that takes them all, at least three.
        if let stop {
            #expect(events.count == stop + 2)
        } else {
            #expect(events.count >= 4)
        }
    }

    @Test("a small output is one piece")
    func smallOutput() {
        let entries = [Entry("a", 1), Entry("b.c", .string("16px")), Entry("quote\"d", 0.5)]
        Self.expectPieces(entries, "small")
        let (keys, values) = Self.input(entries)
        #expect(Self.write(keys, values, stoppingAt: nil).pieces.count == 1)
    }

    /// Several pieces (some 400 KB): the sink stops at the first, at each middle one, and at the last (the final flush).
    @Test("a large output comes in pieces of at most 64 KiB; a sink may stop at the first, a middle or the last")
    func largeOutput() {
        let entries = (0..<6_000).map { index in
            index % 3 == 0
                ? Entry("brand-\(index / 100).dark.comfortable.color.token-\(index)", .string("#\(String(index, radix: 16))aa"))
                : Entry("brand-\(index / 100).dark.compact.size.token-\(index)", Double(index) / 4)
        }
        Self.expectPieces(entries, minimumPieces: 4, "6,000 entries")
        Self.expectPieces(entries, minimumPieces: 4, inParts: true, "6,000 entries, keys in parts")
    }

    /// A key or value larger than the buffer goes to the sink whole, as a piece of its own, but for a key that
    /// needs escaping, which is escaped into scratch memory and so copied through the buffers in pieces of at most
    /// 64 KiB: the sink may stop at the piece before it (which must not then be handed on), at it, or after it.
    @Test("a key or value larger than 64 KiB is handed whole, an escaped one in pieces; a sink that stops before, at or after it gets nothing more", arguments: [
        65_536, 65_537, 100_000,
    ])
    func oversizedKeyOrValue(size: Int) {
        let big = String(repeating: "k", count: size)
        // A key, an escaped key (quoted by the writer, in pieces of a buffer), a value; first, in the middle, last.
        let bigKey = [Entry(big, 1), Entry("b", 2)]
        let bigEscapedKey = [Entry("a", 1), Entry(big + "\"", 2), Entry("c", 3)]
        let bigValue = [Entry("a", 1), Entry("b", 2), Entry("c", .string(big))]
        let bigEverything = [Entry(big, .string(big)), Entry("m" + big, .string(big)), Entry("z", .string(big))]
        // A key or value is at most `size` bytes, plus two quotes and an escape.
        Self.expectPieces(bigKey, largestPiece: max(size, Self.pieceSize), minimumPieces: 2, "key of \(size) bytes")
        Self.expectPieces(bigEscapedKey, largestPiece: Self.pieceSize, minimumPieces: 3, "escaped key of \(size) bytes")
        Self.expectPieces(bigValue, largestPiece: max(size + 2, Self.pieceSize), minimumPieces: 2, "value of \(size) bytes")
        Self.expectPieces(bigEverything, largestPiece: max(size + 2, Self.pieceSize), minimumPieces: 4, "keys and values of \(size) bytes")
        // Keys in two parts, either of them or both larger than the buffer.
        let inParts = [Entry("a", 1), Entry(big + ".b", 2), Entry("c." + big, 3), Entry(big + "." + big, 4), Entry("d", .string(big))]
        Self.expectPieces(inParts, largestPiece: max(size + 2, Self.pieceSize), minimumPieces: 4, inParts: true, "keys in parts of \(size) bytes")
    }

    /// The bug the review found: a sink that stopped at the piece before an entry whose key and value each fit
    /// the buffer but together do not. The rest of the entry was still copied in after the stop, past the
    /// buffer's end (a heap overflow that aborted in free()); nothing must be copied once the sink has stopped.
    @Test("an entry whose key and value each fit in 64 KiB but together do not, after a sink that stopped", arguments: [
        (40_000, 40_000), (65_535, 60_000), (60_000, 65_535), (65_536, 65_536),
    ] as [(Int, Int)])
    func stopBeforeEntryLargerThanBuffer(keySize: Int, valueSize: Int) {
        let key = String(repeating: "k", count: keySize)
        let value = TokenValue.string(String(repeating: "v", count: valueSize))
        Self.expectPieces([Entry(key, value)], largestPiece: max(Self.pieceSize, valueSize + 2), minimumPieces: 2, "alone")
        Self.expectPieces([Entry("a", 1), Entry(key, value), Entry("z", value)], largestPiece: max(Self.pieceSize, valueSize + 2), minimumPieces: 3, "between others")
        // Stopped at the first piece: `{\n  "` when the key does not fit after it (the review's case), else that,
        // the key and `": ` when the value is what does not fit.
        let (keys, values) = Self.input([Entry(key, value), Entry("b", 2)])
        let run = Self.write(keys, values, stoppingAt: 0)
        #expect(!run.result)
        #expect(run.pieces.count == 1)
        #expect(run.pieces.first?.count == (5 + keySize <= Self.pieceSize ? keySize + 8 : 5))
    }

    /// A first entry fills the buffer to `gap` bytes short of 64 KiB, so that the buffer fills, and is handed
    /// on, at each byte of the next entry in turn: its comma, line break, indentation, quotes, key, colon, value
    /// and the closing lines; with a short next key (copied in whole) and a long one.
    /// At gap 13 the whole output is exactly 64 KiB: one full piece.
    @Test("the buffer filling at each byte of the next entry: every byte handed once, in order, nothing after a stop", arguments: 0...13)
    func bufferBoundary(gap: Int) {
        // `{` + `\n  "` + key + `": ` + `1` is 9 bytes and the key.
        let firstKey = String(repeating: "k", count: Self.pieceSize - 9 - gap)
        // The next entry and the end, `,\n  "b": 2\n}\n`, are 13 bytes.
        let pieces = gap < 13 ? 2 : 1
        Self.expectPieces([Entry(firstKey, 1), Entry("b", 2)], minimumPieces: pieces, "gap \(gap), next key of 1 byte")
        for next in [String(repeating: "n", count: 100), String(repeating: "n", count: Self.pieceSize - 20)] {
            Self.expectPieces([Entry(firstKey, 1), Entry(next, 2)], minimumPieces: 2, "gap \(gap), next key of \(next.count) bytes")
            Self.expectPieces([Entry(firstKey, 1), Entry("b", .string(next))], minimumPieces: 2, "gap \(gap), next value of \(next.count) bytes")
            // A key in two parts, the buffer filling in the first, at the dot or in the second.
            for key in ["g." + next, next + ".b", "gr." + next.dropFirst(3)] {
                Self.expectPieces([Entry(firstKey, 1), Entry(key, 2)], minimumPieces: 2, inParts: true, "gap \(gap), next key of \(key.count) bytes in parts")
            }
        }
        Self.expectPieces([Entry(firstKey, 1), Entry("g.b", 2)], minimumPieces: pieces, inParts: true, "gap \(gap), next key of 3 bytes in parts")
        // The same fill made by a value instead of a key: `{` + `\n  "a": "` + value + `"` is 10 bytes and the value.
        let firstValue = String(repeating: "v", count: Self.pieceSize - 10 - gap)
        Self.expectPieces([Entry("a", .string(firstValue)), Entry("b", 2)], minimumPieces: pieces, "gap \(gap) after a value")
    }

    /// A generated set of 2,000 tokens (some 200 KB of output, composites among the values), in pieces.
    @Test("a resolved theme's flat output written in pieces is its flatJSON, and stops when the sink does")
    func resolvedTheme() throws {
        let theme = try ResolvedTheme.resolve([TokenSource(name: "tokens.json", bytes: TokenSet(count: 2_000).baseJSON)])
        let whole = theme.flatJSON()
        #expect(whole.count > 2 * Self.pieceSize, "the set is expected to make several pieces, made \(whole.count) bytes")
        // The keys and values flatJSON writes, in its order.
        let paths = theme.paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var arena: [UInt8] = []
        for path in paths { arena += Array(path.utf8) }
        var keys = FlatJSON.Keys(arena, capacity: paths.count)
        var start = 0
        for (index, path) in paths.enumerated() {
            keys.append(start: start, count: path.utf8.count, value: Int32(index))
            start += path.utf8.count
        }
        let found = paths.map { theme.value($0) }
        #expect(found.allSatisfy { $0 != nil })
        let values = FlatJSON.RenderedValues(found)
        let all = Self.write(keys, values, stoppingAt: nil)
        #expect(all.result)
        let allIsWhole = all.joined == whole
        #expect(allIsWhole, "the pieces joined differ from flatJSON")
        let stopped = Self.write(keys, values, stoppingAt: 1)
        #expect(!stopped.result)
        #expect(stopped.pieces.count == 2)
        let isPrefix = Array(whole.prefix(stopped.joined.count)) == stopped.joined
        #expect(isPrefix, "what was handed before the stop is not a prefix of flatJSON")
    }
}
