import Testing

@testable import DesignTokens

/// Tokens Studio's arithmetic in values: which texts are expressions, what they evaluate to, and every error with
/// its place.
@Suite("Value expressions")
struct ValueExpressionTests {
    typealias Measure = ValueExpression.Measure

    static let references: [String: Measure] = [
        "spacing.sm": Measure(value: 8, unit: "px"), "base": Measure(value: 4, unit: nil),
        "x": Measure(value: 3, unit: "rem"),
        "size": Measure(value: 16, unit: "px"), "ratio": Measure(value: 1.5, unit: nil),
    ]

    static func evaluate(_ text: String) throws(ValueExpression.Failure) -> Measure {
        try ValueExpression.evaluate(text) { path in
            if let measure = references[path] { return .success(measure) }
            return .failure(.init(message: "{\(path)} is not a number or dimension", offset: 0))
        }
    }

    @Test(
        "arithmetic texts are expressions; a reference alone, a word, or text around a reference are not",
        arguments: [
            ("{spacing.sm} * 2", true), ("({base} + 4) / 2", true), ("-{x}", true), ("{size} * 1.5", true),
            ("2 * 4px", true),
            ("{a}-{b}", true), ("floor({size} / 3)", true), ("max({size}, 4px)", true), ("{spacing.sm}", false),
            ("16px", false), ("ease-in-out", false), ("1px solid {color.border}", false),
            ("inset 0 0 0 {borderWidth.thin}", false), ("rgba({color.black}, 0.5)", false), ("#fff", false),
            ("calc(1px + 2px)", false),
        ])
    func recognises(text: String, isExpression: Bool) {
        #expect(ValueExpression.isExpression(text) == isExpression)
    }

    @Test(
        "values, with units kept and combined",
        arguments: [
            ("{spacing.sm} * 2", Measure(value: 16, unit: "px")),
            ("({base} + 4) / 2", Measure(value: 4, unit: nil)),
            ("-{x}", Measure(value: -3, unit: "rem")),
            ("{size} * 1.5", Measure(value: 24, unit: "px")),
            ("{size} * {ratio}", Measure(value: 24, unit: "px")),
            ("2 * (3 + 4) - 1", Measure(value: 13, unit: nil)),
            ("{size} / 2px", Measure(value: 8, unit: nil)),
            ("{size} + 0", Measure(value: 16, unit: "px")),
            ("({size} + 4) / 2", Measure(value: 10, unit: "px")),
            (".5 * {size}", Measure(value: 8, unit: "px")),
            ("1e1px + 2px", Measure(value: 12, unit: "px")),
            ("floor({size} / 3)", Measure(value: 5, unit: "px")),
            ("ceil({size} / 3)", Measure(value: 6, unit: "px")),
            ("round(2.5) + abs(-{base})", Measure(value: 7, unit: nil)),
            ("roundTo({size} / 3, 2)", Measure(value: 5.33, unit: "px")),
            ("max({size}, 20px, 4)", Measure(value: 20, unit: "px")),
            ("min({x}, 2)", Measure(value: 2, unit: "rem")),
            ("{size} / {ratio} ^ 3", Measure(value: 16 / 3.375, unit: "px")),
            ("-2 ^ 2", Measure(value: -4, unit: nil)),
            ("2 ^ 3 ^ 2", Measure(value: 512, unit: nil)),
            ("2 ^ -1", Measure(value: 0.5, unit: nil)),
            ("pow({base}, 3) / 8", Measure(value: 8, unit: nil)),
            ("roundTo({size} / 3)", Measure(value: 5, unit: "px")),
            ("{base} ^ 0.5", Measure(value: 2, unit: nil)),
        ])
    func evaluates(text: String, expected: Measure) throws {
        #expect(try Self.evaluate(text) == expected)
    }

    @Test(
        "errors say what is wrong and where",
        arguments: [
            ("{size} + {x}", "cannot add 3rem to 16px: the units differ", 7),
            ("{size} * {size}", "cannot multiply 16px by 16px: at most one of them may have a unit", 7),
            ("{base} / 0", "division by zero", 7),
            ("({base} + 4", "the \"(\" at 1 is not closed", 0),
            ("{base} +", "the expression ends where a number or a reference was expected", 8),
            ("{base} 4", "unexpected \"4\" in \"{base} 4\"; expected an operator (+ - * / ^)", 7),
            ("{missing} * 2", "{missing} is not a number or dimension", 0),
            ("{size} / 2rem", "cannot divide 16px by 2rem: divide by a plain number or by the same unit", 7),
            ("2 * {base", "the \"{\" at 5 is not closed", 4),
            (
                "sqrt(4)",
                "unknown function or word \"sqrt\"; arithmetic may call abs, ceil, floor, max, min, pow, round, roundTo",
                0
            ),
            ("max({size}, {x})", "max of 16px, 3rem: the units differ", 0),
            ("floor(1, 2)", "floor takes 1 argument, found 2", 0),
            ("roundTo(1, 2, 3)", "roundTo takes 1 or 2 arguments, found 3", 0),
            ("2 ^ {size}", "cannot raise 2 to 16px: a power is a plain number", 2),
            ("(-8) ^ 0.5", "-8 ^ 0.5 is not a real number", 5),
        ])
    func failures(text: String, message: String, offset: Int) {
        #expect(throws: ValueExpression.Failure(message: message, offset: offset)) { try Self.evaluate(text) }
    }

    @Test("where multiplying like units is how the file's tools compute, one unit times itself keeps it")
    func likeUnits() throws {
        let measure = try ValueExpression.evaluate("1rem * 1.5rem", multipliesLikeUnits: true)
        #expect(measure == Measure(value: 1.5, unit: "rem"))
        #expect(throws: ValueExpression.Failure.self) {
            try ValueExpression.evaluate("1rem * 2px", multipliesLikeUnits: true)
        }
    }

    @Test("deep nesting is refused, not recursed into")
    func depth() {
        let text = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        #expect(throws: ValueExpression.Failure.self) { try Self.evaluate(text) }
        let signs = String(repeating: "-", count: 10_000) + "1"
        #expect(throws: ValueExpression.Failure.self) { try Self.evaluate(signs) }
    }
}
