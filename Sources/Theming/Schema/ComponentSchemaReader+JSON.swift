@_spi(Engine) import DesignTokens
@_spi(Engine) import TokenJSON

/// Reading the schema's JSON: objects whose members the schema defines, strings and lists of them, names, each
/// mistake reported at the value that holds it.
extension ComponentSchemaReader {
    /// An object's members by key (the last of a key written twice, which is reported as a duplicate), with the
    /// node of each key, in the order written. Objects of a schema are small: a key is found by comparing, not
    /// hashing.
    struct Members {
        private(set) var ordered: [(key: String, value: Int)] = []
        private var keyNodes: [Int] = []

        subscript(key: String) -> Int? { ordered.first { $0.key == key }?.value }

        /// The node of a member's key.
        func keyNode(_ key: String) -> Int { keyNodes[ordered.firstIndex { $0.key == key }!] }

        mutating func add(_ key: String, keyNode: Int, value: Int) {
            if let index = ordered.firstIndex(where: { $0.key == key }) {
                ordered[index].value = value
                keyNodes[index] = keyNode
            } else {
                ordered.append((key, value))
                keyNodes.append(keyNode)
            }
        }
    }

    /// The members of the object at `node`, or nil (reported) when it is not an object. With `allowed`, a member
    /// not among them is reported, with the one it may be a misspelling of.
    mutating func members(of node: Int, as what: String, allowed: [String]? = nil) -> Members? {
        guard document.kind(node) == .object else {
            error("\(what) is an object, found \(document.kind(node).description)", at: node)
            return nil
        }
        var result = Members()
        for (key, value) in document.members(of: node) {
            let name = document.string(key)
            if let allowed, !allowed.contains(name) {
                let hint = Suggestion.hint(for: name, among: allowed) { "\"\($0)\"" }
                error(
                    "\(what) has no member \"\(name)\"; it has \(allowed.filter { $0 != "$schema" }.map { "\"\($0)\"" }.joined(separator: ", "))\(hint)",
                    at: key)
                continue
            }
            result.add(name, keyNode: key, value: value)
        }
        return result
    }

    mutating func string(_ node: Int, as what: String) -> String? {
        guard document.kind(node) == .string else {
            error("expected \(what), a string; found \(document.kind(node).description)", at: node)
            return nil
        }
        return document.string(node)
    }

    mutating func strings(_ node: Int, as what: String) -> [String]? {
        guard document.kind(node) == .array else {
            error("expected \(what), a list of strings; found \(document.kind(node).description)", at: node)
            return nil
        }
        let elements = Array(document.elements(of: node))
        let strings = elements.compactMap { string($0, as: "a name") }
        return strings.count == elements.count ? strings : nil
    }

    /// A component, part, state or property name: a letter, then letters, digits, `-` or `_`, so that it reads
    /// in a dotted property name (`AddressForm.searchBar.icon`) and as an identifier in generated code.
    mutating func checkName(_ name: String, of what: String, at node: Int) -> Bool {
        let bytes = Array(name.utf8)
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        let valid =
            bytes.first.map(isLetter) == true
            && bytes.allSatisfy { byte in
                isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
        if !valid {
            error("\"\(name)\" cannot name a \(what): a name is a letter, then letters, digits, - or _", at: node)
        }
        return valid
    }

    /// What `{component}`, `{part}` or `{state}` stands for: one name of a token path.
    mutating func tokenName(_ node: Int, of what: String) -> String? {
        guard let name = string(node, as: "the name \(what) has in token paths") else { return nil }
        if let problem = tokenPathProblem(name) ?? (name.contains(".") ? "it holds a dot" : nil) {
            error("\"\(name)\" cannot stand for \(what) in token paths: \(problem)", at: node)
            return nil
        }
        return name
    }

    /// Why `path` is no token path, or nil: every name non-empty, none starting with `$` or holding a brace.
    func tokenPathProblem(_ path: String) -> String? {
        var nameStart = true
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "."):
                if nameStart { return "it has an empty name" }
                nameStart = true
                continue
            case UInt8(ascii: "$") where nameStart:
                return "a name starts with $"
            case UInt8(ascii: "{"), UInt8(ascii: "}"):
                return "a name holds a brace"
            default:
                break
            }
            nameStart = false
        }
        return nameStart ? "it has an empty name" : nil
    }

    func location(_ node: Int) -> SourceLocation {
        document.location(of: node, in: source.name)
    }

    mutating func error(_ message: String, at node: Int) {
        diagnostics.append(Diagnostic(.error, .invalidSchema, message, at: location(node)))
    }
}
