@_spi(Engine) import TokenJSON

/// Values as Tokens Studio (and Style Dictionary v3) write them: a bare number where a dimension belongs is px, a
/// number may be written in a string, and the typography members of its own are its format's. Read in the files
/// of those tools, whose one warning says so, and for a token whose `$type` is Tokens Studio's: nothing is
/// recorded value by value.
struct TokensStudioValues: ValueReading {
    var recordsToolForms: Bool { false }

    var multipliesLikeUnits: Bool { true }

    var fillsMissingTypographyMembers: Bool { true }

    func dimension(
        fromNumber number: Double, written: @autoclosure () -> String, at value: ValueDecoder.Input,
        in decoder: ValueDecoder
    )
        -> TokenValue.Dimension?
    {
        TokenValue.Dimension(number, .px)
    }

    func number(fromText number: Double, written: String, at value: ValueDecoder.Input, in decoder: ValueDecoder)
        -> Double?
    { number }

    func isOwnTypographyMember(_ name: String) -> Bool {
        ValueDecoder.tokensStudioTypographyMembers.contains(name)
    }
}

/// The other values of a DTCG file that writes Tokens Studio's type names for some tokens: numbers written as
/// Tokens Studio writes them (a bare number for px, a number in a string) are read so, each a deviation.
struct TokensStudioTypesInDTCG: ValueReading {
    var recordsToolForms: Bool { true }

    var multipliesLikeUnits: Bool { true }

    func dimension(
        fromNumber number: Double, written: @autoclosure () -> String, at value: ValueDecoder.Input,
        in decoder: ValueDecoder
    )
        -> TokenValue.Dimension?
    {
        // 0 is read as DTCG's own deviation says.
        guard number != 0 else { return nil }
        let dimension = TokenValue.Dimension(number, .px)
        decoder.deviate(
            value,
            #"\#(written()) read as \#(dimension), as Tokens Studio means a bare number (the file writes Tokens Studio's types); write {"value": \#(JSONWriter.format(number)), "unit": "px"}"#
        )
        return dimension
    }

    func number(fromText number: Double, written: String, at value: ValueDecoder.Input, in decoder: ValueDecoder)
        -> Double?
    {
        decoder.deviate(
            value,
            #""\#(written)" read as \#(JSONWriter.format(number)), as Tokens Studio writes numbers (the file writes Tokens Studio's types); write \#(JSONWriter.format(number))"#
        )
        return number
    }

    func isOwnTypographyMember(_ name: String) -> Bool { false }

    var fillsMissingTypographyMembers: Bool { false }
}
