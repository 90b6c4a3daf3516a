/// Something that reads colours from its theme, by requirements of one type.
///
/// The traits belong to the main actor, like the views that adopt them.
///
/// As in Astro Forms, the requirement type is the app's own enum (or ThemeEngine's ``ColorToken``, the
/// default), so every call site is checked by the compiler: `textView.tintColor = color(.primaryTint)?.uiColor`.
@MainActor
public protocol ThemeableColorTraits {
    associatedtype ColorRequirement: ThemeColorRequirement = ColorToken
    /// The theme in effect, usually a ``ThemeScope``'s ``ThemeScope/effectiveTheme``.
    var theme: Theme? { get }
}

extension ThemeableColorTraits {
    /// The colour of the current theme for a requirement; nil without a theme or a matching token.
    public func color(_ requirement: ColorRequirement) -> ThemeColor? {
        theme?.color(requirement)
    }
}

/// Something that reads icons and images from its theme, by requirements of one type.
@MainActor
public protocol ThemeableImageTraits {
    associatedtype ImageRequirement: ThemeImageRequirement = ImageToken
    var theme: Theme? { get }
}

extension ThemeableImageTraits {
    /// The image of the current theme for a requirement; nil without a theme or a matching token.
    public func image(_ requirement: ImageRequirement) -> ThemeImage? {
        theme?.image(requirement)
    }
}

/// A themeable view: reads colours and images from its theme, and re-applies them in ``updateTheme()`` when
/// the theme changes (hook it to ``ThemeScope/onThemeChange``).
@MainActor
public protocol Themeable: ThemeableColorTraits, ThemeableImageTraits {
    func updateTheme()
}
