import DesignTokens

/// A component's style computed from a theme's tokens: each section of its ``ComponentDefinition`` (each state of
/// each part) with every property's value and the token it came from.
///
/// ```swift
/// let style = try theme.style(of: "TextInput")
/// print(style.section(["focused"])?["border"]?.value)   // #0055ff
/// ```
public struct ComponentStyle: Hashable, Sendable {
    /// The component's name.
    public var component: String
    /// Every section, in the definition's order, each with every property of its part.
    public var sections: [StyleSection]

    /// The section with this path (`["textInput", "focused"]`; `[]` for a component's own properties when it has no
    /// states), or nil.
    public func section(_ path: [String]) -> StyleSection? {
        sections.first { $0.path == path }
    }
}

/// A component's tokens read from a theme: the sections as far as they are styled, and each property that is not.
struct ComponentTokens: Sendable {
    /// A property whose token is missing or holds a value of another kind.
    struct Gap: Sendable {
        var section: Int
        var property: Int
        var token: String
        /// How the value found is shown (`found 1.5em`), or nil to name its type (`found a colour`); nil too when
        /// there is no token.
        var shown: String?
        var isMissing: Bool
    }

    let definition: ComponentDefinition
    /// Every section, holding the properties that are styled.
    var sections: [StyleSection] = []
    var gaps: [Gap] = []
    /// How many properties read a token that is defined, whatever its value.
    var defined = 0
    var total = 0

    /// Reads every property of every section of `definition` from `tokens`.
    init(_ definition: ComponentDefinition, tokens: ResolvedTheme) {
        self.definition = definition
        sections.reserveCapacity(definition.sections.count)
        for (sectionIndex, section) in definition.sections.enumerated() {
            let properties = definition.parts[section.part].properties
            var styled = StyleSection(path: section.path, properties: [])
            styled.properties.reserveCapacity(properties.count)
            for (index, (property, token)) in zip(properties, section.tokens).enumerated() {
                total += 1
                guard let (value, aliasChain) = tokens.valueAndAliasChain(token) else {
                    gaps.append(Gap(section: sectionIndex, property: index, token: token, shown: nil, isMissing: true))
                    continue
                }
                defined += 1
                switch StyleValue.read(value, as: property) {
                case .success(let styleValue):
                    styled.properties.append(StyleProperty(name: property.name, value: styleValue, token: token, aliasChain: aliasChain))
                case .failure(let mismatch):
                    gaps.append(Gap(section: sectionIndex, property: index, token: token, shown: mismatch.shown, isMissing: false))
                }
            }
            sections.append(styled)
        }
    }

    var isComplete: Bool { gaps.isEmpty }

    var style: ComponentStyle? {
        isComplete ? ComponentStyle(component: definition.name, sections: sections) : nil
    }

    /// A `missing-style-token` error for each property that is not styled: the token it needs, where the token is
    /// when it has a value of another kind, and the nearest token path when there is none.
    func diagnostics(_ tokens: ResolvedTheme) -> [Diagnostic] {
        gaps.map { gap in
            let section = definition.sections[gap.section]
            let property = definition.parts[section.part].properties[gap.property]
            let name = ([definition.name] + section.path + [property.name]).joined(separator: ".")
            guard !gap.isMissing, let token = tokens[gap.token] else {
                let hint = tokens.nearestPath(to: gap.token).map { "; did you mean '\($0)'?" } ?? ""
                return Diagnostic(.error, .missingStyleToken, "\(name) needs the token '\(gap.token)', which no file defines\(hint)", token: gap.token)
            }
            let typeName = token.value.type?.name ?? token.type.name
            let found = gap.shown ?? ("aeiou".contains(typeName.first ?? "x") ? "an " : "a ") + typeName
            return Diagnostic(
                .error, .missingStyleToken, "\(name) needs \(property.kind) in '\(gap.token)', found \(found)",
                at: token.location, token: gap.token)
        }
    }
}

extension Diagnostic.Rule {
    /// A component style needs a token that is missing or has the wrong type.
    public static let missingStyleToken: Self = "missing-style-token"
}
