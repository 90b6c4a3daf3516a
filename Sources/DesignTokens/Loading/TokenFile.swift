@_spi(Engine) import TokenJSON

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
    /// How the file is written (``DialectDetection/detect(_:nodes:source:)``): what its walk and its values' decoding
    /// ask of it.
    let dialect: any TokenDialect.Type
    /// Whether the file writes `$type`s with another tool's names (`"$type": "borderRadius"`), whose values are
    /// then read as that tool writes them (``TokenDialect/valueReading(of:writesToolTypes:)``).
    var writesToolTypes = false
    var tokens: [Token] = []
    /// The paths of the groups tokens are written in (`""` for the root), each once: what ``Token/group`` indexes.
    var groupPaths: [String] = []
    var groups: [Group] = []
    var diagnostics: [Diagnostic] = []
    /// The one warning a file in a tool's dialect gets for being one, kept apart from ``diagnostics`` so that
    /// layering can say it once for all the files of one export (``TokenDialect/warnsOncePerExport``).
    private(set) var dialectWarning: Diagnostic?
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
            var file = TokenFile(source: source, document: .unparsed(source.contents), dialect: DTCG.self)
            file.diagnostics.append(Diagnostic(.error, .invalidJSON, error.message, at: file.location(error.offset)))
            return file
        }
        var root = document.root
        if let pointer = source.root {
            guard let node = document.node(atPointer: pointer) else {
                var file = TokenFile(source: source, document: document, dialect: DTCG.self)
                file.diagnostics.append(Diagnostic(.error, .unreadableFile, "\(source.name) has no \(pointer)"))
                return file
            }
            root = node
        }
        // Only the part read (the whole file, or the part a resolver document names) says how it is written.
        let nodes = root..<Int(document.nodes[root].end)
        let dialect = DialectDetection.detect(document, nodes: nodes, source: source)
        var file = TokenFile(source: source, document: document, dialect: dialect)
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
        dialect.walk(&file, from: root)
        if let warning = dialect.fileWarning(for: source), let first = file.tokens.first {
            // The whole file deviates, once: reported at its first token (or once for an export, which layering
            // decides).
            file.dialectWarning = Diagnostic(
                .warning, .nonConforming, warning, at: file.location(file.keyOffset(of: first)),
                token: file.path(of: first))
        }
        return file
    }

    /// Walks the groups and tokens from `root`, as `dialect` spells them: the one walk, specialised for each
    /// dialect (``TokenDialect/walk(_:from:)``), so that what a dialect does not have costs nothing in its files.
    mutating func walk<Dialect: TokenDialect>(from root: Int, _ dialect: Dialect.Type) {
        walkGroup(root, path: "", isRoot: true, Dialect.self)
    }

    // MARK: Walking

    private mutating func walkGroup<Dialect: TokenDialect>(
        _ node: Int, path: String, isRoot: Bool, _ dialect: Dialect.Type
    ) {
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
                    group.type = typeName(value, path: Place(parent: group.path), Dialect.self)
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
            if let property = Dialect.groupProperty(key, in: document) {
                // A group property of the dialect's own ("type" on a group, "description").
                if document.kind(value) == .string {
                    switch property {
                    case .type: group.type = Dialect.type(ofToolType: document.string(value))
                    case .description: group.description = document.string(value)
                    }
                    hasGroupInfo = true
                }
                if document.kind(value) != .object { continue }
            }
            walkMember(key: key, value: value, parent: path, groupIndex: &groupIndex, Dialect.self)
        }
        if hasGroupInfo || !isRoot { groups.append(group) }
    }

    /// The names under which exports write notes among their tokens.
    static let noteNames: Set<String> = ["description", "comment", "comments", "note", "notes", "readme", "info"]

    /// Whether a string named `name` where a token or group belongs is a note (`"description": "File is
    /// auto-generated"`) rather than a value written without its token (`"#ffffff"`, `"{color.brand}"`, `"4px"`,
    /// `"SF Pro Display"`): under a note's name, or five words or more, starting with a letter, with no reference,
    /// function or colour in them.
    static func isNote(_ text: String, named name: String) -> Bool {
        if noteNames.contains(name.lowercased()) { return true }
        guard let first = text.first, first.isLetter, !text.contains(where: { "{(#".contains($0) }) else {
            return false
        }
        return text.split(separator: " ").count >= 5
    }

    /// A member of a group at `parent`: a token, or a group. `groupIndex` is the group's position in
    /// `groupPaths`, given one when its first token is found.
    private mutating func walkMember<Dialect: TokenDialect>(
        key: Int, value: Int, parent: String, groupIndex: inout Int32, _ dialect: Dialect.Type
    ) {
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
            let valueKey = Dialect.valueKey
            if document.kind(value) == .string, Self.isNote(document.string(value), named: document.string(key)) {
                // A note among the tokens (`"description": "File is auto-generated…"`), as exports write them.
                diagnostics.append(
                    Diagnostic(
                        .warning, .nonConforming,
                        "a string where a token or group belongs, skipped; write {\"\(valueKey)\": \(Diagnostic.bounded(written))} if it is a token",
                        at: location(document.offset(value)), token: dotted()))
                return
            }
            error(
                .invalidToken,
                "expected a token (an object with \"\(valueKey)\") or a group, found \(kindName(value)); write {\"\(valueKey)\": \(written)}",
                at: value, token: dotted())
            return
        }
        if isTokenObject(value, Dialect.self) {
            if groupIndex < 0 {
                groupPaths.append(parent)
                groupIndex = Int32(groupPaths.count - 1)
            }
            walkToken(value, parent: parent, group: groupIndex, key: key, Dialect.self)
        } else {
            walkGroup(value, path: dotted(), isRoot: false, Dialect.self)
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
                let length = parentBytes.count + 1 + nameBytes.count
                // The parent's bytes, the dot and the name's: `length` bytes, checked to fit.
                return String(unsafeUninitializedCapacity: length) { buffer in
                    precondition(buffer.count >= length)
                    let base = buffer.baseAddress!
                    base.initialize(from: parentBytes.baseAddress!, count: parentBytes.count)
                    base[parentBytes.count] = UInt8(ascii: ".")
                    if !nameBytes.isEmpty {
                        (base + parentBytes.count + 1).initialize(from: nameBytes.baseAddress!, count: nameBytes.count)
                    }
                    return length
                }
            }
        }
    }

    private mutating func walkToken<Dialect: TokenDialect>(
        _ node: Int, parent: String, group: Int32, key: Int, _ dialect: Dialect.Type
    ) {
        // The token's path, made only for a message.
        let place = Place(parent: parent, key: key)
        func dotted() -> String { text(place) }
        // Built where it is kept; taken out again when it turns out to have no value.
        tokens.append(Token(name: key, valueNode: -1, group: group))
        let slot = tokens.count - 1
        for (memberKey, value) in document.members(of: node) where superseded.isEmpty || !superseded.contains(memberKey)
        {
            // The value, in nearly every token, compared as bytes.
            if Dialect.isValueKey(memberKey, in: document) {
                if tokens[slot].valueIsPointer { bothValueAndPointer(at: memberKey, path: place) }
                tokens[slot].valueNode = value
                tokens[slot].valueIsPointer = false
                continue
            }
            let name = document.string(memberKey)
            switch Dialect.tokenMember(named: name) {
            case .pointer:
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
            case .type:
                tokens[slot].type = typeName(value, path: place, Dialect.self)
                tokens[slot].typeIsInvalid = tokens[slot].type == nil
            case .toolType:
                if document.kind(value) == .string {
                    tokens[slot].type = Dialect.type(ofToolType: document.string(value))
                }
            case .description:
                tokens[slot].descriptionNode = descriptionNode(value, property: name, path: place).map(Int32.init)
            case .extensions:
                tokens[slot].extensionsNode = extensionsNode(value, path: place).map(Int32.init)
            case .deprecated:
                tokens[slot].deprecatedNode = deprecationNode(value, path: place).map(Int32.init)
            case .toolMetadata:
                continue
            case .other:
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

    /// Whether an object is a token: it has `$value`, or (DTCG §6.6.2) is a whole-token `$ref`, as the dialect
    /// spells them (``TokenDialect/isTokenKey(_:in:)``).
    private func isTokenObject<Dialect: TokenDialect>(_ node: Int, _ dialect: Dialect.Type) -> Bool {
        for (key, _) in document.members(of: node) where Dialect.isTokenKey(key, in: document) { return true }
        return false
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
