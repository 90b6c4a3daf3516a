@_spi(Engine) import TokenJSON

/// Text with references inside: Style Dictionary's interpolation (`"1px solid {color.border}"` where text is
/// expected), and text that stands for a typed value, Tokens Studio's arithmetic (`"{spacing.sm} * 2"` where a
/// dimension is expected) and colour functions (`"rgba({color.black}, 0.5)"` where a colour is). Anywhere else such
/// text is refused.
extension Resolver {
    enum ComputedText {
        /// Arithmetic over numbers and measures (``ValueExpression``), its references standing for their values.
        case arithmetic
        /// A colour function, each reference standing for its colour's hex (`rgba(#000000, 0.5)`), which the
        /// decoder reads.
        case colorFunction
        /// Several lengths, CSS shorthand (`{space.sm} {space.xl}`, `0 0 0 -{space.xs}`), each reference standing
        /// for its length's text, which the decoder reads as a list of dimensions.
        case shorthand
    }

    /// What a text with references inside stands for where a value of `expected` type is expected, or nil when it
    /// is not a computed value. With `anyType` (a file whose tools compute arithmetic in any value, as Tokens
    /// Studio's do), arithmetic is computed where a type ThemeEngine does not validate, or none, is expected too.
    static func computedText(_ text: String, expected: TokenType?, anyType: Bool = false) -> ComputedText? {
        switch expected?.knownType {
        case .dimension?:
            if isShorthand(text) { return .shorthand }
            return ValueExpression.isExpression(text) ? .arithmetic : nil
        case .number?, .duration?, .fontWeight?:
            return ValueExpression.isExpression(text) ? .arithmetic : nil
        case nil where anyType:
            return ValueExpression.isExpression(text) ? .arithmetic : nil
        case .color?:
            let lower = text.lowercased()
            return ["rgb(", "rgba(", "hsl(", "hsla("].contains(where: lower.hasPrefix) ? .colorFunction : nil
        default:
            return nil
        }
    }

