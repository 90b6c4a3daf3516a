@_spi(Engine) import TokenJSON

/// Token files stacked in order, later over earlier, token by token: the input of resolution.
///
/// Each token path gets one integer id, in the order paths are first seen, and everything after this works on
/// ids; groups and tokens are nodes of one ``PathTable``. A later file's token replaces the earlier `$value`; its
/// other properties (`$type`, `$description`…) replace the earlier ones only where it writes them, so a theme can
/// override a colour without repeating its type. `$extends` is applied here, on the stacked whole, so a theme can
/// extend a group of the base file.
struct TokenLayers: Sendable {
    /// Where a token's current value is written: what resolution reads of every token, kept in a column of its
    /// own (``sites``), apart from the rest of the token's ``Definition``, so that a pass over all tokens reads a
    /// few bytes of each.
    struct ValueSite: Sendable {
        /// The file, by its position in the stack.
        var file: Int
        var valueNode: Int
        /// Whether `valueNode` is the pointer string of a whole-token `{"$ref": …}`.
        var valueIsPointer: Bool
        /// Offset of the token's key, where "this token" diagnostics point.
        var keyOffset: Int
    }

    /// What is known of a token before resolution, besides where its value is written.
    struct Definition: Sendable {
        var type: TokenType?
        /// Whether the `$type` that counts is not a string: reported where it is written, so the token's missing
        /// type is not reported again.
        var typeIsInvalid = false
        /// Where the `$description`, `$extensions` and `$deprecated` that count are written (read from there by
        /// ``description(of:)``, ``extensions(of:)`` and ``deprecation(of:)``).
        var description: PropertySite?
        var extensions: PropertySite?
        var deprecated: PropertySite?
        /// The type inherited from the group of the token this one was copied from by `$extends`.
        var extendedGroupType: TokenType?
    }

    /// Where a property's value is written: the file, by its position in the stack, and the value's node.
    struct PropertySite: Sendable {
        var file: Int32
        var node: Int32

        init(file: Int, node: Int32) {
            self.file = Int32(file)
            self.node = node
        }
    }

    /// A group's properties, merged over the files that write them.
    struct GroupInfo: Sendable {
        var type: TokenType?
        var typeIsInvalid = false
        var description: String?
        var extensions: (file: Int, node: Int)?
        var deprecated: Deprecation?
        var extends: (reference: String, file: Int, offset: Int)?
    }

    var files: [TokenFile] = []
    /// Every group and token, as nodes: what a token's path is, and how a path finds its token.
    var table = PathTable()
    /// Each token's node, by token id.
    var nodes: [Int32] = []
    /// Each node's token id, or -1 for a group.
    private(set) var tokenOfNode: [Int32] = [-1]
    /// Whether each node has a token at or below it.
    private(set) var holdsTokens: [Bool] = [false]
    /// Where each token's value is written, by token id.
    var sites: [ValueSite] = []
    /// Each token's other properties, by token id.
    var definitions: [Definition] = []
    /// Group properties, by node.
    var groups: [Int32: GroupInfo] = [:]
    var diagnostics: [Diagnostic] = []
    /// The paths of tokens left out of the set, wherever a file or `$extends` gives them (a theme built past its
    /// errors leaves those tokens out: ``ReadingPolicy/keepsGoing``).
    var leftOut: Set<String> = []
    /// The set part-way stacked that this one grew from, when other sets grew from it too
    /// (`TokenLayers+CommonBase.swift`).
    var commonBase: CommonBase?

    /// The `$type` and `$deprecated` each group passes on to its tokens (its own or an enclosing group's), by
    /// node; filled once groups are final.
    private var inheritedTypes: [TokenType?] = []
    private var inheritedDeprecations: [Deprecation?] = []
    /// Whether the `$type` a group passes on is one that is not a string, by node.
    private var inheritedInvalidTypes: [Bool] = []

    /// Stacks `files` in order, but for the tokens at `leftOut`, and finishes the set (``finish()``).
    init(_ files: [TokenFile], leavingOut leftOut: Set<String> = []) {
        self.leftOut = leftOut
        reserveCapacity(forTokensOf: files)
        for file in files { stack(file) }
        finish()
    }

