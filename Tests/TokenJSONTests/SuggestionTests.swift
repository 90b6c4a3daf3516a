import Testing
import ThemeEngineTestSupport

@_spi(Engine) @testable import TokenJSON

/// "Did you mean": the edit distance behind every suggestion, and the choice of the closest candidate.
@Suite("Suggestions")
struct SuggestionTests {
    /// The optimal-string-alignment distance from the whole table, as the textbook writes it.
    static func referenceDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    @Test(
        "the distance is the whole table's wherever it is within the limit, and nil beyond", arguments: [0x5eed, 0xd15])
    func distanceAgreesWithTheWholeTable(seed: UInt64) {
        var rng = SplitMix(state: seed)
        // Characters that share a UTF-8 lead byte (é è ĩ) or continuation bytes (é ĩ, 中 丰, 😀 😁), so that a name
        // and its typo can share part of a character at either end.
        let alphabet: [Unicode.Scalar] = ["a", "b", "é", "è", "ĩ", "中", "丰", "😀", "😁"]
        func word() -> [Unicode.Scalar] { (0..<rng.int(10)).map { _ in rng.pick(alphabet) } }
        for _ in 0..<20_000 {
            let a = word()
            // Half the pairs are near: a copy of `a` with up to three edits.
            var b = word()
            if rng.chance(0.5) {
                b = a
                for _ in 0..<rng.int(4) {
                    let at = rng.int(b.count + 1)
                    switch rng.int(4) {
                    case 0: b.insert(rng.pick(alphabet), at: at)
                    case 1: if at < b.count { b.remove(at: at) }
                    case 2: if at < b.count { b[at] = rng.pick(alphabet) }
                    default: if at + 1 < b.count { b.swapAt(at, at + 1) }
                    }
                }
            }
            let limit = rng.int(4)
            let expected = Self.referenceDistance(a, b)
            var (textA, textB) = (String(String.UnicodeScalarView(a)), String(String.UnicodeScalarView(b)))
            let distance = textA.withUTF8 { a in textB.withUTF8 { b in Suggestion.editDistance(a, b, limit: limit) } }
            #expect(
                distance == (expected <= limit ? expected : nil),
                "\(String(String.UnicodeScalarView(a))) ~ \(String(String.UnicodeScalarView(b))), limit \(limit)")
        }
    }

    @Test("a typo in the middle of a long name is found among many long names")
    func longNames() {
        let names = (0..<1_000).map { "token-name-that-is-rather-long-for-a-design-system-\($0)" }
        #expect(
            Suggestion.closest(to: "token-name-that-is-rather-long-for-a-design-sistem-417", among: names)
                == "token-name-that-is-rather-long-for-a-design-system-417")
        #expect(Suggestion.closest(to: "token-name-that-is-rather-long-for-a-design-sy-417", among: names) == nil)
    }

    @Test("a tie goes to the earlier candidate; a swap of neighbours is one edit")
    func ties() {
        #expect(Suggestion.closest(to: "colr", among: ["colour", "color", "cols"]) == "color")
        #expect(Suggestion.closest(to: "colr", among: ["cols", "color"]) == "cols")
        #expect(Suggestion.closest(to: "clor", among: ["cloud", "colr", "color"]) == "colr")
    }
}
