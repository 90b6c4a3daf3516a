// `theme-bench`: the ThemeEngine benchmark (see BENCHMARKS.md).
//
//   theme-bench [--sizes 1k,10k,100k] [--runs 21] [--dir .build/bench] [--theme-binary PATH] [--floor-binary PATH]
//               [--defaults-theme PATH]
//       generates the token sets into --dir, times each size's phases in a fresh process, times the whole
//       `theme resolve --format flat --output FILE` process when --theme-binary is given (and beside each run that
//       replaces its output the machine's floor, `theme-bench-floor`, found next to this executable unless
//       --floor-binary says where), and the in-process case (bundled defaults + one theme → TextInput styles).
//   theme-bench generate [--sizes …] [--dir …]      only writes the token sets (tokens-10k.json, theme-10k.json).
//   theme-bench phases --size 10k [--runs …] [--dir …]   one size through the full engine, in this process (what
//       the full run spawns).
//   theme-bench fast-phases --size 10k [--runs …] [--dir …]   the same through the fast path the command takes on
//       a clean stack.
//   theme-bench in-process [--runs …] [--defaults-theme Themes/dark.json]

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DesignTokens
import TokenSetGenerator

// MARK: Arguments

let command = CommandLine.arguments.dropFirst().first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "all"
let options: [String: String] = {
    let arguments = Array(CommandLine.arguments.dropFirst(command == "all" ? 1 : 2))
    var options: [String: String] = [:]
    var index = 0
    while index < arguments.count {
        let name = arguments[index]
        guard name.hasPrefix("--"), index + 1 < arguments.count else { fail("unexpected argument '\(name)'; see the comment at the top of main.swift") }
        options[String(name.dropFirst(2))] = arguments[index + 1]
        index += 2
    }
    return options
}()

func size(_ text: Substring) -> Int {
    let lower = text.lowercased()
    if lower.hasSuffix("k"), let thousands = Int(lower.dropLast()) { return thousands * 1000 }
    guard let number = Int(lower) else { fail("'\(text)' is not a size; write 1k, 10k, 100k or a number") }
    return number
}

func label(_ size: Int) -> String { size % 1000 == 0 ? "\(size / 1000)k" : "\(size)" }

let sizes = (options["sizes"] ?? "1k,10k,100k").split(separator: ",").map(size)
let runs = Int(options["runs"] ?? "21") ?? 21
let directory = options["dir"] ?? ".build/bench"

func tokensPath(_ size: Int) -> String { "\(directory)/tokens-\(label(size)).json" }
func themePath(_ size: Int) -> String { "\(directory)/theme-\(label(size)).json" }

// MARK: Generating

func generate(_ size: Int) {
    makeDirectory(directory)
    let set = TokenSet(count: size)
    do {
        try FileSystem.writeAtomically(set.baseJSON, to: tokensPath(size))
        try FileSystem.writeAtomically(set.themeJSON, to: themePath(size))
    } catch {
        fail("cannot write the token sets into \(directory): \(error.reason)")
    }
}

func ensureGenerated(_ size: Int) {
    if !fileExists(tokensPath(size)) || !fileExists(themePath(size)) { generate(size) }
}

// MARK: Phases of one size, in this process

