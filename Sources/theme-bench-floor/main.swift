// `theme-bench-floor FILE`: starts, reads FILE whole into memory, and exits: the yardstick issue 6 gives for this
// machine, "a Swift binary that only starts and reads a file" (standard library alone). `theme-bench` runs it beside
// each whole `theme` run, on the same input, so that every figure comes with the floor of the same minutes: on
// this shared VM the host's load moves both (BENCHMARKS.md, "Machine").
//
// Built like `theme` (a static executable in a release build on Linux), so the two start alike. It reads with
// `read` into memory allocated for the purpose, as a program that then parsed the bytes would, and touches
// nothing else: `read` itself writes every page of that memory, as the kernel copies the file into it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

func fail(_ message: String) -> Never {
    var text = Array("theme-bench-floor: error: \(message)\n".utf8)
    text.withUnsafeMutableBytes { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

guard CommandLine.arguments.count == 2 else { fail("expected one argument, the file to read") }
let path = CommandLine.arguments[1]
let descriptor = open(path, O_RDONLY)
guard descriptor >= 0 else { fail("cannot open \(path): \(String(cString: strerror(errno)))") }
var information = stat()
guard fstat(descriptor, &information) == 0 else { fail("cannot read \(path): \(String(cString: strerror(errno)))") }
let size = Int(information.st_size)
let bytes = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 16)
var done = 0
while done < size {
    let count = read(descriptor, bytes + done, size - done)
    if count < 0, errno == EINTR { continue }
    guard count > 0 else { fail("cannot read \(path): \(count == 0 ? "it ended early" : String(cString: strerror(errno)))") }
    done += count
}
close(descriptor)
exit(0)
