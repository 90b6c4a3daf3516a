import DesignTokens

/// The style of a Button, primary and secondary, in each state (normal, pressed, disabled), from
/// `theme.color.button.<variant>.<state>.*` and the button's lengths and text style.
public struct ButtonStyle: TypedComponentStyle {
    /// One variant in one state.
    public struct StateStyle: Hashable, Sendable {
        public var background: ThemeColor
        /// The label.
        public var foreground: ThemeColor
        public var border: ThemeColor
        public var borderWidth: Double
        public var cornerRadius: Double
        public var height: Double
        /// Leading and trailing padding around the label.
        public var paddingX: Double
        public var typography: ThemeTypography

        init(reading fields: inout StyleFields, _ path: [String]) {
            background = fields.color(path, "background")
            foreground = fields.color(path, "foreground")
            border = fields.color(path, "border")
            borderWidth = fields.points(path, "borderWidth")
            cornerRadius = fields.points(path, "cornerRadius")
            height = fields.points(path, "height")
            paddingX = fields.points(path, "paddingX")
            typography = fields.typography(path, "typography")
        }
    }

    /// The primary button (a form's submit), by state: `primary[.pressed]`.
    public let primary: StateStyles<ButtonState, StateStyle>
    /// A secondary button, by state.
    public let secondary: StateStyles<ButtonState, StateStyle>
    /// The computed style the typed one is read from.
    private let style: ComponentStyle
    /// Every property of every variant and state, with the token it came from.
    public var sections: [StyleSection] { style.sections }

    init(reading fields: inout StyleFields) {
        primary = StateStyles(reading: &fields, under: ["primary"], StateStyle.init)
        secondary = StateStyles(reading: &fields, under: ["secondary"], StateStyle.init)
        style = fields.style
    }
}
