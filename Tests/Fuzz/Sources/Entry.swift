@_spi(Engine) import DesignTokens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theme-fuzz --list` prints the targets' names, a line each.
///
/// Built by `Tests/Fuzz/run` (with `-D FUZZING`, coverage instrumentation, the address sanitizer and libFuzzer
/// linked in), `theme-fuzz TARGET [libFuzzer's options and corpus folders]` fuzzes one target: libFuzzer's driver
/// takes the arguments after the target's name. The target is kept in `THEME_FUZZ_TARGET` as well, which the
/// processes libFuzzer starts itself (`-fork`, `-merge`) inherit, with the arguments it was given.
///
/// In a plain build, `theme-fuzz TARGET FILE...` runs saved inputs through one target: how a finding is reproduced
/// under a debugger, and how a plain `swift build` keeps the targets compiling.
@main
enum FuzzCommand {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--list"] {
            for target in FuzzTarget.all { print(target.name) }
            return
        }
        #if FUZZING
            // A process libFuzzer started itself has its target in the environment and libFuzzer's options alone.
            if let name = getenv("THEME_FUZZ_TARGET").map({ String(cString: $0) }),
                arguments.first.map({ FuzzTarget.named($0) == nil }) ?? true
            {
                guard let target = FuzzTarget.named(name) else { fail("THEME_FUZZ_TARGET names no target: \(name)") }
                selected = target
                var argc = CommandLine.argc
                var argv = CommandLine.unsafeArgv
                exit(runFuzzerDriver(&argc, &argv, testOneInput))
            }
        #endif
        guard let name = arguments.first else { fail("usage: theme-fuzz --list | theme-fuzz TARGET ...") }
        guard let target = FuzzTarget.named(name) else {
            fail("no target \(name); the targets are \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
        }
        #if FUZZING
            selected = target
            setenv("THEME_FUZZ_TARGET", name, 1)
            // libFuzzer reads its own options from what follows the target's name, with the program's name first:
            // the target's name is overwritten with the program's, and the arguments start there.
            var argc = CommandLine.argc - 1
            let argv = CommandLine.unsafeArgv
            argv[1] = argv[0]
            var shifted = argv + 1
            exit(runFuzzerDriver(&argc, &shifted, testOneInput))
        #else
            guard arguments.count > 1 else { fail("usage: theme-fuzz TARGET FILE...") }
            for path in arguments.dropFirst() {
                let bytes: [UInt8]
                do throws(FileSystem.Failure) {
                    bytes = try FileSystem.read(path)
                } catch {
                    fail("\(path): \(error.reason)")
                }
                target.body(bytes)
                print("\(path): ok")
            }
        #endif
    }
}

#if FUZZING
    /// The target being fuzzed: set once, before libFuzzer's driver starts calling ``testOneInput``.
    nonisolated(unsafe) private var selected: FuzzTarget?

    /// libFuzzer's driver (`LLVMFuzzerRunDriver`, in the runtime `Tests/Fuzz/run` links): parses its options from
    /// `argv` and calls `callback` with each input it makes, until it finds a failure or its time runs out. Declared
    /// by its symbol: its arguments (three pointers) and result (an `int`) are passed alike in Swift's and C's calling
    /// conventions, and the callback is a C function.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// One input from libFuzzer, copied (libFuzzer owns its bytes) and given to the selected target.
    private func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        selected?.body(bytes)
        return 0
    }
#endif

/// Says what went wrong on standard error and exits with 2.
func fail(_ message: String) -> Never {
    let line = Array("theme-fuzz: \(message)\n".utf8)
    _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
