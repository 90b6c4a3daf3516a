import DesignTokens

/// Reads the token files a command names: `--tokens` files (or the bundled defaults) then `--theme` files.
enum TokenLoading {
    struct Loaded {
        var sources: [TokenSource]
        /// One `unreadable-file` diagnostic for each file that could not be read.
        var failures: [Diagnostic]
    }

    static func load(tokens: [String], themes: [String]) -> Loaded {
        var loaded = Loaded(sources: tokens.isEmpty ? [.defaultTokens] : [], failures: [])
        for path in tokens + themes {
            do {
                loaded.sources.append(try TokenSource(contentsOfFile: path))
            } catch {
                loaded.failures += error.diagnostics
            }
        }
        return loaded
    }
}
