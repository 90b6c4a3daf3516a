import Foundation
import Testing
import ThemeEngineTestSupport

/// Runs the built `theme` binary as a user would: real process, real streams, real exit status.
@Suite("theme binary, end to end")
struct EndToEndTests {
    /// The `theme` executable built next to this test bundle.
    static let binary: String = {
        #if os(Linux)
            let executable =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
        #else
            let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // On Apple platforms the tests run inside an .xctest bundle, a few levels below the build folder.
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("theme").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("theme").path
    }()

    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    func run(_ executable: String, _ arguments: [String], in directory: String, environment: [String: String] = [:])
        throws -> Run
    {
        // Started again while the system says the executable is busy (ETXTBSY): a copy of the binary just written
        // can be held open for a moment by a child another test forked meanwhile, until that child execs.
        for attempt in 1... {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.environment = environment
            let output = Pipe()
            let error = Pipe()
            process.standardOutput = output
            process.standardError = error
            do {
                try process.run()
            } catch let error as NSError where attempt < 50 && error.busyExecutable {
                Thread.sleep(forTimeInterval: 0.05)
                continue
            }
            // Read both pipes before waiting, so a large output cannot block the child.
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            let errorData = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Run(
                status: process.terminationStatus,
                standardOutput: String(decoding: outputData, as: UTF8.self),
                standardError: String(decoding: errorData, as: UTF8.self))
        }
        fatalError("unreachable: the loop returns or throws")
    }

