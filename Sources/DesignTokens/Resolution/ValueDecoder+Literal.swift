/// The fast path of value decoding: a literal value (one without references) read straight from the document's
/// nodes and bytes, without building its ``JSONValue`` first.
///
/// Only values that decode without error are handled here, and each to exactly the ``TokenValue`` that
/// ``ValueDecoder/decode(_:as:)`` gives for `document.value(node)`. Anything else — an invalid value, an
/// unexpected or repeated member, a legacy spelling, a type not covered — gives nil, and the caller takes the
/// general path, which decodes it or explains what is wrong. So messages never come from here.
///
/// A composite whose members are `{a.b}` references is read the same way once the tokens they name are resolved:
/// given their values (``Substitutions``), each member reader takes its referenced value as it is, instead of
/// the reference's bytes, where the general path would decode the value's ``TokenValue/json`` in its place.
extension ValueDecoder {
    /// Resolved values standing in for some string nodes of a value: the `{a.b}` references inside a composite,
    /// each with the value of the token it names.
    ///
    /// A member reader (a border's `color`, a shadow layer's `blur`, a typography's `fontFamily`…) given a
    /// substituted node takes the value when it is of the member's own kind (a ``TokenValue/color(_:)`` for a
    /// colour) and gives nil for any other (a `string` token standing for a font family), so that the general path
    /// decides. The value is used as it is: decoding its ``TokenValue/json`` again gives it back unchanged, which is
    /// what makes this the general path's answer. (For colours that rests on ``ValueDecoder`` dropping an sRGB
    /// colour's own `hex`, which the JSON form writes and the value does not keep: change one, check the other.) A substituted node is never read as text: the one reader below
    /// the members that accepts any text, a family name in a list, declines it; the others (hex, keywords, units,
    /// colour spaces) cannot take a `{…}` anyway.
    struct Substitutions {
        /// Each substituted node with its value; one per reference, so a few at most, searched in order.
        private var entries: [(node: Int, value: TokenValue)] = []

        init() {}

        /// Forgets every value, keeping the room they took (a caller that decodes one composite after another
        /// reuses one `Substitutions`, rather than allocating for each).
        mutating func removeAll() {
            entries.removeAll(keepingCapacity: true)
        }

        /// Stands `value` in for the string node `node`.
        mutating func substitute(_ value: TokenValue, for node: Int) {
            entries.append((node, value))
        }

        /// The value that stands in for `node`, if any.
        func value(at node: Int) -> TokenValue? {
            for entry in entries where entry.node == node { return entry.value }
            return nil
        }
    }

