import DesignTokens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files the `theme` tool writes, over POSIX calls: one file replaced atomically, several staged and put in
/// place together, the folders they go in. Failures are the engine's ``FileSystem/Failure``, as reads' are.
enum FileOutput {
    typealias Failure = FileSystem.Failure

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
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        try writeAtomically(to: path) { (sink) throws(Failure) in try sink.write(bytes) }
    }

    /// ``writeAtomically(_:to:)`` for contents made piece by piece: `body` writes them into the temporary file, which
    /// replaces the target only if `body` returns; if it throws, the target is untouched and the error passes on.
    /// (A device, FIFO or socket has no temporary file: `body` writes into it, and what it wrote before throwing
    /// stays written.)
    static func writeAtomically(to path: String, _ body: (inout OutputSink) throws(Failure) -> Void) throws(Failure) {
        switch try destination(of: path) {
        case .replace(let file): try replace(file, body)
        case .writeInto(let file): try writeInto(file, body)
        }
    }

    /// Where ``writeAtomically(to:_:)`` puts the bytes for a path, and how.
    enum Destination: Equatable, Sendable {
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
    static func destination(of path: String) throws(Failure) -> Destination {
        var current = path
        for _ in 0...maximumLinks {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                // Nothing there: a new file is made (or, in a missing folder, making it fails with the reason).
                if errno == ENOENT { return .replace(current) }
                throw FileSystem.lastError()
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                let target = try linkTarget(current)
                current = target.hasPrefix("/") ? target : FileSystem.folder(of: current) + target
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
            guard length >= 0 else { throw FileSystem.lastError() }
            // readlink fills the whole buffer when the target may not fit in it: then again, with more room.
            if length < capacity {
                return String(decoding: characters[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity *= 2
        }
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
    private static func replace(_ path: String, _ body: (inout OutputSink) throws(Failure) -> Void) throws(Failure) {
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
    struct StagedFile: Sendable {
        /// The file the contents are for.
        let path: String
        /// The temporary file that holds them.
        private let temporary: String
        /// Its slot in ``TemporaryFiles``.
        private let slot: Int

        /// Writes what `body` writes into a temporary file beside `path`, following symbolic links as
        /// ``writeAtomically(to:_:)`` does. The temporary file is closed when this returns; if `body` throws, it is
        /// removed and the error passes on.
        /// - Throws: ``Failure`` when `path` is a device, FIFO or socket (which cannot be replaced, only written
        ///   into, so not together with other files) or a folder, or when writing fails.
        init(for path: String, _ body: (inout OutputSink) throws(Failure) -> Void) throws(Failure) {
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
        fileprivate init(replacing path: String, _ body: (inout OutputSink) throws(Failure) -> Void) throws(Failure) {
            let directory = FileSystem.folder(of: path)
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
                var sink = OutputSink(writingTo: descriptor)
                try body(&sink)
                // mkstemp creates the file 0600; give it the usual permissions for a new file.
                fchmod(descriptor, permissionsForNew(0o666))
            } catch {
                close(descriptor)
                remove()
                throw error
            }
            guard close(descriptor) == 0 else {
                let failure = FileSystem.lastError()
                remove()
                throw failure
            }
            self.init(path: path, temporary: temporary, slot: slot)
        }

        /// Renames the temporary file over the file the contents are for (`rename(2)` is atomic).
        func commit() throws(Failure) {
            guard rename(temporary, path) == 0 else { throw FileSystem.lastError() }
            TemporaryFiles.forget(slot, path: temporary)
        }

        /// Removes the temporary file, leaving the file the contents were for as it was.
        func discard() {
            unlink(temporary)
            TemporaryFiles.forget(slot, path: temporary)
        }

        /// Commits `files` in order. At the first whose rename fails (the folder or a file changed since it was
        /// staged), that one and the rest are discarded: the files before it stay replaced.
        /// - Returns: nil when every file is committed; else how many were, and why the next was not.
        static func commit(_ files: [StagedFile]) -> (committed: Int, failure: Failure)? {
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
    private static func writeInto(_ path: String, _ body: (inout OutputSink) throws(Failure) -> Void) throws(Failure) {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw FileSystem.lastError() }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = FileSystem.lastError()
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
            var sink = OutputSink(writingTo: descriptor)
            try body(&sink)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw FileSystem.lastError() }
    }

    /// Makes a folder and any folder above it that is missing (`mkdir -p`); one that exists is fine.
    /// - Returns: the folders it made, outermost first (none when the folder was there).
    /// - Throws: ``Failure`` when a folder cannot be made, or the path is not a folder; the folders it made before
    ///   are removed again.
    @discardableResult
    static func makeDirectory(_ path: String) throws(Failure) -> [String] {
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
                throw failure(FileSystem.lastError())
            }
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(FileSystem.lastError()) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw failure(Failure(reason: "it is not a folder")) }
        return made
    }

    /// Removes the folders ``makeDirectory(_:)`` made, last made first, as long as they are empty: at the first that
    /// is not (or cannot be removed), it stops, leaving the folders made before it.
    static func removeDirectories(_ made: [String]) {
        for folder in made.reversed() where rmdir(folder) != 0 { return }
    }
}