/// Times read+parse, layering, resolution and output (flat JSON) of one size over `runs` runs, after one
/// untimed warm-up run, and prints one table row.
func phases(_ size: Int) {
    ensureGenerated(size)
    var readParse = Samples(), layering = Samples(), resolution = Samples(), output = Samples(), write = Samples(), total = Samples()
    var tokenCount = 0
    var outputBytes = 0
    let outputPath = "\(directory)/out-\(label(size)).flat.json"
    for run in 0...runs {
        let start = now()
        var parsed: UInt64 = 0
        var layered: UInt64 = 0
        let theme: ResolvedTheme
        do {
            theme = try ResolvedTheme.resolve(readSet(size)) { stage in
                switch stage {
                case .parsed: parsed = now()
                case .layered: layered = now()
                }
            }
        } catch {
            fail("the \(label(size)) set does not resolve: \(error.diagnostics.first.map { "\($0)" } ?? "")")
        }
        let resolved = now()
        let bytes = theme.flatJSON()
        let rendered = now()
        writeOutput(bytes, to: outputPath)
        let written = now()
        tokenCount = theme.count
        outputBytes = bytes.count
        guard run > 0 else { continue }  // warm-up
        readParse.add(parsed - start)
        layering.add(layered - parsed)
        resolution.add(resolved - layered)
        output.add(rendered - resolved)
        write.add(written - rendered)
        total.add(written - start)
    }
    let inputBytes = ((try? FileSystem.read(tokensPath(size)))?.count ?? 0) + ((try? FileSystem.read(themePath(size)))?.count ?? 0)
    say(
        "| \(label(size)) | \(tokenCount) | \(megabytes(inputBytes)) MB | \(readParse.summary) | \(layering.summary) | \(resolution.summary) "
            + "| \(output.summary) | \(write.summary) | \(total.summary) | \(megabytes(peakMemory())) MB | \(megabytes(outputBytes)) MB |")
}

/// The token set and theme of one size, as sources.
func readSet(_ size: Int) -> [TokenSource] {
    do {
        return [try TokenSource(contentsOfFile: tokensPath(size)), try TokenSource(contentsOfFile: themePath(size))]
    } catch {
        fail("cannot read the \(label(size)) set: \(error.diagnostics.first.map { "\($0)" } ?? "")")
    }
}

/// Writes an output file as the command does.
func writeOutput(_ bytes: [UInt8], to path: String) {
    do { try FileSystem.writeAtomically(bytes, to: path) } catch { fail("cannot write \(path): \(error.reason)") }
}

/// Times `theme resolve --format flat` as the command runs it on a clean stack, through ``FastPath``: reading
/// and layering (one pass per file), resolution and output, over `runs` runs after one untimed warm-up.
func fastPhases(_ size: Int) {
    ensureGenerated(size)
    var read = Samples(), resolution = Samples(), output = Samples(), total = Samples()
    let outputPath = "\(directory)/out-\(label(size)).fast.flat.json"
    for run in 0...runs {
        let start = now()
        var scanned: UInt64 = 0
        var resolved: UInt64 = 0
        let sources = readSet(size)
        let stages: (FastPath.Stage) -> Void = { stage in
            switch stage {
            case .read: scanned = now()
            case .resolved: resolved = now()
            }
        }
        guard let flat = FastPath.flatOutput(sources, after: stages) else {
            fail("the \(label(size)) set does not take the fast path")
        }
        // As the command does: the output is written to the file as it is made.
        do {
            try FileSystem.writeAtomically(to: outputPath) { (file) throws(FileSystem.Failure) in try flat.write(to: file) }
        } catch {
            fail("cannot write \(outputPath): \(error.reason)")
        }
        let written = now()
        guard run > 0 else { continue }  // warm-up
        read.add(scanned - start)
        resolution.add(resolved - scanned)
        output.add(written - resolved)
        total.add(written - start)
    }
    say("| \(label(size)) | \(read.summary) | \(resolution.summary) | \(output.summary) | \(total.summary) | \(megabytes(peakMemory())) MB |")
}

func fastPhasesHeader() {
    say("")
    say("Fast path (what `theme resolve --format flat` runs on a clean stack), in process, ms: median (fastest–slowest) of \(runs) runs after a warm-up; read+parse and layering are one pass, and the output is written to the file as it is made.")
    say("")
    say("| size | read+parse+layering | resolution | output (flat) and write | total | peak RSS |")
    say("|---|---|---|---|---|---|")
}

func phasesHeader() {
    say("In-process phases, ms: median (fastest–slowest) of \(runs) runs after a warm-up; peak RSS of the process after all runs.")
    say("")
    say("| size | tokens | input | read+parse | layering | resolution | output (flat) | write | total | peak RSS | output |")
    say("|---|---|---|---|---|---|---|---|---|---|---|")
}

// MARK: The whole `theme` process

