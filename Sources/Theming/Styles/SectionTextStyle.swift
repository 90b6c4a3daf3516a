import DesignTokens

/// The style of the text above or below a section of fields (SectionHeader, SectionFooter), from
/// `theme.color.section-header.foreground` (and `section-footer`) and their text style and paddings.
public struct SectionTextStyle: TypedComponentStyle {
    public let foreground: ThemeColor
    public let typography: ThemeTypography
    /// Leading and trailing padding.
    public let paddingX: Double
    public let paddingTop: Double
    public let paddingBottom: Double
    /// The computed style the typed one is read from.
    private let style: ComponentStyle
    /// Every property, with the token it came from.
    public var sections: [StyleSection] { style.sections }

    init(reading fields: inout StyleFields) {
        foreground = fields.color([], "foreground")
        typography = fields.typography([], "typography")
        paddingX = fields.points([], "paddingX")
        paddingTop = fields.points([], "paddingTop")
        paddingBottom = fields.points([], "paddingBottom")
        style = fields.style
    }
}
