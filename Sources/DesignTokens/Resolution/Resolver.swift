@_spi(Engine) import TokenJSON

/// Resolves every token of a ``TokenLayers``: follows references to their end, types and validates values.
///
/// Resolution is iterative (an explicit stack, so a chain thousands of tokens long cannot overflow the call
/// stack) and memoised (each token is resolved once, however many tokens refer to it). A value that takes in
/// others through references is bounded (``maximumValueNodes``, ``maximumExpandedNodes``): composites that refer
/// to composites twice at each level would otherwise double with each level. Every error is collected;
/// a token that fails because a token it refers to failed is not reported again.
struct Resolver {
    private enum State: UInt8 {
        /// Not looked at yet; `known`: a plain alias whose target is known (from a theme resolved before), so
        /// it needs no visit.
        case unvisited, known, inProgress, resolved, failed
    }

    let layers: TokenLayers
    private var state: [State]

    /// The paths of the tokens that did not resolve: those in error and those that depend on one.
    var unresolvedPaths: [String] {
        state.indices.filter { state[$0] != .resolved }.map { layers.path($0) }
    }
    /// The values of tokens that are not whole-value aliases (an alias's value is its source's: see
    /// ``valueSources`` and ``value(of:)``).
    private(set) var values: TokenValues
    private(set) var types: [TokenType?]
    /// For a token whose whole value is a reference, the token it refers to (else -1).
    private(set) var aliasOf: [Int32]
    /// Every token each token's value refers to, in the order written; empty for a plain `{a.b}` alias, whose
    /// one reference is `aliasOf`.
    private(set) var references: [[Int32]]
    /// The token whose value each token's value is (itself, or for a whole-value alias the end of its chain):
    /// output renders a value once and copies it for every alias of it.
    private(set) var valueSources: [Int32]
    var diagnostics: [Diagnostic] = []
    /// The references found in each token's value, kept from the visit to the final step.
    private var pending: [Int: [Reference]] = [:]
    /// Tokens whose whole value is a plain `{a.b}` alias, read straight from its bytes: their one reference is
    /// not kept in `pending` but rebuilt from the target when a message needs it.
    private var isPlainAlias: [Bool]
    /// The depth-first stack of ``resolve(_:)``, kept between calls so it is allocated once.
    private var stack: [(id: Int, next: Int)] = []
    /// The number of JSON values (nodes) in each resolved token's value, counted before it is built.
    private(set) var valueSizes: [Int]
    /// The nodes of every value built from references so far.
    private var expandedNodes = 0
    /// The most JSON values (nodes) one token's value may hold once its references are substituted.
    static let maximumValueNodes = 1_000_000
    /// The most JSON values all the values built from references may hold together.
    static let maximumExpandedNodes = 10_000_000
    /// The bytes of every text built from references inside text so far.
    var interpolatedBytes = 0
    /// The most bytes one text built from references inside text may hold: text that refers to text twice at each
    /// level would otherwise double with each level.
    static let maximumTextBytes = 1 << 20
    /// The most bytes all texts built from references inside text may hold together.
    static let maximumInterpolatedBytes = 1 << 26
    /// Tokens found in a cycle: they fail when their turn comes, without a second report.
    var inCycle: Set<Int> = []
    /// Where the decoder records the deviations of the value it decodes: one log, emptied after each token.
    let deviations: DeviationLog
    /// The Tokens Studio colour modifiers of the tokens visited and not yet finished (``visitColorModifier(of:)``).
    var colorModifiers: [Int: WrittenColorModifier] = [:]

    /// A resolver of every token; under `policy` ``ReadingPolicy/strict`` it also records the drafts' string forms
    /// (``DeviationLog/recordsDraftForms``).
    init(_ layers: TokenLayers, policy: ReadingPolicy) {
        self.layers = layers
        deviations = DeviationLog(recordsDraftForms: policy.deviationsAreErrors)
        let count = layers.count
        state = Array(repeating: .unvisited, count: count)
        values = TokenValues(count: count)
        types = Array(repeating: nil, count: count)
        aliasOf = Array(repeating: -1, count: count)
        references = Array(repeating: [], count: count)
        valueSources = (0..<Int32(count)).map { $0 }
        isPlainAlias = Array(repeating: false, count: count)
        valueSizes = Array(repeating: 0, count: count)
    }

