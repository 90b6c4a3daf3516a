import DesignTokens

/// The style of a field whose value is chosen from a list (Picker) or with a date picker (DatePicker), in each
/// field state, from `theme.color.picker.<state>.*` (and `date-picker`).
public struct PickerStyle: TypedComponentStyle {
    /// The style of one state.
    public struct StateStyle: Hashable, Sendable {
        public var background: ThemeColor
        public var border: ThemeColor
        /// The chosen value.
        public var value: ThemeColor
        public var placeholder: ThemeColor
        public var title: ThemeColor
        /// The tint of the chevron.
        public var chevron: ThemeColor
        public var chevronIcon: ThemeImage
        public var borderWidth: Double
        public var cornerRadius: Double
        public var height: Double
        public var paddingX: Double
        public var valueTypography: ThemeTypography
        public var titleTypography: ThemeTypography

        init(reading fields: inout StyleFields, _ path: [String]) {
            background = fields.color(path, "background")
            border = fields.color(path, "border")
            value = fields.color(path, "value")
            placeholder = fields.color(path, "placeholder")
            title = fields.color(path, "title")
            chevron = fields.color(path, "chevron")
            chevronIcon = fields.image(path, "chevronIcon")
            borderWidth = fields.points(path, "borderWidth")
            cornerRadius = fields.points(path, "cornerRadius")
            height = fields.points(path, "height")
            paddingX = fields.points(path, "paddingX")
            valueTypography = fields.typography(path, "valueTypography")
            titleTypography = fields.typography(path, "titleTypography")
        }
    }

    private let states: StateStyles<FieldState, StateStyle>
    /// The computed style the typed one is read from.
    private let style: ComponentStyle
    /// Every property of every state, with the token it came from.
    public var sections: [StyleSection] { style.sections }

    /// The style of one state.
    public subscript(state: FieldState) -> StateStyle { states[state] }

    init(reading fields: inout StyleFields) {
        states = StateStyles(reading: &fields, StateStyle.init)
        style = fields.style
    }
}
