import ColorSpaces
import TokenJSON

/// Colours written as text other than hex: CSS Color 4 strings (`rgb(255 0 0)`, `oklch(0.7 0.1 200)`, `red`) and
/// Tokens Studio's `rgba(#000000, 0.5)` (a colour with its alpha replaced, what `rgba({color.black}, 0.5)` becomes
/// once its reference is resolved).
extension ValueDecoder {
    /// The colour a text other than hex stands for, with a `non-conforming` deviation outside legacy files (DTCG
    /// 2025.10 writes colours as objects; Style Dictionary and Tokens Studio files write them so, which their file's
    /// own warning says); nil when it is no colour.
    func colorText(_ value: Input, _ text: String) -> TokenValue.Color? {
        if let color = Self.hexWithAlpha(text) {
            deviateAsToolForm(
                value, "\"\(text)\" read as \(JSONWriter.compactText(color.json)); write that colour object")
            return color
        }
        guard case .success(let color) = TokenValue.Color.parse(css: Substring(text)) else { return nil }
        deviateAsToolForm(
            value, "\"\(text)\" read as \(JSONWriter.compactText(color.json)); write that colour object")
        return color
    }

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
}
