#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes JSON text into one byte buffer, pretty-printed with two-space indentation.
///
/// Keys and strings are escaped as RFC 8259 requires (and no more: `/` and non-ASCII are written as they are);
/// numbers are written in their shortest form that reads back as the same double, integers without `.0`.
@_spi(Engine) public struct JSONWriter {
    /// What is written so far.
    @_spi(Engine) public var bytes: [UInt8] { buffer }
    @usableFromInline var buffer: [UInt8] = []
    @usableFromInline var depth = 0
    /// The container being written (nil at the top level), apart from those it is in, so that laying out a value
    /// reads and writes a stored property rather than the end of an array.
    @usableFromInline var innermost: Container?
    /// The containers the innermost one is in, outermost first.
    private var enclosing: [Container] = []
    @usableFromInline var afterKey = false

    /// An open object or array.
    @usableFromInline struct Container {
        /// Whether it has an element yet.
        @usableFromInline var hasElements = false
        /// The offset of its `[` while it is an array whose elements are all scalars so far; -1 for an array that
        /// holds a container, ``JSONWriter/objectMark`` for an object.
        @usableFromInline var scalarArrayStart: Int
    }

    private static var objectMark: Int { -2 }

    /// One line, `{"a": 1, "b": [2, 3]}`, instead of one value per line.
    @usableFromInline var isCompact = false

    package init(capacity: Int = 4096) {
        buffer.reserveCapacity(capacity)
    }

    /// A writer that puts everything on one line, for values quoted in messages.
    package static func compact() -> JSONWriter {
        var writer = JSONWriter(capacity: 64)
        writer.isCompact = true
        return writer
    }

    /// A value on one line (`{"value": 16, "unit": "px"}`), for a message.
    package static func compactText(_ value: JSONValue) -> String {
        var writer = compact()
        writer.value(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    package mutating func beginObject() {
        let separator = beginContainer()
        Self.put(into: &buffer, atMost: separator.size + 1) { cursor in
            cursor.put(separator)
            cursor.put(UInt8(ascii: "{"))
        }
        open(scalarArrayStart: Self.objectMark)
    }

    package mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array. One whose elements all turn out to be scalars (`[0.2, 0, 0, 1]`, colour components) is
    /// put on one line when it closes, as such lists read best.
    package mutating func beginArray() {
        let separator = beginContainer()
        let start = buffer.count + separator.size
        Self.put(into: &buffer, atMost: separator.size + 1) { cursor in
            cursor.put(separator)
            cursor.put(UInt8(ascii: "["))
        }
        open(scalarArrayStart: start)
    }

    package mutating func endArray() {
        let start = innermost!.scalarArrayStart
        close(UInt8(ascii: "]"))
        if start >= 0, !isCompact { joinLines(from: start) }
    }

    @inlinable @inline(__always) @_spi(Engine) public mutating func key(_ key: String) {
        Self.withUTF8(key) { self.key(utf8: $0) }
    }

    /// A key given as its UTF-8 bytes.
    @inlinable @_spi(Engine) public mutating func key(utf8 key: UnsafeBufferPointer<UInt8>) {
        let separator = beginValue()
        let key = Text(key)
        Self.put(into: &buffer, atMost: separator.size + 2 + key.escapedSize + 2) { cursor in
            cursor.put(separator)
            cursor.putQuoted(key)
            cursor.put(UInt8(ascii: ":"))
            cursor.put(UInt8(ascii: " "))
        }
        afterKey = true
    }

    /// Writes again, as the next value, bytes this writer wrote for an earlier value and that were kept: for a
    /// value that many members share. `depthChange` is how many levels deeper (negative: shallower) this value
    /// stands than the earlier one: each of its lines after the first is indented by two spaces more (or fewer)
    /// per level. Line breaks in written bytes are all layout (strings hold theirs escaped), so the copy is laid
    /// out as writing the value here would lay it out.
    package mutating func repeatValue(_ value: UnsafeBufferPointer<UInt8>, depthChange: Int = 0) {
        let separator = beginValue()
        let shift = isCompact ? 0 : 2 * depthChange
        guard shift != 0, let base = value.baseAddress else {
            return Self.put(into: &buffer, atMost: separator.size + value.count) { cursor in
                cursor.put(separator)
                cursor.put(value)
            }
        }
        /// Where the line that starts at `start` ends, after its line break; nil for the last line.
        func lineEnd(from start: Int) -> Int? {
            memchr(base + start, Int32(UInt8(ascii: "\n")), value.count - start)
                .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) + 1 }
        }
        var lineBreaks = 0
        if shift > 0 {
            var start = 0
            while let end = lineEnd(from: start) {
                lineBreaks += 1
                start = end
            }
        }
        Self.put(into: &buffer, atMost: separator.size + value.count + shift * lineBreaks) { cursor in
            cursor.put(separator)
            // Line by line: each line break followed by `shift` more spaces, or `-shift` fewer (every line of the
            // earlier value is indented at least as deep as it stood).
            var start = 0
            while let end = lineEnd(from: start) {
                cursor.put(UnsafeBufferPointer(start: base + start, count: end - start))
                if shift > 0 {
                    cursor.next.initialize(repeating: UInt8(ascii: " "), count: shift)
                    cursor.next += shift
                } else {
                    assert(
                        end - shift <= value.count && value[end..<(end - shift)].allSatisfy { $0 == UInt8(ascii: " ") })
                }
                start = end - min(shift, 0)
            }
            cursor.put(UnsafeBufferPointer(start: base + start, count: value.count - start))
        }
    }

