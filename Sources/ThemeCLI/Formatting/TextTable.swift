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
        for id in 0..<theme.count {
            // A whole-value alias shows its one target; other values every token they refer to.
            let refersTo = theme.references(of: id).map { theme.path(of: Int($0)) }.joined(separator: ", ")
            rows.append([theme.path(of: id), theme.type(of: id).name, refersTo.isEmpty ? "-" : refersTo, display(theme.value(at: id))])
        }
        return Array(align(rows).utf8)
    }

    /// A value as one short line: `#0055ff`, `16px`, `{"color": "#0055ff", "width": "1px", "style": "solid"}`.
    static func display(_ value: TokenValue) -> String {
        switch value.flatJSON {
        case .string(let text): return text
        case let other:
            var writer = JSONWriter.compact()
            writer.value(other)
            return String(decoding: writer.bytes, as: UTF8.self)
        }
    }

    /// Pads every column but the last to its widest cell, two spaces apart; trailing spaces trimmed.
    static func align(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.unicodeScalars.count) }
        }
        var text = ""
        for row in rows {
            var line = ""
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 {
                    line += String(repeating: " ", count: widths[index] - cell.unicodeScalars.count + 2)
                }
            }
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        return text
    }
}
