import DesignTokens

/// The concrete style of an AddressForm and its autocomplete screen, computed from tokens.
///
/// Its fields are TextInputs coloured per state from `theme.color.input.<state>.*` (their labels use
/// ``TextInputStyle``); the search box from `theme.color.search-input.*`; the autocomplete screen's search bar,
/// table, result cells and manual-entry link cell from `theme.color.search-bar.*`, `theme.color.table-view.*`,
/// `theme.color.table-view-cell.*` and `theme.color.table-view-link-cell.*`. The named styles match the design
/// system's: `textInput`, `searchInput`, `searchBar`, `tableView`, `tableViewCell`, `tableViewLinkCell`.
public struct AddressFormStyle: Hashable, Sendable {
    /// The states of an address field.
    public enum FieldState: String, Hashable, Sendable, CaseIterable {
        case normal, focused, error

        /// The name of the state's token group: `default`, `focused`, `error`.
        public var tokenName: String { self == .normal ? "default" : rawValue }
    }

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
    }

    /// The search bar of the autocomplete screen.
    public struct SearchBar: Hashable, Sendable {
        public var background: ThemeColor
        public var fieldBackground: ThemeColor
        public var foreground: ThemeColor
        public var placeholder: ThemeColor
        public var icon: ThemeColor
        public var searchIcon: ThemeImage
    }

    /// The results table of the autocomplete screen.
    public struct TableView: Hashable, Sendable {
        public var background: ThemeColor
        public var separator: ThemeColor
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
    }

    private let fields: [Field]
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
    /// Every property, with the token it came from.
    public let sections: [StyleSection]

    /// The style of the address fields (the design system's `textInput` style) in one state.
    public func textInput(_ state: FieldState) -> Field { fields[FieldState.allCases.firstIndex(of: state)!] }

    /// Computes the style from a resolved theme.
    /// - Throws: ``DiagnosticError`` naming every token that is missing or of the wrong type.
    public init(_ tokens: ResolvedTheme) throws(DiagnosticError) {
        var reader = StyleReader(tokens, component: .addressForm)
        fields = FieldState.allCases.map { state in
            reader.section("textInput", state.rawValue)
            let colors = "theme.color.input.\(state.tokenName)."
            return Field(
                background: reader.color("background", colors + "background"),
                foreground: reader.color("foreground", colors + "foreground"),
                border: reader.color("border", colors + "border"),
                borderWidth: reader.points("borderWidth", "theme.border-width.input.\(state.tokenName)"),
                cornerRadius: reader.points("cornerRadius", "theme.radius.input.default"),
                height: reader.points("height", "theme.height.input.default"),
                paddingX: reader.points("paddingX", "theme.padding-x.input.default"),
                paddingY: reader.points("paddingY", "theme.padding-y.input.default"))
        }

        reader.section("searchInput")
        searchInput = SearchInput(
            background: reader.color("background", "theme.color.search-input.background"),
            foreground: reader.color("foreground", "theme.color.search-input.foreground"),
            placeholder: reader.color("placeholder", "theme.color.search-input.placeholder"),
            border: reader.color("border", "theme.color.search-input.border"),
            icon: reader.color("icon", "theme.color.search-input.icon"),
            searchIcon: reader.image("searchIcon", "theme.image.search-input.icon"),
            borderWidth: reader.points("borderWidth", "theme.border-width.input.default"),
            cornerRadius: reader.points("cornerRadius", "theme.radius.input.default"),
            height: reader.points("height", "theme.height.input.default"),
            paddingX: reader.points("paddingX", "theme.padding-x.input.default"))

        reader.section("searchBar")
        searchBar = SearchBar(
            background: reader.color("background", "theme.color.search-bar.background"),
            fieldBackground: reader.color("fieldBackground", "theme.color.search-bar.field-background"),
            foreground: reader.color("foreground", "theme.color.search-bar.foreground"),
            placeholder: reader.color("placeholder", "theme.color.search-bar.placeholder"),
            icon: reader.color("icon", "theme.color.search-bar.icon"),
            searchIcon: reader.image("searchIcon", "theme.image.search-bar.icon"))

        reader.section("tableView")
        tableView = TableView(
            background: reader.color("background", "theme.color.table-view.background"),
            separator: reader.color("separator", "theme.color.table-view.separator"))

        reader.section("tableViewCell")
        let cell = "theme.color.table-view-cell."
        tableViewCell = TableViewCell(
            background: reader.color("background", cell + "background"),
            selectedBackground: reader.color("selectedBackground", cell + "selected-background"),
            title: reader.color("title", cell + "title"),
            subtitle: reader.color("subtitle", cell + "subtitle"),
            paddingX: reader.points("paddingX", "theme.padding-x.table-view-cell.default"),
            paddingY: reader.points("paddingY", "theme.padding-y.table-view-cell.default"),
            minHeight: reader.points("minHeight", "theme.height.table-view-cell.default"))

        reader.section("tableViewLinkCell")
        let link = "theme.color.table-view-link-cell."
        tableViewLinkCell = TableViewLinkCell(
            background: reader.color("background", link + "background"),
            selectedBackground: reader.color("selectedBackground", link + "selected-background"),
            title: reader.color("title", link + "title"),
            accessory: reader.color("accessory", link + "accessory"),
            accessoryIcon: reader.image("accessoryIcon", "theme.image.table-view-link-cell.accessory"),
            paddingX: reader.points("paddingX", "theme.padding-x.table-view-cell.default"),
            paddingY: reader.points("paddingY", "theme.padding-y.table-view-cell.default"),
            minHeight: reader.points("minHeight", "theme.height.table-view-cell.default"))

        reader.section("form")
        fieldSpacing = reader.points("fieldSpacing", "theme.spacing.form.field-gap")
        expandMoreIcon = reader.image("expandMoreIcon", "theme.image.address-form.expand-more")
        backgroundImage = reader.image("backgroundImage", "theme.image.form.background")

        sections = try reader.finish()
    }
}
