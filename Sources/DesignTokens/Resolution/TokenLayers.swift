/// Token files stacked in order, later over earlier, token by token: the input of resolution.
///
/// Each token path gets one integer id, in the order paths are first seen, and everything after this works on
/// ids. A later file's token replaces the earlier `$value`; its other properties (`$type`, `$description`…)
/// replace the earlier ones only where it writes them, so a theme can override a colour without repeating its
/// type. `$extends` is applied here, on the stacked whole, so a theme can extend a group of the base file.
struct TokenLayers: Sendable {
    /// Where a token's current value comes from, and what is known of it before resolution.
    struct Definition: Sendable {
        var file: Int
        var valueNode: Int
        /// Whether `valueNode` is the pointer string of a whole-token `{"$ref": …}`.
        var valueIsPointer: Bool
        var keyOffset: Int
        var type: TokenType?
        var description: String?
        var descriptionFile: Int = 0
        var extensions: (file: Int, node: Int)?
        var deprecated: Deprecation?
        /// The type inherited from the group of the token this one was copied from by `$extends`.
        var extendedGroupType: TokenType?
        /// The id of the group the token is written in (an index of `groupPaths`), or -1 when it has none
        /// there (a token at a root without group properties, or one copied by `$extends`).
        var group: Int32 = -1
    }

    /// A group's properties, merged over the files that write them.
    struct GroupInfo: Sendable {
        var type: TokenType?
        var description: String?
        var extensions: (file: Int, node: Int)?
        var deprecated: Deprecation?
        var extends: (reference: String, file: Int, offset: Int)?
    }

    var files: [TokenFile]
    var paths: [String] = []
    var index = PathIndex()
    var definitions: [Definition] = []
    var groups: [String: GroupInfo] = [:]
    var diagnostics: [Diagnostic] = []
    /// Every group path the files write, each with an integer id: tokens find their group's type by id.
    private var groupPaths: [String] = []
    private var groupIDs: [String: Int32] = [:]
    /// The `$type` each group passes on to its tokens (its own or an enclosing group's), by group id; filled
    /// once groups are final.
    private var groupTypes: [TokenType?] = []
    /// Whether `$extends` copied any token.
    private var copiedTokens = false

    init(_ files: [TokenFile]) {
        self.files = files
        let tokenCount = files.reduce(0) { $0 + $1.tokens.count }
        index.reserveCapacity(tokenCount)
        paths.reserveCapacity(tokenCount)
        definitions.reserveCapacity(tokenCount)
        for (fileIndex, file) in files.enumerated() {
            diagnostics += file.diagnostics
            for group in file.groups { merge(group, from: fileIndex) }
            var unmatched: [TokenFile.Token] = []
            let tokensBelow = paths.count
            // Tokens come in runs from one group: look its id up once per run.
            var lastGroup: (path: String, id: Int32)? = nil
            // Tokens are read field by field where they lie (`for token in` copies each one, retaining and
            // releasing its strings).
            let tokens = file.tokens
            for position in tokens.indices {
                if let id = index[tokens[position].path] {
                    override(id, with: tokens, at: position, from: fileIndex)
                } else {
                    if fileIndex > 0 { unmatched.append(tokens[position]) }
                    add(tokens, at: position, from: fileIndex)
                    if let last = lastGroup, last.path == tokens[position].group {
                        definitions[definitions.count - 1].group = last.id
                    } else if let group = groupIDs[tokens[position].group] {
                        definitions[definitions.count - 1].group = group
                        lastGroup = (tokens[position].group, group)
                    }
                }
            }
            if !unmatched.isEmpty { reportUnmatched(unmatched, in: fileIndex, tokensBelow: tokensBelow) }
        }
        applyExtends()
        groupTypes = inheritedGroupTypes()
        reportTokensUsedAsGroups()
    }

