/// The bytes of a writer's output: room made once per value (``put(into:atMost:_:)``), and text escaped where
/// RFC 8259 requires.
extension JSONWriter {
    /// Where a writer's next bytes go, in room already made for them (``put(into:atMost:_:)``): the bytes from
    /// `next` up to `end`. Every write checks that its bytes fit before it writes them, once for what it writes (a
    /// run of bytes, a separator, a number's digits, a text's escapes), and writes them unchecked after that.
    @usableFromInline struct Cursor {
        @usableFromInline let start: UnsafeMutablePointer<UInt8>
        @usableFromInline var next: UnsafeMutablePointer<UInt8>
        /// Just past the room's last byte: `next` never passes it.
        @usableFromInline let end: UnsafeMutablePointer<UInt8>

        /// A cursor at the start of the `count` bytes of room at `start`.
        @inlinable init(start: UnsafeMutablePointer<UInt8>, count: Int) {
            self.start = start
            next = start
            end = start + count
        }

        /// Stops the program unless `count` more bytes fit before `end` (a negative `count` does not: as unsigned
        /// it is larger than any room), so that the writes it is checked for cannot pass the room.
        @inlinable @inline(__always)
        func reserve(_ count: Int) {
            precondition(
                UInt(bitPattern: count) <= UInt(bitPattern: end - next), "more bytes written than room was made for")
        }

        /// Writes `byte` where ``reserve(_:)`` has made sure that it fits.
        @inlinable @inline(__always)
        mutating func putReserved(_ byte: UInt8) {
            next.initialize(to: byte)
            next += 1
        }

        @inlinable @inline(__always)
        mutating func put(_ byte: UInt8) {
            reserve(1)
            putReserved(byte)
        }

        @inlinable @inline(__always)
        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            reserve(bytes.count)
            next.initialize(from: base, count: bytes.count)
            next += bytes.count
        }

        /// `count` copies of `byte`.
        @inlinable @inline(__always)
        mutating func put(repeating byte: UInt8, count: Int) {
            reserve(count)
            next.initialize(repeating: byte, count: count)
            next += count
        }

        @inlinable @inline(__always)
        mutating func put(_ separator: Separator) {
            // `size` counts the comma, the line break and the spaces.
            reserve(separator.size)
            if separator.comma { putReserved(UInt8(ascii: ",")) }
            if separator.lineBreak { putReserved(UInt8(ascii: "\n")) }
            next.initialize(repeating: UInt8(ascii: " "), count: separator.spaces)
            next += separator.spaces
        }

        /// `text` as a JSON string: quoted, and escaped where RFC 8259 requires.
        @inlinable @inline(__always)
        mutating func putQuoted(_ text: Text) {
            put(UInt8(ascii: "\""))
            putEscaped(text)
            put(UInt8(ascii: "\""))
        }

