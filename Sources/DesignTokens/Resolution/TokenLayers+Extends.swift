@_spi(Engine) import TokenJSON

/// `$extends` (DTCG §6.4), applied on the stacked whole, so that a theme can extend a group of the base file.
extension TokenLayers {
    /// Applies every `$extends` (DTCG §6.4): each extending group gets the tokens of the group it names wherever
    /// it does not define the same path itself, and that group's `$type` and `$deprecated` unless it writes its
    /// own. A group is completed before it is copied: every extending group inside the group it names, and inside
    /// itself, is applied first, so chains and nested extensions get everything whatever order they are written
    /// in. Each group is applied once; a cycle is reported once, naming every group in it.
    mutating func applyExtends() {
        let extending = groups.keys.filter { groups[$0]!.extends != nil }.sorted()
        guard !extending.isEmpty else { return }
        var targets: [Int32: Int32] = [:]
        for group in extending {
            if let target = extendsTarget(of: group) { targets[group] = target }
        }
        // The extending groups at or below each group.
        var extendingWithin: [Int32: [Int32]] = [:]
        for group in extending where targets[group] != nil {
            var ancestor = group
            while ancestor >= 0 {
                extendingWithin[ancestor, default: []].append(group)
                ancestor = table.parents[Int(ancestor)]
            }
        }
        // What must be complete before `group` copies its target: the extending groups inside the target and
        // inside `group`, and those above the target (which copy into it) but not above `group`.
        func prerequisites(_ group: Int32) -> [Int32] {
            let target = targets[group]!
            var before = ((extendingWithin[target] ?? []) + (extendingWithin[group] ?? [])).filter { $0 != group }
            var ancestor = table.parents[Int(target)]
            while ancestor >= 0 {
                if targets[ancestor] != nil, !table.contains(ancestor, group) { before.append(ancestor) }
                ancestor = table.parents[Int(ancestor)]
            }
            return before
        }
        enum State { case applying, applied }
        var states: [Int32: State] = [:]
        var applied: [Int32] = []
        var copied = ExtendsCopies()
        for start in extending where targets[start] != nil && states[start] == nil {
            // Depth first, with an explicit stack: each frame a group and its prerequisites still to look at.
            var stack: [(group: Int32, waiting: [Int32])] = [(start, prerequisites(start))]
            states[start] = .applying
            while let top = stack.last {
                if let next = stack[stack.count - 1].waiting.popLast() {
                    switch states[next] {
                    case nil:
                        states[next] = .applying
                        stack.append((next, prerequisites(next)))
                    case .applying?:
                        let first = stack.firstIndex { $0.group == next }!
                        reportExtendsCycle(stack[first...].map(\.group))
                        for member in stack[first...] { targets[member.group] = nil }
                    case .applied?:
                        break
                    }
                    continue
                }
                stack.removeLast()
                states[top.group] = .applied
                if let target = targets[top.group] {
                    extend(top.group, from: target, copied: &copied)
                    applied.append(top.group)
                }
            }
        }
        // Groups nested in one another can feed each other both ways (a group extending a sibling inside a group
        // that extends another): copy again, in the same order, until nothing is added. Copies only add tokens,
        // within ``ExtendsCopies``' bounds, so this ends.
        var added = copied.tokens
        while added > 0, !copied.isSpent {
            let before = copied.tokens
            for group in applied { extend(group, from: targets[group]!, copied: &copied) }
            added = copied.tokens - before
        }
    }

    /// The group `group`'s `$extends` names, or nil after reporting why it names none.
    private mutating func extendsTarget(of group: Int32) -> Int32? {
        let extends = groups[group]!.extends!
        let location = files[extends.file].location(extends.offset)
        let groupPath = table.path(of: group)
        let isPointer = extends.reference.hasPrefix("#")
        /// A group's path as the `$extends` is written: `{a.b}`, or `#/a/b`.
        func written(_ path: String) -> String {
            isPointer ? JSONPointer.fragment(toPath: path) : "{\(path)}"
        }
        let reference: [String]
        if isPointer,
            case .reference(let pointer) = Reference.parse(pointer: extends.reference, node: 0, memberPath: []),
            pointer.valuePath.isEmpty,
            !extends.reference.hasSuffix("/$value")
        {
            reference = pointer.target.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        } else if !isPointer, let segments = Reference.parseCurly(extends.reference) {
            reference = segments
        } else {
            diagnostics.append(
                Diagnostic(
                    .error, .invalidExtends,
                    "$extends must be a reference to a group, such as \"{button}\" or \"#/button\"; found \"\(extends.reference)\"",
                    at: location, token: groupPath))
            return nil
        }
        let target = reference.joined(separator: ".")
        if token(atPath: target) != nil {
            diagnostics.append(
                Diagnostic(
                    .error, .invalidExtends, "$extends must name a group, but \(target) is a token", at: location,
                    token: groupPath))
            return nil
        }
        guard let node = table.node(forPath: target), node != PathTable.root else {
            let isGroup: (Int32) -> Bool = { self.tokenOfNode[Int($0)] < 0 }
            let hint =
                table.nearestPath(to: reference, among: isGroup, accepts: isGroup).map {
                    "; did you mean \(written($0))?"
                } ?? ""
            diagnostics.append(
                Diagnostic(
                    .error, .invalidExtends, "$extends names \(target), which is not a group\(hint)", at: location,
                    token: groupPath))
            return nil
        }
        if table.contains(node, group) {
            diagnostics.append(
                Diagnostic(
                    .error, .invalidExtends, "group \(groupPath) cannot extend \(target), which contains it",
                    at: location, token: groupPath))
            return nil
        }
        return node
    }

