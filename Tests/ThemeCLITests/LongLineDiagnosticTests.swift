import DesignTokens
import Foundation
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

/// Diagnostics that quote a long line show a window of it around the column, so what is printed grows with the
/// number of diagnostics, not with the line's length times that number.
@Suite("Diagnostics on long lines")
struct LongLineDiagnosticTests {
    /// A one-line token file of `count` colour tokens whose values are not colours, and the column of each value.
    static func badColours(_ count: Int) -> (json: String, columns: [Int]) {
        var json = "{"
        var columns: [Int] = []
        for index in 0..<count {
            if index > 0 { json += "," }
            json += "\"c\(index)\":{\"$type\":\"color\",\"$value\":"
            columns.append(json.utf8.count + 1)
            json += "\"#zz\(index)\"}"
        }
        return (json + "}", columns)
    }

    /// Columns `first...last` of an ASCII line.
    static func columns(_ first: Int, _ last: Int, of line: String) -> String {
        String(line.utf8.dropFirst(first - 1).prefix(last - first + 1))!
    }

    /// The printer alone, given the diagnostics the engine would give, on a line of about 90 KB.
    @Test(
        "2,000 diagnostics on one long line: each quotes at most 120 columns of it; the output is proportional to the count"
    )
    func printerOnOneLongLine() {
        let (json, columns) = Self.badColours(2_000)
        #expect(json.utf8.count > 80_000)
        let source = TokenSource(name: "colours.json", bytes: Array(json.utf8))
        let diagnostics = columns.enumerated().map { index, column in
            Diagnostic(
                .error, .invalidValue, "c\(index) is not a colour",
                at: SourceLocation(file: "colours.json", line: 1, column: column))
        }
        let text = DiagnosticRenderer(sources: [source], usesColor: false).render(diagnostics)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 3 * 2_000)
        for (index, column) in columns.enumerated() {
            #expect(lines[3 * index] == "colours.json:1:\(column): error: [invalid-value] c\(index) is not a colour")
            let quoted = lines[3 * index + 1]
            let caret = lines[3 * index + 2]
            #expect(quoted.unicodeScalars.count <= SourceText.excerptWidth)
            #expect(caret.last == "^")
            // The caret stands under the value's opening quote.
            let under = String(
                String.UnicodeScalarView(quoted.unicodeScalars.dropFirst(caret.unicodeScalars.count - 1)))
            #expect(under.hasPrefix("\"#zz\(index)\""), "diagnostic \(index): the caret is not under its value")
        }
        // Each diagnostic costs its first line and two lines of at most 120 columns (a … is 3 bytes of UTF-8).
        let headers = lines.enumerated().filter { $0.offset % 3 == 0 }.reduce(0) { $0 + $1.element.utf8.count + 1 }
        #expect(text.utf8.count - headers <= 2_000 * ((2 * 3 + 118 + 1) + (120 + 1)))
    }

    /// Through the commands, with the engine's own locations; `theme lint --format text` prints with the same printer.
    @Test(
        "theme resolve and theme lint --format text quote a long line as a window around each column",
        arguments: ["resolve", "lint"])
    func commands(command: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (json, columns) = Self.badColours(300)
        let path = directory + "/colours.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let result = theme(command, "--tokens", path)
        #expect(result.exitCode == (command == "lint" ? .findings : .failure))
        let text = command == "lint" ? result.output : result.errors
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 * 300 + 1)
        for quoted in stride(from: 1, to: 3 * 300, by: 3) {
            #expect(lines[quoted].unicodeScalars.count <= SourceText.excerptWidth)
        }
        #expect(text.utf8.count < 300 * 500)

        // One in the middle of the line, exactly: 59 columns before the value, the caret, 58 after.
        let column = columns[150]
        let first = try #require(lines.firstIndex { $0.hasPrefix("\(path):1:\(column): error: [invalid-value]") })
        #expect(lines[first + 1] == "…" + Self.columns(column - 59, column + 58, of: json) + "…")
        #expect(lines[first + 2] == String(repeating: " ", count: 60) + "^")
    }

    /// A message that quotes a value quotes all of it only when it is short: a 5 MB string in a colour token
    /// gives one message of at most ``Diagnostic/maximumMessageLength`` characters that still says what was
    /// expected.
    @Test(
        "a message quoting a huge value keeps its start and end within the bound",
        arguments: ["color", "dimension", "fontWeight"])
    func hugeValue(type: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/huge.json"
        let huge = String(repeating: "x", count: 5_000_000)
        try #"{"c": {"$type": "\#(type)", "$value": "\#(huge)"}}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = theme("resolve", "--tokens", path)
        #expect(result.exitCode == .failure)
        #expect(result.output.isEmpty)
        #expect(result.errors.utf8.count < 2 * Diagnostic.maximumMessageLength + 3 * SourceText.excerptWidth)
        let header = try #require(result.errors.split(separator: "\n").first.map(String.init))
        #expect(
            header.hasPrefix(
                "\(path):1:\(#"{"c": {"$type": "\#(type)", "$value": "#.utf8.count + 1): error: [invalid-value] invalid \(type) value for c"
            ))
        #expect(header.contains("…"))
        let expected = [
            "color": #"or a colour object {"colorSpace", "components"}"#, "dimension": #"(or "16px", "1.5rem")"#,
            "fontWeight": #"or a keyword such as "bold""#,
        ]
        #expect(
            header.hasSuffix(expected[type]!),
            "the end of the message, what was expected, is kept: \(header.suffix(80))")
    }

    @Test("control characters in names and values print as their code points, on stderr and in the text table")
    func controlCharacters() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/controls.json"
        // An escape sequence that would colour the terminal and set its title, in a name; a line break and a C1
        // control in a string value.
        try
            #"{"\u001b[31mred\u001b]0;title\u0007": {"$type": "color", "$value": "nope"}, "s": {"$type": "string", "$value": "a\nb\u009b"}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let failed = theme("resolve", "--tokens", path)
        #expect(failed.exitCode == .failure)
        #expect(!failed.errors.unicodeScalars.contains { $0.isControlCharacter && $0 != "\n" })
        #expect(failed.errors.contains(#"invalid color value for \u{1B}[31mred\u{1B}]0;title\u{7}:"#))
        try #"{"s\u001b": {"$type": "string", "$value": "a\nb\u009b"}}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        let table = theme("resolve", "--tokens", path, "--format", "text")
        #expect(table.output == "PATH     TYPE    REFERS TO  VALUE\ns\\u{1B}  string  -          a\\u{A}b\\u{9B}\n")

        // The same in theme diff's tables: a changed value, its path, in text and markdown.
        let after = directory + "/after.json"
        try #"{"s\u001b": {"$type": "string", "$value": "c\u0007"}}"#.write(
            toFile: after, atomically: true, encoding: .utf8)
        for format in ["text", "markdown"] {
            let diff = theme("diff", "--tokens", path, "--to-theme", after, "--format", format)
            #expect(diff.exitCode == .findings, "\(diff.errors)")
            #expect(
                !diff.output.unicodeScalars.contains { $0.isControlCharacter && $0 != "\n" },
                "\(format): \(diff.output)")
            #expect(
                diff.output.contains(#"s\u{1B}"#) && diff.output.contains(#"a\u{A}b\u{9B}"#)
                    && diff.output.contains(#"c\u{7}"#))
        }
    }

    @Test(
        "control characters written raw in a file are shown as � in the quoted line, the caret still under its column")
    func rawControlCharactersInExcerpts() throws {
        // DEL and a C1 control are allowed raw in a JSON string; ESC outside one is a syntax error.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/raw.json"
        for (text, column) in [
            ("{\"a\u{7F}\u{9B}b\": {\"$type\": \"color\", \"$value\": \"nope\"}}", 39), ("{\"a\": \u{1B}[31m1}", 7),
        ] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let failure = theme("resolve", "--tokens", path)
            #expect(failure.exitCode == .failure)
            #expect(
                !failure.errors.unicodeScalars.contains { $0.isControlCharacter && $0 != "\n" }, "\(failure.errors)")
            let lines = failure.errors.split(separator: "\n").map(String.init)
            #expect(lines[0].hasPrefix("\(path):1:\(column): error:"))
            #expect(lines[1].contains("\u{FFFD}"))
            #expect(lines[2].unicodeScalars.count == column, "the caret stands under column \(column)")
        }
    }

    @Test("messages are bounded in Unicode scalars, not bytes or characters, and a short one is untouched")
    func messageBound() {
        let short = Diagnostic(.error, .invalidValue, "c is not a colour")
        #expect(short.message == "c is not a colour")
        let wide = String(repeating: "é", count: 600)
        #expect(Diagnostic(.error, .invalidValue, wide).message == wide)
        let long = Diagnostic(.error, .invalidValue, "start " + String(repeating: "é", count: 5_000) + " end")
        #expect(long.message.count == Diagnostic.maximumMessageLength)
        #expect(long.message.hasPrefix("start ") && long.message.hasSuffix(" end") && long.message.contains("é…é"))
        #expect(Diagnostic.Note(long.message + long.message).message.count == Diagnostic.maximumMessageLength)
        // One character of 200,001 scalars (a letter and its combining accents) is bounded too.
        let marks = Diagnostic(.error, .invalidValue, "a" + String(repeating: "\u{0301}", count: 200_000))
        #expect(marks.message.unicodeScalars.count == Diagnostic.maximumMessageLength)
    }
}

extension Unicode.Scalar {
    /// C0, DEL or C1.
    fileprivate var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
