@_spi(Engine) import TokenJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lines of a source file, for quoting the one a diagnostic points at, with a caret under its column; a line
/// wider than an excerpt is cut to a window around the column.
///
/// Where each line starts is found once, when the text is made, and is shared by every diagnostic quoted from it,
/// so a quote costs what it shows: a one-line file with thousands of diagnostics is neither searched from its start
/// nor printed whole for each of them. Columns are counted as ``JSONDocument/location(ofOffset:)`` counts them: one
/// for each byte that starts a character (a Unicode scalar), from the start of the line (after a byte order mark,
/// on the first).
package struct SourceText: Sendable {
    /// A line as a diagnostic quotes it, and what goes before the caret under it.
    package struct Excerpt: Equatable, Sendable {
        /// The line without its line break; when it is wider than the excerpt, a window of it around the column,
        /// with `…` at each end that is cut.
        package var text: String
        /// What goes before the caret so that it stands under the column in ``text``: a tab under a tab (so the
        /// two line up in a terminal), a space under any other character and under a leading `…`.
        package var caretLead: String
    }

    /// The most columns an excerpt shows, its `…` marks included; a line no wider is shown whole.
    package static let excerptWidth = 120

    private let bytes: SourceBytes
    /// The byte offset where each line starts: after the byte order mark for the first, after a line feed for the
    /// others.
    private let lineStarts: [Int]
    private let columnIndex: ColumnIndex

    /// Indexes the lines of a file's bytes.
    package init(_ bytes: SourceBytes) {
        self.bytes = bytes
        (lineStarts, columnIndex) = bytes.withUnsafeBufferPointer { buffer in
            var starts = [JSONReader.byteOrderMarkLength(buffer)]
            // `memchr` reads the `buffer.count - position` bytes from `position`, below `buffer.count`.
            var position = 0
            while position < buffer.count,
                let found = memchr(buffer.baseAddress! + position, Int32(UInt8(ascii: "\n")), buffer.count - position)
            {
                position = UnsafeRawPointer(buffer.baseAddress!).distance(to: UnsafeRawPointer(found)) + 1
                starts.append(position)
            }
            return (starts, ColumnIndex(buffer, lineStarts: starts))
        }
    }

    /// The 1-based `line` quoted for a caret under `column`: the whole line when it is at most `width` columns
    /// wide, else `width` columns of it around the column, `…` marks included. A column past the line's end (an
    /// error at the end of the file) puts the caret just after its last character.
    /// - Parameters:
    ///   - line: the 1-based line.
    ///   - column: the 1-based column the caret goes under.
    ///   - width: the most columns shown (at least 3: a character between two `…`).
    /// - Returns: the excerpt, or nil when the file has no such line.
    package func excerpt(line: Int, column: Int, width: Int = excerptWidth) -> Excerpt? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let width = max(width, 3)
        let start = lineStarts[line - 1]
        // The line is `start..<end`, both within the bytes (the line starts were found in them), and every offset
        // ``ColumnIndex`` gives is within the line: what `text` and `lead` read.
        return bytes.withUnsafeBufferPointer { buffer in
            var end = line < lineStarts.count ? lineStarts[line] - 1 : buffer.count
            if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let lineColumns = columnIndex.columns(from: start, to: end, in: buffer)
            let caretColumn = min(max(column, 1), lineColumns + 1)
            guard lineColumns > width else {
                let caret = columnIndex.offset(caretColumn - 1, columnsAfter: start, end: end, in: buffer)
                return Excerpt(text: Self.text(buffer, start, end), caretLead: Self.lead(buffer, start, caret))
            }
            // The window's first column and the column after its last: centred on the caret, with a `…` at each
            // end, unless it reaches the start or the end of the line, where it shows one column more instead.
            var first = caretColumn - (width - 2) / 2
            var last: Int
            if first <= 1 {
                first = 1
                last = width
            } else {
                last = first + width - 2
                if last > lineColumns {
                    last = lineColumns + 1
                    first = last - (width - 1)
                }
            }
            let from = columnIndex.offset(first - 1, columnsAfter: start, end: end, in: buffer)
            let caret = columnIndex.offset(caretColumn - first, columnsAfter: from, end: end, in: buffer)
            let to = columnIndex.offset(last - caretColumn, columnsAfter: caret, end: end, in: buffer)
            let cutStart = first > 1
            let cutEnd = last <= lineColumns
            return Excerpt(
                text: (cutStart ? "…" : "") + Self.text(buffer, from, to) + (cutEnd ? "…" : ""),
                caretLead: (cutStart ? " " : "") + Self.lead(buffer, from, caret))
        }
    }

    /// The line's text as shown: a control character other than a tab (one a terminal may take for a command) as
    /// `�`, one column as it was, so that the caret stays under its column.
    private static func text(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        guard text.unicodeScalars.contains(where: { $0 != "\t" && $0.isControl }) else { return text }
        return String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0 != "\t" && $0.isControl ? "\u{FFFD}" : $0 }))
    }

    /// A tab for each tab in `start..<end`, a space for each other character.
    private static func lead(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var lead = ""
        for index in start..<end where buffer[index] & 0xC0 != 0x80 {
            lead.append(buffer[index] == UInt8(ascii: "\t") ? "\t" : " ")
        }
        return lead
    }
}
