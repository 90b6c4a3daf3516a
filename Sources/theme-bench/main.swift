// `theme-bench`: the ThemeEngine benchmark (see BENCHMARKS.md).
//
//   theme-bench [--sizes 1k,10k,100k] [--runs 11] [--dir .build/bench] [--theme-binary PATH]
//       generates the token sets into --dir; checks what `theme` writes for each size against the generator's
//       naive resolution; then times, as whole processes, every command a user runs on them (resolve in each
//       format, lint, diff) and prints median and spread against the targets; then the in-process case.
//       --theme-binary defaults to the `theme` beside this executable (`swift build -c release` builds both).
//   theme-bench generate [--sizes …] [--dir …]      only writes the token sets (tokens-10k.json, theme-10k.json).
//   theme-bench check --size 10k [--dir …] [--theme-binary PATH]   runs each command once on one size and checks
//       its output against the naive resolution (what the full run does first, in a process of its own).
//   theme-bench phases [--sizes …] [--runs …] [--dir …]   where `resolve --format flat` spends its time, in
//       process: read, parse, layering, resolution, output (ms, medians).
//   theme-bench in-process [--runs …] [--defaults-theme Themes/dark.json]   the renderer's side, in process: the
//       defaults and a theme into every bundled component's styles, switching a 1,000-row form's theme, and the
//       styles of a schema of 100 components over the 10k set.
//   theme-bench permutations [--sizes …] [--runs …] [--dir …] [--theme-binary PATH]   themes as permutations: a
//       generated resolver document's 20 permutations against one, in process and as whole processes.

import DesignTokens
import TokenSetGenerator

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: Arguments

