import DesignTokens
import Testing
@testable import Theming

/// The repository root, found from this file's path.
let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/ThemingTests/TestSupport.swift
    return parts.joined(separator: "/")
}()

/// A theme file of the repository, named by its path relative to the root.
func repositoryFile(_ path: String) throws -> TokenSource {
    var source = try TokenSource(contentsOfFile: repositoryRoot + "/" + path)
    source.name = path
    return source
}

/// A token source from JSON text.
func source(_ json: String, name: String = "theme.json") -> TokenSource {
    TokenSource(name: name, bytes: Array(json.utf8))
}

/// The bundled defaults with the named repository themes over them.
func bundledTheme(_ files: [String] = []) throws -> Theme {
    try Theme.load(themes: try files.map(repositoryFile))
}

/// `Component.section.property` → value, for comparing whole styles.
func flattened(_ theme: Theme) -> [String: StyleValue] {
    var values: [String: StyleValue] = [:]
    for component in Component.allCases {
        for section in theme.sections(of: component) {
            for property in section.properties {
                values[([component.rawValue] + section.path + [property.name]).joined(separator: ".")] = property.value
            }
        }
    }
    return values
}

/// The diagnostics a failing `body` throws; records an issue when it does not throw.
func diagnostics(
    sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws(DiagnosticError) -> Void
) -> [Diagnostic] {
    do {
        try body()
        Issue.record("expected a DiagnosticError", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}
