import DesignTokens

/// The tokens a renderer reads from its themes, declared once, so that a theme is checked for every one of them
/// before any is read (``Theme/validate(_:)``, or a ``ThemeScope``'s ``ThemeScope/requirements``), and lookups then
/// return values.
///
/// ```swift
/// let requirements = ThemeRequirements(AppColor.self, AppImage.self)   // every case of each
/// try theme.validate(requirements)                                    // one error listing every token missing
/// ```
public struct ThemeRequirements: Hashable, Sendable {
    /// The paths of the colour tokens read, each once.
    public private(set) var colors: [String] = []
    public private(set) var images: [String] = []
    public private(set) var dimensions: [String] = []
    public private(set) var typography: [String] = []
    /// Identity, for a theme to remember which requirement sets it has been checked against; equal sets made apart
    /// are checked apart.
    let identity = Identity()

    final class Identity: Sendable {}

    /// Requirements listed one by one.
    public init(
        colors: [any ThemeColorRequirement] = [], images: [any ThemeImageRequirement] = [],
        dimensions: [any ThemeDimensionRequirement] = [], typography: [any ThemeTypographyRequirement] = []
    ) {
        for requirement in colors { add(requirement) }
        for requirement in images { add(requirement) }
        for requirement in dimensions { add(requirement) }
        for requirement in typography { add(requirement) }
    }

    /// Every case of each requirement type: `ThemeRequirements(AppColor.self, AppImage.self)`.
    public init(
        _ type: any (ThemeRequirement & CaseIterable).Type, _ more: any (ThemeRequirement & CaseIterable).Type...
    ) {
        for type in [type] + more { add(allCasesOf: type) }
    }

    /// Whether nothing is required.
    public var isEmpty: Bool { colors.isEmpty && images.isEmpty && dimensions.isEmpty && typography.isEmpty }

    /// These requirements and `other`'s.
    public func merging(_ other: ThemeRequirements) -> ThemeRequirements {
        var merged = ThemeRequirements()
        for (paths, kind) in [
            (colors + other.colors, 0), (images + other.images, 1), (dimensions + other.dimensions, 2),
            (typography + other.typography, 3),
        ] {
            for path in paths { merged.add(path, kind: kind) }
        }
        return merged
    }

    /// What the requirement types of a view read: each of its requirement types that is `CaseIterable`, every case.
    @MainActor
    static func of<View: Themeable>(_ view: View.Type) -> ThemeRequirements {
        var requirements = ThemeRequirements()
        requirements.add(typeOf: View.ColorRequirement.self)
        requirements.add(typeOf: View.ImageRequirement.self)
        requirements.add(typeOf: View.DimensionRequirement.self)
        requirements.add(typeOf: View.TypographyRequirement.self)
        return requirements
    }

    private mutating func add(typeOf type: (some ThemeRequirement).Type) {
        if let iterable = type as? any (ThemeRequirement & CaseIterable).Type { add(allCasesOf: iterable) }
    }

    private mutating func add<Requirement: ThemeRequirement & CaseIterable>(allCasesOf type: Requirement.Type) {
        for requirement in type.allCases { add(requirement) }
    }

    private mutating func add(_ requirement: some ThemeRequirement) {
        let kind =
            switch requirement {
            case is any ThemeColorRequirement: 0
            case is any ThemeImageRequirement: 1
            case is any ThemeDimensionRequirement: 2
            default: 3
            }
        add(requirement.tokenPath, kind: kind)
    }

    private mutating func add(_ path: String, kind: Int) {
        switch kind {
        case 0: if !colors.contains(path) { colors.append(path) }
        case 1: if !images.contains(path) { images.append(path) }
        case 2: if !dimensions.contains(path) { dimensions.append(path) }
        default: if !typography.contains(path) { typography.append(path) }
        }
    }

    public static func == (left: ThemeRequirements, right: ThemeRequirements) -> Bool {
        left.colors == right.colors && left.images == right.images && left.dimensions == right.dimensions
            && left.typography == right.typography
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(colors)
        hasher.combine(images)
        hasher.combine(dimensions)
        hasher.combine(typography)
    }
}