    /// A path that is a token in one file and a group in another: the layered set would have a token with
    /// children, which DTCG forbids (§6.1).
    private mutating func reportTokensUsedAsGroups() {
        // Every proper prefix of a path the files write is a group they write, so unless `$extends` made new
        // paths, there is nothing to report when no group path is also a token path.
        if !copiedTokens, !groupPaths.contains(where: { index[$0] != nil }) { return }
        var reported: Set<Int> = []
        for (id, path) in paths.enumerated() {
            var prefix = Substring(path)
            while let dot = prefix.lastIndex(of: ".") {
                prefix = prefix[..<dot]
                guard let parent = index[String(prefix)] else { continue }
                if reported.insert(parent).inserted {
                    let child = definitions[id]
                    let token = definitions[parent]
                    diagnostics.append(Diagnostic(
                        .error, .tokenWithChildren,
                        "\(prefix) is a token, but \(path) (in \(files[child.file].source.name)) makes it a group; a token cannot contain tokens",
                        at: files[token.file].location(token.keyOffset), token: String(prefix),
                        notes: [Diagnostic.Note("\(path) is defined here", at: files[child.file].location(child.keyOffset))]))
                }
                break
            }
        }
    }

    // MARK: Merging

    /// Adds `tokens[position]`, a path no file below has.
    private mutating func add(_ tokens: [TokenFile.Token], at position: Int, from file: Int) {
        index.insert(tokens[position].path)
        paths.append(tokens[position].path)
        definitions.append(Definition(
            file: file, valueNode: tokens[position].valueNode, valueIsPointer: tokens[position].valueIsPointer,
            keyOffset: tokens[position].keyOffset, type: tokens[position].type,
            description: tokens[position].description, descriptionFile: file,
            extensions: tokens[position].extensionsNode.map { (file, $0) }, deprecated: tokens[position].deprecated))
    }

    /// Layers `tokens[position]` over the token `id` of the files below.
    private mutating func override(_ id: Int, with tokens: [TokenFile.Token], at position: Int, from file: Int) {
        var definition = definitions[id]
        definition.file = file
        definition.valueNode = tokens[position].valueNode
        definition.valueIsPointer = tokens[position].valueIsPointer
        definition.keyOffset = tokens[position].keyOffset
        if let type = tokens[position].type { definition.type = type }
        if let description = tokens[position].description {
            definition.description = description
            definition.descriptionFile = file
        }
        if let node = tokens[position].extensionsNode { definition.extensions = (file, node) }
        if let deprecated = tokens[position].deprecated { definition.deprecated = deprecated }
        definitions[id] = definition
    }

    private mutating func merge(_ group: TokenFile.Group, from file: Int) {
        if groupIDs[group.path] == nil {
            groupIDs[group.path] = Int32(groupPaths.count)
            groupPaths.append(group.path)
        }
        // In place: one lookup, and the record is not copied out and back.
        Self.layer(group, from: file, over: &groups[group.path, default: GroupInfo()])
    }

    /// Writes what `group` sets over what the files below set for it.
    private static func layer(_ group: TokenFile.Group, from file: Int, over info: inout GroupInfo) {
        if let type = group.type { info.type = type }
        if let description = group.description { info.description = description }
        if let node = group.extensionsNode { info.extensions = (file, node) }
        if let deprecated = group.deprecated { info.deprecated = deprecated }
        if let extends = group.extends { info.extends = (extends.reference, file, extends.offset) }
    }

    // MARK: Inherited properties

    /// The `$type` of the nearest enclosing group of `path` that has one.
    func groupType(of id: Int) -> TokenType? {
        if let type = definitions[id].extendedGroupType { return type }
        let group = Int(definitions[id].group)
        if group >= 0, group < groupTypes.count { return groupTypes[group] }
        var path = Substring(paths[id])
        while let dot = path.lastIndex(of: ".") {
            path = path[..<dot]
            if let type = groups[String(path)]?.type { return type }
        }
        return groups[""]?.type
    }

