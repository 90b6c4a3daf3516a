import DesignTokens

/// The style of a SegmentedControl: each segment selected and unselected, over the control's track, from
/// `theme.color.segmented-control.*`.
public struct SegmentedControlStyle: TypedComponentStyle {
    /// A segment in one state.
    public struct StateStyle: Hashable, Sendable {
        public var background: ThemeColor
        /// The segment's label.
        public var foreground: ThemeColor
        /// The control's background, behind its segments.
        public var track: ThemeColor
        public var border: ThemeBorder
        public var cornerRadius: Double
        public var height: Double
        public var typography: ThemeTypography

        init(reading fields: inout StyleFields, _ path: [String]) {
            background = fields.color(path, "background")
            foreground = fields.color(path, "foreground")
            track = fields.color(path, "track")
            border = fields.border(path, "border")
            cornerRadius = fields.points(path, "cornerRadius")
            height = fields.points(path, "height")
            typography = fields.typography(path, "typography")
        }
    }

    private let states: StateStyles<SegmentState, StateStyle>
    /// The computed style the typed one is read from.
    private let style: ComponentStyle
    /// Every property of every state, with the token it came from.
    public var sections: [StyleSection] { style.sections }

    /// The style of a segment in one state.
    public subscript(state: SegmentState) -> StateStyle { states[state] }

    init(reading fields: inout StyleFields) {
        states = StateStyles(reading: &fields, StateStyle.init)
        style = fields.style
    }
}
