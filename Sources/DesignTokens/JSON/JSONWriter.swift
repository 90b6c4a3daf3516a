/// Writes JSON text into one byte buffer, pretty-printed with two-space indentation.
///
/// Keys and strings are escaped as RFC 8259 requires (and no more: `/` and non-ASCII are written as they are);
/// numbers are written in their shortest form that reads back as the same double, integers without `.0`.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    private var depth = 0
    /// Whether the container being written has an element yet (one flag per open container).
    private var hasElements: [Bool] = []
    private var afterKey = false
    /// For each open container, the offset of its `[` while it is an array whose elements are all scalars so
    /// far; -1 for an array that holds a container, ``objectMark`` for an object.
    private var scalarArrayStarts: [Int] = []
    private static var objectMark: Int { -2 }

    /// One line, `{"a": 1, "b": [2, 3]}`, instead of one value per line.
    private var isCompact = false

    package init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// A writer that puts everything on one line, for values quoted in messages.
    package static func compact() -> JSONWriter {
        var writer = JSONWriter(capacity: 64)
        writer.isCompact = true
        return writer
    }

    mutating func beginObject() {
        beginContainer()
        bytes.append(UInt8(ascii: "{"))
        open(scalarArrayStart: Self.objectMark)
    }

    mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array. One whose elements all turn out to be scalars (`[0.2, 0, 0, 1]`, colour components) is
    /// put on one line when it closes, as such lists read best.
    mutating func beginArray() {
        beginContainer()
        let start = bytes.count
        bytes.append(UInt8(ascii: "["))
        open(scalarArrayStart: start)
    }

    mutating func endArray() {
        let start = scalarArrayStarts[scalarArrayStarts.count - 1]
        close(UInt8(ascii: "]"))
        if start >= 0, !isCompact { joinLines(from: start) }
    }

    mutating func key(_ key: String) {
        beginValue()
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
        afterKey = true
    }

    /// Makes the next value a member of the open object without writing its key, or the comma and line break
    /// before it: for a value written on its own, to be put after its key later (``FlatJSON/RenderedValues``). The
    /// value is laid out as it will stand there, at the object's members' depth.
    mutating func memberValueWithoutKey() {
        precondition(scalarArrayStarts.last == Self.objectMark, "a member outside an object")
        hasElements[hasElements.count - 1] = true
        afterKey = true
    }

    mutating func string(_ value: String) {
        beginValue()
        appendString(value)
    }

    /// ``JSONSink/string(_:unit:)``: the string of ``format(_:unit:)``, written without making it first (a hundred
    /// thousand tokens have tens of thousands of dimensions).
    mutating func string(_ number: Double, unit: String) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        // A number's text needs no escape.
        Self.appendNumber(number, to: &bytes)
        Self.withUTF8(unit) { Self.appendEscaped($0, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func number(_ value: Double) {
        beginValue()
        Self.appendNumber(value, to: &bytes)
    }

    mutating func bool(_ value: Bool) {
        beginValue()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func null() {
        beginValue()
        bytes.append(contentsOf: "null".utf8)
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
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    // MARK: Layout

    private mutating func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard !hasElements.isEmpty else { return }
        if hasElements[hasElements.count - 1] { bytes.append(UInt8(ascii: ",")) }
        hasElements[hasElements.count - 1] = true
        newline()
    }

    /// Begins an object or array as a value: an array it is in no longer holds only scalars.
    private mutating func beginContainer() {
        beginValue()
        if let last = scalarArrayStarts.last, last >= 0 { scalarArrayStarts[scalarArrayStarts.count - 1] = -1 }
    }

    private mutating func open(scalarArrayStart: Int) {
        depth += 1
        hasElements.append(false)
        scalarArrayStarts.append(scalarArrayStart)
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        let hadElements = hasElements.removeLast()
        scalarArrayStarts.removeLast()
        if hadElements { newline() }
        bytes.append(bracket)
    }

    /// Puts the array that starts at `start` (and holds only scalars) on one line, `[1, 2]`: each line break
    /// and the indentation after it go, and a comma before one is followed by a space. Line breaks here are
    /// all layout (strings hold theirs escaped).
    private mutating func joinLines(from start: Int) {
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
        bytes.removeLast(bytes.count - write)
    }

    private mutating func newline() {
        if isCompact {
            if bytes.last == UInt8(ascii: ",") { bytes.append(UInt8(ascii: " ")) }
            return
        }
        // A line break and the indentation in one append (a byte at a time, this was a twentieth of rendering the
        // values of a large flat output).
        let count = 1 + 2 * depth
        if count <= Self.lineBreaks.count {
            Self.lineBreaks.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
        } else {
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }
    }

    /// A line break followed by the indentation of the first 32 levels.
    private static let lineBreaks: [UInt8] = [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: 64)

    private mutating func appendString(_ text: String) {
        Self.withUTF8(text) { appendString(utf8: $0) }
    }

    /// Calls `body` with `text`'s UTF-8 bytes: a native string's borrowed as they are (`withUTF8` on a copy, made
    /// mutable first, cost a retain and a release each), another's made contiguous.
    private static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return text.withUTF8(body)
    }

    private mutating func appendString(utf8 text: UnsafeBufferPointer<UInt8>) {
        Self.appendQuoted(text, to: &bytes)
    }

    /// Appends `text` to `bytes` as a JSON string: quoted, and escaped where RFC 8259 requires.
    static func appendQuoted(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text` as the inside of a JSON string, escaped where RFC 8259 requires.
    private static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        // Most text needs no escapes: copy it whole.
        if !needsEscape(text) {
            bytes.append(contentsOf: text)
            return
        }
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = String(byte, radix: 16)
                bytes.append(contentsOf: ("\\u00" + (byte < 16 ? "0" : "") + hex).utf8)
            default: bytes.append(byte)
            }
        }
    }

    /// Whether any byte of `text` must be escaped (a quote, a backslash, a byte below 0x20), looked for 8 bytes
    /// at a time: a word the SWAR test clears has none; one it flags (it can flag a word with bytes of 0x80 and
    /// up that has none) is checked byte by byte.
    static func needsEscape(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        func isEscaped(_ byte: UInt8) -> Bool { byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
        guard let base = text.baseAddress else { return false }
        var index = 0
        while index + 8 <= text.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if ByteMask.escaped(word) != 0, UnsafeBufferPointer(rebasing: text[index..<index + 8]).contains(where: isEscaped) { return true }
            index += 8
        }
        return UnsafeBufferPointer(rebasing: text[index...]).contains(where: isEscaped)
    }

    /// The shortest text that reads back as `value`: `16`, `0.5`, `0.3333333333333333`, `1e-7`.
    package static func format(_ value: Double) -> String {
        if let whole = wholeNumber(value) { return String(whole) }
        return value.description
    }

    /// A number followed by its unit, `16px`, `0.2s`: a dimension's or duration's text, which ``string(_:unit:)``
    /// writes without making it.
    package static func format(_ value: Double, unit: String) -> String { format(value) + unit }

    /// Appends ``format(_:)``'s text for `value`, a whole number digit by digit (without making a `String`).
    static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        guard var whole = wholeNumber(value) else {
            withUTF8(value.description) { bytes.append(contentsOf: $0) }
            return
        }
        if whole < 0 {
            bytes.append(UInt8(ascii: "-"))
            whole = -whole
        }
        // At most 15 digits, written backwards into sixteen bytes, then copied (as typed bytes: a slice of raw
        // bytes was appended a byte at a time).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            var position = buffer.count
            repeat {
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
            } while whole > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[position...]))
        }
    }

    /// `value` as an integer when it is one below 10¹⁵ in magnitude (written without `.0`; `-0` is `0`), else nil.
    private static func wholeNumber(_ value: Double) -> Int64? {
        value == value.rounded() && abs(value) < 1e15 ? Int64(value) : nil
    }
}
