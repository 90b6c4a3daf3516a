import DesignTokens

/// Reads the token files a command names: `--tokens` files (or the bundled defaults), the base set, then
/// `--theme` files, themes over it (``TokenSource/Role``).
enum TokenLoading {
    struct Loaded {
        var sources: [TokenSource]
        /// One `unreadable-file` diagnostic for each file that could not be read.
        var failures: [Diagnostic]
    }

    /// What goes under the named files: the bundled defaults when no `--tokens` file is named.
    static func base(tokens: [String]) -> [TokenSource] {
        tokens.isEmpty ? [.defaultTokens] : []
    }

    /// With `mapping`, the files are mapped rather than read (``TokenSource/init(mappingFile:)``): only for a process
    /// that exits after the command (the `theme` executable), since a file rewritten in place while mapped would
    /// fault a process that goes on using it.
    static func load(tokens: [String], themes: [String], mapping: Bool = false) -> Loaded {
        var loaded = Loaded(sources: base(tokens: tokens), failures: [])
        for (index, path) in (tokens + themes).enumerated() {
            do {
                var source = try mapping ? TokenSource(mappingFile: path) : TokenSource(contentsOfFile: path)
                source.role = index < tokens.count ? .base : .theme
                loaded.sources.append(source)
            } catch {
                loaded.failures += error.diagnostics
            }
        }
        return loaded
    }
}
