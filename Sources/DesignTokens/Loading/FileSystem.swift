@_spi(Engine) import TokenJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file reads over POSIX calls, shared by the library and the `theme` tool, and the failure that reading or
/// writing a file reports. (The files `theme` writes are ThemeCLI's `FileOutput`.)
package enum FileSystem {
    /// Why a file operation failed, in words for a diagnostic (`No such file or directory`).
    package struct Failure: Error, Sendable {
        /// What failed and why, with its middle elided past ``Diagnostic/maximumMessageLength`` as a diagnostic's
        /// is (a path can be as long as any text).
        package let reason: String

        package init(reason: String) {
            self.reason = Diagnostic.bounded(reason)
        }
    }

    /// The largest file ``read(_:maximumSize:)`` and ``mapOrRead(_:maximumSize:)`` take: 256 MiB.
    ///
    /// A token file is read whole, and its offsets are kept in 32 bits (the JSON reader refuses 4 GiB or more);
    /// 256 MiB is far more than a set of design tokens needs and well under that. A path that never ends
    /// (`/dev/zero`, a pipe from a runaway program) or names the wrong file would otherwise be read until memory
    /// runs out: the limit is checked against a regular file's size before any of it is read, and counted as a
    /// stream is read, which stops one byte past it.
    package static let maximumFileSize = 256 << 20

    /// The folder part of a path, with its final `/` (`"a/b/"` for `"a/b/c"`), or `""` for a bare name.
    package static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    /// Reads a whole file.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - maximumSize: the most bytes taken; a longer file is refused (tests pass less than the default).
    /// - Throws: ``Failure`` when the file cannot be opened or read, is a directory, or is larger than
    ///   `maximumSize` (`it is larger than 256 MiB, the most a token file may be`).
    package static func read(_ path: String, maximumSize: Int = maximumFileSize) throws(Failure) -> [UInt8] {
        try withOpenFile(path) { (descriptor, info) throws(Failure) in
            try read(descriptor, info, maximumSize: maximumSize)
        }
    }

    /// Calls `body` with a file opened for reading and its `fstat`, and closes it.
    private static func withOpenFile<Result>(_ path: String, _ body: (Int32, stat) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw lastError() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw lastError() }
        return try body(descriptor, info)
    }

    /// Reads the whole of an open file, whose `fstat` is `info`, refusing one larger than `maximumSize`.
    private static func read(_ descriptor: Int32, _ info: stat, maximumSize: Int) throws(Failure) -> [UInt8] {
        if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(reason: "it is a directory") }
        let size = max(Int(info.st_size), 0)
        if size > maximumSize { throw tooLarge(maximumSize) }
        // The size fstat gives is read into uninitialised memory (not zeroed first); a file that grows meanwhile,
        // or reports no size (/proc, a pipe, a device), is read on in further pieces, to its end or to `maximumSize`
        // and one byte more, which tells a longer file from one of exactly that size.
        var failure: Failure?
        /// Fills `buffer` from its start, each read into the `buffer.count - filled` bytes still free; returns how
        /// many it filled (the initialised prefix).
        func readAll(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var filled = 0
            while filled < buffer.count {
                let count = posixRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = lastError()
                    break
                }
                if count == 0 { break }
                filled += count
            }
            return filled
        }
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in count = readAll(into: buffer) }
        var pieceSize = 1 << 16
        var more = bytes.count == size && failure == nil
        while more {
            let wanted = bytes.count < maximumSize ? min(pieceSize, maximumSize - bytes.count) : 1
            let piece = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in count = readAll(into: buffer) }
            if bytes.count + piece.count > maximumSize { throw tooLarge(maximumSize) }
            bytes.append(contentsOf: piece)
            more = piece.count == wanted && failure == nil
            pieceSize = max(pieceSize, bytes.count)
        }
        if let failure { throw failure }
        return bytes
    }

    /// The failure of a file larger than `maximumSize`.
    private static func tooLarge(_ maximumSize: Int) -> Failure {
        let mebibyte = 1 << 20
        let kibibyte = 1 << 10
        let limit =
            if maximumSize >= mebibyte, maximumSize % mebibyte == 0 {
                "\(maximumSize / mebibyte) MiB"
            } else if maximumSize >= kibibyte, maximumSize % kibibyte == 0 { "\(maximumSize / kibibyte) KiB" } else {
                "\(maximumSize) bytes"
            }
        return Failure(reason: "it is larger than \(limit), the most a token file may be")
    }

    /// A whole file's bytes, mapped when it is a regular file that is not empty (its pages are mapped at once,
    /// rather than faulted in one by one), read otherwise (as ``read(_:maximumSize:)`` reads: a pipe, a device,
    /// `/proc`, or a mapping refused). A mapping holds the size `fstat` gave when the file was opened, where a read
    /// goes on to the end of a file that grows meanwhile.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - maximumSize: the most bytes taken; a longer file is refused before it is mapped, or as it is read.
    /// - Throws: ``Failure`` as ``read(_:maximumSize:)`` does.
    package static func mapOrRead(_ path: String, maximumSize: Int = maximumFileSize) throws(Failure) -> SourceBytes {
        try withOpenFile(path) { (descriptor, info) throws(Failure) in
            let size = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
            if size > maximumSize { throw tooLarge(maximumSize) }
            // (The mapping keeps the file open, not the descriptor.)
            let mapped = size > 0 ? mmap(nil, size, PROT_READ, mappingFlags, descriptor, 0) : nil
            guard let mapped, mapped != MAP_FAILED else {
                return SourceBytes(try read(descriptor, info, maximumSize: maximumSize))
            }
            // The mapping is `size` bytes long (the pages past the file's end are not in the buffer).
            return SourceBytes(
                SourceBytes.Mapping(
                    UnsafeBufferPointer(start: mapped.bindMemory(to: UInt8.self, capacity: size), count: size))
            )
        }
    }

    /// Private (the process's own view), and, on Linux, with every page mapped at once.
    private static var mappingFlags: Int32 {
        #if os(Linux)
            MAP_PRIVATE | MAP_POPULATE
        #else
            MAP_PRIVATE
        #endif
    }

    /// The failure the last system call on this thread reports (its `errno`, in words).
    package static func lastError() -> Failure {
        Failure(reason: String(cString: strerror(errno)))
    }
}

// The POSIX call under a name that does not collide with this file's own `read`.
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
