import Testing
@testable import DesignTokens
import TokenSetGenerator

/// A large first file read in two halves at once (``FastPath/SplitPoint``, ``FastPath/Stack/add(_:splitFrom:)``)
/// must make exactly the stack it makes read in one piece: the same paths in the same order, the same nodes,
/// tokens and JSON nodes, or the same refusal. Each case here is read both ways and compared field by field, and
/// the cases that claim a split check that there was one.
@Suite("Fast path: the first file read in two halves")
struct FastPathSplitTests {
    // MARK: The guess

    @Test("the guess is the first member line from four ninths on, with the objects around it")
    func guessFindsMemberAndAncestors() throws {
        let text = Self.nested(groups: 4, tokensPerGroup: 10)
        let split = try #require(Self.guess(text))
        let bytes = Array(text.utf8)
        let lineStart = bytes[..<split.position].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        // The first line from four ninths on that opens a member; in this file, a token of a group of "outer".
        #expect(lineStart > bytes.count * 4 / 9)
        #expect(bytes[lineStart..<split.position].allSatisfy { $0 == UInt8(ascii: " ") })
        #expect(text.utf8.dropFirst(split.position).starts(with: #""t"#.utf8))
        #expect(split.ancestors.map { String(decoding: $0, as: UTF8.self) } == ["outer", "outer.g1"])
    }

    @Test("a member of the root is a split point with no ancestors")
    func guessAtRootMember() throws {
        let members = (0..<40).map { "  \"g\($0)\": {\n    \"t\": {\"$type\": \"number\", \"$value\": \($0)}\n  }" }
        let text = "{\n" + members.joined(separator: ",\n") + "\n}\n"
        let split = try #require(Self.guess(text))
        #expect(split.ancestors.isEmpty)
        #expect(text.utf8.dropFirst(split.position).starts(with: #""g"#.utf8))
    }

    @Test("no guess in a file without lines, or whose member lines are all inside values")
    func noGuess() {
        // One line: the generated stacks of the other tests, unindented.
        #expect(Self.guess(FastPathTests.manyTokens(3_000)) == nil)
        // Members that open lines only inside a composite value: the line above them is `"$value": {`.
        let inside = "{\n  \"g\": {\"a\": {\"b\": {\"$type\": \"number\", \"$value\": 1}}, \"v\": {\"$value\": {\n"
            + (0..<200).map { "    \"m\($0)\": {\n      \"x\": 1\n    }" }.joined(separator: ",\n") + "\n  }}}\n}\n"
        #expect(Self.guess(inside) == nil)
    }

    // MARK: Same stack both ways

    @Test("the generated benchmark set is split, into the stack it makes whole", arguments: [3_000, 10_000])
    func generatedSet(count: Int) throws {
        let set = TokenSet(count: count)
        try expectSameStack([TokenSource(name: "tokens.json", bytes: set.baseJSON), TokenSource(name: "theme.json", bytes: set.themeJSON)], split: true)
    }

    @Test("the first file's aliases are listed as it is added, whole and in halves: its tokens whose value is one", arguments: [.max, 0])
    func firstFileAliases(splitFrom: Int) throws {
        let set = TokenSet(count: 3_000)
        let first = TokenSource(name: "tokens.json", bytes: set.baseJSON)
        let (stack, ok) = Self.read([first], splitFrom: splitFrom)
        #expect(ok && stack.wasSplit == (splitFrom == 0))
        let expected = stack.tokens.indices.filter { stack.tokens[$0].file == 0 && stack.tokens[$0].shape == .alias }
        #expect(expected.count > 1_000)
        #expect(stack.firstFileAliases.tokens == expected.map { Int32($0) })
        #expect(stack.firstFileAliases.references.map { "\($0)" } == expected.map { "\(stack.tokens[$0].reference)" })
        // A theme over it leaves the list as the first file made it, aliases it overrides included (resolution
        // passes over those), and the list is handed over once.
        var layered = Self.read([first, TokenSource(name: "theme.json", bytes: set.themeJSON)], splitFrom: splitFrom)
        #expect(layered.ok)
        #expect(layered.stack.tokens.contains { $0.file == 1 && $0.shape == .alias })
        let taken = layered.stack.takeFirstFileAliases()
        #expect(taken.tokens == expected.map { Int32($0) })
        #expect(taken.references.map { "\($0)" } == expected.map { "\(stack.tokens[$0].reference)" })
        #expect(layered.stack.firstFileAliases.tokens.isEmpty && layered.stack.firstFileAliases.references.isEmpty)
    }

