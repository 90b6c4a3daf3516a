import DesignTokens
@_spi(Engine) import TokenJSON

extension Diagnostic.Rule {
    /// A component schema that cannot be used as written: an unknown kind or member, a template naming a state or part
    /// the component does not have, a name declared twice, a cycle of `extends`, a contrast pair naming no colour.
    public static let invalidSchema: Self = "invalid-schema"
}

/// Reads a component schema file over a base schema, reporting every problem where it is written (file, line and
/// column), all at once.
///
/// Reading is two steps: each component is read as written (``WrittenComponent``), then `extends` is applied (a
/// component takes its base's definition and changes what it writes) and each property's template is filled in for
/// every state of its part, which is where names of states, parts and properties are checked.
package struct ComponentSchemaReader {
    /// A component as its file writes it, before `extends` and templates are applied.
    package struct WrittenComponent: Sendable {
        var name: String
        var location: SourceLocation
        var description: String?
        var tokenName: String?
        var extends: (name: String, location: SourceLocation)?
        var states: WrittenStates?
        /// Nil when the component writes none (an extending one then keeps its base's).
        var properties: [WrittenProperty]?
        var parts: [WrittenPart]?
        var contrast: [ComponentDefinition.ContrastPair]?
    }

    struct WrittenPart: Sendable {
        var name: String
        var location: SourceLocation
        var description: String?
        var tokenName: String?
        var states: WrittenStates?
        var properties: [WrittenProperty]?
        var contrast: [ComponentDefinition.ContrastPair]?
    }

    /// A part's states: a state set by name, or written in place.
    enum WrittenStates: Sendable {
        case named(String, SourceLocation)
        case inline([ComponentDefinition.State])
    }

    /// A property as written; nil for `null`, which removes a property an extended component has.
    struct WrittenProperty: Sendable {
        var name: String
        var location: SourceLocation
        var property: ComponentDefinition.Property?
    }

    let source: TokenSource
    let base: ComponentSchema
    var diagnostics: [Diagnostic] = []
    var document = JSONDocument.unparsed(SourceBytes([]))
    var stateSets: [String: [ComponentDefinition.State]] = [:]
    var surface: String?
    /// Every component by name: the base's, then this file's over them.
    private var written: [String: WrittenComponent] = [:]
    /// The name of every component the file and its base declare, those left out for their mistakes too.
    private var declared: Set<String> = []
    /// Components with `extends` applied, by name (nil: it could not be).
    private var applied: [String: WrittenComponent?] = [:]

    init(source: TokenSource, base: ComponentSchema) {
        self.source = source
        self.base = base
    }

    /// The schema, or nil when the file cannot be read at all; ``diagnostics`` has every problem.
    mutating func read() -> ComponentSchema? {
        do {
            document = try JSONReader.parse(source)
        } catch {
            let place = JSONDocument.unparsed(source.contents).location(ofOffset: error.offset)
            diagnostics.append(
                Diagnostic(
                    .error, .invalidJSON, error.message,
                    at: SourceLocation(file: source.name, line: place.line, column: place.column)))
            return nil
        }
        for duplicate in document.duplicateKeys {
            error(
                "\"\(document.string(duplicate.duplicate))\" is written twice in this object; a schema names each component, part, state and property once",
                at: duplicate.duplicate)
        }
        guard
            let top = members(
                of: document.root, as: "a component schema",
                allowed: ["$schema", "description", "surface", "stateSets", "components"])
        else { return nil }
        stateSets = base.stateSets
        surface = base.surface
        if let node = top["surface"],
            let path = string(node, as: "the surface, the colour token components are drawn on")
        {
            if tokenPathProblem(path) == nil {
                surface = path
            } else {
                error(
                    "the surface must be a token path such as \"theme.color.background.surface-1\", found \"\(path)\"",
                    at: node)
            }
        }
        if let sets = top["stateSets"], let named = members(of: sets, as: "\"stateSets\" (the state sets by name)") {
            for (name, node) in named.ordered {
                guard checkName(name, of: "state set", at: named.keyNode(name)) else { continue }
                stateSets[name] = readStates(node, in: "state set \(name)")
            }
        }
        guard let componentsNode = top["components"] else {
            error("a component schema needs \"components\", an object of components by name", at: document.root)
            return nil
        }
        var order = base.names
        written = base.written
        declared = Set(base.names)
        if let components = members(of: componentsNode, as: "\"components\" (the components by name)") {
            for (name, node) in components.ordered {
                guard checkName(name, of: "component", at: components.keyNode(name)),
                    let component = readComponent(name, node, key: components.keyNode(name))
                else { continue }
                if written[name] == nil { order.append(name) }
                written[name] = component
            }
        }
        var definitions: [ComponentDefinition] = []
        for name in order {
            if let component = applyingExtends(name, chain: []), let definition = definition(component) {
                definitions.append(definition)
            }
            // An amendment is kept applied, so that a schema read over this one finds the component, not the amendment.
            if written[name]?.extends?.name == name, let amended = applied[name] ?? nil { written[name] = amended }
        }
        // In the order they are written, whichever step found them.
        func place(_ diagnostic: Diagnostic) -> (Int, Int, Int) {
            (
                diagnostic.location?.file == source.name ? 0 : 1, diagnostic.location?.line ?? 0,
                diagnostic.location?.column ?? 0
            )
        }
        diagnostics.sort { place($0) < place($1) }
        return ComponentSchema(
            description: top["description"].flatMap { string($0, as: "a description") } ?? base.description,
            surface: surface, components: definitions, written: written, stateSets: stateSets)
    }

    // MARK: Components as written

    private mutating func readComponent(_ name: String, _ node: Int, key: Int) -> WrittenComponent? {
        // A component with a mistake of its own is reported and left out, so that nothing it lacks is reported again.
        let errorsBefore = diagnostics.count
        declared.insert(name)
        guard
            let members = members(
                of: node, as: "component \(name)",
                allowed: ["description", "token", "extends", "states", "properties", "parts", "contrast"])
        else { return nil }
        var component = WrittenComponent(name: name, location: location(key))
        component.description = members["description"].flatMap { string($0, as: "a description") }
        component.tokenName = members["token"].flatMap { tokenName($0, of: "component \(name)") }
        if let node = members["extends"], let base = string(node, as: "the name of the component it extends") {
            component.extends = (base, location(node))
        }
        component.states = members["states"].flatMap { writtenStates($0, in: "component \(name)") }
        component.properties = members["properties"].flatMap { readProperties($0, in: name) }
        if let parts = members["parts"], let named = self.members(of: parts, as: "\"parts\" (the parts by name)") {
            component.parts = named.ordered.compactMap { partName, partNode in
                guard checkName(partName, of: "part", at: named.keyNode(partName)) else { return nil }
                return readPart(partName, partNode, key: named.keyNode(partName), in: name)
            }
        }
        component.contrast = members["contrast"].flatMap { readContrast($0, in: name) }
        if component.extends == nil {
            refuseRemovals(component.properties, in: name)
            for part in component.parts ?? [] { refuseRemovals(part.properties, in: "\(name).\(part.name)") }
        }
        guard diagnostics.count == errorsBefore else { return nil }
        if component.extends == nil, component.properties?.isEmpty ?? true, component.parts?.isEmpty ?? true {
            error("component \(name) declares no \"properties\" or \"parts\", and extends no component", at: key)
            return nil
        }
        return component
    }

    /// Reports each property written `null` where there is nothing to remove it from: `null` removes a property of
    /// the component extended.
    private mutating func refuseRemovals(_ properties: [WrittenProperty]?, in owner: String) {
        for property in properties ?? [] where property.property == nil {
            diagnostics.append(
                Diagnostic(
                    .error, .invalidSchema,
                    "\(owner).\(property.name) is null, which removes a property of the component extended, but there is none: give it \"kind\" and \"token\", or leave it out",
                    at: property.location))
        }
    }

    private mutating func readPart(_ name: String, _ node: Int, key: Int, in component: String) -> WrittenPart? {
        let label = "\(component).\(name)"
        guard
            let members = members(
                of: node, as: "part \(label)", allowed: ["description", "token", "states", "properties", "contrast"])
        else { return nil }
        var part = WrittenPart(name: name, location: location(key))
        part.description = members["description"].flatMap { string($0, as: "a description") }
        part.tokenName = members["token"].flatMap { tokenName($0, of: "part \(label)") }
        part.states = members["states"].flatMap { writtenStates($0, in: "part \(label)") }
        part.properties = members["properties"].flatMap { readProperties($0, in: label) }
        part.contrast = members["contrast"].flatMap { readContrast($0, in: label) }
        return part
    }

    private mutating func writtenStates(_ node: Int, in owner: String) -> WrittenStates? {
        if document.kind(node) == .string {
            let name = document.string(node)
            guard stateSets[name] != nil else {
                let hint = Suggestion.hint(for: name, among: stateSets.keys.sorted()) { "\"\($0)\"" }
                error("\(owner) names the state set \"\(name)\", which \"stateSets\" does not define\(hint)", at: node)
                return nil
            }
            return .named(name, location(node))
        }
        return readStates(node, in: owner).map(WrittenStates.inline)
    }

    /// States written as an object: each state's name, with its `token`, `inactive` and `description`.
    private mutating func readStates(_ node: Int, in owner: String) -> [ComponentDefinition.State]? {
        guard
            let named = members(
                of: node, as: "the states of \(owner) (the states by name, unless it names a state set)")
        else { return nil }
        guard !named.ordered.isEmpty else {
            error("\(owner) has no states; leave \"states\" out for a part drawn one way", at: node)
            return nil
        }
        return named.ordered.compactMap { name, stateNode in
            guard checkName(name, of: "state", at: named.keyNode(name)),
                let members = members(
                    of: stateNode, as: "state \(name)", allowed: ["token", "inactive", "description"])
            else { return nil }
            var state = ComponentDefinition.State(name: name, tokenName: name, isInactive: false)
            if let token = members["token"].flatMap({ tokenName($0, of: "state \(name)") }) { state.tokenName = token }
            if let inactive = members["inactive"] {
                switch document.kind(inactive) {
                case .true: state.isInactive = true
                case .false: break
                default:
                    error("\"inactive\" is true or false, found \(document.kind(inactive).description)", at: inactive)
                }
            }
            state.description = members["description"].flatMap { string($0, as: "a description") }
            return state
        }
    }

    private mutating func readProperties(_ node: Int, in owner: String) -> [WrittenProperty]? {
        guard let named = members(of: node, as: "the properties of \(owner) (the properties by name)") else {
            return nil
        }
        return named.ordered.compactMap { name, propertyNode in
            let key = named.keyNode(name)
            guard checkName(name, of: "property", at: key) else { return nil }
            if document.kind(propertyNode) == .null {
                return WrittenProperty(name: name, location: location(key), property: nil)
            }
            let label = "\(owner).\(name)"
            guard
                let members = members(
                    of: propertyNode, as: "property \(label)", allowed: ["kind", "token", "description", "of"])
            else { return nil }
            guard let kindNode = members["kind"], let tokenNode = members["token"] else {
                error(
                    "property \(label) needs \"kind\" (\(PropertyKind.allCases.map(\.rawValue).joined(separator: ", "))) and \"token\", the token it reads",
                    at: propertyNode)
                return nil
            }
            guard let kindName = string(kindNode, as: "the kind of value the property has") else { return nil }
            guard let kind = PropertyKind(rawValue: kindName) else {
                let hint = Suggestion.hint(for: kindName, among: PropertyKind.allCases.map(\.rawValue)) { "\"\($0)\"" }
                error(
                    "property \(label) has the unknown kind \"\(kindName)\"; a kind is one of \(PropertyKind.allCases.map(\.rawValue).joined(separator: ", "))\(hint)",
                    at: kindNode)
                return nil
            }
            guard
                let template = string(
                    tokenNode, as: "the token the property reads, such as \"theme.color.{component}.{state}.border\"")
            else { return nil }
            var allowed: [String] = []
            if let of = members["of"] {
                guard kind == .order else {
                    error("\"of\" lists what an order may hold; property \(label) is of kind \(kind.rawValue)", at: of)
                    return nil
                }
                allowed = strings(of, as: "the names the order may list") ?? []
                if allowed.isEmpty {
                    error("\"of\" of property \(label) lists no names; an order lists at least one", at: of)
                }
                if Set(allowed).count != allowed.count { error("\"of\" names a value twice", at: of) }
            } else if kind == .order {
                error("property \(label) is an order: give \"of\", the names it may list", at: propertyNode)
                return nil
            }
            let property = ComponentDefinition.Property(
                name: name, kind: kind, tokenTemplate: template,
                description: members["description"].flatMap { string($0, as: "a description") },
                allowedValues: allowed, location: location(tokenNode))
            return WrittenProperty(name: name, location: location(key), property: property)
        }
    }

    private mutating func readContrast(_ node: Int, in owner: String) -> [ComponentDefinition.ContrastPair]? {
        guard document.kind(node) == .array else {
            error(
                "the contrast of \(owner) is a list of pairs such as {\"foreground\": \"placeholder\", \"background\": \"background\"}, found \(document.kind(node).description)",
                at: node)
            return nil
        }
        return document.elements(of: node).compactMap { element in
            guard
                let members = members(
                    of: element, as: "a contrast pair",
                    allowed: ["foreground", "background", "over", "kind", "level", "states"])
            else { return nil }
            guard let foregroundNode = members["foreground"], let backgroundNode = members["background"],
                let foreground = string(foregroundNode, as: "the colour drawn on the background"),
                let background = string(backgroundNode, as: "the colour it is drawn on")
            else {
                if members["foreground"] == nil || members["background"] == nil {
                    error(
                        "a contrast pair names its \"foreground\" and its \"background\": a property, part.property, or surface",
                        at: element)
                }
                return nil
            }
            var pair = ComponentDefinition.ContrastPair(
                foreground: foreground, background: background,
                backdrops: background == "surface" || surface == nil ? [] : ["surface"], kind: .text,
                level: nil, states: nil, location: location(element))
            if let over = members["over"] {
                pair.backdrops = strings(over, as: "what the background is drawn over, nearest first") ?? pair.backdrops
            }
            if let kindNode = members["kind"], let kind = string(kindNode, as: "the kind of foreground") {
                if let known = ContrastKind(rawValue: kind) {
                    pair.kind = known
                } else {
                    error(
                        "unknown contrast kind \"\(kind)\"; expected \(ContrastKind.allCases.map(\.rawValue).joined(separator: ", "))",
                        at: kindNode)
                }
            }
            if let levelNode = members["level"], let level = string(levelNode, as: "the level") {
                if let known = ContrastLevel(rawValue: level) {
                    pair.level = known
                } else {
                    error("unknown contrast level \"\(level)\"; expected AA or AAA", at: levelNode)
                }
            }
            if let states = members["states"] { pair.states = strings(states, as: "the states the pair is checked in") }
            return pair
        }
    }

    // MARK: Extends

    /// The component `name` with what it extends applied, or nil (reported) when it cannot be.
    private mutating func applyingExtends(_ name: String, chain: [String]) -> WrittenComponent? {
        if let known = applied[name] { return known }
        guard let component = written[name] else { return nil }
        guard let extends = component.extends else {
            applied[name] = component
            return component
        }
        var result: WrittenComponent?
        if extends.name == name, let original = base.written[name] {
            // Extending its own name amends the base schema's component: the original, with what it extends applied.
            var amended = original
            if let originalBase = original.extends {
                amended =
                    applyingExtends(originalBase.name, chain: chain + [name]).map { merged(original, over: $0) }
                    ?? original
            }
            result = merged(component, over: amended)
            result?.tokenName = component.tokenName ?? amended.tokenName
        } else if extends.name == name || chain.contains(extends.name) {
            let cycle = (chain.drop { $0 != extends.name } + [name, extends.name]).joined(separator: " → ")
            diagnostics.append(
                Diagnostic(
                    .error, .invalidSchema, "components extend each other in a cycle: \(cycle)", at: extends.location))
        } else if written[extends.name] == nil, declared.contains(extends.name) {
            // The base has mistakes of its own, reported where they are.
        } else if written[extends.name] == nil {
            let hint = Suggestion.hint(for: extends.name, among: declared.sorted()) { "\"\($0)\"" }
            diagnostics.append(
                Diagnostic(
                    .error, .invalidSchema,
                    "component \(name) extends \"\(extends.name)\", which the schema does not define\(hint)",
                    at: extends.location))
        } else if let base = applyingExtends(extends.name, chain: chain + [name]) {
            result = merged(component, over: base)
        }
        applied[name] = .some(result)
        return result
    }

    /// `component` over its base: what it writes replaces what the base has, properties and parts by name (a `null`
    /// property removes the base's); its name and location are its own, and its token name is its own or its name.
    private mutating func merged(_ component: WrittenComponent, over base: WrittenComponent) -> WrittenComponent {
        var result = base
        result.name = component.name
        result.location = component.location
        result.description = component.description ?? base.description
        result.tokenName = component.tokenName
        result.extends = nil
        result.states = component.states ?? base.states
        result.contrast = component.contrast ?? base.contrast
        if let properties = component.properties {
            result.properties = merged(
                properties, over: base.properties ?? [], in: component.name,
                checked: component.location.file == source.name)
        }
        if let parts = component.parts {
            var mergedParts = base.parts ?? []
            for part in parts {
                guard let index = mergedParts.firstIndex(where: { $0.name == part.name }) else {
                    if part.location.file == source.name {
                        refuseRemovals(part.properties, in: "\(component.name).\(part.name)")
                    }
                    mergedParts.append(part)
                    continue
                }
                var into = mergedParts[index]
                into.location = part.location
                into.description = part.description ?? into.description
                into.tokenName = part.tokenName ?? into.tokenName
                into.states = part.states ?? into.states
                into.contrast = part.contrast ?? into.contrast
                if let properties = part.properties {
                    into.properties = merged(
                        properties, over: into.properties ?? [], in: "\(component.name).\(part.name)",
                        checked: part.location.file == source.name)
                }
                mergedParts[index] = into
            }
            result.parts = mergedParts
        }
        return result
    }

    private mutating func merged(
        _ properties: [WrittenProperty], over base: [WrittenProperty], in owner: String, checked: Bool
    ) -> [WrittenProperty] {
        var result = base
        for property in properties {
            if let index = result.firstIndex(where: { $0.name == property.name }) {
                if property.property == nil { result.remove(at: index) } else { result[index] = property }
            } else if property.property != nil {
                result.append(property)
            } else if checked {
                let hint = Suggestion.hint(for: property.name, among: result.map(\.name)) { "\"\($0)\"" }
                diagnostics.append(
                    Diagnostic(
                        .error, .invalidSchema,
                        "\(owner) removes \"\(property.name)\", which the component it extends does not have\(hint)",
                        at: property.location))
            }
        }
        return result
    }
}
