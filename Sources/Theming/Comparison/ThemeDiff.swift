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
        // Values are compared in the styles' columns: no section is built, nor an alias chain looked up.
        for component in new.components.names {
            guard let before = old.completeStyle(of: component), let after = new.completeStyle(of: component) else {
                continue
            }
            let (was, now) = (before.definition, after.definition)
            for (oldSection, newSection) in zip(was.sections.indices, now.sections.indices)
            where was.sections[oldSection].path == now.sections[newSection].path {
                let properties = zip(
                    was.parts[was.sections[oldSection].part].properties,
                    now.parts[now.sections[newSection].part].properties)
                for (index, (oldProperty, newProperty)) in properties.enumerated()
                where oldProperty.name == newProperty.name {
                    let (value, changed) = (
                        before.value(section: oldSection, at: index), after.value(section: newSection, at: index)
                    )
                    guard value != changed else { continue }
                    let token = now.sections[newSection].tokens[index]
                    components.append(
                        .init(
                            component: component, section: now.sections[newSection].path, property: newProperty.name,
                            before: value,
                            after: changed, token: token, via: causes[token] ?? [token]))
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
