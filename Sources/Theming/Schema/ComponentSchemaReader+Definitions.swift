import DesignTokens
@_spi(Engine) import TokenJSON

/// The second step of reading: a component as written, `extends` applied, made a ``ComponentDefinition``: its states
/// found, each property's template filled in for every section, each contrast pair's sides found.
extension ComponentSchemaReader {
    mutating func definition(_ written: WrittenComponent) -> ComponentDefinition? {
        let errorsBefore = diagnostics.count { $0.severity == .error }
        var parts: [ComponentDefinition.Part] = []
        if let properties = written.properties, !properties.isEmpty {
            parts.append(
                part(
                    name: nil, description: nil, tokenName: nil, states: written.states, properties: properties,
                    contrast: written.contrast ?? [], in: written.name, at: written.location))
        } else if written.states != nil || written.contrast != nil, written.parts?.isEmpty ?? true {
            diagnostics.append(
                Diagnostic(
                    .error, .invalidSchema, "component \(written.name) has states or contrast pairs but no properties",
                    at: written.location))
        }
        for writtenPart in written.parts ?? [] {
            if let own = parts.first, own.name == nil {
                let clash =
                    own.properties.contains { $0.name == writtenPart.name }
                    ? "property" : own.states.contains { $0.name == writtenPart.name } ? "state" : nil
                if let clash {
                    diagnostics.append(
                        Diagnostic(
                            .error, .invalidSchema,
                            "part \(written.name).\(writtenPart.name) has the name of a \(clash) of \(written.name), so the two would share one path in its style; rename one",
                            at: writtenPart.location))
                }
            }
            parts.append(
                part(
                    name: writtenPart.name, description: writtenPart.description,
                    tokenName: writtenPart.tokenName ?? writtenPart.name,
                    states: writtenPart.states, properties: writtenPart.properties ?? [],
                    contrast: writtenPart.contrast ?? [],
                    in: "\(written.name).\(writtenPart.name)", at: writtenPart.location))
        }
        var definition = ComponentDefinition(
            name: written.name, description: written.description, tokenName: written.tokenName ?? written.name,
            parts: parts,
            sections: [], location: written.location)
        definition.sections = sections(of: &definition)
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

    /// Each state of each part, with its tokens: templates filled in, each checked once; and the definition's
    /// readings, a token each section reads.
    private mutating func sections(of definition: inout ComponentDefinition) -> [ComponentDefinition.Section] {
        var sections: [ComponentDefinition.Section] = []
        for (partIndex, part) in definition.parts.enumerated() {
            let owner = ([definition.name] + (part.name.map { [$0] } ?? [])).joined(separator: ".")
            let templates = part.properties.map { property in
                checkedTemplate(property, of: part, in: definition, owner: owner)
            }
            // A token that names no state is the same in every state: filled in once.
            let stateless = templates.map { pieces in
                pieces.flatMap { pieces in
                    pieces.contains { if case .state = $0 { true } else { false } }
                        ? nil : Self.filled(pieces, component: definition.tokenName, part: part.tokenName, state: nil)
                }
            }
            // A stateless token is one reading for every state; the others one reading a state.
            var statelessReadings: [Int?] = []
            for (property, token) in zip(part.properties, stateless) {
                guard let token else {
                    statelessReadings.append(nil)
                    continue
                }
                statelessReadings.append(definition.readings.count)
                definition.readings.append(ComponentDefinition.Reading(token: token, property: property))
            }
            let states: [ComponentDefinition.State?] = part.states.isEmpty ? [nil] : part.states
            for (stateIndex, state) in states.enumerated() {
                var readings: [Int] = []
                readings.reserveCapacity(part.properties.count)
                let tokens = (0..<part.properties.count).map { index in
                    if let reading = statelessReadings[index] {
                        readings.append(reading)
                        return stateless[index]!
                    }
                    let token =
                        templates[index].map {
                            Self.filled(
                                $0, component: definition.tokenName, part: part.tokenName, state: state?.tokenName)
                        } ?? ""
                    readings.append(definition.readings.count)
                    definition.readings.append(
                        ComponentDefinition.Reading(token: token, property: part.properties[index]))
                    return token
                }
                var section = ComponentDefinition.Section(
                    path: (part.name.map { [$0] } ?? []) + (state.map { [$0.name] } ?? []), part: partIndex,
                    state: state == nil ? nil : stateIndex, tokens: tokens, contrast: [])
                section.readings = readings
                sections.append(section)
            }
        }
        return sections
    }

    /// A piece of a token template: text as written, or a placeholder.
    enum TemplatePiece {
        case text(Substring)
        case component, part, state
    }

    /// A property's template in pieces, when it names only placeholders its part has and fills in to a token path;
    /// nil (reported) when it does not.
    private mutating func checkedTemplate(
        _ property: ComponentDefinition.Property, of part: ComponentDefinition.Part, in definition: ComponentDefinition,
        owner: String
    ) -> [TemplatePiece]? {
        let label = "\(owner).\(property.name)"
        let template = property.tokenTemplate
        var pieces: [TemplatePiece] = []
        var rest = Substring(template)
        while let open = rest.utf8.firstIndex(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
            guard rest.utf8[open] == UInt8(ascii: "{"), let close = rest.utf8[open...].firstIndex(of: UInt8(ascii: "}"))
            else {
                diagnostics.append(
                    Diagnostic(
                        .error, .invalidSchema,
                        "\(label) reads \"\(template)\", whose braces do not pair: write {component}, {part} or {state}",
                        at: property.location))
                return nil
            }
            if open > rest.startIndex { pieces.append(.text(rest[..<open])) }
            let placeholder = rest[rest.index(after: open)..<close]
            switch placeholder {
            case "component":
                pieces.append(.component)
            case "part" where part.name == nil:
                diagnostics.append(
                    Diagnostic(
                        .error, .invalidSchema,
                        "\(label) reads \"\(template)\", which names {part}, but it is a property of the component itself, not of a part",
                        at: property.location))
                return nil
            case "state" where part.states.isEmpty:
                diagnostics.append(
                    Diagnostic(
                        .error, .invalidSchema,
                        "\(label) reads \"\(template)\", which names {state}, but \(owner) has no states; give it \"states\" or write the token in full",
                        at: property.location))
                return nil
            case "part":
                pieces.append(.part)
            case "state":
                pieces.append(.state)
            default:
                let stateNames = part.states.map(\.name)
                let named =
                    stateNames.contains(String(placeholder))
                    ? "; a state is named by {state}, which stands for each of \(stateNames.joined(separator: ", ")) in turn"
                    : ""
                let hint =
                    named.isEmpty
                    ? Suggestion.hint(for: String(placeholder), among: ["component", "part", "state"]) { "{\($0)}" }
                    : ""
                diagnostics.append(
                    Diagnostic(
                        .error, .invalidSchema,
                        "\(label) reads \"\(template)\", which names {\(placeholder)}: a template names only {component}, {part} and {state}\(named)\(hint)",
                        at: property.location))
                return nil
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(rest)) }
        let sample = Self.filled(
            pieces, component: definition.tokenName, part: part.tokenName, state: part.states.first?.tokenName)
        if let problem = tokenPathProblem(sample) {
            diagnostics.append(
                Diagnostic(
                    .error, .invalidSchema, "\(label) reads \"\(template)\", which is no token path: \(problem)",
                    at: property.location))
            return nil
        }
        return pieces
    }

    /// A template's pieces with the token names of a component, part and state in place of their placeholders.
    private static func filled(_ pieces: [TemplatePiece], component: String, part: String?, state: String?) -> String {
        if pieces.count == 1, case .text(let text) = pieces[0] { return String(text) }
        var token = ""
        token.reserveCapacity(64)
        for piece in pieces {
            switch piece {
            case .text(let text): token += text
            case .component: token += component
            case .part: token += part ?? ""
            case .state: token += state ?? ""
            }
        }
        return token
    }

    /// A token one component reads as two kinds of value (a colour in one property, a dimension in another) is a
    /// mistake in one of them: reported once for each token, at the property that reads it second.
    private mutating func checkTokenKinds(_ definition: ComponentDefinition) {
        var kinds: [String: Int] = [:]
        for (index, reading) in definition.readings.enumerated() where !reading.token.isEmpty {
            guard let first = kinds[reading.token] else {
                kinds[reading.token] = index
                continue
            }
            let known = definition.readings[first]
            guard known.property.kind != reading.property.kind else { continue }
            func label(_ reading: Int) -> String {
                let section = definition.sections.first { $0.readings.contains(reading) }!
                let part = definition.parts[section.part]
                let property = part.properties[section.readings.firstIndex(of: reading)!]
                return ([definition.name] + (part.name.map { [$0] } ?? []) + [property.name]).joined(separator: ".")
            }
            diagnostics.append(
                Diagnostic(
                    .error, .invalidSchema,
                    "\(label(index)) reads \(reading.token) as \(reading.property.kind.rawValue), but \(label(first)) reads it as \(known.property.kind.rawValue); one token holds one kind of value",
                    at: reading.property.location))
        }
    }

    /// The contrast pairs of a section, each side found; a pair that names what the component does not have is
    /// reported once, however many sections check it.
    private mutating func checkedPairs(in definition: ComponentDefinition, section index: Int) -> [ComponentDefinition
        .CheckedPair]
    {
        let section = definition.sections[index]
        let part = definition.parts[section.part]
        let state = section.state.map { part.states[$0] }
        let owner = ([definition.name] + (part.name.map { [$0] } ?? [])).joined(separator: ".")
        var pairs: [ComponentDefinition.CheckedPair] = []
        for pair in part.contrast {
            if let states = pair.states {
                let unknown = states.filter { name in !part.states.contains { $0.name == name } }
                if !unknown.isEmpty {
                    let known =
                        part.states.isEmpty
                        ? "it has no states" : "its states are \(part.states.map(\.name).joined(separator: ", "))"
                    reportOnce(
                        Diagnostic(
                            .error, .invalidSchema,
                            "a contrast pair of \(owner) is checked in \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")), which \(owner) does not have; \(known)",
                            at: pair.location))
                    continue
                }
                if let state, !states.contains(state.name) { continue }
            } else if state?.isInactive == true {
                continue
            }
            func side(_ name: String) -> ComponentDefinition.Side? {
                found(name, from: index, in: definition, pair: pair, owner: owner)
            }
            guard let foreground = side(pair.foreground), let background = side(pair.background) else { continue }
            let backdrops = pair.backdrops.compactMap(side)
            guard backdrops.count == pair.backdrops.count else { continue }
            pairs.append(
                ComponentDefinition.CheckedPair(
                    foreground: foreground, background: background, backdrops: backdrops, kind: pair.kind,
                    level: pair.level, location: pair.location))
        }
        return pairs
    }

    /// The side a contrast pair names from a section: `surface`, a colour property of the section's part, or
    /// `part.property` of another part (in the same state, when that part has states).
    private mutating func found(
        _ name: String, from index: Int, in definition: ComponentDefinition, pair: ComponentDefinition.ContrastPair,
        owner: String
    ) -> ComponentDefinition.Side? {
        func problem(_ message: String) -> ComponentDefinition.Side? {
            reportOnce(Diagnostic(.error, .invalidSchema, "a contrast pair of \(owner) \(message)", at: pair.location))
            return nil
        }
        if name == "surface" {
            guard surface != nil else {
                return problem("is drawn on the surface, but the schema names no \"surface\" token")
            }
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
                let states = other.states.map(\.name).joined(separator: ", ")
                guard let stateName else {
                    return problem(
                        "names \"\(name)\", but part \(partName) has states (\(states)) and \(owner) has none to match them"
                    )
                }
                return problem(
                    "names \"\(name)\", drawn in state \"\(stateName)\", which part \(partName) does not have; its states are \(states)"
                )
            }
        }
        let part = definition.parts[definition.sections[sectionIndex].part]
        guard let propertyIndex = part.properties.firstIndex(where: { $0.name == propertyName }) else {
            let hint = Suggestion.hint(for: propertyName, among: part.properties.map(\.name)) { "\"\($0)\"" }
            let holder = name.contains(".") ? "part \(part.name ?? definition.name)" : owner
            return problem("names \"\(name)\", which is not a property of \(holder) or \"surface\"\(hint)")
        }
        guard part.properties[propertyIndex].kind == .color else {
            return problem(
                "names \"\(name)\", a property of kind \(part.properties[propertyIndex].kind.rawValue), not a colour")
        }
        return .property(section: sectionIndex, index: propertyIndex)
    }

    /// Appends a diagnostic unless the same one is already there: a pair is checked once per state of its part.
    private mutating func reportOnce(_ diagnostic: Diagnostic) {
        if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
    }
}
