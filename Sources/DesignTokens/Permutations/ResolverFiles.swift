#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The token files a resolver names, by paths relative to its folder: read once each, and kept inside that folder
/// (no `..` out of it, no absolute path, no symbolic link leading out) unless allowed out, so that a pull request
/// cannot make CI read other files. DTCG resolver documents and Tokens Studio exports read their files through it.
struct ResolverFiles {
    /// The folder paths are relative to, with a trailing slash (empty for the current folder).
    let folder: String
    let allowOutsideRoot: Bool
    /// Reads the file at a path (the folder's path and the relative one), or throws why it cannot; nil for the
    /// files on disk, where a symbolic link leading out of the folder is refused too.
    let load: ResolverDocument.FileLoader?
    /// Files read, by their path relative to the folder.
    private var read: [String: TokenSource] = [:]

    /// Why a file cannot be had.
    enum Problem: Error {
        /// It leads out of the folder; the text says how ("is an absolute path").
        case outside(String)
        /// It cannot be read; the text says why.
        case unreadable(String)
    }

    init(folder: String, allowOutsideRoot: Bool, load: ResolverDocument.FileLoader?) {
        self.folder = folder
        self.allowOutsideRoot = allowOutsideRoot
        self.load = load
    }

    /// The path of a file relative to the folder, as the file system (or `load`) is given it.
    func path(_ relative: String) -> String {
        relative.hasPrefix("/") ? relative : folder + relative
    }

    /// The file at `relative`, read the first time it is asked for.
    mutating func source(_ relative: String) -> Result<TokenSource, Problem> {
        if let known = read[relative] { return .success(known) }
        if !allowOutsideRoot, let problem = outsideRoot(relative) { return .failure(.outside(problem)) }
        let path = path(relative)
        do throws(DiagnosticError) {
            let source = if let load { try load(path) } else { try TokenSource(contentsOfFile: path) }
            read[relative] = source
            return .success(source)
        } catch {
            return .failure(.unreadable(error.diagnostics.first?.message ?? "cannot read \(path)"))
        }
    }

    /// Why a relative file path leads out of the folder, or nil when it stays inside.
    private func outsideRoot(_ relative: String) -> String? {
        if relative.hasPrefix("/") { return "is an absolute path" }
        var depth = 0
        for part in relative.split(separator: "/") {
            if part == ".." { depth -= 1 } else if part != "." { depth += 1 }
            if depth < 0 { return "leads out of the folder with .." }
        }
        // A symbolic link on the way may still lead out: compare where the file really is (on disk; files read
        // otherwise, from git say, are read as they are stored).
        guard load == nil, let base = Self.realPath(folder.isEmpty ? "." : folder),
            let file = Self.realPath(folder + relative)
        else { return nil }
        return file.hasPrefix(base.hasSuffix("/") ? base : base + "/")
            ? nil : "leads out of the folder through a symbolic link"
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is a folder on disk.
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
