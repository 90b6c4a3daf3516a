import Testing

@testable import DesignTokens

@Suite("Token diff")
struct TokenDiffTests {
    private static let base = ##"""
        {
          "palette": {"$type": "color", "blue": {"$value": "#0055ff"}, "violet": {"$value": "#7c3aed"}, "white": {"$value": "#ffffff"}},
          "size": {"$type": "dimension", "thin": {"$value": "1px"}, "thick": {"$value": "2px"}},
          "brand": {"$type": "color", "$value": "{palette.blue}"},
          "focus": {"$type": "color", "$value": "{brand}"},
          "surface": {"$type": "color", "$value": "{palette.white}"},
          "outline": {"$type": "border", "$value": {"color": "{focus}", "width": "{size.thin}", "style": "solid"}},
          "glow": {"$type": "shadow", "$value": {"color": "{focus}", "offsetX": "0px", "offsetY": "0px", "blur": "4px", "spread": "1px"}}
        }
        """##

    private func diff(_ old: String, _ new: String) throws -> TokenDiff? {
        TokenDiff(
            from: try ResolvedTheme.resolve([source(Self.base), source(old, name: "old.json")]),
            to: try ResolvedTheme.resolve([source(Self.base), source(new, name: "new.json")]))
    }

    @Test("equal themes: nil")
    func equal() throws {
        #expect(try diff("{}", "{}") == nil)
        #expect(
            try diff(##"{"brand": {"$value": "{palette.violet}"}}"##, ##"{"brand": {"$value": "{palette.violet}"}}"##)
                == nil)
    }

    @Test("an edited primitive ripples down chains and into composites; each change names its edited source")
    func ripple() throws {
        let result = try #require(try diff("{}", ##"{"palette": {"blue": {"$value": "#0043ce"}}}"##))
        #expect(result.changed.map(\.path) == ["palette.blue", "brand", "focus", "outline", "glow"])
        #expect(result.changed.map(\.cause) == [.direct, .reference, .reference, .reference, .reference])
        #expect(
            result.changed.map(\.via) == [[], ["palette.blue"], ["palette.blue"], ["palette.blue"], ["palette.blue"]])
        #expect(result.changesValues)
        #expect(result.added.isEmpty && result.removed.isEmpty && result.rewired.isEmpty && result.renamed.isEmpty)
    }

    @Test("a re-pointed alias is an edit of that token; the tokens after it change through it")
    func repoint() throws {
        let result = try #require(try diff("{}", ##"{"brand": {"$value": "{palette.violet}"}}"##))
        #expect(
            result.changed.first
                == .init(
                    path: "brand", before: .color(try #require(.init(hex: "#0055ff"))),
                    after: .color(try #require(.init(hex: "#7c3aed"))),
                    cause: .direct, via: []))
        #expect(result.changed.dropFirst().allSatisfy { $0.cause == .reference && $0.via == ["brand"] })
    }

    @Test("aliases that share a value in the new theme are each compared with the value they had in the old one")
    func sharedSourceComparedPerPair() throws {
        // Old: brand and surface hold different values. New: both are aliases of palette.blue, so they share
        // one value, which equals brand's old value and not surface's.
        let result = try #require(
            try diff(
                ##"{"surface": {"$value": "{palette.white}"}}"##,
                ##"{"brand": {"$value": "{palette.blue}"}, "surface": {"$value": "{palette.blue}"}}"##))
        #expect(result.changed.map(\.path) == ["surface"])
        #expect(result.changed.first?.cause == .direct)
        #expect(result.rewired.isEmpty)
    }

    @Test("an alias rewired to an equal value is 'rewired', not changed, and does not count as a value change")
    func rewired() throws {
        let result = try #require(try diff("{}", ##"{"surface": {"$value": "#ffffff"}}"##))
        #expect(result.changed.isEmpty)
        #expect(
            result.rewired == [
                .init(
                    path: "surface", before: .string("{palette.white}"), after: .string("#ffffff"),
                    value: .color(try #require(.init(hex: "#ffffff"))))
            ])
        #expect(!result.changesValues)
    }

    @Test("a composite member edit is direct for the composite, and a composite's change lists every edited source")
    func composites() throws {
        let result = try #require(
            try diff(
                "{}",
                ##"""
                {"size": {"thin": {"$value": "3px"}}, "brand": {"$value": "{palette.violet}"}}
                """##))
        let outline = try #require(result.changed.first { $0.path == "outline" })
        #expect(outline.cause == .reference)
        #expect(outline.via == ["brand", "size.thin"])
        let glow = try #require(
            try diff(
                "{}",
                ##"""
                {"glow": {"$value": {"color": "{focus}", "offsetX": "0px", "offsetY": "0px", "blur": "4px", "spread": "2px"}}}
                """##))
        #expect(glow.changed.map(\.path) == ["glow"])
        #expect(glow.changed.first?.cause == .direct)
    }

    @Test("a removed and an added token with the same written value are a rename; ambiguous pairs are not")
    func renames() throws {
        let renamed = try #require(
            try diff(
                ##"{"accent": {"$type": "color", "$value": "{palette.blue}"}}"##,
                ##"{"highlight": {"$type": "color", "$value": "{palette.blue}"}}"##))
        #expect(renamed.renamed.map { [$0.from, $0.to] } == [["accent", "highlight"]])
        #expect(renamed.added.isEmpty && renamed.removed.isEmpty)

        let ambiguous = try #require(
            try diff(
                ##"{"accent": {"$type": "color", "$value": "#123456"}}"##,
                ##"{"one": {"$type": "color", "$value": "#123456"}, "two": {"$type": "color", "$value": "#123456"}}"##))
        #expect(ambiguous.renamed.isEmpty)
        #expect(ambiguous.added.map(\.path) == ["one", "two"])
        #expect(ambiguous.removed.map(\.path) == ["accent"])
    }

    @Test("a rename that also changed a literal inside the value is found by its references")
    func renameByReferences() throws {
        let result = try #require(
            try diff(
                ##"{"ring": {"$type": "border", "$value": {"color": "{focus}", "width": "1px", "style": "solid"}}}"##,
                ##"{"focus-ring": {"$type": "border", "$value": {"color": "{focus}", "width": "2px", "style": "solid"}}}"##
            ))
        #expect(result.renamed.map(\.to) == ["focus-ring"])
        #expect(result.renamed.first?.before != result.renamed.first?.after)
    }

    @Test("a token whose own $type changed, with the same written value, is edited, not changed via nothing")
    func typeChange() throws {
        let result = try #require(
            try diff(
                ##"{"level": {"$type": "number", "$value": 4}}"##, ##"{"level": {"$type": "fontWeight", "$value": 4}}"##
            ))
        #expect(result.changed.map(\.cause) == [.direct])
    }

    @Test("added and removed tokens carry their values")
    func addedRemoved() throws {
        let result = try #require(
            try diff(
                ##"{"old": {"$type": "number", "$value": 1}}"##, ##"{"new": {"$type": "dimension", "$value": "4px"}}"##)
        )
        #expect(result.added == [.init(path: "new", value: .dimension(.init(4, .px)))])
        #expect(result.removed == [.init(path: "old", value: .number(1))])
    }

    @Test("themes resolved as stacks of one base match their tokens as themes resolved alone do")
    func stacksShareTheirBase() throws {
        // Each side adds groups and tokens of its own past the base, and overrides some of the base's.
        let old = ##"{"extra": {"$type": "number", "one": {"$value": 1}}, "brand": {"$value": "{palette.violet}"}}"##
        let new = ##"""
            {"more": {"$type": "dimension", "gap": {"$value": "4px"}, "nested": {"pad": {"$value": "{size.thick}"}}},
             "extra": {"$type": "number", "two": {"$value": 2}}, "palette": {"blue": {"$value": "#0043ce"}}}
            """##
        let stacks = [
            [source(Self.base), source(old, name: "old.json")], [source(Self.base), source(new, name: "new.json")],
        ]
        let themes = try ResolvedTheme.resolve(stacks: stacks).map { try $0.get() }
        let fromStacks = try #require(TokenDiff(from: themes[0], to: themes[1]))
        #expect(fromStacks == (try diff(old, new)))
        #expect(fromStacks.added.map(\.path) == ["more.gap", "more.nested.pad", "extra.two"])
        #expect(fromStacks.removed.map(\.path) == ["extra.one"])
    }

    @Test("a side built past its errors, layered afresh, matches its tokens with the other side's by path")
    func stackBuiltPastErrors() throws {
        let old = ##"{"extra": {"$type": "number", "one": {"$value": 1}}}"##
        let new = ##"""
            {"broken": {"$type": "color", "$value": "{nowhere}"}, "more": {"$type": "number", "two": {"$value": 2}}}
            """##
        let policy = ReadingPolicy.lenient.keepingGoing
        let stacks = [
            [source(Self.base), source(old, name: "old.json")], [source(Self.base), source(new, name: "new.json")],
        ]
        let themes = try ResolvedTheme.resolve(stacks: stacks, policy: policy).map { try $0.get() }
        #expect(themes[1].leftOut == ["broken"])
        let alone = try stacks.map { try ResolvedTheme.resolve($0, policy: policy) }
        let diff = try #require(TokenDiff(from: themes[0], to: themes[1]))
        #expect(diff == TokenDiff(from: alone[0], to: alone[1]))
        #expect(diff.added.map(\.path) == ["more.two"])
        #expect(diff.removed.map(\.path) == ["extra.one"])
    }
}
