import Testing
import ThemeEngineTestSupport
import TokenSetGenerator

@testable import DesignTokens

/// Permutations resolved incrementally (``ThemeResolver`` reusing the last theme) come out exactly as resolved from
/// scratch: every token, value, type, alias chain and diagnostic, in any order of switching.
@Suite("Incremental resolution")
struct IncrementalResolutionTests {
    /// The theme a permutation resolves to from scratch, through the public one-stack API.
    static func fromScratch(_ document: ResolverDocument, _ input: [String: String]) -> Result<
        ResolvedTheme, DiagnosticError
    > {
        Result { () throws(DiagnosticError) in try ResolvedTheme.resolve(try document.sources(for: input)) }
    }

    /// Resolves `inputs` in order with one resolver and checks each against a resolution from scratch: its tokens,
    /// diagnostics, and outputs, each written after the one before as `--all` writes them (copying the entries it
    /// writes unchanged, ``EarlierOutput``); with `comparingOutputs` false, only the flat output, written alone.
    /// Returns how many entries the outputs copied.
    @discardableResult
    static func expectSameAsFromScratch(
        _ resolver: inout ThemeResolver, _ inputs: [[String: String]], comparingOutputs: Bool = true,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Int {
        var (treeMemo, aliasesMemo, flatMemo) = (
            EarlierOutput(recording: true), EarlierOutput(recording: true), EarlierOutput(recording: true)
        )
        var copied = 0
        for input in inputs {
            let incremental = Result { () throws(DiagnosticError) in try resolver.resolve(input) }
            let scratch = fromScratch(resolver.document, input)
            switch (incremental, scratch) {
            case (.success(let theme), .success(let expected)):
                #expect(theme.tokens == expected.tokens, "tokens of \(input)", sourceLocation: sourceLocation)
                #expect(
                    theme.diagnostics == expected.diagnostics, "diagnostics of \(input)", sourceLocation: sourceLocation
                )
                guard comparingOutputs else {
                    #expect(
                        theme.flatJSON() == expected.flatJSON(), "flat output of \(input)",
                        sourceLocation: sourceLocation)
                    continue
                }
                let tree = OutputSink.collect { (sink) throws(FileSystem.Failure) in
                    try theme.writeTreeJSON(to: &sink, earlier: &treeMemo)
                }
                let treeWithAliases = OutputSink.collect { (sink) throws(FileSystem.Failure) in
                    try theme.writeTreeJSON(to: &sink, keepingAliases: true, earlier: &aliasesMemo)
                }
                let flatOutput = OutputSink.collect { (sink) throws(FileSystem.Failure) in
                    try theme.writeFlatJSON(to: &sink, earlier: &flatMemo)
                }
                copied += treeMemo.copiedEntries + aliasesMemo.copiedEntries + flatMemo.copiedEntries
                // As text, so that a difference reads as one.
                func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
                #expect(text(tree) == text(expected.treeJSON()), "tree of \(input)", sourceLocation: sourceLocation)
                #expect(
                    text(treeWithAliases) == text(expected.treeJSON(keepingAliases: true)),
                    "tree with aliases of \(input)", sourceLocation: sourceLocation)
                #expect(
                    text(flatOutput) == text(expected.flatJSON()), "flat output of \(input)",
                    sourceLocation: sourceLocation)
            case (.failure(let error), .failure(let expected)):
                #expect(error.diagnostics == expected.diagnostics, "errors of \(input)", sourceLocation: sourceLocation)
            default:
                Issue.record(
                    "\(input): incremental \(incremental), from scratch \(scratch)", sourceLocation: sourceLocation)
            }
        }
        return copied
    }

    /// A folder holding `files`, with a resolver document, read.
    static func resolver(_ files: [(name: String, bytes: [UInt8])], document: String? = nil) throws -> (
        ThemeResolver, TemporaryDirectory
    ) {
        let directory = try TemporaryDirectory()
        for file in files { try directory.create(file.name, file.bytes) }
        if let document { try directory.create("themes.resolver.json", Array(document.utf8)) }
        return (try ThemeResolver(contentsOfFile: directory.path + "/themes.resolver.json"), directory)
    }

    @Test("every permutation of a generated system, in order and shuffled, equals the naive resolution")
    func generatedSystem() throws {
        let system = PermutedSystem(count: 1_500)
        var (resolver, directory) = try Self.resolver(system.files())
        defer { directory.remove() }
        #expect(resolver.document.permutationCount == 20)
        for input in system.permutations {
            let theme = try resolver.resolve(input)
            #expect(theme.flatJSON() == system.set.expectedFlatJSON(over: system.overrides(for: input)), "\(input)")
        }
        // In the document's order, as `--all` writes them: most entries are copied from the output before.
        let copied = Self.expectSameAsFromScratch(&resolver, system.permutations)
        #expect(copied > 3 * system.set.base.count * (system.permutations.count - 1) / 2)
        // Jumping about: every modifier changing at once, back and forth.
        var random = SplitMix64(seed: 7)
        var shuffled = system.permutations
        for index in shuffled.indices.reversed() { shuffled.swapAt(index, random.below(index + 1)) }
        Self.expectSameAsFromScratch(&resolver, shuffled + shuffled.reversed())
    }

    @Test("every permutation of the bundled resolver document, switched in every order, equals from scratch")
    func bundledDocument() throws {
        var resolver = try ThemeResolver(contentsOfFile: repositoryRoot + "/Themes/themes.resolver.json")
        let all = try resolver.document.permutations()
        Self.expectSameAsFromScratch(&resolver, all + all.reversed() + [all[0], all[3], all[1], all[2], all[0]])
        let darkHigh = try resolver.resolve(["mode": "dark", "contrast": "high"])
        #expect(darkHigh.color("theme.color.foreground.default")?.hex == "#ffffff")
        #expect(darkHigh.color("theme.color.background.surface-1")?.hex == "#0d0e11")
    }

    static let base = ##"""
        {"color": {"$type": "color",
          "ink": {"$value": "#111111"},
          "text": {"$value": "{color.ink}"},
          "border": {"$value": "{brand.accent}"},
          "pair": {"$type": "border", "$value": {"color": "{color.text}", "width": {"value": 1, "unit": "px"}, "style": "solid"}}},
         "size": {"$type": "dimension", "gap": {"$value": "{color.ink}"}, "pad": {"$value": {"value": 4, "unit": "px"}}}}
        """##

    /// Contexts that add tokens base tokens refer to, change a group's type, extend groups, fail, and warn.
    static let document = ##"""
        {"version": "2025.10",
         "sets": {"base": {"sources": [{"$ref": "base.json"}]}},
         "modifiers": {
           "brand": {"contexts": {
             "one": [{"brand": {"accent": {"$type": "color", "$value": "#0000ff"}}}],
             "two": [{"brand": {"accent": {"$type": "color", "$value": "{color.ink}"}, "extra": {"$type": "number", "$value": 2}}}],
             "broken": [{"brand": {"accent": {"$type": "color", "$value": "{color.missing}"}}}]},
             "default": "one"},
           "mode": {"contexts": {
             "light": [],
             "dark": [{"color": {"ink": {"$value": "#eeeeee"}}}],
             "retyped": [{"size": {"$type": "color", "gap": {"$value": "{color.ink}"}}}],
             "extended": [{"copy": {"$extends": "{color}", "ink": {"$value": "#222222"}}}]},
             "default": "light"}},
         "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/brand"}, {"$ref": "#/modifiers/mode"}]}
        """##

    @Test("contexts that add referred-to tokens, retype a group, extend, fail or warn resolve as from scratch")
    func edgeCases() throws {
        var (resolver, directory) = try Self.resolver([("base.json", Array(Self.base.utf8))], document: Self.document)
        defer { directory.remove() }
        let brands = ["one", "two", "broken"]
        let modes = ["light", "dark", "retyped", "extended"]
        let all = brands.flatMap { brand in modes.map { ["brand": brand, "mode": $0] } }
        Self.expectSameAsFromScratch(&resolver, all + all.reversed() + all.filter { $0["mode"] == "dark" } + all)
        // The base warns that size.gap, in a group of dimensions, is a colour: every permutation says so.
        let theme = try resolver.resolve(["mode": "dark"])
        #expect(theme.diagnostics.map(\.rule) == [.typeMismatch])
    }

    @Test("diagnostics at one place (a token and its $extends copy) come in the same order as from scratch")
    func tiesAtOnePlace() throws {
        let base = ##"""
            {"color": {"$type": "color",
               "wide": {"$type": "color", "$value": {"colorSpace": "display-p3", "components": [0, 1, 0]}}},
             "copy": {"$type": "color", "$extends": "{color}"}}
            """##
        let document = ##"""
            {"sets": {"base": {"sources": [{"$ref": "base.json"}]}},
             "modifiers": {"mode": {"contexts": {"light": [], "retyped": [{"color": {"$type": "dimension"}}]}, "default": "light"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/mode"}]}
            """##
        var (resolver, directory) = try Self.resolver([("base.json", Array(base.utf8))], document: document)
        defer { directory.remove() }
        Self.expectSameAsFromScratch(&resolver, [["mode": "light"], ["mode": "retyped"], ["mode": "light"]])
    }

    @Test("a permutation past the bound on values built from references blames the token resolving from scratch blames")
    func boundBlamesAsFromScratch() throws {
        let zeros = Array(repeating: "0", count: 300_000).joined(separator: ",")
        let copies = (1...11).map { ##""u\##($0)": {"$value": ["{big}", "{big}", "{big}"]}"## }.joined(separator: ", ")
        let base =
            ##"{"$type": "x-blob", "first": {"$value": ["{sel}", "{sel}", "{sel}"]}, "## + copies
            + ##", "big": {"$value": ["## + zeros + "]}}"
        let document = ##"""
            {"sets": {"base": {"sources": [{"$ref": "base.json"}]}},
             "modifiers": {"size": {"contexts": {
               "small": [{"sel": {"$type": "x-blob", "$value": [0]}}],
               "large": [{"sel": {"$type": "x-blob", "$value": "{big}"}}]}, "default": "small"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/size"}]}
            """##
        var (resolver, directory) = try Self.resolver([("base.json", Array(base.utf8))], document: document)
        defer { directory.remove() }
        // The values hold a million numbers: one output of each theme is enough.
        Self.expectSameAsFromScratch(&resolver, [["size": "small"], ["size": "large"]], comparingOutputs: false)
    }

    @Test("Tokens Studio colour modifiers, their amounts and mix colours by reference, switch as from scratch")
    func colorModifiers() throws {
        let base = ##"""
            {"c": {"$type": "color",
               "brand": {"$value": "#3366cc"},
               "white": {"$value": "#ffffff"},
               "hover": {"$value": "{c.brand}", "$extensions": {"studio.tokens": {"modify": {"type": "darken", "value": "{amount}", "space": "lch"}}}},
               "soft": {"$value": "{c.brand}", "$extensions": {"studio.tokens": {"modify": {"type": "mix", "value": 0.5, "space": "srgb", "color": "{c.white}"}}}},
               "alias": {"$value": "{c.hover}"}},
             "amount": {"$type": "number", "$value": 0.2}}
            """##
        let document = ##"""
            {"sets": {"base": {"sources": [{"$ref": "base.json"}]}},
             "modifiers": {"mode": {"contexts": {
               "light": [],
               "dark": [{"c": {"brand": {"$value": "#99bbff"}, "white": {"$value": "#000000"}}}],
               "strong": [{"amount": {"$value": 0.5}}]}, "default": "light"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/mode"}]}
            """##
        var (resolver, directory) = try Self.resolver([("base.json", Array(base.utf8))], document: document)
        defer { directory.remove() }
        let modes = [
            ["mode": "light"], ["mode": "dark"], ["mode": "strong"], ["mode": "light"], ["mode": "strong"],
            ["mode": "dark"],
        ]
        Self.expectSameAsFromScratch(&resolver, modes)
        let light = try resolver.resolve(["mode": "light"])
        let strong = try resolver.resolve(["mode": "strong"])
        #expect(light.color("c.alias") == light.color("c.hover"))
        #expect(light.color("c.hover") != strong.color("c.hover"))
    }

    @Test(
        "a colour modifier written in a lower file than the value changes the value when only the modifier's file changes"
    )
    func modifierUnderTheValue() throws {
        let document = ##"""
            {"sets": {"base": {"sources": [{"c": {"$type": "color", "$value": "#000000"}, "d": {"$type": "color", "$value": "{c}"}}]}},
             "modifiers": {"m": {"contexts": {
               "a": [{"c": {"$value": "#000000", "$extensions": {"studio.tokens": {"modify": {"type": "lighten", "value": "0.5", "space": "srgb"}}}}}],
               "b": [{"c": {"$value": "#000000"}}]}, "default": "a"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/m"},
               {"type": "set", "name": "top", "sources": [{"c": {"$value": "#336699"}}]}]}
            """##
        var (resolver, directory) = try Self.resolver([], document: document)
        defer { directory.remove() }
        Self.expectSameAsFromScratch(&resolver, [["m": "a"], ["m": "b"], ["m": "a"]])
        let plain = try resolver.resolve(["m": "b"])
        #expect(plain.color("c")?.hex == "#336699")
        #expect(plain.color("d")?.hex == "#336699")
    }

    @Test("a theme resolved under another reading policy is not reused: strict refuses what lenient read silently")
    func policySwitch() throws {
        var (resolver, directory) = try Self.resolver([("base.json", Array(Self.base.utf8))], document: Self.document)
        defer { directory.remove() }
        let lenient = try resolver.resolve(["mode": "dark"])
        #expect(!lenient.diagnostics.contains { $0.rule == .nonConforming })
        let strict = Result { () throws(DiagnosticError) in try resolver.resolve(["mode": "light"], policy: .strict) }
        let expected = Result { () throws(DiagnosticError) in
            try ResolvedTheme.resolve(try resolver.document.sources(for: ["mode": "light"]), policy: .strict)
        }
        guard case .failure(let error) = strict, case .failure(let scratch) = expected else {
            Issue.record("strict resolved: \(strict), from scratch \(expected)")
            return
        }
        #expect(error.diagnostics.contains { $0.rule == .nonConforming && $0.severity == .error })
        #expect(error.diagnostics == scratch.diagnostics)
    }

    @Test("switching one context re-resolves only the tokens it reaches")
    func reusesTheRest() throws {
        var (resolver, directory) = try Self.resolver([("base.json", Array(Self.base.utf8))], document: Self.document)
        defer { directory.remove() }
        let light = try resolver.resolve(["mode": "light"])
        let dark = try resolver.resolve(["mode": "dark"])
        // Dark adds no token: every id is shared.
        let reused = ReusedResolution(light, for: dark.layers, sharing: .init(tokens: light.count, nodes: 1, files: 2))
        // color.ink changed: it and the tokens that reach it are resolved again; color.border (brand one's accent
        // is a literal), size.pad and brand.accent are not.
        let again = (0..<dark.count).filter { reused.reuse[$0] != .result }.map { dark.layers.path($0) }.sorted()
        #expect(again == ["color.ink", "color.pair", "color.text", "size.gap"])
    }

    /// A base that refers to a token two files add, `f` adding `x.a` and `g` adding `y.b`: stacked in other
    /// orders over the base, `x.a` in one set is at the node numbers `y.b` has in the other.
    private enum Crossed {
        static let base = file(#"{"t": {"$type": "color", "$value": "{x.a}"}}"#, "base.json")
        static let f = file(##"{"x": {"a": {"$type": "color", "$value": "#111111"}}}"##, "f.json")
        static let g = file(##"{"y": {"b": {"$type": "color", "$value": "#222222"}}}"##, "g.json")

        static func file(_ json: String, _ name: String) -> TokenFile { TokenFile.parse(source(json, name: name)) }
    }

    @Test("tokens two stacks add past their shared base are matched by path, though they sit at the same node numbers")
    func tokensPastTheSharedBase() throws {
        // Only the second stack changes `x.a`.
        let (base, f, g) = (Crossed.base, Crossed.f, Crossed.g)
        let h = Crossed.file(##"{"x": {"a": {"$value": "#333333"}}}"##, "h.json")
        var snapshot = TokenLayers()
        snapshot.stack(base)
        var first = snapshot
        var second = snapshot
        for file in [f, g] { first.stack(file) }
        for file in [g, f, h] { second.stack(file) }
        first.finish()
        second.finish()
        let previous = try ResolvedTheme.resolve(first, policy: .lenient)
        let reused = try ResolvedTheme.resolve(second, reusing: previous, sharing: .init(snapshot), policy: .lenient)
        #expect(previous.color("t")?.hex == "#111111")
        #expect(reused.color("t")?.hex == "#333333")
        #expect(reused.tokens == (try ResolvedTheme.resolve(second, policy: .lenient)).tokens)
    }

    @Test("sets share path nodes only with sets grown from the same marked base, and match tokens past it by path")
    func sharedNodesOfACommonBase() throws {
        let (base, f, g) = (Crossed.base, Crossed.f, Crossed.g)
        var unmarked = TokenLayers()
        unmarked.stack(base)
        var marked = unmarked
        marked.markAsCommonBase()
        var markedAgain = unmarked
        markedAgain.markAsCommonBase()
        func grown(_ base: TokenLayers, _ files: [TokenFile]) -> TokenLayers {
            var layers = base
            for file in files { layers.stack(file) }
            layers.finish()
            return layers
        }
        let first = grown(marked, [f, g])
        let second = grown(marked, [g, f])
        #expect(first.sharedNodes(with: second) == marked.table.count)
        #expect(second.sharedNodes(with: first) == marked.table.count)
        #expect(grown(unmarked, [f, g]).sharedNodes(with: grown(unmarked, [g, f])) == 0)
        #expect(first.sharedNodes(with: grown(markedAgain, [g, f])) == 0)
        #expect(first.sharedNodes(with: grown(unmarked, [g, f])) == 0)

        let old = try ResolvedTheme.resolve(first, policy: .lenient)
        let new = try ResolvedTheme.resolve(second, policy: .lenient)
        let oldIDs = old.ids(matching: new)
        for id in 0..<new.count { #expect(old.path(of: oldIDs[id]) == new.path(of: id)) }
    }
}
