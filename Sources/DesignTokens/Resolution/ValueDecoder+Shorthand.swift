@_spi(Engine) import TokenJSON

extension ValueDecoder {
    /// Several lengths where a dimension token's value is expected: CSS shorthand in a string (`"8px 64px"`,
    /// `"0 0 0 4px"`), as Tokens Studio writes spacing and padding, or a list of dimensions, as ThemeEngine's tree
    /// output writes them; a deviation. Nil for a value that is one length, or none.
    func shorthand(_ value: Input) throws(Failure) -> [TokenValue.Dimension]? {
        let parts: [Input]
        // ASCII text with no white space in it, which nearly every dimension is, is one length: told from its
        // bytes, with no string built (a byte past ASCII may begin Unicode's white space).
        let isOneWord = withStringBytes(value) { bytes in
            !bytes.contains { $0 == UInt8(ascii: " ") || (9...13).contains($0) || $0 >= 0x80 }
        }
        if isOneWord == true { return nil }
        if let text = string(value) {
            let words = text.split(whereSeparator: \.isWhitespace)
            guard words.count > 1 else { return nil }
            parts = words.map { .json(.string(String($0))) }
        } else if kind(value) == .array, let items = elements(value), !items.isEmpty {
            parts = items
        } else {
            return nil
        }
        var lengths: [TokenValue.Dimension] = []
        for (index, part) in parts.enumerated() {
            do {
                lengths.append(try dimension(part))
            } catch {
                // Text that is not lengths alone is not shorthand (the error then says what a dimension is).
                if string(value) != nil { return nil }
                throw fail("a list of dimensions holds dimensions: \(error.message)", at: "\(index)")
            }
        }
        let read = TokenValue.shorthand(lengths)
        deviateAsToolForm(
            value,
            "read as \(lengths.count) lengths, \"\(read)\", as CSS shorthand gives them; DTCG 2025.10 has one length to a dimension token"
        )
        return lengths
    }
}
