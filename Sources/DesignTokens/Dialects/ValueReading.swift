@_spi(Engine) import TokenJSON

/// What a value written in a form DTCG 2025.10 does not define means, as the dialect of its file reads it: asked
/// by the decoder where it meets such a form, never on DTCG's own path.
protocol ValueReading: Sendable {
    /// Whether each form of the dialect's tools read in a value is recorded as a deviation of it (false where the
    /// file's one warning says so for all of them).
    var recordsToolForms: Bool { get }

    /// The dimension a bare number (`16`, or `"16"` in a string, as `written` spells it for a message) stands for
    /// where a dimension belongs, recording what it records; nil where it has none (DTCG then reads 0 as 0px, a deviation, and refuses any other).
    func dimension(
        fromNumber number: Double, written: @autoclosure () -> String, at value: ValueDecoder.Input,
        in decoder: ValueDecoder
    )
        -> TokenValue.Dimension?

    /// The number a numeric string (`"1.5"`) stands for where a number belongs; nil where it has none.
    func number(fromText number: Double, written: String, at value: ValueDecoder.Input, in decoder: ValueDecoder)
        -> Double?

    /// Whether a typography member that is not DTCG's is the dialect's own, which its file's warning covers.
    func isOwnTypographyMember(_ name: String) -> Bool

    /// Whether arithmetic multiplies two measures of one unit into that unit (`1rem * 1.5rem` is 1.5rem), as
    /// Tokens Studio's tools do, which take the unit off before they compute and put it back after.
    var multipliesLikeUnits: Bool { get }

    /// Whether a typography without a font family, size or weight is read with the ones the dialect's tools fill
    /// in (``ValueDecoder/typography(_:)``), rather than refused.
    var fillsMissingTypographyMembers: Bool { get }
}

/// Values as DTCG 2025.10 writes them: a form of another tool's is a deviation, or an error where it has no plain
/// meaning.
struct DTCGValues: ValueReading {
    var recordsToolForms: Bool { true }

    func dimension(
        fromNumber number: Double, written: @autoclosure () -> String, at value: ValueDecoder.Input,
        in decoder: ValueDecoder
    )
        -> TokenValue.Dimension?
    { nil }

    func number(fromText number: Double, written: String, at value: ValueDecoder.Input, in decoder: ValueDecoder)
        -> Double?
    { nil }

    func isOwnTypographyMember(_ name: String) -> Bool { false }

    var multipliesLikeUnits: Bool { false }

    var fillsMissingTypographyMembers: Bool { false }
}
