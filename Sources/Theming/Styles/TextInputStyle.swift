import DesignTokens

/// The style of a TextInput in each of its six states, and of the components drawn as it is: TextField and
/// TextView (whose ``StateStyle/height`` is the least it grows from).
///
/// Every value comes from the token the component schema names (`Tokens/components.json`): colours from
/// `theme.color.text-input.<state>.*`, the border width from `theme.border-width.input.<state>`, the other
/// lengths from `theme.radius.input.default` and the like, the error icon from `theme.image.text-input.error-icon`,
/// the text styles from `theme.typography.text-input.*`. States the design documents give no tokens for (editing,
/// read-only) have tokens in `defaultTokens.json` whose values are references expressing the fallback, so a theme
/// can override them like any other.
public struct TextInputStyle: TypedComponentStyle {
    /// A TextInput's states.
    public typealias State = FieldState

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
        public var textTypography: ThemeTypography
        public var placeholderTypography: ThemeTypography
        public var titleTypography: ThemeTypography
        public var helperTypography: ThemeTypography
        public var errorLabelTypography: ThemeTypography

        init(reading fields: inout StyleFields, _ path: [String]) {
            background = fields.color(path, "background")
            foreground = fields.color(path, "foreground")
            border = fields.color(path, "border")
            placeholder = fields.color(path, "placeholder")
            title = fields.color(path, "title")
            helper = fields.color(path, "helper")
            errorLabel = fields.color(path, "errorLabel")
            borderWidth = fields.points(path, "borderWidth")
            cornerRadius = fields.points(path, "cornerRadius")
            height = fields.points(path, "height")
            paddingX = fields.points(path, "paddingX")
            paddingY = fields.points(path, "paddingY")
            errorSpacing = fields.points(path, "errorSpacing")
            errorIcon = fields.image(path, "errorIcon")
            textTypography = fields.typography(path, "textTypography")
            placeholderTypography = fields.typography(path, "placeholderTypography")
            titleTypography = fields.typography(path, "titleTypography")
            helperTypography = fields.typography(path, "helperTypography")
            errorLabelTypography = fields.typography(path, "errorLabelTypography")
        }
    }

    private let states: StateStyles<FieldState, StateStyle>
    /// The computed style the typed one is read from.
    private let style: ComponentStyle
    /// Every property of every state, with the token it came from, in state order.
    public var sections: [StyleSection] { style.sections }

    /// The style of one state.
    public subscript(state: FieldState) -> StateStyle { states[state] }

    init(reading fields: inout StyleFields) {
        states = StateStyles(reading: &fields, StateStyle.init)
        style = fields.style
    }
}