    @Test("the binary copied alone into an empty folder resolves the bundled defaults")
    func binaryRunsAlone() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let copy = directory + "/theme"
        try FileManager.default.copyItem(atPath: Self.binary, toPath: copy)
        let result = try run(copy, ["resolve", "--format", "flat"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput == theme("resolve", "--format", "flat").output)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["theme"])
    }

    @Test("README's main command: the dark theme as a table")
    func readmeCommand() throws {
        let result = try run(
            Self.binary, ["resolve", "--theme", "Themes/dark.json", "--format", "text"], in: repositoryRoot)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput.hasPrefix("PATH "))
        #expect(result.standardOutput.contains("theme.color.input.focused.border"))
    }

    @Test("errors: exit 2, diagnostics on stderr, nothing on stdout, no colour through a pipe")
    func errors() throws {
        let result = try run(
            Self.binary, ["resolve", "--theme", "Tests/ThemeCLITests/Fixtures/typo-theme.json"], in: repositoryRoot)
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == (try String(contentsOfFile: snapshots + "/resolve-typo-theme.stderr", encoding: .utf8)))
    }

    /// The binary maps its files; `/dev/zero`, a device, is read as a stream and stops at the largest token file.
    @Test("an endless --tokens file (/dev/zero): exit 2 with the reason, nothing on stdout")
    func endlessInput() throws {
        let result = try run(Self.binary, ["resolve", "--tokens", "/dev/zero"], in: repositoryRoot)
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError == """
                theme: error: [unreadable-file] cannot read /dev/zero: it is larger than 256 MiB, the most a token file may be
                theme: nothing was resolved

                """)
    }

    /// `--all` stages every permutation's file before it renames any, so the folder fills with temporary files
    /// as it runs; the signal comes once the first is there.
    @Test(
        "theme interrupted while it writes (SIGINT, SIGTERM, SIGHUP) removes its temporary files and ends by that signal",
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func interruptedWrite(signal: Int32) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tokens = (0..<300).map { #""t\#($0)": {"$type": "number", "$value": \#($0)}"# }.joined(separator: ", ")
        let contexts = (0..<30).map { #""c\#($0)": [{"t0": {"$type": "number", "$value": \#($0)}}]"# }.joined(
            separator: ", ")
        try #"""
        {"sets": {"base": {"sources": [{\#(tokens)}]}},
         "modifiers": {"a": {"contexts": {\#(contexts)}, "default": "c0"}, "b": {"contexts": {\#(contexts)}, "default": "c0"}},
         "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/a"}, {"$ref": "#/modifiers/b"}]}
        """#.write(toFile: directory + "/many.resolver.json", atomically: true, encoding: .utf8)
        let output = directory + "/out"
        func temporaryFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).filter { $0.contains(".tmp-") }
        }
        // Spawned with no signal blocked and each at its default, as a shell starts a command: a test runner
        // may block or ignore them, and a child inherits that.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [
            Self.binary, "resolve", "--resolver", directory + "/many.resolver.json", "--all", "--output-dir", output,
        ]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child = pid_t()
        let environment: [UnsafeMutablePointer<CChar>?] = [nil]
        try #require(posix_spawn(&child, Self.binary, &actions, &attributes, argv, environment) == 0)
        // Whether the child has ended, waiting for it at most until `deadline`; past it, it is killed and reaped.
        var status: Int32 = 0
        var reaped = false
        func ended(by deadline: ContinuousClock.Instant, while waiting: () -> Bool = { true }) -> Bool {
            while ContinuousClock.now < deadline, waiting() {
                if waitpid(child, &status, WNOHANG) == child {
                    reaped = true
                    return true
                }
                usleep(1_000)
            }
            return false
        }
        let seen = !ended(by: .now + .seconds(60), while: { temporaryFiles().isEmpty })
        defer {
            if !reaped {
                kill(child, SIGKILL)
                while waitpid(child, &status, 0) < 0, errno == EINTR {}
            }
        }
        try #require(seen && !temporaryFiles().isEmpty, "the run ended, or stalled, before a temporary file was seen")
        kill(child, signal)
        try #require(ended(by: .now + .seconds(60)), "the run did not end within a minute of the signal")
        #expect(status & 0x7F == signal, "ended by signal \(status & 0x7F), exit status \((status >> 8) & 0xFF)")
        #expect(temporaryFiles().isEmpty)
    }

    /// `/dev/full` fails every write with `ENOSPC`, as a full disk does.
    @Test(
        "standard output that cannot be written (/dev/full): exit 2 with the reason",
        .enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")))
    func unwritableOutput() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["resolve", "--format", "flat"]
        process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        process.environment = [:]
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let error = Pipe()
        process.standardOutput = full
        process.standardError = error
        try process.run()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(
            String(decoding: errorData, as: UTF8.self)
                == "theme: error: cannot write to standard output: No space left on device\n")
    }

    @Test("usage error: exit 64")
    func usage() throws {
        let result = try run(Self.binary, ["resolve", "--nope"], in: repositoryRoot)
        #expect(result.status == 64)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix("theme: error: unknown option '--nope'"))
    }

    @Test("theme lint --format sarif > lint.sarif: the report on stdout, exit 0 for the bundled theme")
    func lintSARIF() throws {
        let result = try run(
            Self.binary, ["lint", "--theme", "Themes/dark.json", "--format", "sarif"], in: repositoryRoot)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let log = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect(log?["version"] as? String == "2.1.0")
    }

    @Test("theme lint: findings exit 1, an unreadable file exits 2 with nothing on stdout")
    func lintStatus() throws {
        let findings = try run(
            Self.binary, ["lint", "--theme", "Tests/ThemeCLITests/Fixtures/typo-theme.json"], in: repositoryRoot)
        #expect(findings.status == 1)
        #expect(findings.standardOutput.contains("error: [unresolved-reference]"))
        let missing = try run(Self.binary, ["lint", "--theme", "nope.json", "--format", "sarif"], in: repositoryRoot)
        #expect(missing.status == 2)
        #expect(missing.standardOutput == "")
        #expect(missing.standardError.contains("cannot read nope.json"))
    }

    @Test("--output through the binary writes the file atomically")
    func output() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try run(
            Self.binary, ["resolve", "--format", "flat", "--output", directory + "/flat.json"], in: repositoryRoot)
        #expect(result.status == 0)
        #expect(result.standardOutput == "")
        #expect(
            try String(contentsOfFile: directory + "/flat.json", encoding: .utf8)
                == theme("resolve", "--format", "flat").output)
    }

    @Test("--output over an earlier output replaces it whole, and leaves nothing beside it")
    func outputReplacesAnEarlierOne() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/flat.json"
        let runs = [
            ["--tokens", "Tokens/defaultTokens.json"],
            ["--tokens", "Tokens/defaultTokens.json", "--theme", "Themes/dark.json"],
            ["--tokens", "Tokens/defaultTokens.json"],
        ]
        for files in runs {
            let result = try run(
                Self.binary, ["resolve", "--format", "flat", "--output", target] + files, in: repositoryRoot)
            #expect(result.status == 0)
            #expect(result.standardOutput == "" && result.standardError == "")
            let expected = theme(["resolve", "--format", "flat"] + files).output
            #expect(try String(contentsOfFile: target, encoding: .utf8) == expected, "\(files)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["flat.json"])
    }

    @Test("theme diff --since in a temporary git repository: the binary reads the old file with git, exit 1")
    func diffSinceRevision() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        func git(_ arguments: String...) throws {
            let result = try run(
                "/usr/bin/env", ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments,
                in: folder, environment: ["PATH": path])
            try #require(result.status == 0, "git \(arguments): \(result.standardError)")
        }
        try git("init", "-q")
        try ##"{"theme": {"color": {"border": {"brand": {"$value": "#0055ff"}}}}}"##.write(
            toFile: folder + "/brand.json", atomically: true, encoding: .utf8)
        try git("add", "brand.json")
        try git("commit", "-q", "-m", "brand")
        try ##"{"theme": {"color": {"border": {"brand": {"$value": "#7c3aed"}}}}}"##.write(
            toFile: folder + "/brand.json", atomically: true, encoding: .utf8)

        let result = try run(
            Self.binary, ["diff", "--since", "HEAD", "--theme", "brand.json"], in: folder, environment: ["PATH": path])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError == "")
        #expect(
            result.standardOutput.hasPrefix(
                "14 component properties change; 11 tokens changed (1 edited, 10 through references)."))
        #expect(
            result.standardOutput.contains(
                "TextInput.focused.border              #0055ff → #7c3aed  via theme.color.border.brand"))

        let withoutGit = try run(
            Self.binary, ["diff", "--since", "HEAD", "--theme", "brand.json"], in: folder, environment: [:])
        #expect(withoutGit.status == 2)
        #expect(withoutGit.standardOutput == "")
        #expect(withoutGit.standardError == "theme: error: --since needs git, which was not found on PATH\n")
    }
}

extension NSError {
    /// Whether the error is `ETXTBSY`, directly or underneath.
    fileprivate var busyExecutable: Bool {
        if domain == NSPOSIXErrorDomain && code == Int(ETXTBSY) { return true }
        return (userInfo[NSUnderlyingErrorKey] as? NSError)?.busyExecutable ?? false
    }
}
