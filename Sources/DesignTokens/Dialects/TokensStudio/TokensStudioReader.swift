@_spi(Engine) import TokenJSON

/// Reads a Tokens Studio export into a ``ResolverDocument``, reporting every problem where it is written.
///
/// An export is token sets and themes. In the multi-file layout each set is a JSON file in a folder (the set
/// `brand/acme` is `brand/acme.json`), beside `$themes.json` (the themes) and `$metadata.json` (`tokenSetOrder`);
/// in the single-file layout the sets are the top-level members of one file, beside `$themes` and `$metadata`.
/// A theme selects sets, each `enabled`, `source` (there to resolve references) or `disabled`, and may belong
/// to a `group`.
///
/// Each group is a modifier and each of its themes a context, the first theme the default; themes without a group
/// make one modifier, `theme`. A permutation layers every set its themes select, enabled or source, in the set
/// order (`tokenSetOrder`, then the sets it does not list in the order the export names them), as Tokens Studio
/// does; sets no theme selects are left out. An export without themes is one permutation of every set in order.
struct TokensStudioReader {
    /// Where the sets are.
    enum Layout {
        /// One file per set, relative to the export's folder.
        case folder
        /// The top-level members of one file, parsed.
        case file(TokenSource, JSONDocument)
    }

    /// The names of a multi-file export's own files.
    static let exportFiles: Set<String> = ["$themes.json", "$metadata.json"]

    /// Whether a file's name makes it one of a multi-file export's own files.
    static func isExportFile(_ path: String) -> Bool {
        exportFiles.contains(path.split(separator: "/").last.map(String.init) ?? path)
    }

    /// What makes a JSON document a single-file export: its `$themes` or `$metadata` member (the node of the
    /// first), in a top-level object without `resolutionOrder`; nil for any other document.
    static func exportMember(of document: JSONDocument) -> Int? {
        guard !document.nodes.isEmpty, document.kind(document.root) == .object,
            document.member("resolutionOrder", of: document.root) == nil
        else { return nil }
        return document.member("$themes", of: document.root) ?? document.member("$metadata", of: document.root)
    }

    /// The statuses a theme gives its sets.
    private static let statuses = ["enabled", "source", "disabled"]
    /// What themes without a group are, as a modifier.
    static let ungroupedModifier = "theme"

    private let layout: Layout
    private var files: ResolverFiles
    private(set) var diagnostics: [Diagnostic] = []

    /// A JSON part of the export, with the file it is written in.
    private struct Part {
        var source: TokenSource
        var document: JSONDocument
        var node: Int
    }

    /// A theme as written.
    private struct Theme {
        var name: String
        var group: String?
        var part: Part
        var node: Int
        var nameNode: Int
        /// The sets it selects (enabled or source), each with the key naming it.
        var selected: [(set: String, key: Int)]
        func selects(_ set: String) -> Bool { selectedNames.contains(set) }
        private var selectedNames: Set<String>

        init(name: String, group: String?, part: Part, node: Int, nameNode: Int, selected: [(set: String, key: Int)]) {
            (self.name, self.group, self.part, self.node, self.nameNode, self.selected) = (
                name, group, part, node, nameNode, selected
            )
            selectedNames = Set(selected.map(\.set))
        }
    }

    /// A set where the export names it: in `tokenSetOrder`, as a member of the single file, or in a theme.
    private struct Named {
        var name: String
        var part: Part
        var node: Int
        /// Who names it, for messages: `theme "dark" selects the set`.
        var namer: String
    }

    /// The sets in set order, each once.
    private var order: [String] = []
    /// The tokens of each set that has them; a set named that is missing or malformed has none (reported).
    private var sources: [String: TokenSource] = [:]
    /// The sets of a single-file export, in the order written.
    private var fileSets: [String] = []

