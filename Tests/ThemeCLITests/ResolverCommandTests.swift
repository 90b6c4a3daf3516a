import DesignTokens
import Foundation
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

/// `theme resolve --resolver`: a permutation of a DTCG resolver document, chosen by `--input`.
@Suite("theme resolve --resolver")
struct ResolverCommandTests {
    static let document = "Tests/ThemeCLITests/Fixtures/resolver/themes.resolver.json"

    @Test("--list prints each modifier's contexts, the default marked, and the number of permutations")
    func list() {
        let result = theme("resolve", "--resolver", Self.document, "--list")
        #expect(result.exitCode == .success)
        #expect(
            result.output == """
                MODIFIER  CONTEXTS (* default)
                mode      light*, dark
                density   regular*, compact

                4 permutations

                """)
    }

    @Test(
        "--input chooses each modifier's context (case-insensitive); defaults fill the rest; every format works",
        arguments: ["json", "flat", "text"])
    func permutation(format: String) {
        let defaults = theme("resolve", "--resolver", Self.document, "--format", format)
        let dark = theme(
            "resolve", "--resolver", Self.document, "--input", "MODE=Dark", "--input", "density=compact", "--format",
            format)
        #expect(defaults.exitCode == .success && dark.exitCode == .success)
        #expect(defaults.errors == "" && dark.errors == "")
        #expect(defaults.output.contains("#0043ce"))  // the brand file's brand border, over the bundled defaults
        #expect(dark.output.contains("#6b9dff"))  // the dark context's
        #expect(defaults.output != dark.output)
    }

    @Test("--component on a permutation of the bundled document: dark high contrast draws white text, black surfaces")
    func componentOfPermutation() {
        let result = theme(
            "resolve", "--resolver", "Themes/themes.resolver.json", "--input", "mode=dark", "--input", "contrast=high",
            "--component", "TextInput", "--format", "text")
        #expect(result.exitCode == .success, "\(result.errors)")
        #expect(result.errors == "")
        let rows = result.output.split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("TextInput.normal.foreground") && $0.contains("#ffffff") })
        #expect(rows.contains { $0.hasPrefix("TextInput.normal.background") && $0.contains("#0d0e11") })
    }

    @Test(
        "an input that chooses no permutation: exit 2, the located error on standard error, nothing on standard output")
    func invalidInput() {
        let result = theme("resolve", "--resolver", Self.document, "--input", "mode=blue")
        #expect(result.exitCode == .failure)
        #expect(result.output == "")
        #expect(
            result.errors == """
                \(Self.document):8:13: error: [invalid-input] invalid context "blue" for modifier "mode"; expected light or dark
                    "mode": {
                            ^
                theme: 1 error; nothing was written

                """)
    }

    @Test("--resolver naming a token file, or an export that says no set order, says what to do instead")
    func notAResolverDocument() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tokens.json"
        try
            ##"{"global": {"red": {"value": "#ff0000", "type": "color"}}, "light": {"bg": {"value": "{red}", "type": "color"}}}"##
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = theme("resolve", "--resolver", path)
        #expect(result.exitCode == .failure)
        #expect(result.output == "")
        #expect(
            result.errors.hasPrefix(
                #"\#(path):1:1: error: [invalid-resolver] \#(path) is neither a resolver document (it has no "resolutionOrder") nor a Tokens Studio export (it has no "$themes" or "$metadata"); resolve a token file with theme resolve --tokens \#(path), and give an export the "$metadata": {"tokenSetOrder": [...]} that says which of its sets to stack, in which order"#
            ))
        // With the order the message asks for, the export resolves.
        try
            ##"{"$metadata": {"tokenSetOrder": ["global", "light"]}, "global": {"red": {"value": "#ff0000", "type": "color"}}, "light": {"bg": {"value": "{red}", "type": "color"}}}"##
            .write(toFile: path, atomically: true, encoding: .utf8)
        let fixed = theme("resolve", "--resolver", path, "--format", "flat")
        #expect(fixed.exitCode == .success, "\(fixed.errors)")
        #expect(fixed.output.contains(##""bg": "#ff0000""##))
    }

    @Test(
        "usage errors: --resolver with --theme, --input without --resolver, an --input that is not modifier=context",
        arguments: [
            ["resolve", "--resolver", document, "--theme", "Themes/dark.json"],
            ["resolve", "--input", "mode=dark"],
            ["resolve", "--resolver", document, "--input", "dark"],
            ["resolve", "--resolver", document, "--input", "mode=dark", "--input", "MODE=light"],
            ["resolve", "--resolver", document, "--output-dir", "/tmp/x"],
        ])
    func usageErrors(arguments: [String]) {
        let result = theme(arguments)
        #expect(result.exitCode == .usage)
        #expect(result.output == "")
    }

    @Test("a resolver document given as a token file is one error that says to use --resolver")
    func documentAsTokens() {
        let result = theme("resolve", "--tokens", Self.document)
        #expect(result.exitCode == .failure)
        #expect(
            result.errors.contains(
                "is a resolver document (it has \"resolutionOrder\"), not a token file; resolve it with theme resolve --resolver \(Self.document)"
            ))
        #expect(result.errors.contains("theme: 1 error;"))
    }

    @Test("--all writes every permutation the inputs leave open, each as resolving it alone writes it, and index.json")
    func all() throws {
        let directory = try temporaryDirectory() + "/out"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = theme(
            "resolve", "--resolver", Self.document, "--all", "--output-dir", directory, "--format", "flat")
        #expect(result.exitCode == .success)
        #expect(result.output == "")
        #expect(result.errors == "theme: wrote 4 permutations and index.json to \(directory)\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(
            files == [
                "index.json", "mode-dark.density-compact.json", "mode-dark.density-regular.json",
                "mode-light.density-compact.json", "mode-light.density-regular.json",
            ])
        for (mode, density) in [("light", "regular"), ("light", "compact"), ("dark", "regular"), ("dark", "compact")] {
            let alone = theme(
                "resolve", "--resolver", Self.document, "--input", "mode=\(mode)", "--input", "density=\(density)",
                "--format", "flat")
            let written = try String(
                contentsOfFile: "\(directory)/mode-\(mode).density-\(density).json", encoding: .utf8)
            #expect(written == alone.output, "\(mode), \(density)")
        }
        let index = try String(contentsOfFile: directory + "/index.json", encoding: .utf8)
        #expect(index.contains(#""file": "mode-dark.density-compact.json""#))
        #expect(index.hasPrefix("{\n  \"modifiers\": [\"mode\", \"density\"],"))
        // An --input fixes that modifier: two permutations.
        let fixed = theme(
            "resolve", "--resolver", Self.document, "--all", "--output-dir", directory + "-dark", "--input", "mode=dark"
        )
        defer { try? FileManager.default.removeItem(atPath: directory + "-dark") }
        #expect(fixed.errors == "theme: wrote 2 permutations and index.json to \(directory)-dark\n")
    }

    /// A resolver document whose second permutation (`mode=dark`) refers to a token no source defines.
    private func documentWithAFailingPermutation(in directory: String) throws -> String {
        let path = directory + "/failing.resolver.json"
        try #"""
        {"version": "2025.10",
         "sets": {"base": {"sources": [{"a": {"$type": "number", "$value": 1}}]}},
         "modifiers": {"mode": {"contexts": {"light": [], "dark": [{"a": {"$value": "{missing}"}}]}, "default": "light"}},
         "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/mode"}]}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("--all writes nothing when a permutation fails: files there stay as they were, no temporary file is left")
    func allOrNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let document = try documentWithAFailingPermutation(in: directory)
        let output = directory + "/out"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
        try "earlier\n".write(toFile: output + "/mode-light.json", atomically: true, encoding: .utf8)
        let result = theme("resolve", "--resolver", document, "--all", "--output-dir", output)
        #expect(result.exitCode == .failure)
        #expect(result.output == "")
        #expect(result.errors.hasSuffix("theme: 1 error; in the permutation mode=dark; nothing was written\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["mode-light.json"])
        #expect(try String(contentsOfFile: output + "/mode-light.json", encoding: .utf8) == "earlier\n")
        // Folders that did not exist are not left behind, empty.
        let fresh = directory + "/fresh"
        #expect(
            theme("resolve", "--resolver", document, "--all", "--output-dir", fresh + "/a/./b").exitCode == .failure)
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }

    @Test("--all refuses a device (a link to /dev/null) where a later permutation's file goes; nothing is written")
    func allIntoADevice() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/out"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
        // The third of the four permutations: the two before it are staged, then taken back.
        let link = output + "/mode-dark.density-regular.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        let result = theme("resolve", "--resolver", Self.document, "--all", "--output-dir", output)
        #expect(result.exitCode == .failure)
        #expect(
            result.errors
                == "theme: error: cannot write mode-dark.density-regular.json into \(output): it is a device, FIFO or socket, which cannot be written together with other files; nothing was written\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["mode-dark.density-regular.json"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/null")
    }

    @Test("--all refuses two permutations whose files would have one name before resolving or writing anything")
    func allWithCollidingNames() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let document = directory + "/colliding.resolver.json"
        try #"""
        {"version": "2025.10",
         "sets": {"base": {"sources": [{"a": {"$type": "number", "$value": 1}}]}},
         "modifiers": {"mode": {"contexts": {"a-b": [], "a_b": [{"a": {"$value": "{missing}"}}]}, "default": "a-b"}},
         "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/mode"}]}
        """#.write(toFile: document, atomically: true, encoding: .utf8)
        let result = theme("resolve", "--resolver", document, "--all", "--output-dir", directory + "/out")
        #expect(result.exitCode == .failure)
        #expect(
            result.errors
                == "theme: error: the permutations mode=a-b and mode=a_b would both be written to mode-a_b.json; rename a context so that their names differ in letters or digits; nothing was written\n"
        )
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
    }

    @Test("--all with a file name longer than the system allows says so in a line of bounded length")
    func allWithLongName() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let document = directory + "/long.resolver.json"
        let name = String(repeating: "a", count: 100_000)
        try
            ##"{"modifiers": {"m": {"contexts": {"\##(name)": []}, "default": "\##(name)"}}, "resolutionOrder": [{"$ref": "#/modifiers/m"}]}"##
            .write(toFile: document, atomically: true, encoding: .utf8)
        let result = theme("resolve", "--resolver", document, "--all", "--output-dir", directory + "/out")
        #expect(result.exitCode == .failure)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("theme: error: cannot write m-aaa"))
        #expect(result.errors.contains("…"))
        #expect(
            result.errors.unicodeScalars.count <= Diagnostic.maximumMessageLength
                + "theme: error: \n".unicodeScalars.count)
    }

    @Test("theme lint --resolver: one permutation, or with --all each; a finding says which permutations have it")
    func lint() {
        let light = theme("lint", "--resolver", Self.document, "--input", "mode=light")
        #expect(light.exitCode == .success)
        #expect(light.output.contains("no problems"))
        let all = theme("lint", "--resolver", Self.document, "--all")
        #expect(all.exitCode == .findings)
        // The dark context's brand border is too light on the light surface: in both dark permutations only.
        #expect(
            all.output.contains(
                "has contrast 2.66:1; non-text needs 3:1 at level AA (TextInput.focused.border and 13 more) (in mode=dark, density=regular; mode=dark, density=compact)"
            ))
        #expect(all.output.contains("1 error"))
    }

    @Test("theme lint --resolver --all names at most ten of the permutations that share a finding")
    func lintNamesTenPermutations() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The property DTCG does not define is in every permutation with m=b: 12 of the 24.
        let contexts = (0..<12).map { #""c\#($0)": []"# }.joined(separator: ", ")
        let document = #"""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"ink": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0, 0]}}, "text": {"$value": "{ink}"}}]}},
             "modifiers": {
               "m": {"contexts": {"a": [], "b": [{"spare": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}, "$note": "x"}}]}, "default": "a"},
               "n": {"contexts": {\#(contexts)}, "default": "c0"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/m"}, {"$ref": "#/modifiers/n"}]}
            """#
        try document.write(toFile: directory + "/lint.resolver.json", atomically: true, encoding: .utf8)
        let result = theme(
            "lint", "--resolver", directory + "/lint.resolver.json", "--all", "--rule", "min-contrast=off", "--rule",
            "missing-style-token=off")
        let labels = (0..<10).map { "m=b, n=c\($0)" }.joined(separator: "; ")
        #expect(
            result.output.contains(#""$note" is not a DTCG property and is ignored (in \#(labels); and 2 more)"#),
            "\(result.output)")
    }

    @Test("theme diff --resolver compares two permutations: the contexts' changes down to the components")
    func diff() {
        let result = theme(
            "diff", "--resolver", Self.document, "--from-input", "mode=light", "--to-input", "mode=dark", "--to-input",
            "density=compact")
        #expect(result.exitCode == .findings)
        #expect(
            result.output.hasPrefix(
                "59 component properties change; 15 tokens changed (2 edited, 13 through references)."))
        #expect(result.output.contains("TextInput.focused.border"))
        let same = theme("diff", "--resolver", Self.document, "--from-input", "mode=light", "--to-input", "MODE=LIGHT")
        #expect(same.exitCode == .success)
        #expect(same.output == "No changes.\n")
    }
}
