@_spi(Engine) import TokenJSON

/// Tokens by id, for the tools that look at every token (lint rules, diffs, tables): a token's id is its position
/// in ``ResolvedTheme/paths``. Each property is read on its own, so a tool pays for what it reads, and builds a
/// whole ``ResolvedToken`` (``ResolvedTheme/token(_:)``) only for the tokens it reports.
extension ResolvedTheme {
    /// The id of the token at a path, or nil.
    package func id(of path: String) -> Int? { layers.token(atPath: path) }

    /// Each token of `other`, by its id there, matched to the id of the token at the same path here, or -1 where
    /// there is none: tokens matched across two themes by their paths' bytes, without a `String` for each. When both
    /// themes' sets grew from one base (``TokenLayers/markAsCommonBase()``), the path nodes numbered below the base's
    /// count are the same node in both and are matched without a lookup.
    package func ids(matching other: ResolvedTheme) -> [Int] {
        let shared = other.layers.sharedNodes(with: layers)
        return other.layers.ids(ofTokensAt: other.layers.nodes, in: layers, sharedNodes: shared).map(Int.init)
    }

    /// The path of a token.
    package func path(of id: Int) -> String { layers.path(id) }

    /// Every token's path, one after another in id order: token `id`'s is `bytes[starts[id]..<starts[id + 1]]`.
    /// For outputs that write every path, without a `String` for each.
    package func allPaths() -> (bytes: [UInt8], starts: [Int]) { layers.table.paths(of: layers.nodes) }

    /// Whether `starts` bound paths in `count` bytes as ``allPaths()``'s do: rising from 0 to at most `count`, so
    /// that every `bytes[starts[id]..<starts[id + 1]]` lies within the bytes. Checked once, in linear time, by
    /// code that then reads the paths' bytes unchecked.
    package static func startsBoundPaths(_ starts: [Int], in count: Int) -> Bool {
        starts.first == 0 && (starts.last ?? 0) <= count && zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// The token whose value a token's value is: itself, or the end of its alias chain. Tokens with the same
    /// source have the same value, so a tool can render it once for all of them.
    package func valueSource(of id: Int) -> Int { Int(valueSources[id]) }

    /// The type of a token.
    package func type(of id: Int) -> TokenType { types[id]! }

    /// Whether a token is deprecated, by itself or through an enclosing group.
    package func deprecation(of id: Int) -> Deprecation { layers.deprecation(of: id) }

    /// A token's `$description`, or nil.
    package func description(of id: Int) -> String? { layers.description(of: id) }

    /// The token a whole-value alias names (the first of its ``ResolvedToken/aliasChain``); nil for other tokens.
    package func aliasTarget(of id: Int) -> Int? { aliasOf[id] >= 0 ? Int(aliasOf[id]) : nil }

    /// Where the value of a token that won is written.
    package func location(of id: Int) -> SourceLocation {
        let site = layers.sites[id]
        let file = layers.files[site.file]
        return file.location(file.document.offset(site.valueNode))
    }

    /// Whether a token carries `$extensions`.
    package func hasExtensions(_ id: Int) -> Bool { layers.definitions[id].extensions != nil }

    /// Whether a token's resolved value equals that of token `otherID` of `other`, compared where both lie.
    package func value(of id: Int, equals otherID: Int, in other: ResolvedTheme) -> Bool {
        value(at: id) == other.value(at: otherID)
    }

    /// A token's value as written, references and all.
    package func writtenValue(of id: Int) -> JSONValue {
        let site = layers.sites[id]
        return layers.files[site.file].document.value(site.valueNode)
    }

    /// Whether a token's written value (references and all) equals that of token `otherID` of `other`.
    package func writtenValue(of id: Int, equals otherID: Int, in other: ResolvedTheme) -> Bool {
        let mine = layers.sites[id]
        let theirs = other.layers.sites[otherID]
        guard mine.valueIsPointer == theirs.valueIsPointer else { return false }
        return layers.files[mine.file].document.equals(
            mine.valueNode, other.layers.files[theirs.file].document, theirs.valueNode)
    }

    /// Each group that holds tokens and has a member whose name `isOfInterest` accepts (given its UTF-8 bytes), in
    /// first-seen order, with the names of its members (in first-seen order) and the first token at or below each:
    /// what rules about names walk. Names are made into `String`s only for the groups handed to `body`.
    package func forEachGroup(
        withMemberNamed isOfInterest: (UnsafeBufferPointer<UInt8>) -> Bool,
        _ body: (_ path: () -> String, _ members: [(name: String, firstToken: Int)]) -> Void
    ) {
        let table = layers.table
        let firstTokens = layers.firstTokens()
        for node in 0..<Int32(table.count) where layers.tokenOfNode[Int(node)] < 0 && firstTokens[Int(node)] >= 0 {
            guard
                table.children(of: node).contains(where: {
                    firstTokens[Int($0)] >= 0 && table.withName($0, isOfInterest)
                })
            else { continue }
            let members = layers.members(of: node, firstTokens: firstTokens).map {
                (table.name($0), Int(firstTokens[Int($0)]))
            }
            body({ table.path(of: node) }, members)
        }
    }
}
