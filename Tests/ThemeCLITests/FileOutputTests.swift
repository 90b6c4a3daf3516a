import DesignTokens
import Foundation
import Synchronization
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// ``FileOutput``'s atomic writes, against real files in a directory made for each test (and, for writes into a
/// device, `/dev/null` and `/dev/full`).
@Suite("File output: atomic writes")
struct FileOutputTests {
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
            try FileOutput.writeAtomically(to: target) { (sink) throws(FileSystem.Failure) in
                // Some bytes are written before the failure, more than one piece of them.
                try sink.write(Array("{\"new\":".utf8))
                try sink.write([UInt8](repeating: UInt8(ascii: " "), count: 100_000))
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
            try FileOutput.writeAtomically(to: directory.path + "/new.json") { (sink) throws(FileSystem.Failure) in
                try sink.write(Array("partial".utf8))
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
        try FileOutput.writeAtomically(to: target) { (sink) throws(FileSystem.Failure) in
            for piece in pieces { try sink.write(piece) }
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
        try FileOutput.writeAtomically(Array("{}\n".utf8), to: target)
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
            try FileOutput.writeAtomically(to: directory.path + "/missing/out.json") { (_) throws(FileSystem.Failure) in
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

        #expect(try FileOutput.destination(of: path + "/file.json") == .replace(path + "/file.json"))
        #expect(try FileOutput.destination(of: path + "/new.json") == .replace(path + "/new.json"))
        #expect(try FileOutput.destination(of: path + "/pipe") == .writeInto(path + "/pipe"))
        #expect(try FileOutput.destination(of: "/dev/null") == .writeInto("/dev/null"))
        // A relative link is read from the folder it is in; a chain is followed to its end.
        #expect(try FileOutput.destination(of: path + "/relative") == .replace(path + "/file.json"))
        #expect(try FileOutput.destination(of: path + "/absolute") == .replace(path + "/file.json"))
        #expect(try FileOutput.destination(of: path + "/dangling") == .replace(path + "/missing.json"))
        #expect(try FileOutput.destination(of: path + "/to-pipe") == .writeInto(path + "/pipe"))
        #expect(try FileOutput.destination(of: path + "/to-null") == .writeInto("/dev/null"))
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
            failure { () throws(FileSystem.Failure) in try FileOutput.writeAtomically(bytes, to: path + "/folder") }
                == "it is a directory")
        #expect(
            failure { () throws(FileSystem.Failure) in try FileOutput.writeAtomically(bytes, to: path + "/to-folder") }
                == "it is a directory")
        #expect(
            failure { () throws(FileSystem.Failure) in try FileOutput.writeAtomically(bytes, to: path + "/loop-a") }
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

        try FileOutput.writeAtomically(Array("{\"new\": 1}\n".utf8), to: path + "/link.json")
        #expect(try FileSystem.read(path + "/theme.json") == Array("{\"new\": 1}\n".utf8))
        try FileOutput.writeAtomically(Array("{\"new\": 2}\n".utf8), to: path + "/chain.json")
        #expect(try FileSystem.read(path + "/theme.json") == Array("{\"new\": 2}\n".utf8))
        // A link to nothing makes the file it names, as a shell's `>` does.
        try FileOutput.writeAtomically(Array("{}\n".utf8), to: path + "/dangling.json")
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
        try #require(try FileOutput.destination(of: path) == .writeInto(path))
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 253) }

        let received = Mutex<[UInt8]>([])
        let finished = DispatchSemaphore(value: 0)
        Thread {
            let bytes = FIFOReader.readAll(path)
            received.withLock { $0 = bytes }
            finished.signal()
        }.start()
        let written = Result { () throws(FileSystem.Failure) in
            try FileOutput.writeAtomically(to: path) { (sink) throws(FileSystem.Failure) in
                try sink.write(Array(payload[..<100_000]))
                try sink.write(Array(payload[100_000...]))
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
        try #require(try FileOutput.destination(of: "/dev/full") == .writeInto("/dev/full"))
        let before = try #require(status("/dev/full"))
        #expect(
            failure { () throws(FileSystem.Failure) in
                try FileOutput.writeAtomically(Array("{}\n".utf8), to: "/dev/full")
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
        try #require(try FileOutput.destination(of: "/dev/null") == .writeInto("/dev/null"))
        let before = try #require(status("/dev/null"))
        try FileOutput.writeAtomically([UInt8](repeating: UInt8(ascii: "x"), count: 100_000), to: "/dev/null")
        let after = try #require(status("/dev/null"))
        #expect(after.st_mode & S_IFMT == S_IFCHR)
        #expect(after.st_mode == before.st_mode)
        #expect(after.st_ino == before.st_ino)
        #expect(after.st_rdev == before.st_rdev)
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
