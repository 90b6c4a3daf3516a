import Testing

@testable import DesignTokens

@Suite("Layering token files")
struct LayeringTests {
    @Test("a later file's token wins, and the location points into the later file")
    func laterFileWins() throws {
        let theme = try ResolvedTheme.resolve([
            try fixture("layering/base.json"), try fixture("layering/good-theme.json"),
        ])
        #expect(theme.diagnostics.isEmpty)
        #expect(theme.color("theme.color.border.danger")?.hex == "#ff0000")
        #expect(theme["theme.color.border.danger"]?.location.description == "Fixtures/layering/good-theme.json:8:30")
        #expect(theme["theme.color.border.danger"]?.aliasChain == [])
        #expect(theme["theme.color.border.danger"]?.writtenValue == .string("#ff0000"))
    }

    @Test("the base wins where the theme says nothing")
    func baseKeptWhereNotOverridden() throws {
        let base = try ResolvedTheme.resolve([try fixture("layering/base.json")])
        let themed = try ResolvedTheme.resolve([
            try fixture("layering/base.json"), try fixture("layering/good-theme.json"),
        ])
        #expect(themed.color("palette.red") == base.color("palette.red"))
        #expect(themed.paths == base.paths)
    }

    @Test("an override keeps the base's $type and $description when the theme omits them")
    func overrideKeepsTypeAndDescription() throws {
        let theme = try ResolvedTheme.resolve([
            try fixture("layering/base.json"), try fixture("layering/good-theme.json"),
        ])
        // palette.blue is overridden by a file with no $type anywhere on its path.
        #expect(theme["palette.blue"]?.type == .color)
        #expect(theme.color("palette.blue")?.hex == "#3377ff")
        #expect(theme["theme.color.border.brand"]?.description == "Brand border.")
        #expect(theme["theme.color.border.danger"]?.description == "Theme danger.")
    }

