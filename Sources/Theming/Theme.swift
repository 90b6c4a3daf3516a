import DesignTokens

/// A theme as renderers use it: resolved tokens plus the component styles computed from them.
///
/// An immutable `Sendable` value, safe to read from many threads; switching themes is swapping one value for
/// another (see ``ThemeScope`` for handing one down a renderer's tree).
///
/// ```swift
/// let dark = try Theme.load(themes: [TokenSource(contentsOfFile: "Themes/dark.json")])
/// let focused = dark.textInput[.focused]
/// print(focused.border.hex, focused.borderWidth)          // "#6b9dff" 2.0
/// print(dark.color(Theme.colors.foreground.danger)!.hex)  // "#ff9e93"
/// ```
public struct Theme: Sendable {
    /// Every token, resolved.
    public let tokens: ResolvedTheme
    public let textInput: TextInputStyle
    public let addressForm: AddressFormStyle
    /// Identity, so a ``ThemeScope`` can tell a new theme from the one it has without comparing every value.
    let identity: Identity

    final class Identity: Sendable {}

    /// Computes the component styles of resolved tokens.
    /// - Throws: ``DiagnosticError`` naming every token a component style needs that is missing or of the
    ///   wrong type.
    public init(_ tokens: ResolvedTheme) throws(DiagnosticError) {
        self.tokens = tokens
        var problems: [Diagnostic] = []
        var textInput: TextInputStyle?
        var addressForm: AddressFormStyle?
        do { textInput = try TextInputStyle(tokens) } catch { problems += error.diagnostics }
        do { addressForm = try AddressFormStyle(tokens) } catch { problems += error.diagnostics }
        guard let textInput, let addressForm else { throw DiagnosticError(problems) }
        self.textInput = textInput
        self.addressForm = addressForm
        identity = Identity()
    }

    /// The bundled default tokens with `themes` layered over them, later over earlier.
    /// - Throws: ``DiagnosticError`` with every problem found in the files or in the component styles.
    public static func load(themes: [TokenSource] = []) throws(DiagnosticError) -> Theme {
        try Theme(ResolvedTheme.resolve([.defaultTokens] + themes))
    }

    /// The global properties by their iOS names: `Theme.design.colors.inputBorder`.
    public static let design = DesignProperties()
    /// The semantic colour names: `Theme.colors.foreground.default`.
    public static let colors = SemanticColors()

    // MARK: Looking up tokens

    /// The colour a requirement names, or nil when there is no such token or it is not a colour. Check an app's own requirements once with ``validate(colors:images:dimensions:)``.
    public func color(_ requirement: some ThemeColorRequirement) -> ThemeColor? { color(at: requirement.tokenPath) }

    /// The image a requirement names, or nil when there is no such token or it is not an `image`.
    public func image(_ requirement: some ThemeImageRequirement) -> ThemeImage? { image(at: requirement.tokenPath) }

    /// The length a requirement names, in points, or nil when there is no such token, it is not a dimension, or
    /// its unit is relative to something outside it (`em`, `%`, `vw`…; ``TokenValue/Dimension/points(remBase:)``).
    public func points(_ requirement: some ThemeDimensionRequirement) -> Double? { points(at: requirement.tokenPath) }

    /// The colour of one of ThemeEngine's names, written with a leading dot: `color(.design.colors.inputBorder)`.
    public func color(_ token: ColorToken) -> ThemeColor? { color(at: token.tokenPath) }

    /// The image of one of ThemeEngine's names, written with a leading dot: `image(.expandMore)`.
    public func image(_ token: ImageToken) -> ThemeImage? { image(at: token.tokenPath) }

    /// The length of one of ThemeEngine's names, written with a leading dot: `points(.design.spacer.xs)`.
    public func points(_ token: DimensionToken) -> Double? { points(at: token.tokenPath) }

    private func color(at path: String) -> ThemeColor? {
        guard case .color(let color)? = tokens.value(path) else { return nil }
        return ThemeColor(color)
    }

    private func image(at path: String) -> ThemeImage? {
        guard case .image(let image)? = tokens.value(path) else { return nil }
        return image
    }

    private func points(at path: String) -> Double? { tokens.dimension(path)?.points() }

    /// Checks that every requirement names a token of the right type, so lookups cannot return nil; call it
    /// for an app's own requirement types in a test or at launch.
    /// - Throws: ``DiagnosticError`` with one error per requirement that does not hold, suggesting the
    ///   nearest token path for a missing one.
    public func validate(
        colors: [any ThemeColorRequirement] = [], images: [any ThemeImageRequirement] = [],
        dimensions: [any ThemeDimensionRequirement] = []
    ) throws(DiagnosticError) {
        var problems: [Diagnostic] = []
        func check(_ path: String, _ expected: String, holds: Bool) {
            guard !holds else { return }
            guard let token = tokens[path] else {
                let hint = tokens.nearestPath(to: path).map { "; did you mean '\($0)'?" } ?? ""
                problems.append(Diagnostic(.error, .missingStyleToken, "no token '\(path)'\(hint)", token: path))
                return
            }
            problems.append(Diagnostic(
                .error, .missingStyleToken, "'\(path)' is a \(token.type.name), expected \(expected)",
                at: token.location, token: path))
        }
        for path in colors.map(\.tokenPath) { check(path, "a colour", holds: color(at: path) != nil) }
        for path in images.map(\.tokenPath) { check(path, "an image", holds: image(at: path) != nil) }
        for path in dimensions.map(\.tokenPath) { check(path, "a dimension in px, rem, pt, dp or sp", holds: points(at: path) != nil) }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
    }

    // MARK: Component styles

    /// Every property of a component's style, with the token behind each.
    public func sections(of component: Component) -> [StyleSection] {
        switch component {
        case .textInput: textInput.sections
        case .addressForm: addressForm.sections
        }
    }
}
