import DesignTokens

/// The second step of reading: a component as written, `extends` applied, made a ``ComponentDefinition``: its states
/// found, each property's template filled in for every section, each contrast pair's sides found.
extension ComponentSchemaReader {
    mutating func definition(_ written: WrittenComponent) -> ComponentDefinition? {
        let errorsBefore = diagnostics.count { $0.severity == .error }
        var parts: [ComponentDefinition.Part] = []
        if let properties = written.properties, !properties.isEmpty {
            parts.append(part(
                name: nil, description: nil, tokenName: nil, states: written.states, properties: properties,
                contrast: written.contrast ?? [], in: written.name, at: written.location))
        } else if written.states != nil || written.contrast != nil, written.parts?.isEmpty ?? true {
            diagnostics.append(Diagnostic(.error, .invalidSchema, "component \(written.name) has states or contrast pairs but no properties", at: written.location))
        }
        for writtenPart in written.parts ?? [] {
            parts.append(part(
                name: writtenPart.name, description: writtenPart.description, tokenName: writtenPart.tokenName ?? writtenPart.name,
                states: writtenPart.states, properties: writtenPart.properties ?? [], contrast: writtenPart.contrast ?? [],
                in: "\(written.name).\(writtenPart.name)", at: writtenPart.location))
        }
        var definition = ComponentDefinition(
            name: written.name, description: written.description, tokenName: written.tokenName ?? written.name, parts: parts,
            sections: [], location: written.location)
        definition.sections = sections(of: definition)
        Self.findReadings(of: &definition)
        checkTokenKinds(definition)
        for index in definition.sections.indices {
            definition.sections[index].contrast = checkedPairs(in: definition, section: index)
        }
        return diagnostics.count(where: { $0.severity == .error }) > errorsBefore ? nil : definition
    }

    private mutating func part(
        name: String?, description: String?, tokenName: String?, states: WrittenStates?, properties: [WrittenProperty],
        contrast: [ComponentDefinition.ContrastPair], in owner: String, at location: SourceLocation
    ) -> ComponentDefinition.Part {
        let resolvedStates: [ComponentDefinition.State]
        switch states {
        case .named(let set, _)?: resolvedStates = stateSets[set] ?? []
        case .inline(let written)?: resolvedStates = written
        case nil: resolvedStates = []
        }
        if properties.isEmpty {
            diagnostics.append(Diagnostic(.error, .invalidSchema, "\(owner) has no properties", at: location))
        }
        return ComponentDefinition.Part(
            name: name, description: description, tokenName: tokenName, states: resolvedStates,
            properties: properties.compactMap(\.property), contrast: contrast)
    }

    /// Each state of each part, with its tokens: templates filled in, each checked once.
    private mutating func sections(of definition: ComponentDefinition) -> [ComponentDefinition.Section] {
        var sections: [ComponentDefinition.Section] = []
        for (partIndex, part) in definition.parts.enumerated() {
            let owner = ([definition.name] + (part.name.map { [$0] } ?? [])).joined(separator: ".")
            let usable = part.properties.map { property in checkTemplate(property, of: part, in: definition, owner: owner) }
            let states: [ComponentDefinition.State?] = part.states.isEmpty ? [nil] : part.states
            for (stateIndex, state) in states.enumerated() {
                let tokens = zip(part.properties, usable).map { property, usable in
                    usable ? filled(property.tokenTemplate, component: definition.tokenName, part: part.tokenName, state: state?.tokenName) : ""
                }
                sections.append(ComponentDefinition.Section(
                    path: (part.name.map { [$0] } ?? []) + (state.map { [$0.name] } ?? []), part: partIndex,
                    state: state == nil ? nil : stateIndex, tokens: tokens, contrast: []))
            }
        }
        return sections
    }

    /// The distinct reads of the definition's sections: one for each token with each kind (and allowed names).
    private static func findReadings(of definition: inout ComponentDefinition) {
        var known: [String: Int] = [:]
        for index in definition.sections.indices {
            let section = definition.sections[index]
            let properties = definition.parts[section.part].properties
            definition.sections[index].readings = zip(properties, section.tokens).map { property, token in
                let key = [token, property.kind.rawValue] + property.allowedValues
                let joined = key.joined(separator: "\u{0}")
                if let reading = known[joined] { return reading }
                known[joined] = definition.readings.count
                definition.readings.append(ComponentDefinition.Reading(token: token, property: property))
                return definition.readings.count - 1
            }
        }
    }

