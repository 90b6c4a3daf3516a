extension String {
    /// The text with each control character (C0, DEL and C1: what a terminal may take for a command, a line break
    /// among them) written as its code point, `\u{1B}`, so that a name or value from a token file prints as text
    /// on one line.
    package var controlCharactersEscaped: String {
        guard unicodeScalars.contains(where: \.isControl) else { return self }
        var escaped = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar.isControl {
                escaped.append(contentsOf: scalar.codePoint.unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}

extension Unicode.Scalar {
    /// The scalar as a Swift escape writes it, by its code point in hexadecimal: `\u{1B}`, `\u{A0}`. Messages write
    /// every character they cannot show so.
    var codePoint: String { "\\u{\(String(value, radix: 16, uppercase: true))}" }

    /// Whether the scalar is a control character: U+0000–U+001F, U+007F or U+0080–U+009F.
    package var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
