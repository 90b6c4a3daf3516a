import DesignTokens
import Theming
@_spi(Engine) import TokenJSON

/// How `theme lint` runs: which rules at which severity, and the contrast level.
public struct LintConfiguration: Sendable {
    /// A `--rule` setting that does not fit the catalogue.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Rules set over their defaults (``LintRule/defaultSetting``).
    public var rules: [Diagnostic.Rule: LintRule.Setting]
    /// Whether warnings count as errors (after ``rules`` are applied); info findings stay info.
    public var warningsAsErrors: Bool
    /// The level component contrast is checked at, and declared pairs that name none. Nil: the level the top-most
    /// file declaring one gives on its root group (`"$extensions": {"com.themeengine.contrast": {"level": "AAA"}}`),
    /// found by searching the files from the top down for that key (other root `$extensions` of a file above do
    /// not hide it), else AA.
    public var level: ContrastLevel?
    /// The token whose colour components sit on: what a field's border must stand out from, what labels are read
    /// against, and what a translucent background is composited over. Nil: the schema's `surface`.
    public var surfaceToken: String?
    /// The components whose contrast is checked and whose missing tokens are reported; nil for the bundled schema,
    /// which is then read only when a component rule is on.
    public var components: ComponentSchema?
    /// Components whose missing tokens are reported even when the tokens define none of them (`--component`); a
    /// component partly defined is reported anyway, and one with no token at all is not part of the design language.
    public var requiredComponents: [String]

    public init(
        rules: [Diagnostic.Rule: LintRule.Setting] = [:], warningsAsErrors: Bool = false, level: ContrastLevel? = nil,
        surfaceToken: String? = nil, components: ComponentSchema? = nil, requiredComponents: [String] = []
    ) {
        self.rules = rules
        self.warningsAsErrors = warningsAsErrors
        self.level = level
        self.surfaceToken = surfaceToken
        self.components = components
        self.requiredComponents = requiredComponents
    }

    /// Sets a rule from `id=setting`, as `--rule` gives it: `min-contrast=error`, `unused-token=info`,
    /// `case-collision=off`.
    /// - Throws: ``Problem`` for an unknown rule or setting, or a rule that cannot be configured.
    public mutating func set(_ assignment: String) throws(Problem) {
        guard let equals = assignment.firstIndex(of: "=") else {
            throw Problem(message: "--rule takes <rule>=<setting>, such as min-contrast=error; found '\(assignment)'")
        }
        let id = String(assignment[..<equals])
        let value = String(assignment[assignment.index(after: equals)...])
        guard let rule = LintRule.named(id) else {
            let hint = Suggestion.hint(for: id, among: LintRule.catalogue.map(\.id.id)) { "'\($0)'" }
            throw Problem(message: "unknown rule '\(id)'\(hint)")
        }
        guard let setting = LintRule.Setting(rawValue: value) else {
            let names = LintRule.Setting.allCases.map(\.rawValue)
            let hint = Suggestion.hint(for: value, among: names) { "'\($0)'" }
            throw Problem(
                message: "--rule \(id) must be set to one of \(names.joined(separator: ", ")); found '\(value)'\(hint)")
        }
        guard rule.isConfigurable else {
            throw Problem(
                message: "\(id) cannot be configured: it keeps the token files from resolving, so it is always an error"
            )
        }
        rules[rule.id] = setting
    }

    /// What a rule is set to: as configured, else its default; nil for a rule the catalogue does not know.
    package func setting(for rule: Diagnostic.Rule) -> LintRule.Setting? {
        rules[rule] ?? LintRule.named(rule.id)?.defaultSetting
    }

    /// Whether a check should run at all.
    func isEnabled(_ rule: Diagnostic.Rule) -> Bool {
        setting(for: rule) != .off
    }

    /// A finding at its configured severity, or nil when its rule is off. Errors that keep the files from
    /// resolving stay errors.
    package func applied(to diagnostic: Diagnostic, stopsResolution: Bool = false) -> Diagnostic? {
        var diagnostic = diagnostic
        if !stopsResolution, let configured = rules[diagnostic.rule] {
            guard let severity = configured.severity else { return nil }
            diagnostic.severity = severity
        }
        if warningsAsErrors, diagnostic.severity == .warning { diagnostic.severity = .error }
        return diagnostic
    }
}
