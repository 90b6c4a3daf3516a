/// What JSONC and JSON5 add to strict JSON (``JSONDialect``). Each piece is reached only where strict JSON would
/// stop with an error, and reads into the same nodes: a single-quoted string or an unquoted key is a string node
/// whose text is decoded as a double-quoted one's, a JSON5 number a number node whose literal
/// ``JSONReader/parseNumber(_:)`` reads.
extension JSONReader {

    // MARK: Comments, white space and trailing commas

    /// Closes the object or array whose `}` or `]` at ``position`` follows a comma, in a dialect that allows that.
    @inline(never)
    mutating func closeAfterTrailingComma() throws(SyntaxError) {
        guard dialect.allowsTrailingCommas else {
            throw error(
                "trailing comma before '\(describeByte(bytes[position]))'; remove the comma, or rename the file to .jsonc to allow trailing commas",
                at: lastComma())
        }
        position += 1
        closeContainer()
    }

    /// Skips the comment, or (JSON5) the white space beyond JSON's, at ``position``. A `/` that starts no comment,
    /// a block comment never closed and a comment that is not UTF-8 stop the reading, their error kept in
    /// ``whitespaceError``.
    /// - Returns: false, with nothing read, when there is neither.
    @inline(never)
    mutating func skipDialectWhitespace() -> Bool {
        let byte = bytes[position]
        if byte == UInt8(ascii: "/") {
            do {
                try skipComment()
            } catch {
                whitespaceError = error
                position = bytes.count
            }
            return true
        }
        guard dialect == .json5 else { return false }
        if byte == 0x0B || byte == 0x0C {  // vertical tab, form feed
            position += 1
            return true
        }
        guard byte >= 0x80, let (scalar, length) = scalar(at: position), Self.isJSON5Whitespace(scalar) else {
            return false
        }
        position += length
        return true
    }

    /// Skips the `//` or `/* */` comment at ``position``, counting the lines it holds.
    private mutating func skipComment() throws(SyntaxError) {
        let start = position
        guard position + 1 < bytes.count,
            bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*")
        else {
            throw error("'/' starts no comment here; a comment is // to the end of the line, or /* … */")
        }
        let isBlock = bytes[position + 1] == UInt8(ascii: "*")
        position += 2
        while position < bytes.count {
            let byte = bytes[position]
            if isBlock, byte == UInt8(ascii: "*"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/")
            {
                position += 2
                return
            }
            if byte == UInt8(ascii: "\n") {
                // A line comment ends before its line break, which the white space after it reads.
                guard isBlock else { return }
                position += 1
                lineStarts.append(UInt32(position))
            } else if byte < 0x80 {
                if !isBlock, byte == UInt8(ascii: "\r") { return }
                position += 1
            } else {
                if !isBlock, dialect == .json5, let (scalar, _) = scalar(at: position),
                    scalar == "\u{2028}" || scalar == "\u{2029}"
                {
                    return  // JSON5 line terminators end a line comment too
                }
                // A comment is text of the file like any other: it must be UTF-8.
                position += try validateUTF8Sequence()
            }
        }
        if isBlock { throw error("unterminated block comment; expected '*/' to close it", at: start) }
    }

    /// Whether JSON5 reads `scalar` (past ASCII) as white space: a space separator, the byte order mark, or a line
    /// or paragraph separator.
    private static func isJSON5Whitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{FEFF}" || scalar == "\u{2028}" || scalar == "\u{2029}"
            || scalar.properties.generalCategory == .spaceSeparator
    }

    // MARK: JSON5 values and keys

    /// Parses a value strict JSON has no start for: a single-quoted string, or a number written with a leading `+`
    /// or decimal point.
    /// - Returns: false, with nothing read, when no JSON5 value starts at ``position`` either.
    /// - Throws: ``JSONReader/SyntaxError`` for the value's errors, and for `Infinity` and `NaN`, which JSON5 has
    ///   but no token value can be.
    @inline(never)
    mutating func parseJSON5Scalar() throws(SyntaxError) -> Bool {
        switch bytes[position] {
        case UInt8(ascii: "'"):
            let start = position
            let isEscaped = try scanSingleQuotedString()
            appendString(from: start, isEscaped: isEscaped)
        case UInt8(ascii: "+"), UInt8(ascii: "."):
            try parseNumber()
        default:
            try refuseNonFiniteNumber(at: position, sign: "")
            return false
        }
        return true
    }

