import ColorSpaces
@_spi(Engine) import TokenJSON

/// The decoder's side of the reading policy: recording a deviation from DTCG 2025.10 that has one plain meaning, and
/// reading the ones that take more than a line to read.
extension ValueDecoder {
    /// Records a deviation at `input`, when `input` is written in the document decoded: what a reference stands
    /// for is its target's value, whose own token reports its deviations.
    func deviate(_ input: Input, _ message: @autoclosure () -> String) {
        guard let deviations, case .node(let node) = resolved(input) else { return }
        deviations.record(message(), at: node)
    }

    /// Records a deviation where `input` is written, even when it is a reference: for a whole value that comes
    /// through a reference to a token that does not decode it (one of a type passed through unchecked), which no
    /// other token reports.
    func deviateWhereWritten(_ input: Input, _ message: @autoclosure () -> String) {
        guard let deviations, case .node(let node) = input else { return }
        deviations.record(message(), at: node)
    }

    /// Records a deviation that is how another tool writes a value: a Figma weight name, `x` and `y` in a shadow, a
    /// percentage, a typography member of its own. Where the file's dialect reads its tools' forms under the file's
    /// one warning (``ValueReading/recordsToolForms``), each value is not reported again.
    func deviateAsToolForm(_ input: Input, _ message: @autoclosure () -> String) {
        guard reading.recordsToolForms else { return }
        deviate(input, message())
    }

    /// Records a value written in a string form of DTCG's earlier drafts (`"#0055ff"`, `"16px"`), when the log
    /// records those (``DeviationLog/recordsDraftForms``). A file in a tool's dialect writes every value so, which
    /// its own warning says once.
    func deviateFromDraft(_ input: Input, _ message: @autoclosure () -> String) {
        guard deviations?.recordsDraftForms == true else { return }
        deviateAsToolForm(input, message())
    }

    /// The message for a value written as a draft's string: what it was read as, and the object to write.
    static func draftFormDeviation(_ written: String, _ value: TokenValue) -> String {
        "\"\(written)\" is the string form of DTCG's earlier drafts, read as written; write \(JSONWriter.compactText(value.json))"
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
                throw fail(
                    "hex \"\(text)\" gives another alpha than the colour's \"alpha\" (\(JSONWriter.format(alpha))); a hex fallback is 6 digits, such as \"\(sixDigits)\"",
                    at: "hex")
            }
            deviate(
                member,
                #""\#(text)" read as \#(sixDigits), its alpha being the colour's "alpha"; write "\#(sixDigits)""#)
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

    /// The fraction a percentage stands for, as Tokens Studio writes opacities, line heights and letter spacings:
    /// `"25%"` is 0.25, `"+8%"` 0.08. Nil for any other text.
    static func percentage(_ text: String) -> Double? {
        guard text.hasSuffix("%") else { return nil }
        var digits = text.dropLast()
        if digits.hasPrefix("+") { digits = digits.dropFirst() }
        return parseDecimal(digits).map { $0 / 100 }
    }

    /// The names of a font family written as a CSS font stack, as Tokens Studio writes a family with its fallbacks:
    /// `"'Mallory Compact', sans-serif"` is `["Mallory Compact", "sans-serif"]`, each name without the quotes CSS
    /// puts around it. Nil for text that is one plain name (no comma outside quotes, not quoted), and for a stack
    /// with an empty or half-quoted name, which has no one meaning.
    static func fontStack(_ text: String) -> [String]? {
        // Text with no comma and no quote is one name (white space around it is trimmed to the text itself), nearly
        // every family: told from its bytes, without reading it character by character.
        let isOneName = text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\"") }
        }
        if isOneName == true { return nil }
        return readFontStack(text)
    }

    /// ``fontStack(_:)`` read character by character, whatever the text.
    static func readFontStack(_ text: String) -> [String]? {
        var names: [String] = []
        var current = ""
        var quote: Character?
        var split = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                current.append(character)
            } else if character == "," {
                names.append(current)
                current = ""
                split = true
            } else {
                if character == "'" || character == "\"" { quote = character }
                current.append(character)
            }
        }
        guard quote == nil else { return nil }
        names.append(current)
        var unquoted: [String] = []
        for written in names {
            let name = written.trimming(while: \.isWhitespace)
            if let first = name.first, first == "'" || first == "\"" {
                guard name.count >= 2, name.last == first, !name.dropFirst().dropLast().contains(first) else {
                    return nil
                }
                unquoted.append(String(name.dropFirst().dropLast()))
            } else {
                guard !name.contains("'"), !name.contains("\"") else { return nil }
                unquoted.append(name)
            }
        }
        guard split || text.trimming(while: \.isWhitespace) != unquoted[0], !unquoted.contains(where: \.isEmpty) else {
            return nil
        }
        return unquoted
    }
}
