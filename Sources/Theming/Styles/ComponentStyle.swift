import DesignTokens

/// A component's style computed from a theme's tokens: every property of each section of its
/// ``ComponentDefinition`` (each state of each part), with the token it came from.
///
/// The values are held in one array, section after section; ``sections`` makes the named form, with each
/// property's token and alias chain, when a tool asks for it.
///
/// ```swift
/// let style = try theme.style(of: "TextInput")
/// if case .color(let border)? = style.value(["focused"], "border") { print(border) }   // #0055ff
/// ```
public struct ComponentStyle: Hashable, Sendable {
    public let definition: ComponentDefinition
    /// Every property's value: each section's in its part's order, section after section.
    let values: [StyleValue]
    /// Where each section's values start in ``values``.
    let starts: [Int]
    /// The id of the token each value is read from, for its alias chain.
    let ids: [Int32]
    /// The tokens the style is read from, for alias chains made when asked.
    let tokens: TokenColumns

    /// The component's name.
    public var component: String { definition.name }

    /// Every section, in the definition's order, each with every property of its part and the token (and alias
    /// chain) behind each.
    public var sections: [StyleSection] {
        definition.sections.indices.map(section(at:))
    }

    /// The section with this path (`["textInput", "focused"]`; `[]` for a component's own properties when it has no
    /// states), or nil.
    public func section(_ path: [String]) -> StyleSection? {
        sectionIndex(path).map(section(at:))
    }

    /// The value of a property of a section, or nil when the component has no such section or property.
    public func value(_ path: [String], _ property: String) -> StyleValue? {
        sectionIndex(path).flatMap { value(section: $0, property) }
    }

    func sectionIndex(_ path: [String]) -> Int? {
        definition.sections.firstIndex { $0.path == path }
    }

    /// The value of a property of the section at `index`, by the property's name, looked for from `hint` on (the
    /// index after the last one read: typed styles read a section's properties in order) and then from the start.
    func value(section index: Int, _ property: String, hint: inout Int) -> StyleValue? {
        let properties = definition.parts[definition.sections[index].part].properties
        let found =
            properties.indices.contains(hint) && properties[hint].name == property
            ? hint : properties.firstIndex { $0.name == property }
        guard let found else { return nil }
        hint = found + 1
        return values[starts[index] + found]
    }

    /// The value of the property at `index` of the section at `section`.
    func value(section: Int, at index: Int) -> StyleValue {
        values[starts[section] + index]
    }

    /// The value of a property of the section at `index`, by the property's name.
    func value(section index: Int, _ property: String) -> StyleValue? {
        var hint = 0
        return value(section: index, property, hint: &hint)
    }

    private func section(at index: Int) -> StyleSection {
        let section = definition.sections[index]
        return StyleSection(
            path: section.path,
            properties: definition.parts[section.part].properties.indices.map { property(section: index, $0) })
    }

    /// The property at `index` of the section at `section`, with its token and alias chain.
    package func property(section: Int, _ index: Int) -> StyleProperty {
        let value = starts[section] + index
        return StyleProperty(
            name: definition.parts[definition.sections[section].part].properties[index].name,
            value: self.value(section: section, at: index),
            token: definition.sections[section].tokens[index], aliasChain: tokens.theme.aliasChain(of: Int(ids[value])))
    }

    public static func == (left: ComponentStyle, right: ComponentStyle) -> Bool {
        left.definition == right.definition && left.values == right.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(definition.name)
        hasher.combine(values)
    }
}

/// The resolved tokens a style is read from, behind one reference that every style of a theme shares.
final class TokenColumns: Sendable {
    let theme: ResolvedTheme
    init(_ theme: ResolvedTheme) { self.theme = theme }
}

/// A component's tokens read from a theme: the values of its style as far as they are there, and each property
/// that is not.
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
    /// The style, when every property is styled.
    private(set) var style: ComponentStyle?
    var gaps: [Gap] = []
    /// How many properties read a token that is defined, whatever its value.
    var defined = 0
    var total = 0

    /// Reads every property of every section of `definition` from `tokens`: each distinct reading once, then the
    /// values of the sections from them.
    init(_ definition: ComponentDefinition, tokens: TokenColumns) {
        self.definition = definition
        // Each reading's value and token id, or why there is none, as columns.
        let readings = definition.readings.count
        var readValues: [StyleValue?] = Array(repeating: nil, count: readings)
        var readIDs: [Int32] = Array(repeating: -1, count: readings)
        var readGaps: [Gap?] = Array(repeating: nil, count: readings)
        for (index, reading) in definition.readings.enumerated() {
            guard let id = tokens.theme.id(ofToken: reading.token) else {
                readGaps[index] = Gap(section: 0, property: 0, token: reading.token, shown: nil, isMissing: true)
                continue
            }
            readIDs[index] = Int32(id)
            switch StyleValue.read(tokens.theme.value(at: id), as: reading.property) {
            case .success(let value): readValues[index] = value
            case .failure(let mismatch):
                readGaps[index] = Gap(
                    section: 0, property: 0, token: reading.token, shown: mismatch.shown, isMissing: false)
            }
        }
        var values: [StyleValue] = []
        var ids: [Int32] = []
        var starts: [Int] = []
        starts.reserveCapacity(definition.sections.count)
        values.reserveCapacity(definition.sections.reduce(0) { $0 + $1.readings.count })
        for (sectionIndex, section) in definition.sections.enumerated() {
            starts.append(total)
            for (index, reading) in section.readings.enumerated() {
                total += 1
                if readIDs[reading] >= 0 { defined += 1 }
                if var gap = readGaps[reading] {
                    gap.section = sectionIndex
                    gap.property = index
                    gaps.append(gap)
                } else if gaps.isEmpty, let value = readValues[reading] {
                    // Kept only while every property so far is styled: a style with a gap is never made.
                    values.append(value)
                    ids.append(readIDs[reading])
                }
            }
        }
        if gaps.isEmpty {
            style = ComponentStyle(definition: definition, values: values, starts: starts, ids: ids, tokens: tokens)
        }
    }

    var isComplete: Bool { gaps.isEmpty }

    /// A `missing-style-token` error for each property that is not styled: the token it needs, where the token is
    /// when it has a value of another kind, and the nearest token path when there is none.
    func diagnostics(_ tokens: ResolvedTheme) -> [Diagnostic] {
        gaps.map { gap in
            let section = definition.sections[gap.section]
            let property = definition.parts[section.part].properties[gap.property]
            let name = ([definition.name] + section.path + [property.name]).joined(separator: ".")
            guard !gap.isMissing, let token = tokens[gap.token] else {
                let hint = tokens.nearestPath(to: gap.token).map { "; did you mean '\($0)'?" } ?? ""
                return Diagnostic(
                    .error, .missingStyleToken, "\(name) needs the token '\(gap.token)', which no file defines\(hint)",
                    token: gap.token)
            }
            let typeName = token.value.type?.name ?? token.type.name
            let found = gap.shown ?? typeName.withIndefiniteArticle
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
