@_spi(Engine) import TokenJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading what `--resolver` names. The one place that tells a DTCG resolver document from a Tokens Studio export:
/// a folder, or a file named `$themes.json` or `$metadata.json`, is a multi-file export; a JSON object with
/// `$themes` or `$metadata` and no `resolutionOrder` is a single-file export; anything else is a resolver document.
extension ResolverDocument {
    /// Reads the file at a path: what a document's files are read with when they are not read from disk.
    package typealias FileLoader = (String) throws(DiagnosticError) -> TokenSource

    /// What reading a resolver gives: the document, or every problem found; and the files it is read from, for
    /// quoting the lines diagnostics point at.
    package struct Reading {
        package var document: Result<ResolverDocument, DiagnosticError>
        package var files: [TokenSource]
    }

    /// Reads and checks a resolver document or a Tokens Studio export.
    /// - Parameters:
    ///   - path: a resolver document; or a Tokens Studio export: its folder, its `$themes.json` (or `$metadata.json`),
    ///     or the single file that holds its sets, `$themes` and `$metadata`. Files are read relative to its folder.
    ///   - allowOutsideRoot: whether the files it names may lie outside that folder.
    /// - Throws: ``DiagnosticError`` with every problem found, each located.
    public init(contentsOfFile path: String, allowOutsideRoot: Bool = false) throws(DiagnosticError) {
        let reading = Self.read(path, allowOutsideRoot: allowOutsideRoot, loading: nil)
        do { self = try reading.document.get() } catch { throw error.pointing(into: reading.files) }
    }

    /// Reads and checks a resolver document, or a Tokens Studio export's `$themes.json` or single file, already
    /// loaded; its name is its path.
    public init(_ source: TokenSource, allowOutsideRoot: Bool = false) throws(DiagnosticError) {
        try self.init(source, allowOutsideRoot: allowOutsideRoot, loading: nil)
    }

    /// Reads and checks a resolver already loaded, reading the files it names with `load` (nil: from disk), such as
    /// a document and its files as they were at a git revision.
    package init(_ source: TokenSource, allowOutsideRoot: Bool = false, loading load: FileLoader?)
        throws(DiagnosticError)
    {
        let reading = Self.read(source, allowOutsideRoot: allowOutsideRoot, loading: load)
        do { self = try reading.document.get() } catch { throw error.pointing(into: reading.files) }
    }

    /// Reads what `path` names (see ``init(contentsOfFile:allowOutsideRoot:)``), its files with `load` (nil: from
    /// disk). A folder is looked for on disk.
    package static func read(_ path: String, allowOutsideRoot: Bool, loading load: FileLoader?) -> Reading {
        if ResolverFiles.isFolder(path) {
            return readExport(
                folder: path.hasSuffix("/") ? path : path + "/", given: nil, allowOutsideRoot: allowOutsideRoot,
                loading: load)
        }
        do {
            let source = if let load { try load(path) } else { try TokenSource(contentsOfFile: path) }
            // By the path's name: a file read at a git revision is named `path@revision`.
            return read(source, at: path, allowOutsideRoot: allowOutsideRoot, loading: load)
        } catch {
            return Reading(document: .failure(error), files: [])
        }
    }

    /// Reads a resolver document or a Tokens Studio export from one of its files, read from `path` (its name unless
    /// given).
    private static func read(
        _ source: TokenSource, at path: String? = nil, allowOutsideRoot: Bool, loading load: FileLoader?
    ) -> Reading {
        let path = path ?? source.name
        if TokensStudioReader.isExportFile(path) {
            return readExport(
                folder: FileSystem.folder(of: path), given: (path, source), allowOutsideRoot: allowOutsideRoot,
                loading: load)
        }
        if let document = try? JSONReader.parse(source), TokensStudioReader.exportMember(of: document) != nil {
            var result = ResolverDocument(path: source.name)
            result.add(documentSource: source)
            var reader = TokensStudioReader(
                layout: .file(source, document), folder: FileSystem.folder(of: source.name),
                allowOutsideRoot: allowOutsideRoot, load: load)
            reader.read(themes: nil, metadata: nil, into: &result)
            return Reading(result, diagnostics: reader.diagnostics)
        }
        var result = ResolverDocument(path: source.name)
        result.add(documentSource: source)
        var reader = ResolverDocumentReader(source: source, allowOutsideRoot: allowOutsideRoot, load: load)
        reader.read(into: &result)
        return Reading(result, diagnostics: reader.diagnostics)
    }

    /// Reads the multi-file Tokens Studio export in `folder` (with a trailing slash), `given` one of its
    /// `$themes.json` and `$metadata.json` already read, from its path; the other is read when it is there.
    private static func readExport(
        folder: String, given: (path: String, source: TokenSource)?, allowOutsideRoot: Bool, loading load: FileLoader?
    ) -> Reading {
        func file(_ name: String) -> TokenSource? {
            let path = folder + name
            if let given, given.path == path { return given.source }
            if let load { return try? load(path) }
            guard access(path, F_OK) == 0 else { return nil }
            return try? TokenSource(contentsOfFile: path)
        }
        let themes = file("$themes.json")
        var metadata = file("$metadata.json")
        var notes: [Diagnostic] = []
        if themes == nil, metadata == nil, load == nil, let sets = FileSystem.jsonFiles(under: folder), !sets.isEmpty {
            // A folder of sets without the export's files: every set, in path order, as Tokens Studio reads it.
            let names = sets.map { JSONValue.string(String($0.dropLast(".json".count))) }
            var writer = JSONWriter.compact()
            writer.value(.object([.init("tokenSetOrder", .array(names))]))
            metadata = TokenSource(name: folder + "$metadata.json", bytes: writer.finish())
            notes.append(
                Diagnostic(
                    .warning, .nonConforming,
                    "\(folder) has neither $themes.json nor $metadata.json: read as a Tokens Studio export of one theme, every set in it (\(sets.count)) in path order; add $themes.json to say which sets make each theme"
                ))
        }
        let files = [themes, metadata].compactMap { $0 }
        guard let main = files.first else {
            return Reading(
                document: .failure(
                    DiagnosticError([
                        Diagnostic(
                            .error, .invalidResolver,
                            "\(folder) has neither $themes.json nor $metadata.json; --resolver takes a DTCG resolver document or a Tokens Studio export (its folder, its $themes.json, or a single file with \"$themes\")"
                        )
                    ])),
                files: [])
        }
        var result = ResolverDocument(path: main.name)
        for file in files { result.add(documentSource: file) }
        var reader = TokensStudioReader(layout: .folder, folder: folder, allowOutsideRoot: allowOutsideRoot, load: load)
        reader.read(themes: themes, metadata: metadata, into: &result)
        return Reading(result, diagnostics: notes + reader.diagnostics)
    }
}

extension ResolverDocument.Reading {
    /// The document a reader filled, or its diagnostics when any is an error.
    init(_ document: ResolverDocument, diagnostics: [Diagnostic]) {
        files = document.documentSources
        var document = document
        document.warnings = diagnostics
        self.document =
            diagnostics.contains(where: { $0.severity == .error })
            ? .failure(DiagnosticError(diagnostics)) : .success(document)
    }
}
