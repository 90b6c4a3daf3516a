import DesignTokens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory of its own under the system's temporary directory (``temporaryDirectory(_:)``), for one test of
/// code that reads or writes files, with what such a test does in it besides: make a file, list the names there.
public struct TemporaryDirectory {
    public let path: String

    public init() throws {
        path = try temporaryDirectory("files")
    }

    /// Makes a file `name` with `bytes`, with plain POSIX calls (not the code under test).
    public func create(_ name: String, _ bytes: [UInt8]) throws {
        let descriptor = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystem.Failure(reason: "open: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var offset = 0
        try bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else {
                    throw FileSystem.Failure(reason: "write: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }

    /// The names in the directory (hidden ones too), sorted.
    public func entries() -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes the directory and what the test left in it (files and empty directories only).
    public func remove() {
        for name in entries() {
            let entry = path + "/" + name
            if unlink(entry) != 0 { rmdir(entry) }
        }
        rmdir(path)
    }
}
