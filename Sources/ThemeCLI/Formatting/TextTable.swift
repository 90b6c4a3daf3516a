import DesignTokens
@_spi(Engine) import TokenJSON

/// The `--format text` table of a resolved theme: one row per token, columns aligned, for people.
///
/// ```
/// PATH                       TYPE   REFERS TO         VALUE
/// theme.color.border.brand   color  palette.blue.600  #0055ff
/// ```
enum TextTable {
    /// The table of a theme, handed to `sink` in pieces of at least `pieceSize` bytes as it is written (the last
    /// may be smaller). The cells are written from the path table's bytes, with a `String` only for each value.
    static func write(_ theme: ResolvedTheme, to sink: inout OutputSink, pieceSize: Int = OutputSink.pieceSize)
        throws(FileSystem.Failure)
    {
        var (arena, starts) = theme.allPaths()
        if arena.contains(where: mayStartControlCharacter) { (arena, starts) = controlCharactersEscaped(arena, starts) }
        // `path(_:)` slices the borrowed arena unchecked: the starts are checked once to bound it.
        precondition(ResolvedTheme.startsBoundPaths(starts, in: arena.count), "path starts outside the arena")
        try arena.withUnsafeBufferPointer { (arena) throws(FileSystem.Failure) in
            func path(_ id: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: arena[starts[id]..<starts[id + 1]])
            }
            let header = ["PATH", "TYPE", "REFERS TO", "VALUE"]
            // The widths of the padded columns (all but the last), measured before any row is written.
            var widths = header.dropLast().map(width)
            for id in 0..<theme.count {
                widths[0] = max(widths[0], width(path(id)))
                widths[1] = max(widths[1], width(theme.type(of: id).name))
                // The targets' paths, `, ` between them; `-` for none.
                var referencesWidth = -2
                theme.forEachReference(of: id) { referencesWidth += 2 + width(path($0)) }
                widths[2] = max(widths[2], referencesWidth < 0 ? 1 : referencesWidth)
            }
            var lines = AlignedLines(widths: widths, capacity: min(pieceSize, 1 << 20) * 2)
            for cell in header { lines.add(cell) }
            var values = ValueCells(theme)
            var referencesCell: [UInt8] = []
            for id in 0..<theme.count {
                lines.add(path(id))
                lines.add(theme.type(of: id).name)
                // A whole-value alias shows its one target; other values every token they refer to.
                referencesCell.removeAll(keepingCapacity: true)
                var referenceCount = 0
                theme.forEachReference(of: id) { reference in
                    if referenceCount > 0 { referencesCell.append(contentsOf: ", ".utf8) }
                    referencesCell.append(contentsOf: path(reference))
                    referenceCount += 1
                }
                if referenceCount == 0 { lines.add("-") } else { lines.add(referencesCell) }
                values.withCell(of: id) { lines.add($0) }
                try lines.flush(to: &sink, ifAtLeast: pieceSize)
            }
            try lines.flush(to: &sink, ifAtLeast: 0)
        }
    }

    /// Whether a UTF-8 byte is, or may start, a control character: C0 and DEL, or the lead byte of U+0080–U+00BF,
    /// where the C1 controls are.
    private static func mayStartControlCharacter(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F || byte == 0xC2 }

    /// Paths laid end to end, as `allPaths()` gives them, with their control characters written as code points.
    private static func controlCharactersEscaped(_ arena: [UInt8], _ starts: [Int]) -> ([UInt8], [Int]) {
        var escaped: [UInt8] = []
        var escapedStarts = [0]
        for id in 0..<(starts.count - 1) {
            escaped += String(decoding: arena[starts[id]..<starts[id + 1]], as: UTF8.self).controlCharactersEscaped.utf8
            escapedStarts.append(escaped.count)
        }
        return (escaped, escapedStarts)
    }

    /// The value cells of a theme's rows, each written once for all the tokens that share it (an alias chain's end
    /// and its aliases): a value's flat JSON written as bytes, a string's without its quotes. A string the JSON
    /// writer escapes, or that holds a C1 control, is shown through ``display(_:)``.
    private struct ValueCells {
        private let theme: ResolvedTheme
        private var writer = JSONWriter.compact()
        /// The cells of the values shared by other tokens, one after another, and where each one's lies.
        private var kept: [UInt8] = []
        private var keptRanges: [Range<Int>?]
        private var isShared: [Bool]

        init(_ theme: ResolvedTheme) {
            self.theme = theme
            keptRanges = Array(repeating: nil, count: theme.count)
            isShared = Array(repeating: false, count: theme.count)
            for id in 0..<theme.count where theme.valueSource(of: id) != id {
                isShared[theme.valueSource(of: id)] = true
            }
        }

        /// Calls `body` with the value cell of token `id`.
        mutating func withCell(of id: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            let source = theme.valueSource(of: id)
            if let range = keptRanges[source] {
                // The array's slice checks the kept range.
                return kept[range].withUnsafeBufferPointer(body)
            }
            writer.removeAll()
            theme.value(at: id).writeFlatJSON(to: &writer)
            writer.bytes.withUnsafeBufferPointer { written in
                // A string is shown without its quotes.
                let isString = written.first == UInt8(ascii: "\"")
                let cell = isString ? written.dropFirst().dropLast() : written[...]
                // A string with an escape, and any cell with DEL or what may be a C1 control (which JSON leaves as
                // they are), as `display` shows it, with its control characters written as code points.
                if cell.contains(where: { $0 == 0x7F || $0 == 0xC2 || (isString && $0 == UInt8(ascii: "\\")) }) {
                    var text = TextTable.display(theme.value(at: id)).controlCharactersEscaped
                    return text.withUTF8 { keep(source, $0, body) }
                }
                keep(source, UnsafeBufferPointer(rebasing: cell), body)
            }
        }

        /// Calls `body` with `cell`, kept first when other tokens share the value of `source`.
        private mutating func keep(
            _ source: Int, _ cell: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
        ) {
            body(cell)
            guard isShared[source] else { return }
            let start = kept.count
            kept.append(contentsOf: cell)
            keptRanges[source] = start..<kept.count
        }
    }

    /// A value as one short line: `#0055ff`, `16px`, `{"color": "#0055ff", "width": "1px", "style": "solid"}`; a
    /// control character in a string (a line break) as its code point.
    static func display(_ value: TokenValue) -> String {
        switch value.flatJSON {
        case .string(let text): return text.controlCharactersEscaped
        case let other:
            return JSONWriter.compactText(other)
        }
    }

    /// The rows as lines of UTF-8, every column but the last padded to its widest cell, two spaces apart; trailing
    /// spaces trimmed; control characters written as code points. Widths count Unicode scalars, as a terminal
    /// shows them.
    static func align(_ rows: [[String]]) -> [UInt8] {
        let rows = rows.map { $0.map(\.controlCharactersEscaped) }
        let columns = rows.map(\.count).max() ?? 0
        guard columns > 0 else { return [] }
        // A short row ends in empty cells, whose padding is trimmed with the line's.
        var widths = [Int](repeating: 0, count: columns - 1)
        for row in rows {
            for (column, cell) in row.enumerated() where column < columns - 1 {
                widths[column] = max(widths[column], width(cell))
            }
        }
        var lines = AlignedLines(widths: widths, capacity: 4096)
        for row in rows {
            for cell in row { lines.add(cell) }
            for _ in row.count..<columns { lines.add("") }
        }
        return lines.bytes
    }

    /// The Unicode scalars of a text, counted from its UTF-8: every byte but those that continue a scalar.
    /// Counted here rather than by the engine's own count of characters: a call into another module for every
    /// cell costs more than this loop.
    private static func width(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in text where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    private static func width(_ text: String) -> Int {
        var text = text
        return text.withUTF8(width)
    }

    /// Lines of cells as UTF-8, each cell but a line's last padded to its column's width and followed by two
    /// spaces; a line's trailing spaces are trimmed.
    private struct AlignedLines {
        /// The lines written so far (since the last flush).
        private(set) var bytes: [UInt8] = []
        /// The width of every column but the last, at least that of its widest cell.
        private let widths: [Int]
        /// One run of spaces as long as the widest padding, which every padding is copied from.
        private let spaces: [UInt8]
        /// The column of the next cell, and where its line starts in `bytes`.
        private var column = 0
        private var lineStart = 0

        init(widths: [Int], capacity: Int) {
            self.widths = widths
            spaces = Array(repeating: UInt8(ascii: " "), count: (widths.max() ?? 0) + 2)
            bytes.reserveCapacity(capacity)
        }

        /// Adds the next cell; after a line's last, ends the line.
        mutating func add(_ cell: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: cell)
            if column < widths.count {
                bytes.append(contentsOf: spaces[..<(widths[column] - TextTable.width(cell) + 2)])
                column += 1
                return
            }
            while bytes.count > lineStart, bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
            bytes.append(UInt8(ascii: "\n"))
            column = 0
            lineStart = bytes.count
        }

        /// Hands the lines written so far to `sink` and empties the buffer, once it holds at least `size` bytes.
        /// Called between lines.
        mutating func flush(to sink: inout OutputSink, ifAtLeast size: Int) throws(FileSystem.Failure) {
            precondition(column == 0, "flushing inside a line")
            guard bytes.count >= size else { return }
            try sink.write(bytes)
            bytes.removeAll(keepingCapacity: true)
            lineStart = 0
        }

        mutating func add(_ cell: String) {
            var cell = cell
            cell.withUTF8 { add($0) }
        }

        mutating func add(_ cell: [UInt8]) {
            cell.withUnsafeBufferPointer { add($0) }
        }
    }
}
