import DesignTokens

/// The concrete style of a TextInput in each of its six states, computed from tokens.
///
/// Every value comes from a token: colours from `theme.color.text-input.<state>.*`, the border width from
/// `theme.border-width.input.<state>`, the other dimensions from `theme.radius.input.default`,
/// `theme.height.input.default`, `theme.padding-x.input.default`, `theme.padding-y.input.default` and
/// `theme.spacing.input.error-gap`, the error icon from `theme.image.text-input.error-icon`. States the
/// design documents give no tokens for (editing, read-only) have tokens in `defaultTokens.json` whose values
/// are references expressing the fallback, so a theme can override them like any other.
public struct TextInputStyle: Hashable, Sendable {
    /// A TextInput's states.
    public enum State: String, Hashable, Sendable, CaseIterable {
        case normal, focused, editing, error, disabled, readOnly

        /// The name of the state's token group: `default`, `focused`… `read-only`.
        public var tokenName: String {
            switch self {
            case .normal: "default"
            case .readOnly: "read-only"
            default: rawValue
            }
        }
    }

    /// The style of one state.
    public struct StateStyle: Hashable, Sendable {
        public var background: ThemeColor
        /// The entered text.
        public var foreground: ThemeColor
        public var border: ThemeColor
        public var placeholder: ThemeColor
        /// The title label above the field.
        public var title: ThemeColor
        /// The helper label below the field.
        public var helper: ThemeColor
        /// The error label below the field.
        public var errorLabel: ThemeColor
        /// Border width, in points.
        public var borderWidth: Double
        public var cornerRadius: Double
        public var height: Double
        /// Leading and trailing padding inside the field.
        public var paddingX: Double
        /// Top and bottom padding inside the field.
        public var paddingY: Double
        /// Space between the field and the error label.
        public var errorSpacing: Double
        /// The icon beside the error label.
        public var errorIcon: ThemeImage
    }

    private let states: [StateStyle]
    /// Every property of every state, with the token it came from, in state order.
    public let sections: [StyleSection]

    /// The style of one state.
    public subscript(state: State) -> StateStyle { states[State.allCases.firstIndex(of: state)!] }

    /// Computes the style from a resolved theme.
    /// - Throws: ``DiagnosticError`` naming every token that is missing or of the wrong type.
    public init(_ tokens: ResolvedTheme) throws(DiagnosticError) {
        var reader = StyleReader(tokens, component: .textInput)
        states = State.allCases.map { state in Self.read(state, from: &reader) }
        sections = try reader.finish()
    }

    private static func read(_ state: State, from reader: inout StyleReader) -> StateStyle {
        reader.section(state.rawValue)
        let colors = "theme.color.text-input.\(state.tokenName)."
        return StateStyle(
            background: reader.color("background", colors + "background"),
            foreground: reader.color("foreground", colors + "foreground"),
            border: reader.color("border", colors + "border"),
            placeholder: reader.color("placeholder", colors + "placeholder"),
            title: reader.color("title", colors + "title"),
            helper: reader.color("helper", colors + "helper"),
            errorLabel: reader.color("errorLabel", colors + "error-label"),
            borderWidth: reader.points("borderWidth", "theme.border-width.input.\(state.tokenName)"),
            cornerRadius: reader.points("cornerRadius", "theme.radius.input.default"),
            height: reader.points("height", "theme.height.input.default"),
            paddingX: reader.points("paddingX", "theme.padding-x.input.default"),
            paddingY: reader.points("paddingY", "theme.padding-y.input.default"),
            errorSpacing: reader.points("errorSpacing", "theme.spacing.input.error-gap"),
            errorIcon: reader.image("errorIcon", "theme.image.text-input.error-icon"))
    }
}
