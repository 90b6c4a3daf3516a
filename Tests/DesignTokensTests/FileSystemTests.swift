import Foundation
import Synchronization
import Testing
@testable import DesignTokens

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// ``FileSystem``'s whole-file reads and atomic writes, against real files in a directory made for each test.
@Suite("File system: reads and atomic writes")
struct FileSystemTests {
    // MARK: Atomic writes

    @Test("writeAtomically: a body that throws leaves the target's old bytes and no temporary file, and its error passes on")
    func throwingBodyLeavesTarget() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.path + "/theme.json"
        let old = Array("{\"old\": true}\n".utf8)
        try directory.create("theme.json", old)

        var thrown: FileSystem.Failure?
        do throws(FileSystem.Failure) {
            try FileSystem.writeAtomically(to: target) { (file) throws(FileSystem.Failure) in
                // Some bytes are written before the failure, more than one piece of them.
                try file.write(Array("{\"new\":".utf8))
                try file.write([UInt8](repeating: UInt8(ascii: " "), count: 100_000))
                throw FileSystem.Failure(reason: "the body gave up")
            }
        } catch {
            thrown = error
        }
        #expect(thrown?.reason == "the body gave up")
        #expect(try FileSystem.read(target) == old)
        #expect(directory.entries() == ["theme.json"], "a temporary file was left behind")
    }

    @Test("writeAtomically: a body that throws where there was no file leaves no file at all")
    func throwingBodyMakesNoFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: FileSystem.Failure.self) {
            try FileSystem.writeAtomically(to: directory.path + "/new.json") { (file) throws(FileSystem.Failure) in
                try file.write(Array("partial".utf8))
                throw FileSystem.Failure(reason: "stop")
            }
        }
        #expect(directory.entries() == [])
    }

    @Test("writeAtomically: a body that writes in several pieces gives their concatenation, replacing a longer file")
    func piecesAreConcatenated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.path + "/out.json"
        // The old file is longer than the new: none of its tail may survive.
        try directory.create("out.json", [UInt8](repeating: UInt8(ascii: "x"), count: 300_000))

        let pieces: [[UInt8]] = [
            Array("{\n".utf8),
            [],
            (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) },
            Array("  \"é\": 1".utf8),
            [0],
            Array("\n}\n".utf8),
        ]
        try FileSystem.writeAtomically(to: target) { (file) throws(FileSystem.Failure) in
            for (index, piece) in pieces.enumerated() {
                // Both of OpenFile's writes: from an array, and from raw bytes.
                if index % 2 == 0 {
                    try file.write(piece)
                } else {
                    // (withUnsafeBytes rethrows untyped errors: the failure is carried out by hand.)
                    var failure: FileSystem.Failure?
                    piece.withUnsafeBytes { bytes in
                        do throws(FileSystem.Failure) { try file.write(bytes) } catch { failure = error }
                    }
                    if let failure { throw failure }
                }
            }
        }
        let written = try FileSystem.read(target)
        let expected = pieces.reduce(into: [UInt8]()) { $0 += $1 }
        #expect(written.count == expected.count)
        let same = written == expected
        #expect(same, "the file is not the pieces one after another")
        #expect(directory.entries() == ["out.json"], "a temporary file was left behind")
    }

    @Test("writeAtomically: the new file has the usual permissions for a new file (0666 less the umask), not mkstemp's 0600")
    func newFilePermissions() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.path + "/out.json"
        try FileSystem.writeAtomically(Array("{}\n".utf8), to: target)
        let mask = umask(0)
        umask(mask)
        var info = stat()
        try #require(stat(target, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o666 & ~mask)
        #expect(try FileSystem.read(target) == Array("{}\n".utf8))
    }

    @Test("writeAtomically: a target in a directory that does not exist fails, with the reason")
    func missingDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var bodyRan = false
        var thrown: FileSystem.Failure?
        do throws(FileSystem.Failure) {
            try FileSystem.writeAtomically(to: directory.path + "/missing/out.json") { (_) throws(FileSystem.Failure) in bodyRan = true }
        } catch {
            thrown = error
        }
        #expect(thrown?.reason == "No such file or directory")
        #expect(!bodyRan)
        #expect(directory.entries() == [])
    }

    // MARK: Reads

    /// The two ways a whole file is read: into an array, and mapped where it can be (else read the same way).
    enum Reader: String, CaseIterable, Sendable {
        case read, mapOrRead

        func callAsFunction(_ path: String) throws(FileSystem.Failure) -> SourceBytes {
            switch self {
            case .read: SourceBytes(try FileSystem.read(path))
            case .mapOrRead: try FileSystem.mapOrRead(path)
            }
        }
    }

    @Test("read and mapOrRead: a directory is refused with a reason, a missing file with the system's", arguments: Reader.allCases)
    func unreadable(reader: Reader) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(failure { () throws(FileSystem.Failure) in _ = try reader(directory.path) } == "it is a directory")
        #expect(failure { () throws(FileSystem.Failure) in _ = try reader(directory.path + "/missing.json") } == "No such file or directory")
    }

    /// A pipe has no size and delivers what its writer writes as it comes: reads return short, many times, before
    /// the end. A thread writes 300,000 bytes in pieces of 1 to 1,000 bytes, pausing now and then. (A pipe cannot
    /// be mapped; opening it a second time to read it would lose the writer.)
    @Test("read and mapOrRead: a FIFO fed in small pieces by another thread gives every byte, in order", arguments: Reader.allCases)
    func fifo(reader: Reader) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/pipe"
        try #require(mkfifo(path, 0o600) == 0, "mkfifo failed: \(String(cString: strerror(errno)))")
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }

        // The writer needs a thread of its own: run in place, it would wait for ever for a reader.
        let written = Mutex(0)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            let count = FIFOWriter.write(payload, to: path)
            written.withLock { $0 = count }
            finished.signal()
        }.start()
        let read = Result { () throws(FileSystem.Failure) in try reader(path) }
        finished.wait()
        let writtenCount = written.withLock { $0 }
        #expect(writtenCount == payload.count, "the writer stopped after \(writtenCount) bytes")
        let bytes = try read.get()
        #expect(!bytes.isMapped)
        #expect(bytes.count == payload.count)
        let same = bytes.array == payload
        #expect(same, "the bytes read differ from those written")
    }

    /// Sizes around the 64 KiB pieces that a file growing past its fstat size, or reporting none, is read on in.
    @Test(
        "read and mapOrRead: a regular file of any size gives its bytes, mapped by mapOrRead unless empty",
        arguments: Reader.allCases, [0, 1, 5, 4_096, 65_535, 65_536, 65_537, 131_072, 200_001])
    func regularFile(reader: Reader, size: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: ($0 * 7 + 3) % 256) }
        try directory.create("file", bytes)
        let read = try reader(directory.path + "/file")
        #expect(read.isMapped == (reader == .mapOrRead && size > 0))
        #expect(read.count == size)
        // A mapping outlives the file's name.
        unlink(directory.path + "/file")
        let same = read.array == bytes
        #expect(same, "the bytes read differ from the file's")
    }

    @Test("mapOrRead: a /proc file, whose fstat size is 0, is read, not mapped")
    func procFileIsRead() throws {
        let status = try FileSystem.mapOrRead("/proc/self/status")
        #expect(!status.isMapped)
        #expect(text(status.array).contains("\nPid:\t\(getpid())\n"))
    }

    @Test("a token source mapped from a file is the source read from it: equal, same hash, same bytes")
    func mappedTokenSource() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.create("tokens.json", Array(#"{"a": {"$type": "number", "$value": 1}}"#.utf8))
        let mapped = try TokenSource(mappingFile: directory.path + "/tokens.json")
        let read = try TokenSource(contentsOfFile: directory.path + "/tokens.json")
        #expect(mapped.contents.isMapped)
        #expect(mapped == read)
        #expect(mapped.hashValue == read.hashValue)
        #expect(mapped.bytes == read.bytes)
        var changed = mapped
        changed.bytes = Array("{}".utf8)
        #expect(!changed.contents.isMapped)
        #expect(changed != read)
        #expect(throws: DiagnosticError.self) { try TokenSource(mappingFile: directory.path + "/missing.json") }
    }
}

/// The reason of the failure `body` throws, or nil when it throws none.
private func failure(_ body: () throws(FileSystem.Failure) -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return error.reason
    }
}

/// POSIX `write`, under a name the types here with a `write` of their own can call.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// The writing end of ``FileSystemTests/fifo()``.
private enum FIFOWriter {
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
