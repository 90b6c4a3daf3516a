@_spi(Engine) import TokenJSON

/// DTCG 2025.10 as the format writes it: `$` properties, `$value` or a whole-token `$ref`, the format's types. What
/// a file writes beyond it with one plain meaning is read so, each a deviation (``ValueDecoder``); a `$type` in
/// Tokens Studio's spelling makes its tokens' values read as that tool writes them (``valueReading(of:writesToolTypes:)``).
enum DTCG: TokenDialect {
    static var valueKey: String { "$value" }

    static func isTokenKey(_ key: Int, in document: JSONDocument) -> Bool {
        document.stringEquals(key, ascii: "$value") || document.stringEquals(key, ascii: "$ref")
    }

    static func isValueKey(_ key: Int, in document: JSONDocument) -> Bool {
        document.stringEquals(key, ascii: "$value")
    }

    static func tokenMember(named name: String) -> TokenMember {
        switch name {
        case "$ref": .pointer
        case "$type": .type
        case "$description": .description
        case "$extensions": .extensions
        case "$deprecated": .deprecated
        default: .other
        }
    }

    static func groupProperty(_ key: Int, in document: JSONDocument) -> GroupProperty? { nil }

    static func type(named name: String) -> TokenType { TokenType(name) }

    static func type(ofToolType name: String) -> TokenType { TokenType(name) }

    static func fileWarning(for source: TokenSource) -> String? { nil }

    static var warnsOncePerExport: Bool { false }
    static var warnsForWholeFile: Bool { false }
    static var guessesMissingTypes: Bool { false }
    static var interpolatesEverywhere: Bool { false }
    static var typesAreAdvisory: Bool { false }

    static func valueReading(of type: TokenType, writesToolTypes: Bool) -> any ValueReading {
        if type.toolName != nil { return TokensStudioValues() }
        return writesToolTypes ? TokensStudioTypesInDTCG() : DTCGValues()
    }
}
