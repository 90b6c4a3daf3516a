import DesignTokens
import Theming

/// `theme lint` as a library: resolves token files, then checks what resolution accepts but people rarely mean,
/// and the WCAG contrast of what the components of the schema draw.
///
/// ```swift
/// let report = Linter(LintConfiguration(level: .aaa)).lint([.defaultTokens, try TokenSource(contentsOfFile: "Themes/dark.json")])
/// for finding in report.diagnostics { print(finding) }
/// // Themes/dark.json:16:35: warning: [min-contrast] theme.color.foreground.placeholder #8f9194 on … 6.11:1; text needs 7:1 at level AAA (…)
/// ```
///
/// Findings are ``Diagnostic``s with the rules of ``LintRule/catalogue``. Everything `theme resolve` reports
/// comes first, as it reports it (errors stop the other checks: there is no theme to check); then
/// `case-collision`, `deprecated-reference`, `unused-token` (when enabled), `missing-style-token` for each component
/// the tokens define part of (or that ``LintConfiguration/requiredComponents`` names), and contrast: the pairs each
/// complete component draws in each state (``ComponentContrastPairs``) and the pairs declared in `$extensions`
/// (``ExtensionContrastPairs``).
public struct Linter: Sendable {
    public var configuration: LintConfiguration

    public init(_ configuration: LintConfiguration = LintConfiguration()) {
        self.configuration = configuration
    }

    /// Lints a stack of token files, base first.
    /// - Parameters:
    ///   - sources: the files, layered in order as ``ResolvedTheme/resolve(_:policy:)`` layers them.
    ///   - policy: how they are read; with ``ReadingPolicy/keepsGoing``, the tokens that resolve are checked beside
    ///     the errors of those that do not.
    /// - Returns: every finding at its configured severity, and what was checked.
    public func lint(_ sources: [TokenSource], policy: ReadingPolicy = .lenient) -> LintReport {
        lint(
            Result { () throws(DiagnosticError) in try ResolvedTheme.resolve(sources, policy: policy) },
            files: sources.map(\.name))
    }

    /// Lints a theme resolved already, such as a permutation of a ``ThemeResolver``, or reports the errors that
    /// stopped its resolution.
    /// - Parameter files: the names of the files it layers, in order (findings are ordered by them).
    public func lint(_ resolution: Result<ResolvedTheme, DiagnosticError>, files: [String]) -> LintReport {
        let resolved: ResolvedTheme
        switch resolution {
        case .success(let theme): resolved = theme
        case .failure(let error):
            return LintReport(
                diagnostics: configured(error.diagnostics.map { ($0, $0.severity == .error) }, files: files))
        }
        // A theme built past errors keeps them as errors, as a resolution they stopped does.
        var findings = resolved.diagnostics.map { ($0, $0.severity == .error) }
        func run(_ rule: Diagnostic.Rule, _ check: (ResolvedTheme) -> [Diagnostic]) {
            guard configuration.isEnabled(rule) else { return }
            findings += check(resolved).map { ($0, false) }
        }
        run(.caseCollision, CaseCollisionRule.check)
        run(.deprecatedReference, DeprecatedReferenceRule.check)
        run(.unusedToken, UnusedTokenRule.check)

        // Components: those partly defined, or named, report what they lack; the complete ones are checked. Without
        // a rule that looks at them, there are none to style.
        let componentRules = configuration.isEnabled(.missingStyleToken) || configuration.isEnabled(.minContrast)
        let schema = componentRules ? configuration.components ?? .bundled : .empty
        let theme = Theme(resolved, components: schema)
        if configuration.isEnabled(.missingStyleToken) {
            for component in theme.incompleteComponents
            where component.isPartlyDefined || configuration.requiredComponents.contains(component.component) {
                findings += theme.problems(of: component.component).map { ($0, false) }
            }
        }

        // Contrast: the level, the surface, then the pairs components draw and the pairs teams declare.
        let declared = ExtensionContrastPairs.declaredLevel(in: resolved)
        if let problem = declared.problem { findings.append((problem, false)) }
        let level = configuration.level ?? declared.level ?? .aa
        let checker = ContrastChecker(theme: resolved, files: files)
        let surface = surfaceSide(resolved, schema: schema)
        let drawn = ComponentContrastPairs.pairs(of: theme, surface: surface.side, level: level)
        var pairs = drawn.pairs
        if drawn.needsSurface, let problem = surface.problem, configuration.isEnabled(.missingStyleToken) {
            findings.append((problem, false))
        }
        let componentsChecked = !pairs.isEmpty
        if configuration.isEnabled(.invalidContrastPair) || configuration.isEnabled(.minContrast) {
            let declaredPairs = ExtensionContrastPairs.pairs(in: resolved, surface: surface.side, level: level)
            findings += declaredPairs.problems.map { ($0, false) }
            pairs += declaredPairs.pairs
        }
        guard configuration.isEnabled(.minContrast) else {
            return LintReport(diagnostics: configured(findings, files: files))
        }
        findings += checker.findings(pairs).map { ($0, false) }
        return LintReport(
            diagnostics: configured(findings, files: files), contrastPairsChecked: pairs.count,
            level: componentsChecked ? level : nil)
    }

    /// The surface components sit on, as one side of a pair, or why there is none.
    private func surfaceSide(_ theme: ResolvedTheme, schema: ComponentSchema) -> (
        side: ContrastSide?, problem: Diagnostic?
    ) {
        guard let path = configuration.surfaceToken ?? schema.surface else {
            return (
                nil,
                Diagnostic(
                    lint: .missingStyleToken,
                    "contrast pairs are drawn on the surface, but the component schema names no \"surface\" token")
            )
        }
        guard let token = theme[path] else {
            let hint = theme.nearestPath(to: path).map { "; did you mean '\($0)'?" } ?? ""
            return (
                nil,
                Diagnostic(
                    lint: .missingStyleToken,
                    "contrast is checked against the surface '\(path)', which no file defines\(hint)", token: path)
            )
        }
        guard case .color(let value) = token.value else {
            return (
                nil,
                Diagnostic(
                    lint: .missingStyleToken, "the surface '\(path)' must be a colour, found a \(token.type.name)",
                    at: token.location, token: path)
            )
        }
        return (ContrastSide(label: path, token: path, aliasChain: token.aliasChain, color: ThemeColor(value)), nil)
    }

    /// The findings at their configured severities, without those of rules turned off, in file order.
    private func configured(_ findings: [(Diagnostic, stopsResolution: Bool)], files: [String]) -> [Diagnostic] {
        let kept = findings.compactMap { configuration.applied(to: $0.0, stopsResolution: $0.stopsResolution) }
        return ResolvedTheme.ordered(kept, files: files)
    }
}
