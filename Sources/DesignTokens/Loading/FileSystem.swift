#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemExtras

/// Whole-file reads and atomic writes over POSIX calls, shared by the library and the `theme` tool.
package enum FileSystem {
    /// Why a file operation failed, in words for a diagnostic (`No such file or directory`).
    package struct Failure: Error, Sendable {
        package var reason: String
    }

    /// Reads a whole file.
    package static func read(_ path: String) throws(Failure) -> [UInt8] {
        try withOpenFile(path) { (descriptor, info) throws(Failure) in try read(descriptor, info) }
    }

    /// Calls `body` with a file opened for reading and its `fstat`, and closes it.
    private static func withOpenFile<Result>(_ path: String, _ body: (Int32, stat) throws(Failure) -> Result) throws(Failure) -> Result {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw lastError() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw lastError() }
        return try body(descriptor, info)
    }

    /// Reads the whole of an open file, whose `fstat` is `info`.
    private static func read(_ descriptor: Int32, _ info: stat) throws(Failure) -> [UInt8] {
        if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(reason: "it is a directory") }
        // The size fstat gives is read into uninitialised memory (not zeroed first); a file that grows meanwhile,
        // or reports no size (/proc, a pipe), is read on to its end in further pieces.
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
        let size = max(Int(info.st_size), 0)
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in count = readAll(into: buffer) }
        var pieceSize = 1 << 16
        var more = bytes.count == size && failure == nil
        while more {
            let piece = [UInt8](unsafeUninitializedCapacity: pieceSize) { buffer, count in count = readAll(into: buffer) }
            bytes.append(contentsOf: piece)
            more = piece.count == pieceSize && failure == nil
            pieceSize = max(pieceSize, bytes.count)
        }
        if let failure { throw failure }
        return bytes
    }

    /// A read-only mapping of a whole file, unmapped when the last reference to it goes.
    package final class Mapping: @unchecked Sendable {
        // Read-only for its whole life, so it may be read from any thread.
        let bytes: UnsafeBufferPointer<UInt8>

        fileprivate init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        deinit {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        }
    }

    /// A whole file's bytes, mapped when it is a regular file that is not empty (its pages are mapped at once,
    /// rather than faulted in one by one), read otherwise (as ``read(_:)`` reads: a pipe, `/proc`, or a mapping
    /// refused). A mapping holds the size `fstat` gave when the file was opened, where a read goes on to the end of
    /// a file that grows meanwhile.
    package static func mapOrRead(_ path: String) throws(Failure) -> SourceBytes {
        try withOpenFile(path) { (descriptor, info) throws(Failure) in
            let size = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
            // (The mapping keeps the file open, not the descriptor.)
            let mapped = size > 0 ? mmap(nil, size, PROT_READ, mappingFlags, descriptor, 0) : nil
            guard let mapped, mapped != MAP_FAILED else { return SourceBytes(try read(descriptor, info)) }
            return SourceBytes(Mapping(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size)))
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
    /// There is no `fsync`, so the guarantee is for readers of a running system: they never see a partial file.
    /// After a power loss, some file systems (XFS, ext4 with `noauto_da_alloc` or `data=writeback`, APFS) may
    /// leave the target empty or partial. ext4 by default flushes a file renamed over an existing one before the
    /// rename is committed (`auto_da_alloc`). An `fsync` would close that gap at ~20 ms per 8 MB on the benchmark
    /// machine (a fifth of a 100k token run); the files written are build output, made again by running the
    /// command again, and tools that write such output (Style Dictionary, Prettier, tsc) do not `fsync` either.
    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        try writeAtomically(to: path) { (file) throws(Failure) in try file.write(bytes) }
    }

    /// ``writeAtomically(_:to:)`` for contents made piece by piece: `body` writes them to the temporary file, which
    /// replaces the target only if `body` returns; if it throws, the target is untouched and the error passes on.
    package static func writeAtomically(to path: String, _ body: (OpenFile) throws(Failure) -> Void) throws(Failure) {
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory).\(name).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw lastError() }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        // Renamed over an existing file, the new one is written out during the `rename` on ext4 and btrfs, with
        // this process waiting (``OpenFile/startsWriteback``); to a new name it is written out later, by the
        // system, and starting that here would only make this process wait for it.
        var target = stat()
        let replacesAFile = stat(path, &target) == 0 && (target.st_mode & S_IFMT) == S_IFREG
        do {
            try body(OpenFile(writingTo: descriptor, replacingAFile: replacesAFile))
        } catch {
            close(descriptor)
            throw error
        }
        // mkstemp creates the file 0600; give it the usual permissions for a new file.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        guard close(descriptor) == 0 else { throw lastError() }
        guard rename(temporary, path) == 0 else { throw lastError() }
        succeeded = true
    }

    /// A file open for writing, for ``writeAtomically(to:_:)``'s body.
    package struct OpenFile: Sendable {
        fileprivate let descriptor: Int32
        /// Whether the file is a temporary one that will be renamed over an existing file once written: then the
        /// `rename` also has the system evict the replaced file (its cached pages and blocks; with the disk's trim, 2.7–6.0
        /// ms at 100,000 tokens, with the process's second core idle), which work on that core can overlap
        /// (``ReleaseApart``).
        package let replacesAFile: Bool

        /// Whether the writes ask the system to start writing the file out to storage as they go
        /// (``system_extras_start_writeback``), a granule at a time (``FileSystem/writebackGranules(endedBy:)``),
        /// rather than leaving it for later: for a temporary file about to be renamed over an existing file, which
        /// ext4 (`auto_da_alloc`) and btrfs write out during the `rename`. Started as it is written, by the threads
        /// writing it, that work overlaps theirs instead of following it (BENCHMARKS.md, round 15). Nothing is made
        /// durable that would not have been.
        package var startsWriteback: Bool { replacesAFile }

        /// A descriptor open for writing, written as a file is; it stays the caller's to close. (Besides
        /// ``writeAtomically(to:_:)``'s temporary file, tests write to a device whose every write fails.)
        package init(writingTo descriptor: Int32, replacingAFile: Bool = false) {
            self.descriptor = descriptor
            self.replacesAFile = replacingAFile
        }

        /// Writes all of `bytes`, after what was written before.
        package func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            guard let base = bytes.baseAddress else { return }
            if let failure = FileSystem.write(base, count: bytes.count, toDescriptor: descriptor, startingWriteback: startsWriteback) {
                throw failure
            }
        }

        /// Writes all of `bytes` at `offset` in the file, whatever was written before (and without moving where
        /// ``write(_:)-(UnsafeRawBufferPointer)`` writes next): for a file that ``isFreshRegularFile``, whose
        /// parts two threads may then write at once, each at its place.
        package func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(Failure) {
            guard let base = bytes.baseAddress else { return }
            if let failure = FileSystem.write(base, count: bytes.count, toDescriptor: descriptor, at: offset, startingWriteback: startsWriteback) {
                throw failure
            }
        }

        /// Whether the descriptor is an empty regular file, at its start and not open for appending: one that
        /// ``write(_:at:)`` lays out from offset 0 as writing it in order would. (A pipe or a terminal cannot be
        /// written out of order; a file with contents would keep what lies past the new ones; one open for
        /// appending takes every write at its end, whatever the offset.)
        package var isFreshRegularFile: Bool {
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0 else { return false }
            let flags = fcntl(descriptor, F_GETFL)
            return flags >= 0 && flags & O_APPEND == 0 && lseek(descriptor, 0, SEEK_CUR) == 0
        }

        /// Writes all of `bytes`, after what was written before.
        package func write(_ bytes: [UInt8]) throws(Failure) {
            let failure = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.flatMap {
                    FileSystem.write($0, count: buffer.count, toDescriptor: descriptor, startingWriteback: startsWriteback)
                }
            }
            if let failure { throw failure }
        }
    }

    /// Writes `count` bytes to a file descriptor, all of them: after what was written before, or at `offset` in the
    /// file (without moving where the next write in order goes), then, when `startingWriteback`, asks the system to
    /// start writing out the granules they end (``OpenFile/startsWriteback``); the failure, if one stops it.
    private static func write(
        _ base: UnsafeRawPointer, count: Int, toDescriptor descriptor: Int32, at offset: Int? = nil, startingWriteback: Bool = false
    ) -> Failure? {
        var written = 0
        while written < count {
            let result = offset.map { pwrite(descriptor, base + written, count - written, off_t($0 + written)) }
                ?? posixWrite(descriptor, base + written, count - written)
            if result < 0 {
                if errno == EINTR { continue }
                return lastError()
            }
            written += result
        }
        if startingWriteback {
            // Written in order, the bytes end where the file's offset now is.
            let start = offset ?? Int(lseek(descriptor, 0, SEEK_CUR)) - count
            let granules = writebackGranules(endedBy: start..<start + count)
            if !granules.isEmpty { system_extras_start_writeback(descriptor, Int64(granules.lowerBound), Int64(granules.count)) }
        }
        return nil
    }

    /// The whole ``writebackGranule``s of a file that a write of `written` ends: those it reaches the end of. Each
    /// call to start writing bytes out costs some tens of microseconds, so it is asked once per granule, when its
    /// last bytes are written (in pieces of 64 KiB, a call per piece made writing 0.87 MB take 1.0 ms instead of
    /// 0.6; BENCHMARKS.md, round 15). The file's last bytes, short of a granule, are left to the `rename`; so is, in a
    /// file written in two parts at once, the granule where they meet when the second part's first write asks for
    /// it before the first part has written its end of it (the first part's last write ends no granule of its own).
    static func writebackGranules(endedBy written: Range<Int>) -> Range<Int> {
        let granule = writebackGranule
        return written.lowerBound / granule * granule..<written.upperBound / granule * granule
    }

    /// The size of the parts of a file asked to be written out at once (``OpenFile/startsWriteback``).
    static var writebackGranule: Int { 1 << 18 }

    /// Writes bytes to a file descriptor (standard output or error), all of them.
    package static func write(_ bytes: [UInt8], toDescriptor descriptor: Int32) {
        _ = bytes.withUnsafeBytes { buffer in buffer.baseAddress.flatMap { write($0, count: buffer.count, toDescriptor: descriptor) } }
    }

    private static func lastError() -> Failure {
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