    /// A resolver that starts with the tokens `reused` lends already resolved, as they were; ``resolveAll()``
    /// then resolves only the others.
    /// `reused` must come from a theme resolved under the same `policy`: the policy decides what is recorded.
    init(_ layers: TokenLayers, reusing reused: ReusedResolution, policy: ReadingPolicy) {
        self.layers = layers
        deviations = DeviationLog(recordsDraftForms: policy.deviationsAreErrors)
        state = reused.reuse.map { reuse in
            switch reuse {
            case .result: .resolved
            case .aliasTarget: .known
            case .nothing: .unvisited
            }
        }
        isPlainAlias = reused.reuse.map { $0 == .aliasTarget }
        values = reused.values
        types = reused.types
        aliasOf = reused.aliasOf
        references = reused.references
        valueSources = reused.valueSources
        valueSizes = reused.valueSizes
        expandedNodes = reused.expandedNodes
        interpolatedBytes = reused.interpolatedBytes
        diagnostics = reused.warnings
    }

    /// Resolves every token.
    mutating func resolveAll() {
        for id in 0..<layers.count where state[id] == .unvisited || state[id] == .known {
            resolve(id)
        }
    }

    private mutating func resolve(_ root: Int) {
        // Each frame: a token and how many of its dependencies have been looked at.
        stack.removeAll(keepingCapacity: true)
        stack.append((root, 0))
        begin(root)
        while let top = stack.last {
            let isPlain = isPlainAlias[top.id]
            if top.next < (isPlain ? 1 : references[top.id].count) {
                stack[stack.count - 1].next += 1
                let dependency = Int(isPlain ? aliasOf[top.id] : references[top.id][top.next])
                switch state[dependency] {
                case .unvisited, .known:
                    begin(dependency)
                    stack.append((dependency, 0))
                case .inProgress:
                    let start = stack.lastIndex(where: { $0.id == dependency })!
                    reportCycle(stack[start...].map(\.id))
                case .resolved, .failed:
                    break
                }
                continue
            }
            stack.removeLast()
            finish(top.id)
        }
    }

    // MARK: Visiting: find the references

    /// Marks a token in progress, visiting it unless its references are known.
    private mutating func begin(_ id: Int) {
        if state[id] == .known { state[id] = .inProgress } else { visit(id) }
    }

    /// Marks a token in progress and records what its value refers to.
    private mutating func visit(_ id: Int) {
        state[id] = .inProgress
        let valueNode = layers.sites[id].valueNode
        let valueIsPointer = layers.sites[id].valueIsPointer
        let document = layers.files[layers.sites[id].file].document
        // A Tokens Studio colour modifier makes the value the token's own, even when it is one alias, and may refer
        // to tokens of its own.
        let modifier = layers.definitions[id].extensions == nil ? .none : visitColorModifier(of: id)
        if case .invalid = modifier {
            state[id] = .failed
            return
        }
        // The common case, a value that is one plain `{a.b}` alias of a token: what the general path below does for
        // it, without building its lists. The target is looked up straight from the bytes; text that names no token,
        // or not plainly, goes the general way, which reads it character by character and explains what is wrong.
        if !valueIsPointer, case .none = modifier, document.kind(valueNode) == .string,
            let target = layers.plainAliasTarget(in: document, node: valueNode)
        {
            aliasOf[id] = Int32(target)
            isPlainAlias[id] = true
            return
        }
        var found: [Reference] = []
        var invalid = false
        if valueIsPointer {
            collectPointer(
                document, pointer: valueNode, holder: valueNode, memberPath: [],
                into: &found, invalid: &invalid, token: id)
        } else {
            collectReferences(document, node: valueNode, memberPath: [], into: &found, invalid: &invalid, token: id)
        }
        var targets: [Int32] = []
        for reference in found {
            guard let target = target(of: reference, from: id) else {
                invalid = true
                continue
            }
            targets.append(Int32(target))
        }
        if invalid {
            state[id] = .failed
            return
        }
        if found.count == 1, found[0].memberPath.isEmpty, found[0].node == valueNode, found[0].placeholder == nil,
            case .none = modifier
        {
            aliasOf[id] = targets[0]
        }
        if case .found(let modifierTargets) = modifier { targets += modifierTargets }
        references[id] = targets
        if !found.isEmpty { pending[id] = found }
    }

