extension ResolvedTheme {
    /// The theme as a DTCG 2025.10 token tree: groups as in the source files, every `$value` resolved to its
    /// canonical form, `$type` explicit on each token, `$description`, `$deprecated` and `$extensions` kept.
    /// Group `$description`s and `$extensions` are kept too.
    public func treeJSON() -> [UInt8] {
        // Build the tree of groups in first-seen order, then write it depth first.
        final class Node {
            var children: [(name: String, node: Node)] = []
            var childIndex: [String: Int] = [:]
            var token: Int?

            func child(_ name: String) -> Node {
                if let index = childIndex[name] { return children[index].node }
                let node = Node()
                childIndex[name] = children.count
                children.append((name, node))
                return node
            }
        }
        let root = Node()
        for (id, path) in paths.enumerated() {
            var node = root
            for segment in path.split(separator: ".", omittingEmptySubsequences: false) { node = node.child(String(segment)) }
            node.token = id
        }
        var writer = JSONWriter(capacity: count * 96)
        func write(_ node: Node, path: String) {
            writer.beginObject()
            if let id = node.token {
                let definition = layers.definitions[id]
                writer.key("$type")
                writer.string(types[id].name)
                writer.key("$value")
                writer.value(values[id].json)
                if let description = definition.description {
                    writer.key("$description")
                    writer.string(description)
                }
                if let deprecated = definition.deprecated {
                    // `false` is kept too: it undoes a deprecated group's cascade (DTCG §6.3.1).
                    writer.key("$deprecated")
                    switch deprecated {
                    case .notDeprecated: writer.bool(false)
                    case .deprecated(let reason?): writer.string(reason)
                    case .deprecated(nil): writer.bool(true)
                    }
                }
                if let extensions = definition.extensions {
                    writer.key("$extensions")
                    writer.value(layers.files[extensions.file].document.value(extensions.node))
                }
            } else if let group = layers.groups[path] {
                if let description = group.description {
                    writer.key("$description")
                    writer.string(description)
                }
                if case .deprecated(let reason) = group.deprecated {
                    writer.key("$deprecated")
                    if let reason { writer.string(reason) } else { writer.bool(true) }
                }
                if let extensions = group.extensions {
                    writer.key("$extensions")
                    writer.value(layers.files[extensions.file].document.value(extensions.node))
                }
            }
            for (name, child) in node.children {
                writer.key(name)
                write(child, path: path.isEmpty ? name : path + "." + name)
            }
            writer.endObject()
        }
        write(root, path: "")
        return writer.finish()
    }

    /// The theme as one flat JSON object: every token's dotted path (sorted) to its value in compact form
    /// (``TokenValue/flatJSON``): `"#0055ff"`, `"16px"`, `"120ms"`, objects and arrays for composites.
    public func flatJSON() -> [UInt8] {
        var writer = JSONWriter(capacity: count * 48)
        writer.beginObject()
        for id in paths.indices.sorted(by: { paths[$0].utf8.lexicographicallyPrecedes(paths[$1].utf8) }) {
            writer.key(paths[id])
            writer.value(values[id].flatJSON)
        }
        writer.endObject()
        return writer.finish()
    }
}
