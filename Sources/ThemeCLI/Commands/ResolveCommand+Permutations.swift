import DesignTokens
@_spi(Engine) import TokenJSON

/// `theme resolve --resolver PATH --all --output-dir DIR`: every permutation of a resolver document (or every one
/// that the `--input`s leave open), one file each, named after its inputs (`mode-dark.contrast-high.json`), and
/// `index.json` listing the inputs and file of each.
///
/// All of them or none: each permutation is resolved and written into a temporary file beside its own (so that
/// no more than one output is held in memory), and the temporary files replace the permutations' files only once
/// every permutation is written. When one fails, the temporary files are removed and no file is written. A file
/// there that is a device, FIFO or socket is refused, since it could only be written into at once. Two cases are
/// not all or none: a rename that fails part-way (the folder changed meanwhile) leaves the files before it
/// replaced, and says how many; a process ended during the renames leaves the files renamed so far. Ended
/// before them by SIGINT, SIGTERM or SIGHUP, it removes its temporary files (``TemporaryFiles``) and replaces
/// nothing; killed outright (SIGKILL), it leaves them (`.NAME.tmp-XXXXXX`, hidden).
extension ResolveCommand {
    static func writeAll(
        _ resolver: ThemeResolver, fixing input: [String: String], format: String, to directory: String,
        policy: ReadingPolicy, sources: [TokenSource], usesColor: Bool
    ) -> CommandResult {
        var resolver = resolver
        let printer = DiagnosticRenderer(sources: sources, usesColor: usesColor)
        let permutations: [[String: String]]
        do {
            permutations = try resolver.document.permutations(fixing: input)
        } catch {
            return printer.failure(error.diagnostics, ending: "nothing was written")
        }
        let modifiers = resolver.document.modifiers.map(\.name)
        let files = permutations.map { fileName($0, modifiers, format: format) }
        var warnings = resolver.document.warnings
        // Names are made of the inputs' safe bytes, so two permutations could share one: refused rather than one
        // overwriting the other (compared without regard to case, as some file systems do).
        var byName: [String: String] = [:]
        for (permutation, file) in zip(permutations, files) {
            if let earlier = byName[file.lowercased()] {
                let message =
                    "theme: error: the permutations \(earlier) and \(label(permutation, modifiers)) would both be written to \(file); rename a context so that their names differ in letters or digits; nothing was written\n"
                return CommandResult(
                    exitCode: .failure, standardError: Array((printer.render(warnings) + message).utf8))
            }
            byName[file.lowercased()] = label(permutation, modifiers)
        }
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        var staged: [FileOutput.StagedFile] = []
        var madeFolders: [String] = []
        /// `result`, once the files staged so far are removed (and the folders this made, if they are empty).
        func failure(_ result: CommandResult) -> CommandResult {
            for file in staged { file.discard() }
            FileOutput.removeDirectories(madeFolders)
            return result
        }
        /// `theme: error: cannot write [FILE ]into DIRECTORY: REASON[; ENDING]`, elided as a diagnostic's message is
        /// (a file name holds a context's name, which can be as long as any text).
        func cannotWrite(_ error: FileSystem.Failure, file: String? = nil, _ ending: String? = nil) -> CommandResult {
            let what = file.map { $0 + " into " } ?? "into "
            let reason = Diagnostic.bounded(
                "cannot write \(what)\(directory): \(error.reason)\(ending.map { "; " + $0 } ?? "")")
            let message = printer.render(warnings) + "theme: error: \(reason)\n"
            return failure(CommandResult(exitCode: .failure, standardError: Array(message.utf8)))
        }
        do {
            madeFolders = try FileOutput.makeDirectory(directory)
        } catch {
            return cannotWrite(error)
        }
        var warned = Set(warnings)
        // Each permutation's output copies what it writes as the one before it did.
        var earlier = EarlierOutput(recording: format != "text")
        // Built past errors (`--keep-going`): each such permutation says what it left out.
        var keptGoing = ""
        // In the document's order (the last modifier varying fastest), each permutation differs from the one
        // before in as few files as can be, which is what the resolver's reuse thrives on.
        for (permutation, file) in zip(permutations, files) {
            let theme: ResolvedTheme
            do throws(DiagnosticError) {
                theme = try resolver.resolve(permutation, policy: policy)
            } catch {
                return failure(
                    printer.failure(
                        warnings + error.diagnostics,
                        ending: "in the permutation \(label(permutation, modifiers)); nothing was written"))
            }
            // A problem of a file every permutation shares is said once.
            warnings += theme.diagnostics.filter { warned.insert($0).inserted }
            keptGoing += DiagnosticRenderer.keptGoing(theme, ending: "\(file) written without them") ?? ""
            do {
                staged.append(
                    try FileOutput.StagedFile(for: folder + file) { (sink) throws(FileSystem.Failure) in
                        try writeTokens(theme, format: format, to: &sink, earlier: &earlier)
                    })
            } catch {
                return cannotWrite(error, file: file, "nothing was written")
            }
        }
        let index = JSONValue.object([
            .init("modifiers", .array(modifiers.map(JSONValue.string))),
            .init(
                "permutations",
                .array(
                    zip(permutations, files).map { permutation, file in
                        .object([
                            .init("input", .object(modifiers.map { .init($0, .string(permutation[$0]!)) })),
                            .init("file", .string(file)),
                        ])
                    })),
        ])
        do {
            var writer = JSONWriter()
            writer.value(index)
            let bytes = writer.finish()
            staged.append(
                try FileOutput.StagedFile(for: folder + "index.json") { (sink) throws(FileSystem.Failure) in
                    try sink.write(bytes)
                })
        } catch {
            return cannotWrite(error, file: "index.json", "nothing was written")
        }
        // Renamed into place only now that every file is written. A rename can still fail (the folder or a file
        // changed meanwhile): how many files were renamed before it is said.
        if let (committed, error) = FileOutput.StagedFile.commit(staged) {
            staged = []
            let written =
                switch committed {
                case 0: "nothing was written"
                case 1: "1 of \(files.count + 1) files was already written"
                default: "\(committed) of \(files.count + 1) files were already written"
                }
            return cannotWrite(error, file: (files + ["index.json"])[committed], written)
        }
        let count = permutations.count
        return CommandResult(
            exitCode: keptGoing.isEmpty ? .success : .findings,
            standardError: Array(
                (printer.render(warnings) + keptGoing
                    + "theme: wrote \(count) permutation\(count == 1 ? "" : "s") and index.json to \(directory)\n").utf8
            ))
    }

    /// `mode=dark, contrast=high`.
    private static func label(_ input: [String: String], _ modifiers: [String]) -> String {
        modifiers.isEmpty ? "(no modifiers)" : modifiers.map { "\($0)=\(input[$0]!)" }.joined(separator: ", ")
    }

    /// `mode-dark.contrast-high.json` (`.txt` for text): each modifier and its context, in resolution order, with any
    /// byte that does not belong in a file name made `_`; `default.json` for a document without modifiers.
    static func fileName(_ input: [String: String], _ modifiers: [String], format: String) -> String {
        func safe(_ text: String) -> String {
            String(
                text.unicodeScalars.map { scalar in
                    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
                        ? Character(scalar) : "_"
                })
        }
        let stem =
            modifiers.isEmpty ? "default" : modifiers.map { safe($0) + "-" + safe(input[$0]!) }.joined(separator: ".")
        return stem + (format == "text" ? ".txt" : ".json")
    }
}
