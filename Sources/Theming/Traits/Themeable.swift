/// Something that reads colours from its theme, by requirements of one type.
///
/// As in Astro Forms, the requirement type is the app's own enum (or ThemeEngine's ``ColorToken``, the default), so
/// every call site is checked by the compiler: `textView.tintColor = color(.primaryTint).uiColor`. The theme has been
/// checked for the requirements when it was set (a ``ThemeScope`` does this for its views), so `color(_:)` returns a
/// colour. The traits belong to the main actor, like the views that adopt them.
@MainActor
public protocol ThemeableColorTraits {
    associatedtype ColorRequirement: ThemeColorRequirement = ColorToken
    /// The theme in effect, usually a ``ThemeScope``'s ``ThemeScope/effectiveTheme``.
    var theme: Theme? { get }
}

extension ThemeableColorTraits {
    /// The colour of the theme in effect for a requirement.
    /// - Precondition: a theme is in effect, and has the token (``ThemeScope`` checks both before it calls
    ///   ``Themeable/updateTheme()``).
    public func color(_ requirement: ColorRequirement) -> ThemeColor {
        inEffect(theme, reading: requirement).color(requirement)
    }
}

/// Something that reads icons and images from its theme, by requirements of one type.
@MainActor
public protocol ThemeableImageTraits {
    associatedtype ImageRequirement: ThemeImageRequirement = ImageToken
    var theme: Theme? { get }
}

extension ThemeableImageTraits {
    /// The image of the theme in effect for a requirement.
    /// - Precondition: a theme is in effect, and has the token.
    public func image(_ requirement: ImageRequirement) -> ThemeImage {
        inEffect(theme, reading: requirement).image(requirement)
    }
}

/// Something that reads lengths from its theme, by requirements of one type.
@MainActor
public protocol ThemeableDimensionTraits {
    associatedtype DimensionRequirement: ThemeDimensionRequirement = DimensionToken
    var theme: Theme? { get }
}

extension ThemeableDimensionTraits {
    /// The length of the theme in effect for a requirement, in points.
    /// - Precondition: a theme is in effect, and has the token.
    public func points(_ requirement: DimensionRequirement) -> Double {
        inEffect(theme, reading: requirement).points(requirement)
    }
}

/// Something that reads text styles from its theme, by requirements of one type.
@MainActor
public protocol ThemeableTypographyTraits {
    associatedtype TypographyRequirement: ThemeTypographyRequirement = TypographyToken
    var theme: Theme? { get }
}

extension ThemeableTypographyTraits {
    /// The text style of the theme in effect for a requirement.
    /// - Precondition: a theme is in effect, and has the token.
    public func font(_ requirement: TypographyRequirement) -> ThemeTypography {
        inEffect(theme, reading: requirement).font(requirement)
    }
}

/// A themeable view: reads colours, images, lengths and text styles from the theme of its node in the form's
/// tree, and re-applies them in ``updateTheme()``, which its scope calls whenever the theme in effect changes.
///
/// ```swift
/// final class AddressRow: UIView, Themeable {
///     lazy var themeScope = ThemeScope(for: self)   // checks this view's requirements, calls updateTheme()
///     func updateTheme() { backgroundColor = color(.design.colors.surfacePrimary.default).uiColor }
/// }
/// form.themeScope.addChild(row.themeScope)           // the row inherits the form's theme
/// ```
@MainActor
public protocol Themeable: AnyObject, ThemeableColorTraits, ThemeableImageTraits, ThemeableDimensionTraits,
    ThemeableTypographyTraits
{
    /// The view's node in its form's tree: `lazy var themeScope = ThemeScope(for: self)`.
    var themeScope: ThemeScope { get }
    /// Re-applies every value the view reads from its theme. Its scope calls it once each time the theme in effect
    /// changes to one that meets the view's requirements; never without a theme.
    func updateTheme()
}

extension Themeable {
    /// The theme of the view's node: its own, else the one it inherits.
    public var theme: Theme? { themeScope.effectiveTheme }
}

/// The theme in effect, for a read that needs one.
@MainActor
private func inEffect(_ theme: Theme?, reading requirement: some ThemeRequirement) -> Theme {
    guard let theme else {
        preconditionFailure(
            "'\(requirement.tokenPath)' was read with no theme in effect; read a view's values in updateTheme(), which runs once its scope has a theme"
        )
    }
    return theme
}
