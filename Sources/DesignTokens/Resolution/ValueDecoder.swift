import ColorSpaces
@_spi(Engine) import TokenJSON

/// Validates a token's value against its type and builds the typed ``TokenValue``: the one decoder of every value.
///
/// A value is read where it lies in its document (``Input``), so a literal builds no ``JSONValue``; a node that
/// holds a reference reads as the JSON of what the reference resolved to (``substitutions``). Errors name the
/// member that is wrong (`fontSize`, `[1].color`), say what was expected, and suggest the fix where there is an
/// obvious one. A deviation from DTCG 2025.10 with one plain meaning (`"hex": "#000"`, an `em` dimension, a
/// typography without `letterSpacing`) is read as that meaning and recorded in ``deviations``.
struct ValueDecoder {
    /// A value that does not fit its type.
    struct Failure: Error {
        /// Where inside the value: `["shadow", "0", "color"]` is printed as `[0].color`.
        var memberPath: [String]
        var message: String

        var memberDescription: String { ValueDecoder.memberDescription(memberPath) }
    }

    /// A member path as messages write it: `["shadow", "0", "color"]` is `shadow[0].color`.
    static func memberDescription(_ memberPath: [String]) -> String {
        memberPath.reduce(into: "") { text, part in
            text += part.first!.isNumber ? "[\(part)]" : (text.isEmpty ? part : ".\(part)")
        }
    }

    /// What the forms DTCG 2025.10 does not define mean, as the dialect of the file decoded reads them; asked only
    /// where the decoder meets one.
    let reading: any ValueReading
    /// The document whose nodes ``Input/node(_:)`` names.
    let document: JSONDocument
    /// The nodes that hold a reference, each with the JSON of what it resolved to.
    let substitutions: [Int: JSONValue]
    /// Where deviations written in the document are recorded; nil to read them without recording.
    let deviations: DeviationLog?

    init(
        reading: any ValueReading = DTCGValues(), document: JSONDocument = .empty,
        substitutions: [Int: JSONValue] = [:], deviations: DeviationLog? = nil
    ) {
        self.reading = reading
        self.document = document
        self.substitutions = substitutions
        self.deviations = deviations
    }

    /// Decodes a JSON value (a reference's target, a guess at a type).
    func decode(_ value: JSONValue, as type: TokenType) throws(Failure) -> TokenValue {
        try decode(.json(value), as: type)
    }