    private mutating func collectReferences(
        _ document: JSONDocument, node: Int, memberPath: [String], into found: inout [Reference], invalid: inout Bool,
        token: Int
    ) {
        switch document.kind(node) {
        case .string:
            guard document.stringMayHoldReference(node) else { return }
            if let reference = document.withUnescapedContents(
                of: node, { Reference.curly($0, node: node, memberPath: memberPath) })
            {
                found.append(reference)
                return
            }
            switch Reference.parse(string: document.string(node), node: node, memberPath: memberPath) {
            case .reference(let reference)?: found.append(reference)
            case .interpolation(let references)?:
                // In a DTCG file, text of a type ThemeEngine does not validate is kept as written: references
                // stand for whole values there, and such a type's tools read its text themselves.
                if keepsTextAsWritten(token) { return }
                guard
                    admitsText(token, at: memberPath)
                        || Self.computedText(document.string(node), expected: expectedType(token, at: memberPath))
                            != nil
                else {
                    let text = document.string(node)
                    let message =
                        ValueDecoder.tokensStudioColorFunction(in: text).map {
                            ValueDecoder.uncomputedColorFunction($0, in: text)
                        } ?? Reference.notInText(text)
                    error(.invalidReference, message, token: token, at: node)
                    invalid = true
                    return
                }
                found += references
            case .invalid(let message)?:
                error(.invalidReference, message, token: token, at: node)
                invalid = true
            case nil: break
            }
        case .object:
            // Most objects are literal values (colours, dimensions…): skip walking them, with their member
            // paths, when nothing inside could be a reference.
            guard document.subtreeMayHoldReference(node) else { return }
            if let pointerNode = document.member("$ref", of: node) {
                guard document.count(node) == 1, document.kind(pointerNode) == .string else {
                    error(
                        .invalidReference, "a {\"$ref\": …} reference must have a string pointer and no other members",
                        token: token, at: node)
                    invalid = true
                    return
                }
                collectPointer(
                    document, pointer: pointerNode, holder: node, memberPath: memberPath, into: &found,
                    invalid: &invalid, token: token)
                return
            }
            for (key, value) in document.members(of: node) {
                collectReferences(
                    document, node: value, memberPath: memberPath + [document.string(key)], into: &found,
                    invalid: &invalid, token: token)
            }
        case .array:
            guard document.subtreeMayHoldReference(node) else { return }
            for (index, element) in document.elements(of: node).enumerated() {
                collectReferences(
                    document, node: element, memberPath: memberPath + [String(index)], into: &found, invalid: &invalid,
                    token: token)
            }
        default:
            break
        }
    }

    /// Reads the JSON Pointer string at `pointer` into a reference held by `holder` (the `$ref` object, or the
    /// pointer string itself for a whole-token `$ref`), or reports why it is not one.
    private mutating func collectPointer(
        _ document: JSONDocument, pointer: Int, holder: Int, memberPath: [String], into found: inout [Reference],
        invalid: inout Bool, token: Int
    ) {
        switch Reference.parse(pointer: document.string(pointer), node: holder, memberPath: memberPath) {
        case .reference(let reference): found.append(reference)
        case .interpolation(let references): found += references
        case .invalid(let message):
            error(.invalidReference, message, token: token, at: pointer)
            invalid = true
        }
    }

    /// The type a token's value (or a member of it) must have; nil where it is untyped or no type is defined.
    private func expectedType(_ id: Int, at memberPath: [String]) -> TokenType? {
        (layers.definitions[id].type ?? layers.groupType(of: id))?.expectedType(at: memberPath)
    }

    /// Whether token `id`'s value, where it is text, is kept as written, references inside it included: a token of a
    /// type ThemeEngine does not validate, in a file whose dialect interpolates only where text is expected.
    private func keepsTextAsWritten(_ id: Int) -> Bool {
        guard !layers.files[layers.sites[id].file].dialect.interpolatesEverywhere,
            let type = layers.definitions[id].type ?? layers.groupType(of: id)
        else { return false }
        return !type.isKnown
    }

