import DesignTokens
import Theming

/// The step renderers run after resolving a theme: turning it into component styles.
///
/// The in-process benchmark times `resolve` and then this step, as one figure ("defaults + theme → TextInput
/// styles"). The step is what a renderer does: `Theming.TextInputStyle(resolved)`, all six states with every
/// property and the token (and alias chain) it came from.
struct ComponentStyleStep {
    /// How many properties the TextInput style has (all states), for the report.
    let propertyCount: Int

    /// Builds the style once, outside the timed part, to check that the theme has every token it needs.
    init(prepareWith theme: ResolvedTheme) throws(DiagnosticError) {
        propertyCount = try TextInputStyle(theme).sections.reduce(0) { $0 + $1.properties.count }
    }

    /// Builds the styles; returns a number derived from them so the work cannot be optimised away.
    func run(_ theme: ResolvedTheme) -> Int {
        guard let style = try? TextInputStyle(theme) else { return -1 }
        var checksum = 0
        for state in TextInputStyle.State.allCases {
            let styled = style[state]
            checksum &+= Int(styled.background.red * 255) &+ Int(styled.borderWidth) &+ Int(styled.height)
        }
        return checksum &+ style.sections.count
    }
}
