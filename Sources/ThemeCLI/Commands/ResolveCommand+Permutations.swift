import DesignTokens

/// `theme resolve --resolver PATH --all --output-dir DIR`: every permutation of a resolver document (or every one
/// that the `--input`s leave open), one file each, named after its inputs (`mode-dark.contrast-high.json`), and
/// `index.json` listing the inputs and file of each. Everything is resolved before anything is written: when one
/// permutation fails, no file is written.
extension ResolveCommand {
    static func writeAll(
        _ resolver: ThemeResolver, fixing input: [String: String], format: String, to directory: String,
        policy: ReadingPolicy, sources: [TokenSource], usesColor: Bool
    ) -> CommandResult {
        var resolver = resolver
        let printer = DiagnosticPrinter(sources: sources, usesColor: usesColor)
        let permutations: [[String: String]]
        do {
            permutations = try resolver.document.permutations(fixing: input)
        } catch {
            return printer.failure(error.diagnostics, ending: "nothing was written")
        }
        let modifiers = resolver.document.modifiers.map(\.name)
        var outputs: [(file: String, input: [String: String], bytes: [UInt8])] = []
        var warnings = resolver.document.warnings
        var warned = Set(warnings)
        // In the document's order (the last modifier varying fastest), each permutation differs from the one
        // before in as few files as can be, which is what the resolver's reuse thrives on.
        for permutation in permutations {
            let theme: ResolvedTheme
            do throws(DiagnosticError) {
                theme = try resolver.resolve(permutation, policy: policy)
            } catch {
                return printer.failure(warnings + error.diagnostics, ending: "in the permutation \(label(permutation, modifiers)); nothing was written")
            }
            // A problem of a file every permutation shares is said once.
            warnings += theme.diagnostics.filter { warned.insert($0).inserted }
            let bytes: [UInt8] = switch format {
            case "flat": theme.flatJSON()
            case "text": TextTable.render(theme)
            default: theme.treeJSON()
            }
            outputs.append((fileName(permutation, modifiers, format: format), permutation, bytes))
        }
        // Names are made of the inputs' safe bytes, so two permutations could share one: refused rather than one
        // overwriting the other (compared without regard to case, as some file systems do).
        var byName: [String: String] = [:]
        for output in outputs {
            if let earlier = byName[output.file.lowercased()] {
                let message = "theme: error: the permutations \(earlier) and \(label(output.input, modifiers)) would both be written to \(output.file); rename a context so that their names differ in letters or digits; nothing was written\n"
                return CommandResult(exitCode: .failure, standardError: Array((printer.render(warnings) + message).utf8))
            }
            byName[output.file.lowercased()] = label(output.input, modifiers)
        }
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        let index = JSONValue.object([
            .init("modifiers", .array(modifiers.map(JSONValue.string))),
            .init("permutations", .array(outputs.map { output in
                .object([
                    .init("input", .object(modifiers.map { .init($0, .string(output.input[$0]!)) })),
                    .init("file", .string(output.file)),
                ])
            })),
        ])
        do {
            try FileSystem.makeDirectory(directory)
            for output in outputs { try FileSystem.writeAtomically(output.bytes, to: folder + output.file) }
            var writer = JSONWriter()
            writer.value(index)
            try FileSystem.writeAtomically(writer.finish(), to: folder + "index.json")
        } catch {
            let message = printer.render(warnings) + "theme: error: cannot write into \(directory): \(error.reason)\n"
            return CommandResult(exitCode: .failure, standardError: Array(message.utf8))
        }
        let count = outputs.count
        return CommandResult(
            exitCode: .success,
            standardError: Array((printer.render(warnings) + "theme: wrote \(count) permutation\(count == 1 ? "" : "s") and index.json to \(directory)\n").utf8))
    }

    /// `mode=dark, contrast=high`.
    private static func label(_ input: [String: String], _ modifiers: [String]) -> String {
        modifiers.isEmpty ? "(no modifiers)" : modifiers.map { "\($0)=\(input[$0]!)" }.joined(separator: ", ")
    }

    /// `mode-dark.contrast-high.json` (`.txt` for text): each modifier and its context, in resolution order, with any
    /// byte that does not belong in a file name made `_`; `default.json` for a document without modifiers.
    static func fileName(_ input: [String: String], _ modifiers: [String], format: String) -> String {
        func safe(_ text: String) -> String {
            String(text.unicodeScalars.map { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") ? Character(scalar) : "_"
            })
        }
        let stem = modifiers.isEmpty ? "default" : modifiers.map { safe($0) + "-" + safe(input[$0]!) }.joined(separator: ".")
        return stem + (format == "text" ? ".txt" : ".json")
    }
}