    /// Parses a key that is not double-quoted: single-quoted, or an ECMAScript identifier name without quotes.
    @inline(never)
    mutating func parseJSON5Key() throws(SyntaxError) {
        if bytes[position] == UInt8(ascii: "'") {
            let start = position
            let isEscaped = try scanSingleQuotedString()
            appendString(from: start, isEscaped: isEscaped)
            return
        }
        guard try parseUnquotedKey() else {
            let isStructural = Array(",:{[]".utf8).contains(bytes[position])
            throw error(
                "expected a key, found \(describe(at: position))"
                    + (isStructural
                        ? ""
                        : "; a key without quotes starts with a letter, '$' or '_' and goes on with those or digits"))
        }
    }

    /// Parses a key written without quotes, an ECMAScript IdentifierName: letters (Unicode ID_Start), `$` and `_`,
    /// then also digits and marks (ID_Continue), ZWNJ and ZWJ; any of them may be written `\uXXXX`.
    /// - Returns: false, with nothing read, when no such name starts at ``position``.
    private mutating func parseUnquotedKey() throws(SyntaxError) -> Bool {
        let start = position
        var isEscaped = false
        while position < bytes.count {
            let byte = bytes[position]
            let isFirst = position == start
            if byte < 0x80 {
                if isIdentifierByte(byte) || byte == UInt8(ascii: "$") {
                    if isFirst, isDigit(byte) { return false }
                    position += 1
                } else if byte == UInt8(ascii: "\\") {
                    guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error("a key without quotes can hold only \\uXXXX escapes; put the key in quotes")
                    }
                    let unit = try hexQuad(at: position + 2)
                    guard let scalar = Unicode.Scalar(unit), Self.isIdentifierCharacter(scalar, first: isFirst) else {
                        throw error(
                            "\\u\(hex(unit, digits: 4)) is not a character a key without quotes can hold there; put the key in quotes"
                        )
                    }
                    isEscaped = true
                    position += 6
                } else {
                    break
                }
            } else {
                guard let (scalar, length) = scalar(at: position) else {
                    _ = try validateUTF8Sequence()  // reports the bytes that are not UTF-8
                    break
                }
                guard Self.isIdentifierCharacter(scalar, first: isFirst) else { break }
                position += length
            }
        }
        guard position > start else { return false }
        appendString(from: start, isEscaped: isEscaped, isUnquoted: true)
        return true
    }

    /// Whether an unquoted key can hold `scalar`, first or later.
    private static func isIdentifierCharacter(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        if scalar == "$" || scalar == "_" { return true }
        if first { return scalar.properties.isIDStart }
        return scalar.properties.isIDContinue || scalar == "\u{200C}" || scalar == "\u{200D}"
    }

    /// Reads past a single-quoted string literal (JSON5), checking it as a double-quoted one is checked, and returns
    /// whether it holds escapes. A `"` inside it is an ordinary character.
    private mutating func scanSingleQuotedString() throws(SyntaxError) -> Bool {
        let start = position
        position += 1
        var isEscaped = false
        while true {
            guard position < bytes.count else {
                throw error("unterminated string; expected a closing \"'\"", at: start)
            }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "'"):
                position += 1
                return isEscaped
            case UInt8(ascii: "\\"):
                isEscaped = true
                try skipEscape()
            case 0..<0x20:
                try skipControlCharacter()
            case 0x80...:
                position += try validateUTF8Sequence()
            default:
                position += 1
            }
        }
    }

    /// Checks one of the escapes JSON5 adds at ``position`` (the backslash) and moves past it: `\'`, `\v`, `\0` (not
    /// before a digit), `\xHH`, a line continuation (a backslash before a line break, which stands for nothing),
    /// or a backslash before any other character but a digit, which stands for that character.
    @inline(never)
    mutating func skipJSON5Escape() throws(SyntaxError) {
        let escape = bytes[position + 1]
        switch escape {
        case UInt8(ascii: "0"):
            if position + 2 < bytes.count, isDigit(bytes[position + 2]) {
                throw error(
                    "invalid escape sequence '\\0' before a digit; JSON5 has no octal escapes (write \\x or \\u escapes)"
                )
            }
            position += 2
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw error(
                "invalid escape sequence '\\\(describeByte(escape))'; JSON5 has no octal escapes (write \\x or \\u escapes)"
            )
        case UInt8(ascii: "x"):
            guard position + 3 < bytes.count, Self.hexValue(bytes[position + 2]) != nil,
                Self.hexValue(bytes[position + 3]) != nil
            else {
                throw error("invalid \\x escape; expected two hex digits")
            }
            position += 4
        case UInt8(ascii: "\n"):
            position += 2
            lineStarts.append(UInt32(position))
        case UInt8(ascii: "\r"):
            position += 2
            if position < bytes.count, bytes[position] == UInt8(ascii: "\n") {
                position += 1
                lineStarts.append(UInt32(position))
            }
        case 0x80...:
            position += 1
            position += try validateUTF8Sequence()
        default:
            position += 2  // `\'`, `\v` and any other ASCII character, which stands for itself
        }
    }

    // MARK: JSON5 numbers

    /// Checks a number that has no digit where one was expected, at ``position``, after a sign or at a leading
    /// decimal point (`start`). JSON5 reads `.5`, `+.5` and `-.5`; everything else is an error.
    @inline(never)
    mutating func checkNumberWithoutLeadingDigit(from start: Int) throws(SyntaxError) {
        let sign = bytes[start] == UInt8(ascii: ".") ? "" : describeByte(bytes[start])
        guard dialect == .json5 else {
            if position < bytes.count, bytes[position] == UInt8(ascii: "I") {
                throw error("-Infinity is not a JSON number", at: start)
            }
            throw error("expected a digit after '-'", at: start)
        }
        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "."), isDigit(bytes[position + 1]) { return }
        if position < bytes.count { try refuseNonFiniteNumber(at: position, sign: sign) }
        throw error(
            sign.isEmpty || (position < bytes.count && bytes[position] == UInt8(ascii: "."))
                ? "expected a digit after the decimal point" : "expected a digit after '\(sign)'", at: start)
    }

    /// Checks a decimal point with no digit after it (`start` is where the number starts): JSON5 reads `5.` and
    /// `5.e3`, strict JSON neither.
    @inline(never)
    mutating func checkDecimalPointWithoutDigit(from start: Int) throws(SyntaxError) {
        // The byte before the point is a digit when the number has one before it.
        guard dialect == .json5, position - 2 >= start, isDigit(bytes[position - 2]) else {
            throw error("expected a digit after the decimal point", at: start)
        }
    }

    /// Parses the digits of a hexadecimal number (JSON5) whose `x` or `X` is at ``position``, after the `0` and any
    /// sign from `start`.
    @inline(never)
    mutating func parseHexadecimalNumber(from start: Int) throws(SyntaxError) {
        position += 1
        let digits = position
        while position < bytes.count, Self.hexValue(bytes[position]) != nil { position += 1 }
        guard position > digits else { throw error("expected a hexadecimal digit after '0x'", at: start) }
        let literal = bytes[start..<position]
        guard Self.parseNumber(literal).isFinite else {
            throw error("number \(String(decoding: literal, as: UTF8.self)) is too large", at: start)
        }
        appendNumber(from: start)
    }

    /// Throws the error for `Infinity` or `NaN` written at `offset` after `sign`; returns when neither is there.
    private func refuseNonFiniteNumber(at offset: Int, sign: String) throws(SyntaxError) {
        let start = offset - sign.utf8.count
        switch word(at: offset) {
        case "Infinity":
            throw error(
                "\(sign)Infinity is valid JSON5, but a token value cannot be infinite; write a finite number", at: start
            )
        case "NaN":
            throw error(
                "\(sign)NaN is valid JSON5, but a token value cannot be NaN (not a number); write a number", at: start)
        default:
            return
        }
    }

    // MARK: Characters

    /// The Unicode scalar whose UTF-8 encoding starts at `offset`, and its length in bytes; nil when the bytes
    /// there are not UTF-8.
    private func scalar(at offset: Int) -> (Unicode.Scalar, Int)? {
        var decoder = UTF8()
        var iterator = bytes[offset..<min(offset + 4, bytes.count)].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, UTF8.width(scalar))
    }
}
