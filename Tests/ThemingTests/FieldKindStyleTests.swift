import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Theming

/// The components of the postal address row and compositional-layout seeds, under every bundled theme: their values
/// follow the semantic tokens, so the dark and high-contrast themes restyle them without overrides of their own.
@Suite("PostalAddressRow and the compositional-layout field kinds")
struct FieldKindStyleTests {
    static let themes: [[String]] = [
        [], ["Themes/dark.json"], ["Themes/high-contrast.json"], ["Themes/dark.json", "Themes/high-contrast.json"],
    ]

    @Test("every bundled component is complete under every bundled theme", arguments: themes)
    func complete(files: [String]) throws {
        let theme = try bundledTheme(files)
        #expect(theme.incompleteComponents.isEmpty, "\(theme.incompleteComponents)")
    }

    @Test("the postal address row: five fields in Eureka's order, half and half, thin separators, the field text style")
    func postalAddressRow() throws {
        let theme = try bundledTheme()
        let row = try theme.postalAddressRow
        #expect(row.fieldOrder == [.street, .state, .postalCode, .city, .country])
        #expect(row.postalAddressPercentage == 0.5)
        #expect(row.firstSeparator == row.secondSeparator)
        #expect(row.firstSeparator.width == 1)
        #expect(row.firstSeparator.color == (try theme.addressForm.tableView.separator))
        for field in PostalAddressRowStyle.Field.allCases {
            #expect(row[field].foreground == theme.color(Theme.colors.foreground.default))
            #expect(row[field].typography == theme.font(.inputText))
        }
        #expect(row.cell.background == theme.color(Theme.colors.surfacePrimary.default))
        // An order that names a field the row does not have is refused, naming it.
        let wrong = Theme(
            try ResolvedTheme.resolve([
                .defaultTokens,
                source(
                    ##"""
                    {"theme": {"layout": {"postal-address-row": {"field-order": {"$value": "street, zip"}}}}}
                    """##, name: "order.json"),
            ]))
        let problems = diagnostics { () throws(DiagnosticError) in _ = try wrong.postalAddressRow }
        #expect(
            problems.map(\.message) == [
                "PostalAddressRow.fieldOrder needs a string listing names in 'theme.layout.postal-address-row.field-order', found \"street, zip\": it lists \"zip\", which is not one of street, state, postalCode, city, country"
            ])
        #expect(problems.first?.location?.file == "order.json")
    }

    @Test(
        "toggle: the brand fill when on, the default border when off, the disabled colours when disabled",
        arguments: themes)
    func toggle(files: [String]) throws {
        let theme = try bundledTheme(files)
        let toggle = try theme.toggle
        #expect(toggle[.on].track == theme.color(ColorToken("theme.color.background.brand")))
        #expect(toggle[.off].track == theme.color(ColorToken("theme.color.border.default")))
        #expect(toggle[.on].thumb == toggle[.off].thumb)
        #expect(toggle[.disabled].label == theme.color(ColorToken("theme.color.foreground.disabled")))
        #expect(toggle[.on].switchDuration == 0.2)
        #expect(toggle[.on].thumbShadow.map(\.description) == ["0 1 3 0 #00000033"])
    }

    @Test(
        "button: primary on the brand fill, pressed on the mode's stronger brand; secondary outlined; one height and shape"
    )
    func button() throws {
        for files in Self.themes {
            let theme = try bundledTheme(files)
            let button = try theme.button
            #expect(button.primary[.normal].background == theme.color(ColorToken("theme.color.background.brand")))
            #expect(
                button.primary[.pressed].background
                    == theme.color(ColorToken("theme.color.high-contrast.background.brand")))
            #expect(button.primary[.normal].borderWidth == 0)
            #expect(button.secondary[.normal].borderWidth == 1)
            #expect(button.secondary[.normal].foreground == theme.color(ColorToken("theme.color.foreground.link")))
            for state in ButtonState.allCases {
                #expect(button.primary[state].height == 44)
                #expect(button.primary[state].cornerRadius == button.secondary[state].cornerRadius)
                #expect(button.primary[state].typography.fontWeight == 600)
            }
        }
        // Light and dark: pressing changes the fill; high contrast already draws the strongest brand.
        #expect(try bundledTheme().button.primary[.pressed].background.hex == "#0034a4")
        #expect(try bundledTheme(["Themes/dark.json"]).button.primary[.pressed].background.hex == "#c0d6ff")
    }

    @Test("text fields and text views are drawn as TextInput is, from its tokens; date pickers as pickers are")
    func drawnAsTheirBase() throws {
        let theme = try bundledTheme(["Themes/dark.json"])
        let input = try theme.textInput
        let field = try theme.textField
        let view = try theme.textView
        let picker = try theme.picker
        let datePicker = try theme.datePicker
        for state in FieldState.allCases {
            #expect(field[state] == input[state])
            #expect(view[state].background == input[state].background)
            #expect(view[state].height == 88)
            #expect(picker[state].value == input[state].foreground)
            #expect(picker[state].border == input[state].border)
            #expect(datePicker[state].value == picker[state].value)
            #expect(datePicker[state].chevronIcon == picker[state].chevronIcon)
        }
        #expect(
            try theme.style(of: "TextField").sections.first?.properties.first?.token
                == "theme.color.text-input.default.background")
        #expect(
            try theme.style(of: "DatePicker").sections.first?["chevronIcon"]?.token == "theme.image.date-picker.chevron"
        )
        // A picker restyled restyles the date picker drawn as it is, and no text field.
        let pickers = try Theme.load(themes: [
            source(##"{"theme": {"color": {"picker": {"focused": {"border": {"$value": "#7c3aed"}}}}}}"##)
        ])
        #expect(try pickers.picker[.focused].border.hex == "#7c3aed")
        #expect(try pickers.datePicker[.focused].border.hex == "#7c3aed")
        #expect(try pickers.textInput[.focused].border.hex == "#0055ff")
    }

    @Test("segmented control and section texts")
    func segmentsAndSections() throws {
        let theme = try bundledTheme()
        let segments = try theme.segmentedControl
        #expect(segments[.selected].background.hex == "#0055ff")
        #expect(segments[.unselected].background == segments[.unselected].track)
        #expect(segments[.selected].border.description == "1 solid #8f9194")
        #expect(segments[.selected].height == 32)
        let header = try theme.sectionHeader
        let footer = try theme.sectionFooter
        #expect(header.foreground == footer.foreground)
        #expect(header.typography.fontSize == 14)
        #expect(footer.typography.fontSize == 12)
        #expect([header.paddingTop, header.paddingBottom, footer.paddingTop, footer.paddingBottom] == [24, 8, 8, 24])
    }
}
