@_spi(Engine) import TokenJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A number in arithmetic (``ValueExpression``): an exact fraction while its numerator and denominator fit in 64
/// bits, so that `floor`, `ceil`, `round`, `min`, `max` and the test for zero see the result a person computes
/// (`floor(4 / 18 * 21 * 3)` is 14, not the 13 that binary floating point gives), and a `Double` past that.
///
/// A decimal written in an expression (`1.5`, `.25`, `2e-3`) is read exactly. A number that comes from a resolved
/// token is a `Double`; it stands for the first convergent of its continued fraction that reads back as that
/// `Double`, a fraction with small parts where there is one, so that `0.1` is 1/10 and `4.666666666666667`, which a
/// token computed as 14/3 holds, is 14/3 again.
struct ExactNumber: Equatable, Comparable, CustomStringConvertible {
    private enum Form: Equatable {
        /// `numerator / denominator`, in lowest terms, the denominator positive.
        case fraction(Int, Int)
        case approximate(Double)
    }

    private let form: Form

    private init(_ form: Form) { self.form = form }

    /// `numerator / denominator` in lowest terms, or the nearest `Double` where a part overflows.
    private static func fraction(_ numerator: Int, _ denominator: Int) -> ExactNumber {
        precondition(denominator != 0, "a fraction's denominator is never zero")
        let divisor = greatestCommonDivisor(numerator.magnitude, denominator.magnitude)
        var numerator = numerator / Int(divisor)
        var denominator = denominator / Int(divisor)
        if denominator < 0 {
            let negated = (0 as Int).subtractingReportingOverflow(numerator)
            guard !negated.overflow, denominator != .min else {
                return ExactNumber(.approximate(Double(numerator) / Double(denominator)))
            }
            numerator = negated.partialValue
            denominator = -denominator
        }
        return ExactNumber(.fraction(numerator, denominator))
    }

    private static func greatestCommonDivisor(_ a: UInt, _ b: UInt) -> UInt {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }

    init(_ integer: Int) { form = .fraction(integer, 1) }

    /// The first convergent of `double`'s continued fraction that reads back as it (see the type's documentation),
    /// or `double` itself where none with 53-bit parts does.
    init(_ double: Double) {
        guard double.isFinite else {
            form = .approximate(double)
            return
        }
        let limit = Double(1 << 53)
        let magnitude = double.magnitude
        if magnitude == magnitude.rounded(.down), magnitude < limit {
            form = .fraction(Int(double), 1)
            return
        }
        // Convergents p/q of magnitude's continued fraction, until one reads back as it.
        var (previousP, previousQ, p, q) = (0, 1, 1, 0)
        var remainder = magnitude
        for _ in 0..<64 {
            let whole = remainder.rounded(.down)
            guard whole < limit else { break }
            let term = Int(whole)
            let (nextP, overflowP) = term.multipliedReportingOverflow(by: p)
            let (nextQ, overflowQ) = term.multipliedReportingOverflow(by: q)
            let (sumP, overflowSumP) = nextP.addingReportingOverflow(previousP)
            let (sumQ, overflowSumQ) = nextQ.addingReportingOverflow(previousQ)
            guard !overflowP, !overflowQ, !overflowSumP, !overflowSumQ else { break }
            (previousP, previousQ, p, q) = (p, q, sumP, sumQ)
            guard Double(p) < limit, Double(q) < limit else { break }
            if Double(p) / Double(q) == magnitude {
                form = .fraction(double < 0 ? -p : p, q)
                return
            }
            let fractional = remainder - whole
            guard fractional > 0 else { break }
            remainder = 1 / fractional
        }
        form = .approximate(double)
    }

