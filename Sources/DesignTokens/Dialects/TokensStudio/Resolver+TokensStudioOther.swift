@_spi(Engine) import TokenJSON

/// Tokens Studio's `other` type holds a value of no particular kind: a scale factor (`"1.25"`), a root font size
/// (`"16"`), a URL. Its own tools substitute a reference's text before they read a value, so a typed token that
/// refers to an `other` token reads the target's value as if it were written in its place: a `fontSizes` token
/// whose value is `{rootFontSize}`, an `other` token holding `"16"`, is 16px.
///
/// Where types are advice (``TokenDialect/typesAreAdvisory``), a typed token that refers to one of another type
/// reads its value so too: a `number` token that refers to the dimension `18px` is 18px, a `fontWeight` that refers
/// to the number 600 is 600.
extension Resolver {
    /// The value of a token of known type `type` whose whole value refers to a Tokens Studio `other` token, or to a
    /// token of another type where types are advice: the target's value as `--format flat` writes it, decoded as
    /// `type` as the token's own file reads values. Nil after reporting a value that is not one of `type`. A file
    /// that is not read as Tokens Studio writes values gets a `non-conforming` warning for it; in one that is, the
    /// file's own warning says so.
    mutating func valueReadAsDeclared(_ id: Int, target: Int, as type: TokenType, reference: Reference) -> TokenValue? {
        let site = layers.sites[id]
        // Each alias decodes a copy of the value: counted as a value built from references.
        guard admitExpanded(valueSizes[target], for: id, at: site.valueNode) else { return nil }
        let file = layers.files[site.file]
        let written = value(of: target)!.flatJSON
        let isOther = types[target]!.isTokensStudioOther
        let decoder = decoder(of: file, as: type, substitutions: [site.valueNode: written])
        do {
            let decoded = try decoder.decode(.node(site.valueNode), as: type)
            if !file.dialect.warnsForWholeFile {
                deviations.record(
                    "\(reference.text) is a Tokens Studio \"other\" token; its value \(JSONWriter.compactText(written)) read as a \(type): \(JSONWriter.compactText(decoded.flatJSON)); refer to a \(type) token",
                    at: site.valueNode)
            }
            if !deviations.isEmpty { reportDeviations(of: id) }
            return decoded
        } catch {
            deviations.removeAll()
            let kind = isOther ? "a Tokens Studio \"other\" token" : "a \(types[target]!) token"
            self.error(
                isOther ? .invalidValue : .typeMismatch,
                "invalid \(type) value for \(layers.path(id)): \(reference.text) is \(kind) whose value \(JSONWriter.compactText(written)) is not one: \(error.message)",
                token: id, at: site.valueNode, notes: aliasNotes(from: target))
            return nil
        }
    }

    /// Records reading an `other` token's value where a member of a known type is expected (a typography's
    /// `fontSize` that refers to one), outside a file read as Tokens Studio writes values, which says so itself.
    func recordOtherReference(_ reference: Reference, target: Int, into type: TokenType, for id: Int) {
        guard let expected = type.expectedType(at: reference.memberPath), expected.isKnown,
            !layers.files[layers.sites[id].file].dialect.warnsForWholeFile
        else { return }
        deviations.record(
            "\(reference.text) is a Tokens Studio \"other\" token; its value \(JSONWriter.compactText(value(of: target)!.json)) read as a \(expected); refer to a \(expected) token",
            at: reference.node)
    }
}
