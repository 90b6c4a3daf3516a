import ColorSpaces
@_spi(Engine) import TokenJSON

/// Renders diagnostics compiler-style, as the `theme` tool prints them, for people and for editors that jump to
/// `FILE:LINE:COL`:
///
/// ```
/// Themes/dark.json:12:27: error: [unresolved-reference] theme.color.input.focused.border refers to …
///         "border": {"$value": "{theme.color.border.brnad}"},
///                              ^
/// ```
///
/// A source line wider than ``SourceText/excerptWidth`` columns is cut to a window around the column, with `…` at a
/// cut end, so that a long line costs the same to show as a short one. Notes follow their diagnostic. Colour (bold
/// locations, red errors, yellow warnings) only when asked.
///
/// Info diagnostics of one rule past ``infoShownPerRule`` are folded into one line that says how many more there
/// are: a palette of wide-gamut colours would otherwise bury a command's warnings under a line per colour.
/// `theme lint`, whose job is to list them, shows every one.
///
/// ```swift
/// do throws(DiagnosticError) {
///     _ = try ResolvedTheme.resolve([.defaultTokens, theme])
/// } catch {
///     print(DiagnosticRenderer(sources: error.sources, usesColor: true).render(error.diagnostics))
/// }
/// ```
public struct DiagnosticRenderer: Sendable {
    /// The files diagnostics may point into, by the name they were loaded under, for the quoted source line.
    private var sources: [String: SourceBytes]
    /// Whether locations, severities and carets are coloured with ANSI escapes (for a terminal).
    public var usesColor: Bool
    /// How many info diagnostics of each rule are shown in full; nil for all.
    public var infoShownPerRule: Int?

    /// - Parameters:
    ///   - sources: the files diagnostics may point into; a diagnostic in a file not among them is rendered without
    ///     its source line.
    ///   - usesColor: whether to colour the output for a terminal.
    ///   - infoShownPerRule: how many info diagnostics of each rule are shown in full before the rest are counted in
    ///     one line; nil for all.
    public init(sources: [TokenSource], usesColor: Bool = false, infoShownPerRule: Int? = 5) {
        var byName: [String: SourceBytes] = [:]
        for source in sources { byName[source.name] = source.contents }
        self.sources = byName
        self.usesColor = usesColor
        self.infoShownPerRule = infoShownPerRule
    }

    /// Each diagnostic's line, the source line it points at with a caret under the column, and its notes, one
    /// line each, every line ending in a line break.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        var text = ""
        // Each file's lines are indexed once, when a diagnostic first quotes it, for all that quote it.
        var texts: [String: SourceText] = [:]
        var infoShown: [Diagnostic.Rule: Int] = [:]
        var infoFolded: [(rule: Diagnostic.Rule, count: Int)] = []
        for diagnostic in diagnostics {
            if diagnostic.severity == .info, let limit = infoShownPerRule {
                infoShown[diagnostic.rule, default: 0] += 1
                if infoShown[diagnostic.rule]! > limit {
                    if let index = infoFolded.firstIndex(where: { $0.rule == diagnostic.rule }) {
                        infoFolded[index].count += 1
                    } else {
                        infoFolded.append((diagnostic.rule, 1))
                    }
                    continue
                }
            }
            text += line(
                location: diagnostic.location, label: diagnostic.severity.rawValue,
                color: color(for: diagnostic.severity), message: "[\(diagnostic.rule.id)] \(diagnostic.message)")
            text += excerpt(diagnostic.location, texts: &texts)
            for note in diagnostic.notes {
                text += line(location: note.location, label: "note", color: "36", message: note.message)
            }
        }
        for folded in infoFolded {
            text += line(
                location: nil, label: "info", color: color(for: .info),
                message:
                    "[\(folded.rule.id)] \(folded.count) more like \(folded.count == 1 ? "this" : "these"); theme lint lists every one"
            )
        }
        return text
    }

    /// "1 error and 2 warnings", "1 error, 2 warnings and 3 info", or nil when there are none.
    public static func summary(_ diagnostics: [Diagnostic]) -> String? {
        var parts: [String] = []
        for (severity, noun) in [(Diagnostic.Severity.error, "error"), (.warning, "warning"), (.info, "info")] {
            let count = diagnostics.count { $0.severity == severity }
            guard count > 0 else { continue }
            parts.append("\(count) \(noun)\(count == 1 || severity == .info ? "" : "s")")
        }
        guard let last = parts.popLast() else { return nil }
        return parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
    }

    /// One line of a diagnostic or note; control characters in the message (from names and values in a file)
    /// are written as their code points, so that they print as text on this line.
    private func line(location: SourceLocation?, label: String, color: String, message: String) -> String {
        let place = paint(location.map { "\($0): " } ?? "theme: ", "1")
        return place + paint(label + ":", "1;" + color) + " " + message.controlCharactersEscaped + "\n"
    }

    /// The source line (or a window of it) and a caret under the column; `texts` keeps the files indexed so far.
    private func excerpt(_ location: SourceLocation?, texts: inout [String: SourceText]) -> String {
        guard let location, let bytes = sources[location.file] else { return "" }
        if texts[location.file] == nil { texts[location.file] = SourceText(bytes) }
        guard let excerpt = texts[location.file]?.excerpt(line: location.line, column: location.column) else {
            return ""
        }
        return excerpt.text + "\n" + excerpt.caretLead + paint("^", "1;32") + "\n"
    }

    private func color(for severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "31"
        case .warning: "33"
        case .info: "36"
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