    /// The value of the literal at `node` as a `type`, or nil when the general path must decide.
    ///
    /// With `substitutions`, the members they name are their values rather than what the document holds there
    /// (see ``Substitutions``): the value is then exactly what ``decode(_:as:)`` gives for the document's value
    /// with each substituted node replaced by its value's ``TokenValue/json``.
    func decodeLiteral(
        _ document: JSONDocument, node: Int, as type: TokenType, substituting substitutions: Substitutions = Substitutions()
    ) -> TokenValue? {
        switch type.knownType {
        case .color?: return literalColor(document, node, substitutions).map { .color($0) }
        case .dimension?: return literalDimension(document, node, substitutions).map { .dimension($0) }
        case .duration?: return literalDuration(document, node, substitutions).map { .duration($0) }
        case .number?: return literalNumber(document, node, substitutions).map { .number($0) }
        case .fontWeight?: return literalFontWeight(document, node, substitutions).map { .fontWeight($0) }
        case .fontFamily?: return literalFontFamily(document, node, substitutions).map { .fontFamily($0) }
        case .cubicBezier?: return literalCubicBezier(document, node, substitutions).map { .cubicBezier($0) }
        case .string?: return document.kind(node) == .string ? .string(document.string(node)) : nil
        case .boolean?:
            switch document.kind(node) {
            case .true: return .boolean(true)
            case .false: return .boolean(false)
            default: return nil
            }
        case .strokeStyle?: return literalStrokeKeyword(document, node, substitutions).map { .strokeStyle($0) }
        case .border?:
            guard let members = literalMembers(document, node, ["color", "width", "style"]),
                let color = literalColor(document, members[0], substitutions),
                let width = literalDimension(document, members[1], substitutions),
                let style = literalStrokeKeyword(document, members[2], substitutions)
            else { return nil }
            return .border(.init(color: color, width: width, style: style))
        case .transition?:
            guard let members = literalMembers(document, node, ["duration", "delay", "timingFunction"]),
                let duration = literalDuration(document, members[0], substitutions),
                let delay = literalDuration(document, members[1], substitutions),
                let timing = literalCubicBezier(document, members[2], substitutions)
            else { return nil }
            return .transition(.init(duration: duration, delay: delay, timingFunction: timing))
        case .shadow?:
            if document.kind(node) == .array {
                guard document.count(node) > 0 else { return nil }
                var layers: [TokenValue.Shadow] = []
                layers.reserveCapacity(document.count(node))
                for element in document.elements(of: node) {
                    guard let layer = literalShadow(document, element, substitutions) else { return nil }
                    layers.append(layer)
                }
                return .shadow(layers)
            }
            return literalShadow(document, node, substitutions).map { .shadow([$0]) }
        case .typography?:
            guard let members = literalMembers(document, node, ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight"]),
                let family = literalFontFamily(document, members[0], substitutions),
                let size = literalDimension(document, members[1], substitutions),
                let weight = literalFontWeight(document, members[2], substitutions),
                let spacing = literalDimension(document, members[3], substitutions),
                let lineHeight = literalNumber(document, members[4], substitutions)
            else { return nil }
            return .typography(.init(fontFamily: family, fontSize: size, fontWeight: weight, letterSpacing: spacing, lineHeight: lineHeight))
        case .gradient?, .image?, nil:
            return nil
        }
    }

    // MARK: Simple types

    private func literalColor(_ document: JSONDocument, _ node: Int, _ substitutions: Substitutions) -> TokenValue.Color? {
        if let value = substitutions.value(at: node) {
            guard case .color(let color) = value else { return nil }
            return color
        }
        switch document.kind(node) {
        case .string: return document.withUnescapedContents(of: node) { TokenValue.Color(hexBytes: $0) }
        case .object: return literalColorObject(document, node)
        default: return nil
        }
    }

    /// A colour object, by the same rules as ``ValueDecoder/color(_:)``.
    private func literalColorObject(_ document: JSONDocument, _ node: Int) -> TokenValue.Color? {
        var spaceNode = -1, componentsNode = -1, alphaNode = -1, hexNode = -1
        for (key, value) in document.members(of: node) {
            if document.stringEquals(key, ascii: "colorSpace"), spaceNode < 0 {
                spaceNode = value
            } else if document.stringEquals(key, ascii: "components"), componentsNode < 0 {
                componentsNode = value
            } else if document.stringEquals(key, ascii: "alpha"), alphaNode < 0 {
                alphaNode = value
            } else if document.stringEquals(key, ascii: "hex"), hexNode < 0 {
                hexNode = value
            } else {
                return nil  // unknown or repeated
            }
        }
        guard spaceNode >= 0, document.kind(spaceNode) == .string,
            let space = Self.named(document, spaceNode, in: Self.colorSpaces),
            componentsNode >= 0, document.kind(componentsNode) == .array, document.count(componentsNode) == 3
        else { return nil }
        var components: [Double?] = []
        components.reserveCapacity(3)
        let hueIndex = space.hueIndex
        for (index, item) in document.elements(of: componentsNode).enumerated() {
            switch document.kind(item) {
            case .number:
                let number = document.number(item)
                if index == hueIndex, !(0..<360).contains(number) { return nil }
                if let range = space.componentRange(index), !range.contains(number) { return nil }
                components.append(number)
            case .string where document.stringEquals(item, ascii: "none"):
                components.append(nil)
            default:
                return nil
            }
        }
        var alpha = 1.0
        if alphaNode >= 0 {
            guard document.kind(alphaNode) == .number else { return nil }
            alpha = document.number(alphaNode)
            guard (0...1).contains(alpha) else { return nil }
        }
        var hexFallback: String?
        if hexNode >= 0 {
            guard document.kind(hexNode) == .string else { return nil }
            let text = document.string(hexNode)
            guard TokenValue.Color.isSixDigitHex(text) else { return nil }
            hexFallback = text
        }
        // As in `colorObject`: an sRGB colour's own hex adds nothing.
        return TokenValue.Color(colorSpace: space, components: components, alpha: alpha, hexFallback: hexFallback).droppingOwnHexFallback
    }

    private func literalDimension(_ document: JSONDocument, _ node: Int, _ substitutions: Substitutions) -> TokenValue.Dimension? {
        if let value = substitutions.value(at: node) {
            guard case .dimension(let dimension) = value else { return nil }
            return dimension
        }
        return literalMeasure(document, node, units: Self.dimensionUnits).map { .init($0.value, $0.unit) }
    }

    private func literalDuration(_ document: JSONDocument, _ node: Int, _ substitutions: Substitutions) -> TokenValue.Duration? {
        if let value = substitutions.value(at: node) {
            guard case .duration(let duration) = value else { return nil }
            return duration
        }
        return literalMeasure(document, node, units: Self.durationUnits).map { .init($0.value, $0.unit) }
    }

    /// A number with a unit, `{"value": 16, "unit": "px"}` or `"16px"`, for dimensions and durations alike.
    /// Units are tried in their declaration order, which puts `ms` before `s` (`"120ms"` also ends in `s`).
    private func literalMeasure<Unit>(
        _ document: JSONDocument, _ node: Int, units: [(value: Unit, name: [UInt8])]
    ) -> (value: Double, unit: Unit)? {
        switch document.kind(node) {
        case .object:
            guard let members = literalMembers(document, node, ["value", "unit"]),
                document.kind(members[0]) == .number, document.kind(members[1]) == .string
            else { return nil }
            guard let unit = Self.named(document, members[1], in: units) else { return nil }
            return (document.number(members[0]), unit)
        case .string:
            return document.withUnescapedContents(of: node) { text -> (Double, Unit)? in
                for (unit, name) in units {
                    if let number = Self.decimal(text, droppingSuffix: name) { return (number, unit) }
                }
                return nil
            }
        default:
            return nil
        }
    }

    /// The colour spaces, and the units of dimensions and of durations, with their names' bytes, in declaration
    /// order, made once: a name is matched as it stands in the document, without a `String` (an escaped one goes
    /// through its `String`).
    private static let colorSpaces = namedByBytes(TokenValue.Color.Space.allCases)
    private static let dimensionUnits = namedByBytes(TokenValue.Dimension.Unit.allCases)
    private static let durationUnits = namedByBytes(TokenValue.Duration.Unit.allCases)

    private static func namedByBytes<Case: RawRepresentable>(_ cases: [Case]) -> [(value: Case, name: [UInt8])] where Case.RawValue == String {
        cases.map { ($0, Array($0.rawValue.utf8)) }
    }

    /// The value of `table` that the string node `node` names: its bytes as they stand, or, escaped, its `String`'s;
    /// nil for none. (Inlined: called for every colour object and measure object, its generic call cost ~0.5 M
    /// instructions at 100,000 tokens.)
    @inline(__always)
    private static func named<Value>(_ document: JSONDocument, _ node: Int, in table: [(value: Value, name: [UInt8])]) -> Value? {
        let unescaped: (value: Value, name: [UInt8])?? = document.withUnescapedContents(of: node) { name in
            .some(table.first { name.elementsEqual($0.name) })
        }
        if let unescaped { return unescaped?.value }
        return table.first { document.string(node).utf8.elementsEqual($0.name) }?.value
    }

    /// A number written as one (a legacy numeric string goes the general way).
    private func literalNumber(_ document: JSONDocument, _ node: Int, _ substitutions: Substitutions) -> Double? {
        if let value = substitutions.value(at: node) {
            guard case .number(let number) = value else { return nil }
            return number
        }
        return document.kind(node) == .number ? document.number(node) : nil
    }

    private func literalFontWeight(_ document: JSONDocument, _ node: Int, _ substitutions: Substitutions) -> TokenValue.FontWeight? {
        if let value = substitutions.value(at: node) {
            guard case .fontWeight(let weight) = value else { return nil }
            return weight
        }
        switch document.kind(node) {
        case .number:
            let number = document.number(node)
            return (1...1000).contains(number) ? .init(number) : nil
        case .string:
            let keyword = document.string(node)
            return TokenValue.FontWeight.keywords[keyword].map { .init($0, keyword: keyword) }
        default:
            return nil
        }
    }

    /// A family name or a list of them. A reference in the list declines: its `{…}` would pass for a name.
    private func literalFontFamily(_ document: JSONDocument, _ node: Int, _ substitutions: Substitutions) -> [String]? {
        if let value = substitutions.value(at: node) {
            guard case .fontFamily(let names) = value else { return nil }
            return names
        }
        switch document.kind(node) {
        case .string:
            let name = document.string(node)
            return name.isEmpty ? nil : [name]
        case .array:
            guard document.count(node) > 0 else { return nil }
            var names: [String] = []
            names.reserveCapacity(document.count(node))
            for element in document.elements(of: node) {
                guard document.kind(element) == .string, substitutions.value(at: element) == nil else { return nil }
                let name = document.string(element)
                guard !name.isEmpty else { return nil }
                names.append(name)
            }
            return names
        default:
            return nil
        }
    }

    private func literalCubicBezier(_ document: JSONDocument, _ node: Int, _ substitutions: Substitutions) -> TokenValue.CubicBezier? {
        if let value = substitutions.value(at: node) {
            guard case .cubicBezier(let curve) = value else { return nil }
            return curve
        }
        guard document.kind(node) == .array, document.count(node) == 4 else { return nil }
        var numbers: [Double] = []
        numbers.reserveCapacity(4)
        for (index, element) in document.elements(of: node).enumerated() {
            guard document.kind(element) == .number else { return nil }
            let number = document.number(element)
            if index % 2 == 0, !(0...1).contains(number) { return nil }
            numbers.append(number)
        }
        return .init(numbers[0], numbers[1], numbers[2], numbers[3])
    }

    /// A stroke style keyword (the dashed object form goes the general way), or a substituted stroke style of
    /// either form.
    private func literalStrokeKeyword(_ document: JSONDocument, _ node: Int, _ substitutions: Substitutions) -> TokenValue.StrokeStyle? {
        if let value = substitutions.value(at: node) {
            guard case .strokeStyle(let style) = value else { return nil }
            return style
        }
        guard document.kind(node) == .string else { return nil }
        let keyword = document.string(node)
        return TokenValue.StrokeStyle.keywords.contains(keyword) ? .keyword(keyword) : nil
    }

    /// One shadow layer. A layer that is a reference as a whole (`["{shadow.low}", {…}]`) goes the general way.
    private func literalShadow(_ document: JSONDocument, _ node: Int, _ substitutions: Substitutions) -> TokenValue.Shadow? {
        // `inset` is optional: try without it, then with it.
        var inset = false
        let members: MemberNodes
        if let required = literalMembers(document, node, ["color", "offsetX", "offsetY", "blur", "spread"]) {
            members = required
        } else if let withInset = literalMembers(document, node, ["color", "offsetX", "offsetY", "blur", "spread", "inset"]) {
            switch document.kind(withInset[5]) {
            case .true: inset = true
            case .false: inset = false
            default: return nil
            }
            members = withInset
        } else {
            return nil
        }
        guard let color = literalColor(document, members[0], substitutions),
            let offsetX = literalDimension(document, members[1], substitutions),
            let offsetY = literalDimension(document, members[2], substitutions),
            let blur = literalDimension(document, members[3], substitutions),
            let spread = literalDimension(document, members[4], substitutions)
        else { return nil }
        return .init(color: color, offsetX: offsetX, offsetY: offsetY, blur: blur, spread: spread, inset: inset)
    }

    // MARK: Helpers

    /// The value nodes of an object that has each of `names` exactly once and nothing else, in the order of
    /// `names`; nil for anything else (not an object, a member missing, unknown or repeated).
    /// (At most eight names; the nodes come back in a vector on the stack rather than in an array on the heap:
    /// this runs for every composite value.)
    private func literalMembers(_ document: JSONDocument, _ node: Int, _ names: [StaticString]) -> MemberNodes? {
        precondition(names.count <= MemberNodes.scalarCount, "at most eight members")
        guard document.kind(node) == .object, document.count(node) == names.count else { return nil }
        var found = MemberNodes(repeating: -1)
        // The keys' bytes borrowed once for all of them (borrowed for each comparison, this was a fortieth of a large
        // file's resolution).
        let matched = document.bytes.withUnsafeBufferPointer { bytes -> Bool in
            for (key, value) in document.members(of: node) {
                let info = document.nodes[key]
                // An escaped name through its `String`.
                let index = info.isEscaped
                    ? names.firstIndex { document.stringEquals(key, ascii: $0) }
                    : names.firstIndex { JSONDocument.stringEquals(info, ascii: $0, in: bytes) }
                guard let index, found[index] < 0 else { return false }
                found[index] = value
            }
            return true
        }
        return matched ? found : nil
    }

    /// The value nodes ``literalMembers(_:_:_:)`` finds, by the position of their names.
    private typealias MemberNodes = SIMD8<Int>

    /// The number before `suffix` in `text`, when `text` ends with it and the rest is a plain decimal
    /// (``ValueDecoder/parseDecimal(_:)``).
    private static func decimal(_ text: UnsafeBufferPointer<UInt8>, droppingSuffix suffix: [UInt8]) -> Double? {
        guard text.count > suffix.count else { return nil }
        let numberCount = text.count - suffix.count
        guard text[numberCount...].elementsEqual(suffix) else { return nil }
        let number = UnsafeBufferPointer(rebasing: text[..<numberCount])
        guard isPlainDecimal(number) else { return nil }
        // A plain decimal is what the JSON number reader reads (leading zeros, a bare point: same digits, same
        // correctly rounded double as `Double(String)`).
        return JSONReader.parseNumber(number)
    }
}
