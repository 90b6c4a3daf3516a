import DesignTokens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Monotonic time in nanoseconds.
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Peak resident memory of this process so far, in bytes (`ru_maxrss`, which Linux gives in KiB).
func peakMemory() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    return Int(usage.ru_maxrss) * 1024
}

/// Timings of one measured thing over several runs, in nanoseconds.
struct Samples {
    var values: [UInt64] = []

    mutating func add(_ value: UInt64) { values.append(value) }

    var sorted: [UInt64] { values.sorted() }
    var median: Double {
        let s = sorted
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? Double(s[s.count / 2]) : (Double(s[s.count / 2 - 1]) + Double(s[s.count / 2])) / 2
    }
    var minimum: Double { Double(sorted.first ?? 0) }
    var maximum: Double { Double(sorted.last ?? 0) }

    /// `12.34 ms (11.9–13.1)`: median, then the fastest and slowest run.
    var summary: String {
        "\(milliseconds(median)) (\(milliseconds(minimum))–\(milliseconds(maximum)))"
    }
}

/// Nanoseconds as milliseconds with two or three significant decimals: `0.412`, `12.34`, `1830`.
func milliseconds(_ nanoseconds: Double) -> String {
    let ms = nanoseconds / 1e6
    if ms < 1 { return fixed(ms, 3) }
    if ms < 100 { return fixed(ms, 2) }
    return fixed(ms, 0)
}

func megabytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1_048_576, 1) }

/// `value` with `decimals` digits after the point, without Foundation.
func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded()
    let integer = Int64(rounded / scale)
    guard decimals > 0 else { return String(integer) }
    let fraction = Int64(abs(rounded) - abs(Double(integer)) * scale)
    let digits = String(fraction)
    let sign = rounded < 0 && integer == 0 ? "-" : ""
    return sign + String(integer) + "." + String(repeating: "0", count: max(0, decimals - digits.count)) + digits
}

/// A finished child process: its exit status, wall time and peak resident memory.
struct ChildRun {
    var status: Int32
    var nanoseconds: UInt64
    var peakMemory: Int
}

/// Runs a program to its end, its standard output and error going to `output` (or inherited when nil), and
/// measures its wall time and, from `wait4`, its peak resident memory.
func runChild(_ arguments: [String], output: String?) -> ChildRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let output {
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = now()
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
    guard spawned == 0 else {
        fail("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let elapsed = now() - start
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return ChildRun(status: exitStatus, nanoseconds: elapsed, peakMemory: Int(usage.ru_maxrss) * 1024)
}

func fail(_ message: String) -> Never {
    var text = Array("theme-bench: error: \(message)\n".utf8)
    text.withUnsafeMutableBytes { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

func say(_ text: String) {
    var line = Array((text + "\n").utf8)
    line.withUnsafeMutableBytes { _ = write(1, $0.baseAddress, $0.count) }
}

func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

func makeDirectory(_ path: String) {
    var prefix = ""
    for part in path.split(separator: "/", omittingEmptySubsequences: false) {
        prefix += (prefix.isEmpty && path.hasPrefix("/") ? "" : (prefix.isEmpty ? "" : "/")) + part
        if prefix.isEmpty {
            prefix = "/"
            continue
        }
        if !fileExists(prefix) { mkdir(prefix, 0o755) }
    }
}

/// Writes a file whole or not at all: into `.NAME.tmp-PID` beside it, then renamed over it, so that a run stopped
/// while it writes a set leaves no partial file for the next run to take as generated.
func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystem.Failure) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(folder).\(name).tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw FileSystem.lastError() }
    var sink = OutputSink(writingTo: descriptor)
    do {
        try sink.write(bytes)
    } catch {
        close(descriptor)
        unlink(temporary)
        throw error
    }
    guard close(descriptor) == 0, rename(temporary, path) == 0 else {
        let failure = FileSystem.lastError()
        unlink(temporary)
        throw failure
    }
}

/// The path of this executable, to run one size per fresh process.
func ownExecutable() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
