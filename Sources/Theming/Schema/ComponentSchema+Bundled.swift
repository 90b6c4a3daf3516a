import DesignTokens

extension ComponentSchema {
    /// The components ThemeEngine ships (`Tokens/components.json`, compiled into the library): TextInput,
    /// AddressForm, PostalAddressRow, and the field kinds of a compositional-layout form (TextField, TextView,
    /// Toggle, Button, Picker, DatePicker, SegmentedControl, SectionHeader, SectionFooter).
    public static let bundled: ComponentSchema = {
        do {
            return try ComponentSchema(bundledSource, over: .empty)
        } catch {
            // The tests read it; a schema that does not read is a defect of this build, not of any input.
            preconditionFailure("the bundled component schema does not read: \(error)")
        }
    }()

    /// The bundled schema's file, as the library holds it.
    public static let bundledSource = TokenSource(
        name: "Tokens/components.json", bytes: EmbeddedComponentSchema.bytes.withUTF8Buffer { Array($0) })
}