    /// Makes room for the tokens `files` write, so that stacking them grows no column.
    mutating func reserveCapacity(forTokensOf files: [TokenFile]) {
        let tokenCount = files.reduce(0) { $0 + $1.tokens.count }
        nodes.reserveCapacity(tokenCount)
        // A node per token and about one group per eight tokens.
        table.reserveCapacity(table.count + tokenCount + tokenCount / 8)
        sites.reserveCapacity(tokenCount)
        definitions.reserveCapacity(tokenCount)
    }

    /// Nothing stacked yet: ``stack(_:)`` files onto it, then ``finish()``. A set part-way stacked is a value
    /// like any other, so the permutations of a resolver document share the layering of the files they have
    /// in common (``ThemeResolver``).
    init() {}

    /// Layers one more file over those stacked so far.
    mutating func stack(_ file: TokenFile) {
        let fileIndex = files.count
        files.append(file)
        diagnostics += file.diagnostics
        if let warning = file.dialectWarning,
            !(file.dialect.warnsOncePerExport
                && files.dropLast().contains { $0.dialectWarning != nil && $0.dialect.warnsOncePerExport })
        {
            diagnostics.append(warning)
        }
        // Before this file's tokens are added, so that suggestions come from the files below.
        if fileIndex > 0, file.source.role == .theme { reportUnmatched(in: fileIndex) }
        // Each token is found, or made, under its group's node; the group's node is looked up once.
        var groupNodes = [Int32](repeating: -1, count: file.groupPaths.count)
        for token in file.tokens {
            let group = Int(token.group)
            if groupNodes[group] < 0 { groupNodes[group] = table.intern(path: file.groupPaths[group]) }
            let node = file.withName(of: token) { table.intern($0, under: groupNodes[group]) }
            growToTable()
            let site = ValueSite(
                file: fileIndex, valueNode: token.valueNode, valueIsPointer: token.valueIsPointer,
                keyOffset: file.keyOffset(of: token))
            if tokenOfNode[Int(node)] >= 0 {
                override(Int(tokenOfNode[Int(node)]), with: token, at: site)
            } else {
                add(token, at: site, node: node)
            }
        }
        // After the tokens, so that the table's children keep the order the tokens are written in.
        for group in file.groups { merge(group, from: fileIndex) }
    }

    /// Completes the stacked files into the set resolution reads: applies `$extends`, passes group properties
    /// on to tokens, and reports what only the whole set shows.
    mutating func finish() {
        applyExtends()
        inheritProperties()
        reportTokensUsedAsGroups()
        reportCanonicallyEqualNames()
    }

    /// A path that is a token in one file and a group in another: the layered set would have a token with
    /// children, which DTCG forbids (§6.1). Reported once per token, at its first child.
    private mutating func reportTokensUsedAsGroups() {
        for (id, node) in nodes.enumerated() where table.hasChildren(node) {
            guard let child = table.children(of: node).first(where: { holdsTokens[Int($0)] }) else { continue }
            let childToken = firstToken(under: child)
            diagnostics.append(
                Diagnostic(
                    .error, .tokenWithChildren,
                    "\(path(id)) is a token, but \(path(childToken)) (in \(files[sites[childToken].file].source.name)) makes it a group; a token cannot contain tokens",
                    at: keyLocation(id), token: path(id),
                    notes: [Diagnostic.Note("\(path(childToken)) is defined here", at: keyLocation(childToken))]))
        }
    }

    /// Names in one group that are canonically equivalent but written with other bytes (`é` precomposed and
    /// decomposed; `K` and the Kelvin sign): two tokens or groups here, as references tell them apart by their
    /// bytes, but one name to people and to most tools.
    private mutating func reportCanonicallyEqualNames() {
        // Only names beyond ASCII can be equivalent to another name: the groups that have one.
        var groupsWithWideNames: [Int32] = []
        for node in 1..<Int32(table.count) where holdsTokens[Int(node)] {
            let parent = table.parents[Int(node)]
            if groupsWithWideNames.last != parent, !table.withName(node, { $0.allSatisfy { $0 < 0x80 } }) {
                groupsWithWideNames.append(parent)
            }
        }
        for parent in Set(groupsWithWideNames).sorted() {
            let children = table.children(of: parent)
            var first: [String: Int32] = [:]
            for child in children where holdsTokens[Int(child)] {
                let name = table.name(child)
                guard let earlier = first[name] else {
                    first[name] = child
                    continue
                }
                let token = firstToken(under: child)
                let earlierToken = firstToken(under: earlier)
                let what = tokenOfNode[Int(child)] >= 0 ? "token" : "group"
                diagnostics.append(
                    Diagnostic(
                        .warning, .equivalentNames,
                        "\(what) \(table.path(of: child)) is written with other bytes than \(table.path(of: earlier)) but is canonically the same name; references tell them apart, people and most tools do not",
                        at: keyLocation(token), token: path(token),
                        notes: [
                            Diagnostic.Note("\(table.path(of: earlier)) is defined here", at: keyLocation(earlierToken))
                        ]))
            }
        }
    }

