import DesignTokens
import Theming

/// The step renderers run after resolving a theme: turning it into component styles.
///
/// The in-process benchmark times `resolve` and then this step, as one figure ("defaults + theme → every bundled
/// component's styles"). The step is what a renderer does: `Theme(resolved)`, which computes the style of every
/// component of the bundled schema (every property's value in each section, with the id of the token it came from)
/// and their typed styles.
struct ComponentStyleStep {
    /// How many properties the bundled components' styles have (all sections), for the report.
    let propertyCount: Int

    /// Builds the styles once, outside the timed part, to check that the theme completes every bundled component.
    init(prepareWith resolved: ResolvedTheme) throws(DiagnosticError) {
        let theme = Theme(resolved)
        if let incomplete = theme.incompleteComponents.first {
            throw DiagnosticError(theme.problems(of: incomplete.component))
        }
        propertyCount = theme.completeness.reduce(0) { $0 + $1.total }
    }

    /// Builds the styles; returns a number derived from them so the work cannot be optimised away.
    func run(_ resolved: ResolvedTheme) -> Int {
        let theme = Theme(resolved)
        guard let textInput = try? theme.textInput, let toggle = try? theme.toggle else { return -1 }
        var checksum = theme.completeness.count { $0.isComplete }
        for state in FieldState.allCases {
            let styled = textInput[state]
            checksum &+= Int(styled.background.red * 255) &+ Int(styled.borderWidth) &+ Int(styled.height)
        }
        return checksum &+ Int(toggle[.on].track.blue * 255)
    }
}
