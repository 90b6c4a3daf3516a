import DesignTokens

/// The `--format text` table of a resolved theme: one row per token, columns aligned, for people.
///
/// ```
/// PATH                       TYPE   REFERS TO         VALUE
/// theme.color.border.brand   color  palette.blue.600  #0055ff
/// ```
enum TextTable {
    static func render(_ theme: ResolvedTheme) -> [UInt8] {
        var rows: [[String]] = [["PATH", "TYPE", "REFERS TO", "VALUE"]]
        rows.reserveCapacity(theme.count + 1)
        // Each value shown once for every token that shares it (an alias chain's end and its aliases).
        var shown = [String?](repeating: nil, count: theme.count)
        for id in 0..<theme.count {
            // A whole-value alias shows its one target; other values every token they refer to.
            let refersTo = theme.references(of: id).map { theme.path(of: Int($0)) }.joined(separator: ", ")
            let source = theme.valueSource(of: id)
            let value = shown[source] ?? display(theme.value(at: id))
            shown[source] = value
            rows.append([theme.path(of: id), theme.type(of: id).name, refersTo.isEmpty ? "-" : refersTo, value])
        }
        return align(rows)
    }

    /// A value as one short line: `#0055ff`, `16px`, `{"color": "#0055ff", "width": "1px", "style": "solid"}`.
    static func display(_ value: TokenValue) -> String {
        switch value.flatJSON {
        case .string(let text): return text
        case let other:
            return JSONWriter.compactText(other)
        }
    }

    /// The rows as lines of UTF-8, every column but the last padded to its widest cell, two spaces apart; trailing
    /// spaces trimmed. Widths count Unicode scalars, as a terminal shows them.
    static func align(_ rows: [[String]]) -> [UInt8] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], cell.unicodeScalars.count)
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * (widths.reduce(0, +) + 2 * columns + 16))
        for row in rows {
            let lineStart = bytes.count
            for (index, cell) in row.enumerated() {
                var cell = cell
                cell.withUTF8 { bytes.append(contentsOf: $0) }
                if index < row.count - 1 {
                    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: widths[index] - cell.unicodeScalars.count + 2))
                }
            }
            while bytes.count > lineStart, bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }
}