    /// Whether text with references inside it may stand at `memberPath` in a token's value: where the value (or
    /// member) is text (a `string`, a member no type defines) and anywhere in a file whose dialect's tools
    /// interpolate so (``TokenDialect/interpolatesEverywhere``). Elsewhere its meaning is not plain: a colour or a
    /// dimension is not text.
    private func admitsText(_ id: Int, at memberPath: [String]) -> Bool {
        if layers.files[layers.sites[id].file].dialect.interpolatesEverywhere { return true }
        // Untyped: `missing-type` reports it.
        guard let type = layers.definitions[id].type ?? layers.groupType(of: id),
            let expected = type.expectedType(at: memberPath)
        else { return true }
        return expected == .string || !expected.isKnown
    }

    /// The id of the token a reference names, or nil after reporting why there is none. Style Dictionary's
    /// `{a.b.value}`, when `a.b.value` names nothing but `a.b` is a token, is read as `{a.b}`.
    private mutating func target(of reference: Reference, from id: Int) -> Int? {
        if let target = layers.token(atPath: reference.target) { return target }
        let path = layers.path(id)
        if reference.syntax == .curly, reference.target.hasSuffix(".value"),
            case let token = String(reference.target.dropLast(".value".count)),
            let target = layers.token(atPath: token)
        {
            nonConforming(
                "\(reference.text) read as {\(token)}, the token itself; write \"{\(token)}\"",
                token: id, at: reference.node)
            return target
        }
        if layers.isGroup(reference.target) {
            let root = reference.target + ".$root"
            var message = "\(path) refers to \(reference.text), which is a group, not a token"
            if layers.token(atPath: root) != nil { message += "; did you mean \(reference.written(root))?" }
            error(.referenceToGroup, message, token: id, at: reference.node)
            return nil
        }
        let suggestion = layers.nearestTokenPath(to: reference.target)
        var message = "\(path) refers to \(reference.text), which does not exist"
        if let suggestion { message += "; did you mean \(reference.written(suggestion))?" }
        error(.unresolvedReference, message, token: id, at: reference.node)
        return nil
    }

    // MARK: Finishing: build the value

