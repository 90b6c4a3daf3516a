/// The forms of a number's text that the writer finds without `Double.description` and the `String` it makes.
extension JSONWriter {
    /// `value`'s shortest text as digits and how many of them are decimals, when it has one to eight decimals and
    /// a magnitude from 10⁻⁴ up to 10⁷ (`0.98` is (98, 2)), found without `Double.description` and the `String` it
    /// makes; nil otherwise (a whole number is ``wholeNumber(_:)``'s, asked first).
    ///
    /// For each count of decimals in turn, the multiple of that power of ten nearest to `value` is the candidate,
    /// and the first that reads back as `value` is the text. It is the shortest (no fewer decimals read back), and
    /// the one `description` gives: in this range a double's neighbours are at most 2⁻²⁹ away, so at most one
    /// multiple of 10⁻⁸ reads back as it; and `value × 10ᵈ`, below 10¹⁵, is computed within 1/16 of the true
    /// product, which can only make the nearest multiple a different one when `value` lies about halfway between
    /// two, where neither reads back. (`JSONWriterTests` checks this against `description`.)
    static func shortDecimal(_ value: Double) -> (digits: Int64, decimals: Int)? {
        let magnitude = abs(value)
        guard magnitude >= 1e-4, magnitude < 1e7 else { return nil }
        var scale = 1.0
        for decimals in 1...8 {
            scale *= 10
            let scaled = (magnitude * scale).rounded()
            if scaled / scale == magnitude { return (Int64(scaled), decimals) }
        }
        return nil
    }

    /// `value` as an integer when it is one below 10¹⁵ in magnitude (written without `.0`; `-0` is `0`), else nil.
    static func wholeNumber(_ value: Double) -> Int64? {
        value == value.rounded() && abs(value) < 1e15 ? Int64(value) : nil
    }

    /// `value`'s shortest text as digits and how many of them are decimals, for a number from 10⁻³ up to 10⁷ in
    /// magnitude (`0.23529411764705882` is (23529411764705882, 17)), found in exact integer arithmetic; nil
    /// otherwise. Asked after ``shortDecimal(_:)``, for the numbers with more decimals than it tries.
    ///
    /// `value` is `m / 2ˢ` exactly (`m` its 53-bit significand), and a decimal reads back as `value` when it lies
    /// strictly within half a step of `value` to each neighbouring double. At seventeen significant digits (`d`
    /// decimals) the integers `c` with `c / 10ᵈ` in that interval are a range, which holds `value`'s own rounding;
    /// while the range holds a multiple of ten, a digit is dropped. The text is the integer of the last range
    /// nearest to `value`: the shortest, and of the shortest the nearest, which is the one `description` gives.
    /// Everything is compared scaled by `2ˢ⁺² · 10ᵈ`, below 2¹²⁸ in this range (`s` is at most 62 and `d` at most
    /// 19). The bounds are taken as open and equally far, which here is exact: a halfway point between doubles has
    /// `s + 1` decimals (30 or more), and a power of two, where the lower neighbour is nearer, is a decimal of at
    /// most ten places, which is inside either way.
    static func longDecimal(_ value: Double) -> (digits: Int64, decimals: Int)? {
        let magnitude = abs(value)
        guard magnitude >= 1e-3, magnitude < 1e7 else { return nil }
        let significand = magnitude.significandBitPattern | (1 << 52)
        let shift = 52 - Int(magnitude.exponent) + 2  // magnitude · 2^shift = 4 · significand, shift from 31 to 64
        let scaled = significand << 2
        // Seventeen significant digits: value · 10^d from 10^16 up to 10^17.
        let estimate = 16 - Int((Double(magnitude.exponent) * 0.301_029_995_663_981_2).rounded(.down))
        var decimals = min(max(estimate, 10), 19)
        var power = UInt64(1)
        for _ in 0..<decimals { power *= 10 }
        /// `value` · 10^decimals, rounded down.
        func scaledDown() -> UInt64 { Wide(scaled).times(power).shifted(right: shift)! }
        while decimals > 10, scaledDown() >= 100_000_000_000_000_000 {
            decimals -= 1
            power /= 10
        }
        while decimals < 19, scaledDown() < 10_000_000_000_000_000 {
            decimals += 1
            power *= 10
        }
        // The integers c with c / 10^d within the interval: above (scaled - 2) · 10^d / 2^shift, below
        // (scaled + 2) · 10^d / 2^shift (neither bound an integer, as no halfway point has so few decimals).
        var low = Wide(scaled - 2).times(power).shifted(right: shift)! + 1
        var high = Wide(scaled + 2).times(power).shifted(right: shift)!
        while decimals > 0, high / 10 > (low - 1) / 10 {
            low = (low + 9) / 10
            high /= 10
            decimals -= 1
            power /= 10
        }
        // The integer nearest value · 10^d, which the range holds as it holds any (the interval is symmetric about
        // value): rounded down, and up when the rest is more than half, or half and the digit below odd (`j / 2²⁰`
        // just above 10⁻³ is halfway between two at 19 decimals; `description` takes the even one).
        let product = Wide(scaled).times(power)
        var nearest = product.shifted(right: shift)!
        let (rest, half) = (product - Wide(nearest).shifted(left: shift), Wide(1).shifted(left: shift - 1))
        if half < rest || (rest == half && nearest & 1 == 1) { nearest += 1 }
        return (Int64(nearest), decimals)
    }
}

/// An unsigned 128-bit integer, for ``JSONWriter/longDecimal(_:)``'s exact products: just the operations it
/// needs, none of which overflows there.
private struct Wide: Comparable {
    var high: UInt64
    var low: UInt64

    init(_ value: UInt64) {
        high = 0
        low = value
    }

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The product with `factor`, of a number below 2⁶⁴.
    func times(_ factor: UInt64) -> Wide {
        let (productHigh, productLow) = low.multipliedFullWidth(by: factor)
        return Wide(high: productHigh, low: productLow)
    }

    /// The number times 2^`count`, `count` below 128.
    func shifted(left count: Int) -> Wide {
        if count == 0 { return self }
        if count >= 64 { return Wide(high: low << (count - 64), low: 0) }
        return Wide(high: high << count | low >> (64 - count), low: low << count)
    }

    /// The number divided by 2^`count`, rounded down (`count` from 1 to 127), or nil where that is 2⁶⁴ or more.
    func shifted(right count: Int) -> UInt64? {
        if count >= 64 { return high >> (count - 64) }
        guard high >> count == 0 else { return nil }
        return low >> count | high << (64 - count)
    }

    static func - (a: Wide, b: Wide) -> Wide {
        let (low, borrow) = a.low.subtractingReportingOverflow(b.low)
        return Wide(high: a.high - b.high - (borrow ? 1 : 0), low: low)
    }

    static func < (a: Wide, b: Wide) -> Bool { a.high != b.high ? a.high < b.high : a.low < b.low }
}