    /// A reader of the export in `folder` (with a trailing slash, or empty), or of the single file `layout` names.
    init(layout: Layout, folder: String, allowOutsideRoot: Bool, load: ResolverDocument.FileLoader?) {
        self.layout = layout
        files = ResolverFiles(folder: folder, allowOutsideRoot: allowOutsideRoot, load: load)
    }

    /// Reads the export whose themes and metadata are `themes` and `metadata` (in the single-file layout, the file
    /// itself, or nil when it lacks them).
    mutating func read(
        themes themesSource: TokenSource?, metadata metadataSource: TokenSource?, into result: inout ResolverDocument
    ) {
        var themesPart: Part?
        var metadataPart: Part?
        var fileSetsPart: Part?
        switch layout {
        case .folder:
            themesPart = themesSource.flatMap { parse($0) }
            metadataPart = metadataSource.flatMap { parse($0) }
        case .file(let source, let document):
            let whole = Part(source: source, document: document, node: document.root)
            guard whole.document.kind(whole.node) == .object else {
                error(
                    "a Tokens Studio export is a JSON object of token sets with \"$themes\" and \"$metadata\", found \(whole.document.kind(whole.node).description)",
                    at: whole.node, in: whole)
                return
            }
            fileSetsPart = whole
            themesPart = whole.document.member("$themes", of: whole.node).map {
                Part(source: source, document: whole.document, node: $0)
            }
            metadataPart = whole.document.member("$metadata", of: whole.node).map {
                Part(source: source, document: whole.document, node: $0)
            }
        }
        var named: [Named] = []
        if let metadataPart { named += tokenSetOrder(metadataPart) }
        var themes: [Theme] = []
        if let themesPart { themes = readThemes(themesPart) }
        var malformed: Set<String> = []
        if let part = fileSetsPart {
            // Every set of the file, in the order written (members named with `$` are the export's own).
            for (key, value) in part.document.members(of: part.node)
            where !part.document.stringStarts(key, with: UInt8(ascii: "$")) {
                let name = part.document.string(key)
                fileSets.append(name)
                named.append(Named(name: name, part: part, node: key, namer: "the file has the set"))
                if part.document.kind(value) != .object {
                    error(
                        "the set \"\(name)\" is an object of tokens, found \(part.document.kind(value).description)",
                        at: value, in: part)
                    malformed.insert(name)
                }
            }
        }
        for theme in themes {
            for (set, key) in theme.selected {
                named.append(
                    Named(name: set, part: theme.part, node: key, namer: "theme \"\(theme.name)\" selects the set"))
            }
        }
        var seen: Set<String> = []
        var missing: [(entry: Named, reason: String)] = []
        // Sets only `tokenSetOrder` names that the export does not have: a set order left stale by a rename.
        var stale: [Named] = []
        let selected = Set(themes.flatMap { $0.selected.map(\.set) } + fileSets)
        for entry in named where seen.insert(entry.name).inserted {
            order.append(entry.name)
            guard !malformed.contains(entry.name) else { continue }
            switch findSet(entry) {
            case .success(let source): sources[entry.name] = source
            case .failure(let problem)
            where !themes.isEmpty && entry.namer == Self.orderNamer && !selected.contains(entry.name)
                && problem.isAbsent:
                stale.append(entry)
            case .failure(let problem): if let reason = problem.reason { missing.append((entry, reason)) }
            }
        }
        if let first = stale.first {
            reportStaleOrder(stale, at: first)
            order.removeAll { name in stale.contains { $0.name == name } }
        }
        // Reported once every set is found, so that each suggests the nearest of all the sets the export has.
        let known = order.filter { sources[$0] != nil }
        for (entry, reason) in missing {
            let hint = Suggestion.hint(for: entry.name, among: known) { "\"\($0)\"" }
            error(
                "\(entry.namer) \"\(entry.name)\", which the export does not have\(reason)\(hint)", at: entry.node,
                in: entry.part)
        }
        build(themes, themesPart: themesPart, into: &result)
    }