    /// Whether a property's template names only placeholders its part has, and fills in to a token path.
    private mutating func checkTemplate(
        _ property: ComponentDefinition.Property, of part: ComponentDefinition.Part, in definition: ComponentDefinition, owner: String
    ) -> Bool {
        let label = "\(owner).\(property.name)"
        var placeholders: [String] = []
        var rest = Substring(property.tokenTemplate)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else {
                diagnostics.append(Diagnostic(.error, .invalidSchema, "\(label) reads \"\(property.tokenTemplate)\", whose braces do not pair: write {component}, {part} or {state}", at: property.location))
                return false
            }
            placeholders.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        for placeholder in placeholders {
            switch placeholder {
            case "component":
                continue
            case "part" where part.name == nil:
                diagnostics.append(Diagnostic(.error, .invalidSchema, "\(label) reads \"\(property.tokenTemplate)\", which names {part}, but it is a property of the component itself, not of a part", at: property.location))
                return false
            case "state" where part.states.isEmpty:
                diagnostics.append(Diagnostic(.error, .invalidSchema, "\(label) reads \"\(property.tokenTemplate)\", which names {state}, but \(owner) has no states; give it \"states\" or write the token in full", at: property.location))
                return false
            case "part", "state":
                continue
            default:
                let stateNames = part.states.map(\.name)
                let named = stateNames.contains(placeholder) ? "; a state is named by {state}, which stands for each of \(stateNames.joined(separator: ", ")) in turn" : ""
                let hint = named.isEmpty ? Suggestion.hint(for: placeholder, among: ["component", "part", "state"]) { "{\($0)}" } : ""
                diagnostics.append(Diagnostic(.error, .invalidSchema, "\(label) reads \"\(property.tokenTemplate)\", which names {\(placeholder)}: a template names only {component}, {part} and {state}\(named)\(hint)", at: property.location))
                return false
            }
        }
        let sample = filled(property.tokenTemplate, component: definition.tokenName, part: part.tokenName, state: part.states.first?.tokenName)
        if let problem = tokenPathProblem(sample) {
            diagnostics.append(Diagnostic(.error, .invalidSchema, "\(label) reads \"\(property.tokenTemplate)\", which is no token path: \(problem)", at: property.location))
            return false
        }
        return true
    }

    private func filled(_ template: String, component: String, part: String?, state: String?) -> String {
        guard template.contains("{") else { return template }
        var result = template.replacing("{component}", with: component)
        if let part { result = result.replacing("{part}", with: part) }
        if let state { result = result.replacing("{state}", with: state) }
        return result
    }

    /// A token one component reads as two kinds of value (a colour in one property, a dimension in another) is a
    /// mistake in one of them.
    private mutating func checkTokenKinds(_ definition: ComponentDefinition) {
        var kinds: [String: (kind: PropertyKind, label: String)] = [:]
        // Each pair of properties once, though they meet in every state.
        var reported: Set<String> = []
        for section in definition.sections {
            let part = definition.parts[section.part]
            for (property, token) in zip(part.properties, section.tokens) where !token.isEmpty {
                let label = ([definition.name] + (part.name.map { [$0] } ?? []) + [property.name]).joined(separator: ".")
                if let known = kinds[token] {
                    if known.kind != property.kind, reported.insert(known.label + " " + label).inserted {
                        diagnostics.append(Diagnostic(
                            .error, .invalidSchema,
                            "\(label) reads \(token) as \(property.kind.rawValue), but \(known.label) reads it as \(known.kind.rawValue); one token holds one kind of value",
                            at: property.location))
                    }
                } else {
                    kinds[token] = (property.kind, label)
                }
            }
        }
    }

