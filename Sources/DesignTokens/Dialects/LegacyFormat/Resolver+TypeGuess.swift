import ColorSpaces
@_spi(Engine) import TokenJSON

/// The type of a token for which neither it nor its group writes one: in a legacy file (Style Dictionary v3,
/// Tokens Studio), whose tools read such a value as what it looks like, the type guessed from it; in a DTCG file,
/// which requires a type, none, with a `missing-type` error that names the type the value looks like.
extension Resolver {
    /// A legacy token's type, inferred from its value (with a warning); nil after reporting `missing-type`.
    mutating func guessType(_ id: Int, file: TokenFile) -> TokenType? {
        let raw = file.document.value(layers.sites[id].valueNode)
        let guess = Self.guess(raw)
        if file.dialect.guessesMissingTypes, let guess {
            diagnostics.append(
                Diagnostic(
                    .warning, .guessedType, "\(layers.path(id)) has no type; treated as \(guess) from its value",
                    at: location(of: id), token: layers.path(id),
                    notes: [Diagnostic.Note("add \"type\": \"\(guess)\" to the token or its group to say so")]))
            return guess
        }
        if layers.typeIsInvalid(id) { return nil }  // its `$type` is not a string: reported where it is written
        var message = "\(layers.path(id)) has no $type, and its group has none"
        if let guess {
            message += "; its value looks like a \(guess): add \"$type\": \"\(guess)\" to the token or its group"
        }
        error(.missingType, message, token: id, at: nil)
        return nil
    }

    private static func guess(_ value: JSONValue) -> TokenType? {
        switch value {
        case .string(let text):
            // A hex colour, a CSS colour name (`transparent`, `rebeccapurple`) or function (`rgb(…)`, `oklch(…)`).
            if TokenValue.Color(hex: text) != nil || (try? ValueDecoder().color(.json(value))) != nil { return .color }
            if (try? ValueDecoder().dimension(.json(value))) != nil { return .dimension }
            if (try? ValueDecoder().duration(.json(value))) != nil, !text.hasSuffix("px") { return .duration }
            return .string
        case .number: return .number
        case .bool: return .boolean
        default: return nil
        }
    }
}
