/// The decoder's side of the reading policy: recording a deviation from DTCG 2025.10 that has one plain meaning, and
/// reading the ones that take more than a line to read.
extension ValueDecoder {
    /// Records a deviation at `input`, when `input` is written in the document decoded: what a reference stands
    /// for is its target's value, whose own token reports its deviations.
    func deviate(_ input: Input, _ message: @autoclosure () -> String) {
        guard let deviations, case .node(let node) = resolved(input) else { return }
        deviations.record(message(), at: node)
    }

    /// A colour object's `hex` fallback, `#rrggbb`. `#rgb` is read as the `#rrggbb` it abbreviates; `#rgba` and
    /// `#rrggbbaa` whose alpha is the colour's `alpha` (to the byte) as their `#rrggbb`. Each of those is a deviation;
    /// anything else is an error.
    func hexFallback(_ member: Input, alpha: Double) throws(Failure) -> String {
        let expected = "hex must be a 6-digit hex colour such as \"#0055ff\""
        guard let text = string(member) else { throw fail(expected, at: "hex") }
        if TokenValue.Color.isSixDigitHex(text) { return text }
        let digits = Array(text.utf8.dropFirst())
        guard text.hasPrefix("#"), [3, 4, 8].contains(digits.count), TokenValue.Color(hex: text) != nil else {
            throw fail(expected, at: "hex")
        }
        // Short forms abbreviate each digit twice.
        let full = digits.count == 8 ? digits : digits.flatMap { [$0, $0] }
        let sixDigits = "#" + String(decoding: full.prefix(6), as: UTF8.self)
        if full.count == 8 {
            let written = Int(String(decoding: full.suffix(2), as: UTF8.self), radix: 16)!
            guard written == Int((alpha * 255).rounded()) else {
                throw fail("hex \"\(text)\" gives another alpha than the colour's \"alpha\" (\(JSONWriter.format(alpha))); a hex fallback is 6 digits, such as \"\(sixDigits)\"", at: "hex")
            }
            deviate(member, #""\#(text)" read as \#(sixDigits), its alpha being the colour's "alpha"; write "\#(sixDigits)""#)
        } else {
            deviate(member, #""\#(text)" read as \#(sixDigits); write "\#(sixDigits)""#)
        }
        return sixDigits
    }

    /// What a dimension in a unit DTCG 2025.10 does not define is read as: the same, in that unit.
    static func unitDeviation(_ dimension: TokenValue.Dimension) -> String {
        "\(dimension.unit.rawValue) is not a DTCG 2025.10 unit (px or rem); read as \(dimension), kept in \(dimension.unit.rawValue)"
    }

    /// `" (or em, %, …, which ThemeEngine also reads)"`, for the message of a unit it does not know.
    static let otherUnitsText: String = {
        let others = TokenValue.Dimension.Unit.allCases.filter { !$0.isConforming }.map { "\"\($0.rawValue)\"" }
        return " (or \(others.joined(separator: ", ")), which ThemeEngine also reads)"
    }()
}
