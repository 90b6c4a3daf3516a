/// The contrast a pair of colours must reach.
///
/// | level | text | large text | non-text |
/// |---|---|---|---|
/// | AA | 4.5:1 (WCAG 1.4.3) | 3:1 (1.4.3) | 3:1 (1.4.11) |
/// | AAA | 7:1 (WCAG 1.4.6) | 4.5:1 (1.4.6) | 4.5:1 (ThemeEngine's policy: WCAG 2 has no AAA for non-text) |
public enum ContrastLevel: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case aa = "AA"
    case aaa = "AAA"

    /// The lowest ratio that passes.
    public func minimum(for kind: ContrastKind) -> Double {
        switch (self, kind) {
        case (.aa, .text): 4.5
        case (.aa, .largeText), (.aa, .nonText): 3
        case (.aaa, .text): 7
        case (.aaa, .largeText), (.aaa, .nonText): 4.5
        }
    }

    public var description: String { rawValue }
}

/// What a foreground colour is: text, large text (18pt, or 14pt bold), or a non-text part of a control
/// (a border, an icon) that people need to see to use it.
public enum ContrastKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case text
    case largeText = "large-text"
    case nonText = "non-text"

    /// `text`, `large text`, `non-text`.
    public var description: String { self == .largeText ? "large text" : rawValue }
}