    private mutating func finish(_ id: Int) {
        guard state[id] == .inProgress else { return }
        let isPlain = isPlainAlias[id]
        let dependenciesResolved =
            isPlain
            ? state[Int(aliasOf[id])] == .resolved : !references[id].contains(where: { state[Int($0)] != .resolved })
        if (!inCycle.isEmpty && inCycle.contains(id)) || !dependenciesResolved {
            state[id] = .failed
            return
        }
        let found = isPlain ? [] : pending.removeValue(forKey: id) ?? []

        // A whole-value alias: take the target's value as it is. Its type is the target's (DTCG §5.2.2: an
        // alias's type comes from what it refers to before any group's); a `$type` of its own must agree.
        if aliasOf[id] >= 0, isPlain || found[0].valuePath.isEmpty {
            let target = Int(aliasOf[id])
            let targetType = types[target]!
            /// The alias's reference, for messages.
            func reference() -> Reference { isPlain ? pendingReferences(of: id)[0] : found[0] }
            let declared = layers.definitions[id].type
            // A token whose value made it another type than its own (a colour written as a CSS gradient, a number
            // written as a length) is still of its own type to an alias of that type, which takes its value.
            let targetDeclared = layers.definitions[target].type ?? layers.groupType(of: target)
            let sameOwnType = declared != nil && declared == targetDeclared
            if let declared, !sameOwnType, declared != targetType, declared.isKnown,
                !(declared.toolName == .lineHeight && targetType == .dimension),
                targetType.isTokensStudioOther || layers.files[layers.sites[id].file].dialect.typesAreAdvisory
            {
                // Tokens Studio's untyped `other`, or any type where types are only advice: the target's value read
                // as this token's type, a value of its own.
                guard let value = valueReadAsDeclared(id, target: target, as: declared, reference: reference()) else {
                    state[id] = .failed
                    return
                }
                values.set(value, for: id)
                types[id] = value.type ?? declared
                valueSources[id] = Int32(id)
                valueSizes[id] = valueSizes[target]
                state[id] = .resolved
                return
            }
            // A type ThemeEngine does not validate (Tokens Studio's `other` among them) passes through unchecked:
            // the target's value as it is, under the alias's own type: as JSON, or where types are advice, as the
            // text its tools substitute (`"2px"`).
            if let declared, declared != targetType, !declared.isKnown {
                if targetType.isKnown {
                    // Each alias holds a copy of the value: counted as a value built from references.
                    guard admitExpanded(valueSizes[target], for: id, at: layers.sites[id].valueNode) else {
                        state[id] = .failed
                        return
                    }
                    let target = value(of: target)!
                    let asText = layers.files[layers.sites[id].file].dialect.typesAreAdvisory
                    values.set(.custom(asText ? target.flatJSON : target.json), for: id)
                    valueSources[id] = Int32(id)
                } else {
                    valueSources[id] = valueSources[target]
                }
                valueSizes[id] = valueSizes[target]
                types[id] = declared
                state[id] = .resolved
                return
            }
            // A Tokens Studio line height may be a length: an alias of a dimension is one.
            if let declared, !sameOwnType, declared != targetType,
                !(declared.toolName == .lineHeight && targetType == .dimension)
            {
                error(
                    .typeMismatch,
                    "\(layers.path(id)) is a \(declared) token, but \(reference().text) is a \(targetType) token",
                    token: id, at: reference().node, notes: aliasNotes(from: target))
                state[id] = .failed
                return
            }
            if declared == nil, let groupType = layers.groupType(of: id), groupType != targetType {
                // Valid DTCG (the alias's type wins over the group's), but nearly always a slip.
                diagnostics.append(
                    Diagnostic(
                        .warning, .typeMismatch,
                        "\(layers.path(id)) is in a group of \(groupType) tokens, but \(reference().text) makes it a \(targetType) token; add \"$type\": \"\(targetType)\" if that is meant",
                        at: location(layers.sites[id].file, node: reference().node), token: layers.path(id),
                        notes: aliasNotes(from: target)))
            }
            valueSources[id] = valueSources[target]
            valueSizes[id] = valueSizes[target]
            types[id] = targetType
            state[id] = .resolved
            return
        }

        let definition = layers.definitions[id]
        let site = layers.sites[id]
        let file = layers.files[site.file]

        // Anything else (including a pointer into another value, whose type DTCG does not let us guess):
        // substitute the references, then validate against the token's own or its group's type.
        var substitutions: [Int: JSONValue] = [:]
        guard
            let type = definition.type ?? colorModifierAliasType(of: id, references: found) ?? layers.groupType(of: id)
                ?? guessType(id, file: file)
        else {
            state[id] = .failed
            return
        }
        // Counted before anything is built: the value as written, each reference standing for its target's value.
        let document = file.document
        var size = Int(document.nodes[site.valueNode].end) - site.valueNode
        for target in references[id].prefix(found.count) { size += valueSizes[Int(target)] - 1 }
        guard found.isEmpty || admitExpanded(size, for: id, at: site.valueNode) else {
            state[id] = .failed
            return
        }
        valueSizes[id] = size
        // Text with references inside: each string's references, with their targets, by the node that holds them.
        var texts: [(node: Int, references: [(reference: Reference, target: Int)])] = []
        for (index, reference) in found.enumerated() {
            let target = Int(references[id][index])
            if reference.placeholder != nil {
                if texts.last?.node != reference.node { texts.append((reference.node, [])) }
                texts[texts.count - 1].references.append((reference, target))
                continue
            }
            guard let value = substitute(reference, target: target, into: type, for: id) else {
                state[id] = .failed
                return
            }
            substitutions[reference.node] = value
        }
        for (node, inside) in texts {
            guard
                let value = computedValue(
                    node, inside, in: document, type: type, recordsDeviation: !file.dialect.warnsForWholeFile, for: id)
            else {
                state[id] = .failed
                return
            }
            substitutions[node] = value
        }
        let decoder = decoder(of: file, as: type, substitutions: substitutions)
        do {
            let decoded = try decoder.decode(.node(site.valueNode), as: type)
            guard let value = applyingColorModifier(to: decoded, of: id) else {
                deviations.removeAll()
                state[id] = .failed
                return
            }
            values.set(value, for: id)
            // A value of another type than the token's is the type it is: a number (a Tokens Studio line height
            // among them) written as a length is a dimension, a colour written as a CSS gradient a gradient.
            types[id] = value.type.map { $0.name == type.name ? type : $0 } ?? type
            state[id] = .resolved
            diagnostics += gamutMappings(in: value, of: id, references: found)
            if !deviations.isEmpty { reportDeviations(of: id) }
        } catch {
            deviations.removeAll()
            let member = error.memberDescription
            let node = memberNode(file.document, root: site.valueNode, path: error.memberPath)
            self.error(
                .invalidValue,
                "invalid \(type) value for \(layers.path(id))\(member.isEmpty ? "" : " (\(member))"): \(error.message)",
                token: id, at: node)
            state[id] = .failed
        }
    }

