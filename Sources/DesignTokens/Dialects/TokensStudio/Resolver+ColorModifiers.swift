import ColorSpaces
@_spi(Engine) import TokenJSON

/// Tokens Studio's colour modifiers (``ColorModifier``), read from a colour token's
/// `$extensions` → `studio.tokens` → `modify` and applied where the token's value is made.
///
/// A modifier's `value` (the amount) and a mix's `color` may be references (`"{shading.soft}"`); they are the
/// token's dependencies as much as its value's references, so they resolve first. A token with a modifier is
/// never a plain alias: its value is its own, the modified colour, which its own aliases then share.
extension Resolver {
    /// A modifier as a token's `$extensions` write it, its references found but not yet resolved.
    struct WrittenColorModifier {
        var kind: ColorModifier.Kind
        var space: ColorModifier.Space
        var format: ColorModifier.Space?
        var amount: Operand<Double>
        /// For `mix`, the colour mixed in.
        var mixColor: Operand<TokenValue.Color>?
        /// The file the `$extensions` are written in, and the `modify` object's node there.
        var file: Int
        var node: Int
    }

    /// A member of a modifier: written out, or a reference to the token that gives it.
    enum Operand<Literal> {
        case literal(Literal)
        case reference(target: Int, node: Int, text: String)
    }

    /// What ``visitColorModifier(of:)`` found.
    enum ColorModifierVisit {
        /// The token has no colour modifier.
        case none
        /// It has one, which refers to these tokens.
        case found(targets: [Int32])
        /// It has one that cannot be read, already reported.
        case invalid
    }

    /// Reads the colour modifier in a token's `$extensions`, if it has one, and keeps it for ``finish``; reports a
    /// malformed one where it is written.
    mutating func visitColorModifier(of id: Int) -> ColorModifierVisit {
        guard let (file, extensions) = layers.definitions[id].extensions.map({ (Int($0.file), Int($0.node)) }) else {
            return .none
        }
        let document = layers.files[file].document
        guard let studio = document.member("studio.tokens", of: extensions), document.kind(studio) == .object,
            let node = document.member("modify", of: studio)
        else { return .none }
        var reader = ModifierReader(resolver: self, id: id, file: file, document: document)
        let written = reader.read(node)
        diagnostics += reader.diagnostics
        guard let written else { return .invalid }
        colorModifiers[id] = written
        var targets: [Int32] = []
        if case .reference(let target, _, _) = written.amount { targets.append(Int32(target)) }
        if case .reference(let target, _, _)? = written.mixColor { targets.append(Int32(target)) }
        return .found(targets: targets)
    }

    /// The type of a token with a colour modifier whose value is one whole reference and that writes no `$type`:
    /// its target's, as for an alias.
    func colorModifierAliasType(of id: Int, references found: [Reference]) -> TokenType? {
        guard !colorModifiers.isEmpty, colorModifiers[id] != nil, found.count == 1, found[0].memberPath.isEmpty,
            found[0].valuePath.isEmpty, found[0].placeholder == nil, found[0].node == layers.sites[id].valueNode
        else { return nil }
        return types[Int(references[id][0])]
    }