    @Test("an override may change the $type")
    func overrideChangesType() throws {
        let theme = try ResolvedTheme.resolve([
            source(#"{"gap": {"$type": "number", "$value": 4}}"#, name: "base.json"),
            source(#"{"gap": {"$type": "dimension", "$value": "4px"}}"#, name: "theme.json"),
        ])
        #expect(theme["gap"]?.type == .dimension)
        #expect(theme.dimension("gap") == .init(4, .px))
    }

    @Test("late binding: a theme that overrides a primitive changes every alias of it in the base")
    func lateBinding() throws {
        let theme = try ResolvedTheme.resolve([
            try fixture("layering/base.json"), try fixture("layering/good-theme.json"),
        ])
        #expect(theme.color("theme.color.border.brand")?.hex == "#3377ff")
        #expect(theme["theme.color.border.brand"]?.aliasChain == ["palette.blue"])
    }

    @Test("a theme token with no counterpart below is an unmatched-override warning, with the near path suggested")
    func unmatchedOverride() throws {
        let theme = try ResolvedTheme.resolve([
            try fixture("layering/base.json"), try fixture("layering/bad-typo-theme.json"),
        ])
        try #require(theme.diagnostics.count == 2)
        expectDiagnostic(
            theme.diagnostics[0], .warning, .unmatchedOverride, token: "theme.color.border.brnad",
            at: "Fixtures/layering/bad-typo-theme.json:5:9",
            "theme.color.border.brnad does not override any token of the layers below; did you mean theme.color.border.brand?"
        )
        #expect(theme.diagnostics[0].notes.isEmpty)
        expectDiagnostic(
            theme.diagnostics[1], .warning, .unmatchedOverride, token: "theme.color.border.chip",
            at: "Fixtures/layering/bad-typo-theme.json:6:9",
            "theme.color.border.chip does not override any token of the layers below; if it is meant as a new token, nothing needs to change"
        )
        #expect(theme.diagnostics[1].notes.isEmpty)
        // The added tokens exist, typed by the base's group, and the real token is untouched.
        #expect(theme.color("theme.color.border.brnad")?.hex == "#ff00ff")
        #expect(theme.color("theme.color.border.brand")?.hex == "#0055ff")
    }

    @Test("tokens of the first file, and overrides of tokens a middle layer added, are not unmatched")
    func noUnmatchedOverride() throws {
        let theme = try ResolvedTheme.resolve([
            try fixture("layering/base.json"),
            source(#"{"extra": {"$type": "number", "$value": 1}}"#, name: "middle.json"),
            source(#"{"extra": {"$value": 2}}"#, name: "top.json"),
        ])
        #expect(theme.diagnostics.map(\.rule) == [.unmatchedOverride])
        #expect(theme.diagnostics.first?.location?.file == "middle.json")
        #expect(theme.number("extra") == 2)
    }

    @Test("a base set split over several files adds tokens freely; only a theme's new tokens are unmatched")
    func baseFilesAddTokens() throws {
        var second = source(
            #"{"more": {"$type": "number", "a": {"$value": 1}, "b": {"$value": 2}}}"#, name: "more.json")
        second.role = .base
        let theme = source(#"{"more": {"c": {"$value": 3}}}"#, name: "theme.json")
        let resolved = try ResolvedTheme.resolve([try fixture("layering/base.json"), second, theme])
        #expect(resolved.diagnostics.map(\.tokenPath) == ["more.c"])
        #expect(resolved.number("more.b") == 2)
    }

    @Test("diagnostics are ordered by file in layer order, then line and column")
    func diagnosticOrder() throws {
        let base = source(
            "{\n  \"a\": {\"$type\": \"number\", \"$value\": \"{missing}\"},\n  \"b\": {\"$type\": \"number\", \"$value\": 1}\n}",
            name: "base.json")
        let theme = source(#"{"c": {"$type": "number", "$value": 1}}"#, name: "theme.json")
        let diagnostics = resolveFailure([base, theme])
        #expect(diagnostics.map(\.rule) == [.unresolvedReference, .unmatchedOverride])
        #expect(diagnostics.map { $0.location?.file } == ["base.json", "theme.json"])
    }

    // MARK: $extends

    @Test("$extends copies the tokens of a group; a local token wins; chains of $extends are followed")
    func extends() throws {
        let theme = try ResolvedTheme.resolve([try fixture("layering/extends.json")])
        #expect(theme.diagnostics.isEmpty)
        #expect(theme.color("button-primary.fg")?.hex == "#ffffff")
        #expect(theme["button-primary.fg"]?.type == .color)
        #expect(theme.color("button-primary.bg")?.hex == "#0055ff")
        #expect(theme.dimension("button-primary.border.width") == .init(1, .px))
        #expect(theme.color("button-danger.bg")?.hex == "#0055ff")
        #expect(theme.color("button-danger.fg")?.hex == "#ffeeee")
        #expect(theme.dimension("button-danger.border.width") == .init(1, .px))
        #expect(
            Set(theme.paths) == [
                "button.bg", "button.fg", "button.border.width",
                "button-primary.bg", "button-primary.fg", "button-primary.border.width",
                "button-danger.bg", "button-danger.fg", "button-danger.border.width",
            ])
    }

    @Test("a theme can extend a group of the base file")
    func extendsAcrossFiles() throws {
        let theme = try ResolvedTheme.resolve([
            try fixture("layering/extends.json"),
            source(
                ##"{"button-ghost": {"$extends": "{button}", "bg": {"$type": "color", "$value": "#00000000"}}}"##,
                name: "theme.json"),
        ])
        #expect(theme.color("button-ghost.fg")?.hex == "#ffffff")
        #expect(theme.color("button-ghost.bg")?.hex == "#00000000")
    }

    @Test(
        "$extends errors name the group and point at the $extends value",
        arguments: [
            (
                #"{"base": {"$type": "number", "a": {"$value": 1}}, "copy": {"$extends": "{base.a}", "b": {"$type": "number", "$value": 2}}}"#,
                "tokens.json:1:72", "copy", "$extends must name a group, but base.a is a token"
            ),
            (
                #"{"button": {"$type": "number", "a": {"$value": 1}}, "copy": {"$extends": "{buton}", "b": {"$type": "number", "$value": 2}}}"#,
                "tokens.json:1:74", "copy", "$extends names buton, which is not a group; did you mean {button}?"
            ),
            (
                #"{"button": {"$type": "number", "a": {"$value": 1}}, "copy": {"$extends": "{nothing.like.it}", "b": {"$type": "number", "$value": 2}}}"#,
                "tokens.json:1:74", "copy", "$extends names nothing.like.it, which is not a group"
            ),
            (
                #"{"button": {"$type": "number", "a": {"$value": 1}}, "copy": {"$extends": "button", "b": {"$type": "number", "$value": 2}}}"#,
                "tokens.json:1:74", "copy",
                ##"$extends must be a reference to a group, such as "{button}" or "#/button"; found "button""##
            ),
            (
                #"{"button": {"$type": "number", "a": {"$value": 1}}, "copy": {"$extends": 5, "b": {"$type": "number", "$value": 2}}}"#,
                "tokens.json:1:74", "copy",
                ##"$extends must be a reference to a group, such as "{button}" or "#/button""##
            ),
            (
                #"{"btn-b": {"$type": "number", "x": {"$value": 1}}, "btn-a": {"$type": "number", "x": {"$value": 1}}, "copy": {"$extends": "{btn-c}", "y": {"$type": "number", "$value": 2}}}"#,
                "tokens.json:1:123", "copy", "$extends names btn-c, which is not a group; did you mean {btn-a}?"
            ),
            (
                #"{"a": {"$type": "number", "x": {"$value": 1}, "b": {"$extends": "{a}", "y": {"$value": 2}}}}"#,
                "tokens.json:1:65", "a.b", "group a.b cannot extend a, which contains it"
            ),
        ] as [(String, String, String, String)])
    func extendsErrors(json: String, location: String, group: String, message: String) throws {
        let diagnostics = resolveFailure(json)
        expectDiagnostic(
            try single(.invalidExtends, in: diagnostics), .error, .invalidExtends, token: group, at: location, message)
    }

    @Test("an $extends cycle is one error naming every group in it, with a note at each other group's $extends")
    func extendsCycle() throws {
        let diagnostics = resolveFailure(
            #"""
            {
              "a": {"$extends": "{b}", "x": {"$type": "number", "$value": 1}},
              "b": {"$extends": "{c}", "y": {"$type": "number", "$value": 2}},
              "c": {"$extends": "{a}", "z": {"$type": "number", "$value": 3}},
              "d": {"$extends": "{a}", "w": {"$type": "number", "$value": 4}}
            }
            """#)
        try #require(diagnostics.count == 1, "\(DiagnosticError(diagnostics))")
        expectDiagnostic(
            diagnostics[0], .error, .invalidExtends, token: "a", at: "tokens.json:2:21",
            "$extends forms a cycle: a → b → c → a")
        #expect(
            diagnostics[0].notes == [
                Diagnostic.Note("b extends {c} here", at: .init(file: "tokens.json", line: 3, column: 21)),
                Diagnostic.Note("c extends {a} here", at: .init(file: "tokens.json", line: 4, column: 21)),
            ])
    }

    @Test("the extending group starts from the target's $type and $deprecated")
    func extendsInheritsGroupProperties() throws {
        let theme = try ResolvedTheme.resolve([
            try fixture("layering/extends.json"),
            source(
                ##"{"button": {"$deprecated": "use button-primary"}, "button-outline": {"$extends": "{button}", "fg": {"$value": "#111111"}}}"##,
                name: "theme.json"),
        ])
        #expect(theme["button-outline.fg"]?.type == .color)
        #expect(theme.color("button-outline.fg")?.hex == "#111111")
        #expect(theme["button-outline.fg"]?.deprecation == .deprecated(reason: "use button-primary"))
        #expect(theme["button-outline.bg"]?.deprecation == .deprecated(reason: "use button-primary"))
    }

    // MARK: Tokens and groups across layers

    @Test("a theme token at a path the base uses as a group is one token-with-children error, at the token")
    func tokenUsedAsGroup() throws {
        let diagnostics = resolveFailure([
            source(
                "{\n  \"theme\": {\"border\": {\"$type\": \"color\", \"brand\": {\"$value\": \"#000000\"}, \"danger\": {\"$value\": \"#ff0000\"}}}\n}",
                name: "base.json"),
            source(##"{"theme": {"border": {"$type": "color", "$value": "#ffffff"}}}"##, name: "theme.json"),
        ])
        try #require(diagnostics.count == 1, "\(DiagnosticError(diagnostics))")
        expectDiagnostic(
            diagnostics[0], .error, .tokenWithChildren, token: "theme.border", at: "theme.json:1:12",
            "theme.border is a token, but theme.border.brand (in base.json) makes it a group; a token cannot contain tokens"
        )
        #expect(
            diagnostics[0].notes == [
                Diagnostic.Note("theme.border.brand is defined here", at: .init(file: "base.json", line: 2, column: 42))
            ])
    }
}

@Suite("$extends: chains, empty groups and bounds")
struct ExtendsChainTests {
    @Test("a group that only extends another can itself be extended, and a cycle of such groups is a cycle")
    func emptyExtendingGroups() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {"g0": {"$type": "number", "a": {"$value": 1}}, "g1": {"$extends": "{g0}"}, "g2": {"$extends": "{g1}"}}
                """#, name: "tokens.json")
        ])
        #expect(theme.number("g2.a") == 1)
        let diagnostics = resolveFailure(#"{"g1": {"$extends": "{g2}"}, "g2": {"$extends": "{g1}"}}"#)
        #expect(diagnostics.map(\.message) == ["$extends forms a cycle: g1 → g2 → g1"])
    }

    /// `C` extends `A.sub`, into which `A`'s own `$extends` copies `B.sub`: `A` must be complete first, though `C`
    /// is written first.
    @Test("a group extending a group that an enclosing $extends fills gets what that $extends copies, and its type")
    func extendsIntoAGroupAnotherFills() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "C": {"$extends": "{A.sub}", "own": {"$type": "number", "$value": 0}},
                  "A": {"$extends": "{B}", "sub": {"x": {"$value": "#111111"}}},
                  "B": {"$type": "color", "sub": {"w": {"$value": "#222222"}}}
                }
                """#, name: "tokens.json")
        ])
        #expect(theme.color("C.w")?.hex == "#222222")
        #expect(theme.color("C.x")?.hex == "#111111")
        #expect(theme.color("A.sub.w")?.hex == "#222222")
    }

    @Test("a token copied from a group whose $type is not a string is not also reported as untyped")
    func copiedUnderInvalidType() {
        let diagnostics = resolveFailure(#"{"g": {"$type": 5, "a": {"$value": 1}}, "h": {"$extends": "{g}"}}"#)
        #expect(diagnostics.map(\.rule) == [.invalidToken], "\(DiagnosticError(diagnostics))")
    }

    @Test("a chain of 1,000 groups, each extending the one before, gives the last every token of the first")
    func longChain() throws {
        var groups = [#""g0": {"$type": "number", "a": {"$value": 1}, "b": {"$value": 2}}"#]
        for index in 1..<1_000 {
            groups.append(#""g\#(index)": {"$extends": "{g\#(index - 1)}", "c\#(index)": {"$value": \#(index)}}"#)
        }
        let theme = try ResolvedTheme.resolve([source("{" + groups.joined(separator: ", ") + "}", name: "tokens.json")])
        #expect(theme.number("g999.a") == 1)
        #expect(theme.number("g999.c1") == 1)
        #expect(theme.number("g999.c999") == 999)
    }

    /// Thirty groups, each with two subgroups that extend the group before, would define 2^31 tokens.
    @Test("$extends that would add more than the bound stops with an error naming the group")
    func bounded() {
        var groups = [#""g0": {"$type": "number", "a": {"$value": 1}}"#]
        for index in 1...30 {
            groups.append(
                #""g\#(index)": {"l": {"$extends": "{g\#(index - 1)}"}, "r": {"$extends": "{g\#(index - 1)}"}}"#)
        }
        let diagnostics = resolveFailure("{" + groups.joined(separator: ", ") + "}")
        #expect(
            diagnostics.contains {
                $0.rule == .invalidExtends && $0.message.contains("would add more than 1000000 tokens")
            })
    }

    /// Sixteen doublings of a 10 KB string are 65,536 copies, 640 MiB of values, far fewer than a million tokens.
    @Test("$extends that would copy more than the bound of written values stops with an error naming the group")
    func boundedValues() {
        var groups = [#""b0": {"x": {"$type": "string", "$value": "\#(String(repeating: "s", count: 10_000))"}}"#]
        for index in 1...16 {
            groups.append(
                #""b\#(index)": {"p": {"$extends": "{b\#(index - 1)}"}, "q": {"$extends": "{b\#(index - 1)}"}}"#)
        }
        let diagnostics = resolveFailure("{" + groups.joined(separator: ", ") + "}")
        let bound = diagnostics.filter { $0.rule == .invalidExtends }
        #expect(
            bound.map(\.message) == ["$extends would add more than 64 MiB of values to the set; b12.q copies no more"])
        #expect(bound.first?.tokenPath == "b12.q")
    }
}
