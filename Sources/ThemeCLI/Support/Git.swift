import DesignTokens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
        let commit = try run([
            "-C", folder, "rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}",
        ])
        guard commit.status == 0 else {
            let reason = commit.errors.isEmpty ? "no commit '\(revision)'" : commit.errors
            throw Failure(message: "cannot read \(path) at revision '\(revision)': \(reason)")
        }
        let id =
            String(decoding: commit.output, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? revision
        let object = "\(id):./\(name)"
        let exists = try run(["-C", folder, "cat-file", "-e", object])
        if exists.status != 0 {
            if exists.errors.contains("does not exist in") || exists.errors.contains("exists on disk, but not in") {
                return nil
            }
            throw Failure(message: "cannot read \(path) at revision '\(revision)': \(exists.errors)")
        }
        let blob = try run(["-C", folder, "cat-file", "blob", object])
        guard blob.status == 0 else {
            throw Failure(message: "cannot read \(path) at revision '\(revision)': \(blob.errors)")
        }
        return blob.output
    }

    /// Variables that would point git at another repository than the one holding the file (git sets them in
    /// hooks, where `theme diff --since` is likely to run).
    private static let repositoryVariables = [
        "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
        "GIT_COMMON_DIR", "GIT_NAMESPACE", "GIT_PREFIX",
    ]

    /// This process's environment without ``repositoryVariables``, as `NAME=value` C strings.
    private static func childEnvironment() -> [UnsafeMutablePointer<CChar>?] {
        var result: [UnsafeMutablePointer<CChar>?] = []
        // `environ` ends with a null pointer, where the walk stops.
        var entry = environ
        while let variable = entry.pointee {
            let text = String(cString: variable)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if !repositoryVariables.contains(name) { result.append(strdup(text)) }
            entry += 1
        }
        return result + [nil]
    }

    /// A pipe whose ends are not inherited by other children started later (tests run git in parallel). Glibc's
    /// `pipe2` is not visible to Swift, so close-on-exec is set just after; the window is a few instructions.
    private static func makePipe() throws(Failure) -> [Int32] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failure(message: "cannot run git: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    /// Runs git with `arguments`, collecting its standard output and the first line of its standard error.
    private func run(_ arguments: [String]) throws(Failure) -> (status: Int32, output: [UInt8], errors: String) {
        let outputPipe = try Self.makePipe()
        let errorPipe: [Int32]
        do {
            errorPipe = try Self.makePipe()
        } catch {
            for end in outputPipe { close(end) }
            throw error
        }
        var readEnds = [outputPipe[0], errorPipe[0]]
        defer { for end in readEnds { close(end) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies, so git gets its stdout and stderr and nothing else.
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = Self.childEnvironment()
        defer { for pointer in argv + envp { free(pointer) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, envp)
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            throw Failure(message: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }

        // Drain both pipes together, so neither can fill up and stall git.
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !readEnds.isEmpty {
            var polls = readEnds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&polls, nfds_t(polls.count), -1) < 0 {
                if errno == EINTR { continue }
                break  // the read ends are closed below, so git cannot block on a full pipe while we wait for it
            }
            for entry in polls where entry.revents != 0 {
                // At most the buffer's count; the slices below are the array's, checked.
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if entry.fd == outputPipe[0] { output += buffer[..<count] } else { errors += buffer[..<count] }
                } else if count == 0 || errno != EINTR {
                    close(entry.fd)
                    readEnds.removeAll { $0 == entry.fd }
                }
            }
        }
        for end in readEnds { close(end) }
        readEnds = []

        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else {
                throw Failure(message: "cannot wait for git: \(String(cString: strerror(errno)))")
            }
        }
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let firstLine = String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return (exitStatus, output, firstLine)
    }
}
