import DesignTokens
import Theming
@_spi(Engine) import TokenJSON

/// Contrast pairs teams declare on their own colour tokens, in `$extensions`:
///
/// ```json
/// "badge-text": {
///   "$value": "{palette.neutral.0}",
///   "$extensions": {
///     "com.themeengine.contrast": {"against": "{theme.color.background.brand}", "kind": "text", "level": "AA"}
///   }
/// }
/// ```
///
/// The entry is one object or a list of them. `against` (required) is a curly-brace reference to the colour the
/// token is drawn on; `kind` is `text` (the default), `large-text` or `non-text`; `level` is `AA` or `AAA`
/// (default: the level of the run, see ``LintConfiguration/level``). A translucent `against` is composited over
/// the surface, unless it is the surface or an alias of it (or the surface an alias of it). On a file's root
/// group, `{"level": "AAA"}` sets the level of the whole theme instead.
enum ExtensionContrastPairs {
    static let key = "com.themeengine.contrast"

    /// The pairs declared on the tokens of `theme`, and an `invalid-contrast-pair` error for each declaration
    /// that cannot be checked.
    static func pairs(
        in theme: ResolvedTheme, surface: ContrastSide?, level: ContrastLevel
    ) -> (pairs: [ContrastPair], problems: [Diagnostic]) {
        var pairs: [ContrastPair] = []
        var problems: [Diagnostic] = []
        for id in 0..<theme.count where theme.hasExtensions(id) {
            let token = theme.token(id)
            guard let declared = token.extensions?[key] else { continue }
            func problem(_ message: String) {
                problems.append(Diagnostic(lint: .invalidContrastPair, message, at: token.location, token: token.path))
            }
            let entries: [JSONValue]
            switch declared {
            case .object: entries = [declared]
            case .array(let elements): entries = elements
            default:
                problem(
                    "\(key) on \(token.path) must be an object such as {\"against\": \"{theme.color.background.surface-1}\"} or a list of them, found \(declared.kindDescription)"
                )
                continue
            }
            guard let foreground = side(token, problem: problem) else { continue }
            for entry in entries {
                guard
                    let pair = pair(
                        entry, foreground: foreground, in: theme, surface: surface, level: level, problem: problem)
                else { continue }
                pairs.append(pair)
            }
        }
        return (pairs, problems)
    }

    /// The theme-wide level the top-most file declaring one gives on its root group, or nil; an error when that
    /// declaration is malformed. Files are searched top-down for the key, so a file above with other root
    /// `$extensions` (tool metadata) does not hide the level a file below declares.
    static func declaredLevel(in theme: ResolvedTheme) -> (level: ContrastLevel?, problem: Diagnostic?) {
        let found = theme.groupExtensionsByFile("").lazy.compactMap { extensions, location in
            extensions[key].map { ($0, location) }
        }.first
        guard let (declared, location) = found else { return (nil, nil) }
        func problem(_ message: String) -> (ContrastLevel?, Diagnostic?) {
            (nil, Diagnostic(lint: .invalidContrastPair, message, at: location))
        }
        guard case .object(let members) = declared else {
            return problem(
                "\(key) on the root group must be an object such as {\"level\": \"AAA\"}, found \(declared.kindDescription)"
            )
        }
        if let other = members.first(where: { $0.key != "level" }) {
            return problem(
                "\(key) on the root group sets only \"level\"; \"\(other.key)\" belongs on a token, to declare a pair")
        }
        guard case .string(let name)? = declared["level"], let level = ContrastLevel(rawValue: name) else {
            return problem("\(key) level must be \"AA\" or \"AAA\", found \(describe(declared["level"]))")
        }
        return (level, nil)
    }

    private static func pair(
        _ entry: JSONValue, foreground: ContrastSide, in theme: ResolvedTheme, surface: ContrastSide?,
        level: ContrastLevel,
        problem: (String) -> Void
    ) -> ContrastPair? {
        guard case .object(let members) = entry else {
            problem("each \(key) entry must be an object with \"against\", found \(entry.kindDescription)")
            return nil
        }
        if let unknown = members.first(where: { !["against", "kind", "level"].contains($0.key) }) {
            let hint = Suggestion.hint(for: unknown.key, among: ["against", "kind", "level"]) { "\"\($0)\"" }
            problem("\(key) has no \"\(unknown.key)\"\(hint); an entry has \"against\", \"kind\" and \"level\"")
            return nil
        }
        guard case .string(let reference)? = entry["against"] else {
            problem(
                "\(key) needs \"against\": a reference to the colour \(foreground.token) is drawn on, such as \"{theme.color.background.surface-1}\""
            )
            return nil
        }
        guard reference.count > 2, reference.hasPrefix("{"), reference.hasSuffix("}") else {
            problem(
                "\(key) \"against\" must be a curly-brace reference such as \"{theme.color.background.surface-1}\", found \"\(reference)\""
            )
            return nil
        }
        let path = String(reference.dropFirst().dropLast())
        guard let target = theme[path] else {
            let hint = theme.nearestPath(to: path).map { "; did you mean {\($0)}?" } ?? ""
            problem("\(foreground.token) declares contrast against \(reference), which does not exist\(hint)")
            return nil
        }
        guard let background = side(target, problem: problem) else { return nil }
        var kind = ContrastKind.text
        if let written = entry["kind"] {
            guard case .string(let name) = written, let parsed = ContrastKind(rawValue: name) else {
                problem("\(key) kind must be \"text\", \"large-text\" or \"non-text\", found \(describe(written))")
                return nil
            }
            kind = parsed
        }
        var pairLevel = level
        if let written = entry["level"] {
            guard case .string(let name) = written, let parsed = ContrastLevel(rawValue: name) else {
                problem("\(key) level must be \"AA\" or \"AAA\", found \(describe(written))")
                return nil
            }
            pairLevel = parsed
        }
        // Drawn over the surface, unless it is the surface, by its path or through an alias.
        let backdrops = surface.map { $0.isSame(as: background) ? [] : [$0] } ?? []
        return ContrastPair(
            foreground: foreground, background: background, backdrops: backdrops, kind: kind, level: pairLevel)
    }

    /// A token as one side of a pair, or nil after reporting why it cannot be one.
    private static func side(_ token: ResolvedToken, problem: (String) -> Void) -> ContrastSide? {
        guard case .color(let value) = token.value else {
            problem("\(token.path) is a \(token.type.name) token; contrast is checked between colour tokens")
            return nil
        }
        return ContrastSide(
            label: token.path, token: token.path, aliasChain: token.aliasChain, color: ThemeColor(value))
    }

    private static func describe(_ value: JSONValue?) -> String {
        guard let value else { return "nothing" }
        if case .string(let text) = value { return "\"\(text)\"" }
        return value.kindDescription
    }
}
