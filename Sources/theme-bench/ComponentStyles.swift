import DesignTokens

/// The step renderers run after resolving a theme: turning it into component styles.
///
/// The in-process benchmark times `resolve` and then this step, as one figure. This is the one place to change
/// when the `Theming` module lands: make `prepare` keep nothing (or whatever the style needs up front) and make
/// `run` build the TextInput styles from the theme (for instance `TextInputStyle(theme)` for each state), so
/// the figure becomes "defaults + theme → TextInput styles".
///
/// Until then it does what building such a style does with the engine: it reads every TextInput token of the
/// bundled design language by path, typed (`color`, `dimension`, the rest by `value`).
struct ComponentStyleStep {
    /// The TextInput tokens of the bundled defaults (`theme.*.text-input.*`, `theme.*.input.*`).
    let paths: [String]

    /// Looks once, outside the timed part, for the paths the step reads.
    init(prepareWith theme: ResolvedTheme) {
        paths = theme.paths.filter { $0.contains(".text-input.") || $0.contains(".input.") }
    }

    /// Builds the styles; returns a number derived from them so the work cannot be optimised away.
    func run(_ theme: ResolvedTheme) -> Int {
        var checksum = 0
        for path in paths {
            if let color = theme.color(path) {
                checksum &+= Int((color.components[0] ?? 0) * 255)
            } else if let dimension = theme.dimension(path) {
                checksum &+= Int(dimension.points())
            } else if theme.value(path) != nil {
                checksum &+= 1
            }
        }
        return checksum
    }
}
