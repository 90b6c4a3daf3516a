import TokenJSON

/// One parsed token file: its tokens and groups as written, before layering and resolution.
struct TokenFile: Sendable {
    /// A token as one file writes it: node indices into the document, read from it when asked for, so that a
    /// token holds no string of its own.
    struct Token: Sendable {
        /// The key node of the token's name (``TokenFile/path(of:)`` and ``TokenFile/withName(of:_:)`` read it);
        /// "this token" diagnostics point at it (``TokenFile/keyOffset(of:)``).
        var name: Int
        var valueNode: Int
        /// `$type` written on the token itself.
        var type: TokenType?
        /// The group the token is written in, by its position in ``TokenFile/groupPaths``.
        var group: Int32
        /// The value nodes of `$description` (a string), `$extensions` (an object) and `$deprecated` (true, false or
        /// a string), where the token writes them as such.
        var descriptionNode: Int32?
        var extensionsNode: Int32?
        var deprecatedNode: Int32?
        /// Whether the token is written `{"$ref": "#/…"}` (DTCG §6.6.2): `valueNode` is then the pointer string.
        var valueIsPointer = false
        /// Whether the token writes a `$type` that is not a string (reported here).
        var typeIsInvalid = false
    }

    /// A group as one file writes it (only groups with something to say are kept).
    struct Group: Sendable {
        var path: String
        var type: TokenType?
        /// Whether the group writes a `$type` that is not a string (reported here).
        var typeIsInvalid = false
        var description: String?
        var extensionsNode: Int?
        var deprecated: Deprecation?
        /// The group named by `$extends`, as written, and where.
        var extends: (reference: String, offset: Int)?
        var keyOffset: Int
    }

    let source: TokenSource
    let document: JSONDocument
    /// Whether the file writes `value`/`type` without `$` (Style Dictionary v3, Tokens Studio).
    let isLegacy: Bool
    /// Whether the file writes `$type`s with Tokens Studio's names (`"$type": "borderRadius"`): a Tokens Studio export,
    /// whose numbers are written as Tokens Studio writes them.
    var writesTokensStudioTypes = false
    var tokens: [Token] = []
    /// The paths of the groups tokens are written in (`""` for the root), each once: what ``Token/group`` indexes.
    var groupPaths: [String] = []
    var groups: [Group] = []
    var diagnostics: [Diagnostic] = []
    /// Whether values are read as the legacy formats write them (bare numbers as px, text around references): in a
    /// legacy file, and in every set of a Tokens Studio export, which writes them so with `$value` too.
    var readsValuesAsLegacy: Bool { isLegacy || source.isTokensStudioSet }
    /// The one warning a legacy file gets for being one, kept apart from ``diagnostics`` so that layering can say it
    /// once for all the sets of a Tokens Studio export.
    private(set) var legacyWarning: Diagnostic?
    /// Key nodes of members that a later member of the same object, with an equal key, replaces.
    private var superseded: Set<Int> = []

    /// Parses a source. A file that is not valid JSON (or JSONC or JSON5, as its name says) yields one
    /// `invalid-json` diagnostic and no tokens.
    static func parse(_ source: TokenSource) -> TokenFile {
        parse(source, json: Result { () throws(JSONReader.SyntaxError) in try JSONReader.parse(source) })
    }

