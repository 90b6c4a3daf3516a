/// How token paths become names in a language: the path's words, joined as the language joins them.
///
/// A path's words are its names split at every character that is neither a letter nor a digit (`.`, `-`, `_`,
/// spaces) and where a lower-case letter or a digit meets an upper-case one (`surfacePrimary` is `surface`,
/// `Primary`). `theme.color.border.brand` is then:
///
/// | style | name |
/// |---|---|
/// | ``camelCase`` (Swift) | `themeColorBorderBrand` |
/// | ``upperCamelCase`` (Swift types) | `ThemeColorBorderBrand` |
/// | ``kebabCase`` (CSS) | `theme-color-border-brand` |
/// | ``snakeCase`` (Android) | `theme_color_border_brand` |
///
/// Letters outside ASCII are kept where the language allows them (Swift, CSS); Android's resource names take ASCII
/// letters and digits only, so other characters are dropped there. A name that would start with a digit is
/// prefixed with `_` in Swift and Android (`2xl.gap` is `_2xlGap`; `space.2` is `space2`). The mapping depends on nothing but the path, so a name stays the same from one export
/// to the next as long as the path does.
public enum IdentifierStyle: Sendable, CaseIterable {
    case camelCase
    case upperCamelCase
    case kebabCase
    case snakeCase

    /// The name of `path` in this style, or nil when nothing of it can be spelt (it has no letter or digit the
    /// style keeps).
    public func identifier(for path: String) -> String? {
        var path = path
        if let name = path.withUTF8(asciiIdentifier) { return name.isEmpty ? nil : name }
        return unicodeIdentifier(for: path)
    }

    /// ``identifier(for:)`` by the Unicode properties of each scalar: what any path is named, and what the ASCII
    /// reading must agree with.
    func unicodeIdentifier(for path: String) -> String? {
        let words = Self.words(of: path, asciiOnly: self == .snakeCase)
        guard !words.isEmpty else { return nil }
        var name: String
        switch self {
        case .camelCase, .upperCamelCase:
            name = ""
            for (index, word) in words.enumerated() {
                let lower = word.lowercased()
                name += index == 0 && self == .camelCase ? lower : lower.prefix(1).uppercased() + lower.dropFirst()
            }
        case .kebabCase: name = words.map { $0.lowercased() }.joined(separator: "-")
        case .snakeCase: name = words.map { $0.lowercased() }.joined(separator: "_")
        }
        if self != .kebabCase, let first = name.unicodeScalars.first, first.properties.numericType != nil {
            name = "_" + name
        }
        return name
    }

    /// ``identifier(for:)`` of an ASCII path, read byte by byte (nil for a path with other characters, which the
    /// Unicode rules read; empty when it has no letter or digit).
    private func asciiIdentifier(_ path: UnsafeBufferPointer<UInt8>) -> String? {
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        var name: [UInt8] = []
        name.reserveCapacity(path.count + 1)
        var words = 0
        var inWord = false
        var previous: UInt8 = 0
        for byte in path {
            guard byte < 0x80 else { return nil }
            guard isDigit(byte) || isUpper(byte) || isLower(byte) else {
                inWord = false
                continue
            }
            let startsWord = !inWord || (isUpper(byte) && (isLower(previous) || isDigit(previous)))
            let lower = isUpper(byte) ? byte + 0x20 : byte
            if startsWord {
                switch self {
                case .kebabCase where words > 0: name.append(UInt8(ascii: "-"))
                case .snakeCase where words > 0: name.append(UInt8(ascii: "_"))
                default: break
                }
                let capitalised = self == .upperCamelCase || (self == .camelCase && words > 0)
                name.append(capitalised && isLower(lower) ? lower - 0x20 : lower)
                words += 1
            } else {
                name.append(lower)
            }
            inWord = true
            previous = byte
        }
        if self != .kebabCase, let first = name.first, isDigit(first) { name.insert(UInt8(ascii: "_"), at: 0) }
        return String(decoding: name, as: UTF8.self)
    }

    /// The words of a path: runs of letters and digits, split where a lower-case letter or digit is followed by an
    /// upper-case letter.
    static func words(of path: String, asciiOnly: Bool) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        func endWord() {
            if !word.isEmpty { words.append(String(word)) }
            word = String.UnicodeScalarView()
        }
        for scalar in path.unicodeScalars {
            let isLetter = scalar.properties.isAlphabetic
            let isDigit = scalar.properties.numericType != nil
            guard (isLetter || isDigit) && (!asciiOnly || scalar.isASCII) else {
                endWord()
                previous = nil
                continue
            }
            if let previous, scalar.properties.isUppercase,
                previous.properties.isLowercase || previous.properties.numericType != nil
            {
                endWord()
            }
            word.append(scalar)
            previous = scalar
        }
        endWord()
        return words
    }
}
