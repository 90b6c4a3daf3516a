import DesignTokens
import Theming

/// One check of `theme lint`: its id, how serious its findings are unless configured, and what it finds.
public struct LintRule: Hashable, Sendable {
    /// What a rule is set to: a severity, or off.
    public enum Setting: String, Hashable, Sendable, CaseIterable {
        case off, info, warning, error

        /// The severity of findings, or nil when the rule is off.
        public var severity: Diagnostic.Severity? {
            switch self {
            case .off: nil
            case .info: .info
            case .warning: .warning
            case .error: .error
            }
        }
    }

    public var id: Diagnostic.Rule
    /// What the rule is set to unless `--rule` says otherwise.
    public var defaultSetting: Setting
    /// One line: when the rule fires.
    public var summary: String
    /// Whether `--rule` may change it. The errors that keep token files from resolving cannot be lowered: without
    /// a resolved theme there is nothing to check. (`type-mismatch` can be configured: that changes only the
    /// warnings it also gives, when just a group's `$type` disagrees.)
    public var isConfigurable: Bool

    package init(_ id: Diagnostic.Rule, _ defaultSetting: Setting, _ summary: String, configurable: Bool = true) {
        self.id = id
        self.defaultSetting = defaultSetting
        self.summary = summary
        self.isConfigurable = configurable
    }
}

extension LintRule {
    /// Every rule, in the order `theme lint --help`, the README and SARIF list them: reading and structure, types
    /// and values, references, layering, then the checks only `theme lint` makes.
    public static let catalogue: [LintRule] = [
        // Reported by the engine while resolving (`theme resolve` gives the same).
        LintRule(.unreadableFile, .error, "a file cannot be read", configurable: false),
        LintRule(.invalidJSON, .error, "the file is not valid JSON", configurable: false),
        LintRule(.duplicateKey, .warning, "two members of one object share a key (the later one counts)"),
        LintRule(.invalidName, .error, "a name starts with $ or contains {, } or .", configurable: false),
        LintRule(.tokenWithChildren, .error, "an object has $value and child tokens or groups", configurable: false),
        LintRule(
            .invalidToken, .error, "a group member that is not an object, or a malformed $type, $description…",
            configurable: false),
        LintRule(.unknownProperty, .warning, "a $-property DTCG does not define"),
        LintRule(
            .invalidExtends, .error, "$extends names a token or a missing group, or forms a cycle", configurable: false),
        LintRule(.missingType, .error, "a token in a DTCG file with no type", configurable: false),
        LintRule(.guessedType, .warning, "a token in a legacy file whose type could only be guessed from its value"),
        LintRule(.unknownType, .warning, "a $type ThemeEngine does not validate"),
        LintRule(.invalidValue, .error, "a value that does not fit its type", configurable: false),
        LintRule(.gamutMapped, .info, "a colour outside the sRGB gamut, gamut-mapped where an sRGB value is needed"),
        LintRule(
            .nonConforming, .warning,
            "a deviation from DTCG 2025.10 with one plain meaning, read as that (an error with --strict)"),
        LintRule(.invalidReference, .error, "a reference that is not well formed", configurable: false),
        LintRule(
            .unresolvedReference, .error, "a reference to a token that does not exist (did you mean …?)",
            configurable: false),
        LintRule(.referenceToGroup, .error, "a curly-brace reference to a group", configurable: false),
        LintRule(.circularReference, .error, "tokens that refer to each other in a loop", configurable: false),
        LintRule(
            .typeMismatch, .error,
            "a reference to a token of another type (a warning when only the group's $type disagrees)"),
        LintRule(.unmatchedOverride, .warning, "a theme token with no counterpart below it (did you mean …?)"),
        LintRule(
            .equivalentNames, .warning, "names in one group that are the same Unicode text written with other bytes"),
        LintRule(
            .invalidResolver, .error,
            "a resolver document that cannot be used: a missing set or modifier, a $ref to nothing or out of its folder",
            configurable: false),
        LintRule(
            .invalidInput, .error, "inputs that choose no permutation of a resolver document", configurable: false),
        LintRule(
            .unusedSet, .warning,
            "a set of a resolver document that no permutation uses, so its tokens are not resolved"),
        LintRule(
            .invalidSchema, .error,
            "a component schema (--components) that cannot be used: an unknown kind, a template naming a state the component lacks",
            configurable: false),
        // Checked by `theme lint` only.
        LintRule(.caseCollision, .warning, "names in one group that differ only by case"),
        LintRule(.deprecatedReference, .warning, "a reference to a $deprecated token (with the reason)"),
        LintRule(.unusedToken, .off, "a primitive (outside theme and design) that no token refers to"),
        LintRule(
            .missingStyleToken, .error,
            "a token a component reads is missing or of the wrong type, for a component the tokens define part of (or --component names)"
        ),
        LintRule(.minContrast, .error, "colours a component draws, or a declared pair, below the WCAG contrast ratio"),
        LintRule(.invalidContrastPair, .error, "a com.themeengine.contrast declaration that cannot be checked"),
    ]

    /// The rule with this id, if the catalogue has it.
    public static func named(_ id: String) -> LintRule? {
        catalogue.first { $0.id.id == id }
    }
}

extension Diagnostic {
    /// A finding of a check `theme lint` makes itself, at the severity the catalogue gives its rule by default
    /// (``LintRule/defaultSetting``): the one place those severities come from. ``LintConfiguration`` then applies
    /// `--rule` and `--warnings-as-errors`. A rule that is off by default runs only when `--rule` gives it a
    /// severity, which replaces this one; its findings are created as info.
    init(
        lint rule: Rule, _ message: String, at location: SourceLocation? = nil, token: String? = nil, notes: [Note] = []
    ) {
        guard let entry = LintRule.named(rule.id) else { preconditionFailure("\(rule) is not in LintRule.catalogue") }
        self.init(entry.defaultSetting.severity ?? .info, rule, message, at: location, token: token, notes: notes)
    }
}

extension Diagnostic.Rule {
    /// Names in one group that differ only by case (DTCG names are case-sensitive; tools may warn, §5.1.1).
    public static let caseCollision: Self = "case-collision"
    /// A reference to a token marked `$deprecated`.
    public static let deprecatedReference: Self = "deprecated-reference"
    /// A primitive token that nothing refers to.
    public static let unusedToken: Self = "unused-token"
    /// Two colours drawn one on the other with less contrast than WCAG asks.
    public static let minContrast: Self = "min-contrast"
    /// A `com.themeengine.contrast` entry in `$extensions` that cannot be checked.
    public static let invalidContrastPair: Self = "invalid-contrast-pair"
}
