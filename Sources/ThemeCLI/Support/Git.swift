#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DesignTokens

/// Reads files as they were at a git revision, for `theme diff --since`, by running `git` (found on `PATH`).
struct Git {
    /// Why git could not give a file, in words for the user.
    struct Failure: Error {
        var message: String
    }

    /// The git executable.
    let executable: String

    /// Finds `git` on the search path; fails when it is not installed.
    init(searchPath: String?) throws(Failure) {
        for folder in (searchPath ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/git"
            if access(candidate, X_OK) == 0 {
                executable = candidate
                return
            }
        }
        throw Failure(message: "--since needs git, which was not found on PATH")
    }

    /// The bytes of the file at `path` as of `revision`, or nil when the file does not exist at that revision.
    /// Fails when `path` is not in a git repository or `revision` names no commit.
    func contents(of path: String, at revision: String) throws(Failure) -> [UInt8]? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let commit = try run(["-C", folder, "rev-parse", "--verify", "--quiet", "\(revision)^{commit}"])
        guard commit.status == 0 else {
            let reason = commit.errors.isEmpty ? "no commit '\(revision)'" : commit.errors
            throw Failure(message: "cannot read \(path) at revision '\(revision)': \(reason)")
        }
        let object = "\(revision):./\(name)"
        guard try run(["-C", folder, "cat-file", "-e", object]).status == 0 else { return nil }
        let blob = try run(["-C", folder, "cat-file", "blob", object])
        guard blob.status == 0 else { throw Failure(message: "cannot read \(path) at revision '\(revision)': \(blob.errors)") }
        return blob.output
    }

    /// Runs git with `arguments`, collecting its standard output and the first line of its standard error.
    private func run(_ arguments: [String]) throws(Failure) -> (status: Int32, output: [UInt8], errors: String) {
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [0, 0]
        guard pipe(&outputPipe) == 0, pipe(&errorPipe) == 0 else { throw Failure(message: "cannot run git: no pipes") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        for descriptor in outputPipe + errorPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(outputPipe[1])
        close(errorPipe[1])
        defer {
            close(outputPipe[0])
            close(errorPipe[0])
        }
        guard spawned == 0 else { throw Failure(message: "cannot run \(executable): \(String(cString: strerror(spawned)))") }

        // Drain both pipes together, so neither can fill up and stall git.
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var open = [outputPipe[0], errorPipe[0]]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var polls = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polls, nfds_t(polls.count), -1) >= 0 || errno == EINTR else { break }
            for entry in polls where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if entry.fd == outputPipe[0] { output += buffer[..<count] } else { errors += buffer[..<count] }
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let firstLine = String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return (exitStatus, output, firstLine)
    }
}
