// `theme-bench permutations`: themes as permutations (a resolver document of 5 brands × 2 modes × 2 contrasts over
// a generated set, each context overriding 5 % of the tokens): all 20 permutations against one, in process and as
// whole processes.

import DesignTokens
import TokenSetGenerator

/// The folder of a size's permuted system.
func permutationsDirectory(_ size: Int) -> String { "\(directory)/permutations-\(label(size))" }

func resolverPath(_ size: Int) -> String { permutationsDirectory(size) + "/" + PermutedSystem.resolverFile }

/// Writes a size's permuted system (``PermutedSystem``) into its folder.
func generatePermutations(_ size: Int) {
    makeDirectory(directory)
    makeDirectory(permutationsDirectory(size))
    do {
        for file in PermutedSystem(count: size).files() {
            try writeAtomically(file.bytes, to: permutationsDirectory(size) + "/" + file.name)
        }
    } catch {
        fail("cannot write the permuted system into \(permutationsDirectory(size)): \(error.reason)")
    }
}

/// The ceilings of the permutation targets: all 20 permutations in at most this many times one permutation's time,
/// and, at 100k tokens, `--all` in at most 1 s.
let permutationRatioCeiling = 3.0
let allPermutationsCeiling: [Int: Double] = [100_000: 1_000]

/// Checks every permutation of each size against the naive resolution, then times one permutation and all of them,
/// in process and as whole processes; prints one table.
func permutationsBenchmark() {
    let binary = themeBinary()
    var rows: [String] = []
    var verdicts: [String] = []
    for size in sizes {
        if !fileExists(resolverPath(size)) { generatePermutations(size) }
        checkPermutations(size)
        let system = PermutedSystem(count: size)
        let first = system.permutations[0]

        // In process: one permutation from its files, against the resolver over all of them.
        var one = Samples()
        var all = Samples()
        for run in 0...runs {
            let start = now()
            guard let document = try? ResolverDocument(contentsOfFile: resolverPath(size)),
                let theme = try? ResolvedTheme.resolve(try document.sources(for: first))
            else { fail("the first permutation of the \(label(size)) system does not resolve") }
            let middle = now()
            guard var resolver = try? ThemeResolver(contentsOfFile: resolverPath(size)) else {
                fail("the \(label(size)) system does not read")
            }
            var count = 0
            for input in system.permutations {
                guard let permutation = try? resolver.resolve(input) else { fail("\(input) does not resolve") }
                count += permutation.count
            }
            let end = now()
            guard run > 0, theme.count > 0, count > 0 else { continue }
            one.add(middle - start)
            all.add(end - middle)
        }

        // Whole processes: `--input` for one, `--all --output-dir` for every one.
        let inputs = system.modifiers.flatMap { ["--input", "\($0.name)=\(first[$0.name]!)"] }
        var oneProcess = Samples()
        var allProcess = Samples()
        let outputDirectory = "\(directory)/output-permutations"
        for run in 0...runs {
            let single = runChild(
                [binary, "resolve", "--resolver", resolverPath(size)] + inputs, output: "\(directory)/output")
            let every = runChild(
                [binary, "resolve", "--resolver", resolverPath(size), "--all", "--output-dir", outputDirectory],
                output: nil)
            guard single.status == 0, every.status == 0 else {
                fail("theme resolve --resolver failed on the \(label(size)) system")
            }
            guard run > 0 else { continue }
            oneProcess.add(single.nanoseconds)
            allProcess.add(every.nanoseconds)
        }
        let ratio = all.median / one.median
        let processRatio = allProcess.median / oneProcess.median
        rows.append(
            "| \(label(size)) | \(one.summary) | \(all.summary) | \(fixed(ratio, 1))× | \(oneProcess.summary) | \(allProcess.summary) | \(fixed(processRatio, 1))× |"
        )
        verdicts.append(
            "\(label(size)) in process \(fixed(ratio, 1))× and whole process \(fixed(processRatio, 1))× of \(fixed(permutationRatioCeiling, 0))×"
        )
        if let ceiling = allPermutationsCeiling[size] {
            verdicts.append("--all at \(label(size)): \(milliseconds(allProcess.median)) of \(fixed(ceiling, 0)) ms")
        }
    }
    say("")
    say(
        "Themes as permutations (`theme-bench permutations`): a resolver document of 5 brands × 2 modes × 2 contrasts over the generated set, each context overriding 5 % of the tokens; every permutation checked against the naive resolution first. One permutation: its files read, parsed and resolved (`theme resolve --resolver … --input …`, JSON to a file). All: the 20, through one `ThemeResolver` (`--all --output-dir`, 20 JSON files and index.json). ms, median (fastest–slowest) of \(runs) runs after a warm-up."
    )
    say("")
    say("| size | one, in process | all 20, in process | ratio | one, whole process | all 20, whole process | ratio |")
    say("|---|---|---|---|---|---|---|")
    for row in rows { say(row) }
    say("")
    say("Targets: " + verdicts.joined(separator: "; "))
}

/// Resolves every permutation of a size's system through one resolver and compares each with the naive resolution.
func checkPermutations(_ size: Int) {
    let system = PermutedSystem(count: size)
    guard var resolver = try? ThemeResolver(contentsOfFile: resolverPath(size)) else {
        fail("the \(label(size)) system does not read")
    }
    for input in system.permutations {
        guard let theme = try? resolver.resolve(input) else { fail("\(input) does not resolve") }
        guard theme.flatJSON() == system.set.expectedFlatJSON(over: system.overrides(for: input)) else {
            fail("\(input) of the \(label(size)) system differs from the naive resolution")
        }
    }
}