    /// Parses a source whose contents were read as JSON already (the file that several sources are parts of).
    static func parse(_ source: TokenSource, json: Result<JSONDocument, JSONReader.SyntaxError>) -> TokenFile {
        let document: JSONDocument
        do {
            document = try json.get()
        } catch {
            var file = TokenFile(source: source, document: .unparsed(source.contents), isLegacy: false)
            file.diagnostics.append(Diagnostic(.error, .invalidJSON, error.message, at: file.location(error.offset)))
            return file
        }
        var root = document.root
        if let pointer = source.root {
            guard let node = document.node(atPointer: pointer) else {
                var file = TokenFile(source: source, document: document, isLegacy: false)
                file.diagnostics.append(Diagnostic(.error, .unreadableFile, "\(source.name) has no \(pointer)"))
                return file
            }
            root = node
        }
        // Only the part read (the whole file, or the part a resolver document names) says how it is written.
        let nodes = root..<Int(document.nodes[root].end)
        let isLegacy = Self.looksLegacy(document, nodes: nodes, dialect: source.dialect)
        var file = TokenFile(source: source, document: document, isLegacy: isLegacy)
        file.reportDuplicateKeys(in: nodes)
        if source.root == nil, TokensStudioReader.isExportFile(source.name) {
            let name = source.name.split(separator: "/").last.map(String.init) ?? source.name
            file.diagnostics.append(
                Diagnostic(
                    .error, .invalidToken,
                    "\(source.name) is a Tokens Studio export's \(name), not a token file; resolve the export with theme resolve --resolver \(source.name)",
                    at: file.location(document.offset(root))))
            return file
        }
        guard document.kind(root) == .object else {
            file.diagnostics.append(
                Diagnostic(
                    .error, .invalidToken,
                    "a token file must be a JSON object of groups and tokens, found \(file.kindName(root))",
                    at: file.location(document.offset(root))))
            return file
        }
        if source.root == nil, let order = document.member("resolutionOrder", of: root), document.kind(order) == .array
        {
            file.diagnostics.append(
                Diagnostic(
                    .error, .invalidToken,
                    "\(source.name) is a resolver document (it has \"resolutionOrder\"), not a token file; resolve it with theme resolve --resolver \(source.name)",
                    at: file.location(document.offset(order))))
            return file
        }
        if source.root == nil, let member = TokensStudioReader.exportMember(of: document) {
            file.diagnostics.append(
                Diagnostic(
                    .error, .invalidToken,
                    "\(source.name) is a Tokens Studio export (it has \"\(document.member("$themes", of: root) == nil ? "$metadata" : "$themes")\"), not a token file: its top-level members are token sets; resolve it with theme resolve --resolver \(source.name)",
                    at: file.location(document.offset(member))))
            return file
        }
        file.walkGroup(root, path: "", isRoot: true)
        if isLegacy || source.isTokensStudioSet, let first = file.tokens.first {
            // The whole file deviates, once: reported at its first token. The sets of a Tokens Studio export say
            // it once for the export (``legacyWarning``, which layering keeps for the first set only).
            let warning =
                source.isTokensStudioSet
                ? Diagnostic(
                    .warning, .nonConforming,
                    "\(source.name) and the other sets of this Tokens Studio export are written as Tokens Studio writes tokens, and read as such (its type names mapped, bare numbers as px, arithmetic computed, and its percentages, weight names, shadows and typographies read as it means them); write DTCG 2025.10 (\"$value\", \"$type\", values as the format defines them) to conform",
                    at: file.location(file.keyOffset(of: first)), token: file.path(of: first))
                : Diagnostic(
                    .warning, .nonConforming,
                    "\(source.name) is written as Style Dictionary v3 or Tokens Studio write tokens (\"value\" and \"type\" without \"$\"), and read as such (their type names mapped, bare numbers as px, Tokens Studio's percentages, weight names, shadows and typographies as it means them); write \"$value\" and \"$type\" for DTCG 2025.10",
                    at: file.location(file.keyOffset(of: first)), token: file.path(of: first))
            file.legacyWarning = warning
        }
        return file
    }

    // MARK: Walking

    private mutating func walkGroup(_ node: Int, path: String, isRoot: Bool) {
        var group = Group(path: path, keyOffset: document.offset(node))
        var hasGroupInfo = false
        // This group's position in `groupPaths`, once a token is found in it.
        var groupIndex: Int32 = -1
        for (key, value) in document.members(of: node) where superseded.isEmpty || !superseded.contains(key) {
            // A token's or group's name is read as a `String` only where it is needed: `$` properties, legacy
            // metadata, messages, and the paths of groups.
            if document.stringStarts(key, with: UInt8(ascii: "$")), case let name = document.string(key),
                name != "$root"
            {
                switch name {
                case "$type":
                    group.type = typeName(value, path: Place(parent: group.path))
                    group.typeIsInvalid = group.type == nil
                case "$description":
                    group.description = descriptionNode(value, property: name, path: Place(parent: group.path)).map(
                        document.string)
                case "$extensions":
                    group.extensionsNode = extensionsNode(value, path: Place(parent: group.path))
                case "$deprecated":
                    group.deprecated = deprecationNode(value, path: Place(parent: group.path)).flatMap {
                        Deprecation(document, $0)
                    }
                case "$extends" where !isRoot:
                    // A reference in either notation of aliases: `"{button}"`, or a JSON Pointer, `"#/button"` or
                    // `{"$ref": "#/button"}`.
                    if document.kind(value) == .string {
                        group.extends = (document.string(value), document.offset(value))
                    } else if document.kind(value) == .object, document.count(value) == 1,
                        let pointer = document.member("$ref", of: value),
                        document.kind(pointer) == .string
                    {
                        group.extends = (document.string(pointer), document.offset(pointer))
                    } else {
                        error(
                            .invalidExtends,
                            "$extends must be a reference to a group, such as \"{button}\" or \"#/button\"", at: value,
                            token: group.path)
                    }
                case "$schema" where isRoot:
                    break
                case "$value" where isRoot:
                    error(
                        .invalidToken,
                        "a token file's top level is a group, so a $value there belongs to no token; write the token under a name, inside the file's object",
                        at: key)
                case "$value":
                    break  // handled by the caller: this object is a token
                default:
                    unknownProperty(
                        name, at: key, path: Place(parent: group.path),
                        allowed: ["$type", "$description", "$extensions", "$deprecated", "$extends"])
                }
                hasGroupInfo = true
                continue
            }
            if isLegacy, case let name = document.string(key), legacyProperty(name) {
                // Group-level metadata in legacy files ("type" on a group, "description").
                if name == "type", document.kind(value) == .string {
                    group.type = TokenType.fromLegacy(document.string(value))
                    hasGroupInfo = true
                }
                if name == "description" || name == "comment", document.kind(value) == .string {
                    group.description = document.string(value)
                    hasGroupInfo = true
                }
                if document.kind(value) != .object { continue }
            }
            walkMember(key: key, value: value, parent: path, groupIndex: &groupIndex)
        }
        if hasGroupInfo || !isRoot { groups.append(group) }
    }

