import DesignTokens
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Helpers of the tests of reading and writing files (DesignTokens' `FileSystemTests`, ThemeCLI's
// `FileOutputTests`): the reason a file operation failed, and the other end of a FIFO, on a thread of its own.

/// The reason of the failure `body` throws, or nil when it throws none.
package func failure(_ body: () throws(FileSystem.Failure) -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return error.reason
    }
}

/// The writing end of a FIFO that the code under test reads.
public enum FIFOWriter {
    /// A writer started on a thread of its own: run in place, it would wait for ever for a reader.
    public final class Started: Sendable {
        fileprivate let written = Mutex(0)
        fileprivate let finished = DispatchSemaphore(value: 0)

        /// Waits for the writer to finish, and answers how many bytes it wrote.
        public func join() -> Int {
            finished.wait()
            return written.withLock { $0 }
        }
    }

    /// Starts ``write(_:to:)`` on a thread of its own.
    public static func start(_ payload: [UInt8], to path: String) -> Started {
        let started = Started()
        Thread {
            let count = write(payload, to: path)
            started.written.withLock { $0 = count }
            started.finished.signal()
        }.start()
        return started
    }

    /// Opens the FIFO (waiting for its reader), writes `payload` in small pieces, and closes it; the bytes written.
    static func write(_ payload: [UInt8], to path: String) -> Int {
        // Were the reader to close early, a write would raise SIGPIPE and end the test process: blocked on this
        // thread, it makes the write fail with EPIPE instead.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var offset = 0
        var piece = 0
        payload.withUnsafeBytes { bytes in
            while offset < bytes.count {
                piece += 1
                let size = min([1, 1_000, 17, 999, 4_096][piece % 5], bytes.count - offset)
                let result = systemWrite(descriptor, bytes.baseAddress! + offset, size)
                if result < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += result
                // Now and then, let the reader drain the pipe and wait for more.
                if piece % 50 == 0 { usleep(200) }
            }
        }
        return offset
    }
}

/// The reading end of a FIFO that the code under test writes into.
public enum FIFOReader {
    /// Opens the FIFO (waiting for its writer) and reads it to its end.
    public static func readAll(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = systemRead(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    /// Lets a reader waiting in ``readAll(_:)`` go: opens the FIFO for writing, without waiting, and closes it.
    public static func release(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if descriptor >= 0 { close(descriptor) }
    }
}

/// POSIX `read`, under a name the types here with a `read` of their own can call.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// POSIX `write`, under a name the types here with a `write` of their own can call.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
