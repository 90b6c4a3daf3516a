import DesignTokens

extension FuzzTarget {
    /// The files a fuzzed resolver document or Tokens Studio export may name, read from memory; any other path is
    /// not found.
    static let resolverFiles: [String: TokenSource] = {
        func file(_ name: String, _ text: String) -> (String, TokenSource) {
            (name, TokenSource(name: name, bytes: Array(text.utf8)))
        }
        let files = [
            ("fuzz/base.json", TokenSource(name: "fuzz/base.json", bytes: base.bytes)),
            file(
                "fuzz/dark.json",
                ##"{"color": {"blue": {"$type": "color", "$value": "#0a1b2c"}, "accent": {"$value": "{color.text}"}}}"##
            ),
            file(
                "fuzz/compact.json", #"{"size": {"sm": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}}}"#),
            file(
                "fuzz/core.json",
                ##"{"space": {"sm": {"value": "4", "type": "spacing"}, "md": {"value": "{space.sm} * 2", "type": "spacing"}}, "brand": {"value": "#336699", "type": "color"}}"##
            ),
            file("fuzz/light.json", #"{"bg": {"value": "{brand}", "type": "color"}}"#),
            file(
                "fuzz/night.json",
                ##"{"bg": {"value": "rgba({brand}, 0.5)", "type": "color"}, "brand": {"value": "#102030", "type": "color"}}"##
            ),
        ]
        return Dictionary(uniqueKeysWithValues: files)
    }()

    /// Reads `document` as `theme resolve --resolver` does, from ``resolverFiles``, and resolves its first eight
    /// permutations: each by the reusing resolver and from scratch, which must agree byte for byte.
    static func readAndResolve(_ document: TokenSource) {
        let load: ResolverDocument.FileLoader = { (path) throws(DiagnosticError) -> TokenSource in
            guard let file = resolverFiles[path] else {
                throw DiagnosticError([Diagnostic(.error, .unreadableFile, "\(path): No such file or directory")])
            }
            return file
        }
        let sources = [document] + resolverFiles.values
        let read: ResolverDocument
        do throws(DiagnosticError) {
            read = try ResolverDocument(document, loading: load)
        } catch {
            Properties.checkRefusal(error, sources: sources)
            return
        }
        let permutations: [[String: String]]
        do throws(DiagnosticError) {
            permutations = try read.permutations()
        } catch {
            Properties.checkRefusal(error, sources: sources)
            return
        }
        require(permutations.count == read.permutationCount, "\(permutations.count) of \(read.permutationCount)")
        var resolver = ThemeResolver(document: read)
        for input in permutations.prefix(8) {
            let reused = Result { () throws(DiagnosticError) in try resolver.resolve(input) }
            let fromScratch = Result { () throws(DiagnosticError) in try ResolvedTheme.resolve(read.sources(for: input))
            }
            switch (reused, fromScratch) {
            case (.success(let theme), .success(let expected)):
                Properties.checkDiagnostics(theme.diagnostics, sources: sources)
                Properties.checkTheme(theme)
                require(theme.flatJSON() == expected.flatJSON(), "\(input): reused and from scratch differ")
                require(theme.treeJSON() == expected.treeJSON(), "\(input): reused and from scratch differ (tree)")
            case (.failure(let error), .failure):
                Properties.checkRefusal(error, sources: sources)
            case (.success, .failure(let error)), (.failure(let error), .success):
                fatalError("\(input): one of reused and from scratch resolves, the other does not: \(error)")
            }
        }
    }

    /// The DTCG resolver document reader, its permutations, and the reusing resolver against resolution from
    /// scratch.
    static let resolverDocument = FuzzTarget(
        name: "resolver-document"
    ) { bytes in
        readAndResolve(TokenSource(name: "fuzz/themes.resolver.json", bytes: bytes))
    }

    /// The Tokens Studio export reader: the input as a single-file export (`$themes`, `$metadata` and the sets in
    /// one file) or, when it is not one, as a multi-file export's `$themes.json` over the sets in memory.
    static let tokensStudio = FuzzTarget(
        name: "tokens-studio"
    ) { bytes in
        readAndResolve(TokenSource(name: "fuzz/tokens.json", bytes: bytes))
        readAndResolve(TokenSource(name: "fuzz/$themes.json", bytes: bytes))
    }
}
