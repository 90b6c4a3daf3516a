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

    /// The bytes in a block of ``columnsBefore``.
    private static let blockSize = 4_096

    private let bytes: SourceBytes
    /// The byte offset where each line starts: after the byte order mark for the first, after a line feed for the
    /// others.
    private let lineStarts: [Int]
    /// The columns (bytes that start a character) in the file before each block of ``blockSize`` bytes, so that a
    /// column far along a long line is found without counting from the line's start. Only for a file with a line
    /// longer than a block; empty otherwise, where counting from the line's start costs no more than a block.
    private let columnsBefore: [Int]

    /// Indexes the lines of a file's bytes.
    package init(_ bytes: SourceBytes) {
        self.bytes = bytes
        (lineStarts, columnsBefore) = bytes.withUnsafeBufferPointer { buffer in
            var starts = [JSONReader.byteOrderMarkLength(buffer)]
            var longest = 0
            var position = 0
            while position < buffer.count,
                let found = memchr(buffer.baseAddress! + position, Int32(UInt8(ascii: "\n")), buffer.count - position)
            {
                let newline = UnsafeRawPointer(buffer.baseAddress!).distance(to: UnsafeRawPointer(found))
                longest = max(longest, newline - starts[starts.count - 1])
                position = newline + 1
                starts.append(position)
            }
            longest = max(longest, buffer.count - starts[starts.count - 1])
            guard longest > Self.blockSize else { return (starts, []) }
            var before: [Int] = []
            before.reserveCapacity(buffer.count / Self.blockSize + 1)
            var columns = 0
            for block in 0...(buffer.count / Self.blockSize) {
                before.append(columns)
                let start = block * Self.blockSize
                columns += Self.countColumns(buffer, start, min(start + Self.blockSize, buffer.count))
            }
            return (starts, before)
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
        return bytes.withUnsafeBufferPointer { buffer in
            var end = line < lineStarts.count ? lineStarts[line] - 1 : buffer.count
            if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let lineColumns = columns(from: start, to: end, buffer)
            let caretColumn = min(max(column, 1), lineColumns + 1)
            guard lineColumns > width else {
                let caret = offset(caretColumn - 1, columnsAfter: start, end: end, buffer)
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
            let from = offset(first - 1, columnsAfter: start, end: end, buffer)
            let caret = offset(caretColumn - first, columnsAfter: from, end: end, buffer)
            let to = offset(last - caretColumn, columnsAfter: caret, end: end, buffer)
            let cutStart = first > 1
            let cutEnd = last <= lineColumns
            return Excerpt(
                text: (cutStart ? "…" : "") + Self.text(buffer, from, to) + (cutEnd ? "…" : ""),
                caretLead: (cutStart ? " " : "") + Self.lead(buffer, from, caret))
        }
    }

    /// The columns between two byte offsets of a line.
    private func columns(from start: Int, to end: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard end - start > Self.blockSize, !columnsBefore.isEmpty else { return Self.countColumns(buffer, start, end) }
        return columns(before: end, buffer) - columns(before: start, buffer)
    }

    /// The columns in the file before a byte offset (when there are blocks).
    private func columns(before offset: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        let block = offset / Self.blockSize
        return columnsBefore[block] + Self.countColumns(buffer, block * Self.blockSize, offset)
    }

    /// The offset of the character `count` columns on from the one at `position`, or `end` when the line ends first.
    private func offset(_ count: Int, columnsAfter position: Int, end: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var position = position
        var remaining = count
        if remaining > Self.blockSize, !columnsBefore.isEmpty {
            // Start from the last block, within the line, that begins at or before the character sought.
            let target = columns(before: position, buffer) + remaining
            var low = position / Self.blockSize
            var high = min(end / Self.blockSize, columnsBefore.count - 1)
            while low < high {
                let middle = (low + high + 1) / 2
                if columnsBefore[middle] <= target { low = middle } else { high = middle - 1 }
            }
            if low * Self.blockSize > position {
                position = low * Self.blockSize
                remaining = target - columnsBefore[low]
            }
        }
        while position < end {
            if buffer[position] & 0xC0 != 0x80 {
                if remaining == 0 { break }
                remaining -= 1
            }
            position += 1
        }
        return position
    }

    /// The bytes that start a character in `start..<end`.
    private static func countColumns(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var count = 0
        for index in start..<end where buffer[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    private static func text(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
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
