/// The deviations from DTCG 2025.10 that ``ValueDecoder`` read as their plain meaning while decoding one value:
/// the resolver passes one log to every decoder, reports what it holds as `non-conforming` warnings once the
/// token's value is decoded, and empties it for the next token.
///
/// A class, so that the decoder, a non-mutating value that throws its failures, can record a deviation and go on.
/// Nothing is recorded for a conforming value, which is nearly every value: the log then costs one check per token.
final class DeviationLog {
    /// Whether the string forms of DTCG's earlier drafts (`"#0055ff"`, `"16px"`, `"120ms"`) are recorded too. They
    /// are exact and nearly every file writes them, so a report on each would bury the deviations that matter;
    /// only ``ReadingPolicy/strict``, which refuses every deviation, records them.
    let recordsDraftForms: Bool

    init(recordsDraftForms: Bool = false) {
        self.recordsDraftForms = recordsDraftForms
    }

    /// One deviation: where it is written, and what was read.
    struct Entry: Equatable {
        /// The node that deviates (a member, or the object that lacks one), in the decoded value's document.
        var node: Int
        /// What was read and the conforming spelling: `"hex": "#000" read as #000000; write "#000000"`.
        var message: String
    }

    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    func record(_ message: String, at node: Int) {
        entries.append(Entry(node: node, message: message))
    }

    func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }
}
