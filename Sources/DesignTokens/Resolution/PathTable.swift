@_spi(Engine) import TokenJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every group and token of a layered token set as a tree of interned nodes: each node has an integer id, its
/// parent's id, its own name and its children in first-seen order. Node 0 is the root group (`""`).
///
/// Names are told apart by their UTF-8 bytes, as references compare them: `é` written precomposed (U+00E9) and
/// decomposed (`e` U+0301) are two names, as are `K` and the Kelvin sign. (``TokenLayers`` warns about such
/// siblings.) A parent is always interned before its children, so ids ascend from the root down any path. Nodes are
/// only ever appended: a table grown from another (``TokenLayers/CommonBase``) keeps the first one's nodes as they are.
///
/// The table answers the questions that would otherwise scan every path: which node a dotted path names (a
/// reference is looked up straight from its text), whether a path is a group, what a group holds, which names sit
/// next to a misspelt one, and where inherited properties come from.
struct PathTable: Sendable {
    static let root: Int32 = 0

    /// Every node's own name, one after another (the root's is empty): node `n`'s is
    /// `nameBytes[nameStarts[n]..<nameStarts[n + 1]]`.
    private var nameBytes: [UInt8] = []
    private var nameStarts: [Int] = [0, 0]
    /// Each node's parent, -1 for the root.
    private(set) var parents: [Int32] = [-1]
    private var firstChild: [Int32] = [-1]
    private var lastChild: [Int32] = [-1]
    private var nextSibling: [Int32] = [-1]
    /// The hash of each node's path: its parent's combined with its own name's (``hash(_:_:)``), so that a dotted
    /// path hashed segment by segment finds its node in one probe (``node(forPath:)-(UnsafeBufferPointer<UInt8>)``).
    /// The root's is 0.
    private var hashes: [UInt64] = [0]
    /// Whether each node's path is plain: every name ASCII and none starting or ending with white space, so that
    /// `{path}` is a reference as written (``Reference/isPlainCurly(_:)``) with no reading of its characters.
    private var plainPaths: [Bool] = [true]
    /// `capacity` slots, each a node id or -1; the capacity is a power of two, at most 3/4 full.
    private var slots: [Int32] = Array(repeating: -1, count: 16)

    /// The number of nodes, the root included.
    var count: Int { parents.count }

    /// Makes room for `count` nodes in all, so that interning them grows no column and never rehashes.
    mutating func reserveCapacity(_ count: Int) {
        parents.reserveCapacity(count)
        firstChild.reserveCapacity(count)
        lastChild.reserveCapacity(count)
        nextSibling.reserveCapacity(count)
        nameStarts.reserveCapacity(count + 1)
        hashes.reserveCapacity(count)
        plainPaths.reserveCapacity(count)
        var capacity = slots.count
        while capacity * 3 < count * 4 { capacity *= 2 }
        if capacity > slots.count { rebuild(capacity) }
    }

