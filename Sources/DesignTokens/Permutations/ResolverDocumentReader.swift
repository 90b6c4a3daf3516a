@_spi(Engine) import TokenJSON

/// Reads a resolver document into a ``ResolverDocument``, reporting every problem where it is written.
struct ResolverDocumentReader {
    let source: TokenSource
    private(set) var diagnostics: [Diagnostic] = []
    private var document = JSONDocument.empty
    /// The files `$ref`s name, relative to the document's folder.
    private var files: ResolverFiles
    /// The documents of files a fragment had to be looked up in, by their path as written from the folder.
    private var fileDocuments: [String: JSONDocument] = [:]
    /// Sets being expanded, to find a set that includes itself.
    private var expanding: [String] = []
    /// The sources of each set read so far, by its pointer: a set named many times is read once.
    private var expanded: [String: [TokenSource]] = [:]

    init(source: TokenSource, allowOutsideRoot: Bool, load: ResolverDocument.FileLoader? = nil) {
        self.source = source
        files = ResolverFiles(
            folder: FileSystem.folder(of: source.name), allowOutsideRoot: allowOutsideRoot, load: load)
    }

    mutating func read(into result: inout ResolverDocument) {
        do {
            document = try JSONReader.parse(source)
        } catch {
            // Located through the line starts of the bytes, as no document was made.
            document = .unparsed(source.contents)
            diagnostics.append(Diagnostic(.error, .invalidJSON, error.message, at: location(offset: error.offset)))
            return
        }
        let root = document.root
        guard document.kind(root) == .object else {
            error(
                "a resolver document is a JSON object with \"sets\", \"modifiers\" and \"resolutionOrder\", found \(document.kind(root).description)",
                at: root)
            return
        }
        result.name = string("name", in: root)
        result.description = string("description", in: root)
        if let version = document.member("version", of: root),
            document.kind(version) != .string || document.string(version) != "2025.10"
        {
            // A document written for another version of the module may mean something else by the same members.
            let found =
                document.kind(version) == .string
                ? "\"\(document.string(version))\"" : document.kind(version).description
            error(
                "version must be \"2025.10\", the version of the resolver module ThemeEngine reads, found \(found)",
                at: version)
        }
        for group in ["sets", "modifiers"] {
            guard let member = document.member(group, of: root), document.kind(member) != .object else { continue }
            error(
                "\"\(group)\" is an object of \(group) by name, found \(document.kind(member).description)",
                at: member)
        }
        if let modifiers = document.member("modifiers", of: root) { result.setModifiersLocation(location(modifiers)) }
        guard let order = document.member("resolutionOrder", of: root), document.kind(order) == .array else {
            if ["resolutionOrder", "sets", "modifiers", "version"].allSatisfy({ document.member($0, of: root) == nil })
            {
                // Nothing of a resolver document: a token file, or a Tokens Studio export that does not say its sets' order.
                error(
                    "\(source.name) is neither a resolver document (it has no \"resolutionOrder\") nor a Tokens Studio export (it has no \"$themes\" or \"$metadata\"); resolve a token file with theme resolve --tokens \(source.name), and give an export the \"$metadata\": {\"tokenSetOrder\": [...]} that says which of its sets to stack, in which order",
                    at: root)
                return
            }
            error(
                "a resolver document needs \"resolutionOrder\", an array of sets and modifiers such as {\"$ref\": \"#/sets/base\"}",
                at: root)
            return
        }
        for (index, entry) in document.elements(of: order).enumerated() {
            readOrderEntry(entry, at: "#/resolutionOrder/\(index)", into: &result)
        }
        let names = result.modifiers.map(\.name)
        for (index, name) in names.enumerated()
        where names[..<index].contains(where: { $0.lowercased() == name.lowercased() }) {
            error(
                "modifier \"\(name)\" comes twice in the resolution order; inputs could not tell them apart", at: order)
        }
        // A set left unused by a misspelt reference is explained by the error about that reference.
        if !diagnostics.contains(where: { $0.severity == .error }) { reportUnusedSets() }
    }

