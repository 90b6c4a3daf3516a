import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Theming

/// The bundled defaults with the named repository themes over them.
func bundledTheme(_ files: [String] = []) throws -> Theme {
    try Theme.load(themes: try files.map(repositoryFile))
}

/// `Component.section.property` → value, for comparing whole styles.
func flattened(_ theme: Theme) -> [String: StyleValue] {
    var values: [String: StyleValue] = [:]
    for component in theme.components.names {
        for section in theme.sections(of: component) {
            for property in section.properties {
                values[([component] + section.path + [property.name]).joined(separator: ".")] = property.value
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