    /// A node's own name.
    func name(_ node: Int32) -> String {
        withName(node) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of a node's own name.
    func withName<Result>(_ node: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        nameBytes.withUnsafeBufferPointer { bytes in
            // The name's range, from ``nameStarts`` (made with ``nameBytes``, in ``intern(_:under:)``), checked to
            // lie in the bytes.
            let (start, end) = (nameStarts[Int(node)], nameStarts[Int(node) + 1])
            precondition(0 <= start && start <= end && end <= bytes.count, "a name outside the table's bytes")
            return body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    /// The child of `parent` named by `name`'s bytes, or nil.
    func child(of parent: Int32, named name: UnsafeBufferPointer<UInt8>) -> Int32? {
        let hash = Self.hash(hashes[Int(parent)], name)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let node = slots[slot]
            if node < 0 { return nil }
            if hashes[Int(node)] == hash, parents[Int(node)] == parent, withName(node, { Self.equals($0, name) }) {
                return node
            }
            slot = (slot + 1) & mask
        }
    }

    /// The child of `parent` named `name`, or nil.
    func child(of parent: Int32, named name: String) -> Int32? {
        var name = name
        return name.withUTF8 { child(of: parent, named: $0) }
    }

    /// The node of `name` under `parent`, made if there is none yet (as `parent`'s last child).
    @discardableResult
    mutating func intern(_ name: String, under parent: Int32) -> Int32 {
        var name = name
        return name.withUTF8 { intern($0, under: parent) }
    }

    /// The node of the name whose UTF-8 bytes are `name` under `parent`, made if there is none yet.
    @discardableResult
    mutating func intern(_ name: UnsafeBufferPointer<UInt8>, under parent: Int32) -> Int32 {
        if let node = child(of: parent, named: name) { return node }
        if (count + 1) * 4 > slots.count * 3 { rebuild(slots.count * 2) }
        let hash = Self.hash(hashes[Int(parent)], name)
        let node = Int32(count)
        nameBytes.append(contentsOf: name)
        nameStarts.append(nameBytes.count)
        parents.append(parent)
        firstChild.append(-1)
        lastChild.append(-1)
        nextSibling.append(-1)
        hashes.append(hash)
        plainPaths.append(plainPaths[Int(parent)] && Self.isPlainReferenceName(name))
        if lastChild[Int(parent)] < 0 {
            firstChild[Int(parent)] = node
        } else {
            nextSibling[Int(lastChild[Int(parent)])] = node
        }
        lastChild[Int(parent)] = node
        place(node, hash: hash)
        return node
    }

    /// The node of a dotted path, made with every group above it if need be.
    mutating func intern(path: String) -> Int32 {
        var path = path
        return path.withUTF8 { bytes in
            Self.segments(of: bytes).reduce(Self.root) { node, segment in intern(segment, under: node) }
        }
    }

    /// The node of a dotted path, or nil when the table has none.
    func node(forPath path: String) -> Int32? {
        var path = path
        return path.withUTF8 { node(forPath: $0) }
    }

    /// The node of the dotted path whose UTF-8 bytes are `path`, or nil when the table has none. The path is hashed
    /// name by name as nodes are (``hash(_:_:)``), so it takes one probe of the slots, however deep it is.
    func node(forPath path: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard let base = path.baseAddress, !path.isEmpty else { return Self.root }
        var hash = hashes[Int(Self.root)]
        // Each name is `start..<end` of `path`: `memchr` looks only at the bytes from `start` (at most `path.count`,
        // as it is one past a dot) to the end.
        var start = 0
        while true {
            let dot = memchr(base + start, Int32(UInt8(ascii: ".")), path.count - start)
            let end = dot.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? path.count
            hash = Self.hash(hash, UnsafeBufferPointer(start: base + start, count: end - start))
            if dot == nil { break }
            start = end + 1
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let node = slots[slot]
            if node < 0 { return nil }
            if hashes[Int(node)] == hash, hasPath(node, path) { return node }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `path` is a node's dotted path, compared from its end: the node's name, a dot, its parent's path.
    /// (What makes a lookup exact when two paths share a hash.)
    func hasPath(_ node: Int32, _ path: UnsafeBufferPointer<UInt8>) -> Bool {
        // Each name compared is `length` bytes of `nameBytes` from `nameStart` (``nameStarts`` bounds them) and the
        // `length` bytes of `path` before `end`, which is at least `length`.
        nameBytes.withUnsafeBufferPointer { names in
            var end = path.count
            var current = node
            while current > Self.root {
                let nameStart = nameStarts[Int(current)]
                let length = nameStarts[Int(current) + 1] - nameStart
                guard length <= end,
                    length == 0 || memcmp(names.baseAddress! + nameStart, path.baseAddress! + end - length, length) == 0
                else {
                    return false
                }
                end -= length
                current = parents[Int(current)]
                if current == Self.root { break }
                guard end > 0, path[end - 1] == UInt8(ascii: ".") else { return false }
                end -= 1
            }
            return end == 0
        }
    }

    /// Whether a node's path is plain: every name on it ASCII, and none starting or ending with white space.
    func isPlainPath(_ node: Int32) -> Bool { plainPaths[Int(node)] }

    /// Whether a name may stand in a plain reference as it is (``Reference/isPlainCurly(_:)``).
    private static func isPlainReferenceName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = name.first, let last = name.last, !Reference.isWhiteSpace(first),
            !Reference.isWhiteSpace(last)
        else { return false }
        return name.reduce(0, |) < 0x80
    }

    /// The names of a dotted path, split at its `.` bytes (none for the empty path, the root). Split by bytes, not
    /// characters: a name may start with a combining mark, which as a character would take the dot before it.
    static func segments(of path: UnsafeBufferPointer<UInt8>) -> [UnsafeBufferPointer<UInt8>] {
        guard !path.isEmpty else { return [] }
        return path.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map {
            UnsafeBufferPointer(rebasing: $0)
        }
    }

    /// The dotted path of a node.
    func path(of node: Int32) -> String {
        let length = pathLength(of: node)
        return String(unsafeUninitializedCapacity: length) { buffer in
            precondition(buffer.count >= length)
            return writePath(of: node, into: UnsafeMutableBufferPointer(rebasing: buffer[..<length]))
        }
    }

    /// The dotted paths of `nodes`, one after another in one buffer: node `nodes[i]`'s is
    /// `bytes[starts[i]..<starts[i + 1]]`.
    func paths(of nodes: [Int32]) -> (bytes: [UInt8], starts: [Int]) {
        var starts = [0]
        starts.reserveCapacity(nodes.count + 1)
        for node in nodes { starts.append(starts[starts.count - 1] + pathLength(of: node)) }
        // Each path's `starts[index]..<starts[index + 1]` is its length, counted above, within the buffer of them all.
        let bytes = [UInt8](unsafeUninitializedCapacity: starts[nodes.count]) { buffer, count in
            precondition(buffer.count >= starts[nodes.count])
            for (index, node) in nodes.enumerated() {
                _ = writePath(
                    of: node, into: UnsafeMutableBufferPointer(rebasing: buffer[starts[index]..<starts[index + 1]]))
            }
            count = starts[nodes.count]
        }
        return (bytes, starts)
    }

    /// The length in bytes of a node's dotted path.
    private func pathLength(of node: Int32) -> Int {
        var length = -1
        var current = node
        while current > Self.root {
            length += nameStarts[Int(current) + 1] - nameStarts[Int(current)] + 1
            current = parents[Int(current)]
        }
        return max(length, 0)
    }

    /// Writes a node's dotted path into `buffer`, which is ``pathLength(of:)`` long, from its last name back to its
    /// first; returns its length. Each name and dot is checked to fit before `end` before it is written, so a
    /// shorter buffer stops the program rather than be written before its start.
    private func writePath(of node: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var end = buffer.count
        var current = node
        nameBytes.withUnsafeBufferPointer { names in
            while current > Self.root {
                let start = nameStarts[Int(current)]
                let length = nameStarts[Int(current) + 1] - start
                current = parents[Int(current)]
                let dot = current > Self.root ? 1 : 0
                precondition(length + dot <= end, "a path longer than its buffer")
                end -= length
                // `length` bytes of `nameBytes` from `start`, as ``nameStarts`` bounds them.
                if length > 0 {
                    (buffer.baseAddress! + end).initialize(from: names.baseAddress! + start, count: length)
                }
                if dot > 0 {
                    end -= 1
                    buffer[end] = UInt8(ascii: ".")
                }
            }
        }
        return buffer.count
    }

    /// A node's children, in first-seen order.
    func children(of node: Int32) -> Children {
        Children(table: self, first: firstChild[Int(node)])
    }

    /// Whether `ancestor` is `node` or one of the groups above it.
    func contains(_ ancestor: Int32, _ node: Int32) -> Bool {
        var current = node
        while current > ancestor { current = parents[Int(current)] }
        return current == ancestor
    }

    /// Whether a node has children.
    func hasChildren(_ node: Int32) -> Bool { firstChild[Int(node)] >= 0 }

    /// The children of a node, following the sibling links.
    struct Children: Sequence, IteratorProtocol {
        fileprivate let nextSibling: [Int32]
        fileprivate var cursor: Int32

        fileprivate init(table: PathTable, first: Int32) {
            nextSibling = table.nextSibling
            cursor = first
        }

        mutating func next() -> Int32? {
            guard cursor >= 0 else { return nil }
            defer { cursor = nextSibling[Int(cursor)] }
            return cursor
        }
    }

    // MARK: Other tables

    /// Each of `nodes` of this table matched to the node with the same path in `other`, or -1 where `other` has
    /// none. The first `shared` nodes are the same in both (tables grown from one table, ``TokenLayers/stack(_:)``),
    /// so only the nodes past them are looked up, each once, under its parent's match.
    func matching(_ nodes: [Int32], in other: PathTable, shared: Int) -> [Int32] {
        let shared = Int32(max(1, min(shared, count, other.count)))  // the root is in every table
        // -2 where a node is not looked up yet.
        var matched = [Int32](repeating: -2, count: count)
        var pending: [Int32] = []
        return nodes.map { node in
            var current = node
            while current >= shared, matched[Int(current)] == -2 {
                pending.append(current)
                current = parents[Int(current)]
            }
            while let next = pending.popLast() {
                let parent = parents[Int(next)]
                let parentMatch = parent < shared ? parent : matched[Int(parent)]
                matched[Int(next)] =
                    parentMatch < 0 ? -1 : withName(next) { other.child(of: parentMatch, named: $0) } ?? -1
            }
            return node < shared ? node : matched[Int(node)]
        }
    }

    // MARK: Suggestions

    /// At most this many siblings are compared with a misspelt name, so that a suggestion costs the same in a
    /// group of any size.
    static let suggestionCandidates = 1_000

    /// The path nearest to `segments` among the nodes `among` accepts: each segment that is not such a child of the
    /// one before is replaced by its closest such sibling (``closestChild(of:to:among:)``). Nil when a segment
    /// has no close sibling, when nothing needed replacing, or when the node found is not one `accepts` accepts.
    func nearestPath(to segments: [String], among visible: (Int32) -> Bool, accepts: (Int32) -> Bool) -> String? {
        var node = Self.root
        var changed = false
        for segment in segments {
            if let child = child(of: node, named: segment), visible(child) {
                node = child
                continue
            }
            guard let closest = closestChild(of: node, to: segment, among: visible) else { return nil }
            node = closest
            changed = true
        }
        return changed && accepts(node) ? path(of: node) : nil
    }

    /// The child of `node` among the first ``suggestionCandidates`` that `visible` accepts whose name is nearest
    /// `name`, within ``Suggestion``'s limit, and not the same name; a tie goes to the name first in byte order, so
    /// that the choice does not depend on the order the files write the names in. Names are compared as the
    /// table keeps them, with no `String` made for a name that is not near.
    private func closestChild(of node: Int32, to name: String, among visible: (Int32) -> Bool) -> Int32? {
        var text = name
        return text.withUTF8 { target in
            let limit = Suggestion.limit(for: target)
            var best: (node: Int32, distance: Int)?
            for child in children(of: node).lazy.filter(visible).prefix(Self.suggestionCandidates) {
                let nearer: Int? = withName(child) { candidate in
                    // Within the best distance so far, which a name first in byte order still takes.
                    guard let distance = Suggestion.editDistance(target, candidate, limit: best?.distance ?? limit),
                        distance > 0, String(decoding: candidate, as: UTF8.self) != name
                    else { return nil }
                    if let best, distance == best.distance,
                        !withName(best.node, { candidate.lexicographicallyPrecedes($0) })
                    {
                        return nil
                    }
                    return distance
                }
                if let nearer { best = (child, nearer) }
            }
            return best?.node
        }
    }

    // MARK: Hashing

    private mutating func place(_ node: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = node
    }

    private mutating func rebuild(_ capacity: Int) {
        slots = Array(repeating: -1, count: capacity)
        for node in 1..<count { place(Int32(node), hash: hashes[node]) }
    }

    /// A node's hash: its parent's combined with its name's, so that nodes with one name in different groups
    /// differ, and a path hashes to the same whether it is found name by name or as a whole.
    private static func hash(_ parentHash: UInt64, _ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = (parentHash ^ ByteHash.hash(name)) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 32
        return hash &+ parentHash
    }

    private static func equals(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }
}
