import Foundation
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

/// `theme export`: the command line around the exporters (TokenExportTests has the formats themselves).
@Suite("theme export")
struct ExportCommandTests {
    @Test(
        "Each file format writes to standard output, or atomically to --output",
        arguments: [
            ("css", ["--theme", "Themes/dark.json"]), ("swift", ["--theme", "Themes/dark.json"]), ("dtcg", []),
        ])
    func file(format: String, themes: [String]) throws {
        let printed = theme(["export", "--format", format] + themes)
        #expect(printed.exitCode == .success && printed.errors == "")
        #expect(printed.standardOutput.count > 1_000)
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out." + format
        let written = theme(["export", "--format", format, "--output", path] + themes)
        #expect(written.exitCode == .success && written.output == "" && written.errors == "")
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == printed.standardOutput)
    }

    @Test("DTCG of several themes is a folder of one file each, read back by theme resolve")
    func dtcgFolder() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = theme(
            "export", "--format", "dtcg", "--resolver", "Themes/themes.resolver.json", "--all", "--output-dir",
            folder + "/out")
        #expect(result.exitCode == .success, "\(result.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted()
        #expect(
            files == [
                "mode-dark.contrast-high.tokens.json", "mode-dark.contrast-normal.tokens.json",
                "mode-light.contrast-high.tokens.json",
                "mode-light.contrast-normal.tokens.json",
            ])
        let exported = theme(
            "resolve", "--tokens", folder + "/out/mode-dark.contrast-high.tokens.json", "--format", "flat")
        let original = theme(
            "resolve", "--resolver", "Themes/themes.resolver.json", "--input", "mode=dark", "--input", "contrast=high",
            "--format", "flat")
        #expect(exported.exitCode == .success && exported.output == original.output)
        // Each file is what `resolve --format json` writes for its permutation, byte for byte, though each after
        // the first copies what it writes as the one before did.
        for (mode, contrast) in [("light", "normal"), ("light", "high"), ("dark", "normal"), ("dark", "high")] {
            let alone = theme(
                "resolve", "--resolver", "Themes/themes.resolver.json", "--input", "mode=\(mode)", "--input",
                "contrast=\(contrast)", "--format", "json")
            let file = try String(
                contentsOfFile: folder + "/out/mode-\(mode).contrast-\(contrast).tokens.json", encoding: .utf8)
            #expect(file == alone.output, "mode=\(mode) contrast=\(contrast)")
        }
    }

    @Test("Folder formats write a whole folder, replacing the old one", arguments: ["xcassets", "android"])
    func folder(format: String) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/out"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: output + "/stale.txt"))
        let result = theme("export", "--format", format, "--theme", "Themes/dark.json", "--output-dir", output)
        #expect(result.exitCode == .success, "\(result.errors)")
        #expect(result.output == "")
        #expect(!FileManager.default.fileExists(atPath: output + "/stale.txt"))
        let expected =
            format == "xcassets"
            ? "/Colors.xcassets/themeColorBorderBrand.colorset/Contents.json" : "/res/values-night/colors.xml"
        #expect(FileManager.default.fileExists(atPath: output + expected))
        // Nothing is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out"])
    }

    @Test("The bundled permutations are one catalog; a mode with three contexts does not fit one")
    func permutations() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = theme(
            "export", "--format", "xcassets", "--resolver", "Themes/themes.resolver.json", "--all", "--output-dir",
            folder + "/a")
        #expect(catalog.exitCode == .success, "\(catalog.errors)")
        let set = try String(
            contentsOfFile: folder + "/a/Colors.xcassets/themeColorBorderBrand.colorset/Contents.json", encoding: .utf8)
        #expect(set.contains("\"luminosity\"") && set.contains("\"contrast\""))
        let three = theme(
            "export", "--format", "xcassets", "--resolver",
            "Tests/ThemeCLITests/Fixtures/export/three-modes.resolver.json", "--all",
            "--output-dir", folder + "/b")
        #expect(three.exitCode == .failure && three.output == "")
        #expect(
            three.errors == """
                theme: error: the modifier mode chooses an appearance among 3 contexts (light, dark, dim), and an asset catalog has one of each of light, dark and their high-contrast forms; fix it with --input mode=<context>, or declare each with --appearance; nothing was written

                """)
        #expect(!FileManager.default.fileExists(atPath: folder + "/b"))
        // Fixed by --input, it exports.
        let fixed = theme(
            "export", "--format", "xcassets", "--resolver",
            "Tests/ThemeCLITests/Fixtures/export/three-modes.resolver.json", "--all",
            "--input", "mode=dim", "--output-dir", folder + "/b")
        #expect(fixed.exitCode == .success, "\(fixed.errors)")
    }

    @Test(
        "Bad input: a clear error, exit 2 (64 for a usage error), nothing on standard output, the old output untouched",
        arguments: [
            (
                ["--format", "pdf"], ExitCode.usage,
                "theme: error: --format must be one of css, swift, xcassets, android, dtcg; found 'pdf'"
            ),
            (
                ["--format", "xcassets", "--output", "x"], .usage,
                "theme: error: --format xcassets writes a folder: give --output-dir"
            ),
            (
                ["--format", "css", "--output-dir", "x"], .usage,
                "theme: error: --format css writes one file: give --output, or nothing for standard output"
            ),
            (
                ["--format", "android", "--access", "internal", "--output-dir", "x"], .usage,
                "theme: error: --access is for --format swift"
            ),
            (
                ["--format", "swift", "--type-name", "my tokens"], .usage,
                "theme: error: --type-name must be a Swift type name in upper camel case, such as BrandTokens; found 'my tokens'"
            ),
            (
                ["--format", "css", "--tokens", "Tests/ThemeCLITests/Fixtures/export/collision.json"], .failure,
                "Tests/ThemeCLITests/Fixtures/export/collision.json:5:35: error: [identifier-collision] color.surfacePrimary and color.surface-primary would both be named color-surface-primary in CSS; rename one of them"
            ),
            (
                ["--format", "swift", "--tokens", "Tests/ThemeCLITests/Fixtures/export/unnamable.json"], .failure,
                "Tests/ThemeCLITests/Fixtures/export/unnamable.json:2:37: error: [unnamable-token] 🎨 has no letter or digit to make a Swift name of; rename it"
            ),
        ] as [([String], ExitCode, String)])
    func badInput(arguments: [String], exitCode: ExitCode, firstLine: String) {
        let result = theme(["export"] + arguments)
        #expect(result.exitCode == exitCode)
        #expect(result.output == "")
        #expect(result.errors.split(separator: "\n").first.map(String.init) == firstLine)
    }

    @Test("--output-dir that is a file, and an error with an old folder there: both left as they were")
    func untouched() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/file"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: file))
        let onFile = theme("export", "--format", "android", "--output-dir", file)
        #expect(onFile.exitCode == .failure && onFile.output == "")
        #expect(
            onFile.errors == "theme: error: cannot write \(file): it is a file, not a folder; nothing was written\n")
        #expect(FileManager.default.contents(atPath: file) == Data("keep".utf8))

        let old = folder + "/old"
        try FileManager.default.createDirectory(atPath: old, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: old + "/colors.xml"))
        let failed = theme(
            "export", "--format", "android", "--tokens", "Tests/ThemeCLITests/Fixtures/export/collision.json",
            "--output-dir", old)
        #expect(failed.exitCode == .failure)
        #expect(try FileManager.default.contentsOfDirectory(atPath: old) == ["colors.xml"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["file", "old"])

        // `.` is no folder of its own to replace.
        let dot = theme("export", "--format", "android", "--output-dir", ".")
        #expect(
            dot.exitCode == .failure
                && dot.errors
                    == "theme: error: cannot write .: name the folder itself, not . or ..; nothing was written\n"
        )
        // A new folder has the permissions of one made as usual, not the staging folder's 0700.
        let made = theme("export", "--format", "android", "--output-dir", folder + "/new")
        #expect(made.exitCode == .success)
        let mask = umask(0)
        umask(mask)
        let permissions = try FileManager.default.attributesOfItem(atPath: folder + "/new")[.posixPermissions] as? Int
        #expect(permissions == 0o777 & ~Int(mask))
    }
}