    /// A member of a group at `parent`: a token, or a group. `groupIndex` is the group's position in
    /// `groupPaths`, given one when its first token is found.
    private mutating func walkMember(key: Int, value: Int, parent: String, groupIndex: inout Int32) {
        func dotted() -> String { Self.path(parent, document.string(key)) }
        if document.withUnescapedContents(of: key, Self.isPlainName) != true,
            let problem = Self.nameProblem(document.string(key))
        {
            error(
                .invalidName, "\"\(document.string(key))\" is not a valid token or group name: \(problem)", at: key,
                token: dotted())
            return
        }
        guard document.kind(value) == .object else {
            let written = document.kind(value) == .string ? "\"\(document.string(value))\"" : document.sourceText(value)
            let valueKey = isLegacy ? "value" : "$value"
            error(
                .invalidToken,
                "expected a token (an object with \"\(valueKey)\") or a group, found \(kindName(value)); write {\"\(valueKey)\": \(written)}",
                at: value, token: dotted())
            return
        }
        if isTokenObject(value) {
            if groupIndex < 0 {
                groupPaths.append(parent)
                groupIndex = Int32(groupPaths.count - 1)
            }
            walkToken(value, parent: parent, group: groupIndex, key: key)
        } else {
            walkGroup(value, path: dotted(), isRoot: false)
        }
    }

    /// Where a property is written, for messages: the group at `parent`, or its member with the key node `key`.
    /// Its path is made only when a message needs it (``text(_:)``).
    struct Place {
        var parent: String
        var key: Int?
    }

    /// The dotted path of a place.
    func text(_ place: Place) -> String {
        place.key.map { Self.path(place.parent, document.string($0)) } ?? place.parent
    }

    /// The dotted path of a token of this file.
    func path(of token: Token) -> String {
        Self.path(groupPaths[Int(token.group)], document.string(token.name))
    }

    /// Where a token's key is written: where "this token" diagnostics point.
    func keyOffset(of token: Token) -> Int { document.offset(token.name) }

    /// Calls `body` with the UTF-8 bytes of a token's name.
    func withName<Result>(of token: Token, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = document.withUnescapedContents(of: token.name, { Optional(body($0)) }) { return result }
        var name = document.string(token.name)
        return name.withUTF8(body)
    }

    /// `name` in the group at `parent`: `parent.name`, or `name` at the root.
    private static func path(_ parent: String, _ name: String) -> String {
        parent.isEmpty ? name : join(parent, name)
    }

    /// `parent.name`, written as bytes into one new string (rather than through `+=` on `String`s).
    private static func join(_ parent: String, _ name: String) -> String {
        var parent = parent
        var name = name
        return parent.withUTF8 { parentBytes in
            name.withUTF8 { nameBytes in
                String(unsafeUninitializedCapacity: parentBytes.count + 1 + nameBytes.count) { buffer in
                    let base = buffer.baseAddress!
                    base.initialize(from: parentBytes.baseAddress!, count: parentBytes.count)
                    base[parentBytes.count] = UInt8(ascii: ".")
                    if !nameBytes.isEmpty {
                        (base + parentBytes.count + 1).initialize(from: nameBytes.baseAddress!, count: nameBytes.count)
                    }
                    return buffer.count
                }
            }
        }
    }

