/// The two short forms of a number's text that the writer finds without `Double.description`.
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
}
