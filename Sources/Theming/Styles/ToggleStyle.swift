import DesignTokens

/// The style of a Toggle (a switch and its label) when on, off and disabled, from `theme.color.toggle.<state>.*`.
public struct ToggleStyle: TypedComponentStyle {
    /// The style of one state.
    public struct StateStyle: Hashable, Sendable {
        public var track: ThemeColor
        public var thumb: ThemeColor
        public var label: ThemeColor
        public var labelTypography: ThemeTypography
        public var thumbShadow: [ThemeShadow]
        /// How long the thumb takes to move, in seconds.
        public var switchDuration: Double

        init(reading fields: inout StyleFields, _ path: [String]) {
            track = fields.color(path, "track")
            thumb = fields.color(path, "thumb")
            label = fields.color(path, "label")
            labelTypography = fields.typography(path, "labelTypography")
            thumbShadow = fields.shadow(path, "thumbShadow")
            switchDuration = fields.duration(path, "switchDuration")
        }
    }

    private let states: StateStyles<ToggleState, StateStyle>
    /// The computed style the typed one is read from.
    private let style: ComponentStyle
    /// Every property of every state, with the token it came from.
    public var sections: [StyleSection] { style.sections }

    /// The style of one state.
    public subscript(state: ToggleState) -> StateStyle { states[state] }

    init(reading fields: inout StyleFields) {
        states = StateStyles(reading: &fields, StateStyle.init)
        style = fields.style
    }
}
