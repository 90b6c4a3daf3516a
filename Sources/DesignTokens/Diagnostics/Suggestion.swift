/// "Did you mean …?": the closest candidate to a misspelt name.
package enum Suggestion {
    /// The candidate nearest to `name` by edit distance (insertions, deletions, substitutions and swaps of two
    /// neighbouring characters), when it is near enough to be a plausible typo: at most a third of the name's
    /// length, and at most 3 edits. Ties go to the earlier candidate.
    package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.unicodeScalars)
        let limit = min(3, max(1, target.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let scalars = Array(candidate.unicodeScalars)
            guard abs(scalars.count - target.count) <= limit else { continue }
            let distance = editDistance(target, scalars, limit: best.map { min($0.distance - 1, limit) } ?? limit)
            if let distance, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// `"; did you mean …?"` for the candidate ``closest(to:among:)`` finds, as `written` spells it (quoted,
    /// braced, with its `--`), or `""` when none is near: the tail every such message ends with.
    package static func hint(for name: String, among candidates: some Sequence<String>, written: (String) -> String) -> String {
        closest(to: name, among: candidates).map { "; did you mean \(written($0))?" } ?? ""
    }

    /// The optimal-string-alignment distance between `a` and `b`, or nil when it exceeds `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        guard limit >= 0 else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