    /// The decoder of a value of `type` written in `file`, reading values as the file's dialect does
    /// (``TokenDialect/valueReading(of:writesToolTypes:)``).
    func decoder(of file: TokenFile, as type: TokenType, substitutions: [Int: JSONValue]) -> ValueDecoder {
        ValueDecoder(
            reading: file.dialect.valueReading(of: type, writesToolTypes: file.writesToolTypes),
            document: file.document, substitutions: substitutions, deviations: deviations)
    }

    /// Counts a value of `size` JSON values built from references towards the bounds (``maximumValueNodes``,
    /// ``maximumExpandedNodes``); false after reporting one past them.
    mutating func admitExpanded(_ size: Int, for id: Int, at node: Int) -> Bool {
        guard size <= Self.maximumValueNodes, expandedNodes + size <= Self.maximumExpandedNodes else {
            let limit =
                size > Self.maximumValueNodes
                ? "more than \(Self.maximumValueNodes) values"
                : "values past the \(Self.maximumExpandedNodes) that all values built from references may hold"
            error(
                .invalidValue,
                "the value of \(layers.path(id)) would hold \(limit) once its references are substituted (\(size) values); composites that refer to composites multiply",
                token: id, at: node)
            return false
        }
        expandedNodes += size
        return true
    }

    func value(of id: Int) -> TokenValue? {
        values[Int(valueSources[id])]
    }

    /// The references found in a token's value that `finish` has not used yet.
    func pendingReferences(of id: Int) -> [Reference] {
        guard isPlainAlias[id] else { return pending[id] ?? [] }
        let target = Int(aliasOf[id])
        // Its text was exactly `{target}`: the target's path is what the index matched.
        return [
            Reference(
                syntax: .curly, target: layers.path(target), valuePath: [], text: nil, node: layers.sites[id].valueNode,
                memberPath: [])
        ]
    }

    /// The JSON a reference stands for inside a value, after checking it has the type its place needs.
    private mutating func substitute(_ reference: Reference, target: Int, into type: TokenType, for id: Int)
        -> JSONValue?
    {
        let targetType = types[target]!
        if reference.valuePath.isEmpty {
            if let expected = type.expectedType(at: reference.memberPath), !expected.admitsReference(to: targetType) {
                let member = reference.memberPath.joined(separator: ".")
                error(
                    .typeMismatch,
                    "\(layers.path(id)) needs a \(expected) for \(member.isEmpty ? "its value" : member), but \(reference.text) is a \(targetType) token",
                    token: id, at: reference.node, notes: aliasNotes(from: target))
                return nil
            }
            if targetType.isTokensStudioOther { recordOtherReference(reference, target: target, into: type, for: id) }
            return self.value(of: target)!.json
        }
        var value = self.value(of: target)!.json
        // A shadow or font family of one is kept and written as that one alone, but is a list all the same: an index
        // reaches into it as the file writes it (`#/shadow/$value/0/color`, `#/type/$value/fontFamily/0`).
        let list: [String]? =
            [.shadow, .fontFamily].contains(targetType) ? [] : targetType == .typography ? ["fontFamily"] : nil
        for (index, segment) in reference.valuePath.enumerated() {
            if Int(segment) != nil, let list, reference.valuePath[..<index].elementsEqual(list) {
                if case .array = value {} else { value = .array([value]) }
            }
            let next: JSONValue? = Int(segment).flatMap { value[$0] } ?? value[segment]
            guard let next else {
                error(
                    .unresolvedReference,
                    "\(layers.path(id)) refers to \(reference.text), but the value of \(reference.target) has no \"\(segment)\"",
                    token: id, at: reference.node,
                    notes: [
                        Diagnostic.Note(
                            "\(reference.target) resolves to \(JSONWriter.compactText(self.value(of: target)!.json))",
                            at: location(of: target))
                    ])
                return nil
            }
            value = next
        }
        return value
    }
}