    /// Whether `text` is CSS shorthand of lengths: two words or more, each a reference or a number (with a unit or
    /// none), either with a sign before it (`0 0 0 -{space.xs}`); an operator between words makes it arithmetic.
    static func isShorthand(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace)
        return words.count > 1
            && words.allSatisfy { word in
                let unsigned = word.first == "-" || word.first == "+" ? word.dropFirst() : word
                if unsigned.first == "{" {
                    return unsigned.last == "}" && unsigned.dropFirst().allSatisfy { $0 != "{" }
                }
                guard let first = unsigned.first, first.isNumber || first == "." else { return false }
                return unsigned.allSatisfy { $0.isNumber || $0 == "." || $0.isLetter || $0 == "%" }
            }
    }

    /// The measure a reference in arithmetic stands for: a number, a dimension or a duration, or a number (or its
    /// text, `"1.25"`) that a token of a type ThemeEngine does not validate holds, as Tokens Studio's `other` does.
    static func measure(of value: TokenValue) -> ValueExpression.Measure? {
        switch value {
        case .number(let number): .init(value: number, unit: nil)
        case .dimension(let dimension): .init(value: dimension.value, unit: dimension.unit.rawValue)
        case .duration(let duration): .init(value: duration.value, unit: duration.unit.rawValue)
        case .fontWeight(let weight): .init(value: weight.value, unit: nil)
        case .custom(.number(let number)): .init(value: number, unit: nil)
        case .custom(.string(let text)): measure(ofText: text)
        default: nil
        }
    }

    /// The measure a text of a type ThemeEngine does not validate stands for: a number (`"1.25"`), or one with a
    /// unit of letters or `%` after it (`"16px"`).
    private static func measure(ofText text: String) -> ValueExpression.Measure? {
        if let number = ValueDecoder.parseDecimal(Substring(text)) { return .init(value: number, unit: nil) }
        let unit = text.reversed().prefix { $0.isLetter || $0 == "%" }
        guard !unit.isEmpty, unit.count < text.count,
            let number = ValueDecoder.parseDecimal(text.dropLast(unit.count))
        else { return nil }
        return .init(value: number, unit: String(unit.reversed()))
    }

    /// The JSON a computed measure is substituted as: a number, or a `{value, unit}` measure.
    static func json(_ measure: ValueExpression.Measure) -> JSONValue {
        guard let unit = measure.unit else { return .number(measure.value) }
        return .object([.init("value", .number(measure.value)), .init("unit", .string(unit))])
    }

    /// What a string with references inside stands for (``ComputedText``): a measure its arithmetic computes, a
    /// colour function with each colour's hex in place, or the text with each target's text in place; nil after
    /// reporting why it has no value.
    mutating func computedValue(
        _ node: Int, _ inside: [(reference: Reference, target: Int)], in document: JSONDocument, type: TokenType,
        recordsDeviation: Bool, for id: Int
    ) -> JSONValue? {
        let written = document.string(node)
        let expected = type.expectedType(at: inside[0].reference.memberPath)
        let computed = Self.computedText(
            written, expected: expected, anyType: layers.files[layers.sites[id].file].dialect.interpolatesEverywhere)
        if computed == .arithmetic {
            do {
                let file = layers.files[layers.sites[id].file]
                let reading = file.dialect.valueReading(of: type, writesToolTypes: file.writesToolTypes)
                let measure = try ValueExpression.evaluate(
                    written, multipliesLikeUnits: reading.multipliesLikeUnits
                ) { path in
                    let target = inside.first(where: { $0.reference.target == path })?.target
                    if let target, let measure = Self.measure(of: value(of: target)!) { return .success(measure) }
                    let what =
                        switch target.flatMap({ value(of: $0) }) {
                        case .dimensions(let lengths)?: "several lengths (\(TokenValue.shorthand(lengths))), not one"
                        default:
                            "a \(target.map { "\(types[$0]!)" } ?? "missing") token, not a number, dimension or duration"
                        }
                    return .failure(.init(message: "{\(path)} is \(what)", offset: 0))
                }
                let result: JSONValue
                if expected?.isKnown != true {
                    // A value of no validated type holds the text a tool writes for it (`"16px"`, `"1.5"`).
                    result = measure.textJSON
                } else if expected?.knownType == .number, expected?.toolName != .lineHeight,
                    reading.multipliesLikeUnits,
                    measure.unit != nil
                {
                    // Where bare numbers are px, a number computed in px is that number, as its tools compute it
                    // without units; in another unit, the length it is. (A line height in px is a fixed one.)
                    result = measure.unit == "px" ? .number(measure.value) : .string(measure.text)
                } else {
                    result = Self.json(measure)
                }
                if recordsDeviation {
                    deviations.record(
                        "\(Self.quoted(written)) read as \(JSONWriter.compactText(result)); DTCG 2025.10 has no arithmetic: write the value",
                        at: node)
                }
                return result
            } catch {
                self.error(
                    .invalidValue,
                    "\(layers.path(id)): \(Self.quoted(written)) cannot be computed: \(error.message) (at character \(error.offset + 1))",
                    token: id, at: node)
                return nil
            }
        }
        var pieces: [(range: Range<Int>, text: String)] = []
        for (reference, target) in inside {
            guard let text = text(of: target, for: reference, in: id) else { return nil }
            pieces.append((reference.placeholder!, text))
        }
        // A colour function is reported below, as what it reads as.
        guard let text = interpolate(written, pieces, at: node, for: id, records: computed != .colorFunction) else {
            return nil
        }
        if computed == .colorFunction, recordsDeviation {
            deviations.record(
                "\(Self.quoted(written)) read as \(Self.quoted(text)); DTCG 2025.10 writes a colour as an object",
                at: node)
        }
        return .string(text)
    }

    /// `written` with each piece's range replaced by its text, and the deviation recorded; nil after reporting a
    /// text longer than ``maximumTextBytes``, or one past ``maximumInterpolatedBytes``.
    private mutating func interpolate(
        _ written: String, _ pieces: [(range: Range<Int>, text: String)], at node: Int, for id: Int,
        records: Bool = true
    ) -> String? {
        let length = pieces.reduce(written.utf8.count) { $0 + $1.text.utf8.count - $1.range.count }
        guard length <= Self.maximumTextBytes, interpolatedBytes + length <= Self.maximumInterpolatedBytes else {
            let limit =
                length > Self.maximumTextBytes
                ? "more than \(Self.maximumTextBytes) bytes"
                : "bytes past the \(Self.maximumInterpolatedBytes) that all texts built from references may hold"
            error(
                .invalidValue,
                "the text of \(layers.path(id)) would hold \(limit) once its references are replaced (\(length) bytes); text that refers to text multiplies",
                token: id, at: node)
            return nil
        }
        interpolatedBytes += length
        var bytes = Array(written.utf8)
        for piece in pieces.reversed() { bytes.replaceSubrange(piece.range, with: piece.text.utf8) }
        let text = String(decoding: bytes, as: UTF8.self)
        if records {
            deviations.record(
                "\(Self.quoted(written)) read as \(Self.quoted(text)); DTCG 2025.10 has no references inside text",
                at: node)
        }
        return text
    }

    /// `text` in quotes for a message, cut to its first 100 characters (with `…`) when it is longer.
    private static func quoted(_ text: String) -> String {
        text.count <= 100 ? "\"\(text)\"" : "\"\(text.prefix(99))…\""
    }

    /// The text a reference inside text stands for: its target's value as `--format flat` writes it (`16px`,
    /// `#0055ff`, `Inter`), or nil after reporting a target whose value is not one string, number or boolean.
    private mutating func text(of target: Int, for reference: Reference, in id: Int) -> String? {
        switch value(of: target)!.flatJSON {
        case .string(let text): return text
        case .number(let number): return JSONWriter.format(number)
        case .bool(let flag): return flag ? "true" : "false"
        default:
            error(
                .typeMismatch,
                "\(layers.path(id)) puts \(reference.text) inside text, but it is a \(types[target]!) token, whose value is not one piece of text",
                token: id, at: reference.node, notes: aliasNotes(from: target))
            return nil
        }
    }
}
