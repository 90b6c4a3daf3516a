// `theme-bench-floor FILE`: starts, reads FILE whole into memory, and exits: the yardstick issue 6 gives for this
// machine, "a Swift binary that only starts and reads a file" (standard library alone). `theme-bench` runs it on a
// size's token file beside each of that size's whole `theme` runs that replace their output, so that those figures
// come with the floor of the same minutes: on this shared VM the host's load moves both (BENCHMARKS.md, "Machine").
//
// Built like `theme` (a static executable in a release build on Linux), so the two start alike. It reads with
// `read` into memory allocated for the purpose, as a program that then parsed the bytes would (`theme` maps its
// files instead, and reads the theme file too), and touches nothing else: `read` itself writes every page of that
// memory, as the kernel copies the file into it. It prints nothing but an error, to standard error, with status 1.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

func fail(_ message: String) -> Never {
    let text = Array("theme-bench-floor: error: \(message)\n".utf8)
    text.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

/// The message of the C library's last error, taken before anything else can change it.
func lastError() -> String { String(cString: strerror(errno)) }

guard CommandLine.arguments.count == 2 else { fail("expected one argument, the file to read") }
let path = CommandLine.arguments[1]
let descriptor = open(path, O_RDONLY)
guard descriptor >= 0 else {
    let reason = lastError()
    fail("cannot open \(path): \(reason)")
}
var information = stat()
guard fstat(descriptor, &information) == 0 else {
    let reason = lastError()
    fail("cannot find the size of \(path): \(reason)")
}
let size = Int(information.st_size)
let bytes = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 16)
var done = 0
while done < size {
    let count = read(descriptor, bytes + done, size - done)
    if count < 0, errno == EINTR { continue }
    guard count > 0 else {
        let reason = count == 0 ? "it ended early" : lastError()
        fail("cannot read \(path): \(reason)")
    }
    done += count
}
close(descriptor)
exit(0)