        /// `text` as the inside of a JSON string, escaped where RFC 8259 requires.
        @usableFromInline mutating func putEscaped(_ text: Text) {
            // Most text needs no escapes: copied whole.
            guard text.needsEscape else { return put(text.bytes) }
            // No byte takes more than six (`\u001f`): `escapedSize`, checked once for the whole text.
            reserve(text.escapedSize)
            for byte in text.bytes {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    putReserved(UInt8(ascii: "\\"))
                    putReserved(byte)
                case 0x0A:
                    putReserved(UInt8(ascii: "\\"))
                    putReserved(UInt8(ascii: "n"))
                case 0x0D:
                    putReserved(UInt8(ascii: "\\"))
                    putReserved(UInt8(ascii: "r"))
                case 0x09:
                    putReserved(UInt8(ascii: "\\"))
                    putReserved(UInt8(ascii: "t"))
                case 0x00..<0x20:
                    // `\u00XX`, in lower-case hex: both digits index the 16 of `digits` (`byte` is below 0x20).
                    let digits: StaticString = "0123456789abcdef"
                    putReserved(UInt8(ascii: "\\"))
                    putReserved(UInt8(ascii: "u"))
                    putReserved(UInt8(ascii: "0"))
                    putReserved(UInt8(ascii: "0"))
                    digits.withUTF8Buffer { digits in
                        putReserved(digits[Int(byte >> 4)])
                        putReserved(digits[Int(byte & 0xF)])
                    }
                default:
                    putReserved(byte)
                }
            }
        }

        /// The shortest text that reads back as `value` (``JSONWriter/format(_:)``): a whole number digit by digit,
        /// a number with a few decimals by ``JSONWriter/shortDecimal(_:)``, one with more by
        /// ``JSONWriter/longDecimal(_:)``, and one past their range (below 10⁻³ with many digits, 10⁷ or more with
        /// decimals, and every one `description` writes with an exponent) by `description`.
        mutating func putNumber(_ value: Double) {
            if var whole = JSONWriter.wholeNumber(value) {
                if whole < 0 {
                    put(UInt8(ascii: "-"))
                    whole = -whole
                }
                putDigits(whole, decimals: 0)
            } else if let (digits, decimals) = JSONWriter.shortDecimal(value) ?? JSONWriter.longDecimal(value) {
                if value < 0 { put(UInt8(ascii: "-")) }
                putDigits(digits, decimals: decimals)
            } else {
                JSONWriter.withUTF8(value.description) { put($0) }
            }
        }

        /// `digits` (at most 17) with a decimal point before the last `decimals` of them, and a `0` before the point
        /// when nothing else is: `12`, `0.5`, `0.00012`, `1.25`.
        private mutating func putDigits(_ digits: Int64, decimals: Int) {
            var digits = digits
            var whole = digits
            for _ in 0..<decimals { whole /= 10 }
            var length = decimals == 0 ? 1 : decimals + 2
            while whole >= 10 {
                length += 1
                whole /= 10
            }
            // Written from the last digit: `length` bytes, counted above from the same digits (the decimals, the
            // point, then every digit of `whole`), so `position` ends back at where `next` was.
            reserve(length)
            next += length
            var position = next
            func put(_ byte: UInt8) {
                position -= 1
                position.pointee = byte
            }
            if decimals > 0 {
                for _ in 0..<decimals {
                    put(UInt8(ascii: "0") + UInt8(digits % 10))
                    digits /= 10
                }
                put(UInt8(ascii: "."))
            }
            repeat {
                put(UInt8(ascii: "0") + UInt8(digits % 10))
                digits /= 10
            } while digits > 0
        }
    }

    /// Writes at most `maximum` bytes at the end of `bytes` through `body`: one check that the bytes are not
    /// shared and have the room, for a value with its layout, where an append per run of bytes made one each
    /// (a sixth of rendering a large flat output's values).
    @inlinable @inline(__always)
    static func put(into bytes: inout [UInt8], atMost maximum: Int, _ body: (inout Cursor) -> Void) {
        bytes.append(addingCapacity: maximum) { span in
            // `room` is the `maximum` bytes of fresh capacity after the array's end (none of them initialised yet),
            // and the cursor's `end` is its end, so `body` writes nothing past them; what it wrote counts.
            span.withUnsafeMutableBufferPointer { room, written in
                var cursor = Cursor(start: room.baseAddress!, count: room.count)
                body(&cursor)
                written = cursor.next - cursor.start
            }
        }
    }

    /// Text to write as a JSON string, with whether it needs escaping (looked for once).
    @usableFromInline struct Text {
        @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
        @usableFromInline let needsEscape: Bool

        @inlinable @inline(__always)
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            needsEscape = JSONWriter.needsEscape(bytes)
        }

        /// The most bytes it takes inside quotes: six per byte when it needs escaping (`\u001f`).
        @inlinable var escapedSize: Int { needsEscape ? 6 * bytes.count : bytes.count }
    }

    /// The most bytes a number takes: `-2.2250738585072014e-308`.
    static var numberSize: Int { 24 }

    /// Calls `body` with `text`'s UTF-8 bytes: a native string's borrowed as they are (`withUTF8` on a copy, made
    /// mutable first, cost a retain and a release each), another's made contiguous.
    @inlinable @inline(__always) static func withUTF8<Result>(
        _ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return text.withUTF8(body)
    }

    /// Appends `text` to `bytes` as a JSON string: quoted, and escaped where RFC 8259 requires.
    static func appendQuoted(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        let text = Text(text)
        put(into: &bytes, atMost: 2 + text.escapedSize) { $0.putQuoted(text) }
    }

    /// Whether any byte of `text` must be escaped (a quote, a backslash, a byte below 0x20), looked for 8 bytes
    /// at a time (the last bytes in a word that overlaps the one before; a text shorter than a word byte by byte,
    /// which measured as fast as a word padded with spaces): a word the SWAR test clears has none; one it flags
    /// (it can flag a word with bytes of 0x80 and up that has none) is checked byte by byte.
    @usableFromInline static func needsEscape(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        func isEscaped(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
        }
        guard let base = text.baseAddress else { return false }
        guard text.count >= 8 else { return text.contains(where: isEscaped) }
        // Every word read, at `index` with `index + 8` at most `text.count`, lies in `text`.
        func hasEscaped(at index: Int) -> Bool {
            ByteMask.escaped(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) != 0
                && UnsafeBufferPointer(rebasing: text[index..<index + 8]).contains(where: isEscaped)
        }
        var index = 0
        while index + 8 <= text.count {
            if hasEscaped(at: index) { return true }
            index += 8
        }
        return index < text.count && hasEscaped(at: text.count - 8)
    }

    /// The shortest text that reads back as `value`: `16`, `0.5`, `0.3333333333333333`, `1e-7`. (Whole numbers
    /// below 10¹⁵ without `.0`; the rest as `description` writes them. The one definition is
    /// ``Cursor/putNumber(_:)``, which the writer uses too.)
    package static func format(_ value: Double) -> String {
        var bytes: [UInt8] = []
        put(into: &bytes, atMost: numberSize) { $0.putNumber(value) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A number followed by its unit, `16px`, `0.2s`: a dimension's or duration's text, which ``string(_:unit:)``
    /// writes without making it.
    package static func format(_ value: Double, unit: String) -> String { format(value) + unit }
}
