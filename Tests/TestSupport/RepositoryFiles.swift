import DesignTokens

// Helpers every test target uses, in one place: where the checkout is, its files as token sources, and token
// sources from JSON text.

/// The repository root, found from this file's path (`<root>/Tests/TestSupport/RepositoryFiles.swift`).
public let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// A file of the repository, named by its path relative to the root, as diagnostics then show it
/// (`Themes/dark.json`).
public func repositoryFile(_ path: String) throws -> TokenSource {
    var source = try TokenSource(contentsOfFile: repositoryRoot + "/" + path)
    source.name = path
    return source
}

/// A token source from JSON text, named `name` in diagnostics.
public func source(_ json: String, name: String = "theme.json") -> TokenSource {
    TokenSource(name: name, bytes: Array(json.utf8))
}