    // MARK: Metadata and themes

    /// Who names a set that `tokenSetOrder` lists, in messages.
    private static let orderNamer = "\"tokenSetOrder\" lists the set"

    /// Warns of the sets `tokenSetOrder` lists that an export with themes does not have and no theme selects, as a
    /// rename leaves them: the sets it lists that are there keep its order, and those it does not list (the renamed
    /// ones among them) follow in the order the themes select them.
    private mutating func reportStaleOrder(_ stale: [Named], at first: Named) {
        let names = stale.prefix(10).map { "\"\($0.name)\"" }.joined(separator: ", ")
        let more = stale.count > 10 ? " and \(stale.count - 10) more" : ""
        let count = stale.count == 1 ? "a set" : "\(stale.count) sets"
        diagnostics.append(
            Diagnostic(
                .warning, .nonConforming,
                "\(label("$metadata")) is stale: \"tokenSetOrder\" lists \(count) the export does not have and no theme selects (\(names)\(more)); the sets it lists keep its order, the others follow as the themes select them; remove them from it",
                at: location(first.node, in: first.part)))
    }

    /// The sets `tokenSetOrder` lists, each once, in its order.
    private mutating func tokenSetOrder(_ part: Part) -> [Named] {
        let document = part.document
        guard document.kind(part.node) == .object else {
            error(
                "\(label("$metadata")) is an object with \"tokenSetOrder\", found \(document.kind(part.node).description)",
                at: part.node, in: part)
            return []
        }
        guard let list = document.member("tokenSetOrder", of: part.node) else { return [] }
        guard document.kind(list) == .array else {
            error(
                "\"tokenSetOrder\" is an array of set names, found \(document.kind(list).description)", at: list,
                in: part)
            return []
        }
        var result: [Named] = []
        for element in document.elements(of: list) {
            guard document.kind(element) == .string else {
                error(
                    "\"tokenSetOrder\" lists set names, found \(document.kind(element).description)", at: element,
                    in: part)
                continue
            }
            let name = document.string(element)
            guard !result.contains(where: { $0.name == name }) else {
                error("\"tokenSetOrder\" lists the set \"\(name)\" twice", at: element, in: part)
                continue
            }
            result.append(Named(name: name, part: part, node: element, namer: Self.orderNamer))
        }
        return result
    }

    /// The themes, each well formed; every problem with one is reported.
    private mutating func readThemes(_ part: Part) -> [Theme] {
        let document = part.document
        guard document.kind(part.node) == .array else {
            error(
                "\(label("$themes")) is an array of themes, found \(document.kind(part.node).description)",
                at: part.node, in: part)
            return []
        }
        var themes: [Theme] = []
        for node in document.elements(of: part.node) {
            guard document.kind(node) == .object else {
                error(
                    "a theme is an object with \"name\", \"group\" and \"selectedTokenSets\", found \(document.kind(node).description)",
                    at: node, in: part)
                continue
            }
            guard let nameNode = document.member("name", of: node), document.kind(nameNode) == .string,
                !document.string(nameNode).isEmpty
            else {
                error(
                    "a theme needs \"name\", a string that is not empty", at: document.member("name", of: node) ?? node,
                    in: part)
                continue
            }
            let name = document.string(nameNode)
            var group: String?
            if let groupNode = document.member("group", of: node) {
                switch document.kind(groupNode) {
                case .string: group = document.string(groupNode).isEmpty ? nil : document.string(groupNode)
                case .null: break
                default:
                    error(
                        "the group of theme \"\(name)\" is a string, found \(document.kind(groupNode).description)",
                        at: groupNode, in: part)
                }
            }
            guard let sets = document.member("selectedTokenSets", of: node), document.kind(sets) == .object else {
                error(
                    "theme \"\(name)\" needs \"selectedTokenSets\", an object that gives each set the status \"enabled\", \"source\" or \"disabled\"",
                    at: document.member("selectedTokenSets", of: node) ?? node, in: part)
                continue
            }
            var selected: [(set: String, key: Int)] = []
            for (key, value) in document.members(of: sets) {
                let set = document.string(key)
                guard document.kind(value) == .string, case let status = document.string(value),
                    Self.statuses.contains(status)
                else {
                    let found =
                        document.kind(value) == .string
                        ? "\"\(document.string(value))\"" : document.kind(value).description
                    let hint =
                        document.kind(value) == .string
                        ? Suggestion.hint(for: document.string(value), among: Self.statuses) { "\"\($0)\"" } : ""
                    error(
                        "theme \"\(name)\" gives the set \"\(set)\" the status \(found); expected \"enabled\", \"source\" or \"disabled\"\(hint)",
                        at: value, in: part)
                    continue
                }
                if status != "disabled" { selected.append((set, key)) }
            }
            themes.append(
                Theme(name: name, group: group, part: part, node: node, nameNode: nameNode, selected: selected))
        }
        return themes
    }

