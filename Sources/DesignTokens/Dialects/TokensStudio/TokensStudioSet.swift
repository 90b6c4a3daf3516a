@_spi(Engine) import TokenJSON

/// A set of a Tokens Studio export (its reader marks the sources, ``TokenSource/Format/tokensStudioSet``): DTCG's
/// `$` properties with Tokens Studio's type names and its values as it writes them (``TokensStudioValues``). The
/// export is said once to be non-conforming, for all its sets.
enum TokensStudioSet: TokenDialect {
    static var valueKey: String { DTCG.valueKey }

    static func isTokenKey(_ key: Int, in document: JSONDocument) -> Bool { DTCG.isTokenKey(key, in: document) }

    static func isValueKey(_ key: Int, in document: JSONDocument) -> Bool { DTCG.isValueKey(key, in: document) }

    static func tokenMember(named name: String) -> TokenMember { DTCG.tokenMember(named: name) }

    static func groupProperty(_ key: Int, in document: JSONDocument) -> GroupProperty? { nil }

    static func type(named name: String) -> TokenType { TokenType.fromTokensStudio(name) }

    static func type(ofToolType name: String) -> TokenType { TokenType.fromTokensStudio(name) }

    static func fileWarning(for source: TokenSource) -> String? {
        "\(source.name) and the other sets of this Tokens Studio export are written as Tokens Studio writes tokens, and read as such (its type names mapped, bare numbers as px, arithmetic computed, and its percentages, weight names, shadows and typographies read as it means them); write DTCG 2025.10 (\"$value\", \"$type\", values as the format defines them) to conform"
    }

    static var warnsOncePerExport: Bool { true }
    static var warnsForWholeFile: Bool { true }
    static var guessesMissingTypes: Bool { false }
    static var interpolatesEverywhere: Bool { true }
    static var typesAreAdvisory: Bool { true }

    static func valueReading(of type: TokenType, writesToolTypes: Bool) -> any ValueReading { TokensStudioValues() }
}

/// A set of a Tokens Studio export written in the legacy form, `value` and `type` without `$`
/// (``LegacyFormat``): read as that form is, and said to be non-conforming once for the export.
enum TokensStudioLegacySet: TokenDialect {
    static var valueKey: String { LegacyFormat.valueKey }

    static func isTokenKey(_ key: Int, in document: JSONDocument) -> Bool {
        LegacyFormat.isTokenKey(key, in: document)
    }

    static func isValueKey(_ key: Int, in document: JSONDocument) -> Bool {
        LegacyFormat.isValueKey(key, in: document)
    }

    static func tokenMember(named name: String) -> TokenMember { LegacyFormat.tokenMember(named: name) }

    static func groupProperty(_ key: Int, in document: JSONDocument) -> GroupProperty? {
        LegacyFormat.groupProperty(key, in: document)
    }

    static func type(named name: String) -> TokenType { TokensStudioSet.type(named: name) }

    static func type(ofToolType name: String) -> TokenType { TokensStudioSet.type(ofToolType: name) }

    static func fileWarning(for source: TokenSource) -> String? { TokensStudioSet.fileWarning(for: source) }

    static var warnsOncePerExport: Bool { true }
    static var warnsForWholeFile: Bool { true }
    static var guessesMissingTypes: Bool { LegacyFormat.guessesMissingTypes }
    static var interpolatesEverywhere: Bool { true }
    static var typesAreAdvisory: Bool { true }

    static func valueReading(of type: TokenType, writesToolTypes: Bool) -> any ValueReading { TokensStudioValues() }
}
