import DesignTokens

/// `--format dtcg`: DTCG 2025.10 token files, every value resolved (or, with ``ExportOptions/keepReferences``,
/// every whole-value alias kept as `{its.target}`), `$type` explicit on each token: what `theme resolve --format
/// json` writes. One variant is one file; several are a folder of one file each, `<variant>.tokens.json`, so other
/// tools' files (a Tokens Studio export, a theme with JSON5 comments) come out as plain DTCG.
struct DTCGExporter: TokenExporter {
    static let format = ExportFormat(
        name: "dtcg", summary: "DTCG 2025.10 JSON: one file, or one per theme or permutation", output: .filePerVariant,
        exporter: DTCGExporter.self)

    func export(_ input: ExportInput) throws(DiagnosticError) -> ExportOutput {
        let keepReferences = input.options.keepReferences
        guard input.variants.count > 1 else { return .file(input.base.theme.treeJSON(keepingAliases: keepReferences)) }
        // Each variant after the one before, copying what it writes as that one did (a variant of a resolver
        // document reuses the results of the one before).
        var earlier = EarlierOutput(recording: true)
        return .folder(
            input.variants.map { variant in
                let bytes = OutputSink.collect { (sink) throws(FileSystem.Failure) in
                    try variant.theme.writeTreeJSON(to: &sink, keepingAliases: keepReferences, earlier: &earlier)
                }
                return ExportedFile("\(variant.name).tokens.json", bytes: bytes)
            })
    }
}
