import DesignTokens

/// The style of an AddressForm and its autocomplete screen.
///
/// Its fields are coloured per state from `theme.color.input.<state>.*` (their labels use ``TextInputStyle``), the
/// state/country drop-down from `theme.color.address-form.dropdown.<state>.*`, the inline error from
/// `theme.color.address-form.inline-error.*`; the search box from `theme.color.search-input.*`; the autocomplete
/// screen's search bar, table, result cells and manual-entry link cell from `theme.color.search-bar.*`,
/// `theme.color.table-view.*`, `theme.color.table-view-cell.*` and `theme.color.table-view-link-cell.*`. The named
/// styles match the design system's: `textInput`, `searchInput`, `searchBar`, `tableView`, `tableViewCell`,
/// `tableViewLinkCell`.
public struct AddressFormStyle: TypedComponentStyle {
    /// An address field in one state.
    public struct Field: Hashable, Sendable {
        public var background: ThemeColor
        public var foreground: ThemeColor
        public var border: ThemeColor
        public var borderWidth: Double
        public var cornerRadius: Double
        public var height: Double
        public var paddingX: Double
        public var paddingY: Double

        init(reading fields: inout StyleFields, _ path: [String]) {
            background = fields.color(path, "background")
            foreground = fields.color(path, "foreground")
            border = fields.color(path, "border")
            borderWidth = fields.points(path, "borderWidth")
            cornerRadius = fields.points(path, "cornerRadius")
            height = fields.points(path, "height")
            paddingX = fields.points(path, "paddingX")
            paddingY = fields.points(path, "paddingY")
        }
    }

    /// The state or country drop-down, drawn inside an address field, in one state.
    public struct Dropdown: Hashable, Sendable {
        /// The chosen state or country.
        public var value: ThemeColor
        public var placeholder: ThemeColor
        /// The tint of the drop-down indicator.
        public var chevron: ThemeColor
        public var chevronIcon: ThemeImage

        init(reading fields: inout StyleFields, _ path: [String]) {
            value = fields.color(path, "value")
            placeholder = fields.color(path, "placeholder")
            chevron = fields.color(path, "chevron")
            chevronIcon = fields.image(path, "chevronIcon")
        }
    }

    /// The error under a field whose address does not validate.
    public struct InlineError: Hashable, Sendable {
        public var foreground: ThemeColor
        public var typography: ThemeTypography
        public var icon: ThemeImage
        /// Space between the field and the error.
        public var spacing: Double

        init(reading fields: inout StyleFields, _ path: [String]) {
            foreground = fields.color(path, "foreground")
            typography = fields.typography(path, "typography")
            icon = fields.image(path, "icon")
            spacing = fields.points(path, "spacing")
        }
    }

    /// The search box above the fields.
    public struct SearchInput: Hashable, Sendable {
        public var background: ThemeColor
        public var foreground: ThemeColor
        public var placeholder: ThemeColor
        public var border: ThemeColor
        /// The tint of the search icon.
        public var icon: ThemeColor
        public var searchIcon: ThemeImage
        public var borderWidth: Double
        public var cornerRadius: Double
        public var height: Double
        public var paddingX: Double

        init(reading fields: inout StyleFields, _ path: [String]) {
            background = fields.color(path, "background")
            foreground = fields.color(path, "foreground")
            placeholder = fields.color(path, "placeholder")
            border = fields.color(path, "border")
            icon = fields.color(path, "icon")
            searchIcon = fields.image(path, "searchIcon")
            borderWidth = fields.points(path, "borderWidth")
            cornerRadius = fields.points(path, "cornerRadius")
            height = fields.points(path, "height")
            paddingX = fields.points(path, "paddingX")
        }
    }

    /// The search bar of the autocomplete screen.
    public struct SearchBar: Hashable, Sendable {
        public var background: ThemeColor
        public var fieldBackground: ThemeColor
        public var foreground: ThemeColor
        public var placeholder: ThemeColor
        public var icon: ThemeColor
        public var searchIcon: ThemeImage

