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

    /// Empties what is written, keeping its room: between whole values, for a writer that writes one at a time.
    package mutating func removeAll() {
        precondition(innermost == nil, "emptying a writer inside a value")
        buffer.removeAll(keepingCapacity: true)
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
        /// Where the line that starts at `start` (at most `value.count`) ends, after its line break; nil for the
        /// last line. `memchr` reads only the `value.count - start` bytes from `start` on.
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
            // earlier value is indented at least as deep as it stood). Each line is `start..<end` of `value`, with
            // `start` at most `end`, itself at most `value.count`.
            var start = 0
            while let end = lineEnd(from: start) {
                cursor.put(UnsafeBufferPointer(start: base + start, count: end - start))
                if shift > 0 {
                    cursor.put(repeating: UInt8(ascii: " "), count: shift)
                } else {
                    // The indentation dropped is the caller's word (``EarlierOutput``'s depths): checked to lie
                    // within `value`, so that the next line starts in it.
                    precondition(end - shift <= value.count, "a value repeated shallower than its lines are indented")
                    assert(value[end..<(end - shift)].allSatisfy { $0 == UInt8(ascii: " ") })
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
        // `start` is the offset of the array's `[`, recorded when it opened; the buffer is emptied only outside a
        // value (``removeAll()``) or outside an array of scalars (``flush(ifAtLeast:_:)``), so it is still there.
        precondition(start >= 0 && start < buffer.count, "an array's start outside the buffer")
        // Every index is in bounds: `read` below `bytes.count`, and `write` never past `read` (a line break read
        // makes at most one space), from `start + 1` on.
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
}