    /// Warns about each set no permutation reaches: a token that refers into it would otherwise be reported
    /// missing with no word of where it is.
    private mutating func reportUnusedSets() {
        guard let sets = document.member("sets", of: document.root), document.kind(sets) == .object else { return }
        for (key, _) in document.members(of: sets) {
            let name = document.string(key)
            guard expanded["#/sets/" + JSONPointer.escaped(name)] == nil else { continue }
            diagnostics.append(
                Diagnostic(
                    .warning, .unusedSet,
                    "set \"\(name)\" is not in the resolution order, nor a source of a set or context that is, so its tokens are not resolved; add {\"$ref\": \"#/sets/\(JSONPointer.escaped(name))\"} to \"resolutionOrder\" where it belongs",
                    at: location(key)))
        }
    }

    // MARK: The resolution order

    private mutating func readOrderEntry(_ entry: Int, at pointer: String, into result: inout ResolverDocument) {
        guard document.kind(entry) == .object else {
            error(
                "a resolutionOrder entry is {\"$ref\": \"#/sets/…\"}, {\"$ref\": \"#/modifiers/…\"} or an inline set or modifier, found \(document.kind(entry).description)",
                at: entry)
            return
        }
        if let ref = document.member("$ref", of: entry) {
            guard document.kind(ref) == .string else {
                error("$ref must be a string such as \"#/sets/base\"", at: ref)
                return
            }
            let target = document.string(ref)
            if let name = Self.name(in: target, under: "#/sets/") {
                guard let sources = referencedSet(name, for: ref) else { return }
                result.add(set: sources)
            } else if let name = Self.name(in: target, under: "#/modifiers/") {
                guard let modifier = namedMember(name, of: "modifiers", for: ref) else { return }
                readModifier(modifier, name: name, at: "#/modifiers/" + JSONPointer.escaped(name), into: &result)
            } else if target.hasPrefix("#/resolutionOrder") {
                error(
                    "\(target) points into the resolution order; reference a set or modifier by #/sets/… or #/modifiers/…",
                    at: ref)
            } else {
                error(
                    "a resolutionOrder entry references a set (#/sets/…) or a modifier (#/modifiers/…) of this document, not \(target)",
                    at: ref)
            }
            return
        }
        // Inline: a set has "sources", a modifier "contexts" ("type" may say which).
        let type = string("type", in: entry)
        guard let name = string("name", in: entry) else {
            error(
                "an inline set or modifier needs \"name\", a string (inputs and file names use a modifier's)", at: entry
            )
            return
        }
        if type == "modifier" || (type == nil && document.member("contexts", of: entry) != nil) {
            readModifier(entry, name: name, at: pointer, into: &result)
        } else if type == "set" || (type == nil && document.member("sources", of: entry) != nil) {
            result.add(set: readSet(entry, name: name, at: pointer))
        } else {
            error(
                "an inline resolutionOrder entry is a set with \"sources\" or a modifier with \"contexts\"", at: entry)
        }
    }

    /// The member `name` of the document's `group` ("sets" or "modifiers"), or nil after reporting it missing.
    private mutating func namedMember(_ name: String, of group: String, for ref: Int) -> Int? {
        let container = document.member(group, of: document.root)
        if let container, document.kind(container) == .object, let member = document.member(name, of: container) {
            return member
        }
        let known =
            container.map { node in
                document.kind(node) == .object ? document.members(of: node).map { document.string($0.key) } : []
            } ?? []
        let hint = Suggestion.hint(for: name, among: known) { "#/\(group)/\(JSONPointer.escaped($0))" }
        error(
            "\(document.string(ref)) names \(group == "sets" ? "a set" : "a modifier") the document does not define\(hint)",
            at: ref)
        return nil
    }

    // MARK: Sets and modifiers

    /// The sources of the document's set `name`, which the `$ref` at `ref` names; nil after reporting it missing.
    private mutating func referencedSet(_ name: String, for ref: Int) -> [TokenSource]? {
        guard let set = namedMember(name, of: "sets", for: ref) else { return nil }
        return readSet(set, name: name, at: "#/sets/" + JSONPointer.escaped(name))
    }