        init(reading fields: inout StyleFields, _ path: [String]) {
            background = fields.color(path, "background")
            fieldBackground = fields.color(path, "fieldBackground")
            foreground = fields.color(path, "foreground")
            placeholder = fields.color(path, "placeholder")
            icon = fields.color(path, "icon")
            searchIcon = fields.image(path, "searchIcon")
        }
    }

    /// The results table of the autocomplete screen.
    public struct TableView: Hashable, Sendable {
        public var background: ThemeColor
        public var separator: ThemeColor

        init(reading fields: inout StyleFields, _ path: [String]) {
            background = fields.color(path, "background")
            separator = fields.color(path, "separator")
        }
    }

    /// A result row of the autocomplete screen.
    public struct TableViewCell: Hashable, Sendable {
        public var background: ThemeColor
        public var selectedBackground: ThemeColor
        public var title: ThemeColor
        public var subtitle: ThemeColor
        public var paddingX: Double
        public var paddingY: Double
        public var minHeight: Double

        init(reading fields: inout StyleFields, _ path: [String]) {
            background = fields.color(path, "background")
            selectedBackground = fields.color(path, "selectedBackground")
            title = fields.color(path, "title")
            subtitle = fields.color(path, "subtitle")
            paddingX = fields.points(path, "paddingX")
            paddingY = fields.points(path, "paddingY")
            minHeight = fields.points(path, "minHeight")
        }
    }

    /// The "enter the address manually" row of the autocomplete screen.
    public struct TableViewLinkCell: Hashable, Sendable {
        public var background: ThemeColor
        public var selectedBackground: ThemeColor
        public var title: ThemeColor
        /// The tint of the trailing icon.
        public var accessory: ThemeColor
        public var accessoryIcon: ThemeImage
        public var paddingX: Double
        public var paddingY: Double
        public var minHeight: Double

        init(reading fields: inout StyleFields, _ path: [String]) {
            background = fields.color(path, "background")
            selectedBackground = fields.color(path, "selectedBackground")
            title = fields.color(path, "title")
            accessory = fields.color(path, "accessory")
            accessoryIcon = fields.image(path, "accessoryIcon")
            paddingX = fields.points(path, "paddingX")
            paddingY = fields.points(path, "paddingY")
            minHeight = fields.points(path, "minHeight")
        }
    }

    /// The address fields (the design system's `textInput` style), by state: `textInput[.focused]`.
    public let textInput: StateStyles<FieldState, Field>
    /// The state or country drop-down, by state.
    public let dropdown: StateStyles<FieldState, Dropdown>
    public let inlineError: InlineError
    public let searchInput: SearchInput
    public let searchBar: SearchBar
    public let tableView: TableView
    public let tableViewCell: TableViewCell
    public let tableViewLinkCell: TableViewLinkCell
    /// Vertical space between fields (`spacer.md`).
    public let fieldSpacing: Double
    /// The drop-down indicator of the state field (`icExpandMore`).
    public let expandMoreIcon: ThemeImage
    public let backgroundImage: ThemeImage
    /// The computed style the typed one is read from.
    private let style: ComponentStyle
    /// Every property, with the token it came from.
    public var sections: [StyleSection] { style.sections }

    init(reading fields: inout StyleFields) {
        textInput = StateStyles(reading: &fields, under: ["textInput"], Field.init)
        dropdown = StateStyles(reading: &fields, under: ["dropdown"], Dropdown.init)
        inlineError = InlineError(reading: &fields, ["inlineError"])
        searchInput = SearchInput(reading: &fields, ["searchInput"])
        searchBar = SearchBar(reading: &fields, ["searchBar"])
        tableView = TableView(reading: &fields, ["tableView"])
        tableViewCell = TableViewCell(reading: &fields, ["tableViewCell"])
        tableViewLinkCell = TableViewLinkCell(reading: &fields, ["tableViewLinkCell"])
        fieldSpacing = fields.points(["form"], "fieldSpacing")
        expandMoreIcon = fields.image(["form"], "expandMoreIcon")
        backgroundImage = fields.image(["form"], "backgroundImage")
        style = fields.style
    }
}
