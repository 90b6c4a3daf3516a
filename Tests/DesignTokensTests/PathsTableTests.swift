import Testing
import TokenSetGenerator
@testable import DesignTokens

/// ``FastPath/Paths/Table``, the path table made from hashes alone, and the duplicate paths it finds.
@Suite("Fast path: the path table")
struct PathsTableTests {
    /// The nodes a table holds (every slot not empty names one).
    static func nodes(in table: FastPath.Paths.Table) -> Set<Int32> {
        Set(table.slots.filter { $0 != 0 }.map { Int32(truncatingIfNeeded: $0) })
    }

    @Test("a table holds every node but the root, and stops at two nodes with the same hash when asked to")
    func sameHash() {
        let hashes: [UInt64] = [0, 0x1111_2222_3333_0001, 0x4444_5555_6666_0002, 0x1111_2222_3333_0001, 0x7777_8888_9999_0003]
        let stopping = hashes.withUnsafeBufferPointer { FastPath.Paths.Table(hashes: $0, stoppingAtSameHash: true) }
        #expect(stopping.stoppedAtSameHash)
        #expect(stopping.count == 5)
        let whole = hashes.withUnsafeBufferPointer { FastPath.Paths.Table(hashes: $0, stoppingAtSameHash: false) }
        #expect(!whole.stoppedAtSameHash)
        #expect(Self.nodes(in: whole) == [1, 2, 3, 4])
        #expect(whole.slots.count == 1024)
    }

    @Test("two hashes with the same slot and the same high half, but not the same, both go in")
    func alikeButNotSame() {
        // The same high 32 bits (whose top ten pick the slot, in 1,024): only the low half differs.
        let hashes: [UInt64] = [0, 0xAAAA_AAAA_0001_0005, 0xAAAA_AAAA_0002_0005]
        let table = hashes.withUnsafeBufferPointer { FastPath.Paths.Table(hashes: $0, stoppingAtSameHash: true) }
        #expect(!table.stoppedAtSameHash)
        #expect(Self.nodes(in: table) == [1, 2])
    }

    @Test("a table grows to keep at most half of its slots full")
    func capacity() {
        let hashes = (0..<3_000).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
        let table = hashes.withUnsafeBufferPointer { FastPath.Paths.Table(hashes: $0, stoppingAtSameHash: true) }
        #expect(!table.stoppedAtSameHash)
        #expect(table.slots.count == 8_192)
        #expect(Self.nodes(in: table).count == 2_999)
    }

