import Testing

@testable import DesignTokens

/// The path table finds a node from a whole dotted path in one probe, by hashing it name by name as nodes are
/// hashed; these check that what it finds is exactly the node with that path, and nothing for any other text.
@Suite("Path table")
struct PathTableTests {
    /// A table of `paths`, each interned with the groups above it.
    static func table(_ paths: [String]) -> PathTable {
        var table = PathTable()
        for path in paths { table.intern(path: path) }
        return table
    }

    static let paths = [
        "color.brand.primary", "color.brand.secondary", "color.text", "a", "a.b", "a.b.c", "b.a", "ab.c", "a.bc",
        "size.spacing.4", "café", "cafe\u{301}.x", "$root", "group.$root",
    ]

    @Test("every interned path, and every group above one, finds its own node, and its node's path is it")
    func findsEveryPath() {
        let table = Self.table(Self.paths)
        for node in 1..<Int32(table.count) {
            let path = table.path(of: node)
            #expect(table.node(forPath: path) == node, "\(path)")
        }
        #expect(table.node(forPath: "") == PathTable.root)
        #expect(table.path(of: PathTable.root) == "")
    }

    @Test("text that is no interned path finds nothing, however close it is to one")
    func findsNothingElse() {
        let table = Self.table(Self.paths)
        for text in [
            "color.brand.primar", "color.brand.primaryy", "olor.brand.primary", "brand.primary", "primary",
            "color..brand",
            "color.brand.", ".color", "color.brand.primary.", "a.b.c.d", "b.c", "ab.c.d", "a.bc.d", "abc", "a.b.c.",
            "c",
            "café.x", "cafe\u{301}.y", "color/brand", "color.brand.primary\u{0}", "size.spacing.04", ".", "..",
        ] {
            #expect(table.node(forPath: text) == nil, "\(text)")
        }
    }

    @Test("a node's path is compared name by name back to the root, so a path of another hash could not pass for it")
    func pathComparison() throws {
        let table = Self.table(["a.b", "x.a.b", "ab"])
        let node = try #require(table.node(forPath: "a.b"))
        for text in ["a.b", "x.a.b", "b", ".a.b", "a.b.", "ab", "a", "a.bb", "aa.b", "a..b", ""] {
            var bytes = Array(text.utf8)
            let matches = bytes.withUnsafeMutableBufferPointer { table.hasPath(node, UnsafeBufferPointer($0)) }
            #expect(matches == (text == "a.b"), "\(text)")
        }
        #expect(table.hasPath(PathTable.root, UnsafeBufferPointer(start: nil, count: 0)))
    }

    @Test("names are told apart by their bytes: a precomposed é and e with a combining accent are two nodes")
    func bytesNotCharacters() throws {
        let table = Self.table(["café", "cafe\u{301}"])
        let precomposed = try #require(table.node(forPath: "café"))
        let decomposed = try #require(table.node(forPath: "cafe\u{301}"))
        #expect(precomposed != decomposed)
        #expect(table.path(of: decomposed).utf8.elementsEqual("cafe\u{301}".utf8))
    }

    @Test("a path found name by name and as a whole is the same node, in a table large enough to grow many times")
    func manyPaths() {
        var table = PathTable()
        var nodes: [String: Int32] = [:]
        for group in 0..<200 {
            for token in 0..<25 {
                let path = "g\(group % 7).group\(group).t\(token)"
                nodes[path] = table.intern(path: path)
            }
        }
        for (path, node) in nodes {
            #expect(table.node(forPath: path) == node)
        }
        let (bytes, starts) = table.paths(of: Array(nodes.values))
        for (index, (path, _)) in nodes.enumerated() {
            #expect(bytes[starts[index]..<starts[index + 1]].elementsEqual(path.utf8))
        }
    }

    @Test("a path is plain when every name on it is ASCII and none starts or ends with white space")
    func plainPaths() throws {
        let table = Self.table(["color.brand", "color. spaced.x", "color.tab\t", "grün.x", "a.b-c_d.$root"])
        for (path, plain) in [
            ("color.brand", true), ("color", true), ("color. spaced", false), ("color. spaced.x", false),
            ("color.tab\t", false),
            ("grün", false), ("grün.x", false), ("a.b-c_d.$root", true),
        ] {
            #expect(table.isPlainPath(try #require(table.node(forPath: path))) == plain, "\(path)")
        }
    }

    @Test("nodes matched in another table by path: the shared nodes as they are, the rest looked up, -1 for none")
    func matchingAnotherTable() {
        var base = Self.table(["color.ink", "color.text", "size.gap"])
        let shared = base.count
        var other = base
        base.intern(path: "color.new")
        base.intern(path: "theme.only.here")
        other.intern(path: "theme.only")
        other.intern(path: "color.new")
        let nodes = Array(0..<Int32(base.count))
        for shared in [0, 1, shared] {
            let matched = base.matching(nodes, in: other, shared: shared)
            for (node, match) in zip(nodes, matched) {
                let path = base.path(of: node)
                #expect(match == (other.node(forPath: path) ?? -1), "\(path), sharing \(shared)")
            }
        }
        #expect(base.matching([base.node(forPath: "theme.only.here")!], in: other, shared: shared) == [-1])
    }
}
