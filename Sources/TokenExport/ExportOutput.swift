/// What an export makes: one file, or a folder of files.
public enum ExportOutput: Sendable, Equatable {
    /// The bytes of one file (CSS, Swift, one DTCG file).
    case file([UInt8])
    /// The files of a folder, by their path inside it (`Colors.xcassets/Contents.json`,
    /// `values-night/colors.xml`), folders first made as their files need them.
    case folder([ExportedFile])
}

/// One file of a folder an export makes.
public struct ExportedFile: Sendable, Equatable {
    /// Its path inside the folder, `/`-separated.
    public var path: String
    public var contents: Contents

    public init(_ path: String, _ contents: Contents) {
        self.path = path
        self.contents = contents
    }

    public init(_ path: String, bytes: [UInt8]) {
        self.init(path, .bytes(bytes))
    }

    /// What a file holds: bytes made by the export, or a copy of a file the tokens name (an image).
    public enum Contents: Sendable, Equatable {
        case bytes([UInt8])
        /// The file at this path, copied as it is.
        case copy(of: String)
    }
}
