/// "Did you mean …?": the closest candidate to a misspelt name.
package enum Suggestion {
    /// The candidate nearest to `name` by edit distance (insertions, deletions, substitutions and swaps of two
    /// neighbouring characters), when it is near enough to be a plausible typo: within ``limit(for:)`` edits. Ties
    /// go to the earlier candidate.
    package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        var text = name
        return text.withUTF8 { target in
            let limit = limit(for: target)
            var best: (candidate: String, distance: Int)?
            for candidate in candidates where candidate != name {
                var candidate = candidate
                let distance = candidate.withUTF8 {
                    editDistance(target, $0, limit: best.map { min($0.distance - 1, limit) } ?? limit)
                }
                if let distance { best = (candidate, distance) }
            }
            return best?.candidate
        }
    }

    /// The most edits a suggestion for a name (as UTF-8) may be from it: a third of its characters, at least 1 and
    /// at most 3.
    package static func limit(for name: UnsafeBufferPointer<UInt8>) -> Int {
        min(3, max(1, name.characterCount / 3))
    }

    /// `"; did you mean …?"` for the candidate ``closest(to:among:)`` finds, as `written` spells it (quoted,
    /// braced, with its `--`), or `""` when none is near: the tail every such message ends with.
    package static func hint(for name: String, among candidates: some Sequence<String>, written: (String) -> String)
        -> String
    {
        closest(to: name, among: candidates).map { "; did you mean \(written($0))?" } ?? ""
    }

    /// The optimal-string-alignment distance between two names written in UTF-8, counted in characters (Unicode
    /// scalars), or nil when it exceeds `limit`.
    ///
    /// What the two share at either end is set aside first, without decoding it (a typo changes a name in one
    /// place); only the rest is decoded and compared, and only the cells of the table within `limit` of its
    /// diagonal are filled, as any other stands for more than `limit` edits. A comparison costs the length of
    /// what differs times the limit, not the product of the names' lengths.
    package static func editDistance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int)
        -> Int?
    {
        guard limit >= 0 else { return nil }
        func continues(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
            index < bytes.count && bytes[index] & 0xC0 == 0x80
        }
        // `start` stays within both names; `endA` and `endB` stay at least `start`, and move on together only in
        // the bytes both end with (the same bytes in both), so neither passes its name's end.
        var start = 0
        while start < min(a.count, b.count), a[start] == b[start] { start += 1 }
        // Back to the start of a character, so that a character both begin alike is compared whole.
        while start > 0, continues(a, at: start) || continues(b, at: start) { start -= 1 }
        var (endA, endB) = (a.count, b.count)
        while endA > start, endB > start, a[endA - 1] == b[endB - 1] { (endA, endB) = (endA - 1, endB - 1) }
        // On to the start of a character, so that a character both end alike is compared whole.
        while continues(a, at: endA) || continues(b, at: endB) { (endA, endB) = (endA + 1, endB + 1) }
        let middleA = a[start..<endA]
        let middleB = b[start..<endB]
        guard
            abs(
                UnsafeBufferPointer(rebasing: middleA).characterCount
                    - UnsafeBufferPointer(rebasing: middleB).characterCount) <= limit
        else {
            return nil
        }
        return decoded(middleA) { a in decoded(middleB) { b in editDistance(a, b, limit: limit) } }
    }

    /// UTF-8 bytes decoded into a buffer of Unicode scalars that lives for `body`, on the stack when it is small.
    private static func decoded<Result>(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ body: (UnsafeBufferPointer<Unicode.Scalar>) -> Result
    ) -> Result {
        // A scalar (or an error) takes at least one byte: at most `bytes.count` scalars.
        withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: bytes.count) { scalars in
            var count = 0
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.initializeElement(at: count, to: scalar)
                case .error: scalars.initializeElement(at: count, to: "\u{FFFD}")
                case .emptyInput: return body(UnsafeBufferPointer(rebasing: scalars[..<count]))
                }
                count += 1
            }
        }
    }

    /// The optimal-string-alignment distance between `a` and `b`, or nil when it exceeds `limit`: only the cells
    /// within `limit` of the table's diagonal are filled, in three rows that live on the stack when they are small.
    private static func editDistance(
        _ a: UnsafeBufferPointer<Unicode.Scalar>, _ b: UnsafeBufferPointer<Unicode.Scalar>, limit: Int
    ) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        let (m, n) = (a.count, b.count)
        if m == 0 || n == 0 { return max(m, n) }
        // A cell outside the band holds `beyond`, more than the limit.
        let beyond = limit + 1
        // Three rows of `n + 1` cells, at 0, `n + 1` and `2 * (n + 1)`: every cell used is a row's plus 0 to `n`
        // (`j` from `low - 1` to `high + 1`, only while `high` is below `n`); `i` is from 1 to `m`.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (n + 1)) { cells in
            cells.initialize(repeating: beyond)
            // The rows for a[i - 2], a[i - 1] and a[i], rotated as i advances.
            var (previousPrevious, previous, current) = (0, n + 1, 2 * (n + 1))
            for j in 0...n { cells[previous + j] = min(j, beyond) }
            for i in 1...m {
                let low = max(1, i - limit)
                let high = min(n, i + limit)
                cells[current + low - 1] = low == 1 ? min(i, beyond) : beyond
                var rowMinimum = beyond
                for j in low...high {
                    let (x, y) = (a[i - 1], b[j - 1])
                    var value = min(
                        cells[previous + j] + 1, cells[current + j - 1] + 1, cells[previous + j - 1] + (x == y ? 0 : 1))
                    if i > 1, j > 1, x == b[j - 2], a[i - 2] == y {
                        value = min(value, cells[previousPrevious + j - 2] + 1)
                    }
                    cells[current + j] = min(value, beyond)
                    rowMinimum = min(rowMinimum, cells[current + j])
                }
                if high < n { cells[current + high + 1] = beyond }
                if rowMinimum > limit { return nil }
                (previousPrevious, previous, current) = (previous, current, previousPrevious)
            }
            return cells[previous + n] <= limit ? cells[previous + n] : nil
        }
    }
}
