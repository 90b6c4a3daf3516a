import Testing
import ThemeEngineTestSupport

@testable import DesignTokens

/// Arithmetic is exact: rounding functions and comparisons see the decimal result, not binary floating point's.
@Suite("exact arithmetic")
struct ExactArithmeticTests {
    @Test("floor of a chain of divisions and products is the exact result: 4 / 18 * 21 * 3 is 14")
    func floorOfChain() throws {
        // In binary floating point 4 / 18 * 21 * 3 is 13.999999999999998, whose floor is 13.
        let measure = try ValueExpression.evaluate("floor(4 / 18 * 21 * 3)")
        #expect(measure == ValueExpression.Measure(value: 14, unit: nil))
    }

    @Test("a token computed from others, then rounded by another, is exact across the tokens: 14px")
    func floorAcrossTokens() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {"step": {"value": "4", "type": "other"}, "base": {"value": "18", "type": "other"},
                 "mode": {"value": "21", "type": "other"},
                 "unit": {"value": "{step} / {base} * {mode}", "type": "other"},
                 "size": {"value": "floor({unit} * 3)", "type": "fontSizes"},
                 "third": {"value": "1 / 3", "type": "number"}, "one": {"value": "floor({third} * 3)", "type": "number"}}
                """#)
        ])
        #expect(compact(theme.value("size")) == #""14px""#)
        #expect(compact(theme.value("one")) == "1")
    }

    @Test(
        "a theme generator's size scale: number tokens that refer to bare dimensions, a unit computed from them, sizes rounded from it"
    )
    func sizeScale() throws {
        // A set of a Tokens Studio export, as `--resolver` reads it.
        var set = source(
            #"""
            {"size": {"_step": {"$type": "dimension", "$value": "4"}, "_base": {"$type": "dimension", "$value": "18"},
                      "_mode": {"$type": "dimension", "$value": "21"}},
             "_size": {"step": {"$type": "number", "$value": "{size._step}"},
                       "base": {"$type": "number", "$value": "{size._base}"},
                       "mode": {"$type": "number", "$value": "{size._mode}"},
                       "unit": {"$type": "number", "$value": "{_size.step} / {_size.base} * {_size.mode}"},
                       "3": {"$type": "dimension", "$value": "floor({_size.unit} * 3)"}},
             "r": {"$type": "borderRadius", "$value": "4"}}
            """#)
        set.format = .tokensStudioSet
        let theme = try ResolvedTheme.resolve([set])
        #expect(theme["_size.unit"]?.type == .number)
        #expect(compact(theme.value("_size.unit")) == "4.666666666666667")
        #expect(compact(theme.value("_size.3")) == #""14px""#)
    }

    @Test("decimals are read exactly: 0.1 + 0.2 is 0.3, and ceil(0.1 * 3 * 10) is 3")
    func decimals() throws {
        func evaluate(_ text: String) throws -> Double {
            try ValueExpression.evaluate(text).value
        }
        #expect(try evaluate("0.1 + 0.2") == 0.3)
        #expect(try evaluate("ceil(0.1 * 3 * 10)") == 3)
        #expect(try evaluate("roundTo(2.675, 2)") == 2.68)
        #expect(try evaluate("round(-2.5)") == -3)
        #expect(try evaluate("min(0.3, 0.1 + 0.2)") == 0.3)
    }

    @Test("numbers past 64-bit fractions fall back to floating point, not to an error or a trap")
    func overflow() throws {
        let measure = try ValueExpression.evaluate("99999999999 * 99999999999 * 99999999999 / 7")
        #expect(abs(measure.value - 99_999_999_999.0 * 99_999_999_999.0 * 99_999_999_999.0 / 7) < 1e20)
    }

    @Test("random expressions agree with exact rational evaluation", arguments: 0..<4)
    func randomExpressions(seed: UInt64) throws {
        var random = SplitMix(state: 0xA11_7E57 &+ seed)
        var compared = 0
        for _ in 0..<500 {
            let expression = Expression.random(depth: 3, using: &random)
            let references = Expression.references
            let exact = expression.exactValue()
            if case .tooLarge = exact { continue }
            do {
                let measure = try ValueExpression.evaluate(expression.text) { path in
                    .success(.init(value: references[path]!.double, unit: nil))
                }
                guard case .value(let expected) = exact else {
                    Issue.record("\(expression.text) evaluated to \(measure.value), but divides by zero")
                    continue
                }
                #expect(measure.value == expected.double, "\(expression.text)")
                compared += 1
            } catch {
                guard case .divisionByZero = exact else {
                    Issue.record("\(expression.text): \(error.message)")
                    continue
                }
            }
        }
        #expect(compared > 300)
    }
}

/// An exact fraction for the test's own evaluation, independent of the engine's; nil where a part would overflow.
private struct Fraction: Equatable {
    var numerator: Int
    var denominator: Int

    init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(denominator != 0)
        var a = numerator.magnitude
        var b = denominator.magnitude
        while b != 0 { (a, b) = (b, a % b) }
        let divisor = Int(max(a, 1)) * (denominator < 0 ? -1 : 1)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    var double: Double { Double(numerator) / Double(denominator) }

    var negated: Fraction { Fraction(-numerator, denominator) }

    /// `a · b` and `c · d`, or nil on overflow.
    private static func products(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> (Int, Int)? {
        let (first, overflowFirst) = a.multipliedReportingOverflow(by: b)
        let (second, overflowSecond) = c.multipliedReportingOverflow(by: d)
        return overflowFirst || overflowSecond ? nil : (first, second)
    }

    static func + (a: Fraction, b: Fraction) -> Fraction? {
        guard let (left, right) = products(a.numerator, b.denominator, b.numerator, a.denominator),
            let (denominator, _) = products(a.denominator, b.denominator, 1, 1)
        else { return nil }
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? nil : Fraction(sum, denominator)
    }

    static func * (a: Fraction, b: Fraction) -> Fraction? {
        products(a.numerator, b.numerator, a.denominator, b.denominator).map { Fraction($0, $1) }
    }

    var floor: Fraction {
        let quotient = numerator / denominator
        return Fraction(numerator % denominator < 0 ? quotient - 1 : quotient)
    }
}

/// What the test's own evaluation gives.
private enum Exact {
    case value(Fraction)
    case divisionByZero
    /// Past 64-bit fractions: not compared.
    case tooLarge
}

/// A random arithmetic expression over small decimals and references to tokens holding fractions (stored, as the
/// resolver stores them, as the nearest `Double`).
private indirect enum Expression {
    case literal(String, Fraction)
    case reference(String)
    case binary(Expression, Character, Expression)
    case floor(Expression)
    case ceil(Expression)
    case negated(Expression)

    static let references: [String: Fraction] = [
        "third": Fraction(1, 3), "unit": Fraction(14, 3), "seventh": Fraction(2, 7), "tenth": Fraction(1, 10),
        "base": Fraction(18),
    ]

    static func random(depth: Int, using random: inout SplitMix) -> Expression {
        if depth == 0 || random.chance(0.3) {
            if random.chance(0.3) { return .reference(random.pick(references.keys.sorted())) }
            let whole = random.int(40)
            let hundredths = random.chance(0.5) ? random.int(100) : 0
            let text = hundredths == 0 ? "\(whole)" : "\(whole).\(hundredths < 10 ? "0" : "")\(hundredths)"
            return .literal(text, Fraction(whole * 100 + hundredths, 100))
        }
        switch random.int(8) {
        case 0: return .floor(Self.random(depth: depth - 1, using: &random))
        case 1: return .ceil(Self.random(depth: depth - 1, using: &random))
        case 2: return .negated(Self.random(depth: depth - 1, using: &random))
        default:
            return .binary(
                Self.random(depth: depth - 1, using: &random), random.pick(["+", "-", "*", "/"]),
                Self.random(depth: depth - 1, using: &random))
        }
    }

    var text: String {
        switch self {
        case .literal(let text, _): text
        case .reference(let path): "{\(path)}"
        case .binary(let left, let operation, let right): "(\(left.text) \(operation) \(right.text))"
        case .floor(let inner): "floor(\(inner.text))"
        case .ceil(let inner): "ceil(\(inner.text))"
        case .negated(let inner): "-\(inner.text)"
        }
    }

    /// The exact value.
    func exactValue() -> Exact {
        switch self {
        case .literal(_, let value): return .value(value)
        case .reference(let path): return .value(Self.references[path]!)
        case .binary(let left, let operation, let right):
            guard case .value(let a) = left.exactValue() else { return left.exactValue() }
            guard case .value(let b) = right.exactValue() else { return right.exactValue() }
            let result: Fraction?
            switch operation {
            case "+": result = a + b
            case "-": result = a + b.negated
            case "*": result = a * b
            default:
                guard b.numerator != 0 else { return .divisionByZero }
                result = a * Fraction(b.denominator, b.numerator)
            }
            return result.map { .value($0) } ?? .tooLarge
        case .floor(let inner):
            guard case .value(let value) = inner.exactValue() else { return inner.exactValue() }
            return .value(value.floor)
        case .ceil(let inner):
            guard case .value(let value) = inner.exactValue() else { return inner.exactValue() }
            return .value(value.negated.floor.negated)
        case .negated(let inner):
            guard case .value(let value) = inner.exactValue() else { return inner.exactValue() }
            return .value(value.negated)
        }
    }
}

/// Inputs at the edges of what arithmetic reads: refused or computed, never a trap.
@Suite("exact arithmetic at its edges")
struct ExactArithmeticEdgeTests {
    @Test(
        "huge exponents, signed exponents and powers are computed or refused, never a trap",
        arguments: [
            ("1e-9223372036854775808 * 1", 0.0), ("0.1e-9223372036854775807 * 1", 0.0), ("2 * 1e+3", 2000.0),
            ("2 ^ 65536 / 2 ^ 65535", nil), ("2 ^ 62 / 2 ^ 61", 2.0), ("10 ^ 400 * 0", nil),
        ] as [(String, Double?)])
    func edges(text: String, expected: Double?) throws {
        let evaluate = { () throws(ValueExpression.Failure) in
            try ValueExpression.evaluate(text)
        }
        if let expected {
            #expect(try evaluate().value == expected, "\(text)")
        } else {
            #expect(throws: ValueExpression.Failure.self, "\(text)") { try evaluate() }
        }
    }
}
