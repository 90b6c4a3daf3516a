import Testing

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

/// ``SourceText``: the line a diagnostic quotes, whole when it is short, a window around the column when it is long,
/// with the caret's lead counted in the columns ``JSONDocument/location(ofOffset:)`` gives.
@Suite("Source text: quoted lines and carets")
struct SourceTextTests {
    /// A line of `count` ASCII characters whose column `n` can be told from its neighbours: `0123456789` repeated,
    /// with a letter at every tenth.
    static func numberedLine(_ count: Int) -> String {
        String(
            (1...count).map {
                $0 % 10 == 0
                    ? Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 / 10 % 26))) : Character("\($0 % 10)")
            })
    }

    /// Columns `first...last` of ``numberedLine(_:)``.
    static func columns(_ first: Int, _ last: Int, of line: String) -> String {
        String(Array(line)[(first - 1)..<last])
    }

    static func text(_ string: String) -> SourceText {
        SourceText(SourceBytes(Array(string.utf8)))
    }

    // MARK: Short lines

    /// What the printer showed before lines were cut: the line, and a space (a tab under a tab) for each Unicode
    /// scalar before the column. A line no wider than the excerpt must still come out exactly so.
    static func wholeLine(_ line: String, column: Int) -> SourceText.Excerpt {
        let lead = line.unicodeScalars.prefix(column - 1).map { $0 == "\t" ? "\t" : " " }.joined()
        return SourceText.Excerpt(text: line, caretLead: lead)
    }

    @Test(
        "a line no wider than the excerpt is shown whole, the caret's lead as before (tabs kept, one per scalar)",
        arguments: [
            "",
            "{",
            #"  "a": {"$value": 1, "$type": "number",}"#,
            "\t\"tab\":\t{\"$value\": \"#zz\"}",
            #"    "naïve": {"$value": "🎨 déjà vu", "$type": "string"}"#,
            String(repeating: "x", count: SourceText.excerptWidth),
            String(repeating: "é", count: SourceText.excerptWidth),
        ])
    func shortLine(line: String) {
        let source = Self.text("{\n" + line + "\n}\n")
        let count = line.unicodeScalars.count
        for column in 1...(count + 3) {
            #expect(
                source.excerpt(line: 2, column: column) == Self.wholeLine(line, column: min(column, count + 1)),
                "column \(column)")
        }
    }

    @Test("lines are found by number: a CRLF's CR and a byte order mark are not shown; no such line is nil")
    func lines() {
        let source = SourceText(SourceBytes([0xEF, 0xBB, 0xBF] + Array("{\r\n  \"a\": 1\r\n}\n".utf8)))
        #expect(source.excerpt(line: 1, column: 1) == SourceText.Excerpt(text: "{", caretLead: ""))
        #expect(source.excerpt(line: 2, column: 3) == SourceText.Excerpt(text: "  \"a\": 1", caretLead: "  "))
        #expect(source.excerpt(line: 3, column: 2) == SourceText.Excerpt(text: "}", caretLead: " "))
        // The empty line after the last line feed.
        #expect(source.excerpt(line: 4, column: 1) == SourceText.Excerpt(text: "", caretLead: ""))
        #expect(source.excerpt(line: 5, column: 1) == nil)
        #expect(source.excerpt(line: 0, column: 1) == nil)
        #expect(Self.text("").excerpt(line: 1, column: 1) == SourceText.Excerpt(text: "", caretLead: ""))
    }

    // MARK: Long lines

    /// A 121-column line is one too wide: it is cut at the end, the caret near the start.
    @Test("a line one column wider than the excerpt is cut, with a … at the cut end")
    func oneColumnTooWide() {
        let line = Self.numberedLine(SourceText.excerptWidth + 1)
        let excerpt = Self.text(line).excerpt(line: 1, column: 5)
        #expect(excerpt == SourceText.Excerpt(text: Self.columns(1, 119, of: line) + "…", caretLead: "    "))
    }

    /// Lines of 1,000 columns are counted from their start; lines of 10,000 through the blocks of column counts.
    @Test(
        "a long line with the column in its middle: 59 columns either side of it and a … at each end, 120 in all",
        arguments: [1_000, 10_000])
    func middleOfLongLine(length: Int) throws {
        let line = Self.numberedLine(length)
        for column in [500, length / 2, length - 500] {
            let excerpt = try #require(Self.text(line).excerpt(line: 1, column: column))
            #expect(excerpt.text == "…" + Self.columns(column - 59, column + 58, of: line) + "…")
            #expect(excerpt.caretLead == String(repeating: " ", count: 60))
            #expect(excerpt.text.count == SourceText.excerptWidth)
            #expect(
                Array(excerpt.text)[excerpt.caretLead.count] == Array(line)[column - 1],
                "the caret is not under column \(column)")
        }
    }

    @Test(
        "a long line with the column near its start: shown from the start, cut at the end", arguments: [1_000, 10_000])
    func startOfLongLine(length: Int) throws {
        let line = Self.numberedLine(length)
        for column in [1, 2, 30, 60] {
            let excerpt = try #require(Self.text(line).excerpt(line: 1, column: column))
            #expect(excerpt.text == Self.columns(1, 119, of: line) + "…")
            #expect(excerpt.caretLead == String(repeating: " ", count: column - 1))
            #expect(Array(excerpt.text)[excerpt.caretLead.count] == Array(line)[column - 1])
        }
        // One column further, the window leaves the start.
        let excerpt = try #require(Self.text(line).excerpt(line: 1, column: 61))
        #expect(excerpt.text == "…" + Self.columns(2, 119, of: line) + "…")
    }

    @Test(
        "a long line with the column near its end, or past it: shown to the end, cut at the start",
        arguments: [1_000, 10_000])
    func endOfLongLine(length: Int) throws {
        let line = Self.numberedLine(length)
        let tail = "…" + Self.columns(length - 118, length, of: line)
        for column in [length, length - 5, length - 58] {
            let excerpt = try #require(Self.text(line).excerpt(line: 1, column: column))
            #expect(excerpt.text == tail)
            #expect(excerpt.caretLead == " " + String(repeating: " ", count: column - (length - 118)))
            #expect(Array(excerpt.text)[excerpt.caretLead.count] == Array(line)[column - 1])
        }
        // One column back, the window leaves the end.
        #expect(
            Self.text(line).excerpt(line: 1, column: length - 59)?.text == "…"
                + Self.columns(length - 118, length - 1, of: line) + "…")
        // Past the end (an error at the end of the file): the caret just after the last character.
        for column in [length + 1, length * 5] {
            let excerpt = try #require(Self.text(line).excerpt(line: 1, column: column))
            #expect(excerpt.text == tail)
            #expect(excerpt.caretLead.count == tail.count)
        }
    }

    @Test("a narrower excerpt, for a caller that asks: the same window, that wide")
    func narrowerWindow() {
        let line = Self.numberedLine(100)
        #expect(
            Self.text(line).excerpt(line: 1, column: 50, width: 10)
                == SourceText.Excerpt(text: "…" + Self.columns(46, 53, of: line) + "…", caretLead: "     "))
        #expect(
            Self.text(line).excerpt(line: 1, column: 1, width: 10)
                == SourceText.Excerpt(text: Self.columns(1, 9, of: line) + "…", caretLead: ""))
        #expect(
            Self.text(line).excerpt(line: 1, column: 100, width: 10)
                == SourceText.Excerpt(text: "…" + Self.columns(92, 100, of: line), caretLead: "         "))
    }

    /// One-line documents, long enough to be counted through blocks, with two-, three- and four-byte characters
    /// and tabs (and a byte order mark, and CRLF lines): for the values the reader found, the caret of the excerpt
    /// at the location it gives stands under the value's first character, and a tab under each tab.
    @Test(
        "the caret stands under the value JSONDocument.location points at, whatever the characters",
        arguments: [false, true], [1, 3])
    func caretUnderEveryValue(byteOrderMark: Bool, lineCount: Int) throws {
        let pieces = ["\"é\"", "\"😀\"", "\"中文\"", "1", "\"a\\tb\"", "true", "{\"k\":\t\"ü\"}", "[\"x\"]"]
        var elements: [String] = []
        for index in 0..<2_000 { elements.append(pieces[index % pieces.count] + (index % 7 == 0 ? "\t" : "")) }
        let line = "[" + elements.joined(separator: ", ") + "]"
        let json = Array(repeating: line, count: lineCount).enumerated()
            .map { $0.offset == 0 ? $0.element : "  " + $0.element }
            .joined(separator: ",\r\n")
        let bytes = (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(("[" + json + "]").utf8)
        #expect(bytes.count > 3 * 4_096 * lineCount, "the line should span several blocks")
        let document = try JSONReader.parse(bytes)
        let source = SourceText(SourceBytes(bytes))
        // A sample of the values (the reader's locations are counted from the line's start, each at a cost).
        for node in document.nodes.indices where node % 23 == 0 || node == document.nodes.count - 1 {
            let offset = document.offset(node)
            let (line, column) = document.location(ofOffset: offset)
            let excerpt = try #require(source.excerpt(line: line, column: column))
            let shown = Array(excerpt.text.unicodeScalars)
            let lead = Array(excerpt.caretLead.unicodeScalars)
            #expect(shown.count <= SourceText.excerptWidth)
            let expected = String(decoding: bytes[offset...].prefix(4), as: UTF8.self).unicodeScalars.first
            #expect(shown[lead.count] == expected, "line \(line), column \(column)")
            for (index, scalar) in lead.enumerated() {
                #expect(
                    (scalar == "\t") == (shown[index] == "\t"),
                    "the lead does not keep the tabs at line \(line), column \(column)")
            }
        }
    }
}
