import DesignTokens

/// One property of a component style, with the token it came from.
public struct StyleProperty: Hashable, Sendable {
    /// The property's name in the style, such as `border`.
    public var name: String
    public var value: StyleValue
    /// The token the value is read from, such as `theme.color.text-input.focused.border`.
    public var token: String
    /// The tokens the value passes through after ``token``, ending at the one with a literal value; empty when
    /// ``token`` holds the value itself.
    public var aliasChain: [String]
}

/// A group of style properties: one state of a component (`TextInput.focused`) or one of its parts
/// (`AddressForm.searchBar`), named by a path (`["focused"]`, `["textInput", "error"]`).
public struct StyleSection: Hashable, Sendable {
    public var path: [String]
    public var properties: [StyleProperty]

    /// The property with this name.
    public subscript(name: String) -> StyleProperty? { properties.first { $0.name == name } }
}
