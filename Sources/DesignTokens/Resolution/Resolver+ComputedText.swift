/// Text with references inside that stands for a typed value rather than text: Tokens Studio's arithmetic
/// (`"{spacing.sm} * 2"` where a dimension is expected) and colour functions (`"rgba({color.black}, 0.5)"` where a
/// colour is). Elsewhere such text is interpolated as text, or refused where a typed value is expected.
extension Resolver {
    enum ComputedText {
        /// Arithmetic over numbers and measures (``ValueExpression``), its references standing for their values.
        case arithmetic
        /// A colour function, each reference standing for its colour's hex (`rgba(#000000, 0.5)`), which the
        /// decoder reads.
        case colorFunction
    }

    /// What a text with references inside stands for where a value of `expected` type is expected, or nil when it
    /// is not a computed value.
    static func computedText(_ text: String, expected: TokenType?) -> ComputedText? {
        switch expected?.knownType {
        case .dimension?, .number?, .duration?, .fontWeight?:
            return ValueExpression.isExpression(text) ? .arithmetic : nil
        case .color?:
            let lower = text.lowercased()
            return ["rgb(", "rgba(", "hsl(", "hsla("].contains(where: lower.hasPrefix) ? .colorFunction : nil
        default:
            return nil
        }
    }

    /// The measure a reference in arithmetic stands for: a number, a dimension or a duration.
    static func measure(of value: TokenValue) -> ValueExpression.Measure? {
        switch value {
        case .number(let number): .init(value: number, unit: nil)
        case .dimension(let dimension): .init(value: dimension.value, unit: dimension.unit.rawValue)
        case .duration(let duration): .init(value: duration.value, unit: duration.unit.rawValue)
        case .fontWeight(let weight): .init(value: weight.value, unit: nil)
        default: nil
        }
    }

    /// The JSON a computed measure is substituted as: a number, or a `{value, unit}` measure.
    static func json(_ measure: ValueExpression.Measure) -> JSONValue {
        guard let unit = measure.unit else { return .number(measure.value) }
        return .object([.init("value", .number(measure.value)), .init("unit", .string(unit))])
    }
}
