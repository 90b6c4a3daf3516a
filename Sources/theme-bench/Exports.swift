// The rows of `theme export` and `theme preview` in the whole-process table: each format on the generated set, the
// base tokens and the theme as two variants, its output checked against the naive resolution.

import DesignTokens
import TokenExport
import TokenSetGenerator

/// An export or a preview takes at most this many times `resolve --format json` of the same set.
let exportRatioCeiling = 1.5

/// The folder a folder format is written into.
func exportDirectory(_ format: String) -> String { "\(directory)/output-export-\(format)" }

func exportCommands() -> [Command] {
    func export(
        _ format: String, folder: Bool = false, appearance: Bool = false,
        check: @escaping (_ size: Int, _ set: TokenSet, _ output: [UInt8]) -> String?
    ) -> Command {
        Command(
            name: "export --format \(format)", target: "export",
            arguments: {
                ["export", "--format", format, "--tokens", tokensPath($0), "--theme", themePath($0)]
                    + (folder ? ["--output-dir", exportDirectory(format)] : [])
                    + (appearance ? ["--appearance", "theme-\(label($0))=dark"] : [])
            },
            expectedStatus: 0, check: check)
    }
    /// Each naive path's name, in a style, found in `text` as `prefix + name + suffix`.
    func namesFound(
        _ set: TokenSet, _ text: String, style: IdentifierStyle, prefix: String, suffix: String,
        only type: String? = nil
    ) -> String? {
        var names: Set<Substring> = []
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingPrefix(while: { $0 == " " })
            guard trimmed.hasPrefix(prefix), let end = trimmed.firstRange(of: suffix) else { continue }
            names.insert(trimmed[trimmed.index(trimmed.startIndex, offsetBy: prefix.count)..<end.lowerBound])
        }
        for token in set.naiveResolution(withTheme: false) where type == nil || token.type == type {
            let name = style.identifier(for: token.path) ?? ""
            guard names.contains(Substring(name)) else { return "no \(prefix)\(name)\(suffix) for \(token.path)" }
        }
        return nil
    }
    return [
        export("css") { _, set, output in
            namesFound(set, String(decoding: output, as: UTF8.self), style: .kebabCase, prefix: "--", suffix: ":")
        },
        export("swift") { _, set, output in
            namesFound(
                set, String(decoding: output, as: UTF8.self), style: .camelCase, prefix: "case ", suffix: " = ",
                only: "color")
        },
        export("dtcg", folder: true) { size, set, _ in
            let file =
                exportDirectory("dtcg") + "/"
                + (themePath(size).split(separator: "/").last!.split(separator: ".").first!) + ".tokens.json"
            guard let bytes = try? FileSystem.read(file),
                let theme = try? ResolvedTheme.resolve([TokenSource(name: "theme.tokens.json", bytes: bytes)])
            else {
                return "the theme's DTCG file \(file) does not resolve"
            }
            return theme.flatJSON() == set.expectedFlatJSON()
                ? nil : "the theme's DTCG file differs from the naive resolution"
        },
        export("xcassets", folder: true, appearance: true) { _, set, _ in
            let colors = set.naiveResolution(withTheme: false).filter { $0.type == "color" }
            for token in colors.prefix(200) {
                let name = IdentifierStyle.camelCase.identifier(for: token.path)!
                if !fileExists(exportDirectory("xcassets") + "/Colors.xcassets/\(name).colorset/Contents.json") {
                    return "no colour set for \(token.path)"
                }
            }
            return nil
        },
        export("android", folder: true, appearance: true) { _, set, _ in
            let colors = set.naiveResolution(withTheme: false).filter { $0.type == "color" }.count
            guard let bytes = try? FileSystem.read(exportDirectory("android") + "/res/values/colors.xml") else {
                return "no colors.xml"
            }
            let written = String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter {
                $0.hasPrefix("    <color ")
            }.count
            return written == colors ? nil : "colors.xml holds \(written) colours of \(colors)"
        },
        Command(
            name: "preview (html)", target: "export",
            arguments: { ["preview", "--tokens", tokensPath($0), "--theme", themePath($0)] },
            expectedStatus: 0
        ) { _, _, output in
            String(decoding: output.prefix(15), as: UTF8.self) == "<!DOCTYPE html>"
                ? nil : "the preview is not an HTML page"
        },
    ]
}
