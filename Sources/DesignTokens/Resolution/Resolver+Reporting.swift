@_spi(Engine) import TokenJSON

/// How resolution reports: errors and warnings located in the files, `non-conforming` warnings named by the member
/// that deviates, and the notes that walk an alias chain.
extension Resolver {
    /// A `non-conforming` warning about a token's value, at `node` inside it, named by its member as
    /// ``reportDeviations(of:)`` names them.
    mutating func nonConforming(_ message: String, token id: Int, at node: Int) {
        report([DeviationLog.Entry(node: node, message: message)], of: id)
    }

    /// One `non-conforming` warning for each deviation the decoder recorded in the token's value, at the node that
    /// deviates, named by its member: `color.black (hex): "#000" read as #000000; write "#000000"`. A value is decoded
    /// once, whatever refers to it, so each is reported once.
    mutating func reportDeviations(of id: Int) {
        report(deviations.entries, of: id)
        deviations.removeAll()
    }

    /// Warnings for deviations in a token's value, each named by the member that deviates (or the object a member is
    /// missing from).
    mutating func report(_ entries: [DeviationLog.Entry], of id: Int) {
        let site = layers.sites[id]
        let document = layers.files[site.file].document
        let paths = memberPaths(document, root: site.valueNode, to: entries.map(\.node))
        let path = layers.path(id)
        for entry in entries {
            let member = ValueDecoder.memberDescription(paths[entry.node] ?? [])
            diagnostics.append(
                Diagnostic(
                    .warning, .nonConforming, "\(path)\(member.isEmpty ? "" : " (\(member))"): \(entry.message)",
                    at: location(site.file, node: entry.node), token: path))
        }
    }

    /// One error for a cycle, at the first member's reference to the next, naming the loop once, with a note at
    /// each other member: linear in the cycle's length however long it is.
    mutating func reportCycle(_ members: [Int]) {
        let id = members[0]
        let chain = (members + [id]).map { layers.path($0) }.joined(separator: " → ")
        let next = members.count > 1 ? members[1] : id
        let reference = pendingReferences(of: id).first(where: { layers.token(atPath: $0.target) == next })
        let notes = members.dropFirst().map { member in
            Diagnostic.Note("\(layers.path(member)) is defined here", at: location(of: member))
        }
        diagnostics.append(
            Diagnostic(
                .error, .circularReference, "circular reference: \(chain)",
                at: reference.map { location(layers.sites[id].file, node: $0.node) } ?? location(of: id),
                token: layers.path(id), notes: Array(notes)))
        inCycle.formUnion(members)
    }

    // MARK: Helpers

    /// The node of a member inside a value, as far down `path` as the written JSON goes.
    func memberNode(_ document: JSONDocument, root: Int, path: [String]) -> Int {
        var node = root
        for segment in path {
            let next: Int?
            switch document.kind(node) {
            case .object: next = document.member(segment, of: node)
            case .array:
                next = Int(segment).flatMap { index in
                    document.elements(of: node).dropFirst(index).first(where: { _ in true })
                }
            default: next = nil
            }
            guard let next else { break }
            node = next
        }
        return node
    }

    /// The member path from `root` down to each of `targets`, nodes inside it: `["0", "color", "hex"]`. One walk
    /// down the members that hold a target, in document order, so many targets in one large value cost one pass.
    func memberPaths(_ document: JSONDocument, root: Int, to targets: [Int]) -> [Int: [String]] {
        var paths: [Int: [String]] = [:]
        var pending: [(node: Int, path: [String], targets: ArraySlice<Int>)] = [(root, [], targets.sorted()[...])]
        while let (node, path, nodeTargets) = pending.popLast() {
            var remaining = nodeTargets.drop { $0 <= node }
            if nodeTargets.first == node { paths[node] = path }
            func descend(_ child: Int, _ name: String) {
                let end = Int(document.nodes[child].end)
                remaining = remaining.drop { $0 < child }
                let inside = remaining.prefix { $0 < end }
                guard !inside.isEmpty else { return }
                pending.append((child, path + [name], inside))
                remaining = remaining.dropFirst(inside.count)
            }
            switch document.kind(node) {
            case .object:
                for (key, value) in document.members(of: node) where !remaining.isEmpty {
                    descend(value, document.string(key))
                }
            case .array:
                for (index, element) in document.elements(of: node).enumerated() where !remaining.isEmpty {
                    descend(element, String(index))
                }
            default:
                break
            }
        }
        return paths
    }

    /// Notes that walk an alias chain from `start` to its end: "theme.a refers to {theme.b}", ….
    func aliasNotes(from start: Int) -> [Diagnostic.Note] {
        var notes: [Diagnostic.Note] = []
        var current = start
        var seen: Set<Int> = []
        while seen.insert(current).inserted {
            let site = layers.sites[current]
            let document = layers.files[site.file].document
            if aliasOf[current] >= 0 {
                // `{"$value": {"$ref": …}}` is an object, not a string: quote it as written.
                let node = site.valueNode
                let written =
                    document.kind(node) == .string
                    ? document.string(node) : JSONWriter.compactText(document.value(node))
                notes.append(Diagnostic.Note("\(layers.path(current)) refers to \(written)", at: location(of: current)))
                current = Int(aliasOf[current])
            } else {
                let type = types[current].map { "\($0)" } ?? "untyped"
                notes.append(
                    Diagnostic.Note(
                        "\(layers.path(current)) is a \(type) token: \(JSONWriter.compactText(value(of: current)?.flatJSON ?? .null))",
                        at: location(of: current)))
                break
            }
        }
        return notes
    }

    func location(of id: Int) -> SourceLocation {
        let site = layers.sites[id]
        return location(site.file, node: site.valueNode)
    }

    func location(_ file: Int, node: Int) -> SourceLocation {
        layers.files[file].location(layers.files[file].document.offset(node))
    }

    mutating func error(
        _ rule: Diagnostic.Rule, _ message: String, token id: Int, at node: Int?, notes: [Diagnostic.Note] = []
    ) {
        let site = layers.sites[id]
        let place = node.map { location(site.file, node: $0) } ?? layers.keyLocation(id)
        diagnostics.append(Diagnostic(.error, rule, message, at: place, token: layers.path(id), notes: notes))
    }
}