    /// A file read in two halves has its table made from the first half's hashes and the second half's entries,
    /// without gathering them: it must be the table of all the hashes in one array, the same hash on either side of
    /// the boundary included.
    @Test("a table made from hashes then entries is the table of all of them", arguments: [0, 1, 1_000, 2_999, 3_000])
    func hashesThenEntries(boundary: Int) {
        var all = (0..<3_000).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
        for repeated in [false, true] {
            // With `repeated`, the last node has the first node's hash (past the root): a path added twice.
            if repeated { all[all.count - 1] = all[1] }
            let entries = all[boundary...].map { FastPath.Paths.Entry(hash: $0, start: 0, length: 0, parent: 0) }
            let parted = all[..<boundary].withUnsafeBufferPointer { hashes in
                entries.withUnsafeBufferPointer { FastPath.Paths.Table(hashes: hashes, entries: $0, stoppingAtSameHash: true) }
            }
            let whole = all.withUnsafeBufferPointer { FastPath.Paths.Table(hashes: $0, stoppingAtSameHash: true) }
            #expect(parted.stoppedAtSameHash == repeated)
            #expect(parted.stoppedAtSameHash == whole.stoppedAtSameHash)
            #expect(parted.count == whole.count)
            if !repeated { #expect(parted.slots == whole.slots) }
        }
    }

    /// Thousands of paths, indexed, and references to them in `text`, with the node each names (-1 for a path that
    /// is not there, or text that is not a plain reference).
    static func manyPaths() throws -> (paths: FastPath.Paths, text: [UInt8], references: [(start: Int32, count: Int32)], expected: [Int32]) {
        var paths = FastPath.Paths()
        var text: [UInt8] = []
        var references: [(start: Int32, count: Int32)] = []
        var expected: [Int32] = []
        func reference(_ string: String, names node: Int32) {
            references.append((Int32(text.count), Int32(string.utf8.count)))
            text += Array(string.utf8)
            expected.append(node)
        }
        // Seven groups below the root, each path kept whole; their tokens kept as names.
        let groups = (0..<7).map { group in Array("group-\(group)".utf8).withUnsafeBufferPointer { paths.add($0, nameCount: $0.count, parent: 0) } }
        for index in 0..<3_000 {
            let path = "group-\(index % 7).token-\(index)"
            let node = Array(path.utf8).withUnsafeBufferPointer { paths.add($0, nameCount: "token-\(index)".utf8.count, parent: groups[index % 7]) }
            reference("{\(path)}", names: node)
            if index % 100 == 0 { reference("{group-\(index % 7).missing-\(index)}", names: -1) }
            if index % 100 == 1 { reference("{group-\((index + 1) % 7).token-\(index)}", names: -1) }
        }
        reference("{group-3}", names: groups[3])
        reference("{group-1.token-1", names: -1)
        reference("{ group-1.token-1}", names: -1)
        let indexed = paths.index()
        try #require(indexed, "no path is added twice")
        return (paths, text, references, expected)
    }

    /// Thousands of paths in a table at most half full: many lookups pass slots that hold other paths before
    /// theirs, in batches of 32, full ones and a part one at the end. Each path must be found as the node it was
    /// added as; a path that is not there, or text that is not a plain reference, found as none.
    @Test("batched lookups find every path, past the slots of others")
    func batchedLookups() throws {
        let (paths, text, references, expected) = try Self.manyPaths()
        let found = text.withUnsafeBufferPointer { paths.find(references: references, in: $0) }
        #expect(found.count == expected.count)
        let wrong = zip(found, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(wrong.isEmpty, "\(wrong.count) references found wrongly, the first at \(wrong.prefix(5))")
        #expect(references.count % 32 != 0, "the last batch is meant to be a part one")
    }

    /// The lookups of a range write an answer at every index of it, -1 included, and nothing outside it: the
    /// alias targets' buffer is not filled first, and two threads look up ranges of it at once. A sentinel stands
    /// for what the memory held before (a fresh page holds zeros, node 0, whose token is none, so a missed write
    /// would look right there).
    @Test("a range's lookups answer at every index of it, and write nothing else")
    func rangeWritesEveryIndex() throws {
        let (paths, text, references, expected) = try Self.manyPaths()
        let sentinel: Int32 = -7
        var found = [Int32](repeating: sentinel, count: references.count)
        // All but the first five and the last: the unclosed `{group-1.token-1` before it, no plain reference, is in.
        let range = 5..<(references.count - 1)
        found.withUnsafeMutableBufferPointer { found in
            text.withUnsafeBufferPointer { paths.find(references: references, in: $0, range: range, into: found) }
        }
        #expect(Array(found[range]) == Array(expected[range]))
        #expect(found[..<range.lowerBound].allSatisfy { $0 == sentinel })
        #expect(found[range.upperBound...].allSatisfy { $0 == sentinel })
        #expect(expected[range].contains(-1), "the range is meant to hold references that name nothing")
        #expect(text[Int(references[range.upperBound - 1].start + references[range.upperBound - 1].count - 1)] != UInt8(ascii: "}"), "and one that is no plain reference")
    }

    /// Names may hold white space and bytes past ASCII, but a plain curly reference may not have white space at a
    /// name's ends nor any byte past ASCII (the full engine reads those): a path that is in the table is still no
    /// reference's then, whether the text is shorter than a word or longer, and a name with a space inside is one.
    @Test("a path in the table is found only by a plain curly reference")
    func foundOnlyWhenPlain() throws {
        var paths = FastPath.Paths()
        let group = Array("group-1".utf8).withUnsafeBufferPointer { paths.add($0, nameCount: $0.count, parent: 0) }
        let short = Array("s".utf8).withUnsafeBufferPointer { paths.add($0, nameCount: $0.count, parent: 0) }
        var text: [UInt8] = []
        var references: [(start: Int32, count: Int32)] = []
        var expected: [Int32] = []
        for (path, name, parent, isPlain) in [
            ("group-1. leading", " leading", group, false), ("group-1.trailing ", "trailing ", group, false),
            ("group-1.two words", "two words", group, true), ("group-1.café", "café", group, false),
            ("group-1.tab\tname", "tab\tname", group, true), ("s. b", " b", short, false), ("s.é", "é", short, false),
            ("s.a b", "a b", short, true),
        ] {
            let node = Array(path.utf8).withUnsafeBufferPointer { paths.add($0, nameCount: name.utf8.count, parent: parent) }
            references.append((Int32(text.count), Int32(path.utf8.count + 2)))
            text += Array("{\(path)}".utf8)
            expected.append(isPlain ? node : -1)
        }
        let indexed = paths.index()
        try #require(indexed)
        let found = text.withUnsafeBufferPointer { paths.find(references: references, in: $0) }
        #expect(found == expected)
    }

    /// One group name written many times in the root: every copy after the first is a duplicate key, and each has
    /// the same hash. The fast path must decline, and at once (a table that went on past the first two would
    /// probe past every copy before it: quadratic). From 200 KB the file is read in two halves and the table made
    /// on a second thread.
    @Test("a group name written thousands of times is declined", arguments: [100, 20_000])
    func manyCopiesOfOneName(copies: Int) {
        let member = #""a": {"$type": "number", "$value": 1}"#
        let text = "{" + Array(repeating: member, count: copies).joined(separator: ",\n ") + "}"
        #expect(FastPath.flatJSON([TokenSource(name: "copies.json", bytes: Array(text.utf8))]) == nil)
    }
}

/// How ``FastPath/Paths`` keeps paths: a token's as its name, after its group's path kept whole once.
@Suite("Fast path: paths kept as names")
struct PathsArenaTests {
    /// Every node of the generated set, read whole and in halves: a node with a child keeps its whole path, any
    /// other below a group only its name, and the arena holds little more than the names.
    @Test("a token keeps its name, a group its whole path", arguments: [Int.max, 0])
    func namesAndGroups(splitFrom: Int) throws {
        let set = TokenSet(count: 10_000)
        let (stack, ok) = FastPathSplitTests.read([TokenSource(name: "tokens.json", bytes: set.baseJSON)], splitFrom: splitFrom)
        try #require(ok)
        #expect(stack.wasSplit == (splitFrom == 0))
        let paths = stack.paths
        let hasChild = Set(paths.entries.map { (entry: FastPath.Paths.Entry) in entry.parent })
        // Each node's whole path, worked out from the root down (a parent is an earlier node).
        var whole: [String] = [""]
        var names = 0
        var problems: [String] = []
        for (node, entry) in paths.entries.enumerated().dropFirst() {
            let kept = String(decoding: paths.bytes[Int(entry.start)..<Int(entry.start + entry.length)], as: UTF8.self)
            let parent = Int(entry.parent)
            let name = entry.isWhole && parent != 0 ? String(kept.dropFirst(whole[parent].count + 1)) : kept
            whole.append(parent == 0 ? name : whole[parent] + "." + name)
            names += name.utf8.count
            let keepsWhole = parent == 0 || hasChild.contains(Int32(node))
            if entry.isWhole != keepsWhole || kept != (keepsWhole ? whole[node] : name) {
                problems.append("node \(node) (\(whole[node])) keeps \(kept), whole: \(entry.isWhole)")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) nodes kept wrongly, the first \(problems.prefix(3))")
        #expect(whole.count == stack.nodes.count)
        // The names, the groups' paths, and (read in halves) the few paths kept whole in each half.
        var groupPaths = 0
        for node in hasChild where node > 0 { groupPaths += whole[Int(node)].utf8.count }
        var allPaths = 0
        for path in whole { allPaths += path.utf8.count }
        #expect(paths.bytes.count <= names + groupPaths + (splitFrom == 0 ? 1_000 : 0))
        #expect(paths.bytes.count < allPaths / 2)
        // Every token's path is found as its node, and as its key.
        let text = Array(whole.dropFirst().map { "{\($0)}" }.joined().utf8)
        var references: [(start: Int32, count: Int32)] = []
        for path in whole.dropFirst() {
            references.append((references.last.map { $0.start + $0.count } ?? 0, Int32(path.utf8.count + 2)))
        }
        let found = text.withUnsafeBufferPointer { paths.find(references: references, in: $0) }
        #expect(found == Array(1..<Int32(whole.count)))
    }

    /// A path that differs from a node's anywhere is not its path: in the name, the dot, the parent's path or the
    /// length; so is a node's own, however it is kept.
    @Test("a path is a node's only when every byte is")
    func nearMisses() {
        var paths = FastPath.Paths()
        func add(_ path: String, name: String, parent: Int32) -> Int32 {
            Array(path.utf8).withUnsafeBufferPointer { paths.add($0, nameCount: name.utf8.count, parent: parent) }
        }
        let group = add("color", name: "color", parent: 0)
        let blue = add("color.blue", name: "blue", parent: group)
        let step = add("color.blue.50", name: "50", parent: blue)
        let other = add("color.bluf", name: "bluf", parent: group)
        func isPath(_ path: String, of node: Int32) -> Bool {
            paths.entries.withUnsafeBufferPointer { entries in
                paths.bytes.withUnsafeBufferPointer { arena in
                    Array(path.utf8).withUnsafeBufferPointer { FastPath.Paths.isPath($0, of: entries[Int(node)], entries: entries, arena: arena) }
                }
            }
        }
        #expect(paths.entries[Int(blue)].isWhole && !paths.entries[Int(step)].isWhole && !paths.entries[Int(other)].isWhole)
        #expect(isPath("color.blue.50", of: step) && isPath("color.blue", of: blue) && isPath("color.bluf", of: other))
        #expect(isPath("color", of: group) && isPath("", of: 0))
        for miss in ["color.blue.5", "color.blue.500", "color.blue.60", "color.bluf.50", "color.blue,50", "colorXblue.50", "xolor.blue.50", "50"] {
            #expect(!isPath(miss, of: step), "\(miss)")
        }
        for miss in ["color.blue", "color.blug", "colos.bluf", "color", "bluf", "color.bluff"] {
            #expect(!isPath(miss, of: other), "\(miss)")
        }
        #expect(!isPath("colo", of: group) && !isPath("color.blue", of: group) && !isPath("x", of: 0))
    }
}