    /// The first token id at or below each node, or -1 where there is none (a node's children come after it in
    /// the table, so one pass from the end finds them all).
    func firstTokens() -> [Int32] {
        var first = tokenOfNode.map { $0 < 0 ? Int32.max : $0 }
        for node in stride(from: table.count - 1, to: 0, by: -1) {
            let parent = Int(table.parents[node])
            first[parent] = min(first[parent], first[node])
        }
        return first.map { $0 == Int32.max ? -1 : $0 }
    }

    /// A node's children that hold tokens, in the order their first tokens were seen (``firstTokens()``): the
    /// order outputs list a group's members in.
    func members(of node: Int32, firstTokens: [Int32]) -> [Int32] {
        guard table.hasChildren(node) else { return [] }
        // The table keeps children in the order they were first interned, which is nearly always this order: sorted
        // only where a group was written, without tokens, before a sibling's first token.
        var members: [Int32] = []
        var isOrdered = true
        for child in table.children(of: node) where firstTokens[Int(child)] >= 0 {
            if let last = members.last, firstTokens[Int(last)] > firstTokens[Int(child)] { isOrdered = false }
            members.append(child)
        }
        if !isOrdered { members.sort { firstTokens[Int($0)] < firstTokens[Int($1)] } }
        return members
    }

    /// The first token at or below a node that holds tokens.
    private func firstToken(under node: Int32) -> Int {
        var current = node
        while tokenOfNode[Int(current)] < 0 {
            current = table.children(of: current).first(where: { holdsTokens[Int($0)] })!
        }
        return Int(tokenOfNode[Int(current)])
    }

    // MARK: Merging

    /// Adds `token`, a path no file below has, at `node`; its value is written at `site`.
    private mutating func add(_ token: TokenFile.Token, at site: ValueSite, node: Int32) {
        let fileIndex = site.file
        let definition = Definition(
            type: token.type, typeIsInvalid: token.typeIsInvalid,
            description: token.descriptionNode.map { PropertySite(file: fileIndex, node: $0) },
            extensions: token.extensionsNode.map { PropertySite(file: fileIndex, node: $0) },
            deprecated: token.deprecatedNode.map { PropertySite(file: fileIndex, node: $0) })
        addToken(at: node, site, definition)
    }

    /// Gives a new token an id, at its node, unless its path is ``leftOut``.
    mutating func addToken(at node: Int32, _ site: ValueSite, _ definition: Definition) {
        if !leftOut.isEmpty, leftOut.contains(table.path(of: node)) { return }
        let id = Int32(count)
        nodes.append(node)
        sites.append(site)
        definitions.append(definition)
        growToTable()
        tokenOfNode[Int(node)] = id
        var current = node
        while current >= 0, !holdsTokens[Int(current)] {
            holdsTokens[Int(current)] = true
            current = table.parents[Int(current)]
        }
    }

    /// The number of tokens.
    var count: Int { nodes.count }

    /// The dotted path of a token.
    func path(_ id: Int) -> String { table.path(of: nodes[id]) }

    /// The id of the token at a dotted path, or nil.
    func token(atPath path: String) -> Int? {
        var path = path
        return path.withUTF8 { token(atPath: $0) }
    }

    /// The id of the token at the dotted path whose UTF-8 bytes are `path`, or nil: a reference is looked up
    /// straight from the bytes of its text.
    func token(atPath path: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let node = table.node(forPath: path) else { return nil }
        return token(at: node)
    }

