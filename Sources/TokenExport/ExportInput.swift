import DesignTokens

/// What an export writes: the themes it holds and how.
///
/// The first variant is the base, written whole; every other is written as it differs from the base (CSS), as an
/// appearance of the same asset (asset catalogs, Android resources), or whole beside it (Swift constants, DTCG).
public struct ExportInput: Sendable {
    /// The base first, then the other themes or permutations, in the order they are written.
    public var variants: [ExportVariant]
    public var options: ExportOptions

    public init(variants: [ExportVariant], options: ExportOptions = ExportOptions()) {
        precondition(!variants.isEmpty, "an export holds at least its base")
        self.variants = variants
        self.options = options
    }

    /// The base: the tokens alone, or a resolver document's default permutation.
    public var base: ExportVariant { variants[0] }
}

/// One theme of an export.
public struct ExportVariant: Sendable {
    /// What the variant is called: `base`, a theme file's name (`dark`), or a permutation's
    /// (`mode-dark.contrast-high`).
    public var name: String
    /// The modifiers and contexts that choose it, where it differs from the base: `[("mode", "dark")]` for a
    /// permutation, `[("theme", "dark")]` for a theme file; empty for the base. CSS writes them as attribute
    /// selectors (`[data-mode="dark"]`).
    public var conditions: [Condition]
    /// How it is shown by platforms that switch appearance themselves (asset catalogs, Android's night resources).
    public var appearance: Appearance
    public var theme: ResolvedTheme

    public init(name: String, conditions: [Condition] = [], appearance: Appearance = .any, theme: ResolvedTheme) {
        self.name = name
        self.conditions = conditions
        self.appearance = appearance
        self.theme = theme
    }

    /// A modifier and the context that chooses a variant.
    public struct Condition: Hashable, Sendable {
        public var modifier: String
        public var context: String

        public init(_ modifier: String, _ context: String) {
            self.modifier = modifier
            self.context = context
        }
    }
}

/// The appearance a variant is for, as Apple's asset catalogs and Android's resource qualifiers name it.
public struct Appearance: Hashable, Sendable, CustomStringConvertible {
    public var isDark: Bool
    public var isHighContrast: Bool

    public init(isDark: Bool = false, isHighContrast: Bool = false) {
        self.isDark = isDark
        self.isHighContrast = isHighContrast
    }

    /// Light, normal contrast: what a platform shows when nothing else is asked for.
    public static let any = Appearance()

    public var description: String {
        switch (isDark, isHighContrast) {
        case (false, false): "light"
        case (true, false): "dark"
        case (false, true): "high contrast"
        case (true, true): "dark, high contrast"
        }
    }
}

/// The options of an export; each format reads the ones that mean something to it.
public struct ExportOptions: Sendable {
    /// Swift: the access level of the generated declarations.
    public var access: AccessLevel = .public
    /// Swift: the name of the enum that holds the generated declarations.
    public var typeName = "ThemeTokens"
    /// CSS and DTCG: a token whose whole value is a reference is written as one (`var(--palette-blue-400)`,
    /// `"{palette.blue.400}"`) instead of the value it resolves to.
    public var keepReferences = false
    /// CSS: the variants with an appearance are also written under the media query that asks for it
    /// (`@media (prefers-color-scheme: dark)`, `(prefers-contrast: more)`).
    public var mediaQueries = false

    public init() {}

    /// The access level of generated Swift declarations.
    public enum AccessLevel: String, Sendable, CaseIterable {
        case `public`, `internal`
    }
}
