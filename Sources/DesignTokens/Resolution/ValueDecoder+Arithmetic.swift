@_spi(Engine) import TokenJSON

extension ValueDecoder {
    /// Arithmetic with only numbers in it (`"8 * 2"`, `"16 * 1.5"`, `"4 / 18 * 21"`) where a number, dimension or
    /// duration is expected, as Tokens Studio evaluates it: the result read by `read` as a value written so (`kind` names what it must be, for messages), with a
    /// deviation; nil for text that is not arithmetic. Arithmetic with references in it is computed once they are
    /// resolved (``Resolver/computedValue(_:_:in:type:recordsDeviation:for:)``).
    func literalArithmetic<Value>(
        _ value: Input, as kind: String, _ read: (Input) throws(Failure) -> Value
    ) throws(Failure) -> Value? {
        guard let text = string(value), ValueExpression.isExpression(text) else { return nil }
        let measure: ValueExpression.Measure
        do {
            measure = try ValueExpression.evaluate(text, multipliesLikeUnits: reading.multipliesLikeUnits)
        } catch {
            throw fail("\"\(text)\" cannot be computed: \(error.message) (at character \(error.offset + 1))")
        }
        let result = Resolver.json(measure)
        let decoded: Value
        do {
            decoded = try read(.json(result))
        } catch {
            throw fail("\"\(text)\" computes to \(measure.text), which is not \(kind.withIndefiniteArticle)")
        }
        deviateAsToolForm(
            value,
            "\"\(text)\" read as \(JSONWriter.compactText(result)); DTCG 2025.10 has no arithmetic: write the value")
        return decoded
    }

    /// `value` with each string that is arithmetic of numbers alone replaced by what it computes, as its text
    /// where it has a unit (`"16px"`), a number otherwise; a string it cannot compute is kept as written.
    static func computingArithmetic(in value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text) where !text.contains("{") && ValueExpression.isExpression(text):
            guard let measure = try? ValueExpression.evaluate(text, multipliesLikeUnits: true) else { return value }
            return measure.textJSON
        case .object(let members):
            return .object(members.map { .init($0.key, computingArithmetic(in: $0.value)) })
        case .array(let elements):
            return .array(elements.map(computingArithmetic))
        default:
            return value
        }
    }
}
