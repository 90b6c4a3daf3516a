import DesignTokens

/// The components ThemeEngine styles, declared as data: each one's states, parts and properties, the token every
/// property reads, and the colour pairs that must meet a contrast level.
///
/// The bundled schema (``bundled``, `Tokens/components.json`) describes TextInput, AddressForm, PostalAddressRow
/// and the field kinds of a compositional-layout form. A team adds its own components, or replaces bundled ones, with
/// a schema file of its own read over it (``init(_:over:)``); `theme` takes one with `--components`.
///
/// ```swift
/// let schema = try ComponentSchema(TokenSource(contentsOfFile: "components.json"), over: .bundled)
/// let theme = Theme(try ResolvedTheme.resolve([.defaultTokens, brand]), components: schema)
/// let badge = try theme.style(of: "Badge")
/// ```
public struct ComponentSchema: Sendable {
    /// What the schema is for, as its file says.
    public var description: String?
    /// The colour token components are drawn on, which contrast pairs name `surface`.
    public var surface: String?
    /// Every component, in the order the files declare them (a schema read over another keeps the other's order,
    /// a component it replaces in its place).
    public private(set) var components: [ComponentDefinition]
    /// Each component as written, before `extends` and templates were applied: what a schema read over this one
    /// extends.
    package private(set) var written: [String: ComponentSchemaReader.WrittenComponent]
    /// The named state sets, for a schema read over this one to name.
    package private(set) var stateSets: [String: [ComponentDefinition.State]]

    package init(
        description: String?, surface: String?, components: [ComponentDefinition],
        written: [String: ComponentSchemaReader.WrittenComponent], stateSets: [String: [ComponentDefinition.State]]
    ) {
        self.description = description
        self.surface = surface
        self.components = components
        self.written = written
        self.stateSets = stateSets
    }

    /// The component with this name (compared exactly), or nil.
    public subscript(name: String) -> ComponentDefinition? {
        components.first { $0.name == name }
    }

    /// The names of the components, in order.
    public var names: [String] { components.map(\.name) }

    /// Reads a component schema file, over `base`: its components are added to the base's, and one with the name
    /// of a base component replaces it; its `extends` and `states` may name the base's components and state sets.
    /// - Parameters:
    ///   - source: the schema, JSON (or JSONC or JSON5, as its name says).
    ///   - base: the schema it adds to; ``empty`` for a schema that stands alone.
    /// - Throws: ``DiagnosticError`` with every problem in the file, each located: an unknown kind or member, a
    ///   template naming a state or part the component does not have, a name declared twice, components that extend
    ///   each other in a cycle, a contrast pair naming no colour property.
    public init(_ source: TokenSource, over base: ComponentSchema = .bundled) throws(DiagnosticError) {
        var reader = ComponentSchemaReader(source: source, base: base)
        let schema = reader.read()
        guard let schema, !reader.diagnostics.contains(where: { $0.severity == .error }) else {
            throw DiagnosticError(reader.diagnostics, sources: [source])
        }
        self = schema
    }

    /// Reads the component schema file at `path` over `base` (see ``init(_:over:)``).
    public init(contentsOfFile path: String, over base: ComponentSchema = .bundled) throws(DiagnosticError) {
        try self.init(TokenSource(contentsOfFile: path), over: base)
    }

    /// A schema with no components.
    public static let empty = ComponentSchema(
        description: nil, surface: nil, components: [], written: [:], stateSets: [:])
}

/// What a property's token holds, and so what a style reads from it.
public enum PropertyKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A `color` token: a ``ThemeColor``.
    case color
    /// A `dimension` token with a length of its own (`px`, `rem`, `pt`, `dp`, `sp`): points.
    case dimension
    /// A `number` token.
    case number
    /// A `typography` token: a ``ThemeTypography``.
    case typography
    /// An `image` token: a ``ThemeImage``.
    case image
    /// A `shadow` token, one layer or several: ``ThemeShadow``s.
    case shadow
    /// A `border` token: a ``ThemeBorder``.
    case border
    /// A `duration` token: seconds.
    case duration
    /// A `string` token listing some of the names the property allows (``ComponentDefinition/Property/allowedValues``),
    /// separated by commas: an order, such as the fields a row shows.
    case order

    /// `a colour`, `a dimension`…, as messages name what a property needs.
    public var description: String {
        switch self {
        case .color: "a colour"
        case .dimension: "a dimension with a length of its own (px, rem, pt, dp or sp)"
        case .number: "a number"
        case .typography: "a typography with a font size of its own length"
        case .image: "an image"
        case .shadow: "a shadow with lengths of their own"
        case .border: "a border with a width of its own length"
        case .duration: "a duration"
        case .order: "a string listing names"
        }
    }
}