/// Runs `binary` as a whole process on each size, and `floorPath` (``floorBinary()``) beside each replacing run.
func wholeProcess(_ binary: String, floorPath: String?) {
    say("")
    say("Whole process `\(binary) resolve --tokens tokens-N.json --theme theme-N.json --format flat --output FILE`: wall time, median (fastest–slowest) of \(runs) runs after a warm-up, and the largest peak RSS of any run. FILE is the last run's output, which the new one replaces (the figure the targets are read against); then, in as many runs more, a new file (the last output removed first, untimed), which shows what replacing a file costs on this file system.")
    say("")
    if floorPath == nil {
        say("No floor measured: there is no theme-bench-floor beside theme-bench (`swift build -c release` builds it; or pass --floor-binary PATH).")
    } else {
        say("Beside each replacing run, the floor: `theme-bench-floor tokens-N.json`, a program built as `theme` is that only starts and reads the size's token file (issue 6's yardstick for this machine), so that both are timed in the same minutes, the floor after the run and before the next one in turn; median (fastest–slowest), then the whole run's median over the floor's.")
    }
    say("")
    say("| size | wall time, ms | to a new file, ms | peak RSS |" + (floorPath == nil ? "" : " floor, ms | wall ÷ floor |"))
    say("|---|---|---|---|" + (floorPath == nil ? "" : "---|---|"))
    var medians: [Int: Double] = [:]
    for size in sizes {
        ensureGenerated(size)
        var replacing = Samples(), fresh = Samples(), floors = Samples()
        var memory = 0
        let outputPath = "\(directory)/process-\(label(size)).flat.json"
        let arguments = [binary, "resolve", "--tokens", tokensPath(size), "--theme", themePath(size), "--format", "flat", "--output", outputPath]
        func run() -> ChildRun {
            let child = runChild(arguments, output: "\(directory)/process.log")
            guard child.status == 0 else { fail("\(arguments.joined(separator: " ")) exited with \(child.status); see \(directory)/process.log") }
            memory = max(memory, child.peakMemory)
            return child
        }
        // Each replacing run replaces the one before, as a run replaces what was written long before: alternated
        // with new files, it would replace a file whose blocks the file system had not yet placed on the disk,
        // which costs nothing to free (ext4 places them when a file replaces another, not when it is new).
        _ = run()  // the warm-up, which also leaves an output to replace
        // The floor runs right after a run in one turn and right before the next in the other (T F F T T F …): a
        // run's output going to disk as the next process starts weighs on both alike.
        func timeFloor() {
            guard let floorPath else { return }
            let child = runChild([floorPath, tokensPath(size)], output: "\(directory)/process.log")
            guard child.status == 0 else { fail("\(floorPath) exited with \(child.status); see \(directory)/process.log") }
            floors.add(child.nanoseconds)
        }
        for turn in 0..<runs {
            if turn % 2 == 1 { timeFloor() }
            replacing.add(run().nanoseconds)
            if turn % 2 == 0 { timeFloor() }
        }
        for _ in 0..<runs {
            unlink(outputPath)
            fresh.add(run().nanoseconds)
        }
        medians[size] = replacing.median
        let floorColumns = floorPath == nil ? "" : " \(floors.summary) | \(fixed(replacing.median / floors.median, 1)) |"
        say("| \(label(size)) | \(replacing.summary) | \(fresh.summary) | \(megabytes(memory)) MB |" + floorColumns)
    }
    if let small = medians[10_000], let large = medians[100_000] {
        say("")
        say("Scaling, whole process: time(100k) / time(10k) = \(fixed(large / small, 2))")
    }
}