    /// A token's value with its colour modifier applied (the value itself when it has none), or nil after
    /// reporting why it cannot be: the token is not a colour, or a reference in the modifier gives no amount or
    /// no colour.
    mutating func applyingColorModifier(to value: TokenValue, of id: Int) -> TokenValue? {
        guard !colorModifiers.isEmpty, let written = colorModifiers.removeValue(forKey: id) else { return value }
        let path = layers.path(id)
        func report(_ rule: Diagnostic.Rule, _ message: String, at node: Int) {
            diagnostics.append(Diagnostic(.error, rule, message, at: location(written.file, node: node), token: path))
        }
        guard case .color(let color) = value else {
            report(
                .invalidValue,
                "\(path) has a Tokens Studio colour modifier, but it is a \(value.type?.name ?? "custom") token, not a color",
                at: written.node)
            return nil
        }
        let amount: Double
        switch written.amount {
        case .literal(let number):
            amount = number
        case .reference(let target, let node, let text):
            let given: Double?
            switch self.value(of: target)!.flatJSON {
            case .number(let number): given = number
            case .string(let string): given = ValueDecoder.parseDecimal(Substring(string))
            default: given = nil
            }
            guard let given, (0...1).contains(given) else {
                // Out of range is a wrong value; no number at all, a token of the wrong kind.
                let found = JSONWriter.compactText(self.value(of: target)!.flatJSON)
                report(
                    given == nil ? .typeMismatch : .invalidValue,
                    "the colour modifier of \(path) (value) refers to \(text), whose value \(found) is not a number from 0 to 1",
                    at: node)
                return nil
            }
            amount = given
        }
        var mixColor: TokenValue.Color?
        switch written.mixColor {
        case .literal(let literal)?:
            mixColor = literal
        case .reference(let target, let node, let text)?:
            guard case .color(let mixed) = self.value(of: target)! else {
                report(
                    .typeMismatch,
                    "the colour modifier of \(path) (color) refers to \(text), a \(types[target]!) token; a mix needs a color",
                    at: node)
                return nil
            }
            mixColor = mixed
        case nil:
            break
        }
        let modifier = ColorModifier(
            kind: written.kind, space: written.space, amount: amount, mixColor: mixColor, format: written.format)
        return .color(modifier.apply(to: color))
    }

}

/// Reads one `modify` object, collecting errors located where they are written.
private struct ModifierReader {
    let resolver: Resolver
    let id: Int
    let file: Int
    let document: JSONDocument
    var diagnostics: [Diagnostic] = []

    init(resolver: Resolver, id: Int, file: Int, document: JSONDocument) {
        self.resolver = resolver
        self.id = id
        self.file = file
        self.document = document
    }

