import DesignTokens

/// Reads the token files a command names: `--tokens` files (or the bundled defaults) then `--theme` files.
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

    /// The files are mapped rather than read (``TokenSource/init(mappingFile:)``): a command lasts milliseconds.
    static func load(tokens: [String], themes: [String]) -> Loaded {
        var loaded = Loaded(sources: base(tokens: tokens), failures: [])
        for path in tokens + themes {
            do {
                loaded.sources.append(try TokenSource(mappingFile: path))
            } catch {
                loaded.failures += error.diagnostics
            }
        }
        return loaded
    }
}
