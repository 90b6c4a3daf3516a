import Foundation
import Synchronization
import Testing

@testable import DesignTokens
@testable import TokenJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// ``FileSystem``'s whole-file reads and atomic writes, against real files in a directory made for each test (and,
/// for writes into a device, `/dev/null` and `/dev/full`).
@Suite("File system: reads and atomic writes")
struct FileSystemTests {
    // MARK: Atomic writes

    @Test(
        "writeAtomically: a body that throws leaves the target's old bytes and no temporary file, and its error passes on"
    )
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
            for piece in pieces { try file.write(piece) }
        }
        let written = try FileSystem.read(target)
        let expected = pieces.reduce(into: [UInt8]()) { $0 += $1 }
        #expect(written.count == expected.count)
        let same = written == expected
        #expect(same, "the file is not the pieces one after another")
        #expect(directory.entries() == ["out.json"], "a temporary file was left behind")
    }

    @Test(
        "writeAtomically: the new file has the usual permissions for a new file (0666 less the umask), not mkstemp's 0600"
    )
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
            try FileSystem.writeAtomically(to: directory.path + "/missing/out.json") { (_) throws(FileSystem.Failure) in
                bodyRan = true
            }
        } catch {
            thrown = error
        }
        #expect(thrown?.reason == "No such file or directory")
        #expect(!bodyRan)
        #expect(directory.entries() == [])
    }

    // MARK: Where writes go

    @Test("destination: a regular file or a new path is replaced, a FIFO or a device written into, links followed")
    func destinations() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path
        try directory.create("file.json", Array("{}".utf8))
        try #require(mkfifo(path + "/pipe", 0o600) == 0)
        try #require(symlink("file.json", path + "/relative") == 0)
        try #require(symlink(path + "/relative", path + "/absolute") == 0)
        try #require(symlink("missing.json", path + "/dangling") == 0)
        try #require(symlink("pipe", path + "/to-pipe") == 0)
        try #require(symlink("/dev/null", path + "/to-null") == 0)

        #expect(try FileSystem.destination(of: path + "/file.json") == .replace(path + "/file.json"))
        #expect(try FileSystem.destination(of: path + "/new.json") == .replace(path + "/new.json"))
        #expect(try FileSystem.destination(of: path + "/pipe") == .writeInto(path + "/pipe"))
        #expect(try FileSystem.destination(of: "/dev/null") == .writeInto("/dev/null"))
        // A relative link is read from the folder it is in; a chain is followed to its end.
        #expect(try FileSystem.destination(of: path + "/relative") == .replace(path + "/file.json"))
        #expect(try FileSystem.destination(of: path + "/absolute") == .replace(path + "/file.json"))
        #expect(try FileSystem.destination(of: path + "/dangling") == .replace(path + "/missing.json"))
        #expect(try FileSystem.destination(of: path + "/to-pipe") == .writeInto(path + "/pipe"))
        #expect(try FileSystem.destination(of: path + "/to-null") == .writeInto("/dev/null"))
    }

    @Test(
        "writeAtomically: a directory, a link to one, and a loop of links are refused with the reason, and left as they are"
    )
    func refusedDestinations() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path
        try #require(mkdir(path + "/folder", 0o700) == 0)
        try #require(symlink("folder", path + "/to-folder") == 0)
        try #require(symlink("loop-b", path + "/loop-a") == 0)
        try #require(symlink("loop-a", path + "/loop-b") == 0)
        let bytes = Array("{}\n".utf8)

        #expect(
            failure { () throws(FileSystem.Failure) in try FileSystem.writeAtomically(bytes, to: path + "/folder") }
                == "it is a directory")
        #expect(
            failure { () throws(FileSystem.Failure) in try FileSystem.writeAtomically(bytes, to: path + "/to-folder") }
                == "it is a directory")
        #expect(
            failure { () throws(FileSystem.Failure) in try FileSystem.writeAtomically(bytes, to: path + "/loop-a") }
                == "Too many levels of symbolic links")
        #expect(directory.entries() == ["folder", "loop-a", "loop-b", "to-folder"])
        #expect(fileType(path + "/folder") == S_IFDIR)
        #expect(fileType(path + "/to-folder") == S_IFLNK)
    }

    /// A link's target is replaced atomically, beside it; the link itself stays a link to it.
    @Test(
        "writeAtomically: through a symbolic link (or a chain of them), the file it names gets the bytes and the link stays a link"
    )
    func throughSymbolicLink() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path
        try directory.create("theme.json", Array("{\"old\": true}\n".utf8))
        try #require(symlink("theme.json", path + "/link.json") == 0)
        try #require(symlink(path + "/link.json", path + "/chain.json") == 0)
        try #require(symlink("created.json", path + "/dangling.json") == 0)

        try FileSystem.writeAtomically(Array("{\"new\": 1}\n".utf8), to: path + "/link.json")
        #expect(try FileSystem.read(path + "/theme.json") == Array("{\"new\": 1}\n".utf8))
        try FileSystem.writeAtomically(Array("{\"new\": 2}\n".utf8), to: path + "/chain.json")
        #expect(try FileSystem.read(path + "/theme.json") == Array("{\"new\": 2}\n".utf8))
        // A link to nothing makes the file it names, as a shell's `>` does.
        try FileSystem.writeAtomically(Array("{}\n".utf8), to: path + "/dangling.json")
        #expect(try FileSystem.read(path + "/created.json") == Array("{}\n".utf8))

        for (link, target) in [
            ("link.json", "theme.json"), ("chain.json", path + "/link.json"), ("dangling.json", "created.json"),
        ] {
            #expect(fileType(path + "/" + link) == S_IFLNK, "\(link) is no longer a link")
            #expect(linkTarget(path + "/" + link) == target)
        }
        #expect(fileType(path + "/theme.json") == S_IFREG)
        #expect(
            directory.entries() == ["chain.json", "created.json", "dangling.json", "link.json", "theme.json"],
            "a temporary file was left behind")
    }

    /// A FIFO is opened and written into, so the process reading it gets the bytes; renamed over, it would be gone
    /// and its reader left waiting. More than a pipe holds is written, so the write waits on the reader.
    @Test("writeAtomically: a FIFO is written into, its reader gets every byte, and it stays a FIFO")
    func intoFIFO() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/pipe"
        try #require(mkfifo(path, 0o600) == 0, "mkfifo failed: \(String(cString: strerror(errno)))")
        // Checked before anything is written, so that a wrong destination cannot leave the reader waiting.
        try #require(try FileSystem.destination(of: path) == .writeInto(path))
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 253) }

        let received = Mutex<[UInt8]>([])
        let finished = DispatchSemaphore(value: 0)
        Thread {
            let bytes = FIFOReader.readAll(path)
            received.withLock { $0 = bytes }
            finished.signal()
        }.start()
        let written = Result { () throws(FileSystem.Failure) in
            try FileSystem.writeAtomically(to: path) { (file) throws(FileSystem.Failure) in
                try file.write(Array(payload[..<100_000]))
                try file.write(Array(payload[100_000...]))
            }
        }
        // Should the write fail before opening the FIFO, the reader is let go: a writer that opens and closes it
        // gives it the end of the file.
        if case .failure = written { FIFOReader.release(path) }
        finished.wait()
        try written.get()
        let bytes = received.withLock { $0 }
        #expect(bytes.count == payload.count)
        let same = bytes == payload
        #expect(same, "the bytes read differ from those written")
        #expect(fileType(path) == S_IFIFO)
        #expect(directory.entries() == ["pipe"])
    }

    /// `/dev/full` fails every write with `ENOSPC`. Its destination is checked first, so that the test cannot
    /// rename a file over it.
    @Test(
        "writeAtomically: /dev/full fails with the reason and stays a character device",
        .enabled(if: access("/dev/full", W_OK) == 0))
    func intoFullDevice() throws {
        try #require(try FileSystem.destination(of: "/dev/full") == .writeInto("/dev/full"))
        let before = try #require(status("/dev/full"))
        #expect(
            failure { () throws(FileSystem.Failure) in
                try FileSystem.writeAtomically(Array("{}\n".utf8), to: "/dev/full")
            }
                == "No space left on device")
        let after = try #require(status("/dev/full"))
        #expect(after.st_mode & S_IFMT == S_IFCHR)
        #expect(after.st_mode == before.st_mode)
        #expect(after.st_ino == before.st_ino)
        #expect(after.st_rdev == before.st_rdev)
    }

    /// Its destination is checked first, so that the test cannot rename a file over `/dev/null`.
    @Test("writeAtomically: /dev/null takes the bytes and stays the same character device")
    func intoNullDevice() throws {
        try #require(try FileSystem.destination(of: "/dev/null") == .writeInto("/dev/null"))
        let before = try #require(status("/dev/null"))
        try FileSystem.writeAtomically([UInt8](repeating: UInt8(ascii: "x"), count: 100_000), to: "/dev/null")
        let after = try #require(status("/dev/null"))
        #expect(after.st_mode & S_IFMT == S_IFCHR)
        #expect(after.st_mode == before.st_mode)
        #expect(after.st_ino == before.st_ino)
        #expect(after.st_rdev == before.st_rdev)
    }

    // MARK: Reads

    /// The two ways a whole file is read: into an array, and mapped where it can be (else read the same way).
    enum Reader: String, CaseIterable, Sendable {
        case read, mapOrRead

        func callAsFunction(_ path: String, maximumSize: Int = FileSystem.maximumFileSize) throws(FileSystem.Failure)
            -> SourceBytes
        {
            switch self {
            case .read: SourceBytes(try FileSystem.read(path, maximumSize: maximumSize))
            case .mapOrRead: try FileSystem.mapOrRead(path, maximumSize: maximumSize)
            }
        }
    }

    @Test(
        "read and mapOrRead: a directory is refused with a reason, a missing file with the system's",
        arguments: Reader.allCases)
    func unreadable(reader: Reader) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(failure { () throws(FileSystem.Failure) in _ = try reader(directory.path) } == "it is a directory")
        #expect(
            failure { () throws(FileSystem.Failure) in _ = try reader(directory.path + "/missing.json") }
                == "No such file or directory")
    }

    /// A pipe has no size and delivers what its writer writes as it comes: reads return short, many times, before
    /// the end. A thread writes 300,000 bytes in pieces of 1 to 1,000 bytes, pausing now and then. (A pipe cannot
    /// be mapped; opening it a second time to read it would lose the writer.)
    @Test(
        "read and mapOrRead: a FIFO fed in small pieces by another thread gives every byte, in order",
        arguments: Reader.allCases)
    func fifo(reader: Reader) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/pipe"
        try #require(mkfifo(path, 0o600) == 0, "mkfifo failed: \(String(cString: strerror(errno)))")
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }

        let writer = FIFOWriter.start(payload, to: path)
        let read = Result { () throws(FileSystem.Failure) in try reader(path) }
        let writtenCount = writer.join()
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

    // MARK: The largest file read

    /// A regular file's size is known before it is read: one past the limit is refused without reading it.
    @Test(
        "read and mapOrRead: a regular file up to the limit is read, one over it refused with the limit in the reason",
        arguments: Reader.allCases, [65_535, 65_536, 65_537, 200_000])
    func regularFileLimit(reader: Reader, size: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 % 249) }
        try directory.create("tokens.json", bytes)
        let read = Result { () throws(FileSystem.Failure) in
            try reader(directory.path + "/tokens.json", maximumSize: 65_536)
        }
        if size <= 65_536 {
            let same = try read.get().array == bytes
            #expect(same, "the bytes read differ from the file's")
        } else {
            #expect(
                failure { () throws(FileSystem.Failure) in _ = try read.get() }
                    == "it is larger than 64 KiB, the most a token file may be")
        }
    }

    @Test("the limit in the reason, in the largest whole unit")
    func limitInReason() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.create("tokens.json", [UInt8](repeating: UInt8(ascii: " "), count: 5_000))
        let path = directory.path + "/tokens.json"
        for (limit, words) in [(4_096, "4 KiB"), (1_000, "1000 bytes"), (3_072, "3 KiB"), (4_999, "4999 bytes")] {
            #expect(
                failure { () throws(FileSystem.Failure) in _ = try FileSystem.read(path, maximumSize: limit) }
                    == "it is larger than \(words), the most a token file may be")
        }
        #expect(
            failure { () throws(FileSystem.Failure) in _ = try FileSystem.read("/dev/zero", maximumSize: 2 << 20) }
                == "it is larger than 2 MiB, the most a token file may be")
    }

    /// `/dev/zero` never ends and reports no size: it is read as a stream, and the read stops once past the limit.
    @Test("read and mapOrRead: /dev/zero is refused once the limit is passed", arguments: Reader.allCases)
    func endlessDevice(reader: Reader) throws {
        #expect(
            failure { () throws(FileSystem.Failure) in _ = try reader("/dev/zero", maximumSize: 1 << 20) }
                == "it is larger than 1 MiB, the most a token file may be")
    }

    /// A FIFO has no size to check first: it is counted as it is read. Fed exactly the limit it is read whole; fed
    /// more, the read stops one byte past the limit, and the writer, whose reader has gone, stops soon after.
    @Test(
        "read and mapOrRead: a FIFO is read up to the limit and refused past it, without reading the rest",
        arguments: Reader.allCases, [1 << 20, (1 << 20) + 1, 3 << 20])
    func fifoLimit(reader: Reader, size: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/pipe"
        try #require(mkfifo(path, 0o600) == 0, "mkfifo failed: \(String(cString: strerror(errno)))")
        let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 % 251) }

        let writer = FIFOWriter.start(payload, to: path)
        let read = Result { () throws(FileSystem.Failure) in try reader(path, maximumSize: 1 << 20) }
        let writtenCount = writer.join()
        if size <= 1 << 20 {
            #expect(writtenCount == size)
            let same = try read.get().array == payload
            #expect(same, "the bytes read differ from those written")
        } else {
            #expect(
                failure { () throws(FileSystem.Failure) in _ = try read.get() }
                    == "it is larger than 1 MiB, the most a token file may be")
            if size >= 2 << 20 {
                // The read stopped short of the end: with its reader gone, the writer could not write it all.
                #expect(writtenCount < size)
            }
        }
    }

    @Test("the limit is 256 MiB: under the JSON reader's 4 GiB, and far above the bundled tokens")
    func defaultLimit() {
        #expect(FileSystem.maximumFileSize == 256 << 20)
        #expect(FileSystem.maximumFileSize < Int(UInt32.max))
        #expect(TokenSource.defaultTokens.bytes.count * 1_000 < FileSystem.maximumFileSize)
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

/// A path's `lstat`: the path itself, not what a link at it names; nil when there is nothing there.
private func status(_ path: String) -> stat? {
    var info = stat()
    return lstat(path, &info) == 0 ? info : nil
}

/// The type bits (`S_IFREG`, `S_IFLNK`, …) of what is at a path, not following a link; nil when there is nothing.
private func fileType(_ path: String) -> mode_t? {
    status(path).map { $0.st_mode & S_IFMT }
}

/// What a symbolic link holds, as written in it.
private func linkTarget(_ path: String) -> String? {
    var characters = [CChar](repeating: 0, count: 4_096)
    let length = readlink(path, &characters, characters.count)
    guard length >= 0 else { return nil }
    return String(decoding: characters[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// POSIX `write`, under a name the types here with a `write` of their own can call.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// The writing end of ``FileSystemTests/fifo()``.
private enum FIFOWriter {
    /// A writer started on a thread of its own: run in place, it would wait for ever for a reader.
    final class Started: Sendable {
        fileprivate let written = Mutex(0)
        fileprivate let finished = DispatchSemaphore(value: 0)

        /// Waits for the writer to finish, and answers how many bytes it wrote.
        func join() -> Int {
            finished.wait()
            return written.withLock { $0 }
        }
    }

    /// Starts ``write(_:to:)`` on a thread of its own.
    static func start(_ payload: [UInt8], to path: String) -> Started {
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

/// The reading end of ``FileSystemTests/intoFIFO()``.
private enum FIFOReader {
    /// Opens the FIFO (waiting for its writer) and reads it to its end.
    static func readAll(_ path: String) -> [UInt8] {
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
    static func release(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if descriptor >= 0 { close(descriptor) }
    }
}

/// POSIX `read`, under a name the types here with a `read` of their own can call.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