    func decode(_ value: Input, as type: TokenType) throws(Failure) -> TokenValue {
        switch type.knownType {
        case .color?:
            // A CSS gradient is read only where the value is no colour, off the path every colour takes.
            do {
                return .color(try color(value))
            } catch {
                if let stops = try cssGradient(value) { return .gradient(stops) }
                throw error
            }
        case .dimension?:
            if type.toolName == .letterSpacing { return .dimension(try letterSpacing(value)) }
            if let lengths = try shorthand(value) { return .dimensions(lengths) }
            return .dimension(try dimension(value))
        case .fontFamily?: return .fontFamily(try fontFamily(value))
        case .fontWeight?: return .fontWeight(try fontWeight(value))
        case .duration?: return .duration(try duration(value))
        case .cubicBezier?: return .cubicBezier(try cubicBezier(value))
        case .number?: return type.toolName == .lineHeight ? try lineHeightToken(value) : try numberToken(value)
        case .strokeStyle?: return .strokeStyle(try strokeStyle(value))
        case .border?: return .border(try border(value))
        case .transition?: return .transition(try transition(value))
        case .shadow?: return .shadow(try shadows(value))
        case .gradient?: return .gradient(try gradient(value))
        case .typography?: return .typography(try typography(value))
        case .string?:
            guard let text = string(value) else { throw fail("expected a string, found \(kindDescription(value))") }
            return .string(text)
        case .boolean?:
            if let flag = bool(value) { return .boolean(flag) }
            // Tokens Studio writes its booleans as text.
            guard let text = string(value), text == "true" || text == "false" else {
                throw fail("expected true or false, found \(kindDescription(value))")
            }
            deviateAsToolForm(value, #""\#(text)" read as \#(text); write \#(text)"#)
            return .boolean(text == "true")
        case .image?: return .image(try image(value))
        case nil:
            // Where its tools compute arithmetic in any value, a composition's `"gap": "2 * 3"` is 6 (arithmetic
            // with references in it is computed before, as the resolver substitutes them).
            return .custom(reading.multipliesLikeUnits ? Self.computingArithmetic(in: json(value)) : json(value))
        }
    }

    // MARK: Simple types

    func color(_ value: Input) throws(Failure) -> TokenValue.Color {
        switch kind(value) {
        case .string:
            if let color = withStringBytes(value, { TokenValue.Color(hexBytes: $0) }) ?? nil {
                deviateFromDraft(value, Self.draftFormDeviation(string(value)!, .color(color)))
                return color
            }
            let text = string(value)!
            if let color = colorText(value, text) { return color }
            if let function = Self.tokensStudioColorFunction(in: text) {
                throw fail(Self.uncomputedColorFunction(function, in: text))
            }
            var message =
                "\"\(text)\" is not a colour; expected a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), a CSS colour (rgb(), oklch(), a name…) or a colour object {\"colorSpace\", \"components\"}"
            if !text.hasPrefix("#"), TokenValue.Color(hex: "#" + text) != nil {
                message += "; did you mean \"#\(text)\"?"
            }
            throw fail(message)
        case .object:
            return try colorObject(value)
        default:
            throw fail("expected a colour (a hex string or a colour object), found \(kindDescription(value))")
        }
    }

    private func colorObject(_ value: Input) throws(Failure) -> TokenValue.Color {
        let members = try lookUp(value, ["colorSpace", "components", "alpha", "hex"])
        guard let spaceMember = members[0], kind(spaceMember) == .string else {
            throw fail("a colour object needs \"colorSpace\" (a string such as \"srgb\")")
        }
        guard let space = Self.named(self, spaceMember, in: Self.colorSpaces) else {
            let spaceName = string(spaceMember)!
            let names = TokenValue.Color.Space.allCases.map(\.rawValue)
            let hint = Suggestion.hint(for: spaceName, among: names) { "\"\($0)\"" }
            throw fail(
                "unknown colour space \"\(spaceName)\"; expected one of \(names.joined(separator: ", "))\(hint)",
                at: "colorSpace")
        }
        guard let componentsMember = members[1], let items = elements(componentsMember) else {
            throw fail("a colour object needs \"components\", an array of three numbers", at: "components")
        }
        guard items.count == 3 else {
            throw fail("\(space.rawValue) colours have 3 components, found \(items.count)", at: "components")
        }
        var components: [Double?] = []
        components.reserveCapacity(3)
        let hueIndex = space.hueIndex
        for (index, item) in items.enumerated() {
            if let number = number(item) {
                if index == hueIndex, !(0..<360).contains(number) {
                    throw fail(
                        "component \(index) of an \(space.rawValue) colour is a hue, from 0 up to (not including) 360; found \(JSONWriter.format(number))",
                        at: "components", "\(index)")
                }
                if let range = space.componentRange(index), !range.contains(number) {
                    let upper = range.upperBound.isFinite ? JSONWriter.format(range.upperBound) : "∞"
                    throw fail(
                        "component \(index) of an \(space.rawValue) colour must be in \(JSONWriter.format(range.lowerBound))…\(upper), found \(JSONWriter.format(number))",
                        at: "components", "\(index)")
                }
                components.append(number)
            } else if string(item) == "none" {
                components.append(nil)
            } else {
                throw fail(
                    "a colour component must be a number or \"none\", found \(kindDescription(item))", at: "components",
                    "\(index)")
            }
        }
        var alpha = 1.0
        if let alphaMember = members[2] {
            guard let number = number(alphaMember), (0...1).contains(number) else {
                throw fail("alpha must be a number from 0 to 1", at: "alpha")
            }
            alpha = number
        }
        let hexFallback = try members[3].map { member throws(Failure) in try self.hexFallback(member, alpha: alpha) }
        // An sRGB colour's own hex adds nothing.
        return TokenValue.Color(colorSpace: space, components: components, alpha: alpha, hexFallback: hexFallback)
            .droppingOwnHexFallback
    }

    /// A dimension. Units DTCG 2025.10 does not define (``TokenValue/Dimension/Unit``) are read and kept as
    /// written; a 0 with no unit, or an empty one, is 0px. Each of those is a deviation.
    func dimension(_ value: Input) throws(Failure) -> TokenValue.Dimension {
        switch kind(value) {
        case .object:
            let members = try lookUp(value, ["value", "unit"])
            guard let valueMember = members[0], let number = number(valueMember) else {
                throw fail("a dimension needs \"value\", a number", at: "value")
            }
            guard let unitMember = members[1] else {
                guard number == 0 else { throw fail("a dimension needs \"unit\", \"px\" or \"rem\"", at: "unit") }
                deviate(value, #"{"value": 0} read as 0px; write {"value": 0, "unit": "px"}"#)
                return .init(0, .px)
            }
            guard kind(unitMember) == .string else {
                throw fail("a dimension needs \"unit\", \"px\" or \"rem\"", at: "unit")
            }
            guard let unit = Self.named(self, unitMember, in: Self.dimensionUnits) else {
                let name = string(unitMember)!
                if name.isEmpty {
                    guard number == 0 else {
                        throw fail(
                            "a dimension with an empty unit has no plain meaning unless it is 0; write \"px\" or \"rem\"",
                            at: "unit")
                    }
                    deviate(unitMember, #""" read as px, for 0; write "px""#)
                    return .init(0, .px)
                }
                let hint = Suggestion.hint(for: name, among: Self.dimensionUnits.map(\.value.rawValue)) { "\"\($0)\"" }
                throw fail(
                    "unit \"\(name)\" is not a dimension unit; expected \"px\" or \"rem\"\(Self.otherUnitsText)\(hint)",
                    at: "unit")
            }
            let dimension = TokenValue.Dimension(number, unit)
            if !unit.isConforming { deviate(unitMember, Self.unitDeviation(dimension)) }
            return dimension
        case .string:
            if let measure = measure(value, units: Self.dimensionUnits) {
                let dimension = TokenValue.Dimension(measure.value, measure.unit)
                if !measure.unit.isConforming {
                    deviate(value, Self.unitDeviation(dimension))
                } else {
                    deviateFromDraft(value, Self.draftFormDeviation(string(value)!, .dimension(dimension)))
                }
                return dimension
            }
            let text = string(value)!
            if let number = Self.parseDecimal(Substring(text)) {
                if let read = reading.dimension(fromNumber: number, written: "\"\(text)\"", at: value, in: self) {
                    return read
                }
                if number == 0 {
                    deviate(value, #""\#(text)" read as 0px; write {"value": 0, "unit": "px"}"#)
                    return .init(0, .px)
                }
            }
            if let computed = try literalArithmetic(value, as: "dimension", dimension) { return computed }
            throw fail(
                "\"\(text)\" is not a dimension; expected {\"value\": 16, \"unit\": \"px\"} (or \"16px\", \"1.5rem\")")
        case .number:
            let number = number(value)!
            if let read = reading.dimension(fromNumber: number, written: JSONWriter.format(number), at: value, in: self)
            {
                return read
            }
            guard number == 0 else {
                throw fail(
                    "a dimension needs a unit; write {\"value\": \(JSONWriter.format(number)), \"unit\": \"px\"}")
            }
            deviate(value, #"0 read as 0px; write {"value": 0, "unit": "px"}"#)
            return .init(0, .px)
        default:
            throw fail("expected a dimension {\"value\", \"unit\"}, found \(kindDescription(value))")
        }
    }

    func duration(_ value: Input) throws(Failure) -> TokenValue.Duration {
        switch kind(value) {
        case .object:
            let members = try lookUp(value, ["value", "unit"])
            guard let valueMember = members[0], let number = number(valueMember) else {
                throw fail("a duration needs \"value\", a number", at: "value")
            }
            guard let unitMember = members[1], kind(unitMember) == .string,
                let unit = Self.named(self, unitMember, in: Self.durationUnits)
            else {
                throw fail("a duration needs \"unit\", \"ms\" or \"s\"", at: "unit")
            }
            return .init(number, unit)
        case .string:
            if let measure = measure(value, units: Self.durationUnits) {
                let duration = TokenValue.Duration(measure.value, measure.unit)
                deviateFromDraft(value, Self.draftFormDeviation(string(value)!, .duration(duration)))
                return duration
            }
            if let computed = try literalArithmetic(value, as: "duration", duration) { return computed }
            throw fail(
                "\"\(string(value)!)\" is not a duration; expected {\"value\": 120, \"unit\": \"ms\"} (or \"120ms\", \"0.2s\")"
            )
        default:
            throw fail("expected a duration {\"value\", \"unit\"}, found \(kindDescription(value))")
        }
    }

    /// A number and a unit written as one string, `"16px"`, `"120ms"`: the units tried in their declaration order,
    /// which puts `ms` before `s` (`"120ms"` also ends in `s`).
    private func measure<Unit>(_ value: Input, units: [(value: Unit, name: [UInt8])]) -> (value: Double, unit: Unit)? {
        withStringBytes(value) { text -> (Double, Unit)? in
            for (unit, name) in units {
                if let number = Self.decimal(text, droppingSuffix: name) { return (number, unit) }
            }
            return nil
        } ?? nil
    }

    func fontFamily(_ value: Input) throws(Failure) -> [String] {
        if let name = string(value), !name.isEmpty {
            // A CSS font stack: the family and its fallbacks, as Tokens Studio and CSS write them.
            guard let names = Self.fontStack(name) else { return [name] }
            let read =
                names.count == 1
                ? "\"\(names[0])\", the name without CSS's quotes; write \"\(names[0])\""
                : "\(JSONWriter.compactText(.array(names.map { .string($0) }))), a family and its fallbacks; write that array"
            deviateAsToolForm(value, "\"\(name)\" read as \(read)")
            return names
        }
        if let items = elements(value), !items.isEmpty {
            var names: [String] = []
            names.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                guard let name = string(item), !name.isEmpty else {
                    throw fail(
                        "a font family list holds non-empty strings, found \(kindDescription(item))", at: "\(index)")
                }
                names.append(name)
            }
            return names
        }
        throw fail("expected a font family name or a non-empty array of names, found \(kindDescription(value))")
    }

    func cubicBezier(_ value: Input) throws(Failure) -> TokenValue.CubicBezier {
        guard let items = elements(value), items.count == 4 else {
            throw fail("expected a cubic Bézier [x1, y1, x2, y2], four numbers")
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(4)
        for (index, item) in items.enumerated() {
            guard let number = number(item) else {
                throw fail("expected a number, found \(kindDescription(item))", at: "\(index)")
            }
            if index % 2 == 0, !(0...1).contains(number) {
                throw fail(
                    "x\(index / 2 + 1) of a cubic Bézier must be in 0…1, found \(JSONWriter.format(number))",
                    at: "\(index)")
            }
            numbers.append(number)
        }
        return .init(numbers[0], numbers[1], numbers[2], numbers[3])
    }

    /// The value of a `number` token: a number, or a dimension where one is written with a unit (`"4px"`), as
    /// Tokens Studio's advisory types and Style Dictionary let a number token hold, a deviation.
    func numberToken(_ value: Input) throws(Failure) -> TokenValue {
        do {
            return .number(try number(value))
        } catch {
            guard let text = string(value), let measure = measure(value, units: Self.dimensionUnits) else {
                throw error
            }
            let dimension = TokenValue.Dimension(measure.value, measure.unit)
            deviateAsToolForm(
                value,
                "\"\(text)\" is a number with a unit, read as the dimension \(JSONWriter.compactText(TokenValue.dimension(dimension).flatJSON)); write \"$type\": \"dimension\""
            )
            return .dimension(dimension)
        }
    }

    /// A number; a percentage (`"25%"`, as Tokens Studio writes opacities and line heights) is the fraction it
    /// stands for, a deviation.
    func number(_ value: Input) throws(Failure) -> Double {
        if let number = number(value) { return number }
        if let text = string(value) {
            if let number = Self.parseDecimal(Substring(text)),
                let read = reading.number(fromText: number, written: text, at: value, in: self)
            {
                return read
            }
            if let fraction = Self.percentage(text) {
                deviateAsToolForm(
                    value, #""\#(text)" read as \#(JSONWriter.format(fraction)); write \#(JSONWriter.format(fraction))"#
                )
                return fraction
            }
            if let computed = try literalArithmetic(value, as: "number", number) { return computed }
        }
        throw fail("expected a number, found \(kindDescription(value))")
    }

    func strokeStyle(_ value: Input) throws(Failure) -> TokenValue.StrokeStyle {
        switch kind(value) {
        case .string:
            let keyword = string(value)!
            guard TokenValue.StrokeStyle.keywords.contains(keyword) else {
                let hint = Suggestion.hint(for: keyword, among: TokenValue.StrokeStyle.keywords) { "\"\($0)\"" }
                throw fail(
                    "\"\(keyword)\" is not a stroke style; expected one of \(TokenValue.StrokeStyle.keywords.joined(separator: ", "))\(hint)"
                )
            }
            return .keyword(keyword)
        case .object:
            let members = try lookUp(value, ["dashArray", "lineCap"])
            guard let dashMember = members[0], let items = elements(dashMember), !items.isEmpty else {
                throw fail(
                    "a stroke style object needs \"dashArray\", a non-empty array of dimensions", at: "dashArray")
            }
            var dashes: [TokenValue.Dimension] = []
            for (index, item) in items.enumerated() {
                dashes.append(try nested(["dashArray", "\(index)"]) { () throws(Failure) in try dimension(item) })
            }
            guard let capMember = members[1], let cap = string(capMember), TokenValue.StrokeStyle.lineCaps.contains(cap)
            else {
                throw fail("a stroke style object needs \"lineCap\": \"round\", \"butt\" or \"square\"", at: "lineCap")
            }
            return .dashed(dashArray: dashes, lineCap: cap)
        default:
            throw fail("expected a stroke style keyword or {dashArray, lineCap}, found \(kindDescription(value))")
        }
    }

    // MARK: Helpers

    /// The values of `names` then of `optional`, in order, from an object that must have every one of `names` and
    /// nothing but those and `optional` (nil for an optional one it does not have).
    func required(_ value: Input, type: String, _ names: [String], optional: [String] = []) throws(Failure) -> Members {
        guard kind(value) == .object else {
            throw fail(
                "expected \(type.withIndefiniteArticle) object {\(names.joined(separator: ", "))}, found \(kindDescription(value))"
            )
        }
        let members = try lookUp(value, names + optional)
        for (index, name) in names.enumerated() where members[index] == nil {
            throw fail("\(type.withIndefiniteArticle) needs \"\(name)\"")
        }
        return members
    }

    /// The values of the members named `allowed`, then of those named `tokensStudio`, in that order (nil for one
    /// the object lacks; the last one for a name written twice); an error for a member of another name. Anything
    /// but an object has no members.
    func lookUp(_ value: Input, _ allowed: [String], orTokensStudio tokensStudio: [String] = []) throws(Failure)
        -> Members
    {
        var found = Members(count: allowed.count + tokensStudio.count)
        func unexpected(_ key: String) -> Failure {
            let hint = Suggestion.hint(for: key, among: allowed + tokensStudio) { "\"\($0)\"" }
            let others =
                tokensStudio.isEmpty
                ? "" : " (or Tokens Studio's \(tokensStudio.map { "\"\($0)\"" }.joined(separator: ", ")))"
            return fail(
                "unexpected member \"\(key)\"; expected \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))\(others)\(hint)"
            )
        }
        /// The position of the name `matches` accepts among `allowed`, then `tokensStudio`.
        func position(where matches: (String) -> Bool) -> Int? {
            allowed.firstIndex(where: matches) ?? tokensStudio.firstIndex(where: matches).map { allowed.count + $0 }
        }
        // A value written in the document: its keys compared as they stand there, without a `String` each.
        if case .node(let node) = resolved(value) {
            guard document.kind(node) == .object else { return found }
            for (key, member) in document.members(of: node) {
                guard let index = position(where: { document.stringEquals(key, $0) }) else {
                    throw unexpected(document.string(key))
                }
                found.set(index, node: member)
            }
            return found
        }
        guard let members = members(value) else { return found }
        for member in members {
            guard let index = position(where: { $0 == member.key }) else { throw unexpected(member.key) }
            found[index] = member.value
        }
        return found
    }

    /// The members ``lookUp(_:_:orTokensStudio:)`` found, by the position of their names: the nodes of a value
    /// written in the document held in place, so that looking a composite's members up allocates nothing.
    struct Members {
        /// The most names a lookup may have.
        static let capacity = SIMD16<Int32>.scalarCount

        /// How many names the lookup has: the positions a member may have.
        private let count: Int
        /// Each name's member when it is a node of the document: its index + 1, 0 for none.
        private var nodes = SIMD16<Int32>(repeating: 0)
        /// Each name's member when it is not a node (JSON a reference brought in, a default filled in), by
        /// position; empty, and unallocated, until one is not.
        private var values: [Input?] = []

        init(count: Int) {
            precondition(count <= Self.capacity, "a lookup of at most \(Self.capacity) names")
            self.count = count
        }

        /// Makes the member at `index` the node `node` of the document.
        mutating func set(_ index: Int, node: Int) {
            precondition(index < count, "a position among the lookup's names")
            precondition(node < Int(Int32.max), "a node index held in 31 bits")
            nodes[index] = Int32(node + 1)
            if !values.isEmpty { values[index] = nil }
        }

        subscript(index: Int) -> Input? {
            get {
                precondition(index < count, "a position among the lookup's names")
                if nodes[index] > 0 { return .node(Int(nodes[index]) - 1) }
                return values.isEmpty ? nil : values[index]
            }
            set {
                if case .node(let node)? = newValue { return set(index, node: node) }
                precondition(index < count, "a position among the lookup's names")
                nodes[index] = 0
                if newValue != nil, values.isEmpty { values = Array(repeating: nil, count: count) }
                if !values.isEmpty { values[index] = newValue }
            }
        }
    }

    /// Runs `body`, prefixing the member path of any failure with `path`.
    func nested<T>(_ path: [String], _ body: () throws(Failure) -> T) throws(Failure) -> T {
        do {
            return try body()
        } catch {
            throw Failure(memberPath: path + error.memberPath, message: error.message)
        }
    }

    func fail(_ message: String, at path: String...) -> Failure {
        Failure(memberPath: path, message: message)
    }

    /// The colour spaces, and the units of dimensions and of durations, with their names' bytes, in declaration
    /// order, made once: a name is matched as it stands in the document, without a `String`.
    private static let colorSpaces = namedByBytes(TokenValue.Color.Space.allCases)
    static let dimensionUnits = namedByBytes(TokenValue.Dimension.Unit.allCases)
    private static let durationUnits = namedByBytes(TokenValue.Duration.Unit.allCases)

    private static func namedByBytes<Case: RawRepresentable>(_ cases: [Case]) -> [(value: Case, name: [UInt8])]
    where Case.RawValue == String {
        cases.map { ($0, Array($0.rawValue.utf8)) }
    }

    /// The value of `table` that the string `value` names, or nil.
    private static func named<Value>(_ decoder: ValueDecoder, _ value: Input, in table: [(value: Value, name: [UInt8])])
        -> Value?
    {
        decoder.withStringBytes(value) { name in table.first { name.elementsEqual($0.name) }?.value } ?? nil
    }

    /// The number before `suffix` in `text`, when `text` ends with it and the rest is a plain decimal
    /// (``parseDecimal(_:)``).
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

    /// A plain decimal such as `16`, `-0.5`, `1.25` (no exponent, no sign but `-`).
    static func parseDecimal(_ text: Substring) -> Double? {
        var text = String(text)
        guard text.withUTF8({ isPlainDecimal($0) }) else { return nil }
        return Double(text)
    }

    /// Whether UTF-8 bytes spell a plain decimal (``parseDecimal(_:)``): an optional `-`, digits and at most
    /// one `.`, with at least one digit.
    static func isPlainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        var index = bytes[0] == UInt8(ascii: "-") ? 1 : 0
        var digits = 0
        var seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return false }
                seenPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
            } else {
                return false
            }
            index += 1
        }
        return digits > 0
    }
}