/// `--floor-binary`, which must be an executable file, or else `theme-bench-floor` beside this executable (`swift
/// build -c release` builds both), or nil when there is none there.
func floorBinary() -> String? {
    func isExecutableFile(_ path: String) -> Bool {
        var information = stat()
        return stat(path, &information) == 0 && (information.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }
    if let path = options["floor-binary"] {
        guard isExecutableFile(path) else { fail("--floor-binary \(path): not an executable file") }
        return path
    }
    // The folder of this executable: up to its last slash (the root for "/theme-bench"), or "." without one.
    let me = ownExecutable()
    let beside = (me.lastIndex(of: "/").map { String(me[..<$0]) } ?? ".") + "/theme-bench-floor"
    return isExecutableFile(beside) ? beside : nil
}

// MARK: In-process: bundled defaults + one theme

func inProcess() {
    let themeFile = options["defaults-theme"] ?? "Themes/dark.json"
    let theme: TokenSource
    do { theme = try TokenSource(contentsOfFile: themeFile) } catch {
        fail("cannot read \(themeFile) (run from the repository root, or pass --defaults-theme PATH)")
    }
    let sources = [TokenSource.defaultTokens, theme]
    let step: ComponentStyleStep
    do { step = try ComponentStyleStep(prepareWith: try ResolvedTheme.resolve(sources)) } catch {
        fail("the bundled defaults with \(themeFile) do not resolve into TextInput styles")
    }
    var resolveTimes = Samples(), styleTimes = Samples(), totals = Samples()
    var checksum = 0
    let inProcessRuns = max(runs, 101)
    for run in 0...inProcessRuns {
        let start = now()
        guard let resolved = try? ResolvedTheme.resolve(sources) else { fail("the defaults do not resolve") }
        let middle = now()
        checksum &+= step.run(resolved)
        let end = now()
        guard run > 0 else { continue }
        resolveTimes.add(middle - start)
        styleTimes.add(end - middle)
        totals.add(end - start)
    }
    say("")
    say("In process: bundled defaults + \(themeFile), resolved, then `TextInputStyle(resolved)` (6 states, \(step.propertyCount) properties); ms, median (fastest–slowest) of \(inProcessRuns) runs:")
    say("")
    say("| resolve | component styles | total |")
    say("|---|---|---|")
    say("| \(resolveTimes.summary) | \(styleTimes.summary) | \(totals.summary) |")
    if checksum == 42 { say("") }  // keeps the step's result alive
}

// MARK: Commands

switch command {
case "generate":
    for size in sizes { generate(size) }
    say("wrote \(sizes.map(label).joined(separator: ", ")) to \(directory)")
case "phases":
    guard let text = options["size"] else { fail("phases needs --size") }
    phases(size(Substring(text)))
case "fast-phases":
    guard let text = options["size"] else { fail("fast-phases needs --size") }
    fastPhases(size(Substring(text)))
case "in-process":
    inProcess()
case "all":
    let me = ownExecutable()
    // Before anything runs, so that a wrong --floor-binary fails with nothing printed.
    if options["floor-binary"] != nil, options["theme-binary"] == nil {
        fail("--floor-binary is run beside the whole `theme` runs: it needs --theme-binary")
    }
    let floorPath = options["theme-binary"] == nil ? nil : floorBinary()
    // Generate missing sets in a child: Linux carries a process's peak RSS across exec into the children it
    // spawns, so generating the 100k set here would inflate every peak measured below.
    let missing = sizes.filter { !fileExists(tokensPath($0)) || !fileExists(themePath($0)) }
    if !missing.isEmpty {
        let child = runChild([me, "generate", "--sizes", missing.map(label).joined(separator: ","), "--dir", directory], output: nil)
        guard child.status == 0 else { fail("generating the token sets failed") }
    }
    phasesHeader()
    for size in sizes {
        // Each size in a fresh process, so its peak memory is its own.
        let child = runChild([me, "phases", "--size", label(size), "--runs", String(runs), "--dir", directory], output: nil)
        guard child.status == 0 else { fail("the \(label(size)) run failed") }
    }
    fastPhasesHeader()
    for size in sizes {
        let child = runChild([me, "fast-phases", "--size", label(size), "--runs", String(runs), "--dir", directory], output: nil)
        guard child.status == 0 else { fail("the \(label(size)) fast-path run failed") }
    }
    if let binary = options["theme-binary"] { wholeProcess(binary, floorPath: floorPath) }
    inProcess()
default:
    fail("unknown command '\(command)'; see the comment at the top of main.swift")
}
