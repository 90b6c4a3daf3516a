/// A colour a renderer asks a theme for, naming the token that holds it.
///
/// Declare your own as an enum, so call sites stay type-checked (`color(.primaryTint)`), as in Astro Forms:
///
/// ```swift
/// enum AppColor: String, ThemeColorRequirement, CaseIterable {
///     case primaryTint = "theme.color.border.brand"
///     var tokenPath: String { rawValue }
/// }
/// ```
///
/// Or use the names ThemeEngine ships: ``ColorToken``'s `.design.colors…` and `.colors…`.
public protocol ThemeColorRequirement {
    /// The dotted path of the colour token, such as `theme.color.border.brand`.
    var tokenPath: String { get }
}

/// An icon or image a renderer asks a theme for, naming the `image` token that holds it.
public protocol ThemeImageRequirement {
    /// The dotted path of the image token, such as `theme.image.form.background`.
    var tokenPath: String { get }
}

/// A length a renderer asks a theme for, naming the dimension token that holds it.
public protocol ThemeDimensionRequirement {
    /// The dotted path of the dimension token, such as `design.spacer.xs`.
    var tokenPath: String { get }
}

/// A colour token, by path. ThemeEngine's own names are static members, so they read as
/// `color(.design.colors.inputBorder)` or `color(.colors.foreground.danger)`.
public struct ColorToken: ThemeColorRequirement, Hashable, Sendable, CustomStringConvertible {
    public var tokenPath: String
    public init(_ tokenPath: String) { self.tokenPath = tokenPath }
    public var description: String { tokenPath }
}

/// An image token, by path; ThemeEngine's own are static members, such as `image(.formBackground)`.
public struct ImageToken: ThemeImageRequirement, Hashable, Sendable, CustomStringConvertible {
    public var tokenPath: String
    public init(_ tokenPath: String) { self.tokenPath = tokenPath }
    public var description: String { tokenPath }
}

/// A dimension token, by path, such as `points(.design.spacer.xs)`.
public struct DimensionToken: ThemeDimensionRequirement, Hashable, Sendable, CustomStringConvertible {
    public var tokenPath: String
    public init(_ tokenPath: String) { self.tokenPath = tokenPath }
    public var description: String { tokenPath }
}