    package mutating func string(_ value: String) {
        Self.withUTF8(value) { string(utf8: $0) }
    }

    package mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) {
        let separator = beginValue()
        let text = Text(text)
        Self.put(into: &buffer, atMost: separator.size + 2 + text.escapedSize) { cursor in
            cursor.put(separator)
            cursor.putQuoted(text)
        }
    }

    /// ``JSONSink/string(_:unit:)``: the string of ``format(_:unit:)``, written without making it first (a hundred
    /// thousand tokens have tens of thousands of dimensions).
    package mutating func string(_ number: Double, unit: String) {
        let separator = beginValue()
        Self.withUTF8(unit) { unit in
            let unit = Text(unit)
            Self.put(into: &buffer, atMost: separator.size + 2 + Self.numberSize + unit.escapedSize) { cursor in
                cursor.put(separator)
                cursor.put(UInt8(ascii: "\""))
                // A number's text needs no escape.
                cursor.putNumber(number)
                cursor.putEscaped(unit)
                cursor.put(UInt8(ascii: "\""))
            }
        }
    }

    package mutating func number(_ value: Double) {
        let separator = beginValue()
        Self.put(into: &buffer, atMost: separator.size + Self.numberSize) { cursor in
            cursor.put(separator)
            cursor.putNumber(value)
        }
    }

    package mutating func bool(_ value: Bool) {
        literal(value ? "true" : "false")
    }

    mutating func null() {
        literal("null")
    }

    private mutating func literal(_ text: StaticString) {
        let separator = beginValue()
        Self.put(into: &buffer, atMost: separator.size + text.utf8CodeUnitCount) { cursor in
            cursor.put(separator)
            text.withUTF8Buffer { cursor.put($0) }
        }
    }

    /// Writes a whole ``JSONValue``.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): self.bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): self.string(text)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    /// Ends the document with a newline.
    package mutating func finish() -> [UInt8] {
        buffer.append(UInt8(ascii: "\n"))
        return buffer
    }

    /// Hands what is written so far to `deliver` and empties the buffer, once it holds at least `size` bytes.
    ///
    /// Called between the members of an object, where nothing already written may change: an array is joined
    /// onto one line when it closes, so none may be open with only scalars in it.
    @inlinable @_spi(Engine) public mutating func flush<Failure: Error>(
        ifAtLeast size: Int, _ deliver: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        precondition((innermost?.scalarArrayStart ?? -1) < 0, "flushing inside an array of scalars")
        guard buffer.count >= size else { return }
        try deliver(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Ends the document with a newline and hands the rest of it to `deliver`.
    @inlinable @_spi(Engine) public mutating func finish<Failure: Error>(_ deliver: ([UInt8]) throws(Failure) -> Void)
        throws(Failure)
    {
        buffer.append(UInt8(ascii: "\n"))
        try flush(ifAtLeast: 0, deliver)
    }

    // MARK: Layout

    /// What goes before a value or a closing bracket: a comma, then a line break and the indentation (or, on one
    /// line, a space after the comma).
    @usableFromInline struct Separator {
        @usableFromInline var comma = false
        @usableFromInline var lineBreak = false
        /// Spaces after the comma or line break.
        @usableFromInline var spaces = 0

        @inlinable init(comma: Bool = false, lineBreak: Bool = false, spaces: Int = 0) {
            self.comma = comma
            self.lineBreak = lineBreak
            self.spaces = spaces
        }

        @inlinable var size: Int { (comma ? 1 : 0) + (lineBreak ? 1 : 0) + spaces }
    }

    /// Settles what goes before a value: nothing after a key or at the top level; else a comma after an element,
    /// and the line break.
    @inlinable @inline(__always) mutating func beginValue() -> Separator {
        if afterKey {
            afterKey = false
            return Separator()
        }
        guard innermost != nil else { return Separator() }
        let comma = innermost!.hasElements
        innermost!.hasElements = true
        return newline(afterComma: comma)
    }

    /// Begins an object or array as a value: an array it is in no longer holds only scalars.
    private mutating func beginContainer() -> Separator {
        let separator = beginValue()
        if let start = innermost?.scalarArrayStart, start >= 0 { innermost!.scalarArrayStart = -1 }
        return separator
    }

    private mutating func open(scalarArrayStart: Int) {
        depth += 1
        if let innermost { enclosing.append(innermost) }
        innermost = Container(scalarArrayStart: scalarArrayStart)
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        let separator = innermost!.hasElements ? newline(afterComma: false) : Separator()
        innermost = enclosing.popLast()
        Self.put(into: &buffer, atMost: separator.size + 1) { cursor in
            cursor.put(separator)
            cursor.put(bracket)
        }
    }

    /// A line break and the indentation at the current depth, after a comma or not; on one line, a space after a
    /// comma.
    @inlinable func newline(afterComma comma: Bool) -> Separator {
        isCompact
            ? Separator(comma: comma, spaces: comma ? 1 : 0)
            : Separator(comma: comma, lineBreak: true, spaces: 2 * depth)
    }

    /// Puts the array that starts at `start` (and holds only scalars) on one line, `[1, 2]`: each line break
    /// and the indentation after it go, and a comma before one is followed by a space. Line breaks here are
    /// all layout (strings hold theirs escaped).
    private mutating func joinLines(from start: Int) {
        let end = buffer.withUnsafeMutableBufferPointer { bytes in
            var read = start + 1
            var write = start + 1
            while read < bytes.count {
                let byte = bytes[read]
                read += 1
                if byte == UInt8(ascii: "\n") {
                    while read < bytes.count, bytes[read] == UInt8(ascii: " ") { read += 1 }
                    if bytes[write - 1] == UInt8(ascii: ",") {
                        bytes[write] = UInt8(ascii: " ")
                        write += 1
                    }
                    continue
                }
                bytes[write] = byte
                write += 1
            }
            return write
        }
        buffer.removeLast(buffer.count - end)
    }

    // MARK: Bytes

    /// Where a writer's next bytes go, in room already made for them (``put(into:atMost:_:)``).
    @usableFromInline struct Cursor {
        @usableFromInline let start: UnsafeMutablePointer<UInt8>
        @usableFromInline var next: UnsafeMutablePointer<UInt8>

        @inlinable init(start: UnsafeMutablePointer<UInt8>, next: UnsafeMutablePointer<UInt8>) {
            self.start = start
            self.next = next
        }

        @inlinable @inline(__always)
        mutating func put(_ byte: UInt8) {
            next.pointee = byte
            next += 1
        }

        @inlinable @inline(__always)
        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            next.update(from: base, count: bytes.count)
            next += bytes.count
        }

        @inlinable @inline(__always)
        mutating func put(_ separator: Separator) {
            if separator.comma { put(UInt8(ascii: ",")) }
            if separator.lineBreak { put(UInt8(ascii: "\n")) }
            next.update(repeating: UInt8(ascii: " "), count: separator.spaces)
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
            for byte in text.bytes {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    put(UInt8(ascii: "\\"))
                    put(byte)
                case 0x0A:
                    put(UInt8(ascii: "\\"))
                    put(UInt8(ascii: "n"))
                case 0x0D:
                    put(UInt8(ascii: "\\"))
                    put(UInt8(ascii: "r"))
                case 0x09:
                    put(UInt8(ascii: "\\"))
                    put(UInt8(ascii: "t"))
                case 0x00..<0x20:
                    // `\u00XX`, in lower-case hex.
                    let digits: StaticString = "0123456789abcdef"
                    put(UInt8(ascii: "\\"))
                    put(UInt8(ascii: "u"))
                    put(UInt8(ascii: "0"))
                    put(UInt8(ascii: "0"))
                    digits.withUTF8Buffer { digits in
                        put(digits[Int(byte >> 4)])
                        put(digits[Int(byte & 0xF)])
                    }
                default:
                    put(byte)
                }
            }
        }

        /// The shortest text that reads back as `value` (``JSONWriter/format(_:)``): a whole number digit by digit,
        /// a number with a few decimals by ``JSONWriter/shortDecimal(_:)``, any other by `description`.
        mutating func putNumber(_ value: Double) {
            if var whole = JSONWriter.wholeNumber(value) {
                if whole < 0 {
                    put(UInt8(ascii: "-"))
                    whole = -whole
                }
                putDigits(whole, decimals: 0)
            } else if let (digits, decimals) = JSONWriter.shortDecimal(value) {
                if value < 0 { put(UInt8(ascii: "-")) }
                putDigits(digits, decimals: decimals)
            } else {
                JSONWriter.withUTF8(value.description) { put($0) }
            }
        }

        /// `digits` (at most 15) with a decimal point before the last `decimals` of them, and a `0` before the point
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
            // Written from the last digit.
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
            span.withUnsafeMutableBufferPointer { room, written in
                var cursor = Cursor(start: room.baseAddress!, next: room.baseAddress!)
                body(&cursor)
                written = cursor.next - cursor.start
                precondition(written <= maximum, "more bytes written than room was made for")
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
    private static var numberSize: Int { 24 }

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