    private mutating func walkToken(_ node: Int, parent: String, group: Int32, key: Int) {
        let valueKey = isLegacy ? "value" : "$value"
        // The token's path, made only for a message.
        let place = Place(parent: parent, key: key)
        func dotted() -> String { text(place) }
        // Built where it is kept; taken out again when it turns out to have no value.
        tokens.append(Token(name: key, valueNode: -1, group: group))
        let slot = tokens.count - 1
        for (memberKey, value) in document.members(of: node) where superseded.isEmpty || !superseded.contains(memberKey)
        {
            // `$value`, in nearly every token, compared as bytes: what `case "$value"` below does.
            if !isLegacy, document.stringEquals(memberKey, ascii: "$value") {
                if tokens[slot].valueIsPointer { bothValueAndPointer(at: memberKey, path: place) }
                tokens[slot].valueNode = value
                tokens[slot].valueIsPointer = false
                continue
            }
            let name = document.string(memberKey)
            let property = isLegacy && !name.hasPrefix("$") ? "$" + name : name
            switch property {
            case "$value" where name == valueKey:
                if tokens[slot].valueIsPointer { bothValueAndPointer(at: memberKey, path: place) }
                tokens[slot].valueNode = value
                tokens[slot].valueIsPointer = false
            case "$ref" where !isLegacy:
                guard document.kind(value) == .string else {
                    error(
                        .invalidReference,
                        "$ref must be a JSON Pointer string such as \"#/color/brand\", found \(kindName(value))",
                        at: value, token: dotted())
                    continue
                }
                if tokens[slot].valueNode >= 0 { bothValueAndPointer(at: memberKey, path: place) }
                tokens[slot].valueNode = value
                tokens[slot].valueIsPointer = true
            case "$type":
                if isLegacy {
                    if document.kind(value) == .string {
                        tokens[slot].type = TokenType.fromLegacy(document.string(value))
                    }
                } else {
                    tokens[slot].type = typeName(value, path: place)
                    tokens[slot].typeIsInvalid = tokens[slot].type == nil
                }
            case "$description":
                tokens[slot].descriptionNode = descriptionNode(value, property: name, path: place).map(Int32.init)
            case "$comment" where isLegacy:
                tokens[slot].descriptionNode = descriptionNode(value, property: name, path: place).map(Int32.init)
            case "$extensions":
                tokens[slot].extensionsNode = extensionsNode(value, path: place).map(Int32.init)
            case "$deprecated":
                tokens[slot].deprecatedNode = deprecationNode(value, path: place).map(Int32.init)
            default:
                if isLegacy { continue }  // Style Dictionary keeps its own metadata (attributes, name, path...)
                if name.hasPrefix("$") {
                    unknownProperty(
                        name, at: memberKey, path: place,
                        allowed: ["$value", "$ref", "$type", "$description", "$extensions", "$deprecated"])
                } else if document.kind(value) == .object {
                    error(
                        .tokenWithChildren,
                        "token \(dotted()) has a child \"\(name)\"; an object with \"$value\" is a token and cannot contain tokens or groups",
                        at: memberKey, token: dotted(),
                        notes: [
                            Diagnostic.Note(
                                "move \"\(name)\" into a group, or make \(dotted()) a group with a \"$root\" token")
                        ])
                } else {
                    // Not a child (that would be an object): data some tool keeps beside the value. The token is
                    // plain without it.
                    diagnostics.append(
                        Diagnostic(
                            .warning, .nonConforming,
                            "\(dotted()) (\(name)): not a token property (those start with \"$\"); the token is read without it; remove it, or keep it under \"$extensions\"",
                            at: location(document.offset(memberKey)), token: dotted()))
                }
            }
        }
        if tokens[slot].valueNode < 0 { tokens.removeLast() }  // only a malformed $ref: already reported
    }

    private mutating func bothValueAndPointer(at key: Int, path place: Place) {
        error(
            .invalidToken, "token \(text(place)) has both \"$value\" and \"$ref\"; give one of them", at: key,
            token: text(place))
    }

    // MARK: Helpers

    /// Whether an object is a token: it has `$value`, or (DTCG §6.6.2) is a whole-token `$ref`.
    private func isTokenObject(_ node: Int) -> Bool {
        for (key, _) in document.members(of: node) {
            if isLegacy
                ? document.stringEquals(key, ascii: "value")
                : document.stringEquals(key, ascii: "$value") || document.stringEquals(key, ascii: "$ref")
            {
                return true
            }
        }
        return false
    }

    private func legacyProperty(_ name: String) -> Bool {
        ["type", "description", "comment"].contains(name)
    }

