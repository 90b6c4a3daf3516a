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
        package var reason: String
    }

    /// Reads a whole file.
    package static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw lastError() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw lastError() }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(reason: "it is a directory") }
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                posixRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw lastError()
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
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
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory).\(name).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw lastError() }
        let temporary = String(cString: template)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                posixWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = lastError()
                close(descriptor)
                throw failure
            }
            written += count
        }
        // mkstemp creates the file 0600; give it the usual permissions for a new file.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        guard close(descriptor) == 0 else { throw lastError() }
        guard rename(temporary, path) == 0 else { throw lastError() }
        succeeded = true
    }

    /// Writes bytes to a file descriptor (standard output or error), all of them.
    package static func write(_ bytes: [UInt8], toDescriptor descriptor: Int32) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                posixWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            written += count
        }
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
