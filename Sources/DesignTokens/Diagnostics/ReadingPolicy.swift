/// How deviations from DTCG 2025.10 that have one plain meaning are reported: `"hex": "#000"` in a colour object,
/// an `em` dimension, a typography without `letterSpacing`… (the README's reading-policy table lists each).
///
/// Either way such a value is read as its plain meaning and reported with the rule `non-conforming`; the policy
/// says whether that report is a warning or an error. A deviation whose meaning is not plain (`#12345z`, a
/// dimension with no unit that is not 0, a reference to nothing) is an error under both.
public enum ReadingPolicy: Hashable, Sendable {
    /// Each deviation is a `non-conforming` warning; the files resolve.
    case lenient
    /// Each deviation is a `non-conforming` error, so files that deviate do not resolve: for teams that want the
    /// standard enforced (`--strict`).
    case strict

    /// `diagnostics` with every `non-conforming` warning made an error under ``strict``; as they are otherwise.
    public func applied(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard self == .strict else { return diagnostics }
        return diagnostics.map { diagnostic in
            guard diagnostic.rule == .nonConforming, diagnostic.severity == .warning else { return diagnostic }
            var strict = diagnostic
            strict.severity = .error
            return strict
        }
    }
}
