import ColorSpaces
@_spi(Engine) import TokenJSON

/// Colours written as text other than hex: CSS Color 4 strings (`rgb(255 0 0)`, `oklch(0.7 0.1 200)`, `red`) and
/// Tokens Studio's `rgba(#000000, 0.5)` (``hexWithAlpha(_:)``).
extension ValueDecoder {
    /// The colour a text other than hex stands for, with a `non-conforming` deviation where the file's dialect
    /// records its tools' forms (DTCG 2025.10 writes colours as objects; other tools' files write them so, which
    /// their file's own warning says); nil when it is no colour.
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
}