    private mutating func readSet(_ set: Int, name: String, at pointer: String) -> [TokenSource] {
        guard document.kind(set) == .object, let sources = document.member("sources", of: set),
            document.kind(sources) == .array
        else {
            error(
                "set \"\(name)\" needs \"sources\", an array of {\"$ref\": \"file.json\"} or inline token groups",
                at: set)
            return []
        }
        guard !expanding.contains(pointer) else {
            error("set \"\(name)\" includes itself: \((expanding + [pointer]).joined(separator: " → "))", at: set)
            return []
        }
        if let known = expanded[pointer] { return known }
        expanding.append(pointer)
        defer { expanding.removeLast() }
        let result = Self.lastOfEach(readSources(sources, at: pointer + "/sources", in: "set \"\(name)\""))
        expanded[pointer] = result
        return result
    }

    /// `sources` with each source only where it comes last: layering one twice adds nothing the last copy does not.
    static func lastOfEach(_ sources: [TokenSource]) -> [TokenSource] {
        var seen: Set<String> = []
        return sources.reversed().filter { seen.insert($0.fileAndPart).inserted }.reversed()
    }

    private mutating func readModifier(
        _ modifier: Int, name: String, at pointer: String, into result: inout ResolverDocument
    ) {
        guard document.kind(modifier) == .object, let contexts = document.member("contexts", of: modifier),
            document.kind(contexts) == .object, document.count(contexts) > 0
        else {
            error(
                "modifier \"\(name)\" has no contexts; give it at least one, such as \"contexts\": {\"light\": []}",
                at: modifier)
            return
        }
        var names: [String] = []
        var sources: [[TokenSource]] = []
        for (key, value) in document.members(of: contexts) {
            let context = document.string(key)
            // Inputs match contexts without regard to case: two that differ only so could not be told apart.
            guard !names.contains(where: { $0.lowercased() == context.lowercased() }) else {
                error(
                    "modifier \"\(name)\" has the context \"\(context)\" twice (contexts are matched without regard to case)",
                    at: key)
                continue
            }
            guard document.kind(value) == .array else {
                error(
                    "context \"\(context)\" of modifier \"\(name)\" is an array of sources, found \(document.kind(value).description)",
                    at: value)
                continue
            }
            names.append(context)
            sources.append(
                readSources(
                    value, at: pointer + "/contexts/" + JSONPointer.escaped(context), in: "modifier \"\(name)\""))
        }
        var defaultContext: String?
        if let node = document.member("default", of: modifier) {
            let value = document.kind(node) == .string ? document.string(node) : nil
            if let value, let context = names.first(where: { $0.lowercased() == value.lowercased() }) {
                defaultContext = context
            } else if !names.isEmpty {
                // With no context read (each one's problem is reported above), there is nothing to check it against.
                error(
                    "the default of modifier \"\(name)\" must be one of its contexts, \(ResolverDocument.list(names)); found \(value.map { "\"\($0)\"" } ?? document.kind(node).description)",
                    at: node)
            }
        }
        result.add(
            ResolverDocument.Modifier(
                name: name, contexts: names, defaultContext: defaultContext,
                description: string("description", in: modifier)),
            at: location(modifier), contexts: sources)
    }

    // MARK: Sources

    /// The token sources of an array of sources: file `$ref`s, `$ref`s into this document (a set's sources, or any
    /// part of it), and inline token groups.
    private mutating func readSources(_ array: Int, at pointer: String, in owner: String) -> [TokenSource] {
        var result: [TokenSource] = []
        for (index, entry) in document.elements(of: array).enumerated() {
            guard document.kind(entry) == .object else {
                error(
                    "a source of \(owner) is {\"$ref\": \"file.json\"} or a group of tokens, found \(document.kind(entry).description)",
                    at: entry)
                continue
            }
            guard let ref = document.member("$ref", of: entry) else {
                // Inline tokens: a part of this document.
                var inline = source
                inline.root = "\(pointer)/\(index)"
                result.append(inline)
                continue
            }
            guard document.count(entry) == 1 else {
                error(
                    "a source with \"$ref\" has no other members; write the reference alone, such as {\"$ref\": \"dark.json\"}",
                    at: entry)
                continue
            }
            guard document.kind(ref) == .string else {
                error("$ref must be a string such as \"tokens.json\" or \"#/sets/base\"", at: ref)
                continue
            }
            let target = document.string(ref)
            if let name = Self.name(in: target, under: "#/sets/") {
                result += referencedSet(name, for: ref) ?? []
            } else if Self.name(in: target, under: "#/modifiers/") != nil {
                error(
                    "\(owner) references the modifier \(target); sources are token files, parts of them, or sets",
                    at: ref)
            } else if target.hasPrefix("#/resolutionOrder") {
                error(
                    "\(target) points into the resolution order; a source is a token file, a part of one, or a set",
                    at: ref)
            } else if target == Self.bundledDefaults {
                result.append(.defaultTokens)
            } else if target.hasPrefix("#") {
                guard let node = document.node(atPointer: target) else {
                    error("\(target) names no part of this document", at: ref)
                    continue
                }
                guard node != document.root, document.kind(node) == .object, !target.hasPrefix("#/modifiers/") else {
                    error(
                        "\(target) is not a group of tokens; a source in this document is a part of it that holds tokens, outside its modifiers",
                        at: ref)
                    continue
                }
                var part = source
                part.root = target
                result.append(part)
            } else if let file = fileSource(target, for: ref) {
                result.append(file)
            }
        }
        return result
    }

    /// The `$ref` that names the design language compiled into the library (`Tokens/defaultTokens.json`), so that a
    /// resolver document can layer themes over it without a path out of its folder.
    static let bundledDefaults = "themeengine:/defaultTokens.json"

    /// The source a file `$ref` names (`dark.json`, `colors.json#/dark`), or nil after reporting why there is none.
    private mutating func fileSource(_ reference: String, for ref: Int) -> TokenSource? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        // `./dark.json` is `dark.json`: one name for one file, in diagnostics too.
        var written = Substring(parts[0])
        while written.hasPrefix("./") { written = written.dropFirst(2) }
        let relative = String(written)
        let fragment = parts.count > 1 ? "#" + parts[1] : nil
        guard !relative.isEmpty else {
            error("$ref \"\(reference)\" names no file", at: ref)
            return nil
        }
        var loaded: TokenSource
        switch files.source(relative) {
        case .success(let source): loaded = source
        case .failure(.outside(let problem)):
            error(
                "$ref \"\(reference)\" \(problem); token files must be in the resolver document's folder or below it (--allow-outside-root allows others)",
                at: ref)
            return nil
        case .failure(.unreadable(let reason)):
            error("$ref \"\(reference)\": \(reason)", at: ref)
            return nil
        }
        if let fragment, fragment != "#", fragment != "#/" {
            let path = files.path(relative)
            if fileDocuments[relative] == nil {
                guard let parsed = try? JSONReader.parse(loaded) else {
                    error("$ref \"\(reference)\": \(path) is not valid JSON, so it has no \(fragment)", at: ref)
                    return nil
                }
                fileDocuments[relative] = parsed
            }
            guard fileDocuments[relative]!.node(atPointer: fragment) != nil else {
                error("$ref \"\(reference)\": \(path) has no \(fragment)", at: ref)
                return nil
            }
            loaded.root = fragment
        }
        return loaded
    }

    // MARK: Helpers

    /// The name after `prefix` in a pointer such as `#/sets/base`, unescaped; nil when the pointer is not that.
    private static func name(in pointer: String, under prefix: String) -> String? {
        guard pointer.hasPrefix(prefix) else { return nil }
        let rest = pointer.dropFirst(prefix.count)
        guard !rest.isEmpty, !rest.contains("/") else { return nil }
        return JSONPointer.unescaped(rest)
    }

    private func string(_ member: String, in object: Int) -> String? {
        guard let node = document.member(member, of: object), document.kind(node) == .string else { return nil }
        return document.string(node)
    }

    private func location(_ node: Int) -> SourceLocation {
        location(offset: document.offset(node))
    }

    private func location(offset: Int) -> SourceLocation {
        let (line, column) = document.location(ofOffset: offset)
        return SourceLocation(file: source.name, line: line, column: column)
    }

    private mutating func error(_ message: String, at node: Int) {
        diagnostics.append(Diagnostic(.error, .invalidResolver, message, at: location(node)))
    }
}