    /// ``groupType(ofGroup:)`` for every group of `groupPaths`, each found once: a group's own `$type`, else its
    /// parent's, looked up by id and remembered (instead of walking every group's ancestors by their paths).
    private func inheritedGroupTypes() -> [TokenType?] {
        var found = [TokenType??](repeating: nil, count: groupPaths.count)
        func inherited(_ group: Int) -> TokenType? {
            if let known = found[group] { return known }
            let path = groupPaths[group]
            var type = groups[path]?.type
            if type == nil, let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")) {
                let parent = String(path[..<dot])
                type = groupIDs[parent].map { inherited(Int($0)) } ?? groupType(ofGroup: parent)
            } else if type == nil {
                type = groups[""]?.type
            }
            found[group] = .some(type)
            return type
        }
        return groupPaths.indices.map { inherited($0) }
    }

    /// The `$type` of a group, or of its nearest enclosing group that has one.
    func groupType(ofGroup path: String) -> TokenType? {
        var path = Substring(path)
        while true {
            if let type = groups[String(path)]?.type { return type }
            guard let dot = path.lastIndex(of: ".") else { return groups[""]?.type }
            path = path[..<dot]
        }
    }

    /// Whether the token is deprecated, by itself or through an enclosing group.
    func deprecation(of id: Int) -> Deprecation {
        if let own = definitions[id].deprecated { return own }
        var path = Substring(paths[id])
        while let dot = path.lastIndex(of: ".") {
            path = path[..<dot]
            if let deprecated = groups[String(path)]?.deprecated { return deprecated }
        }
        return groups[""]?.deprecated ?? .notDeprecated
    }

    /// Whether `path` names a group: a proper prefix of some token's path.
    func isGroup(_ path: String) -> Bool {
        let prefix = path + "."
        return paths.contains { $0.hasPrefix(prefix) }
    }

    // MARK: Theme tokens with no counterpart

    private mutating func reportUnmatched(_ tokens: [TokenFile.Token], in fileIndex: Int, tokensBelow: Int) {
        // The tree of what the files below this one define.
        let children = Self.tree(of: paths[..<tokensBelow])
        let file = files[fileIndex]
        for token in tokens where children[token.path] == nil {  // a group below: token-with-children says it
            let segments = token.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let suggestion = Self.nearestPath(to: segments, children: children)
            var message = "\(token.path) does not override any token of the layers below"
            if let suggestion { message += "; did you mean \(suggestion)?" }
            if suggestion == nil { message += "; if it is meant as a new token, nothing needs to change" }
            diagnostics.append(Diagnostic(.warning, .unmatchedOverride, message, at: file.location(token.keyOffset), token: token.path))
        }
    }

    /// The names under each group path (`""` is the root), in first-seen order.
    static func tree(of paths: some Sequence<String>) -> [String: [String]] {
        var children: [String: [String]] = [:]
        var seen: Set<String> = []
        for path in paths {
            var parent = ""
            for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
                let child = parent.isEmpty ? String(segment) : parent + "." + segment
                if seen.insert(child).inserted { children[parent, default: []].append(String(segment)) }
                parent = child
            }
        }
        return children
    }

    /// Follows `segments` down the tree, replacing each segment that does not exist by its closest sibling.
    static func nearestPath(to segments: [String], children: [String: [String]]) -> String? {
        var parent = ""
        var changed = false
        for segment in segments {
            let options = children[parent] ?? []
            let chosen: String
            if options.contains(segment) {
                chosen = segment
            } else if let closest = Suggestion.closest(to: segment, among: options) {
                chosen = closest
                changed = true
            } else {
                return nil
            }
            parent = parent.isEmpty ? chosen : parent + "." + chosen
        }
        return changed && children[parent] == nil ? parent : nil
    }

    // MARK: $extends

    private mutating func applyExtends() {
        let extending = groups.filter { $0.value.extends != nil }.keys.sorted()
        guard !extending.isEmpty else { return }
        // Check every $extends, and report each cycle once per group in it (DTCG §6.7.4).
        var targets: [String: String] = [:]
        for group in extending {
            if let target = resolveExtendsTarget(group, groups[group]!.extends!) { targets[group] = target }
        }
        var inCycle: Set<String> = []
        for start in targets.keys.sorted() where !inCycle.contains(start) {
            var chain = [start]
            var current = targets[start]
            while let group = current, targets[group] != nil, !inCycle.contains(group) {
                if let cycleStart = chain.firstIndex(of: group) {
                    let cycle = Array(chain[cycleStart...])
                    for (offset, member) in cycle.enumerated() {
                        let loop = cycle[offset...] + cycle[..<offset] + [member]
                        let extends = groups[member]!.extends!
                        diagnostics.append(Diagnostic(
                            .error, .invalidExtends, "$extends forms a cycle: \(loop.joined(separator: " → "))",
                            at: files[extends.file].location(extends.offset), token: member))
                    }
                    inCycle.formUnion(cycle)
                    break
                }
                chain.append(group)
                current = targets[group]
            }
        }
        // Copy until nothing changes, so a group extending one whose subgroups extend others gets it all,
        // whatever the order they are written in. Copying only adds tokens, so this ends.
        let pairs = targets.filter { !inCycle.contains($0.key) }.sorted { $0.key < $1.key }
        // The extending group starts from the target's properties too (§6.4.2): its $type and $deprecated,
        // unless it writes its own.
        var changed = true
        while changed {
            changed = false
            for (group, target) in pairs {
                if groups[group]?.type == nil, let type = groupType(ofGroup: target) {
                    groups[group, default: GroupInfo()].type = type
                    changed = true
                }
                if groups[group]?.deprecated == nil, let deprecated = groups[target]?.deprecated {
                    groups[group, default: GroupInfo()].deprecated = deprecated
                    changed = true
                }
            }
        }
        changed = true
        while changed {
            changed = false
            for (group, target) in pairs where copyTokens(from: target, into: group) > 0 { changed = true }
        }
    }

    private mutating func resolveExtendsTarget(_ group: String, _ extends: (reference: String, file: Int, offset: Int)) -> String? {
        let file = files[extends.file]
        let location = file.location(extends.offset)
        guard let reference = Reference.parseCurly(extends.reference), reference.count > 0 else {
            diagnostics.append(Diagnostic(
                .error, .invalidExtends, "$extends must be a curly-brace reference to a group, such as \"{button}\"; found \"\(extends.reference)\"",
                at: location, token: group))
            return nil
        }
        let target = reference.joined(separator: ".")
        if index[target] != nil {
            diagnostics.append(Diagnostic(
                .error, .invalidExtends, "$extends must name a group, but \(target) is a token", at: location, token: group))
            return nil
        }
        guard isGroup(target) else {
            let hint = Suggestion.hint(for: target, among: groups.keys.sorted()) { "{\($0)}" }
            diagnostics.append(Diagnostic(
                .error, .invalidExtends, "$extends names \(target), which is not a group\(hint)", at: location, token: group))
            return nil
        }
        if group == target || group.hasPrefix(target + ".") {
            diagnostics.append(Diagnostic(
                .error, .invalidExtends, "group \(group) cannot extend \(target), which contains it", at: location, token: group))
            return nil
        }
        return target
    }

    /// Copies every token under `target` into `group` where `group` does not define the same path itself, and
    /// returns how many it copied.
    private mutating func copyTokens(from target: String, into group: String) -> Int {
        let prefix = target + "."
        var copied = 0
        for id in paths.indices where paths[id].hasPrefix(prefix) {
            let path = group + "." + paths[id].dropFirst(prefix.count)
            guard index[path] == nil else { continue }
            var definition = definitions[id]
            definition.extendedGroupType = definition.type == nil ? groupType(of: id) : nil
            definition.group = -1  // the copy is in another group: its type is found by path
            copiedTokens = true
            index.insert(path)
            paths.append(path)
            definitions.append(definition)
            copied += 1
        }
        return copied
    }
}
