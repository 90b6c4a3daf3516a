import DesignTokens

/// The style of a postal address row (Eureka's PostalAddressRow): five address fields, two separators between them,
/// the cell around them, which fields it shows in which order, and the share of the width the left column takes.
///
/// Read from `theme.color.postal-address-row.*`, `theme.typography.postal-address-row.*` and
/// `theme.layout.postal-address-row.*` (the field order and `postalAddressPercentage`).
public struct PostalAddressRowStyle: TypedComponentStyle {
    /// The row's fields.
    public enum Field: String, CaseIterable, Hashable, Sendable {
        case street, state, postalCode, city, country
    }

    /// One field's text.
    public struct FieldStyle: Hashable, Sendable {
        /// The entered text.
        public var foreground: ThemeColor
        public var placeholder: ThemeColor
        public var typography: ThemeTypography

        init(reading fields: inout StyleFields, _ path: [String]) {
            foreground = fields.color(path, "foreground")
            placeholder = fields.color(path, "placeholder")
            typography = fields.typography(path, "typography")
        }
    }

    /// A separator line between fields.
    public struct Separator: Hashable, Sendable {
        public var color: ThemeColor
        /// Its thickness, in points.
        public var width: Double

        init(reading fields: inout StyleFields, _ path: [String]) {
            color = fields.color(path, "color")
            width = fields.points(path, "width")
        }
    }

    /// The row's cell.
    public struct Cell: Hashable, Sendable {
        public var background: ThemeColor
        public var paddingX: Double
        public var paddingY: Double

        init(reading fields: inout StyleFields, _ path: [String]) {
            background = fields.color(path, "background")
            paddingX = fields.points(path, "paddingX")
            paddingY = fields.points(path, "paddingY")
        }
    }

    private let fieldStyles: [FieldStyle]
    /// The fields shown, in the order the return key moves through them (Eureka's `textFieldOrdering`); a field
    /// left out is not shown.
    public let fieldOrder: [Field]
    /// The share of the row's width the left column (postal code and state) takes, from 0 to 1.
    public let postalAddressPercentage: Double
    public let cell: Cell
    /// The line under the street field.
    public let firstSeparator: Separator
    /// The line between the left and right columns.
    public let secondSeparator: Separator
    /// The computed style the typed one is read from.
    private let style: ComponentStyle
    /// Every property, with the token it came from.
    public var sections: [StyleSection] { style.sections }

    /// The style of one field.
    public subscript(field: Field) -> FieldStyle { fieldStyles[Field.allCases.firstIndex(of: field)!] }

    init(reading fields: inout StyleFields) {
        // A schema whose order may name a field `Field` does not spell is refused, field by field.
        fieldOrder = fields.order([], "fieldOrder", as: Field.self)
        postalAddressPercentage = fields.number([], "postalAddressPercentage")
        cell = Cell(reading: &fields, ["cell"])
        fieldStyles = Field.allCases.map { FieldStyle(reading: &fields, [$0.rawValue]) }
        firstSeparator = Separator(reading: &fields, ["firstSeparator"])
        secondSeparator = Separator(reading: &fields, ["secondSeparator"])
        style = fields.style
    }
}
