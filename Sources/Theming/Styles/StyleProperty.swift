import DesignTokens

/// The value of one property of a component style.
public enum StyleValue: Hashable, Sendable, CustomStringConvertible {
    case color(ThemeColor)
    /// A length in points (`px` taken as points, `rem` as 16 points).
    case points(Double)
    case image(ThemeImage)

    /// `#0055ff`, `16`, `icExpandMore (template)`.
    public var description: String {
        switch self {
        case .color(let color): color.hex
        case .points(let points): JSONWriter.format(points)
        case .image(let image): image.description
        }
    }
}

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

/// A component whose style ThemeEngine computes from tokens.
public enum Component: String, Hashable, Sendable, CaseIterable {
    case textInput = "TextInput"
    case addressForm = "AddressForm"
}
