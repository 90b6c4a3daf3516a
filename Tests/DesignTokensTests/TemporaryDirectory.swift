@testable import DesignTokens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory of its own under the system's temporary directory, for one test.
struct TemporaryDirectory {
    let path: String

    init() throws {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/ThemeEngineTests-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FileSystem.Failure(reason: "mkdtemp: \(String(cString: strerror(errno)))")
        }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Makes a file `name` with `bytes`, with plain POSIX calls (not the code under test).
    func create(_ name: String, _ bytes: [UInt8]) throws {
        let descriptor = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystem.Failure(reason: "open: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var offset = 0
        try bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else {
                    throw FileSystem.Failure(reason: "write: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }

    /// The names in the directory (hidden ones too), sorted.
    func entries() -> [String] {
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
    func remove() {
        for name in entries() {
            let entry = path + "/" + name
            if unlink(entry) != 0 { rmdir(entry) }
        }
        rmdir(path)
    }
}

/// POSIX `write`, under a name of its own (tests' types have `write`s of their own).
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
