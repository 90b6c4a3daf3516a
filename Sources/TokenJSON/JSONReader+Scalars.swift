/// The reader's scalars: strings (escapes, control characters, UTF-8 checked as they are scanned), numbers and
/// the literals `true`, `false` and `null`.
extension JSONReader {
    // MARK: Scalars

    /// Parses a string literal into a node.
    mutating func parseString() throws(SyntaxError) {
        let start = position
        let isEscaped = try scanString()
        appendString(from: start, isEscaped: isEscaped)
    }

    /// Adds a node for the string or key read from `start` to ``position``.
    /// - Parameters:
    ///   - isEscaped: whether its text holds escapes, so it must be decoded to be read.
    ///   - isUnquoted: whether it is a key written without quotes (JSON5).
    @inline(__always)
    mutating func appendString(from start: Int, isEscaped: Bool, isUnquoted: Bool = false) {
        let node = nodes.count
        // An unquoted key's node spans a byte more on each side, where its quotes would be (``JSONDocument/Node``).
        let quote = isUnquoted ? 1 : 0
        nodes.append(
            .init(
                kind: .string, isEscaped: isEscaped, isUnquoted: isUnquoted, offset: UInt32(start - quote),
                length: UInt32(position - start + 2 * quote), end: UInt32(node + 1)))
    }

    /// Reads past a double-quoted string literal (checking it) and returns whether it holds escapes.
    mutating func scanString() throws(SyntaxError) -> Bool {
        let start = position
        position += 1
        var isEscaped = false
        let count = bytes.count
        let buffer = bytes
        scan: do {
            while true {
                // Plain printable ASCII, the bulk of any token file: 8 bytes at a time, straight to the first byte
                // that needs a look (below 0x20, 0x80 and up, '"', '\\'), then byte by byte near the end.
                // (`buffer` is `bytes`, `count` its count: each word read lies before `count`.)
                while position + 8 <= count {
                    let word = UnsafeRawPointer(buffer.baseAddress! + position).loadUnaligned(as: UInt64.self)
                    let look = Self.lookMask(word)
                    guard look == 0 else {
                        // The lowest flagged byte is exact (the SWAR tests can only misflag bytes above a flagged one).
                        position += (UInt64(littleEndian: look).trailingZeroBitCount) / 8
                        break
                    }
                    position += 8
                }
                while position < count {
                    let byte = buffer[position]
                    guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else {
                        break
                    }
                    position += 1
                }
                guard position < count else {
                    throw error("unterminated string; expected a closing '\"'", at: start)
                }
                let byte = buffer[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    break scan
                }
                if byte == UInt8(ascii: "\\") {
                    isEscaped = true
                    try skipEscape()
                    continue
                }
                if byte < 0x20 {
                    try skipControlCharacter()
                    continue
                }
                position += try validateUTF8Sequence()
            }
        }
        return isEscaped
    }

    /// The high bit of each of a word's 8 bytes that needs a look in a string: below 0x20, 0x80 or above, a quote
    /// or a backslash (``ByteMask``: exact for the first such byte on little-endian machines; on big-endian ones the
    /// scan may stop early, and the byte loop after it reads on).
    @inline(__always)
    static func lookMask(_ word: UInt64) -> UInt64 {
        ByteMask.escaped(word) | ByteMask.nonASCII(word)
    }

    /// Moves past the control character (below U+0020) at ``position`` in a string: JSON5 lets a string hold one
    /// unescaped, but for a line break; strict JSON and JSONC none.
    @inline(never)
    mutating func skipControlCharacter() throws(SyntaxError) {
        let byte = bytes[position]
        guard dialect == .json5, byte != 0x0A, byte != 0x0D else {
            let name =
                byte == 0x0A ? "a line break" : byte == 0x09 ? "a tab" : "control character U+\(hex(byte, digits: 4))"
            throw error("\(name) must be escaped inside a string (unterminated string?)")
        }
        position += 1
    }

