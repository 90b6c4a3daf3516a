@_spi(Engine) import TokenJSON

extension ValueDecoder {
    /// A value being decoded: a node of the document the decoder reads, or a JSON value, which is what a node
    /// holding a reference stands for once the reference is resolved (``ValueDecoder/substitutions``).
    ///
    /// Literal values are read where they lie in the document, without a ``JSONValue`` being built for them; only
    /// resolved references bring JSON values in.
    enum Input {
        case node(Int)
        case json(JSONValue)
    }

    /// `input` with a substituted node replaced by what it stands for.
    @inline(__always)
    func resolved(_ input: Input) -> Input {
        if case .node(let node) = input, !substitutions.isEmpty, let value = substitutions[node] { return .json(value) }
        return input
    }

    func kind(_ input: Input) -> JSONDocument.Kind {
        switch resolved(input) {
        case .node(let node): return document.kind(node)
        case .json(let value):
            switch value {
            case .null: return .null
            case .bool(let flag): return flag ? .true : .false
            case .number: return .number
            case .string: return .string
            case .array: return .array
            case .object: return .object
            }
        }
    }

    /// A short name of the value's kind, for messages: "a string", "an object"…
    func kindDescription(_ input: Input) -> String {
        kind(input).description
    }

    /// The text of a string, or nil for any other kind.
    func string(_ input: Input) -> String? {
        switch resolved(input) {
        case .node(let node): return document.kind(node) == .string ? document.string(node) : nil
        case .json(.string(let text)): return text
        case .json: return nil
        }
    }

    /// `body` called with the UTF-8 bytes of a string (decoded), or nil for any other kind.
    func withStringBytes<Result>(_ input: Input, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        switch resolved(input) {
        case .node(let node):
            guard document.kind(node) == .string else { return nil }
            if let result = document.withUnescapedContents(of: node, { Optional(body($0)) }) { return result }
            var text = document.string(node)
            return text.withUTF8(body)
        case .json(.string(var text)):
            return text.withUTF8(body)
        case .json:
            return nil
        }
    }

    func number(_ input: Input) -> Double? {
        switch resolved(input) {
        case .node(let node): return document.kind(node) == .number ? document.number(node) : nil
        case .json(.number(let number)): return number
        case .json: return nil
        }
    }

    func bool(_ input: Input) -> Bool? {
        switch kind(input) {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// The elements of an array, or nil for any other kind.
    func elements(_ input: Input) -> [Input]? {
        switch resolved(input) {
        case .node(let node):
            guard document.kind(node) == .array else { return nil }
            return document.elements(of: node).map { .node($0) }
        case .json(.array(let elements)): return elements.map { .json($0) }
        case .json: return nil
        }
    }

    /// The members of an object in order, or nil for any other kind.
    func members(_ input: Input) -> [(key: String, value: Input)]? {
        switch resolved(input) {
        case .node(let node):
            guard document.kind(node) == .object else { return nil }
            return document.members(of: node).map { (document.string($0.key), .node($0.value)) }
        case .json(.object(let members)): return members.map { ($0.key, .json($0.value)) }
        case .json: return nil
        }
    }

    /// The value as JSON (for a custom type, passed through as written).
    func json(_ input: Input) -> JSONValue {
        switch resolved(input) {
        case .node(let node): document.value(node, replacing: substitutions)
        case .json(let value): value
        }
    }
}
