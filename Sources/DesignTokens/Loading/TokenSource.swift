@_spi(Engine) import TokenJSON

/// One token file: its name (shown in diagnostics) and its bytes.
///
/// A theme is a stack of sources, resolved by ``ResolvedTheme/resolve(_:policy:)``: later sources override earlier ones
/// token by token, and references resolve against the whole stack.
public struct TokenSource: Sendable, Hashable {
    /// The name diagnostics show for this file, usually its path. It also says how the file is read: as JSONC or
    /// JSON5 for a name that ends in `.jsonc` or `.json5`, else as strict JSON.
    public var name: String
    /// The file's contents, UTF-8 JSON (or JSONC or JSON5, as ``name`` says).
    public var bytes: [UInt8] {
        get { contents.array }
        set { contents = SourceBytes(newValue) }
    }
    /// The contents as the engine reads them: the array, or the file mapped (``init(mappingFile:)``).
    package private(set) var contents: SourceBytes
    /// Where the tokens are in the file, as a JSON Pointer (`#/sets/base/sources/0`, `#/dark`): a part of a file
    /// that a resolver document names. Nil for the whole file. Diagnostics still point into the whole file.
    package var root: String?
    /// The file and the part of it (`colors.json#/dark`): what a resolver document names a source by.
    package var fileAndPart: String { name + "#" + (root ?? "") }
    /// What is known of the source's dialect before it is read (``DialectDetection/detect(_:nodes:source:)``).
    package var format = Format.unknown
    /// How the source stands in a stack; a theme unless said otherwise.
    public var role: Role = .theme

    /// How a source stands in a stack.
    public enum Role: Sendable, Hashable {
        /// It defines tokens: a base set (one of several files it may be split over), a set or a context of a
        /// resolver document. A token that no file below it has is simply a new token.
        case base
        /// It overrides tokens of the files below it: a token it has that none of them has is reported
        /// (`unmatched-override`), as it is usually a misspelt path.
        case theme
    }

    /// How the bytes are read: the dialect ``name`` asks for (``JSONDialect/init(fileName:)``), the one place it
    /// is chosen. Not stored, so that it always follows the name.
    var dialect: JSONDialect { JSONDialect(fileName: name) }

    /// A source from bytes already in memory.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        contents = SourceBytes(bytes)
    }

    /// Maps a file rather than reading it (``FileSystem/mapOrRead(_:maximumSize:)``), for a process that lives as
    /// long as a command: `theme` does, so that a large file costs no copy. ``bytes`` then copies the file out.
    /// - Throws: ``DiagnosticError`` with one `unreadable-file` diagnostic when the file cannot be read or is
    ///   larger than 256 MiB (``FileSystem/maximumFileSize``).
    package init(mappingFile path: String) throws(DiagnosticError) {
        try self.init(path: path) { (path) throws(FileSystem.Failure) in try FileSystem.mapOrRead(path) }
    }

    /// A file's source, its contents had from `load`; a failure becomes the `unreadable-file` diagnostic.
    private init(path: String, loading load: (String) throws(FileSystem.Failure) -> SourceBytes) throws(DiagnosticError)
    {
        name = path
        do {
            contents = try load(path)
        } catch {
            throw DiagnosticError([Diagnostic(.error, .unreadableFile, "cannot read \(path): \(error.reason)")])
        }
    }

    public static func == (left: TokenSource, right: TokenSource) -> Bool {
        left.name == right.name && left.root == right.root && left.contents.hasSameBytes(as: right.contents)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(root)
        contents.withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// A source from bytes already in memory in any collection of bytes, such as Foundation's `Data`
    /// (`TokenSource(name: "tokens.json", data: data)`).
    ///
    /// Generic, so that the engine itself does not import Foundation: a binary that uses it does not load it.
    public init<Bytes: Sequence<UInt8>>(name: String, data: Bytes) {
        self.init(name: name, bytes: [UInt8](data))
    }

    /// Reads a file.
    /// - Parameter path: the file's path; it is also the name diagnostics show.
    /// - Throws: ``DiagnosticError`` with one `unreadable-file` diagnostic when the file cannot be read or is
    ///   larger than 256 MiB, the most a token file may be (a path that never ends, such as `/dev/zero`, is read
    ///   only that far).
    public init(contentsOfFile path: String) throws(DiagnosticError) {
        try self.init(path: path) { (path) throws(FileSystem.Failure) in SourceBytes(try FileSystem.read(path)) }
    }
}

extension JSONReader {
    /// Parses a source into a document, in the dialect its name chooses (``TokenSource/dialect``).
    /// - Throws: ``SyntaxError`` for the first syntax error (JSON cannot be read past one reliably).
    package static func parse(_ source: TokenSource) throws(SyntaxError) -> JSONDocument {
        try parse(source.contents, dialect: source.dialect)
    }
}
