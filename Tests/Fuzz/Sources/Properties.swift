import DesignTokens
@_spi(Engine) import TokenJSON

/// The properties that hold whatever the input: what every target checks of the engine's answers.
enum Properties {
    /// Every diagnostic names a file among `sources` (or none, for a problem of no file), a line and column inside
    /// it (a column is at most one past the line's last character), and a bounded message; an error is what
    /// refused the input.
    static func checkDiagnostics(_ diagnostics: [Diagnostic], sources: [TokenSource]) {
        // Each file's lines, split once for all the diagnostics that point into it.
        var linesOfFile: [String: [ArraySlice<UInt8>]] = [:]
        for diagnostic in diagnostics {
            let scalars = diagnostic.message.unicodeScalars.count
            require(scalars <= Diagnostic.maximumMessageLength, "a message of \(scalars) scalars")
            require(!diagnostic.message.isEmpty, "an empty message")
            guard let location = diagnostic.location else { continue }
            guard let source = sources.first(where: { $0.name == location.file }) else {
                fatalError("\(diagnostic) names a file it was not given")
            }
            let lines =
                linesOfFile[source.name]
                ?? source.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            linesOfFile[source.name] = lines
            require(location.line >= 1 && location.line <= lines.count, "\(location) outside \(lines.count) lines")
            require(location.column >= 1, "\(location): column below 1")
            // Columns count Unicode scalars, which only valid UTF-8 says.
            if let line = String(validating: lines[location.line - 1], as: UTF8.self) {
                let width = line.unicodeScalars.count
                require(location.column <= width + 1, "\(location) past the \(width) characters of its line")
            }
        }
    }

    /// Checks a thrown error's diagnostics, and that it holds at least one error.
    static func checkRefusal(_ error: DiagnosticError, sources: [TokenSource]) {
        require(!error.errors.isEmpty, "refused with no error: \(error.diagnostics.prefix(3))")
        checkDiagnostics(error.diagnostics, sources: sources + error.sources)
    }

    /// Checks that `bytes` are strict JSON (what every output of the engine is).
    static func checkStrictJSON(_ bytes: [UInt8], _ what: String) {
        do throws(JSONReader.SyntaxError) {
            _ = try JSONReader.parse(bytes)
        } catch {
            fatalError("\(what) is not strict JSON: \(error.message) at byte \(error.offset)")
        }
    }

    /// Resolves `sources` under each reading policy and checks what comes out: a theme whose outputs are strict JSON,
    /// or a refusal with located errors.
    static func resolveAndCheck(_ sources: [TokenSource]) {
        for policy in [ReadingPolicy.lenient, .lenient.keepingGoing, .strict] {
            do throws(DiagnosticError) {
                let theme = try ResolvedTheme.resolve(sources, policy: policy)
                checkDiagnostics(theme.diagnostics, sources: sources)
                checkTheme(theme)
            } catch {
                checkRefusal(error, sources: sources)
            }
        }
    }

    /// Checks a resolved theme's outputs: flat and tree JSON are strict JSON, and every token the theme lists is
    /// found by its path.
    static func checkTheme(_ theme: ResolvedTheme) {
        checkStrictJSON(theme.flatJSON(), "the flat output")
        checkStrictJSON(theme.treeJSON(), "the tree output")
        for token in theme.tokens.prefix(64) {
            require(theme[token.path] != nil, "\(token.path) is listed but not found")
        }
    }
}
