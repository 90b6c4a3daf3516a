import ColorSpaces

/// A problem found in token files: what, where, and what to do about it.
///
/// Diagnostics are values: the engine collects every one it finds before reporting, and the `theme` tool prints
/// them compiler-style (`FILE:LINE:COL: error: [rule] message`) with the source line and a caret.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable {
        case info, warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// A secondary message attached to a diagnostic, such as one step of an alias chain.
    public struct Note: Hashable, Sendable {
        public var message: String
        public var location: SourceLocation?

        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = Diagnostic.bounded(message)
            self.location = location
        }
    }

    public var severity: Severity
    /// The rule that fired, such as `unresolved-reference`; see ``Rule``.
    public var rule: Rule
    public var message: String
    /// Where the problem is: the value (or key) that is wrong.
    public var location: SourceLocation?
    /// The dotted path of the token concerned, when there is one.
    public var tokenPath: String?
    public var notes: [Note]

    public init(
        _ severity: Severity, _ rule: Rule, _ message: String, at location: SourceLocation? = nil,
        token tokenPath: String? = nil, notes: [Note] = []
    ) {
        self.severity = severity
        self.rule = rule
        self.message = Self.bounded(message)
        self.location = location
        self.tokenPath = tokenPath
        self.notes = notes
    }

    /// The most Unicode scalars a message holds. Only quoting what a file writes (a value, a name) makes a message
    /// longer; its middle is then elided, keeping the start (what is wrong, and where) and the end (what was
    /// expected, a suggestion). Scalars, not characters, are counted: one character may hold any number of them.
    public static let maximumMessageLength = 1_000

    /// `message` with its middle elided to ``maximumMessageLength`` Unicode scalars, when it is longer.
    package static func bounded(_ message: String) -> String {
        // Checked in bytes first: a scalar is at least one byte, so most messages stop here.
        guard message.utf8.count > maximumMessageLength else { return message }
        let scalars = message.unicodeScalars
        guard scalars.count > maximumMessageLength else { return message }
        let start = (maximumMessageLength - 1) / 2
        var bounded = String.UnicodeScalarView(scalars.prefix(start))
        bounded.append("…")
        bounded.append(contentsOf: scalars.suffix(maximumMessageLength - 1 - start))
        return String(bounded)
    }

    /// `FILE:LINE:COL: severity: [rule] message`, the first line of the printed form.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): [\(rule.id)] \(message)"
    }
}

extension Diagnostic {
    /// The identifier of a check, shown in brackets in every diagnostic.
    public struct Rule: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        public var id: String

        public init(_ id: String) { self.id = id }
        public init(stringLiteral id: String) { self.id = id }
        public var description: String { id }

        // Reading files
        /// The file is not valid JSON (or JSONC or JSON5, as its name says).
        public static let invalidJSON: Rule = "invalid-json"
        /// A file could not be read.
        public static let unreadableFile: Rule = "unreadable-file"
        /// Two members of one object have the same key; the later one counts.
        public static let duplicateKey: Rule = "duplicate-key"

        // Structure
        /// A name that DTCG forbids: starts with `$`, or contains `{`, `}` or `.`.
        public static let invalidName: Rule = "invalid-name"
        /// An object with `$value` that also has child tokens or groups.
        public static let tokenWithChildren: Rule = "token-with-children"
        /// A member that is neither a token nor a group, or a malformed `$` property.
        public static let invalidToken: Rule = "invalid-token"
        /// A `$`-property that DTCG does not define.
        public static let unknownProperty: Rule = "unknown-property"
        /// A `$extends` that names a missing group, a token, or forms a cycle.
        public static let invalidExtends: Rule = "invalid-extends"

        // Types and values
        /// A token whose type cannot be determined.
        public static let missingType: Rule = "missing-type"
        /// A token in a legacy file whose type was inferred from its value.
        public static let guessedType: Rule = "guessed-type"
        /// A `$type` this engine does not know; its value is passed through unchecked.
        public static let unknownType: Rule = "unknown-type"
        /// A value that does not fit its type.
        public static let invalidValue: Rule = "invalid-value"
        /// A colour outside the sRGB gamut, gamut-mapped (CSS Color 4) where an sRGB value is needed (info).
        public static let gamutMapped: Rule = "gamut-mapped"
        /// A deviation from DTCG 2025.10 with one plain meaning (`"hex": "#000"`, an `em` dimension, a member a
        /// token or value does not define), read as that meaning; an error under ``ReadingPolicy/strict``.
        public static let nonConforming: Rule = "non-conforming"

