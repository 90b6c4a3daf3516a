import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import TokenExport

/// The bundled defaults as the base, and each bundled theme over them as a variant named as `theme export` names it.
func bundledThemeInput(options: ExportOptions = ExportOptions()) throws -> ExportInput {
    let base = try ResolvedTheme.resolve([.defaultTokens])
    let dark = try ResolvedTheme.resolve([.defaultTokens, .dark])
    let highContrast = try ResolvedTheme.resolve([.defaultTokens, .highContrast])
    return ExportInput(
        variants: [
            ExportVariant(name: "base", theme: base),
            ExportVariant(
                name: "dark", conditions: [.init("theme", "dark")], appearance: Appearance(isDark: true), theme: dark),
            ExportVariant(
                name: "high-contrast", conditions: [.init("theme", "high-contrast")],
                appearance: Appearance(isHighContrast: true),
                theme: highContrast),
        ], options: options)
}

/// Every permutation of the bundled resolver document, the default first, as `theme export --all` makes them.
func bundledPermutationInput(options: ExportOptions = ExportOptions()) throws -> ExportInput {
    var resolver = ThemeResolver(document: .bundled)
    var variants: [ExportVariant] = []
    for (mode, contrast) in [("light", "normal"), ("light", "high"), ("dark", "normal"), ("dark", "high")] {
        let theme = try resolver.resolve(["mode": mode, "contrast": contrast])
        var conditions: [ExportVariant.Condition] = []
        if mode != "light" { conditions.append(.init("mode", mode)) }
        if contrast != "normal" { conditions.append(.init("contrast", contrast)) }
        variants.append(
            ExportVariant(
                name: "mode-\(mode).contrast-\(contrast)", conditions: conditions,
                appearance: Appearance(isDark: mode == "dark", isHighContrast: contrast == "high"), theme: theme))
    }
    return ExportInput(variants: variants, options: options)
}

/// A base of the given token file alone.
func input(_ json: String, options: ExportOptions = ExportOptions()) throws -> ExportInput {
    ExportInput(
        variants: [ExportVariant(name: "base", theme: try ResolvedTheme.resolve([source(json)]))], options: options)
}

extension ExportOutput {
    /// One file's text.
    var text: String {
        guard case .file(let bytes) = self else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The files of a folder.
    var files: [ExportedFile] {
        guard case .folder(let files) = self else { return [] }
        return files
    }

    /// A folder as one text, for a golden file: each file's path, then its contents (or what it copies).
    var listing: String {
        files.map { file in
            switch file.contents {
            case .bytes(let bytes): "=== \(file.path)\n" + String(decoding: bytes, as: UTF8.self)
            case .copy(let source): "=== \(file.path)\ncopy of \(source)\n"
            }
        }.joined()
    }

    /// The bytes of the file at `path` inside a folder.
    func file(_ path: String) -> [UInt8]? {
        for file in files where file.path == path {
            if case .bytes(let bytes) = file.contents { return bytes }
        }
        return nil
    }
}

/// Compares with the golden file `Tests/TokenExportTests/Snapshots/name`.
func expectSnapshot(_ actual: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    throws
{
    try expectSnapshot(actual, at: "Tests/TokenExportTests/Snapshots/" + name, sourceLocation: sourceLocation)
}
