@_spi(Engine) import TokenJSON

/// How a token file is written: DTCG 2025.10, or a tool's own format. Each dialect is one type in this folder,
/// which says how its files spell tokens and what its values mean where they are not DTCG's; the engine's walk
/// (``TokenFile``), layering and decoding (``ValueDecoder``) ask it what this protocol lists, and branch on no
/// dialect. Forms of other tools that have one plain meaning in any file (a shadow's `x` and `y`, a Figma weight
/// name, a percentage) are read by the decoder as deviations, wherever they are written.
///
/// A file's dialect is chosen once, when it is read (``DialectDetection/detect(_:nodes:source:)``): the one place
/// that tells dialects apart, as ``TokenSource/dialect`` is for JSON. Adding a dialect is adding a type here, a case to
/// detection, and its own value reading (``ValueReading``) where its values mean more than DTCG's.
protocol TokenDialect: Sendable {
    /// The key of a token's value, as messages name it: `$value`, or `value` where keys are written without `$`.
    static var valueKey: String { get }

    /// Whether `key` makes the object it is in a token: `$value` (or the dialect's own key for it), or a
    /// whole-token `$ref` where the dialect has them.
    static func isTokenKey(_ key: Int, in document: JSONDocument) -> Bool

    /// Whether `key` is the key of a token's value, compared as bytes: checked first for every member of a
    /// token, as nearly every token has one.
    static func isValueKey(_ key: Int, in document: JSONDocument) -> Bool

    /// What a member of a token other than its value is, by its name.
    static func tokenMember(named name: String) -> TokenMember

    /// What a group's member, whose key does not start with `$`, says about the group if the dialect gives such
    /// members a meaning; nil where it is a token or group like any other.
    static func groupProperty(_ key: Int, in document: JSONDocument) -> GroupProperty?

    /// The type a `$type` names.
    static func type(named name: String) -> TokenType

    /// The type the dialect's own type member (``TokenMember/toolType``, ``GroupProperty/type``) names.
    static func type(ofToolType name: String) -> TokenType

    /// The warning a file of the dialect gets once, at its first token, for not being DTCG 2025.10; nil for a
    /// conforming file.
    static func fileWarning(for source: TokenSource) -> String?

    /// Whether the file warning is said once for all the files of one export, rather than once for each file.
    static var warnsOncePerExport: Bool { get }

    /// Whether what the resolver reads as the dialect's tools mean it is covered by the file's one warning rather
    /// than reported token by token: arithmetic, colour functions with references, a colour modifier's stray
    /// `color`, and references to Tokens Studio's `other` type. (What the decoder reads is the value reading's to
    /// say: ``ValueReading/recordsToolForms``.)
    static var warnsForWholeFile: Bool { get }

    /// Whether a token with no type gets the type its value looks like, as the dialect's tools read it (with a
    /// `guessed-type` warning), rather than a `missing-type` error.
    static var guessesMissingTypes: Bool { get }

    /// Whether text with references inside may stand anywhere in a value, as the dialect's tools interpolate it,
    /// rather than only where the value is text.
    static var interpolatesEverywhere: Bool { get }

    /// Whether a type is advice about a value rather than a check of it, as the dialect's tools read types: an alias
    /// whose target is of another type reads the target's value as its own type (a `number` token that refers to
    /// the dimension `18px` is 18px), and is an error only where that value is not one.
    static var typesAreAdvisory: Bool { get }

    /// Walks a file's groups and tokens from `root`, as the dialect spells them. Only the default, which calls
    /// ``TokenFile``'s one walk: through this requirement the walk is compiled for each dialect, where a call on
    /// the file's existential dialect would run it unspecialised. A dialect does not implement it.
    static func walk(_ file: inout TokenFile, from root: Int)

    /// How the values of a token of `type` are read: as DTCG writes them, or as the dialect's tools do.
    /// - Parameter writesToolTypes: whether the file writes another tool's type names in `$type`.
    static func valueReading(of type: TokenType, writesToolTypes: Bool) -> any ValueReading
}

extension TokenDialect {
    static func walk(_ file: inout TokenFile, from root: Int) { file.walk(from: root, Self.self) }
}

/// What a member of a token other than its value is (``TokenDialect/tokenMember(named:)``).
enum TokenMember {
    /// `$ref`: the token is a JSON Pointer to another (DTCG §6.6.2).
    case pointer
    /// `$type`, read with every check.
    case type
    /// A type in the dialect's own spelling, read where it is a string and ignored otherwise.
    case toolType
    case description
    case extensions
    case deprecated
    /// Data the dialect's tools keep beside a token (Style Dictionary's `attributes`, `name`, `path`…).
    case toolMetadata
    /// A member that is not a property of the dialect: reported by what it is.
    case other
}

/// What a group's member says about the group in a dialect that writes group properties without `$`.
enum GroupProperty {
    case type
    case description
}

/// The dialect each source is read in: found here, once, for every file.
enum DialectDetection {
    /// The dialect of `nodes` of a document (the whole file, or the part a resolver document names) read from
    /// `source`: a set of a Tokens Studio export as its reader marks it; a file that writes `"value"` and no
    /// `"$value"` in the form Style Dictionary v3 and Tokens Studio write; DTCG 2025.10 otherwise.
    static func detect(_ document: JSONDocument, nodes: Range<Int>, source: TokenSource) -> any TokenDialect.Type {
        let legacyKeys = LegacyFormat.writesLegacyKeys(document, nodes: nodes, dialect: source.dialect)
        if source.format == .tokensStudioSet { return legacyKeys ? TokensStudioLegacySet.self : TokensStudioSet.self }
        return legacyKeys ? LegacyFormat.self : DTCG.self
    }
}

extension TokenSource {
    /// What a source's reader knows of its dialect before it is read: nothing, or that it is a set of a Tokens
    /// Studio export (the export's reader says so).
    package enum Format: Sendable, Hashable {
        case unknown
        case tokensStudioSet
    }
}
