import DesignTokens

/// The typed styles of the bundled components, each made once with its theme. A component of the schema that the
/// tokens complete has its typed style (or the error of a schema whose component lacks what the style reads); one
/// they do not complete has none, and asking for it gives the error that says which tokens it lacks.
struct BundledStyles: Sendable {
    var textInput: Result<TextInputStyle, DiagnosticError>?
    var textField: Result<TextInputStyle, DiagnosticError>?
    var textView: Result<TextInputStyle, DiagnosticError>?
    var addressForm: Result<AddressFormStyle, DiagnosticError>?
    var postalAddressRow: Result<PostalAddressRowStyle, DiagnosticError>?
    var toggle: Result<ToggleStyle, DiagnosticError>?
    var button: Result<ButtonStyle, DiagnosticError>?
    var picker: Result<PickerStyle, DiagnosticError>?
    var datePicker: Result<PickerStyle, DiagnosticError>?
    var segmentedControl: Result<SegmentedControlStyle, DiagnosticError>?
    var sectionHeader: Result<SectionTextStyle, DiagnosticError>?
    var sectionFooter: Result<SectionTextStyle, DiagnosticError>?

    init(_ components: [ComponentTokens]) {
        func typed<Style: TypedComponentStyle>(_ name: String) -> Result<Style, DiagnosticError>? {
            guard let style = components.first(where: { $0.definition.name == name })?.style else { return nil }
            return Result { () throws(DiagnosticError) in try Style(style) }
        }
        textInput = typed("TextInput")
        textField = typed("TextField")
        textView = typed("TextView")
        addressForm = typed("AddressForm")
        postalAddressRow = typed("PostalAddressRow")
        toggle = typed("Toggle")
        button = typed("Button")
        picker = typed("Picker")
        datePicker = typed("DatePicker")
        segmentedControl = typed("SegmentedControl")
        sectionHeader = typed("SectionHeader")
        sectionFooter = typed("SectionFooter")
    }
}

extension Theme {
    /// TextInput's style in each state.
    /// - Throws: ``DiagnosticError`` naming each token it lacks when the theme's tokens do not complete it.
    public var textInput: TextInputStyle {
        get throws(DiagnosticError) { try typed(storage.bundled.textInput, "TextInput") }
    }
    /// TextField's style (a compositional form's text field, drawn as TextInput is), in each state.
    public var textField: TextInputStyle {
        get throws(DiagnosticError) { try typed(storage.bundled.textField, "TextField") }
    }
    /// TextView's style (multi-line text), in each state; its `height` is the least it grows from.
    public var textView: TextInputStyle {
        get throws(DiagnosticError) { try typed(storage.bundled.textView, "TextView") }
    }
    /// AddressForm's style: its fields and drop-down in each state, its inline error, search box and search screen.
    public var addressForm: AddressFormStyle {
        get throws(DiagnosticError) { try typed(storage.bundled.addressForm, "AddressForm") }
    }
    /// PostalAddressRow's style: its fields, separators, cell, field order and column share.
    public var postalAddressRow: PostalAddressRowStyle {
        get throws(DiagnosticError) { try typed(storage.bundled.postalAddressRow, "PostalAddressRow") }
    }
    /// Toggle's style when on, off and disabled.
    public var toggle: ToggleStyle { get throws(DiagnosticError) { try typed(storage.bundled.toggle, "Toggle") } }
    /// Button's style, primary and secondary, in each state.
    public var button: ButtonStyle { get throws(DiagnosticError) { try typed(storage.bundled.button, "Button") } }
    /// Picker's style in each state.
    public var picker: PickerStyle { get throws(DiagnosticError) { try typed(storage.bundled.picker, "Picker") } }
    /// DatePicker's style (drawn as Picker is), in each state.
    public var datePicker: PickerStyle {
        get throws(DiagnosticError) { try typed(storage.bundled.datePicker, "DatePicker") }
    }
    /// SegmentedControl's style, selected and unselected.
    public var segmentedControl: SegmentedControlStyle {
        get throws(DiagnosticError) { try typed(storage.bundled.segmentedControl, "SegmentedControl") }
    }
    /// SectionHeader's style.
    public var sectionHeader: SectionTextStyle {
        get throws(DiagnosticError) { try typed(storage.bundled.sectionHeader, "SectionHeader") }
    }
    /// SectionFooter's style.
    public var sectionFooter: SectionTextStyle {
        get throws(DiagnosticError) { try typed(storage.bundled.sectionFooter, "SectionFooter") }
    }
}