    /// The contrast pairs of a section, each side found; a pair that names what the component does not have is
    /// reported, for the first section it is checked in.
    private mutating func checkedPairs(in definition: ComponentDefinition, section index: Int) -> [ComponentDefinition.CheckedPair] {
        let section = definition.sections[index]
        let part = definition.parts[section.part]
        let state = section.state.map { part.states[$0] }
        let isFirstSectionOfPart = section.state == nil || section.state == 0
        let owner = ([definition.name] + (part.name.map { [$0] } ?? [])).joined(separator: ".")
        var pairs: [ComponentDefinition.CheckedPair] = []
        for pair in part.contrast {
            if let states = pair.states {
                let unknown = states.filter { name in !part.states.contains { $0.name == name } }
                if !unknown.isEmpty {
                    if isFirstSectionOfPart {
                        let known = part.states.isEmpty ? "it has no states" : "its states are \(part.states.map(\.name).joined(separator: ", "))"
                        diagnostics.append(Diagnostic(.error, .invalidSchema, "a contrast pair of \(owner) is checked in \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")), which \(owner) does not have; \(known)", at: pair.location))
                    }
                    continue
                }
                if let state, !states.contains(state.name) { continue }
            } else if state?.isInactive == true {
                continue
            }
            func side(_ name: String) -> ComponentDefinition.Side? {
                found(name, from: index, in: definition, pair: pair, report: isFirstSectionOfPart, owner: owner)
            }
            guard let foreground = side(pair.foreground), let background = side(pair.background) else { continue }
            let backdrops = pair.backdrops.compactMap(side)
            guard backdrops.count == pair.backdrops.count else { continue }
            pairs.append(ComponentDefinition.CheckedPair(
                foreground: foreground, background: background, backdrops: backdrops, kind: pair.kind, level: pair.level, location: pair.location))
        }
        return pairs
    }

    /// The side a contrast pair names from a section: `surface`, a colour property of the section's part, or
    /// `part.property` of another part (in the same state, when that part has states).
    private mutating func found(
        _ name: String, from index: Int, in definition: ComponentDefinition, pair: ComponentDefinition.ContrastPair, report: Bool, owner: String
    ) -> ComponentDefinition.Side? {
        func problem(_ message: String) -> ComponentDefinition.Side? {
            if report { diagnostics.append(Diagnostic(.error, .invalidSchema, "a contrast pair of \(owner) \(message)", at: pair.location)) }
            return nil
        }
        if name == "surface" {
            guard surface != nil else { return problem("is drawn on the surface, but the schema names no \"surface\" token") }
            return .surface
        }
        let section = definition.sections[index]
        var sectionIndex = index
        var propertyName = name
        if let dot = name.firstIndex(of: ".") {
            let partName = String(name[..<dot])
            propertyName = String(name[name.index(after: dot)...])
            guard let partIndex = definition.parts.firstIndex(where: { $0.name == partName }) else {
                let hint = Suggestion.hint(for: partName, among: definition.parts.compactMap(\.name)) { "\"\($0)\"" }
                return problem("names \"\(name)\", but \(definition.name) has no part \"\(partName)\"\(hint)")
            }
            let other = definition.parts[partIndex]
            let stateName = section.state.map { definition.parts[section.part].states[$0].name }
            if other.states.isEmpty {
                sectionIndex = definition.sections.firstIndex { $0.part == partIndex }!
            } else if let stateName, let stateIndex = other.states.firstIndex(where: { $0.name == stateName }) {
                sectionIndex = definition.sections.firstIndex { $0.part == partIndex && $0.state == stateIndex }!
            } else {
                return problem("names \"\(name)\", but \(partName) has states \(owner) \(stateName.map { "has no \"\($0)\" of" } ?? "does not share")")
            }
        }
        let part = definition.parts[definition.sections[sectionIndex].part]
        guard let propertyIndex = part.properties.firstIndex(where: { $0.name == propertyName }) else {
            let hint = Suggestion.hint(for: propertyName, among: part.properties.map(\.name)) { "\"\($0)\"" }
            return problem("names \"\(name)\", which is not a property of it or \"surface\"\(hint)")
        }
        guard part.properties[propertyIndex].kind == .color else {
            return problem("names \"\(name)\", a property of kind \(part.properties[propertyIndex].kind.rawValue), not a colour")
        }
        return .property(section: sectionIndex, index: propertyIndex)
    }
}
