#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileSystem {
    /// The most files ``jsonFiles(under:)`` lists, and the deepest folder it goes into: a folder given by mistake
    /// (a home folder, `/`) is not walked whole.
    package static let maximumListedFiles = 10_000
    package static let maximumListingDepth = 16

    /// The `.json` files in `folder` (with its trailing `/`, or empty for the current one) and the folders below it,
    /// as paths relative to it, in path order (`a.json`, `b/c.json`); hidden files and folders (`.git`), names
    /// starting with `$`, and symbolic links to folders (which could lead back up) left out. Nil when the folder
    /// cannot be read, or holds more than ``maximumListedFiles`` files or folders.
    package static func jsonFiles(under folder: String) -> [String]? {
        var found: [String] = []
        var folders = 0
        func walk(_ relative: String, depth: Int) -> Bool {
            folders += 1
            guard folders <= maximumListedFiles else { return false }
            guard depth <= maximumListingDepth, let directory = opendir(folder + (relative.isEmpty ? "." : relative))
            else { return depth > 0 }
            defer { closedir(directory) }
            var names: [String] = []
            while let entry = readdir(directory) {
                // The name up to its NUL, within the `d_name` array's own bytes.
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix("."), !name.hasPrefix("$") else { continue }
                names.append(name)
            }
            for name in names.sorted() {
                let path = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard lstat(folder + path, &status) == 0 else { continue }
                if status.st_mode & S_IFMT == S_IFLNK {
                    // A link to a file counts as the file; a link to a folder is not followed.
                    guard stat(folder + path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
                }
                if status.st_mode & S_IFMT == S_IFDIR {
                    guard walk(path, depth: depth + 1) else { return false }
                } else if name.hasSuffix(".json"), status.st_mode & S_IFMT == S_IFREG {
                    found.append(path)
                    if found.count > maximumListedFiles { return false }
                }
            }
            return true
        }
        return walk("", depth: 0) ? found.sorted() : nil
    }
}