    // MARK: Sets

    /// The tokens of a set; or, when the export does not have it, why (empty, or `: ` and the reason), after
    /// reporting a file that leads out of the folder.
    private mutating func findSet(_ entry: Named) -> Result<TokenSource, MissingSet> {
        switch layout {
        case .file(let source, _):
            guard fileSets.contains(entry.name) else { return .failure(MissingSet("")) }
            var set = source
            set.root = "#/" + JSONPointer.escaped(entry.name)
            set.format = .tokensStudioSet
            return .success(set)
        case .folder:
            switch files.source(entry.name + ".json") {
            case .success(var source):
                source.format = .tokensStudioSet
                return .success(source)
            case .failure(.outside(let problem)):
                error(
                    "the set \"\(entry.name)\" is the file \(entry.name).json, which \(problem); token files must be in the export's folder or below it (--allow-outside-root allows others)",
                    at: entry.node, in: entry.part)
                return .failure(MissingSet(nil))
            case .failure(.unreadable(let reason)):
                return .failure(MissingSet(": " + reason))
            }
        }
    }

    /// Why a set named cannot be had: the tail of the message that says so, or nil when that is reported already.
    private struct MissingSet: Error {
        var reason: String?
        init(_ reason: String?) { self.reason = reason }

        /// Whether the set is simply not there (no such file, no such member), rather than unreadable.
        var isAbsent: Bool { reason == "" || reason?.hasSuffix("No such file or directory") == true }
    }

    // MARK: Modifiers and layers

