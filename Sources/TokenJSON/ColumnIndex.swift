/// Columns counted ahead in a file with long lines, so that a column far along a line (a minified file's one
/// line) is found without counting from the line's start, for every diagnostic on it.
///
/// A column is a byte that starts a character (a Unicode scalar), as locations count them. The index keeps the
/// columns in the file before each block of ``blockSize`` bytes; it is empty for a file whose lines are all at
/// most a block long, where counting from a line's start costs no more than a block.
package struct ColumnIndex: Sendable {
    /// The bytes in a block.
    package static let blockSize = 4_096

    /// The columns in the file before each block; empty when no line is longer than a block.
    private let columnsBefore: [Int]

    /// Indexes a file's bytes when its longest line is longer than a block.
    /// - Parameters:
    ///   - buffer: the file's bytes.
    ///   - longestLine: the most bytes of any line.
    init(_ buffer: UnsafeBufferPointer<UInt8>, longestLine: Int) {
        guard longestLine > Self.blockSize else {
            columnsBefore = []
            return
        }
        var before: [Int] = []
        before.reserveCapacity(buffer.count / Self.blockSize + 1)
        var columns = 0
        // Each block is `start..<min(start + blockSize, buffer.count)`, with `start` at most `buffer.count`.
        for block in 0...(buffer.count / Self.blockSize) {
            before.append(columns)
            let start = block * Self.blockSize
            columns +=
                UnsafeBufferPointer(rebasing: buffer[start..<min(start + Self.blockSize, buffer.count)]).characterCount
        }
        columnsBefore = before
    }

    /// Indexes a file whose lines start at `lineStarts` (the first at 0 or after a byte order mark).
    package init(_ buffer: UnsafeBufferPointer<UInt8>, lineStarts: some Collection<some BinaryInteger>) {
        var longest = 0
        var previous = 0
        for start in lineStarts.dropFirst() {
            longest = max(longest, Int(start) - previous)
            previous = Int(start)
        }
        self.init(buffer, longestLine: max(longest, buffer.count - previous))
    }

    /// The columns between two byte offsets of a line.
    package func columns(from start: Int, to end: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        // The offsets are the caller's (a location's, an excerpt's): checked to lie in `buffer`, which every count
        // below then reads within (``columns(before:_:)`` from a block's start up to an offset).
        precondition(0 <= start && start <= end && end <= buffer.count, "columns counted outside the file")
        guard end - start > Self.blockSize, !columnsBefore.isEmpty else {
            return UnsafeBufferPointer(rebasing: buffer[start..<end]).characterCount
        }
        return columns(before: end, buffer) - columns(before: start, buffer)
    }

    /// The offset of the character `count` columns on from the one at `position`, or `end` when the line ends first.
    package func offset(_ count: Int, columnsAfter position: Int, end: Int, in buffer: UnsafeBufferPointer<UInt8>)
        -> Int
    {
        // The caller's offsets, checked to lie in `buffer`: `position` only grows (to a block start at most `end`),
        // and every byte read is below `end`.
        precondition(
            0 <= position && position <= buffer.count && end <= buffer.count, "columns counted outside the file")
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

    /// The columns in the file before a byte offset (when there are blocks), which is at most `buffer.count`
    /// (checked by the callers): its block is one of ``columnsBefore``'s, whose count is checked as an array's.
    private func columns(before offset: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        let block = offset / Self.blockSize
        return columnsBefore[block]
            + UnsafeBufferPointer(rebasing: buffer[(block * Self.blockSize)..<offset]).characterCount
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The characters (Unicode scalars) in these UTF-8 bytes: every byte but those that continue one, as
    /// locations, excerpts and suggestions count them.
    var characterCount: Int {
        var count = 0
        for byte in self { count &+= byte & 0xC0 != 0x80 ? 1 : 0 }
        return count
    }
}
