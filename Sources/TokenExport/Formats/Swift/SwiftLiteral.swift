import DesignTokens
@_spi(Engine) import TokenJSON

/// Swift source text for the values the Swift export writes.
enum SwiftLiteral {
    /// The words Swift reserves, which a name made of a path is written in backticks for.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super",
        "throws", "true", "try", "_",
    ]

    /// A name as Swift source writes it: in backticks when it is a keyword.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A string literal: `"` and `\` escaped, and every control character and line or paragraph separator (U+2028,
    /// U+2029, the only characters of their categories) as `\u{…}`.
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029:
                literal += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// A `Double` literal: the shortest text that reads back as the value.
    static func number(_ value: Double) -> String { JSONWriter.format(value) }

    /// Documentation comment lines, each prefixed with `indent` and `/// `.
    static func documentation(_ lines: [String], indent: String) -> String {
        lines.flatMap { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
            .map { indent + ("/// " + $0).trimmingTrailingSpaces() + "\n" }.joined()
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " || text.last == "\t" || text.last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