let command = CommandLine.arguments.dropFirst().first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "all"
let options: [String: String] = {
    let arguments = Array(CommandLine.arguments.dropFirst(command == "all" ? 1 : 2))
    var options: [String: String] = [:]
    var index = 0
    while index < arguments.count {
        let name = arguments[index]
        guard name.hasPrefix("--"), index + 1 < arguments.count else {
            fail("unexpected argument '\(name)'; see the comment at the top of main.swift")
        }
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
let runs = Int(options["runs"] ?? "11") ?? 11
let directory = options["dir"] ?? ".build/bench"

func tokensPath(_ size: Int) -> String { "\(directory)/tokens-\(label(size)).json" }
func themePath(_ size: Int) -> String { "\(directory)/theme-\(label(size)).json" }

// MARK: Generating

func generate(_ size: Int) {
    makeDirectory(directory)
    let set = TokenSet(count: size)
    do {
        try writeAtomically(set.baseJSON, to: tokensPath(size))
        try writeAtomically(set.themeJSON, to: themePath(size))
    } catch {
        fail("cannot write the token sets into \(directory): \(error.reason)")
    }
}

// MARK: The commands, whole process

/// The binary whose commands are timed: `--theme-binary`, or `theme` beside this executable.
func themeBinary() -> String {
    if let path = options["theme-binary"] { return path }
    let me = ownExecutable()
    return (me.lastIndex(of: "/").map { String(me[..<$0]) } ?? ".") + "/theme"
}

/// The ceilings of the targets (BENCHMARKS.md), in milliseconds, by command and size.
let targets: [String: [Int: Double]] = [
    "resolve": [1_000: 6, 10_000: 15, 100_000: 80],
    "lint": [1_000: 8, 10_000: 25, 100_000: 150],
    "diff": [1_000: 10, 10_000: 30, 100_000: 200],
]

/// One command a user runs on a size's set: its row in the table, its arguments, and how its output is checked.
struct Command {
    var name: String
    var target: String
    var arguments: (Int) -> [String]
    var expectedStatus: Int32
    /// What is wrong with the output (the file the command's standard output went to), or nil.
    var check: (_ size: Int, _ set: TokenSet, _ output: [UInt8]) -> String?
}

let componentRulesOff = ["--rule", "min-contrast=off", "--rule", "missing-style-token=off"]

/// Every command timed, in the order of the table.
func benchmarkCommands() -> [Command] {
    [
        Command(
            name: "resolve --format json", target: "resolve",
            arguments: { ["resolve", "--tokens", tokensPath($0), "--theme", themePath($0), "--format", "json"] },
            expectedStatus: 0
        ) { _, set, output in
            // The tree, read back by the engine, must be the naive resolution.
            guard let theme = try? ResolvedTheme.resolve([TokenSource(name: "tree.json", bytes: output)]) else {
                return "the tree does not resolve"
            }
            return theme.flatJSON() == set.expectedFlatJSON()
                ? nil : "the tree's values differ from the naive resolution"
        },
        Command(
            name: "resolve --format flat", target: "resolve",
            arguments: { ["resolve", "--tokens", tokensPath($0), "--theme", themePath($0), "--format", "flat"] },
            expectedStatus: 0
        ) { _, set, output in
            output == set.expectedFlatJSON() ? nil : "the flat output differs from the naive resolution"
        },
        Command(
            name: "resolve --format text", target: "resolve",
            arguments: { ["resolve", "--tokens", tokensPath($0), "--theme", themePath($0), "--format", "text"] },
            expectedStatus: 0
        ) { _, set, output in
            // The first column of each row after the header.
            let rows = Set(
                String(decoding: output, as: UTF8.self).split(separator: "\n").dropFirst().map {
                    $0.prefix { $0 != " " }
                })
            let missing = set.naiveResolution().first { !rows.contains(Substring($0.path)) }
            return missing.map { "the table has no row for \($0.path)" }
        },
        Command(
            name: "lint (component rules off)", target: "lint",
            arguments: { ["lint", "--tokens", tokensPath($0), "--theme", themePath($0)] + componentRulesOff },
            expectedStatus: 0
        ) { _, _, output in
            String(decoding: output, as: UTF8.self).contains("no problems") ? nil : "lint found problems in a clean set"
        },
        Command(
            name: "diff (5 % re-pointed)", target: "diff",
            arguments: { ["diff", "--tokens", tokensPath($0), "--to-theme", themePath($0), "--format", "json"] },
            expectedStatus: 1
        ) { _, set, output in
            let before = Dictionary(
                uniqueKeysWithValues: set.naiveResolution(withTheme: false).map { ($0.path, $0.flat) })
            let expected = Set(set.naiveResolution().filter { before[$0.path] != $0.flat }.map(\.path))
            let found = changedPaths(inDiff: String(decoding: output, as: UTF8.self))
            return found == expected
                ? nil : "the diff changes \(found.count) tokens; the naive resolution changes \(expected.count)"
        },
    ] + exportCommands()
}

/// The paths of the `changed` entries of `theme diff --format json` output, read from its lines.
func changedPaths(inDiff json: String) -> Set<String> {
    var paths: Set<String> = []
    var inChanged = false
    for line in json.split(separator: "\n") {
        if line.hasPrefix("  \"") { inChanged = line.hasPrefix("  \"changed\"") }
        let prefix = "      \"path\": \""
        if inChanged, line.hasPrefix(prefix), line.hasSuffix("\",") {
            paths.insert(String(line.dropFirst(prefix.count).dropLast(2)))
        }
    }
    return paths
}

/// Runs each command once on one size and checks its output against the naive resolution; fails on the first
/// difference. A process of its own (`theme-bench check`), so that the sets and their resolution held here do not
/// count in the peak memory of the runs timed after it.
func check(_ size: Int) {
    let binary = themeBinary()
    let set = TokenSet(count: size)
    let outputPath = "\(directory)/output-\(label(size))"
    for command in benchmarkCommands() {
        let arguments = [binary] + command.arguments(size)
        let child = runChild(arguments, output: outputPath)
        guard child.status == command.expectedStatus else {
            fail(
                "\(arguments.joined(separator: " ")) exited with \(child.status), not \(command.expectedStatus); see \(outputPath)"
            )
        }
        let output = (try? FileSystem.read(outputPath)) ?? []
        if let problem = command.check(size, set, output) { fail("\(command.name), \(label(size)): \(problem)") }
    }
}

/// Checks each command's output on each size, then times each, and prints one table: a row per command, a
/// column per size.
func wholeProcess() {
    let binary = themeBinary()
    guard access(binary, X_OK) == 0 else {
        fail("no executable \(binary); build it with `swift build -c release` or pass --theme-binary PATH")
    }
    let outputPath = "\(directory)/output"
    var cells: [String: [Int: String]] = [:]
    var medians: [String: [Int: Double]] = [:]
    var verdicts: [String] = []
    for size in sizes {
        let checked = runChild(
            [ownExecutable(), "check", "--size", label(size), "--dir", directory, "--theme-binary", binary], output: nil
        )
        guard checked.status == 0 else { fail("the outputs of the \(label(size)) set are wrong; nothing was timed") }
        for command in benchmarkCommands() {
            let arguments = [binary] + command.arguments(size)
            var times = Samples()
            var memory = 0
            for run in 0...runs {
                let child = runChild(arguments, output: outputPath)
                guard child.status == command.expectedStatus else {
                    fail(
                        "\(arguments.joined(separator: " ")) exited with \(child.status), not \(command.expectedStatus); see \(outputPath)"
                    )
                }
                guard run > 0 else { continue }  // warm-up
                times.add(child.nanoseconds)
                memory = max(memory, child.peakMemory)
            }
            medians[command.name, default: [:]][size] = times.median
            var ceiling = targets[command.target]?[size]
            // An export or a preview may take 1.5 times what the tree of the same set takes.
            if command.target == "export", let tree = medians["resolve --format json"]?[size] {
                ceiling = tree * exportRatioCeiling / 1e6
            }
            let met = ceiling.map { times.median / 1e6 <= $0 ? "" : " **over**" } ?? ""
            cells[command.name, default: [:]][size] = "\(times.summary), \(megabytes(memory)) MB\(met)"
            if let ceiling {
                verdicts.append(
                    "\(command.name) \(label(size)): \(milliseconds(times.median)) of \(fixed(ceiling, 0)) ms")
            }
        }
    }
    say(
        "Whole process, `theme` on the generated sets (`--tokens tokens-N.json --theme theme-N.json`, standard output to a file), each output checked against the naive resolution first: wall time in ms, median (fastest–slowest) of \(runs) runs after a warm-up, and the largest peak RSS."
    )
    say("")
    say("| command | " + sizes.map(label).joined(separator: " | ") + " |")
    say("|---|" + sizes.map { _ in "---|" }.joined())
    for command in benchmarkCommands() {
        say("| \(command.name) | " + sizes.map { cells[command.name]?[$0] ?? "" }.joined(separator: " | ") + " |")
    }
    say("")
    say("Targets (median ≤ ceiling): " + verdicts.joined(separator: "; "))
}

// MARK: Phases of one size, in this process

/// Where a `resolve --format flat` of one size spends its time, in this process: reading the files, parsing
/// them into token files, layering, resolution and the flat output; one table row, median of `runs` after a
/// warm-up.
func phases(_ size: Int) {
    var read = Samples()
    var parse = Samples()
    var layer = Samples()
    var resolve = Samples()
    var output = Samples()
    for run in 0...runs {
        let start = now()
        let sources: [TokenSource]
        do {
            sources = [
                try TokenSource(contentsOfFile: tokensPath(size)), try TokenSource(contentsOfFile: themePath(size)),
            ]
        } catch {
            fail("cannot read the \(label(size)) set; run `theme-bench generate` first")
        }
        let loaded = now()
        var parsed: UInt64 = 0
        var layered: UInt64 = 0
        guard
            let theme = try? ResolvedTheme.resolve(
                sources,
                after: { stage in
                    switch stage {
                    case .parsed: parsed = now()
                    case .layered: layered = now()
                    }
                })
        else { fail("the \(label(size)) set does not resolve") }
        let resolved = now()
        let bytes = theme.flatJSON()
        let written = now()
        guard run > 0, !bytes.isEmpty else { continue }
        read.add(loaded - start)
        parse.add(parsed - loaded)
        layer.add(layered - parsed)
        resolve.add(resolved - layered)
        output.add(written - resolved)
    }
    say(
        "| \(label(size)) | \(read.summary) | \(parse.summary) | \(layer.summary) | \(resolve.summary) | \(output.summary) |"
    )
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
        fail("the bundled defaults with \(themeFile) do not resolve into every bundled component's styles")
    }
    var resolveTimes = Samples()
    var styleTimes = Samples()
    var totals = Samples()
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
    say(
        "In process: bundled defaults + \(themeFile), resolved, then `Theme(resolved)`: every bundled component's styles (\(step.propertyCount) properties); ms, median (fastest–slowest) of \(inProcessRuns) runs; target ≤ 0.5 ms in all:"
    )
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
    say("| size | read | parse | layering | resolution | flat output |")
    say("|---|---|---|---|---|---|")
    for size in sizes { phases(size) }
case "check":
    guard let text = options["size"] else { fail("check needs --size") }
    check(size(Substring(text)))
case "in-process":
    inProcess()
    formSwitchBenchmark()
    schemaBenchmark()
case "permutations":
    permutationsBenchmark()
case "all":
    // Generated in a child: Linux carries a process's peak RSS across exec into the children it spawns, so
    // generating the 100k set here would inflate every peak measured below.
    let missing = sizes.filter { !fileExists(tokensPath($0)) || !fileExists(themePath($0)) }
    if !missing.isEmpty {
        let child = runChild(
            [ownExecutable(), "generate", "--sizes", missing.map(label).joined(separator: ","), "--dir", directory],
            output: nil)
        guard child.status == 0 else { fail("generating the token sets failed") }
    }
    wholeProcess()
    inProcess()
    formSwitchBenchmark()
    schemaBenchmark()
    permutationsBenchmark()
default:
    fail("unknown command '\(command)'; see the comment at the top of main.swift")
}
