import DesignTokens

/// The `--format text` table of a resolved theme: one row per token, columns aligned, for people.
///
/// ```
/// PATH                       TYPE   REFERS TO         VALUE
/// theme.color.border.brand   color  palette.blue.600  #0055ff
/// ```
enum TextTable {
    static func render(_ theme: ResolvedTheme) -> [UInt8] {
        // The cells row after row, four to a row: one array, not one per row.
        var cells = ["PATH", "TYPE", "REFERS TO", "VALUE"]
        cells.reserveCapacity(4 * (theme.count + 1))
        // Each value shown once for every token that shares it (an alias chain's end and its aliases).
        var shown = [String?](repeating: nil, count: theme.count)
        for id in 0..<theme.count {
            let source = theme.valueSource(of: id)
            let value = shown[source] ?? display(theme.value(at: id))
            shown[source] = value
            cells.append(theme.path(of: id))
            cells.append(theme.type(of: id).name)
            // A whole-value alias shows its one target; other values every token they refer to.
            let references = theme.references(of: id)
            switch references.count {
            case 0: cells.append("-")
            case 1: cells.append(theme.path(of: Int(references[0])))
            default: cells.append(references.map { theme.path(of: Int($0)) }.joined(separator: ", "))
            }
            cells.append(value)
        }
        return align(cells: cells, columns: 4)
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
        // A short row ends in empty cells, whose padding is trimmed with the line's.
        return align(cells: rows.flatMap { $0 + repeatElement("", count: columns - $0.count) }, columns: columns)
    }

    /// ``align(_:)`` for rows given as their cells one after another, `columns` to a row.
    static func align(cells: [String], columns: Int) -> [UInt8] {
        guard columns > 0 else { return [] }
        // Each cell's width, and each column's; the last column is not padded, so its widths are not needed.
        var cellWidths = [Int](repeating: 0, count: cells.count)
        var widths = [Int](repeating: 0, count: columns)
        var size = 0
        for (index, cell) in cells.enumerated() {
            size += cell.utf8.count
            let column = index % columns
            guard column < columns - 1 else { continue }
            cellWidths[index] = width(cell)
            widths[column] = max(widths[column], cellWidths[index])
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + cells.count / columns * (widths.reduce(0, +) + 2 * columns + 1))
        // Padding is copied from one run of spaces as long as the widest.
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: (widths.max() ?? 0) + 2)
        for rowStart in stride(from: 0, to: cells.count, by: columns) {
            let lineStart = bytes.count
            for column in 0..<columns {
                var cell = cells[rowStart + column]
                cell.withUTF8 { bytes.append(contentsOf: $0) }
                if column < columns - 1 {
                    bytes.append(contentsOf: spaces[..<(widths[column] - cellWidths[rowStart + column] + 2)])
                }
            }
            while bytes.count > lineStart, bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The Unicode scalars of `text`, counted from its UTF-8: every byte but those that continue a scalar.
    private static func width(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        }
    }
}