    /// Whether the bytes of a name are ASCII that can name a token or group as they are: not empty, not starting
    /// with `$`, without `{`, `}` or `.` (``nameProblem(_:)`` explains any other name, or accepts it).
    static func isPlainName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, first != UInt8(ascii: "$") else { return false }
        for byte in bytes
        where byte >= 0x80 || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ".") {
            return false
        }
        return true
    }

    /// Why `name` cannot name a token or group (DTCG §5.1.1), or nil when it can.
    static func nameProblem(_ name: String) -> String? {
        // ASCII names (nearly all) are checked byte by byte; for them that is the same as the character checks
        // below, which other names go through.
        var name = name
        let asciiProblem: Bool? = name.withUTF8 { bytes in
            guard !bytes.isEmpty else { return true }
            var problem = bytes[0] == UInt8(ascii: "$")
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ".") {
                    problem = true
                }
            }
            return problem
        }
        if asciiProblem == false { return nil }
        if name.isEmpty { return "names must not be empty" }
        if name.hasPrefix("$"), name != "$root" { return "names must not start with \"$\"" }
        // By bytes: a dot followed by a combining mark is one character, but still a dot in a path.
        for character in ["{", "}", "."] where name.utf8.contains(character.utf8.first!) {
            return "names must not contain \"\(character)\""
        }
        return nil
    }

    /// Reports the duplicate keys among `nodes` (the part of the document read).
    private mutating func reportDuplicateKeys(in nodes: Range<Int>) {
        let duplicates = document.duplicateKeys.filter { nodes.contains($0.duplicate) }
        // Of each set of equal keys only the last counts; the walk skips the others, properties and all.
        // The reader pairs every repeat with the first occurrence, so a set is one `first` and its repeats.
        for (first, repeats) in Dictionary(grouping: duplicates, by: \.first) {
            superseded.insert(first)
            superseded.formUnion(repeats.map(\.duplicate).sorted().dropLast())
        }
        for duplicate in duplicates {
            let key = document.string(duplicate.duplicate)
            let first = location(document.offset(duplicate.first))
            diagnostics.append(
                Diagnostic(
                    .warning, .duplicateKey,
                    "duplicate key \"\(key)\"; the later value is used and the earlier one ignored",
                    at: location(document.offset(duplicate.duplicate)),
                    notes: [Diagnostic.Note("first written here", at: first)]))
        }
    }

    mutating func error(
        _ rule: Diagnostic.Rule, _ message: String, at node: Int, token: String? = nil, notes: [Diagnostic.Note] = []
    ) {
        diagnostics.append(
            Diagnostic(.error, rule, message, at: location(document.offset(node)), token: token, notes: notes))
    }

    func location(_ offset: Int) -> SourceLocation {
        let (line, column) = document.location(ofOffset: offset)
        return SourceLocation(file: source.name, line: line, column: column)
    }

    func kindName(_ node: Int) -> String {
        document.kind(node).description
    }

    /// Whether `nodes` of a document (the whole file, or the part a resolver document names) write `"value"` and
    /// no `"$value"`: a legacy file.
    ///
    /// In strict JSON every key is written in double quotes, so the bytes say it without a walk of the tree. In
    /// JSONC and JSON5 a comment may name either and a JSON5 key may be written without quotes or in single quotes,
    /// so there the keys themselves are compared.
    private static func looksLegacy(_ document: JSONDocument, nodes: Range<Int>, dialect: JSONDialect) -> Bool {
        guard dialect == .json else {
            var writesValue = false
            for node in nodes where document.kind(node) == .object {
                for (key, _) in document.members(of: node) {
                    if document.stringEquals(key, ascii: "$value") { return false }
                    writesValue = writesValue || document.stringEquals(key, ascii: "value")
                }
            }
            return writesValue
        }
        let last = document.nodes[nodes.upperBound - 1]
        let bytes =
            document.offset(nodes.lowerBound)..<Int(last.offset)
            + (last.kind == .object || last.kind == .array ? 1 : Int(last.length))
        return document.bytes.withUnsafeBufferPointer { buffer in
            let text = UnsafeBufferPointer(rebasing: buffer[bytes])
            return !contains(text, Array("\"$value\"".utf8)) && contains(text, Array("\"value\"".utf8))
        }
    }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

/// Whether a token is deprecated, and why.
public enum Deprecation: Hashable, Sendable {
    case notDeprecated
    case deprecated(reason: String?)

    /// What a `$deprecated` value says: `true`, `false` or a string giving the reason; nil for anything else.
    init?(_ document: JSONDocument, _ node: Int) {
        switch document.kind(node) {
        case .true: self = .deprecated(reason: nil)
        case .false: self = .notDeprecated
        case .string: self = .deprecated(reason: document.string(node))
        default: return nil
        }
    }
}
