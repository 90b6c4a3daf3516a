@_spi(Engine) import TokenJSON

/// The entries of the output written last, kept so that the output written next copies the ones its theme writes
/// unchanged (``ResolvedTheme/earlierEntries``) instead of rendering them again. `theme resolve --all` writes each
/// permutation right after the one before it, from a theme that reuses that one's results, and a permutation leaves
/// most tokens as they were.
///
/// A token's entry is what an output writes for it after its key: its object in the tree, its value in the flat
/// output. The entries kept serve only an output of the theme that reused the results of the one they were written
/// for, in the same format; any other output renders every entry. ``none`` keeps nothing, which is what writing a
/// single theme uses.
package struct EarlierOutput {
    /// What an output writes its entries as.
    package enum Format: Equatable {
        case tree(keepingAliases: Bool)
        case flat
    }

    /// Where a token's entry lies in ``bytes``, and the depth it was written at (the tree's; 0 in the flat output).
    private struct Entry {
        var start: Int
        var end: Int
        var depth: Int

        static let none = Entry(start: 0, end: -1, depth: 0)
    }

    private let records: Bool
    /// The output the kept entries were written for: its theme and its format.
    private var theme: ResolvedTheme.Identity?
    private var format: Format?
    /// The kept entries' bytes, and where each token's lies (by the ids of the theme they were written for).
    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    /// The same for the output being written.
    private var nextBytes: [UInt8] = []
    private var nextEntries: [Entry] = []
    /// The ids in the kept output of the entries the output being written may copy, or nil when it copies none.
    private var earlierIDs: [Int32]?
    /// How many entries the last output copied.
    package private(set) var copiedEntries = 0

    /// A memo that keeps each output's entries for the next output when `recording`, and nothing otherwise.
    package init(recording: Bool) {
        records = recording
    }

    /// Keeps nothing and copies nothing.
    package static var none: EarlierOutput { EarlierOutput(recording: false) }

    /// Starts an output of `theme` in `format`.
    mutating func begin(_ theme: ResolvedTheme, as format: Format) {
        guard records else { return }
        if let earlier = theme.earlierEntries, earlier.theme === self.theme, format == self.format {
            earlierIDs = earlier.ids
        } else {
            earlierIDs = nil
        }
        nextBytes.removeAll(keepingCapacity: true)
        nextEntries = Array(repeating: .none, count: theme.count)
        copiedEntries = 0
    }

    /// Writes the entry of token `id`, standing at `depth`, as the value of the key just written: a copy of the
    /// bytes the output before wrote for it, indented for `depth`, when the theme writes it unchanged, else what
    /// `render` writes. Either way it is kept for the output after this one. Inlined into each output's loop, where
    /// `render` is a closure over the theme that is otherwise copied for each token.
    @inline(__always)
    mutating func write(_ id: Int, depth: Int, into writer: inout JSONWriter, render: (inout JSONWriter) -> Void) {
        guard records else { return render(&writer) }
        let start = writer.bytes.count
        if let earlierIDs, case let earlierID = Int(earlierIDs[id]), earlierID >= 0,
            case let entry = entries[earlierID], entry.end >= 0
        {
            // Checked here, so that the borrowed bytes are read within the array (an array's slice would check it
            // too, at the cost of a reference count on the array for each token).
            precondition(0 <= entry.start && entry.start <= entry.end && entry.end <= bytes.count)
            bytes.withUnsafeBufferPointer { bytes in
                writer.repeatValue(
                    UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.end]), depthChange: depth - entry.depth)
            }
            copiedEntries += 1
        } else {
            render(&writer)
        }
        // A value after its key has nothing before it: its bytes are the entry's own.
        let keptStart = nextBytes.count
        precondition(start <= writer.bytes.count, "the writer handed on bytes of an entry being kept")
        writer.bytes.withUnsafeBufferPointer {
            nextBytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start...]))
        }
        nextEntries[id] = Entry(start: keptStart, end: nextBytes.count, depth: depth)
    }

    /// Ends the output of `theme` begun with ``begin(_:as:)``: its entries are the ones kept.
    mutating func end(_ theme: ResolvedTheme, as format: Format) {
        guard records else { return }
        swap(&bytes, &nextBytes)
        swap(&entries, &nextEntries)
        nextBytes.removeAll(keepingCapacity: true)
        self.theme = theme.identity
        self.format = format
        earlierIDs = nil
    }
}