    @Test("every fixture makes the same stack read in halves as whole, where it reads at all", arguments: FastPathTests.fixturePaths)
    func fixture(path: String) throws {
        let source = try repositoryFile(path)
        let whole = Self.snapshot([source], splitFrom: .max)
        let halves = Self.snapshot([source], splitFrom: 0)
        #expect((halves == nil) == (whole == nil))
        if let halves, let whole { Self.expectSameFields(halves.fields, whole.fields) }
    }

    @Test("fixtures are split (so that the comparison above reads some in halves)")
    func fixturesAreSplit() throws {
        var split = 0
        for path in FastPathTests.fixturePaths {
            if Self.snapshot([try repositoryFile(path)], splitFrom: 0)?.wasSplit == true { split += 1 }
        }
        #expect(split >= 5)
    }

    @Test("a stack of nested groups is split, with a $type the second half gives an enclosing group")
    func typeInSecondHalf() throws {
        // "outer" gets its `$type` after all its groups: in the second half, settled with the first half's.
        let text = Self.nested(groups: 4, tokensPerGroup: 10, outerTrailer: #""$type": "number""#, tokenType: nil)
        try expectSameStack([source(text)], split: true)
        let halves = try #require(Self.snapshot([source(text)], splitFrom: 0))
        #expect(halves.stack.nodes[1].type >= 0)  // node 1 is "outer"
    }

    /// Cases the whole reading refuses: the halves must refuse them too. Each puts the problem in the second half
    /// (or across the two), and the test checks that the first half did stop at the split point.
    static let refusedCases: [(String, String)] = [
        // The same group name at both ends of "outer": one in each half.
        ("a name written in both halves", nested(groups: 4, tokensPerGroup: 10, outerTrailer: #""g0": {"t": {"$type": "number", "$value": 1}}"#)),
        // "outer.g1" holds the split point; its name again in "outer", in the second half.
        ("the name of an object open at the split, again", nested(groups: 4, tokensPerGroup: 10, outerTrailer: #""g1": {"t": {"$type": "number", "$value": 1}}"#)),
        // `$description` at both ends of "outer".
        (
            "a property written in both halves",
            nested(groups: 4, tokensPerGroup: 10, outerLeader: #""$description": "first""#, outerTrailer: #""$description": "again""#)
        ),
        ("a $type written in both halves", nested(groups: 4, tokensPerGroup: 10, outerLeader: #""$type": "number""#, outerTrailer: #""$type": "number""#, tokenType: nil)),
        ("$schema at the root in both halves", nested(groups: 4, tokensPerGroup: 10, rootLeader: #""$schema": "a""#, rootTrailer: #""$schema": "b""#)),
        // A `$value` after the groups of "outer": a token cannot hold groups.
        ("a $value on an object open at the split", nested(groups: 4, tokensPerGroup: 10, outerTrailer: #""$value": 1"#)),
        // Bad JSON near the end.
        ("bad JSON in the second half", nested(groups: 4, tokensPerGroup: 10, outerTrailer: #""x": {"$value": }"#)),
        // An alias-shaped value that is not a plain one, in the second half.
        ("a declined value in the second half", nested(groups: 4, tokensPerGroup: 10, outerTrailer: #""x": {"$type": "number", "$value": "<g0.t0>"}"#)),
        // The full engine keeps group names as `String`s (canonically equivalent names merge); the fast path
        // leaves non-ASCII group names to it.
        ("a non-ASCII group name in the second half", nested(groups: 4, tokensPerGroup: 10, outerTrailer: #""grüne": {"t": {"$type": "number", "$value": 1}}"#)),
    ]

    @Test("stacks refused whole are refused in halves", arguments: refusedCases)
    func refused(_ name: String, _ text: String) {
        #expect(Self.read([source(text)], splitFrom: .max).ok == false, "\(name): whole")
        let halves = Self.read([source(text)], splitFrom: 0)
        #expect(halves.stack.wasSplit, "\(name): the first half stops at the split point")
        #expect(halves.ok == false, "\(name): halves")
    }

    /// Files the halves must read as the whole reading does, each one split.
    static let acceptedCases: [(String, String)] = [
        ("$schema at the root, in the second half", nested(groups: 4, tokensPerGroup: 10, rootTrailer: #""$schema": "https://example.com/s.json""#)),
        ("line breaks as CR LF", nested(groups: 4, tokensPerGroup: 10).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")),
        ("indented with tabs", tabs(nested(groups: 4, tokensPerGroup: 10))),
        ("a byte order mark first", "\u{FEFF}" + nested(groups: 4, tokensPerGroup: 10)),
        ("a split point in the root", nested(groups: 1, tokensPerGroup: 2, rootTrailer: (0..<40).map { "\"r\($0)\": {\"$type\": \"number\", \"$value\": \($0)}" }.joined(separator: ",\n  "))),
    ]

    @Test("files read in halves as whole: $schema, CR LF, tabs, a byte order mark, a member of the root", arguments: acceptedCases)
    func accepted(_ name: String, _ text: String) throws {
        try expectSameStack([source(text)], split: true)
    }

    @Test("a file mapped rather than read takes the fast path in halves, with the same output")
    func mappedFileIsSplit() throws {
        let set = TokenSet(count: 3_000)
        #expect(set.baseJSON.count >= FastPath.Stack.bytesWorthSplitting)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/tokens.json"
        try directory.create("tokens.json", set.baseJSON)
        let mapped = try TokenSource(mappingFile: path)
        #expect(mapped.contents.isMapped)
        let (stack, ok) = Self.read([mapped], splitFrom: FastPath.Stack.bytesWorthSplitting)
        #expect(ok)
        #expect(stack.wasSplit)
        let output = try #require(FastPath.flatJSON([mapped]))
        #expect(output == FastPath.flatJSON([TokenSource(name: path, bytes: set.baseJSON)]))
    }

    @Test("a guess that the first half does not confirm leaves the file read whole")
    func unconfirmedGuess() throws {
        // The lines say the tokens are in "outer.deeper", but "deeper" is inside "outer.g1", on a line indented
        // as if it were not.
        let tokens = (0..<60).map { "      \"t\($0)\": {\"$type\": \"number\", \"$value\": \($0)}" }
        let text = "{\n  \"outer\": {\n    \"g0\": {\"t\": {\"$type\": \"number\", \"$value\": 1}},\n    \"g1\": {\n    \"deeper\": {\n"
            + tokens.joined(separator: ",\n") + "\n    }}\n  }\n}\n"
        let split = try #require(Self.guess(text))
        #expect(split.ancestors.map { String(decoding: $0, as: UTF8.self) } == ["outer", "outer.deeper"])
        let whole = try #require(Self.snapshot([source(text)], splitFrom: .max))
        let halves = try #require(Self.snapshot([source(text)], splitFrom: 0))
        #expect(!halves.wasSplit)
        Self.expectSameFields(halves.fields, whole.fields)
    }

    // MARK: Helpers

    /// A pretty-printed file: the root holds "outer", which holds `groups` groups `g0`, `g1`…, each with
    /// `tokensPerGroup` number tokens on a line each; `outerLeader` and `outerTrailer` are members written first
    /// and last in "outer", `rootLeader` and `rootTrailer` first and last in the root.
    static func nested(
        groups: Int, tokensPerGroup: Int, outerLeader: String? = nil, outerTrailer: String? = nil, tokenType: String? = "number",
        rootLeader: String? = nil, rootTrailer: String? = nil
    ) -> String {
        var members: [String] = []
        if let outerLeader { members.append("    " + outerLeader) }
        for group in 0..<groups {
            let type = tokenType.map { "\"$type\": \"\($0)\", " } ?? ""
            let tokens = (0..<tokensPerGroup).map { "      \"t\($0)\": {\(type)\"$value\": \(group * 100 + $0)}" }
            members.append("    \"g\(group)\": {\n" + tokens.joined(separator: ",\n") + "\n    }")
        }
        if let outerTrailer { members.append("    " + outerTrailer) }
        let outer = "  \"outer\": {\n" + members.joined(separator: ",\n") + "\n  }"
        let root = [rootLeader.map { "  " + $0 }, outer, rootTrailer.map { "  " + $0 }].compactMap { $0 }
        return "{\n" + root.joined(separator: ",\n") + "\n}\n"
    }

    /// `text` with each pair of spaces that begins a line made a tab.
    static func tabs(_ text: String) -> String {
        let lines: [Substring] = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { (line: Substring) -> String in
            let spaces = line.prefix { $0 == " " }.count
            return String(repeating: "\t", count: spaces / 2) + String(line.dropFirst(spaces - spaces % 2))
        }.joined(separator: "\n")
    }

    static func guess(_ text: String) -> FastPath.SplitPoint? {
        Array(text.utf8).withUnsafeBufferPointer { FastPath.SplitPoint.guess(in: $0) }
    }

    /// Everything a stack holds, field by field, as text.
    struct Snapshot {
        var stack: FastPath.Stack
        var fields: [String]
        var wasSplit: Bool { stack.wasSplit }
    }

    /// The stack `sources` make, the first file read in halves if it has at least `splitFrom` bytes; nil when a
    /// file is refused.

    static func snapshot(_ sources: [TokenSource], splitFrom: Int) -> Snapshot? {
        let (stack, ok) = read(sources, splitFrom: splitFrom)
        guard ok else { return nil }
        // Each path's bytes as kept, name or whole, not where they are: the halves' arenas are laid out apart (each
        // keeps a group's path whole where it first has a child) and joined.
        var fields: [String] = []
        fields += stack.paths.entries.map { entry in
            let kept = stack.paths.bytes[Int(entry.start)..<Int(entry.start + entry.length)]
            return "path: \(entry.hash) parent \(entry.parent) whole \(entry.isWhole) \(String(decoding: kept, as: UTF8.self))"
        }
        fields += stack.nodes.map { "\($0)" }
        fields += stack.writtenBy.map { "writtenBy: \($0)" }
        fields += stack.tokens.map { "\($0)" }
        fields += zip(stack.firstFileAliases.tokens, stack.firstFileAliases.references).map { "alias: \($0) \($1)" }
        for document in stack.documents { fields += document.nodes.map { "\($0)" } }
        return Snapshot(stack: stack, fields: fields)
    }

    /// The stack `sources` make, and whether every file was taken.
    static func read(_ sources: [TokenSource], splitFrom: Int) -> (stack: FastPath.Stack, ok: Bool) {
        var stack = FastPath.Stack()
        for source in sources {
            guard stack.add(source, splitFrom: splitFrom) else { return (stack, false) }
        }
        return (stack, true)
    }

    /// Reads `sources` whole and with the first file in halves, expects the same stack, and whether it was split;
    /// answers the stack's fields.
    @discardableResult
    func expectSameStack(_ sources: [TokenSource], split: Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String] {
        let whole = try #require(Self.snapshot(sources, splitFrom: .max), sourceLocation: sourceLocation)
        let halves = try #require(Self.snapshot(sources, splitFrom: 0), sourceLocation: sourceLocation)
        #expect(!whole.wasSplit, sourceLocation: sourceLocation)
        #expect(halves.wasSplit == split, sourceLocation: sourceLocation)
        Self.expectSameFields(halves.fields, whole.fields, sourceLocation: sourceLocation)
        return halves.fields
    }

    /// Field by field, so that the first difference names itself.
    static func expectSameFields(_ halves: [String], _ whole: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(halves.count == whole.count, sourceLocation: sourceLocation)
        for (index, (left, right)) in zip(halves, whole).enumerated() where left != right {
            Issue.record("field \(index): halves \(left), whole \(right)", sourceLocation: sourceLocation)
            return
        }
    }
}
