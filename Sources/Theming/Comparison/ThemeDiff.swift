import DesignTokens

/// What changes between two themes: the token changes, and what they do to the components on screen.
public struct ThemeDiff: Hashable, Sendable {
    /// One component property whose value changes.
    public struct ComponentChange: Hashable, Sendable {
        /// The component's name.
        public var component: String
        /// The state or part: `focused`, `textInput.error`, `searchBar`.
        public var section: [String]
        public var property: String
        public var before: StyleValue
        public var after: StyleValue
        /// The token the property reads.
        public var token: String
        /// The edited tokens the change comes from: the property's token itself when it was edited, else the
        /// edited tokens down its references.
        public var via: [String]
    }

    public var tokens: TokenDiff
    public var components: [ComponentChange]

    public init(tokens: TokenDiff, components: [ComponentChange]) {
        self.tokens = tokens
        self.components = components
    }

    /// Compares two themes: every token change, and every component property it moves. Nil when there is
    /// nothing to report.
    public init?(from old: Theme, to new: Theme) {
        guard let tokens = TokenDiff(from: old.tokens, to: new.tokens) else { return nil }
        self.init(tokens: tokens, components: Self.componentChanges(old, new, tokens))
    }

    /// Every component property whose value differs, with the edited tokens behind it.
    private static func componentChanges(_ old: Theme, _ new: Theme, _ tokens: TokenDiff) -> [ComponentChange] {
        var causes: [String: [String]] = [:]
        for change in tokens.changed { causes[change.path] = change.cause == .direct ? [change.path] : change.via }
        var components: [ComponentChange] = []
        for component in new.components.names where old.components[component] != nil {
            for (before, after) in zip(old.sections(of: component), new.sections(of: component)) where before.path == after.path {
                for (was, now) in zip(before.properties, after.properties) where was.name == now.name && was.value != now.value {
                    components.append(.init(
                        component: component, section: after.path, property: now.name, before: was.value,
                        after: now.value, token: now.token, via: causes[now.token] ?? [now.token]))
                }
            }
        }
        return components
    }
}

/// Compares two themes: every token change, and every component property it moves. Nil when there is nothing
/// to report. The same as ``ThemeDiff/init(from:to:)``.
public func diff(_ old: Theme, _ new: Theme) -> ThemeDiff? {
    ThemeDiff(from: old, to: new)
}