    /// The id of the token a string node of `document` names when it is one plain `{a.b}` alias and nothing else
    /// (``Reference/isPlainCurly(_:)``), or nil. The text inside the braces is looked up first: a path the table
    /// has is made of valid names, so whether it is plain is a property of its node.
    func plainAliasTarget(in document: JSONDocument, node: Int) -> Int? {
        let target = document.withUnescapedContents(of: node) { bytes -> Int32? in
            guard bytes.count > 2, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
            return table.node(forPath: UnsafeBufferPointer(rebasing: bytes[1..<bytes.count - 1]))
        }
        guard let node = target ?? nil, table.isPlainPath(node) else { return nil }
        return token(at: node)
    }

    /// The ids in `other` of the tokens at `nodes` of this set's table, or -1 where `other` has no token at that
    /// path: tokens matched across two sets by their paths' bytes (``PathTable/matching(_:in:shared:)``, whose
    /// first `sharedNodes` nodes are the same in both tables).
    func ids(ofTokensAt nodes: [Int32], in other: TokenLayers, sharedNodes: Int = 0) -> [Int32] {
        guard !nodes.isEmpty else { return [] }
        return table.matching(nodes, in: other.table, shared: sharedNodes).map { node in
            node < 0 ? -1 : other.token(at: node).map(Int32.init) ?? -1
        }
    }

    /// The id of the token at a node, or nil for a group.
    func token(at node: Int32) -> Int? {
        Int(node) < tokenOfNode.count && tokenOfNode[Int(node)] >= 0 ? Int(tokenOfNode[Int(node)]) : nil
    }

    /// Where a token's key is written in the file whose value counts: where "this token" diagnostics point.
    func keyLocation(_ id: Int) -> SourceLocation {
        files[sites[id].file].location(sites[id].keyOffset)
    }

    /// Sizes the per-node columns to the table.
    mutating func growToTable() {
        // Nearly always one node (the token just interned), so appended one at a time.
        while tokenOfNode.count < table.count {
            tokenOfNode.append(-1)
            holdsTokens.append(false)
        }
    }

    /// Layers `token` over the token `id` of the files below.
    private mutating func override(_ id: Int, with token: TokenFile.Token, at site: ValueSite) {
        sites[id] = site
        let file = site.file
        var definition = definitions[id]
        if let type = token.type { definition.type = type }
        if token.type != nil || token.typeIsInvalid { definition.typeIsInvalid = token.typeIsInvalid }
        if let node = token.descriptionNode { definition.description = PropertySite(file: file, node: node) }
        if let node = token.extensionsNode { definition.extensions = PropertySite(file: file, node: node) }
        if let node = token.deprecatedNode { definition.deprecated = PropertySite(file: file, node: node) }
        definitions[id] = definition
    }

    private mutating func merge(_ group: TokenFile.Group, from file: Int) {
        let node = table.intern(path: group.path)
        growToTable()
        var info = groups[node] ?? GroupInfo()
        if let type = group.type { info.type = type }
        if group.type != nil || group.typeIsInvalid { info.typeIsInvalid = group.typeIsInvalid }
        if let description = group.description { info.description = description }
        if let extensions = group.extensionsNode { info.extensions = (file, extensions) }
        if let deprecated = group.deprecated { info.deprecated = deprecated }
        if let extends = group.extends { info.extends = (extends.reference, file, extends.offset) }
        groups[node] = info
    }

    // MARK: Inherited properties

    /// Fills ``inheritedTypes`` and ``inheritedDeprecations``, each node's from its own group properties or its
    /// parent's (parents come before their children in the table).
    private mutating func inheritProperties() {
        var types = [TokenType?](repeating: nil, count: table.count)
        var deprecations = [Deprecation?](repeating: nil, count: table.count)
        var invalidTypes = [Bool](repeating: false, count: table.count)
        // What each group writes itself, then, parents first, what it passes on where it writes nothing.
        for (node, info) in groups {
            types[Int(node)] = info.type
            invalidTypes[Int(node)] = info.type == nil && info.typeIsInvalid
            deprecations[Int(node)] = info.deprecated
        }
        for node in 1..<table.count {
            let parent = Int(table.parents[node])
            if types[node] == nil {
                types[node] = types[parent]
                invalidTypes[node] = invalidTypes[node] || invalidTypes[parent]
            }
            if deprecations[node] == nil { deprecations[node] = deprecations[parent] }
        }
        inheritedTypes = types
        inheritedDeprecations = deprecations
        inheritedInvalidTypes = invalidTypes
    }

