/// Where a JSON value goes piece by piece, in order: ``JSONWriter`` writes it as text, ``JSONValue/Builder``
/// builds it. A value's forms (``TokenValue/json``, ``TokenValue/flatJSON``) are described once, against this,
/// and written as text without a ``JSONValue`` being built first.
protocol JSONSink {
    mutating func beginObject()
    mutating func endObject()
    mutating func beginArray()
    mutating func endArray()
    /// The key of the open object's next member, whose value follows.
    mutating func key(_ key: String)
    mutating func string(_ text: String)
    /// A string given as its UTF-8 bytes, which must be valid UTF-8: for text made on the spot (a colour's
    /// `#rrggbb`), which a writer takes as it is, without a `String` made of it first.
    mutating func string(utf8 text: UnsafeBufferPointer<UInt8>)
    /// A number followed by a unit, as one string: `"16px"`, `"120ms"` (``JSONWriter/format(_:unit:)``).
    mutating func string(_ number: Double, unit: String)
    mutating func number(_ value: Double)
    mutating func bool(_ flag: Bool)
    /// A whole value at once.
    mutating func value(_ value: JSONValue)
}

extension JSONSink {
    mutating func string(_ number: Double, unit: String) { string(JSONWriter.format(number, unit: unit)) }
    mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) { string(String(decoding: text, as: UTF8.self)) }
}

extension JSONWriter: JSONSink {}

extension JSONValue {
    /// A ``JSONSink`` that builds the value it is given.
    struct Builder: JSONSink {
        /// An object or array being built, with the key of the member whose value comes next.
        private struct Open {
            var isObject: Bool
            var members: [Member] = []
            var elements: [JSONValue] = []
            var key = ""
        }

        private var open: [Open] = []
        /// The value, once the sink has been given one whole.
        private(set) var built: JSONValue = .null

        init() {}

        mutating func beginObject() { open.append(Open(isObject: true)) }

        mutating func endObject() { put(.object(open.removeLast().members)) }

        mutating func beginArray() { open.append(Open(isObject: false)) }

        mutating func endArray() { put(.array(open.removeLast().elements)) }

        mutating func key(_ key: String) { open[open.count - 1].key = key }

        mutating func string(_ text: String) { put(.string(text)) }

        mutating func number(_ value: Double) { put(.number(value)) }

        mutating func bool(_ flag: Bool) { put(.bool(flag)) }

        mutating func value(_ value: JSONValue) { put(value) }

        private mutating func put(_ value: JSONValue) {
            guard !open.isEmpty else {
                built = value
                return
            }
            let top = open.count - 1
            if open[top].isObject {
                open[top].members.append(Member(open[top].key, value))
            } else {
                open[top].elements.append(value)
            }
        }
    }
}
