/// The reader's white space (and a dialect's comments) and the words its errors are made of.
extension JSONReader {
    /// Skips white space, and the comments of a dialect that has them; inlined for the common case of none (a value
    /// or key right after `{`, `,` or `:`).
    @inline(__always)
    mutating func skipWhitespace() {
        if position < bytes.count, Int8(bitPattern: bytes[position]) > tokenFloor { return }
        // One space before a value or key (`"a": 1`, `, "b"`), the next most common case.
        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: " "),
            Int8(bitPattern: bytes[position + 1]) > tokenFloor
        {
            position += 1
            return
        }
        skipWhitespaceRun()
    }

    mutating func skipWhitespaceRun() {
        let count = bytes.count
        let buffer = bytes
        let spaces: UInt64 = 0x2020_2020_2020_2020
        while position < count {
            switch buffer[position] {
            case UInt8(ascii: " "):
                // Indentation: a run of spaces, up to 8 at a time, by the first byte of the word that is not one
                // (a word read only when its 8 bytes lie before `count`).
                if position + 8 <= count {
                    let other =
                        UInt64(
                            littleEndian: UnsafeRawPointer(buffer.baseAddress! + position).loadUnaligned(
                                as: UInt64.self)) ^ spaces
                    position += other == 0 ? 8 : other.trailingZeroBitCount / 8
                } else {
                    position += 1
                }
            case UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                position += 1
            case UInt8(ascii: "\n"):
                position += 1
                lineStarts.append(UInt32(position))
            default:
                // Strict JSON stops at anything else; the caller reports a comment there as an error.
                guard dialect != .json, skipDialectWhitespace() else { return }
            }
        }
    }

    func checkForComment() throws(SyntaxError) {
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "/") else { return }
        if bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*") {
            throw error(
                "comments are not allowed in JSON; use \"$description\" to document a token or group, or rename the file to .jsonc to allow comments"
            )
        }
    }

    func unexpectedValueMessage() -> String {
        let text = word(at: position)
        switch text {
        case "NaN", "Infinity": return "\(text) is not a JSON number"
        case "True", "False", "TRUE", "FALSE", "None", "Null", "NULL", "undefined":
            return "'\(text)' is not a JSON value; JSON literals are true, false and null (lower case)"
        case "":
            if bytes[position] == UInt8(ascii: "'") {
                return
                    "strings must be in double quotes, not single quotes; rename the file to .json5 to allow single quotes"
            }
            if bytes[position] == UInt8(ascii: "}") || bytes[position] == UInt8(ascii: "]") {
                return "expected a value, found '\(describeByte(bytes[position]))'"
            }
            return "expected a value, found \(describe(at: position))"
        default:
            return
                "expected a value, found '\(text)'; strings must be in \(dialect == .json5 ? "quotes" : "double quotes")"
        }
    }

    /// The ASCII letters, digits, `_` and `$` from `offset` on, as text (empty when there are none).
    func word(at offset: Int) -> String {
        String(
            decoding: bytes[offset...].prefix(while: { isIdentifierByte($0) || $0 == UInt8(ascii: "$") }), as: UTF8.self
        )
    }

    /// The offset of the comma just before `position`, for trailing-comma errors.
    func lastComma() -> Int {
        var index = position - 1
        while index > 0, bytes[index] != UInt8(ascii: ",") { index -= 1 }
        return index
    }

    /// What stands at `offset`, for a message: the character quoted, or its code point (`'\u{A0}'`) when it is
    /// not visible, or the byte when no valid UTF-8 character starts there.
    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        guard bytes[offset] >= 0x80 else { return "'\(describeByte(bytes[offset]))'" }
        var iterator = bytes[offset...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
            if offset == 0, bytes.count >= 2, Set([bytes[0], bytes[1]]) == [0xFE, 0xFF] {
                return "a UTF-16 byte order mark; token files are read as UTF-8, so save it as UTF-8"
            }
            return "the byte 0x\(hex(bytes[offset], digits: 2)), which starts no valid UTF-8 character here"
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
            .unassigned:
            return "'\(scalar.codePoint)'"
        default:
            return "'\(scalar)'"
        }
    }

    func describeByte(_ byte: UInt8) -> String {
        switch byte {
        case 0x20..<0x7F: String(UnicodeScalar(byte))
        default: "\\u{\(hex(byte, digits: 2))}"
        }
    }

    /// The error to throw: the one white space met, if any (reading stopped there), else `message` at `offset`.
    func error(_ message: String, at offset: Int? = nil) -> SyntaxError {
        whitespaceError ?? SyntaxError(offset: offset ?? position, message: message)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || isDigit(byte)
            || byte == UInt8(ascii: "_")
    }

    func hex<T: BinaryInteger>(_ value: T, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
