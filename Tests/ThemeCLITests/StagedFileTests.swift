import DesignTokens
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

/// ``FileOutput/StagedFile`` (contents written beside their file, put in place only when committed) and the
/// folders ``FileOutput/makeDirectory(_:)`` makes: what `theme resolve --all` writes all of or none of.
@Suite("File output: staged files and folders")
struct StagedFileTests {
    @Test(
        "a staged file leaves the file as it was until committed; committed, it replaces it; discarded, nothing is left"
    )
    func commitAndDiscard() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.create("a.json", Array("old\n".utf8))
        let kept = try FileOutput.StagedFile(for: directory.path + "/a.json") { (sink) throws(FileSystem.Failure) in
            try sink.write(Array("new\n".utf8))
        }
        let dropped = try FileOutput.StagedFile(for: directory.path + "/b.json") { (sink) throws(FileSystem.Failure) in
            try sink.write(Array("never\n".utf8))
        }
        #expect(try FileSystem.read(directory.path + "/a.json") == Array("old\n".utf8))
        #expect(directory.entries().count == 3, "a.json and two hidden temporary files: \(directory.entries())")
        try kept.commit()
        dropped.discard()
        #expect(try FileSystem.read(directory.path + "/a.json") == Array("new\n".utf8))
        #expect(directory.entries() == ["a.json"])
    }

    @Test("a staged file whose body throws leaves nothing, and the error passes on")
    func throwingBody() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: FileSystem.Failure.self) {
            _ = try FileOutput.StagedFile(for: directory.path + "/a.json") { (sink) throws(FileSystem.Failure) in
                try sink.write(Array("partial".utf8))
                throw FileSystem.Failure(reason: "stop")
            }
        }
        #expect(directory.entries() == [])
    }

    @Test("a FIFO cannot be staged: it is refused before anything is written into it, and stays a FIFO")
    func fifoIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.path + "/a.json"
        try #require(mkfifo(fifo, 0o644) == 0)
        // A reader, so that writing into the FIFO (were it not refused) would not wait for one.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        var thrown: FileSystem.Failure?
        do throws(FileSystem.Failure) {
            _ = try FileOutput.StagedFile(for: fifo) { (sink) throws(FileSystem.Failure) in try sink.write([1]) }
        } catch {
            thrown = error
        }
        #expect(thrown?.reason == "it is a device, FIFO or socket, which cannot be written together with other files")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(directory.entries() == ["a.json"])
        var byte: UInt8 = 0
        #expect(read(reader, &byte, 1) <= 0, "nothing was written into the FIFO")
    }

    @Test("commit renames the staged files in order; at one that fails, it and the rest are discarded")
    func commitStopsAtAFailure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.create("b.json", Array("old b\n".utf8))
        try directory.create("c.json", Array("old c\n".utf8))
        let staged = try ["a.json", "b.json", "c.json"].map { name in
            try FileOutput.StagedFile(for: directory.path + "/" + name) { (sink) throws(FileSystem.Failure) in
                try sink.write(Array("new \(name)\n".utf8))
            }
        }
        #expect(FileOutput.StagedFile.commit([]) == nil)
        // b.json's temporary file goes, as if the folder had changed since it was staged.
        let temporary = try #require(directory.entries().first { $0.hasPrefix(".b.json.tmp-") })
        unlink(directory.path + "/" + temporary)
        let stopped = try #require(FileOutput.StagedFile.commit(staged))
        #expect(stopped.committed == 1)
        #expect(stopped.failure.reason == String(cString: strerror(ENOENT)))
        #expect(directory.entries() == ["a.json", "b.json", "c.json"])
        #expect(try FileSystem.read(directory.path + "/a.json") == Array("new a.json\n".utf8))
        #expect(try FileSystem.read(directory.path + "/b.json") == Array("old b\n".utf8))
        #expect(try FileSystem.read(directory.path + "/c.json") == Array("old c\n".utf8))
    }

    @Test("makeDirectory that fails part-way removes the folders it made before failing")
    func failedMakeDirectoryTakesBackItsFolders() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tooLong = String(repeating: "x", count: 300)
        #expect(throws: FileSystem.Failure.self) { try FileOutput.makeDirectory(directory.path + "/a/b/" + tooLong) }
        #expect(directory.entries() == [])
    }

    @Test(
        "makeDirectory names the folders it made, outermost first; removeDirectories takes back the empty ones",
        arguments: ["a/b/c", "a/b/c/", "a/./b/c", "a/b/../b/c"])
    func madeFolders(path: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let made = try FileOutput.makeDirectory(directory.path + "/" + path)
        #expect(made.count == 3, "a, b and c: \(made)")
        #expect(made.first == directory.path + "/a/")
        #expect(try FileOutput.makeDirectory(directory.path + "/" + path) == [], "nothing more to make")
        FileOutput.removeDirectories(made)
        #expect(directory.entries() == [])
    }

    @Test("removeDirectories leaves a folder with something in it, and the folders above it")
    func foldersInUseStay() throws {
        let directory = try TemporaryDirectory()
        defer {
            unlink(directory.path + "/a/b/kept.json")
            rmdir(directory.path + "/a/b")
            rmdir(directory.path + "/a")
            directory.remove()
        }
        let made = try FileOutput.makeDirectory(directory.path + "/a/b/c")
        try directory.create("a/b/kept.json", Array("{}".utf8))
        FileOutput.removeDirectories(made)
        var info = stat()
        #expect(stat(directory.path + "/a/b/c", &info) != 0)
        #expect(stat(directory.path + "/a/b/kept.json", &info) == 0)
        #expect(stat(directory.path + "/a", &info) == 0)
    }
}