    /// The groups as modifiers, and the sets in order as the steps of the resolution order.
    private mutating func build(_ themes: [Theme], themesPart: Part?, into result: inout ResolverDocument) {
        // Groups in the order their first themes come, each with its themes; themes without a group are one.
        var groups: [(group: String?, name: String, themes: [Theme])] = []
        for theme in themes {
            let name = theme.group ?? Self.ungroupedModifier
            if let index = groups.firstIndex(where: { $0.group == theme.group }) {
                if let twin = groups[index].themes.first(where: { $0.name.lowercased() == theme.name.lowercased() }) {
                    let owner = theme.group.map { "the group \"\($0)\"" } ?? "the themes without a group"
                    error(
                        "\(owner) has the theme \"\(twin.name)\" twice (themes are matched without regard to case)",
                        at: theme.nameNode, in: theme.part)
                    continue
                }
                groups[index].themes.append(theme)
            } else if let other = groups.first(where: { $0.name.lowercased() == name.lowercased() }) {
                let groupNode = theme.part.document.member("group", of: theme.node)
                if theme.group == nil {
                    error(
                        "theme \"\(theme.name)\" has no group, and themes without one are the modifier \"\(name)\", which the group \"\(other.name)\" names too; give the theme a group",
                        at: theme.node, in: theme.part)
                } else if other.group == nil {
                    error(
                        "the group \"\(name)\" has the name of the modifier \"\(other.name)\" that themes without a group make; rename it, or give those themes a group",
                        at: groupNode!, in: theme.part)
                } else {
                    error(
                        "the groups \"\(other.name)\" and \"\(name)\" differ only in case; inputs could not tell them apart",
                        at: groupNode!, in: theme.part)
                }
            } else {
                groups.append((theme.group, name, [theme]))
            }
        }
        if let themesPart { result.setModifiersLocation(location(themesPart.node, in: themesPart)) }
        for group in groups {
            result.add(
                ResolverDocument.Modifier(
                    name: group.name, contexts: group.themes.map(\.name), defaultContext: group.themes[0].name),
                at: location(group.themes[0].node, in: group.themes[0].part))
        }
        var steps: [ResolverDocument.Layer] = []
        for set in order {
            guard let source = sources[set] else { continue }
            // The contexts of each modifier whose themes select the set.
            var selecting: [Int: Set<Int>] = [:]
            for (modifier, group) in groups.enumerated() {
                for (context, theme) in group.themes.enumerated() where theme.selects(set) {
                    selecting[modifier, default: []].insert(context)
                }
            }
            let step: ResolverDocument.Layer
            if groups.isEmpty || selecting.contains(where: { $0.value.count == groups[$0.key].themes.count }) {
                step = .set([source])
            } else if selecting.isEmpty {
                continue
            } else if selecting.count == 1, let (modifier, contexts) = selecting.first {
                step = .modifier(
                    index: modifier,
                    contexts: groups[modifier].themes.indices.map { contexts.contains($0) ? [source] : [] })
            } else {
                step = .selected([source], when: selecting)
            }
            steps.append(step)
        }
        for step in Self.merged(steps) { result.add(step) }
    }

    /// The steps with each run that the same choice decides made one.
    private static func merged(_ steps: [ResolverDocument.Layer]) -> [ResolverDocument.Layer] {
        var result: [ResolverDocument.Layer] = []
        for step in steps {
            switch (result.last, step) {
            case (.set(let before)?, .set(let sources)):
                result[result.count - 1] = .set(before + sources)
            case (.modifier(let index, let before)?, .modifier(let next, let contexts)) where next == index:
                result[result.count - 1] = .modifier(index: index, contexts: zip(before, contexts).map { $0 + $1 })
            case (.selected(let before, let condition)?, .selected(let sources, let next)) where next == condition:
                result[result.count - 1] = .selected(before + sources, when: condition)
            default:
                result.append(step)
            }
        }
        return result
    }

    // MARK: Helpers

    /// `$themes.json`, or `"$themes"` in a single-file export.
    private func label(_ member: String) -> String {
        if case .file = layout { "\"\(member)\"" } else { member + ".json" }
    }

    /// A file parsed as a part, or nil after reporting it is not valid JSON.
    private mutating func parse(_ source: TokenSource) -> Part? {
        do {
            let document = try JSONReader.parse(source.contents)
            return Part(source: source, document: document, node: document.root)
        } catch {
            let unparsed = Part(source: source, document: .unparsed(source.contents), node: 0)
            diagnostics.append(
                Diagnostic(.error, .invalidJSON, error.message, at: location(offset: error.offset, in: unparsed)))
            return nil
        }
    }

    private func location(_ node: Int, in part: Part) -> SourceLocation {
        location(offset: part.document.offset(node), in: part)
    }

    private func location(offset: Int, in part: Part) -> SourceLocation {
        let (line, column) = part.document.location(ofOffset: offset)
        return SourceLocation(file: part.source.name, line: line, column: column)
    }

    private mutating func error(_ message: String, at node: Int, in part: Part) {
        diagnostics.append(Diagnostic(.error, .invalidResolver, message, at: location(node, in: part)))
    }
}
