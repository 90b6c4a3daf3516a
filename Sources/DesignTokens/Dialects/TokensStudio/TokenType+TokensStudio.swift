extension TokenType {
    /// Whether this is Tokens Studio's `other`, its type for a value of no particular kind (a scale factor, a URL),
    /// which a reference from a token of any type may name.
    var isTokensStudioOther: Bool { knownType == nil && name == "other" }

    /// Types that Tokens Studio and Style Dictionary v3 files write, mapped to DTCG types; any other name as it is.
    static func fromTokensStudio(_ name: String) -> TokenType {
        guard let mapped = toolType(name) else { return TokenType(name) }
        var type = TokenType(mapped)
        type.toolName =
            switch name {
            case "letterSpacing": .letterSpacing
            case "lineHeights", "lineHeight": .lineHeight
            default: .other
            }
        return type
    }

    /// The DTCG type of a Tokens Studio (or Style Dictionary v3) type name, plural as the plugin writes it or
    /// singular as sd-transforms and some exports do (`fontSize`, `lineHeight`), or nil for any other name.
    private static func toolType(_ name: String) -> String? {
        switch name {
        case "sizing", "spacing", "borderRadius", "borderWidth", "fontSizes", "fontSize", "paragraphSpacing",
            "paragraphIndent", "letterSpacing", "size":
            "dimension"
        case "fontFamilies": "fontFamily"
        case "fontWeights": "fontWeight"
        case "boxShadow": "shadow"
        case "lineHeights", "lineHeight", "opacity": "number"
        case "text", "textCase", "textDecoration": "string"
        default: nil
        }
    }

    /// The DTCG type a `$type` of a DTCG file names in Tokens Studio's spelling (`borderRadius`, `fontFamilies`),
    /// read as in its legacy files; nil for any other name, and for `size`, which is too plain a name to be taken
    /// for Tokens Studio's.
    static func tokensStudioTypeInDTCG(_ name: String) -> TokenType? {
        guard name != "size", case let type = fromTokensStudio(name), type.isKnown else { return nil }
        return type
    }
}