/// `theme preview` and `theme diff --format html` on the command line.
@Suite("theme preview")
struct PreviewCommandTests {
    @Test("HTML by default, SVG on request, to standard output or atomically to --output")
    func formats() throws {
        let html = theme("preview", "--theme", "Themes/dark.json")
        #expect(html.exitCode == .success && html.errors == "")
        #expect(
            html.output.hasPrefix("<!DOCTYPE html>") && html.output.contains(">dark</text>")
                && html.output.contains(">base</text>"))
        let svg = theme("preview", "--resolver", "Themes/themes.resolver.json", "--all", "--format", "svg")
        #expect(svg.exitCode == .success)
        #expect(svg.output.hasPrefix("<svg") && svg.output.contains(">mode-dark.contrast-high</text>"))
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = theme("preview", "--theme", "Themes/dark.json", "--output", folder + "/preview.html")
        #expect(written.exitCode == .success && written.output == "")
        #expect(FileManager.default.contents(atPath: folder + "/preview.html").map(Array.init) == html.standardOutput)
    }

    @Test("A team's schema is drawn; a bad one is refused with nothing written")
    func schema() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/preview.html"))
        let bad = theme(
            "preview", "--components", "Tests/ThemeCLITests/Fixtures/export/collision.json", "--output",
            folder + "/preview.html")
        #expect(bad.exitCode == .failure && bad.output == "")
        #expect(FileManager.default.contents(atPath: folder + "/preview.html") == Data("keep".utf8))
    }

    @Test("theme diff --format html draws the changed components before and after, the changes marked")
    func diff() throws {
        let result = theme("diff", "--to-theme", "Themes/dark.json", "--format", "html")
        #expect(result.exitCode == .findings)
        #expect(result.output.contains(">before</text>") && result.output.contains(">after</text>"))
        #expect(result.output.contains(">changed: "))
        let same = theme(
            "diff", "--from-theme", "Themes/dark.json", "--to-theme", "Themes/dark.json", "--format", "html")
        #expect(same.exitCode == .success)
        #expect(same.output.contains("<title>Theme diff: no component changes</title>"))
    }
}