    /// The `$type` of the nearest enclosing group of a token that has one.
    func groupType(of id: Int) -> TokenType? {
        if let type = definitions[id].extendedGroupType { return type }
        return inheritedTypes[Int(table.parents[Int(nodes[id])])]
    }

    /// The `$type` of a group, or of its nearest enclosing group that has one (before ``inheritProperties()``).
    func groupType(ofGroup node: Int32) -> TokenType? {
        var current = node
        while current >= 0 {
            if let type = groups[current]?.type { return type }
            current = table.parents[Int(current)]
        }
        return nil
    }

    /// Whether the token has no type because the `$type` that would give it one (its own or its group's) is not a
    /// string, which is reported where it is written.
    func typeIsInvalid(_ id: Int) -> Bool {
        let definition = definitions[id]
        return definition.type == nil
            && (definition.typeIsInvalid
                || (definition.extendedGroupType == nil && inheritedInvalidTypes[Int(table.parents[Int(nodes[id])])]))
    }

    /// Whether the `$type` a group passes on is one that is not a string (before ``inheritProperties()``).
    func groupTypeIsInvalid(_ node: Int32) -> Bool {
        var current = node
        while current >= 0 {
            if groups[current]?.type != nil { return false }
            if groups[current]?.typeIsInvalid == true { return true }
            current = table.parents[Int(current)]
        }
        return false
    }

    /// Whether the token is deprecated, by itself or through an enclosing group.
    func deprecation(of id: Int) -> Deprecation {
        writtenDeprecation(of: id) ?? inheritedDeprecations[Int(table.parents[Int(nodes[id])])] ?? .notDeprecated
    }

    /// The `$deprecated` the token writes itself, if any (`false` included: it undoes a group's).
    func writtenDeprecation(of id: Int) -> Deprecation? {
        definitions[id].deprecated.flatMap { Deprecation(files[Int($0.file)].document, Int($0.node)) }
    }

    /// The token's `$description`, if any.
    func description(of id: Int) -> String? {
        definitions[id].description.map { files[Int($0.file)].document.string(Int($0.node)) }
    }

    /// The token's `$extensions`, if any.
    func extensions(of id: Int) -> JSONValue? {
        definitions[id].extensions.map { files[Int($0.file)].document.value(Int($0.node)) }
    }

    /// Whether `path` names a group that holds tokens.
    func isGroup(_ path: String) -> Bool {
        guard let node = table.node(forPath: path) else { return false }
        return tokenOfNode[Int(node)] < 0 && holdsTokens[Int(node)]
    }

    /// The token path nearest to a misspelt one (``PathTable/nearestPath(to:among:accepts:)``) among the nodes
    /// that hold tokens, or nil.
    func nearestTokenPath(to path: String) -> String? {
        var path = path
        let segments = path.withUTF8 { PathTable.segments(of: $0).map { String(decoding: $0, as: UTF8.self) } }
        return table.nearestPath(
            to: segments,
            among: { holdsTokens[Int($0)] }, accepts: { tokenOfNode[Int($0)] >= 0 })
    }

    // MARK: Theme tokens with no counterpart

    /// Warns about each token a theme adds that the files below do not have, suggesting the nearest path they have.
    private mutating func reportUnmatched(in fileIndex: Int) {
        let file = files[fileIndex]
        let groupNodes = file.groupPaths.map { table.node(forPath: $0) }
        for token in file.tokens {
            let node = groupNodes[Int(token.group)].flatMap { group in
                file.withName(of: token) { table.child(of: group, named: $0) }
            }
            // A token the files below have is an override; a group they have, token-with-children says.
            if let node, holdsTokens[Int(node)] { continue }
            let path = file.path(of: token)
            let suggestion = nearestTokenPath(to: path)
            var message = "\(path) does not override any token of the layers below"
            if let suggestion { message += "; did you mean \(suggestion)?" }
            if suggestion == nil { message += "; if it is meant as a new token, nothing needs to change" }
            diagnostics.append(
                Diagnostic(
                    .warning, .unmatchedOverride, message, at: file.location(file.keyOffset(of: token)), token: path))
        }
    }
}
