import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

@Suite("theme resolve --format text: the table")
struct TextTableTests {
    /// Tokens whose rows end in spaces (a font family written with them, trimmed with the line), with non-ASCII
    /// names (widths count scalars), and with several references in one cell; enough of them for many pieces.
    private func theme() throws -> ResolvedTheme {
        var members: [String] = [
            ##""c": {"$type": "color", "$value": "#ff0000"}"##, #""d": {"$type": "dimension", "$value": "2px"}"#,
        ]
        for index in 0..<1_500 {
            members.append(#""f\#(index)": {"$type": "fontFamily", "$value": "Family \#(index)  "}"#)
            members.append(#""é\#(index)": {"b": {"$value": "{f\#(index)}"}}"#)
            members.append(
                #""s\#(index)": {"$type": "shadow", "$value": {"color": "{c}", "offsetX": "{d}", "offsetY": "1px", "blur": "1px", "spread": "0px"}}"#
            )
        }
        return try ResolvedTheme.resolve([source("{" + members.joined(separator: ", ") + "}")])
    }

    /// The table, in memory.
    private func table(_ theme: ResolvedTheme) -> [UInt8] {
        OutputSink.collect { (sink) throws(FileSystem.Failure) in try TextTable.write(theme, to: &sink) }
    }

    @Test("handed on a line at a time, the table is the table written whole")
    func inPieces() throws {
        let theme = try theme()
        var whole = OutputSink.memory
        try TextTable.write(theme, to: &whole, pieceSize: .max)
        var pieces = OutputSink.memory
        try TextTable.write(theme, to: &pieces, pieceSize: 1)
        #expect(whole.bytes.count > 4 * OutputSink.pieceSize)
        #expect(String(decoding: pieces.bytes, as: UTF8.self) == String(decoding: whole.bytes, as: UTF8.self))
        #expect(table(theme) == whole.bytes)
    }

    @Test("columns are padded to their widest cell in scalars, and no line ends in a space")
    func layout() throws {
        let lines = String(decoding: table(try theme()), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 4_503)
        // The widest path, é1499.b, is seven scalars (eight bytes).
        #expect(lines[0] == "PATH     TYPE        REFERS TO  VALUE")
        #expect(lines[4] == "é0.b     fontFamily  f0         Family 0")
        #expect(
            lines[5]
                == ##"s0       shadow      c, d       {"color": "#ff0000", "offsetX": "2px", "offsetY": "1px", "blur": "1px", "spread": "0px"}"##
        )
        #expect(lines.last == "s1499    " + lines[5].dropFirst(9))
        #expect(lines.allSatisfy { $0.last != " " })
    }
}

extension TextTableTests {
    @Test("control characters JSON leaves as they are (DEL, C1) are written as code points, in strings and composites")
    func controlCharactersJSONKeeps() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"{"s": {"$type": "string", "$value": "a\u007fb\u0085c"}, "f": {"$type": "fontFamily", "$value": ["x\u007fy", "z"]}}"#
            )
        ])
        let text = String(decoding: table(theme), as: UTF8.self)
        #expect(!text.utf8.contains(0x7F))
        #expect(!text.unicodeScalars.contains("\u{85}"))
        #expect(text.contains(#"a\u{7F}b\u{85}c"#))
        #expect(text.contains(#"x\u{7F}y"#))
    }
}
