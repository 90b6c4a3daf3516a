import DesignTokens
import Testing
import ThemeEngineTestSupport
import Theming

// The examples of the DocC article "Theming a form renderer", copied here and run, so the article stays true;
// change both together.

private struct TextFieldAppearance: Equatable {
    var background = ""
    var border = ""
    var borderWidth = 0.0
    var fontSize = 0.0
}

private func appearance(of theme: Theme, isFocused: Bool, hasError: Bool, isEnabled: Bool) throws -> TextFieldAppearance
{
    let state: FieldState = !isEnabled ? .disabled : hasError ? .error : isFocused ? .focused : .normal
    let style = try theme.textInput[state]
    return TextFieldAppearance(
        background: style.background.hex, border: style.border.hex, borderWidth: style.borderWidth,
        fontSize: style.textTypography.fontSize)
}

private enum BrandColor: String, ThemeColorRequirement, CaseIterable {
    case accent = "theme.color.border.brand"
    var tokenPath: String { rawValue }
}

@MainActor
private final class HeaderRow: Themeable {
    typealias ColorRequirement = BrandColor
    lazy var themeScope = ThemeScope(for: self)
    var tint = ""
    func updateTheme() { tint = color(.accent).hex }
}

@MainActor
private final class Row: Themeable {
    lazy var themeScope = ThemeScope(for: self)
    var border = ""
    var updates = 0
    func updateTheme() {
        updates += 1
        border = color(.design.colors.inputBorder).hex
    }
}

private struct AddressLayout: Equatable {
    var fields: [String] = []
    var leftColumnWidth = 0.0
    var separatorColor = ""
    var streetPlaceholder = ""
}

private func layout(_ theme: Theme, width: Double) throws -> AddressLayout {
    let row = try theme.postalAddressRow
    return AddressLayout(
        fields: row.fieldOrder.map(\.rawValue),
        leftColumnWidth: (width - 2 * row.cell.paddingX) * row.postalAddressPercentage,
        separatorColor: row.firstSeparator.color.hex,
        streetPlaceholder: row[.street].placeholder.hex)
}

private func toggleColors(_ theme: Theme, isOn: Bool, isEnabled: Bool) throws -> (track: String, thumb: String) {
    let state: ToggleState = !isEnabled ? .disabled : isOn ? .on : .off
    let style = try theme.toggle[state]
    return (style.track.hex, style.thumb.hex)
}

@MainActor
@Suite("The 'Theming a form renderer' article")
struct RendererArticleTests {
    @Test("its examples do what the article says")
    func article() throws {
        let light = try Theme.load()
        let dark = try Theme.load(themes: [.dark])

        #expect(
            try appearance(of: light, isFocused: true, hasError: false, isEnabled: true)
                == TextFieldAppearance(background: "#ffffff", border: "#0055ff", borderWidth: 2, fontSize: 16))
        #expect(try appearance(of: dark, isFocused: true, hasError: true, isEnabled: false).background == "#2d2e31")

        let header = HeaderRow()
        header.themeScope.theme = dark
        #expect(header.tint == "#6b9dff")

        let form = ThemeScope()
        let rows = (0..<3).map { _ in Row() }
        for row in rows { form.addChild(row.themeScope) }
        form.theme = light
        #expect(rows.map(\.border) == ["#6f7174", "#6f7174", "#6f7174"])
        rows[2].themeScope.theme = dark
        #expect(rows.map(\.border) == ["#6f7174", "#6f7174", "#8f9194"])
        let updatesBefore = rows.map(\.updates)
        form.theme = dark
        #expect(rows.map(\.border) == ["#8f9194", "#8f9194", "#8f9194"])
        #expect(zip(rows.map(\.updates), updatesBefore).map { $0 - $1 } == [1, 1, 0])

        #expect(
            try layout(light, width: 375)
                == AddressLayout(
                    fields: ["street", "state", "postalCode", "city", "country"], leftColumnWidth: 171.5,
                    separatorColor: "#8f9194",
                    streetPlaceholder: "#6f7174"))
        let noStates = try Theme.load(themes: [
            source(
                ##"""
                {"theme": {"layout": {"postal-address-row": {"field-order": {"$value": "street, postalCode, city, country"}, "postal-address-percentage": {"$value": 0.4}}}}}
                """##)
        ])
        #expect(try layout(noStates, width: 375).fields == ["street", "postalCode", "city", "country"])
        #expect(abs(try layout(noStates, width: 375).leftColumnWidth - 137.2) < 1e-9)

        #expect(try toggleColors(light, isOn: true, isEnabled: true) == ("#0055ff", "#ffffff"))
        #expect(try toggleColors(dark, isOn: false, isEnabled: true) == ("#8f9194", "#0d0e11"))

        form.permutations = ThemePermutations(.bundled())
        rows[0].themeScope.inputs = ["mode": "light"]
        rows[1].themeScope.inputs = ["contrast": "high"]
        form.inputs = ["mode": "dark"]
        #expect(rows[0].border == "#6f7174")
        #expect(rows[1].border == "#ffffff")

        #expect(dark.image(.formBackground).asset == "formBackgroundDark")
        #expect(try light.addressForm.expandMoreIcon == ThemeImage(asset: "icExpandMore", renderingMode: .template))

        let badgeTokens = source(
            ##"""
            {"theme": {"color": {"$type": "color", "badge": {"fill": {"$value": "{theme.color.background.brand}"}, "label": {"$value": "{theme.color.foreground.on-brand}"}}}}}
            """##, name: "badge.json")
        let schema = try ComponentSchema(
            TokenSource(
                name: "components.json",
                bytes: Array(
                    """
                    {"components": {"Badge": {
                      "properties": {
                        "fill": {"kind": "color", "token": "theme.color.badge.fill"},
                        "label": {"kind": "color", "token": "theme.color.badge.label"}
                      },
                      "contrast": [{"foreground": "label", "background": "fill"}]
                    }}}
                    """.utf8)))
        let badged = Theme(try ResolvedTheme.resolve([.defaultTokens, badgeTokens]), components: schema)
        let badge = try badged.style(of: "Badge").section([])?["fill"]?.value
        #expect(badge?.description == "#0055ff")
    }
}
