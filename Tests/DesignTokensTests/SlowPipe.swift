#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@testable import DesignTokens

/// A pipe whose reader, on a thread of its own, waits before each read of at most 64 KiB (what a pipe holds by
/// default), so that every write to it waits for the reader: for tests of writers that hand memory to another
/// thread to write, where a write still under way when the memory is reused would show in what was read.
struct SlowPipe: ~Copyable {
    /// Where the writer under test writes.
    let writeEnd: Int32
    private let reader: SecondThread.Running<[UInt8]>

    /// A pipe whose reader waits `pause` microseconds before each read. (The reader must have a thread of its
    /// own: run in place, it would wait for ever for a writer that has not started.)
    init(pausing pause: UInt32) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw FileSystem.Failure(reason: "pipe: \(String(cString: strerror(errno)))") }
        let readEnd = ends[0]
        let started = SecondThread.startApart { () -> [UInt8] in
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                usleep(pause)
                let count = read(readEnd, &chunk, chunk.count)
                guard count > 0 else { break }
                bytes += chunk[..<count]
            }
            close(readEnd)
            return bytes
        }
        guard let started else {
            close(readEnd)
            close(ends[1])
            throw FileSystem.Failure(reason: "no thread for the pipe's reader")
        }
        writeEnd = ends[1]
        reader = started
    }

    /// Closes the writing end and answers everything the reader read, once it has read it.
    consuming func finish() -> [UInt8] {
        close(writeEnd)
        return reader.join()
    }
}
