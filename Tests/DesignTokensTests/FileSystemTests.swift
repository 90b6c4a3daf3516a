import Testing
import ThemeEngineTestSupport

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// ``FileSystem``'s whole-file reads, against real files in a directory made for each test (and `/dev/zero`,
/// `/proc`).
@Suite("File system: whole-file reads")
struct FileSystemTests {
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