    /// A decimal as written (`4`, `1.5`, `.5`, `2e3`, `1E-2`), read exactly where its parts fit, or nil for text that
    /// is not one.
    init?(decimal text: Substring) {
        var numerator = 0
        var scale = 0
        var digits = 0
        var exact = true
        var index = text.startIndex
        var seenPoint = false
        while index < text.endIndex, let character = text[index].asciiValue {
            if character == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) {
                digits += 1
                if exact {
                    let (times, overflowTimes) = numerator.multipliedReportingOverflow(by: 10)
                    let (plus, overflowPlus) = times.addingReportingOverflow(Int(character - UInt8(ascii: "0")))
                    if overflowTimes || overflowPlus { exact = false } else { numerator = plus }
                }
                if seenPoint { scale += 1 }
            } else {
                break
            }
            index = text.index(after: index)
        }
        guard digits > 0 else { return nil }
        var exponent = 0
        if index < text.endIndex, text[index] == "e" || text[index] == "E" {
            let digitsStart = text.index(after: index)
            var end = digitsStart
            if end < text.endIndex, text[end] == "-" || text[end] == "+" { end = text.index(after: end) }
            while end < text.endIndex, text[end].isASCII, text[end].isNumber { end = text.index(after: end) }
            guard end > digitsStart, let value = Int(text[digitsStart..<end]) else { return nil }
            exponent = value
            index = end
        }
        guard index == text.endIndex, let double = Double(String(text)) else { return nil }
        let (power, overflow) = exponent.subtractingReportingOverflow(scale)
        guard exact, !overflow, power.magnitude <= 18, let factor = Self.powerOfTen(Int(power.magnitude)) else {
            self = ExactNumber(.approximate(double))
            return
        }
        if power >= 0 {
            let (value, overflow) = numerator.multipliedReportingOverflow(by: factor)
            self = overflow ? ExactNumber(.approximate(double)) : ExactNumber(.fraction(value, 1))
        } else {
            self = Self.fraction(numerator, factor)
        }
    }

    /// 10 to the power `exponent`, or nil past `Int`.
    private static func powerOfTen(_ exponent: Int) -> Int? {
        var value = 1
        for _ in 0..<exponent {
            let (next, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = next
        }
        return value
    }

    /// The nearest `Double` (exactly the nearest while both parts are below 2⁵³).
    var double: Double {
        switch form {
        case .fraction(let numerator, let denominator): Double(numerator) / Double(denominator)
        case .approximate(let value): value
        }
    }

    var isZero: Bool { double == 0 }

    var description: String { JSONWriter.format(double) }

    /// Applies `exact` to two fractions, or `approximate` to the `Double`s where either is not one or `exact`
    /// overflows (returns nil).
    private static func combine(
        _ left: ExactNumber, _ right: ExactNumber, exact: (Int, Int, Int, Int) -> ExactNumber?,
        approximate: (Double, Double) -> Double
    ) -> ExactNumber {
        if case .fraction(let a, let b) = left.form, case .fraction(let c, let d) = right.form,
            let result = exact(a, b, c, d)
        {
            return result
        }
        return ExactNumber(.approximate(approximate(left.double, right.double)))
    }

    static func + (left: ExactNumber, right: ExactNumber) -> ExactNumber {
        combine(left, right, exact: sum, approximate: +)
    }

    static func - (left: ExactNumber, right: ExactNumber) -> ExactNumber { left + -right }

    static prefix func - (number: ExactNumber) -> ExactNumber {
        switch number.form {
        case .fraction(let numerator, let denominator) where numerator != .min:
            ExactNumber(.fraction(-numerator, denominator))
        default: ExactNumber(.approximate(-number.double))
        }
    }

    static func * (left: ExactNumber, right: ExactNumber) -> ExactNumber {
        combine(left, right, exact: product, approximate: *)
    }

    /// `left / right`; `right` is not zero.
    static func / (left: ExactNumber, right: ExactNumber) -> ExactNumber {
        combine(
            left, right, exact: { a, b, c, d in c == 0 || c == .min ? nil : product(a, b, d, c) },
            approximate: /)
    }

    /// a/b + c/d over their least common denominator; nil on overflow.
    private static func sum(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> ExactNumber? {
        let divisor = Int(greatestCommonDivisor(b.magnitude, d.magnitude))
        let (left, overflowLeft) = a.multipliedReportingOverflow(by: d / divisor)
        let (right, overflowRight) = c.multipliedReportingOverflow(by: b / divisor)
        let (numerator, overflowSum) = left.addingReportingOverflow(right)
        let (denominator, overflowDenominator) = (b / divisor).multipliedReportingOverflow(by: d)
        guard !(overflowLeft || overflowRight || overflowSum || overflowDenominator) else { return nil }
        return fraction(numerator, denominator)
    }

    /// (a/b)·(c/d), each numerator reduced against the other's denominator first; nil on overflow.
    private static func product(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> ExactNumber? {
        let first = Int(greatestCommonDivisor(a.magnitude, d.magnitude))
        let second = Int(greatestCommonDivisor(c.magnitude, b.magnitude))
        let (numerator, overflowNumerator) = (a / first).multipliedReportingOverflow(by: c / second)
        let (denominator, overflowDenominator) = (b / second).multipliedReportingOverflow(by: d / first)
        guard !overflowNumerator, !overflowDenominator else { return nil }
        return fraction(numerator, denominator)
    }

    static func < (left: ExactNumber, right: ExactNumber) -> Bool {
        if case .fraction(let a, let b) = left.form, case .fraction(let c, let d) = right.form {
            let (ad, overflowLeft) = a.multipliedReportingOverflow(by: d)
            let (cb, overflowRight) = c.multipliedReportingOverflow(by: b)
            if !overflowLeft, !overflowRight { return ad < cb }
        }
        return left.double < right.double
    }

    /// The largest whole number not above this one.
    var floor: ExactNumber {
        switch form {
        case .fraction(let numerator, let denominator):
            let quotient = numerator / denominator
            return ExactNumber(
                .fraction(numerator % denominator < 0 ? quotient - 1 : quotient, 1))
        case .approximate(let value): return ExactNumber(.approximate(value.rounded(.down)))
        }
    }

    /// The smallest whole number not below this one.
    var ceiling: ExactNumber { -(-self).floor }

    /// The nearest whole number, halves away from zero.
    var rounded: ExactNumber {
        let half = ExactNumber(.fraction(1, 2))
        return self < ExactNumber(0) ? -(-self + half).floor : (self + half).floor
    }

    var magnitude: ExactNumber { self < ExactNumber(0) ? -self : self }

    /// Rounded to `digits` decimal places, halves away from zero.
    func rounded(toDecimalPlaces digits: Int) -> ExactNumber {
        guard let factor = Self.powerOfTen(digits) else { return self }
        let scale = ExactNumber(factor)
        return (self * scale).rounded / scale
    }

    /// This number to the power `exponent`: exact for a whole exponent (by repeated squaring), the `Double` power
    /// otherwise; nil where that is not a real number (a negative number to a fractional power, zero to a negative
    /// one).
    func raised(to exponent: ExactNumber) -> ExactNumber? {
        if let whole = exponent.integer, whole.magnitude <= 1 << 16 {
            if whole < 0 && isZero { return nil }
            var result = ExactNumber(1)
            var base = self
            var remaining = whole.magnitude
            while remaining > 0 {
                if remaining & 1 == 1 { result = result * base }
                remaining >>= 1
                if remaining > 0 { base = base * base }
            }
            return whole < 0 ? ExactNumber(1) / result : result
        }
        let value = pow(double, exponent.double)
        return value.isNaN ? nil : ExactNumber(value)
    }

    /// The whole number this is, if it is one that fits in `Int`.
    var integer: Int? {
        if case .fraction(let numerator, 1) = form { return numerator }
        return nil
    }

    static func == (left: ExactNumber, right: ExactNumber) -> Bool {
        switch (left.form, right.form) {
        case (.fraction, .fraction): left.form == right.form
        default: left.double == right.double
        }
    }
}
