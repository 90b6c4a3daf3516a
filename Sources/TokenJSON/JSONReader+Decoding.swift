/// Decoding of literals the reader has already validated: strings unescaped, numbers read correctly rounded (used by
/// ``JSONDocument``, the value decoder and the reader's own range checks).
extension JSONReader {

    /// Decodes the escapes of a validated string literal's contents: JSON's, and those only JSON5 lets through
    /// (`\'`, `\v`, `\0`, `\xHH`, a backslash before any other character, and line continuations, which stand for
    /// nothing).
    ///
    /// The reader's validation is what puts the bytes an escape reads after its backslash (`\uXXXX`, a second
    /// `\uXXXX` after a high surrogate, `\xHH`) inside `text`; each escape checks that they are there before it
    /// reads them, as `text` may be borrowed bytes whose subscript checks nothing.
    static func unescape<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> [UInt8] where Text.Index == Int {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = text.startIndex
        /// Stops the program unless `count` more bytes follow `index`.
        func expect(_ count: Int) {
            precondition(count <= text.endIndex - index, "an escape cut off: the string was not validated")
        }
        func quad(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for offset in at..<at + 4 { value = value << 4 | UInt32(hexValue(text[offset]) ?? 0) }
            return value
        }
        while index < text.endIndex {
            let byte = text[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            expect(2)
            let escape = text[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                expect(4)
                var scalar = quad(index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // `\uXXXX`, the low surrogate.
                    expect(6)
                    let low = quad(index + 2)
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                output.append(contentsOf: Array(String(Character(UnicodeScalar(scalar)!)).utf8))
            case UInt8(ascii: "v"): output.append(0x0B)
            case UInt8(ascii: "0"): output.append(0x00)
            case UInt8(ascii: "x"):
                expect(2)
                let scalar = UInt32(hexValue(text[index]) ?? 0) << 4 | UInt32(hexValue(text[index + 1]) ?? 0)
                index += 2
                output.append(contentsOf: Array(String(Character(UnicodeScalar(scalar)!)).utf8))
            case UInt8(ascii: "\r"):
                // A line continuation: CR, LF or CR LF.
                if index < text.endIndex, text[index] == UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\n"):
                break
            case 0xE2
            where index + 1 < text.endIndex && text[index] == 0x80
                && (text[index + 1] == 0xA8 || text[index + 1] == 0xA9):
                index += 2  // a line continuation: U+2028 or U+2029
            default:
                // The character itself: `"`, `\\`, `/`, and in JSON5 `'` or any other (the rest of a multi-byte
                // character follows as it is).
                output.append(escape)
            }
        }
        return output
    }

    /// The value of a validated number literal, correctly rounded.
    package static func parseNumber<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> Double
    where Text.Index == Int {
        // Fast path: up to 15 significant digits and a small power of ten are exact in a double (Clinger).
        // Every read below is at an index checked against `endIndex` but the first, which a literal has.
        precondition(!text.isEmpty, "an empty number literal")
        var index = text.startIndex
        var negative = false
        if text[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var fastPath = true
        while index < text.endIndex, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
            mantissa = mantissa &* 10 &+ UInt64(text[index] - UInt8(ascii: "0"))
            if mantissa != 0 { digits += 1 }
            index += 1
        }
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index += 1
            while index < text.endIndex, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ UInt64(text[index] - UInt8(ascii: "0"))
                if mantissa != 0 { digits += 1 }
                scale -= 1
                index += 1
            }
        }
        if index < text.endIndex { fastPath = false }  // an exponent: leave it to the general parser
        if fastPath, digits <= 15, scale >= -22 {
            let value = scale == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[-scale]
            return negative ? -value : value
        }
        // Up to 19 digits the mantissa is exact in 64 bits: colour components such as 0.9647058823529412 (16 or 17
        // digits) come here, rather than through a new `String` for `Double(String)`.
        if fastPath, digits <= 19, let value = quotient(mantissa, byPowerOfTen: -scale) {
            return negative ? -value : value
        }
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    /// `mantissa / 10^exponent`, correctly rounded (to nearest, ties to even); nil past 27, where 5^exponent no
    /// longer fits in 64 bits.
    ///
    /// `mantissa / 10^k` is `(mantissa · 2^s / 5^k) · 2^-(s+k)`: the quotient by 5^k is taken in integers, with `s`
    /// chosen so that it has 63 or 64 bits, and with whether anything remains; it is then rounded to 53 bits once,
    /// the remainder breaking what would otherwise look like a tie. No step rounds but that last one.
    static func quotient(_ mantissa: UInt64, byPowerOfTen exponent: Int) -> Double? {
        guard mantissa != 0 else { return 0 }
        guard exponent > 0 else { return exponent == 0 ? Double(mantissa) : nil }  // converting rounds correctly
        guard exponent < powersOfFive.count else { return nil }
        let divisor = powersOfFive[exponent]
        // With `b(x)` the bit length, mantissa · 2^s / divisor lies in
        // [2^(b(m) - 1 + s - b(d)), 2^(b(m) + s - b(d) + 1)): s = 63 - b(m) + b(d) puts it in [2^62, 2^64), so the
        // high word of the numerator (under 2^127) is below the divisor, as `dividingFullWidth` requires.
        let shift =
            63 - mantissa.bitWidth + mantissa.leadingZeroBitCount + divisor.bitWidth - divisor.leadingZeroBitCount
        // (Smart shifts: past 63 bits a shift gives 0, and a negative one shifts the other way.)
        let numerator = (high: mantissa << (shift - 64), low: mantissa << shift)
        let (quotient, remainder) = divisor.dividingFullWidth(numerator)
        let dropped = quotient.bitWidth - quotient.leadingZeroBitCount - 53  // 10 or 11 bits below the significand
        var significand = quotient >> dropped
        let rest = quotient & (1 << dropped - 1)
        let half: UInt64 = 1 << (dropped - 1)
        if rest > half || (rest == half && (remainder != 0 || significand & 1 == 1)) {
            significand += 1  // to 2^53 at most, which a double holds exactly
        }
        return Double(sign: .plus, exponent: dropped - shift - exponent, significand: Double(significand))
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// 5^0 through 5^27, the largest power of five below 2^64.
    private static let powersOfFive: [UInt64] = (0...27).map { exponent in
        var value: UInt64 = 1
        for _ in 0..<exponent { value *= 5 }
        return value
    }
}
