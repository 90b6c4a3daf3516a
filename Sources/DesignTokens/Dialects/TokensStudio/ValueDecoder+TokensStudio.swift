import ColorSpaces
@_spi(Engine) import TokenJSON

/// What the decoder reads as Tokens Studio writes it, in any file: its typography members, shadow names and
/// colours with their alpha replaced.
extension ValueDecoder {
    /// The typography members Tokens Studio writes beside DTCG's five.
    static let tokensStudioTypographyMembers: Set<String> = [
        "paragraphSpacing", "paragraphIndent", "textCase", "textDecoration",
    ]

    /// Tokens Studio's names in a shadow layer, which ``shadow(_:)`` also reads.
    static let tokensStudioShadowMembers = ["x", "y", "type"]

    /// Tokens Studio's names in a shadow layer (`x`, `y`, `type`: `"dropShadow"` or `"innerShadow"`), at positions
    /// 6, 7 and 8 of `members` (``shadow(_:)``'s order), read as DTCG's: `x` and `y` moved to `offsetX` and `offsetY`
    /// (positions 1 and 2). Recorded as one deviation of the layer; a name written both ways, or another `type`, is an
    /// error.
    func tokensStudioShadowMembers(_ members: inout Members, of layer: Input) throws(Failure) {
        var read: [String] = []
        for (index, (name, dtcgName)) in [("x", "offsetX"), ("y", "offsetY")].enumerated() {
            guard let member = members[6 + index] else { continue }
            guard members[1 + index] == nil else {
                throw fail(
                    "\"\(name)\" and \"\(dtcgName)\" are the same member; give one of them, \"\(dtcgName)\"", at: name)
            }
            members[1 + index] = member
            read.append("\"\(name)\" as \"\(dtcgName)\"")
        }
        if let kind = members[8] {
            guard members[5] == nil else {
                throw fail("\"type\" and \"inset\" say the same; give one of them, \"inset\"", at: "type")
            }
            switch string(kind) {
            case "dropShadow": read.append(#""type": "dropShadow" as no "inset""#)
            case "innerShadow": read.append(#""type": "innerShadow" as "inset": true"#)
            default:
                let found = string(kind).map { "\"\($0)\"" } ?? kindDescription(kind)
                throw fail(
                    "a shadow's \"type\" is \"dropShadow\" or \"innerShadow\" (Tokens Studio's), found \(found); write \"inset\": true for an inner shadow",
                    at: "type")
            }
        }
        deviateAsToolForm(
            layer,
            "Tokens Studio's shadow read: \(read.joined(separator: ", ")); write \"offsetX\", \"offsetY\" and \"inset\""
        )
    }

    /// Tokens Studio's `rgba(#000000, 0.5)`, a colour with its alpha replaced: what `rgba({color.black}, 0.5)`
    /// becomes once its reference is resolved.
    ///
    /// `rgba(#rrggbb, alpha)` or `rgb(#rgb, alpha)`: the hex colour with that alpha (a number, or a percentage).
    /// Text longer than any CSS colour (``TokenValue/Color/longestCSSText``) is none.
    static func hexWithAlpha(_ text: String) -> TokenValue.Color? {
        guard text.utf8.count <= TokenValue.Color.longestCSSText else { return nil }
        let lower = text.lowercased().trimming { $0 == " " }
        let prefix = lower.hasPrefix("rgba(") ? "rgba(" : lower.hasPrefix("rgb(") ? "rgb(" : nil
        guard let prefix, lower.hasSuffix(")") else { return nil }
        let arguments = lower.dropFirst(prefix.count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
        guard arguments.count == 2, let color = TokenValue.Color(hex: String(arguments[0]).trimming { $0 == " " })
        else { return nil }
        var alphaText = String(arguments[1]).trimming { $0 == " " }
        let isPercent = alphaText.hasSuffix("%")
        if isPercent { alphaText.removeLast() }
        guard let number = Double(alphaText), number.isFinite else { return nil }
        let alpha = isPercent ? number / 100 : number
        guard (0...1).contains(alpha) else { return nil }
        return TokenValue.Color(colorSpace: color.colorSpace, components: color.components, alpha: alpha)
    }

    /// The colour functions of Tokens Studio's newer releases, whose results its documentation does not define
    /// exactly (in which space, with what gamut mapping): ThemeEngine names them rather than guess.
    static let tokensStudioColorFunctions: Set<String> = [
        "set_lightness", "set_chroma", "set_hue", "set_saturation", "chroma", "hue", "lightness", "saturation",
        "mix", "lighten", "darken", "alpha",
    ]

    /// The Tokens Studio colour function `text` calls (`set_lightness(#0055ff, 0.5)`), if it is one.
    static func tokensStudioColorFunction(in text: String) -> String? {
        let name = text.prefix { $0.isLetter || $0 == "_" }
        guard text.dropFirst(name.count).first == "(", tokensStudioColorFunctions.contains(String(name)) else {
            return nil
        }
        return String(name)
    }

    /// The error for a Tokens Studio colour function ThemeEngine does not compute.
    static func uncomputedColorFunction(_ function: String, in text: String) -> String {
        "\"\(text)\" calls \(function)(), a Tokens Studio colour function whose result its documentation does not define exactly, so ThemeEngine does not compute it; write the colour it gives, or a colour modifier (\"studio.tokens\": {\"modify\": …})"
    }
}
