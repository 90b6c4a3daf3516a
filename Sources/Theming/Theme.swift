import DesignTokens
@_spi(Engine) import TokenJSON

/// A theme as renderers use it: resolved tokens, and the style of every component of a schema that they complete.
///
/// A theme loads from any resolved token set. The components its tokens complete have styles; the others are
/// recorded (``incompleteComponents``), and asking for one's style is the error that says which tokens it lacks. An
/// immutable `Sendable` value that holds its storage behind one reference, so handing it down a tree of views copies
/// a pointer; switching themes is swapping one value for another (see ``ThemeScope``).
///
/// ```swift
/// let dark = try Theme.load(themes: [.dark])
/// let focused = try dark.textInput[.focused]
/// print(focused.border.hex, focused.borderWidth)          // "#6b9dff" 2.0
/// print(dark.color(Theme.colors.foreground.danger).hex)   // "#ff9e93"
/// ```
public struct Theme: Sendable {
    let storage: Storage

    /// Everything a theme computes once: the tokens, the schema's styles, the typed styles of bundled components.
    final class Storage: Sendable {
        let tokens: ResolvedTheme
        let schema: ComponentSchema
        /// Each component of the schema, in its order, read from the tokens.
        let components: [ComponentTokens]
        let bundled: BundledStyles
        /// The requirements a theme scope has checked this theme against, and what the check found: each set is
        /// checked once per theme, however many views declare it.
        @MainActor var checkedRequirements:
            [ObjectIdentifier: (requirements: ThemeRequirements, error: DiagnosticError?)] = [:]

        init(tokens: ResolvedTheme, schema: ComponentSchema) {
            self.tokens = tokens
            self.schema = schema
            let columns = TokenColumns(tokens)
            components = schema.components.map { ComponentTokens($0, tokens: columns) }
            bundled = BundledStyles(components)
        }
    }

    /// Every token, resolved.
    public var tokens: ResolvedTheme { storage.tokens }

    /// The schema the styles are computed from.
    public var components: ComponentSchema { storage.schema }

    /// A theme of resolved tokens, styling the components of `schema` they complete.
    /// - Parameters:
    ///   - tokens: any resolved set: a component whose tokens it lacks is recorded in ``incompleteComponents``.
    ///   - schema: the components; the bundled ones by default.
    public init(_ tokens: ResolvedTheme, components schema: ComponentSchema = .bundled) {
        storage = Storage(tokens: tokens, schema: schema)
    }

    /// The bundled default tokens with `themes` layered over them, later over earlier.
    /// - Throws: ``DiagnosticError`` with every problem found in the files.
    public static func load(themes: [TokenSource] = [], components schema: ComponentSchema = .bundled)
        throws(DiagnosticError) -> Theme
    {
        Theme(try ResolvedTheme.resolve([.defaultTokens] + themes), components: schema)
    }

    /// The global properties by their iOS names: `Theme.design.colors.inputBorder`.
    public static let design = DesignProperties()
    /// The semantic colour names: `Theme.colors.foreground.default`.
    public static let colors = SemanticColors()

    // MARK: Component styles

    /// How far the tokens style each component of the schema, in the schema's order.
    public var completeness: [ComponentCompleteness] {
        storage.components.map(ComponentCompleteness.init)
    }

    /// The components of the schema the tokens do not complete: each once, with how much of it they style.
    public var incompleteComponents: [ComponentCompleteness] {
        storage.components.filter { !$0.isComplete }.map(ComponentCompleteness.init)
    }

    /// The style of a component of the schema.
    /// - Throws: ``DiagnosticError`` with a `missing-style-token` error for every token the component needs that is
    ///   missing or holds another kind of value (with the nearest token path), or one saying the schema has no such
    ///   component.
    public func style(of component: String) throws(DiagnosticError) -> ComponentStyle {
        guard let style = completeStyle(of: component) else { throw unstyled(component) }
        return style
    }

    /// The style of a component the tokens complete; nil for one they do not, or one the schema does not have.
    public func completeStyle(of component: String) -> ComponentStyle? {
        componentTokens(component)?.style
    }

    /// What keeps a component from being styled: a `missing-style-token` error for each token it needs that is
    /// missing or of another kind; empty for a complete component or one the schema does not have.
    public func problems(of component: String) -> [Diagnostic] {
        componentTokens(component)?.diagnostics(tokens) ?? []
    }

    /// Every section of a complete component's style; empty for an incomplete one or one the schema does not have.
    public func sections(of component: String) -> [StyleSection] {
        completeStyle(of: component)?.sections ?? []
    }

    /// A typed style of a bundled component: computed with the theme when the component is complete, else the error
    /// that says why it is not.
    func typed<Style>(_ stored: Result<Style, DiagnosticError>?, _ component: String) throws(DiagnosticError) -> Style {
        // None is made for a component the schema does not have or the tokens do not complete.
        guard let stored else { throw unstyled(component) }
        return try stored.get()
    }

    private func componentTokens(_ component: String) -> ComponentTokens? {
        storage.components.first { $0.definition.name == component }
    }

    /// Why a component has no style: the schema has no such component, or the tokens it lacks.
    private func unstyled(_ component: String) -> DiagnosticError {
        guard let found = componentTokens(component) else {
            let hint = Suggestion.hint(for: component, among: components.names) { "'\($0)'" }
            return DiagnosticError([
                Diagnostic(.error, .missingStyleToken, "the component schema has no component '\(component)'\(hint)")
            ])
        }
        return DiagnosticError(found.diagnostics(tokens))
    }

    /// Identity, so a ``ThemeScope`` tells a new theme from the one it has without comparing every value.
    var identity: ObjectIdentifier { ObjectIdentifier(storage) }
}

/// How far a theme's tokens style one component of its schema.
public struct ComponentCompleteness: Hashable, Sendable {
    /// The component's name.
    public var component: String
    /// How many of its properties, in all its sections, the tokens give a value of the kind each needs.
    public var styled: Int
    /// How many properties its sections have in all.
    public var total: Int
    /// How many properties read a token the set defines, of whatever kind.
    public var defined: Int

    /// Whether every property is styled: the component has a style.
    public var isComplete: Bool { styled == total }
    /// Whether some but not all of its properties read tokens the set defines: a component partly styled, which
    /// `theme lint` reports. One the set defines no token of is simply not part of its design language.
    public var isPartlyDefined: Bool { defined > 0 && !isComplete }

    init(_ tokens: ComponentTokens) {
        component = tokens.definition.name
        total = tokens.total
        styled = tokens.total - tokens.gaps.count
        defined = tokens.defined
    }
}
