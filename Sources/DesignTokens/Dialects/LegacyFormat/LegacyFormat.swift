@_spi(Engine) import TokenJSON

/// The form Style Dictionary v3 and Tokens Studio write: `value` and `type` without `$` (`$`-spelt members are
/// read too), `comment` for a description, type names of their own, group `type` and `description`, and each
/// tool's metadata beside a token. Values are read as those tools mean them (``TokensStudioValues``), a token with
/// no type gets the one its value looks like, and the file is said once to be non-conforming.
enum LegacyFormat: TokenDialect {
    static var valueKey: String { "value" }

    static func isTokenKey(_ key: Int, in document: JSONDocument) -> Bool {
        document.stringEquals(key, ascii: "value")
    }

    static func isValueKey(_ key: Int, in document: JSONDocument) -> Bool {
        document.stringEquals(key, ascii: "value")
    }

    static func tokenMember(named name: String) -> TokenMember {
        switch name.hasPrefix("$") ? String(name.dropFirst()) : name {
        case "type": .toolType
        case "description", "comment": .description
        case "extensions": .extensions
        case "deprecated": .deprecated
        default: .toolMetadata
        }
    }

    static func groupProperty(_ key: Int, in document: JSONDocument) -> GroupProperty? {
        if document.stringEquals(key, ascii: "type") { return .type }
        if document.stringEquals(key, ascii: "description") || document.stringEquals(key, ascii: "comment") {
            return .description
        }
        return nil
    }

    static func type(named name: String) -> TokenType { TokenType(name) }

    static func type(ofToolType name: String) -> TokenType { TokenType.fromTokensStudio(name) }

    static func fileWarning(for source: TokenSource) -> String? {
        "\(source.name) is written as Style Dictionary v3 or Tokens Studio write tokens (\"value\" and \"type\" without \"$\"), and read as such (their type names mapped, bare numbers as px, Tokens Studio's percentages, weight names, shadows and typographies as it means them); write \"$value\" and \"$type\" for DTCG 2025.10"
    }

    static var warnsOncePerExport: Bool { false }
    static var warnsForWholeFile: Bool { true }
    static var guessesMissingTypes: Bool { true }
    static var interpolatesEverywhere: Bool { true }
    static var typesAreAdvisory: Bool { true }

    static func valueReading(of type: TokenType, writesToolTypes: Bool) -> any ValueReading { TokensStudioValues() }

    /// Whether `nodes` of a document (the whole file, or the part a resolver document names) write `"value"` and
    /// no `"$value"`.
    ///
    /// In strict JSON every key is written in double quotes, so the bytes say it without a walk of the tree. In
    /// JSONC and JSON5 a comment may name either and a JSON5 key may be written without quotes or in single quotes,
    /// so there the keys themselves are compared.
    static func writesLegacyKeys(_ document: JSONDocument, nodes: Range<Int>, dialect: JSONDialect) -> Bool {
        guard dialect == .json else {
            var writesValue = false
            for node in nodes where document.kind(node) == .object {
                for (key, _) in document.members(of: node) {
                    if document.stringEquals(key, ascii: "$value") { return false }
                    writesValue = writesValue || document.stringEquals(key, ascii: "value")
                }
            }
            return writesValue
        }
        let last = document.nodes[nodes.upperBound - 1]
        let bytes =
            document.offset(nodes.lowerBound)..<Int(last.offset)
            + (last.kind == .object || last.kind == .array ? 1 : Int(last.length))
        return document.bytes.withUnsafeBufferPointer { buffer in
            // The nodes' span, from the reader's offsets, checked to lie in the document's bytes.
            precondition(bytes.lowerBound >= 0 && bytes.upperBound <= buffer.count, "nodes outside their document")
            let text = UnsafeBufferPointer(rebasing: buffer[bytes])
            return !contains(text, Array("\"$value\"".utf8)) && contains(text, Array("\"value\"".utf8))
        }
    }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        let last = bytes.count - needle.count
        // Each window read is `index..<index + needle.count`, ending at most at `bytes.count`.
        while index <= last {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