    /// Checks one escape sequence at `position` (which is at the backslash) and moves past it.
    mutating func skipEscape() throws(SyntaxError) {
        guard position + 1 < bytes.count else { throw error("unterminated escape sequence") }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try hexQuad(at: position + 2)
            position += 6
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u"),
                    (0xDC00...0xDFFF).contains(try hexQuad(at: position + 2))
                else {
                    throw error(
                        "\\u\(hex(unit, digits: 4)) is a lone high surrogate; it must be followed by a low surrogate escape",
                        at: position - 6)
                }
                position += 6
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error("\\u\(hex(unit, digits: 4)) is a lone low surrogate", at: position - 6)
            }
        default:
            guard dialect == .json5 else {
                throw error(
                    "invalid escape sequence '\\\(describeByte(bytes[position + 1]))'; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
                )
            }
            try skipJSON5Escape()
        }
    }

    func hexQuad(at offset: Int) throws(SyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else {
            throw error("incomplete \\u escape; expected four hex digits", at: offset - 2)
        }
        var value: UInt32 = 0
        for index in offset..<offset + 4 {
            guard let digit = Self.hexValue(bytes[index]) else {
                throw error("invalid \\u escape; expected four hex digits", at: offset - 2)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Validates the multi-byte UTF-8 sequence at `position` and returns its length.
    func validateUTF8Sequence() throws(SyntaxError) -> Int {
        let lead = bytes[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F  // no UTF-16 surrogates
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F  // nothing above U+10FFFF
        default: throw error("invalid UTF-8 byte 0x\(hex(lead, digits: 2)); the file must be UTF-8")
        }
        for index in 1..<length {
            guard position + index < bytes.count else {
                throw error("truncated UTF-8 sequence; the file must be UTF-8")
            }
            let byte = bytes[position + index]
            let (min, max) = index == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= min, byte <= max else {
                throw error(
                    "invalid UTF-8 sequence starting with byte 0x\(hex(lead, digits: 2)); the file must be UTF-8")
            }
        }
        return length
    }

    mutating func parseNumber() throws(SyntaxError) {
        let start = position
        if bytes[position] < UInt8(ascii: "0") {
            // A sign: '-', or in JSON5 '+'; or in JSON5 a leading decimal point.
            if bytes[position] != UInt8(ascii: ".") { position += 1 }
            if position >= bytes.count || !isDigit(bytes[position]) { try checkNumberWithoutLeadingDigit(from: start) }
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw error("numbers must not have leading zeros", at: start)
            }
            if dialect == .json5, position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "x") {
                try parseHexadecimalNumber(from: start)
                return
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            } else {
                try checkDecimalPointWithoutDigit(from: start)
            }
        }
        var exponentDigits = 0
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("expected a digit in the exponent", at: start)
            }
            while position < bytes.count, isDigit(bytes[position]) {
                position += 1
                exponentDigits += 1
            }
        }
        if exponentDigits >= 3 || position - start > 200 {
            // Only these can overflow or underflow a double (at most 197 digits times 1e±99 stays within its
            // range); check them once here. Both are refused alike: a number that is not zero must not read as 0.
            let literal = bytes[start..<position]
            let value = Self.parseNumber(literal)
            guard value.isFinite else {
                throw error("number \(String(decoding: literal, as: UTF8.self)) is too large", at: start)
            }
            let mantissa = literal.prefix { $0 | 0x20 != UInt8(ascii: "e") }
            if value == 0, mantissa.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
                throw error(
                    "number \(String(decoding: literal, as: UTF8.self)) is too small: it would read as 0", at: start)
            }
        }
        appendNumber(from: start)
    }

    /// Adds a node for the number read from `start` to ``position``.
    @inline(__always)
    mutating func appendNumber(from start: Int) {
        nodes.append(
            .init(
                kind: .number, isEscaped: false, offset: UInt32(start), length: UInt32(position - start),
                end: UInt32(nodes.count + 1)))
    }

    mutating func parseLiteral(_ literal: StaticString, kind: JSONDocument.Kind) throws(SyntaxError) {
        let start = position
        let length = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { text in
            position + length <= bytes.count && bytes[position..<position + length].elementsEqual(text)
        }
        guard matches else { throw error(unexpectedValueMessage()) }
        position += length
        nodes.append(
            .init(
                kind: kind, isEscaped: false, offset: UInt32(start), length: UInt32(length),
                end: UInt32(nodes.count + 1)))
    }
}
