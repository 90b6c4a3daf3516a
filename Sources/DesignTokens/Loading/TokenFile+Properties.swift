@_spi(Engine) import TokenJSON

/// How a token file's `$` properties are read: `$type`, `$description`, `$extensions`, `$deprecated`, and the
/// warning for a property DTCG does not define.
extension TokenFile {
    // MARK: Properties

    mutating func typeName<Dialect: TokenDialect>(_ node: Int, path place: Place, _ dialect: Dialect.Type)
        -> TokenType?
    {
        guard document.kind(node) == .string else {
            error(
                .invalidToken, "$type must be a string such as \"color\", found \(kindName(node))", at: node,
                token: tokenPath(text(place)))
            return nil
        }
        let type = Dialect.type(named: document.string(node))
        if !type.isKnown {
            if let toolType = TokenType.tokensStudioTypeInDTCG(type.name) {
                // Tokens Studio writes its own type names in `$type` files too: read as in its legacy files.
                let owner = text(place)
                writesToolTypes = true
                // A line height is a number, or a dimension where it is written as a length.
                let read =
                    toolType.toolName == .lineHeight
                    ? "\(toolType) (or dimension, where it is a length)" : "\(toolType)"
                let write =
                    toolType.toolName == .lineHeight
                    ? "\"$type\": \"\(toolType)\" (or \"dimension\")" : "\"$type\": \"\(toolType)\""
                diagnostics.append(
                    Diagnostic(
                        .warning, .nonConforming,
                        "\(owner.isEmpty ? "" : owner + ": ")\"\(type.name)\" is a Tokens Studio type, read as \(read) with its values as Tokens Studio writes them; write \(write)",
                        at: location(document.offset(node)), token: tokenPath(text(place))))
                return toolType
            }
            let message =
                type.name == "composition"
                ? "$type \"composition\" is Tokens Studio's, with no DTCG 2025.10 equivalent; its properties are passed through unchecked, with their references resolved"
                : "unknown $type \"\(type.name)\"; values of this type are passed through unchecked\(Suggestion.hint(for: type.name, among: TokenType.known.map(\.name)) { "\"\($0)\"" })"
            diagnostics.append(
                Diagnostic(
                    .warning, .unknownType, message, at: location(document.offset(node)), token: tokenPath(text(place)))
            )
        }
        return type
    }

    /// The node of a `$description` (or legacy `description`, `comment`), or nil after reporting one that is not a
    /// string.
    mutating func descriptionNode(_ node: Int, property: String, path place: Place) -> Int? {
        guard document.kind(node) == .string else {
            error(
                .invalidToken, "\(property) must be a string, found \(kindName(node))", at: node,
                token: tokenPath(text(place)))
            return nil
        }
        return node
    }

    /// The node of an `$extensions`, or nil after reporting one that is not an object.
    mutating func extensionsNode(_ node: Int, path place: Place) -> Int? {
        guard document.kind(node) == .object else {
            error(
                .invalidToken, "$extensions must be an object keyed by reverse-domain names, found \(kindName(node))",
                at: node, token: tokenPath(text(place)))
            return nil
        }
        return node
    }

    /// The node of a `$deprecated`, or nil after reporting one that is not true, false or a string.
    mutating func deprecationNode(_ node: Int, path place: Place) -> Int? {
        switch document.kind(node) {
        case .true, .false, .string: return node
        default:
            error(
                .invalidToken, "$deprecated must be true, false or a string giving the reason, found \(kindName(node))",
                at: node, token: tokenPath(text(place)))
            return nil
        }
    }

    /// A token or group path for a diagnostic: nil for the file's root group.
    func tokenPath(_ path: String) -> String? { path.isEmpty ? nil : path }

    mutating func unknownProperty(_ name: String, at key: Int, path place: Place, allowed: [String]) {
        let hint = Suggestion.hint(for: name, among: allowed) { "\"\($0)\"" }
        diagnostics.append(
            Diagnostic(
                .warning, .unknownProperty, "\"\(name)\" is not a DTCG property and is ignored\(hint)",
                at: location(document.offset(key)), token: tokenPath(text(place))))
    }
}