    /// One error for a cycle of `$extends`, at the first group's, with a note at each other group's.
    private mutating func reportExtendsCycle(_ members: [Int32]) {
        let loop = (members + [members[0]]).map { table.path(of: $0) }.joined(separator: " → ")
        func location(_ group: Int32) -> SourceLocation {
            let extends = groups[group]!.extends!
            return files[extends.file].location(extends.offset)
        }
        diagnostics.append(
            Diagnostic(
                .error, .invalidExtends, "$extends forms a cycle: \(loop)", at: location(members[0]),
                token: table.path(of: members[0]),
                notes: members.dropFirst().map {
                    Diagnostic.Note(
                        "\(table.path(of: $0)) extends \(groups[$0]!.extends!.reference) here", at: location($0))
                }))
    }

    /// Gives `group` what `target` has and it lacks: its `$type` and `$deprecated`, and a copy of each token.
    /// `copied` counts what has been copied so far, against its bounds.
    private mutating func extend(_ group: Int32, from target: Int32, copied: inout ExtendsCopies) {
        guard !copied.isSpent else { return }
        if groups[group]?.type == nil, let type = groupType(ofGroup: target) { groups[group]!.type = type }
        if groups[group]?.type == nil, groupTypeIsInvalid(target) { groups[group]!.typeIsInvalid = true }
        if groups[group]?.deprecated == nil, let deprecated = groups[target]?.deprecated {
            groups[group]!.deprecated = deprecated
        }
        // The target's tokens, copied in the order they were first seen (the order every output keeps).
        var tokens: [Int32] = []
        var pending: [Int32] = [target]
        while let node = pending.popLast() {
            for child in table.children(of: node) where holdsTokens[Int(child)] {
                if tokenOfNode[Int(child)] >= 0 {
                    tokens.append(tokenOfNode[Int(child)])
                } else {
                    pending.append(child)
                }
            }
        }
        for token in tokens.sorted().lazy.map(Int.init) {
            // The token's nodes below the target, their names interned under the extending group.
            var below: [Int32] = []
            var node = nodes[token]
            while node != target {
                below.append(node)
                node = table.parents[Int(node)]
            }
            let copy = below.reversed().reduce(group) { parent, source in
                let name = table.name(source)
                return table.intern(name, under: parent)
            }
            growToTable()
            guard tokenOfNode[Int(copy)] < 0 else { continue }
            let site = sites[token]
            if let exceeded = copied.add(valueBytes: files[site.file].document.writtenLength(site.valueNode)) {
                let extends = groups[group]!.extends!
                diagnostics.append(
                    Diagnostic(
                        .error, .invalidExtends,
                        "$extends would add \(exceeded) to the set; \(table.path(of: group)) copies no more",
                        at: files[extends.file].location(extends.offset), token: table.path(of: group)))
                return
            }
            var definition = definitions[token]
            if definition.extendedGroupType == nil, definition.type == nil {
                let sourceGroup = table.parents[Int(nodes[token])]
                definition.extendedGroupType = groupType(ofGroup: sourceGroup)
                if definition.extendedGroupType == nil, groupTypeIsInvalid(sourceGroup) {
                    definition.typeIsInvalid = true
                }
            }
            addToken(at: copy, site, definition)
        }
    }
}

/// What `$extends` has copied into a token set, against the bounds that keep groups extending each other in a
/// chain (each link can double the set) from exhausting memory: at most ``maximumTokens`` tokens, and values
/// of at most ``maximumValueBytes`` as written, in all.
struct ExtendsCopies {
    /// The most tokens `$extends` may add to a token set in all.
    static let maximumTokens = 1_000_000
    /// The most bytes of written values `$extends` may copy in all (each copy is decoded on its own).
    static let maximumValueBytes = 64 << 20

    private(set) var tokens = 0
    private(set) var valueBytes = 0
    /// Whether a bound has been met: nothing more is copied.
    private(set) var isSpent = false

    /// Counts one more token whose value is `valueBytes` long as written; nil when that fits, else what it would
    /// exceed (`more than 1000000 tokens`), and the copies end.
    mutating func add(valueBytes bytes: Int) -> String? {
        if tokens >= Self.maximumTokens {
            isSpent = true
            return "more than \(Self.maximumTokens) tokens"
        }
        if valueBytes + bytes > Self.maximumValueBytes {
            isSpent = true
            return "more than \(Self.maximumValueBytes >> 20) MiB of values"
        }
        tokens += 1
        valueBytes += bytes
        if tokens == Self.maximumTokens { isSpent = true }
        return nil
    }
}