    /// The modifier, or nil after reporting every problem it has.
    mutating func read(_ node: Int) -> Resolver.WrittenColorModifier? {
        guard document.kind(node) == .object else {
            fail(
                #"a colour modifier ("studio.tokens": {"modify": …}) is an object {"type", "value", "space"}, found \#(document.kind(node).description)"#,
                at: node)
            return nil
        }
        let kind = named(ColorModifier.Kind.self, "type", in: node, expected: #""lighten", "darken", "mix" or "alpha""#)
        let space = named(ColorModifier.Space.self, "space", in: node, expected: #""lch", "srgb", "p3" or "hsl""#)
        var format: ColorModifier.Space?
        if let formatNode = document.member("format", of: node) {
            format =
                document.kind(formatNode) == .string && document.string(formatNode) == "hex"
                ? .srgb
                : named(ColorModifier.Space.self, "format", in: node, expected: #""lch", "srgb", "p3", "hsl" or "hex""#)
        }
        let amount = self.amount(in: node)
        var mixColor: Resolver.Operand<TokenValue.Color>?
        if kind == .mix {
            mixColor = color(in: node)
        } else if let kind, let colorNode = document.member("color", of: node),
            !resolver.layers.files[file].dialect.warnsForWholeFile
        {
            // Tokens Studio keeps a mix's colour when the modifier becomes another kind, and ignores it then; in its
            // own files, whose one warning says they are read as it writes them, that is not reported again.
            diagnostics.append(
                Diagnostic(
                    .warning, .nonConforming,
                    #"colour modifier of \#(resolver.layers.path(id)) (color): "color" is a "mix" modifier's; this "\#(kind.rawValue)" modifier is read without it, as Tokens Studio reads it; remove it"#,
                    at: resolver.location(file, node: colorNode), token: resolver.layers.path(id)))
        }
        guard let kind, let space, let amount, kind != .mix || mixColor != nil,
            !diagnostics.contains(where: { $0.severity == .error })
        else { return nil }
        return .init(
            kind: kind, space: space, format: format, amount: amount, mixColor: mixColor, file: file, node: node)
    }

    /// The case of `Name` that member `member` names, or nil after reporting it missing or unknown.
    private mutating func named<Name: RawRepresentable & CaseIterable>(
        _: Name.Type, _ member: String, in node: Int, expected: String
    ) -> Name?
    where Name.RawValue == String {
        guard let value = document.member(member, of: node) else {
            fail(#"a colour modifier needs "\#(member)", \#(expected)"#, at: node)
            return nil
        }
        guard document.kind(value) == .string else {
            fail("\"\(member)\" is \(expected), found \(document.kind(value).description)", member: member, at: value)
            return nil
        }
        let text = document.string(value)
        if let name = Name(rawValue: text) { return name }
        let hint = Suggestion.hint(for: text, among: Name.allCases.map(\.rawValue)) { "\"\($0)\"" }
        fail("\"\(member)\" is \(expected), found \"\(text)\"\(hint)", member: member, at: value)
        return nil
    }

    /// The amount, `value`: a number from 0 to 1 (or its text, as Tokens Studio writes it), or a reference.
    private mutating func amount(in node: Int) -> Resolver.Operand<Double>? {
        guard let value = document.member("value", of: node) else {
            fail(#"a colour modifier needs "value", its amount from 0 to 1"#, at: node)
            return nil
        }
        var number = document.kind(value) == .number ? document.number(value) : nil
        if document.kind(value) == .string {
            let text = document.string(value)
            if let reference = reference(text, at: value, member: "value") {
                return .reference(target: reference.target, node: value, text: reference.text)
            }
            if !diagnostics.isEmpty { return nil }
            number = ValueDecoder.parseDecimal(Substring(text))
        }
        guard let number, (0...1).contains(number) else {
            let found = document.kind(value) == .string ? "\"\(document.string(value))\"" : document.sourceText(value)
            fail(
                "\"value\" is the amount, a number from 0 to 1 or a reference to one, found \(found)", member: "value",
                at: value)
            return nil
        }
        return .literal(number)
    }

    /// The colour a mix mixes in, `color`: a hex or other CSS colour, or a reference.
    private mutating func color(in node: Int) -> Resolver.Operand<TokenValue.Color>? {
        guard let value = document.member("color", of: node) else {
            fail(#"a "mix" modifier needs "color", the colour to mix in"#, at: node)
            return nil
        }
        guard document.kind(value) == .string else {
            fail(
                "\"color\" is a colour such as \"#ffffff\" or a reference to one, found \(document.kind(value).description)",
                member: "color", at: value)
            return nil
        }
        let text = document.string(value)
        if let reference = reference(text, at: value, member: "color") {
            return .reference(target: reference.target, node: value, text: reference.text)
        }
        if !diagnostics.isEmpty { return nil }
        switch TokenValue.Color.parse(css: Substring(text)) {
        case .success(let color): return .literal(color)
        case .failure(let error):
            fail("\"color\" is not a colour: \(error)", member: "color", at: value)
            return nil
        }
    }

    /// The token a reference in a modifier's member names, or nil for text that is no reference (or after
    /// reporting a broken one or one to nothing).
    private mutating func reference(_ text: String, at node: Int, member: String) -> (target: Int, text: String)? {
        switch Reference.parse(string: text, node: node, memberPath: []) {
        case .reference(let reference)? where reference.valuePath.isEmpty:
            if let target = resolver.layers.token(atPath: reference.target) {
                return (target, reference.text)
            }
            let suggestion =
                resolver.layers.nearestTokenPath(to: reference.target).map {
                    "; did you mean \(reference.written($0))?"
                } ?? ""
            diagnostics.append(
                Diagnostic(
                    .error, .unresolvedReference,
                    "the colour modifier of \(resolver.layers.path(id)) (\(member)) refers to \(reference.text), which does not exist\(suggestion)",
                    at: resolver.location(file, node: node), token: resolver.layers.path(id)))
        case .invalid(let message)?:
            fail(message, member: member, at: node, rule: .invalidReference)
        case .reference?, .interpolation?:
            fail(
                "\"\(member)\" is a number, a colour or one reference to a token, found \"\(text)\"", member: member,
                at: node)
        case nil:
            break
        }
        return nil
    }

    private mutating func fail(
        _ message: String, member: String? = nil, at node: Int, rule: Diagnostic.Rule = .invalidValue
    ) {
        let path = resolver.layers.path(id)
        diagnostics.append(
            Diagnostic(
                .error, rule, "invalid colour modifier for \(path)\(member.map { " (\($0))" } ?? ""): \(message)",
                at: resolver.location(file, node: node), token: path))
    }
}
