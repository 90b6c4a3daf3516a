/// A token a renderer reads from its themes, named by path.
///
/// Declare your own as an enum of one of the four kinds (``ThemeColorRequirement``, ``ThemeImageRequirement``,
/// ``ThemeDimensionRequirement``, ``ThemeTypographyRequirement``), so call sites stay type-checked
/// (`color(.primaryTint)`), as in Astro Forms; make it `CaseIterable` so a theme can be checked for every case at
/// once (``ThemeRequirements``):
///
/// ```swift
/// enum AppColor: String, ThemeColorRequirement, CaseIterable {
///     case primaryTint = "theme.color.border.brand"
///     var tokenPath: String { rawValue }
/// }
/// ```
///
/// Or use the names ThemeEngine ships: ``ColorToken``'s `.design.colors…` and `.colors…`.
public protocol ThemeRequirement {
    /// The dotted path of the token, such as `theme.color.border.brand`.
    var tokenPath: String { get }
}

/// A colour a renderer reads, naming the `color` token that holds it.
public protocol ThemeColorRequirement: ThemeRequirement {}

/// An icon or image a renderer reads, naming the `image` token that holds it.
public protocol ThemeImageRequirement: ThemeRequirement {}

/// A length a renderer reads, naming the `dimension` token that holds it (in a unit with a length of its own).
public protocol ThemeDimensionRequirement: ThemeRequirement {}

/// A text style a renderer reads, naming the `typography` token that holds it.
public protocol ThemeTypographyRequirement: ThemeRequirement {}

/// A colour token, by path. ThemeEngine's own names are static members, so they read as
/// `color(.design.colors.inputBorder)` or `color(.colors.foreground.danger)`; its cases are those names.
public struct ColorToken: ThemeColorRequirement, Hashable, Sendable, CustomStringConvertible, CaseIterable {
    public var tokenPath: String
    public init(_ tokenPath: String) { self.tokenPath = tokenPath }
    public var description: String { tokenPath }

    /// Every colour ThemeEngine names (``DesignProperties`` and ``SemanticColors``), for checking a theme for them.
    public static let allCases: [ColorToken] = named(in: [DesignProperties(), SemanticColors()])
}

/// An image token, by path; ThemeEngine's own are static members, such as `image(.formBackground)`, and its cases.
public struct ImageToken: ThemeImageRequirement, Hashable, Sendable, CustomStringConvertible, CaseIterable {
    public var tokenPath: String
    public init(_ tokenPath: String) { self.tokenPath = tokenPath }
    public var description: String { tokenPath }

    public static let allCases: [ImageToken] = [
        .textInputErrorIcon, .searchIcon, .expandMore, .linkAccessory, .formBackground,
    ]
}

/// A dimension token, by path, such as `points(.design.spacer.xs)`; its cases are the lengths ThemeEngine names.
public struct DimensionToken: ThemeDimensionRequirement, Hashable, Sendable, CustomStringConvertible, CaseIterable {
    public var tokenPath: String
    public init(_ tokenPath: String) { self.tokenPath = tokenPath }
    public var description: String { tokenPath }

    public static let allCases: [DimensionToken] = named(in: [DesignProperties()])
}

/// A typography token, by path, such as `font(.inputText)`; its cases are the text styles ThemeEngine names.
public struct TypographyToken: ThemeTypographyRequirement, Hashable, Sendable, CustomStringConvertible, CaseIterable {
    public var tokenPath: String
    public init(_ tokenPath: String) { self.tokenPath = tokenPath }
    public var description: String { tokenPath }

    public static let allCases: [TypographyToken] = [.inputText, .inputLabel, .inputHelper]
}

/// The values of type `Name` held in `namespaces` and the structs inside them, in declaration order, each path once:
/// the names a namespace such as ``DesignProperties`` declares, each written once there.
private func named<Name: ThemeRequirement>(in namespaces: [Any]) -> [Name] {
    var names: [Name] = []
    func collect(_ value: Any) {
        for child in Mirror(reflecting: value).children {
            if let name = child.value as? Name {
                if !names.contains(where: { $0.tokenPath == name.tokenPath }) { names.append(name) }
            } else {
                collect(child.value)
            }
        }
    }
    namespaces.forEach(collect)
    return names
}