        // References
        /// A reference that is not well formed.
        public static let invalidReference: Rule = "invalid-reference"
        /// A reference to a token that does not exist.
        public static let unresolvedReference: Rule = "unresolved-reference"
        /// A curly-brace reference to a group rather than a token.
        public static let referenceToGroup: Rule = "reference-to-group"
        /// Tokens that refer to each other in a loop.
        public static let circularReference: Rule = "circular-reference"
        /// A reference whose target has a different type than the token needs.
        public static let typeMismatch: Rule = "type-mismatch"

        // Layering
        /// A theme token with no counterpart in the layers below it (nearly always a typo).
        public static let unmatchedOverride: Rule = "unmatched-override"
        /// Names in one group that are canonically equivalent but written with other bytes (`é` precomposed and
        /// decomposed): two names to references, one to people.
        public static let equivalentNames: Rule = "equivalent-names"

        // Resolver documents
        /// A resolver document that cannot be used as written: a missing set or modifier, a modifier without
        /// contexts, a `$ref` to nothing or out of the document's folder, a set that includes itself.
        public static let invalidResolver: Rule = "invalid-resolver"
        /// Inputs that choose no permutation: an unknown modifier, a context it does not have, a modifier left out
        /// that has no default.
        public static let invalidInput: Rule = "invalid-input"
        /// A set a resolver document defines but never uses: not in the resolution order, nor a source of a set or
        /// context that is, so its tokens are not resolved.
        public static let unusedSet: Rule = "unused-set"

        /// Every rule above, in order: the rules this engine reports. Add a rule here when you define one, so
        /// the tools that list rules (the catalogue of `theme lint`) are checked against it.
        package static let all: [Rule] = [
            .invalidJSON, .unreadableFile, .duplicateKey,
            .invalidName, .tokenWithChildren, .invalidToken, .unknownProperty, .invalidExtends,
            .missingType, .guessedType, .unknownType, .invalidValue, .gamutMapped, .nonConforming,
            .invalidReference, .unresolvedReference, .referenceToGroup, .circularReference, .typeMismatch,
            .unmatchedOverride, .equivalentNames,
            .invalidResolver, .invalidInput, .unusedSet,
        ]
    }
}

/// A place in a source file: its name as given, and a 1-based line and column (in Unicode scalars).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COLUMN`.
    public var description: String { "\(file):\(line):\(column)" }
}

/// The error thrown when token files cannot be resolved: every diagnostic found, errors and warnings, and the files
/// they point into.
///
/// Its ``description`` is the diagnostics as the `theme` tool prints them, each with the source line it points at
/// and a caret under the column (on Apple platforms also its `localizedDescription`), so printing the error shows
/// people what to fix:
///
/// ```text
/// Themes/brand.json:6:30: error: [unresolved-reference] theme.color.border.danger refers to {palette.red.60}, which does not exist; did you mean {palette.red.50}?
///         "danger": {"$value": "{palette.red.60}"}
///                              ^
/// ```
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    /// The files the diagnostics point into, for the source lines ``description`` quotes; a diagnostic in a file
    /// not among them is shown without its line.
    public var sources: [TokenSource]

    public init(_ diagnostics: [Diagnostic], sources: [TokenSource] = []) {
        self.diagnostics = diagnostics
        self.sources = sources
    }

    /// The errors among ``diagnostics``.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Every diagnostic as `theme` prints it, without colour: its line, the source line with a caret, its notes.
    public var description: String {
        var text = DiagnosticRenderer(sources: sources, infoShownPerRule: nil).render(diagnostics)
        if text.last == "\n" { text.removeLast() }
        return text
    }

    /// The error with the files its diagnostics point into added to ``sources``.
    package func pointing(into files: [TokenSource]) -> DiagnosticError {
        var error = self
        error.sources += files.filter { file in !sources.contains { $0.name == file.name } }
        return error
    }
}
