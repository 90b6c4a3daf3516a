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

    @Test("the guess is the first member line from two fifths on, with the objects around it")
    func guessFindsMemberAndAncestors() throws {
        let text = Self.nested(groups: 4, tokensPerGroup: 10)
        let split = try #require(Self.guess(text))
        let bytes = Array(text.utf8)
        let lineStart = bytes[..<split.position].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        // The first line from two fifths on that opens a member; in this file, a token of a group of "outer".
        #expect(lineStart > bytes.count * 2 / 5)
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
        #expect(halves.stack.nodes[1].groupType >= 0)  // node 1 is "outer"
    }

    /// Cases the whole reading refuses: the halves must refuse them too, wherever the problem falls.
    static let refusedCases: [(String, String)] = [
        // The same group name at both ends of "outer": one in each half.
        ("a name written in both halves", nested(groups: 4, tokensPerGroup: 10, outerTrailer: #""g0": {"t": {"$type": "number", "$value": 1}}"#)),
        // `$description` at both ends of "outer".
        (
            "a property written in both halves",
            nested(groups: 4, tokensPerGroup: 10, outerLeader: #""$description": "first""#, outerTrailer: #""$description": "again""#)
        ),
        // A token (its `$value` first) whose later members are groups.
        ("a token with groups in it", nested(groups: 4, tokensPerGroup: 10, outerLeader: #""$value": 1"#)),
        // Bad JSON near the end.
        ("bad JSON in the second half", nested(groups: 4, tokensPerGroup: 10, outerTrailer: #""x": {"$value": }"#)),
        // An alias-shaped value that is not a plain one, in the second half.
        ("a declined value in the second half", nested(groups: 4, tokensPerGroup: 10, outerTrailer: #""x": {"$type": "number", "$value": "<g0.t0>"}"#)),
    ]

    @Test("stacks refused whole are refused in halves", arguments: refusedCases)
    func refused(_ name: String, _ text: String) {
        #expect(Self.guess(text) != nil, "\(name): a split point")
        #expect(Self.snapshot([source(text)], splitFrom: .max) == nil, "\(name): whole")
        #expect(Self.snapshot([source(text)], splitFrom: 0) == nil, "\(name): halves")
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
    /// and last in "outer".
    static func nested(
        groups: Int, tokensPerGroup: Int, outerLeader: String? = nil, outerTrailer: String? = nil, tokenType: String? = "number"
    ) -> String {
        var members: [String] = []
        if let outerLeader { members.append("    " + outerLeader) }
        for group in 0..<groups {
            let type = tokenType.map { "\"$type\": \"\($0)\", " } ?? ""
            let tokens = (0..<tokensPerGroup).map { "      \"t\($0)\": {\(type)\"$value\": \(group * 100 + $0)}" }
            members.append("    \"g\(group)\": {\n" + tokens.joined(separator: ",\n") + "\n    }")
        }
        if let outerTrailer { members.append("    " + outerTrailer) }
        return "{\n  \"outer\": {\n" + members.joined(separator: ",\n") + "\n  }\n}\n"
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
        var stack = FastPath.Stack()
        for source in sources {
            guard stack.add(source, splitFrom: splitFrom) else { return nil }
        }
        var fields: [String] = ["arena: \(stack.paths.bytes)"]
        fields += stack.paths.entries.map { "\($0)" }
        fields += stack.nodes.map { "\($0)" }
        fields += stack.writtenBy.map { "writtenBy: \($0)" }
        fields += stack.tokens.map { "\($0)" }
        for document in stack.documents { fields += document.nodes.map { "\($0)" } }
        return Snapshot(stack: stack, fields: fields)
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
