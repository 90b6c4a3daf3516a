/// Where a JSON value goes piece by piece, in order: ``JSONWriter`` writes it as text, ``JSONValue/Builder``
/// builds it. A value's forms (DesignTokens' `TokenValue.json` and `flatJSON`) are described once, against this,
/// and written as text without a ``JSONValue`` being built first.
package protocol JSONSink {
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
    package mutating func string(_ number: Double, unit: String) { string(JSONWriter.format(number, unit: unit)) }
    package mutating func string(utf8 text: UnsafeBufferPointer<UInt8>) {
        string(String(decoding: text, as: UTF8.self))
    }
}

extension JSONWriter: JSONSink {}

extension JSONValue {
    /// A ``JSONSink`` that builds the value it is given.
    package struct Builder: JSONSink {
        /// An object or array being built, with the key of the member whose value comes next.
        private struct Open {
            var isObject: Bool
            var members: [Member] = []
            var elements: [JSONValue] = []
            var key = ""
        }

        private var open: [Open] = []
        /// The value, once the sink has been given one whole.
        package private(set) var built: JSONValue = .null

        package init() {}

        package mutating func beginObject() { open.append(Open(isObject: true)) }

        package mutating func endObject() { put(.object(open.removeLast().members)) }

        package mutating func beginArray() { open.append(Open(isObject: false)) }

        package mutating func endArray() { put(.array(open.removeLast().elements)) }

        package mutating func key(_ key: String) { open[open.count - 1].key = key }

        package mutating func string(_ text: String) { put(.string(text)) }

        package mutating func number(_ value: Double) { put(.number(value)) }

        package mutating func bool(_ flag: Bool) { put(.bool(flag)) }

        package mutating func value(_ value: JSONValue) { put(value) }

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
