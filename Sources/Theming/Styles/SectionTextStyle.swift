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
    /// Every property, with the token it came from.
    public let sections: [StyleSection]

    init(reading fields: inout StyleFields) {
        foreground = fields.color([], "foreground")
        typography = fields.typography([], "typography")
        paddingX = fields.points([], "paddingX")
        paddingTop = fields.points([], "paddingTop")
        paddingBottom = fields.points([], "paddingBottom")
        sections = fields.sections
    }
}
