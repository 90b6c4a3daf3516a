import DesignTokens
import Theming

/// What `theme lint` found: every finding at its configured severity, in file order, and what was checked.
public struct LintReport: Sendable {
    /// The findings, by file (in layer order), then line and column.
    public var diagnostics: [Diagnostic]
    /// How many colour pairs were checked for contrast: each pair a component state draws, and each pair
    /// declared in `$extensions`. Zero when none were checked: the token files do not resolve, or `min-contrast`
    /// is off.
    public var contrastPairsChecked: Int
    /// The level component pairs were checked at; nil when they could not be checked, or when the permutations
    /// linted together were checked at different levels (``levels``).
    public var level: ContrastLevel?
    /// Every level component pairs were checked at: one for a stack of files, more when permutations of a
    /// resolver document declare different ones; empty when components could not be checked.
    public var levels: [ContrastLevel]

    public init(
        diagnostics: [Diagnostic], contrastPairsChecked: Int = 0, level: ContrastLevel? = nil,
        levels: [ContrastLevel]? = nil
    ) {
        self.diagnostics = diagnostics
        self.contrastPairsChecked = contrastPairsChecked
        self.level = level
        self.levels = levels ?? level.map { [$0] } ?? []
    }

    /// Whether any finding is an error: `theme lint` then exits with status 1.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The number of findings of a severity.
    public func count(_ severity: Diagnostic.Severity) -> Int {
        diagnostics.count { $0.severity == severity }
    }
}
