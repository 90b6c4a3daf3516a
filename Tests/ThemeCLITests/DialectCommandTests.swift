import Foundation
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

/// Token files and resolver documents named `*.jsonc` and `*.json5`, through `theme`: read in their dialect, the
/// same tokens as the strict JSON they stand for, every problem located in the file as written.
@Suite("JSONC and JSON5 files")
struct DialectCommandTests {
    static let folder = "Tests/ThemeCLITests/Fixtures/dialects"

    @Test(
        "a .jsonc and a .json5 token file resolve to exactly what their .json twin does, in every format",
        arguments: ["flat", "json", "text"])
    func sameTokens(format: String) {
        let json = theme("resolve", "--tokens", "\(Self.folder)/brand.json", "--format", format)
        #expect(json.exitCode == .success && json.errors == "")
        for dialect in ["jsonc", "json5"] {
            let result = theme("resolve", "--tokens", "\(Self.folder)/brand.\(dialect)", "--format", format)
            #expect(result.exitCode == .success, "\(dialect): \(result.errors)")
            #expect(result.errors == "")
            #expect(result.output == json.output, "\(dialect)")
        }
    }

    @Test("the values read from JSON5's own spellings: hexadecimal, .5, \\x escapes, a line continuation")
    func json5Values() {
        let result = theme("resolve", "--tokens", "\(Self.folder)/brand.json5", "--format", "flat")
        #expect(result.exitCode == .success)
        #expect(result.output.contains(##""opacity.steps": 16,"##))  // 0x10
        #expect(result.output.contains(##""opacity.disabled": 0.4,"##))  // .4
        #expect(result.output.contains(##""color.overlay": "#00000080","##))  // alpha .5
        #expect(result.output.contains(##""size.md": "16px","##))  // '16\x70x'
        #expect(result.output.contains(##""size.sm": "8px""##))  // 0x8
        #expect(result.output.contains(##""label": "Line one\nLine two: café","##))  // '… \<newline>caf\u00e9'
    }

    @Test("a .jsonc and a .json5 theme show no change against their .json twin in theme diff")
    func noDifference() {
        for dialect in ["jsonc", "json5"] {
            let result = theme(
                "diff", "--from-theme", "\(Self.folder)/brand.json", "--to-theme", "\(Self.folder)/brand.\(dialect)")
            #expect(result.exitCode == .success, "\(dialect): \(result.errors)")
            #expect(result.output == "No changes.\n")
        }
    }

    @Test("a token error in a JSON5 file is located by the line and column as written, comments counted")
    func locatedError() {
        let result = theme("resolve", "--tokens", "\(Self.folder)/mistake.json5")
        #expect(result.exitCode == .failure)
        #expect(result.output == "")
        #expect(
            result.errors == """
                \(Self.folder)/mistake.json5:6:21: error: [unresolved-reference] color.brand refers to {color.blu}, which does not exist; did you mean {color.blue}?
                    brand: {$value: '{color.blu}'},
                                    ^
                theme: 1 error; nothing was written

                """)
    }

    @Test("a comment in a .json file is refused with the way out; an unterminated comment in a .jsonc file is located")
    func dialectErrors() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = "{\n  // brand\n  \"a\": {\"$type\": \"number\", \"$value\": 1}\n}\n"
        try text.write(toFile: directory + "/tokens.json", atomically: true, encoding: .utf8)
        let json = theme("resolve", "--tokens", directory + "/tokens.json")
        #expect(json.exitCode == .failure)
        #expect(
            json.errors == """
                \(directory)/tokens.json:2:3: error: [invalid-json] comments are not allowed in JSON; use "$description" to document a token or group, or rename the file to .jsonc to allow comments
                  // brand
                  ^
                theme: 1 error; nothing was written

                """)
        try text.write(toFile: directory + "/tokens.jsonc", atomically: true, encoding: .utf8)
        #expect(
            theme("resolve", "--tokens", directory + "/tokens.jsonc", "--format", "flat").output == "{\n  \"a\": 1\n}\n"
        )

        try "{\n  \"a\": {\"$type\": \"number\", \"$value\": 1} /* the end\n".write(
            toFile: directory + "/open.jsonc", atomically: true, encoding: .utf8)
        let open = theme("resolve", "--tokens", directory + "/open.jsonc")
        #expect(open.exitCode == .failure)
        #expect(
            open.errors.hasPrefix(
                "\(directory)/open.jsonc:2:41: error: [invalid-json] unterminated block comment; expected '*/' to close it\n"
            ))
    }

    @Test("a resolver document in JSONC reads its sets and contexts from .jsonc and .json5 files, and from itself")
    func resolverDocument() {
        let document = "\(Self.folder)/themes.resolver.jsonc"
        let light = theme("resolve", "--resolver", document, "--format", "flat")
        let dark = theme(
            "resolve", "--resolver", document, "--input", "mode=dark", "--input", "density=compact", "--format", "flat")
        #expect(light.exitCode == .success && dark.exitCode == .success, "\(light.errors)\(dark.errors)")
        #expect(light.output == theme("resolve", "--tokens", "\(Self.folder)/brand.json", "--format", "flat").output)
        #expect(dark.output.contains(##""color.blue": "#6b9dff","##))
        #expect(dark.output.contains(##""color.brand": "#6b9dff","##))  // what refers to it follows
        #expect(dark.output.contains(##""size.sm": "4px""##))  // the inline context, read as JSONC
    }
}
