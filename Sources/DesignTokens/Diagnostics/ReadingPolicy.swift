/// How files that are not perfect are read: whether deviations from DTCG 2025.10 that have one plain meaning
/// (`"hex": "#000"` in a colour object, an `em` dimension, a typography without `letterSpacing`…, each a row of the
/// README's reading-policy table) are warnings or errors, and whether tokens in error stop the whole theme.
///
/// Either way a deviation is read as its plain meaning and reported with the rule `non-conforming`; the policy
/// says whether that report is a warning or an error. A deviation whose meaning is not plain (`#12345z`, a
/// dimension with no unit that is not 0, a reference to nothing) is an error under both.
public struct ReadingPolicy: Hashable, Sendable {
    /// Whether each deviation is a `non-conforming` error rather than a warning.
    public var deviationsAreErrors: Bool
    /// Whether a theme is built when some tokens are in error: those tokens, and every token that depends on one,
    /// are left out (``ResolvedTheme/leftOut``), and the errors are in its ``ResolvedTheme/diagnostics``
    /// (`--keep-going`). Otherwise any error stops resolution, and nothing is built.
    public var keepsGoing: Bool

    public init(deviationsAreErrors: Bool = false, keepsGoing: Bool = false) {
        self.deviationsAreErrors = deviationsAreErrors
        self.keepsGoing = keepsGoing
    }

    /// Each deviation is a `non-conforming` warning; the files resolve.
    public static let lenient = ReadingPolicy()
    /// Each deviation is a `non-conforming` error, so files that deviate do not resolve: for teams that want the
    /// standard enforced (`--strict`).
    public static let strict = ReadingPolicy(deviationsAreErrors: true)

    /// This policy, keeping going past tokens in error (``keepsGoing``).
    public var keepingGoing: ReadingPolicy {
        var policy = self
        policy.keepsGoing = true
        return policy
    }

    /// `diagnostics` with every `non-conforming` warning made an error where ``deviationsAreErrors``; as they are
    /// otherwise.
    public func applied(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard deviationsAreErrors else { return diagnostics }
        return diagnostics.map { diagnostic in
            guard diagnostic.rule == .nonConforming, diagnostic.severity == .warning else { return diagnostic }
            var strict = diagnostic
            strict.severity = .error
            return strict
        }
    }
}
