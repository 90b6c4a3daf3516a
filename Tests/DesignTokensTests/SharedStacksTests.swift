import Testing
import TokenSetGenerator

@testable import DesignTokens

/// Several stacks over a shared base (both sides of a diff) resolve as each stack alone does: the base layered
/// once and each theme reusing the last one's results change nothing in tokens, values, diagnostics or errors.
@Suite("Stacks resolved together")
struct SharedStacksTests {
    static let base = source(
        ##"""
        {"color": {"$type": "color",
          "ink": {"$value": "#111111"},
          "text": {"$value": "{color.ink}"},
          "accent": {"$value": "{brand.accent}"},
          "pair": {"$type": "border", "$value": {"color": "{color.text}", "width": {"value": 1, "unit": "px"}, "style": "solid"}}},
         "brand": {"accent": {"$type": "color", "$value": "#0055ff"}},
         "size": {"$type": "dimension", "gap": {"$value": {"value": 4, "unit": "px"}}, "pad": {"$value": "{size.gap}"}}}
        """##, name: "base.json")

    /// Themes over the base: two that change a primitive, written alike (the same nodes, other values), one that
    /// adds a token and re-points an alias, one with a warning, one that fails.
    static let themes: [String: TokenSource] = [
        "dark": source(##"{"color": {"ink": {"$value": "#eeeeee"}}}"##, name: "dark.json"),
        "dim": source(##"{"color": {"ink": {"$value": "#dddddd"}}}"##, name: "dim.json"),
        "adds": source(
            ##"{"color": {"text": {"$value": "{color.new}"}, "new": {"$value": "#00ff00"}}}"##, name: "adds.json"),
        "warns": source(
            ##"{"color": {"inc": {"$value": "#222222"}}, "size": {"gap": {"$value": {"value": 0.5, "unit": "em"}}}}"##,
            name: "warns.json"),
        "fails": source(##"{"size": {"pad": {"$value": "{size.missing}"}}}"##, name: "fails.json"),
    ]

    static func alone(_ stack: [TokenSource], policy: ReadingPolicy = .lenient) -> Result<
        ResolvedTheme, DiagnosticError
    > {
        Result { () throws(DiagnosticError) in try ResolvedTheme.resolve(stack, policy: policy) }
    }

    @Test(
        "each pair of stacks, in either order, resolves as each stack alone",
        arguments: ["dark", "dim", "adds", "warns", "fails"], [ReadingPolicy.lenient, .strict])
    func pairs(theme: String, policy: ReadingPolicy) throws {
        let others = Self.themes.keys.sorted().filter { $0 != theme }
        for other in others {
            let stacks = [
                [Self.base, Self.themes[theme]!], [Self.base, Self.themes[other]!], [Self.base],
                [Self.base, Self.themes[theme]!],
            ]
            let together = ResolvedTheme.resolve(stacks: stacks, policy: policy)
            #expect(together.count == stacks.count)
            for (stack, result) in zip(stacks, together) {
                let label = stack.map(\.name).joined(separator: " + ") + " (\(policy))"
                switch (result, Self.alone(stack, policy: policy)) {
                case (.success(let theme), .success(let expected)):
                    #expect(theme.tokens == expected.tokens, "\(label)")
                    #expect(theme.diagnostics == expected.diagnostics, "\(label)")
                    #expect(theme.flatJSON() == expected.flatJSON(), "\(label)")
                case (.failure(let error), .failure(let expected)):
                    #expect(error.diagnostics == expected.diagnostics, "\(label)")
                case (let together, let alone):
                    Issue.record("\(label): together \(together), alone \(alone)")
                }
            }
        }
    }

    @Test("a stack past the bound on texts built from references fails together as alone, after one that is not")
    func interpolationBound() throws {
        // t9 is 512 KiB of text built by doubling; 125 texts of it and t1…t9 stay under the 64 MiB all texts built
        // from references may hold; the theme's two more go past it.
        var tokens = [#""t0": {"$type": "string", "$value": "\#(String(repeating: "x", count: 1_024))"}"#]
        for level in 1...9 {
            tokens.append(#""t\#(level)": {"$type": "string", "$value": "{t\#(level - 1)}{t\#(level - 1)}"}"#)
        }
        for index in 0..<125 { tokens.append(#""u\#(index)": {"$type": "string", "$value": "-{t9}"}"#) }
        let base = source("{" + tokens.joined(separator: ", ") + "}", name: "base.json")
        let theme = source(
            #"{"v0": {"$type": "string", "$value": "-{t9}"}, "v1": {"$type": "string", "$value": "-{t9}"}}"#,
            name: "theme.json")
        let stacks = [[base], [base, theme]]
        let together = ResolvedTheme.resolve(stacks: stacks)
        #expect(throws: Never.self) { try together[0].get() }
        guard case .failure(let error) = together[1], case .failure(let expected) = Self.alone(stacks[1]) else {
            Issue.record("the second stack resolved: together \(together[1]), alone \(Self.alone(stacks[1]))")
            return
        }
        #expect(error.diagnostics == expected.diagnostics)
        #expect(
            error.diagnostics.contains { $0.message.contains("bytes past the \(Resolver.maximumInterpolatedBytes)") })
    }

    @Test(
        "one file in two roles is read in each as that role: a theme's unmatched overrides are reported, a base's not")
    func roles() throws {
        var asBase = Self.themes["warns"]!
        asBase.role = .base
        var asTheme = asBase
        asTheme.role = .theme
        for stacks in [[[Self.base, asTheme], [Self.base, asBase]], [[Self.base, asBase], [Self.base, asTheme]]] {
            for (stack, result) in zip(stacks, ResolvedTheme.resolve(stacks: stacks)) {
                #expect(try result.get().diagnostics == Self.alone(stack).get().diagnostics, "\(stack.map(\.role))")
            }
        }
        let theme = try Self.alone([Self.base, asTheme]).get()
        #expect(theme.diagnostics.contains { $0.rule == .unmatchedOverride })
    }

    @Test("random stacks of a generated system's files, resolved together, equal each resolved alone")
    func generatedStacks() throws {
        let system = PermutedSystem(count: 1_500)
        let files = system.files().filter { $0.name.hasSuffix(".json") && $0.name != PermutedSystem.resolverFile }
            .map { TokenSource(name: $0.name, bytes: $0.bytes) }
        let base = try #require(files.first { $0.name == PermutedSystem.baseFile })
        let contexts = files.filter { $0.name != PermutedSystem.baseFile }
        var random = SplitMix64(seed: 26)
        for _ in 0..<8 {
            // Two to four stacks, each the base and up to three contexts in any order.
            let stacks = (0..<(2 + random.below(3))).map { _ in
                [base] + (0..<random.below(4)).map { _ in contexts[random.below(contexts.count)] }
            }
            for (stack, result) in zip(stacks, ResolvedTheme.resolve(stacks: stacks)) {
                let expected = try Self.alone(stack).get()
                let theme = try result.get()
                #expect(theme.flatJSON() == expected.flatJSON(), "\(stack.map(\.name))")
                #expect(theme.diagnostics == expected.diagnostics, "\(stack.map(\.name))")
            }
        }
    }

    @Test("stacks that share no first source resolve as each alone")
    func nothingShared() throws {
        let stacks = [[Self.themes["dark"]!, Self.base], [Self.base, Self.themes["dark"]!]]
        for (stack, result) in zip(stacks, ResolvedTheme.resolve(stacks: stacks)) {
            let expected = try Self.alone(stack).get()
            #expect(try result.get().flatJSON() == expected.flatJSON())
            #expect(try result.get().diagnostics == expected.diagnostics)
        }
    }
}
