import DesignTokens

/// One component of a ``ComponentSchema``: its parts, their states and properties, the token each property reads,
/// and the contrast pairs it draws.
///
/// A style of it (``ComponentStyle``) has one section for each state of each part (``sections``): TextInput's are
/// `normal`, `focused`…; AddressForm's `textInput.normal`…, `searchInput`, `searchBar`… A property's token is a
/// template in which `{component}`, `{part}` and `{state}` stand for the token names of the component, the part
/// and the state (`theme.color.{component}.{state}.border` is `theme.color.text-input.focused.border` for a
/// focused TextInput).
public struct ComponentDefinition: Sendable, Hashable {
    /// The name styles and commands call it by: `TextInput`.
    public var name: String
    public var description: String?
    /// What `{component}` stands for in its tokens: `text-input`.
    public var tokenName: String
    /// The component's own properties (a part named nil), when it has any, then its parts, in the order written.
    public var parts: [Part]
    /// Each state of each part, in order: the sections of its style.
    public var sections: [Section]
    /// Where the component is declared.
    public var location: SourceLocation?

    /// A part of a component (AddressForm's `searchBar`), or the component's own properties.
    public struct Part: Sendable, Hashable {
        /// The part's name; nil for the properties the component declares itself.
        public var name: String?
        public var description: String?
        /// What `{part}` stands for in its tokens.
        public var tokenName: String?
        /// The states it is drawn in, in order; empty for a part drawn one way.
        public var states: [State]
        public var properties: [Property]
        /// The colour pairs it draws, checked for contrast in every state but the inactive ones.
        public var contrast: [ContrastPair]
    }

    /// A state a part is drawn in.
    public struct State: Sendable, Hashable {
        /// The state's name: `normal`, `readOnly`.
        public var name: String
        /// What `{state}` stands for in tokens: `default`, `read-only`.
        public var tokenName: String
        /// Whether the component is inactive in this state (disabled): WCAG exempts it from contrast, so no pair
        /// is checked in it.
        public var isInactive: Bool
        public var description: String?
    }

    /// A property: what it is called, the kind of value it has, and the token it reads.
    public struct Property: Sendable, Hashable {
        public var name: String
        public var kind: PropertyKind
        /// The token it reads, as written, with `{component}`, `{part}` and `{state}` in it.
        public var tokenTemplate: String
        public var description: String?
        /// For an ``PropertyKind/order``: the names it may list.
        public var allowedValues: [String]
        /// Where the property is declared.
        public var location: SourceLocation?
    }

    /// Two colours drawn one on the other, which must meet a contrast level, named as the schema writes them: a
    /// property of the part (`placeholder`), one of another part (`tableView.background`), or `surface`.
    public struct ContrastPair: Sendable, Hashable {
        public var foreground: String
        public var background: String
        /// What a translucent background is drawn over, nearest first; by default the surface, when the schema names
        /// one (nothing under the surface itself, which is drawn over white).
        public var backdrops: [String]
        public var kind: ContrastKind
        /// The level it must meet; nil for the level of the run.
        public var level: ContrastLevel?
        /// The states it is checked in; nil for every state but the inactive ones.
        public var states: [String]?
        public var location: SourceLocation?
    }

    /// One state of one part, with the token each of the part's properties reads in it.
    public struct Section: Sendable, Hashable {
        /// The part's name, then the state's: `["textInput", "error"]`, `["focused"]`, `["searchBar"]`, `[]` for
        /// the component's own properties when it has no states.
        public var path: [String]
        /// The part, an index into ``ComponentDefinition/parts``.
        public var part: Int
        /// The state, an index into the part's states; nil for a part drawn one way.
        public var state: Int?
        /// The token each property of the part reads in this section, in the part's order.
        public var tokens: [String]
        /// The contrast pairs checked in this section, with each side found.
        package var contrast: [CheckedPair]
        /// For each property, its reading in ``ComponentDefinition/readings``.
        package var readings: [Int] = []
    }

    /// Each read of a token the component makes: a token, and the property that reads it (whose kind, and allowed
    /// names for an order, say what is read). A property whose token names no state is one reading for every state
    /// (a corner radius), so it is looked up and converted once.
    package var readings: [Reading] = []

    /// A token, and a property that reads it.
    package struct Reading: Sendable, Hashable {
        package var token: String
        package var property: Property
    }

    /// A contrast pair of one section, its sides found.
    package struct CheckedPair: Sendable, Hashable {
        package var foreground: Side
        package var background: Side
        package var backdrops: [Side]
        package var kind: ContrastKind
        package var level: ContrastLevel?
        package var location: SourceLocation?
    }

    /// One side of a checked contrast pair: the surface, or a property of a section of the component.
    package enum Side: Sendable, Hashable {
        case surface
        case property(section: Int, index: Int)
    }

    /// The section with this path, or nil.
    public func section(_ path: [String]) -> Section? {
        sections.first { $0.path == path }
    }

    /// Every token the component reads, each once, in order.
    public var tokens: [String] {
        var seen: Set<String> = []
        return sections.flatMap(\.tokens).filter { seen.insert($0).inserted }
    }
}
