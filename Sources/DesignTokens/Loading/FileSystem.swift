import TokenJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file reads and atomic writes over POSIX calls, shared by the library and the `theme` tool.
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
            return SourceBytes(
                SourceBytes.Mapping(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size))
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

    /// Writes a file so that readers see either the old contents or the new, never a part: the bytes go to a
    /// temporary file beside it, which is then renamed over the target (`rename(2)` is atomic).
    ///
    /// Only a regular file, or a path where there is nothing yet, is replaced that way (see ``destination(of:)``).
    /// A symbolic link is followed, so the file it names is replaced and the link stays a link. A device, FIFO or
    /// socket is opened and written into, as a shell's `>` does: renaming over it would put a regular file in its
    /// place (`/dev/null` itself, for root). A directory is refused.
    ///
    /// There is no `fsync`, so the guarantee is for readers of a running system: they never see a partial file.
    /// After a power loss, some file systems (XFS, ext4 with `noauto_da_alloc` or `data=writeback`, APFS) may
    /// leave the target empty or partial. ext4 by default flushes a file renamed over an existing one before the
    /// rename is committed (`auto_da_alloc`). An `fsync` would close that gap at the cost of waiting for the disk on
    /// every run; the files written are build output, made again by running the command again, and tools that
    /// write such output (Style Dictionary, Prettier, tsc) do not `fsync` either.
    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        try writeAtomically(to: path) { (file) throws(Failure) in try file.write(bytes) }
    }

    /// ``writeAtomically(_:to:)`` for contents made piece by piece: `body` writes them to the temporary file, which
    /// replaces the target only if `body` returns; if it throws, the target is untouched and the error passes on.
    /// (A device, FIFO or socket has no temporary file: `body` writes into it, and what it wrote before throwing
    /// stays written.)
    package static func writeAtomically(to path: String, _ body: (OpenFile) throws(Failure) -> Void) throws(Failure) {
        switch try destination(of: path) {
        case .replace(let file): try replace(file, body)
        case .writeInto(let file): try writeInto(file, body)
        }
    }

    /// Where ``writeAtomically(to:_:)`` puts the bytes for a path, and how.
    package enum Destination: Equatable, Sendable {
        /// A regular file, or a path with nothing there: a temporary file beside it is renamed over it.
        case replace(String)
        /// A device, FIFO or socket: opened as it is and written into.
        case writeInto(String)
    }

    /// The most symbolic links followed from one path, as Linux's `MAXSYMLINKS`.
    private static let maximumLinks = 40

    /// Where writing to `path` goes: symbolic links are followed (a relative link from the folder it is in) to
    /// the file they name, which is replaced when it is a regular file or missing, and written into otherwise.
    /// - Throws: ``Failure`` for a directory, a loop of links, or a path that cannot be looked at (`lstat`).
    package static func destination(of path: String) throws(Failure) -> Destination {
        var current = path
        for _ in 0...maximumLinks {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                // Nothing there: a new file is made (or, in a missing folder, making it fails with the reason).
                if errno == ENOENT { return .replace(current) }
                throw lastError()
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                let target = try linkTarget(current)
                current = target.hasPrefix("/") ? target : folder(of: current) + target
            case S_IFREG:
                return .replace(current)
            case S_IFDIR:
                throw Failure(reason: "it is a directory")
            default:
                return .writeInto(current)
            }
        }
        throw Failure(reason: String(cString: strerror(ELOOP)))
    }

    /// The path a symbolic link holds, as written in it.
    private static func linkTarget(_ path: String) throws(Failure) -> String {
        var capacity = 256
        while true {
            var characters = [CChar](repeating: 0, count: capacity)
            let length = readlink(path, &characters, capacity)
            guard length >= 0 else { throw lastError() }
            // readlink fills the whole buffer when the target may not fit in it: then again, with more room.
            if length < capacity {
                return String(decoding: characters[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity *= 2
        }
    }

    /// The folder part of a path, with its final `/` (`"a/b/"` for `"a/b/c"`), or `""` for a bare name.
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    /// The last name of a path, after its final `/` (`"c"` for `"a/b/c"`).
    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The permissions a file or folder made as usual gets from `mode`: those the process's umask leaves.
    static func permissionsForNew(_ mode: mode_t) -> mode_t {
        let mask = umask(0)
        umask(mask)
        return mode & ~mask
    }

    /// Replaces a regular file (or makes a new one) through a temporary file beside it, renamed over it.
    private static func replace(_ path: String, _ body: (OpenFile) throws(Failure) -> Void) throws(Failure) {
        let staged = try StagedFile(replacing: path, body)
        do {
            try staged.commit()
        } catch {
            staged.discard()
            throw error
        }
    }

    /// Contents written into a temporary file beside the file they are for, which they replace once committed:
    /// for a command that writes several files and must write all of them or none. The temporary file
    /// (`.NAME.tmp-XXXXXX`, hidden) is registered with ``TemporaryFiles`` until it is committed or discarded, so a
    /// process ended by SIGINT, SIGTERM or SIGHUP removes it; one killed outright (SIGKILL) leaves it.
    package struct StagedFile: Sendable {
        /// The file the contents are for.
        package let path: String
        /// The temporary file that holds them.
        private let temporary: String
        /// Its slot in ``TemporaryFiles``.
        private let slot: Int

        /// Writes what `body` writes into a temporary file beside `path`, following symbolic links as
        /// ``writeAtomically(to:_:)`` does. The temporary file is closed when this returns; if `body` throws, it is
        /// removed and the error passes on.
        /// - Throws: ``Failure`` when `path` is a device, FIFO or socket (which cannot be replaced, only written
        ///   into, so not together with other files) or a folder, or when writing fails.
        package init(for path: String, _ body: (OpenFile) throws(Failure) -> Void) throws(Failure) {
            switch try destination(of: path) {
            case .replace(let file): self = try StagedFile(replacing: file, body)
            case .writeInto:
                throw Failure(
                    reason: "it is a device, FIFO or socket, which cannot be written together with other files")
            }
        }

        private init(path: String, temporary: String, slot: Int) {
            self.path = path
            self.temporary = temporary
            self.slot = slot
        }

        /// Writes what `body` writes into a new temporary file beside the regular file (or nothing) at `path`.
        fileprivate init(replacing path: String, _ body: (OpenFile) throws(Failure) -> Void) throws(Failure) {
            let directory = folder(of: path)
            let name = name(of: path)
            let descriptor: Int32
            let temporary: String
            let slot: Int
            switch TemporaryFiles.make(from: "\(directory).\(name).tmp-XXXXXX") {
            case .success(let made): (descriptor, temporary, slot) = made
            case .failure(let error): throw Failure(reason: String(cString: strerror(error.code)))
            }
            func remove() {
                unlink(temporary)
                TemporaryFiles.forget(slot, path: temporary)
            }
            do {
                try body(OpenFile(writingTo: descriptor))
                // mkstemp creates the file 0600; give it the usual permissions for a new file.
                fchmod(descriptor, permissionsForNew(0o666))
            } catch {
                close(descriptor)
                remove()
                throw error
            }
            guard close(descriptor) == 0 else {
                let failure = lastError()
                remove()
                throw failure
            }
            self.init(path: path, temporary: temporary, slot: slot)
        }

        /// Renames the temporary file over the file the contents are for (`rename(2)` is atomic).
        package func commit() throws(Failure) {
            guard rename(temporary, path) == 0 else { throw lastError() }
            TemporaryFiles.forget(slot, path: temporary)
        }

        /// Removes the temporary file, leaving the file the contents were for as it was.
        package func discard() {
            unlink(temporary)
            TemporaryFiles.forget(slot, path: temporary)
        }

        /// Commits `files` in order. At the first whose rename fails (the folder or a file changed since it was
        /// staged), that one and the rest are discarded: the files before it stay replaced.
        /// - Returns: nil when every file is committed; else how many were, and why the next was not.
        package static func commit(_ files: [StagedFile]) -> (committed: Int, failure: Failure)? {
            for (index, file) in files.enumerated() {
                do {
                    try file.commit()
                } catch {
                    for rest in files[index...] { rest.discard() }
                    return (index, error)
                }
            }
            return nil
        }
    }

    /// Opens a device, FIFO or socket for writing, as it is (no `O_CREAT`, no `O_TRUNC`), and has `body` write
    /// into it. A FIFO's open waits for a reader, as a shell's `>` does.
    private static func writeInto(_ path: String, _ body: (OpenFile) throws(Failure) -> Void) throws(Failure) {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw lastError() }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = lastError()
            close(descriptor)
            throw failure
        }
        // Replaced by a regular file since it was looked at: written into without truncating, its old tail would
        // stay, so it is replaced as a regular file is.
        if (info.st_mode & S_IFMT) == S_IFREG {
            close(descriptor)
            return try replace(path, body)
        }
        do {
            try body(OpenFile(writingTo: descriptor))
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw lastError() }
    }

    /// A file open for writing, for ``writeAtomically(to:_:)``'s body.
    package struct OpenFile: Sendable {
        fileprivate let descriptor: Int32

        /// A descriptor open for writing (the temporary file, or the device or FIFO, that
        /// ``writeAtomically(to:_:)`` writes to); it stays the caller's to close.
        package init(writingTo descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// Writes all of `bytes`, after what was written before.
        package func write(_ bytes: [UInt8]) throws(Failure) {
            try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) in try write(buffer) }
        }

        /// Writes all of `bytes`, after what was written before.
        package func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
            guard let base = bytes.baseAddress else { return }
            if let failure = FileSystem.write(base, count: bytes.count, toDescriptor: descriptor) { throw failure }
        }
    }

    /// Writes `count` bytes to a file descriptor, all of them; the failure, if one stops it.
    private static func write(_ base: UnsafeRawPointer, count: Int, toDescriptor descriptor: Int32) -> Failure? {
        var written = 0
        while written < count {
            let result = posixWrite(descriptor, base + written, count - written)
            if result < 0 {
                if errno == EINTR { continue }
                return lastError()
            }
            written += result
        }
        return nil
    }

    /// Makes a folder and any folder above it that is missing (`mkdir -p`); one that exists is fine.
    /// - Returns: the folders it made, outermost first (none when the folder was there).
    /// - Throws: ``Failure`` when a folder cannot be made, or the path is not a folder; the folders it made before
    ///   are removed again.
    @discardableResult
    package static func makeDirectory(_ path: String) throws(Failure) -> [String] {
        var prefix = path.hasPrefix("/") ? "/" : ""
        var made: [String] = []
        func failure(_ failure: Failure) -> Failure {
            removeDirectories(made)
            return failure
        }
        for part in path.split(separator: "/") {
            prefix += part + "/"
            if mkdir(prefix, 0o777) == 0 {
                made.append(prefix)
            } else if errno != EEXIST {
                throw failure(lastError())
            }
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(lastError()) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw failure(Failure(reason: "it is not a folder")) }
        return made
    }

    /// Removes the folders ``makeDirectory(_:)`` made, last made first, as long as they are empty: at the first that
    /// is not (or cannot be removed), it stops, leaving the folders made before it.
    package static func removeDirectories(_ made: [String]) {
        for folder in made.reversed() where rmdir(folder) != 0 { return }
    }

    /// Writes bytes to a file descriptor (standard output or error), all of them.
    package static func write(_ bytes: [UInt8], toDescriptor descriptor: Int32) {
        _ = bytes.withUnsafeBytes { buffer in
            buffer.baseAddress.flatMap { write($0, count: buffer.count, toDescriptor: descriptor) }
        }
    }

    static func lastError() -> Failure {
        Failure(reason: String(cString: strerror(errno)))
    }
}

// The POSIX calls under names that do not collide with this file's own `read` and `write`.
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
