import Testing

@testable import DesignTokens

/// Values that Tokens Studio exports write and its own tools read: references to its untyped `other` tokens,
/// line heights as lengths, typography members left blank, a mix's colour kept on another kind of modifier, and
/// font families with their fallbacks. Each is read as Tokens Studio reads it, with the warning the reading policy
/// gives.
@Suite("Tokens Studio export values")
struct TokensStudioExportValueTests {
    /// The `non-conforming` messages of a resolved theme, without a legacy file's own.
    private func deviations(_ theme: ResolvedTheme) -> [String] {
        theme.diagnostics.filter { $0.rule == .nonConforming && $0.message != TokensStudioValueTests.legacyFileWarning }
            .map(\.message)
    }

    // MARK: other

    @Test("a typed token that refers to an other token reads its value as written in its place")
    func aliasOfOther() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "scale": {
                    "root": {"value": "16", "type": "other"},
                    "ratio": {"value": "1.25", "type": "other"}
                  },
                  "font": {
                    "base": {"value": "{scale.root}", "type": "fontSizes"},
                    "large": {"value": "round({font.base} * {scale.ratio})", "type": "fontSizes"},
                    "again": {"value": "{font.base}", "type": "fontSizes"}
                  }
                }
                """#)
        ])
        #expect(theme.dimension("font.base") == .init(16, .px))
        #expect(theme.dimension("font.large") == .init(20, .px))
        #expect(theme.dimension("font.again") == .init(16, .px))
        #expect(theme["font.base"]?.type == .dimension)
        #expect(theme.value("scale.root") == .custom(.string("16")))
        #expect(deviations(theme).isEmpty)
    }

    @Test("outside a Tokens Studio file, reading an other token's value as a typed one is a warning")
    func aliasOfOtherInDTCGFile() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "root": {"$value": "16px", "$type": "other"},
                  "size": {"$value": "{root}", "$type": "dimension"}
                }
                """#)
        ])
        #expect(theme.dimension("size") == .init(16, .px))
        #expect(
            deviations(theme) == [
                #"size: {root} is a Tokens Studio "other" token; its value "16px" read as a dimension: "16px"; refer to a dimension token"#
            ])
    }

    @Test(
        "a member of a known type that refers to an other token reads its value so too, with a warning outside a Tokens Studio file"
    )
    func memberOfOther() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "root": {"$value": "16px", "$type": "other"},
                  "text": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": "{root}", "fontWeight": 400, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.5}}
                }
                """#)
        ])
        guard case .typography(let text)? = theme.value("text") else {
            Issue.record("expected a typography")
            return
        }
        #expect(text.fontSize == .init(16, .px))
        #expect(
            deviations(theme) == [
                #"text (fontSize): {root} is a Tokens Studio "other" token; its value "16px" read as a dimension; refer to a dimension token"#
            ])
        let legacy = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "root": {"value": "16", "type": "other"},
                  "text": {"type": "typography", "value": {"fontFamily": "Inter", "fontSize": "{root}", "fontWeight": 400, "letterSpacing": "0", "lineHeight": 1.5}}
                }
                """#)
        ])
        #expect(deviations(legacy).isEmpty)
    }

    @Test("an other token whose value is not one of the referring type is an error at the reference")
    func aliasOfOtherThatIsNotOne() throws {
        let diagnostics = resolveFailure(
            #"""
            {
              "font": {"value": "Inter", "type": "other"},
              "size": {"value": "{font}", "type": "sizing"}
            }
            """#)
        let error = try single(.invalidValue, in: diagnostics)
        expectDiagnostic(
            error, .error, .invalidValue, token: "size", at: "tokens.json:3:21",
            #"invalid dimension value for size: {font} is a Tokens Studio "other" token whose value "Inter" is not one: "Inter" is not a dimension; expected {"value": 16, "unit": "px"} (or "16px", "1.5rem")"#
        )
    }

    @Test(
        "an alias of an other token copies its value, so the copy counts against the bound on values built from references"
    )
    func aliasOfOtherIsBounded() throws {
        let names = Array(repeating: #""a""#, count: Resolver.maximumValueNodes).joined(separator: ",")
        let diagnostics = resolveFailure(
            #"{"o": {"value": [\#(names)], "type": "other"}, "f": {"value": "{o}", "type": "fontFamilies"}}"#)
        let error = try single(.invalidValue, in: diagnostics)
        #expect(error.tokenPath == "f")
        #expect(error.message.hasPrefix("the value of f would hold more than \(Resolver.maximumValueNodes) values"))
    }

    @Test("a token of a type ThemeEngine does not know and of another name than other is still no dimension")
    func aliasOfCustomType() throws {
        let diagnostics = resolveFailure(
            #"""
            {
              "root": {"$value": "16px", "$type": "sizeish"},
              "size": {"$value": "{root}", "$type": "dimension"}
            }
            """#)
        #expect(
            try single(.typeMismatch, in: diagnostics).message
                == "size is a dimension token, but {root} is a sizeish token")
    }

    // MARK: Line heights

    @Test(
        "a lineHeights token is a number, or a dimension where it is a length; a typography divides it by its font size"
    )
    func lineHeightsAsLengths() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "grid": {"value": "4", "type": "sizing"},
                  "size": {"value": "16", "type": "fontSizes"},
                  "lh": {
                    "ratio": {"value": "1.5", "type": "lineHeights"},
                    "percent": {"value": "150%", "type": "lineHeights"},
                    "fixed": {"value": "24px", "type": "lineHeights"},
                    "grid": {"value": "round({size} * 1.33 / {grid}) * {grid}", "type": "lineHeights"},
                    "alias": {"value": "{lh.grid}", "type": "lineHeights"}
                  },
                  "text": {
                    "value": {"fontFamily": "Inter", "fontWeight": "400", "fontSize": "{size}", "lineHeight": "{lh.alias}", "letterSpacing": "0"},
                    "type": "typography"
                  },
                  "smaller": {
                    "value": {"fontFamily": "Inter", "fontWeight": "400", "fontSize": "{size}", "lineHeight": "{lh.fixed} - 4", "letterSpacing": "0"},
                    "type": "typography"
                  }
                }
                """#)
        ])
        #expect(theme.number("lh.ratio") == 1.5)
        #expect(theme.number("lh.percent") == 1.5)
        #expect(theme.dimension("lh.fixed") == .init(24, .px))
        #expect(theme.dimension("lh.grid") == .init(20, .px))
        #expect(theme.dimension("lh.alias") == .init(20, .px))
        #expect(theme["lh.ratio"]?.type == .number)
        #expect(theme["lh.fixed"]?.type == .dimension)
        #expect(theme["lh.alias"]?.type == .dimension)
        guard case .typography(let text)? = theme.value("text"), case .typography(let smaller)? = theme.value("smaller")
        else {
            Issue.record("expected typographies")
            return
        }
        #expect(text.lineHeight == 1.25)
        #expect(smaller.lineHeight == 1.25)
        // Tokens Studio's forms, in its own file: the file's one warning covers them.
        #expect(deviations(theme) == [])
    }

    @Test("a lineHeights token that is neither a number nor a length is an error")
    func lineHeightsThatAreNeither() throws {
        let error = try single(.invalidValue, in: resolveFailure(#"{"lh": {"value": "tall", "type": "lineHeights"}}"#))
        #expect(
            error.message
                == #"invalid number value for lh: expected a line height, a number such as 1.5 or a length such as "24px", found "tall""#
        )
    }

    // MARK: Blank typography members

    @Test("a typography member written as empty text is one left out, reported at the text in a DTCG file")
    func blankTypographyMembers() throws {
        let legacy =
            #"{"t": {"value": {"fontFamily": "Inter", "fontWeight": "700", "fontSize": "16", "letterSpacing": "", "lineHeight": ""}, "type": "typography"}}"#
        let dtcg =
            #"{"t": {"$value": {"fontFamily": "Inter", "fontWeight": 700, "fontSize": {"value": 16, "unit": "px"}, "letterSpacing": "", "lineHeight": ""}, "$type": "typography"}}"#
        for tokens in [legacy, dtcg] {
            let theme = try ResolvedTheme.resolve([source(tokens)])
            guard case .typography(let text)? = theme.value("t") else {
                Issue.record("expected a typography")
                return
            }
            #expect(text.letterSpacing == .init(0, .px))
            #expect(text.lineHeight == nil)
        }
        // In the legacy file, Tokens Studio's form, which the file's one warning covers.
        #expect(
            try ResolvedTheme.resolve([source(legacy)]).diagnostics.map(\.message) == [
                TokensStudioValueTests.legacyFileWarning
            ])
        let warnings = try ResolvedTheme.resolve([source(dtcg)]).diagnostics.filter { $0.rule == .nonConforming }
        #expect(
            warnings.map(\.description) == [
                #"tokens.json:1:119: warning: [non-conforming] t (letterSpacing): "" read as no "letterSpacing": 0px, CSS's normal spacing; write "letterSpacing": {"value": 0, "unit": "px"}"#,
                #"tokens.json:1:137: warning: [non-conforming] t (lineHeight): "" read as no "lineHeight": the font's own line height, and left out of every output; write "lineHeight", a multiple of the font size such as 1.5"#,
            ])
    }

    @Test(
        "a blank font size is a typography without one: filled in as sd-transforms fills it in a Tokens Studio file, an error at the member in a DTCG file"
    )
    func blankFontSize() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"{"t": {"value": {"fontFamily": "Inter", "fontWeight": "700", "fontSize": ""}, "type": "typography"}}"#
            )
        ])
        guard case .typography(let text)? = theme.value("t") else {
            Issue.record("t is not a typography")
            return
        }
        #expect(text.fontSize == TokenValue.Dimension(16, .px))
        #expect(text.fontFamily == ["Inter"])
        #expect(
            theme.diagnostics.filter { $0.rule == .nonConforming }.map(\.description).dropFirst() == [
                #"tokens.json:1:17: warning: [non-conforming] t: typography member left out or blank read as sd-transforms fills it in CSS: "fontSize" as 16px; write each member"#
            ])
        let error = try single(
            .invalidValue,
            in: resolveFailure(
                #"{"t": {"$value": {"fontFamily": "Inter", "fontWeight": 700, "fontSize": ""}, "$type": "typography"}}"#
            ))
        #expect(error.message == #"invalid typography value for t (fontSize): a typography needs "fontSize", found """#)
        #expect(error.location?.description == "tokens.json:1:73")
    }

    @Test("a misspelt font member is an error that names the misspelling, not a default filled in beside it")
    func misspeltFontMember() throws {
        let error = try single(
            .invalidValue,
            in: resolveFailure(
                #"{"t": {"value": {"fontfamily": "Inter", "fontSize": "14", "fontWeight": "400"}, "type": "typography"}}"#
            ))
        #expect(
            error.message
                == #"invalid typography value for t: a typography needs "fontFamily" (is "fontfamily" a misspelling of it?)"#
        )
    }

    @Test("a typography that comes through a reference to an other token is filled in with a warning at the reference")
    func fillThroughOtherToken() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"{"o": {"value": {"fontSize": "12"}, "type": "other"}, "v": {"value": "{o}", "type": "typography"}}"#)
        ])
        guard case .typography(let text)? = theme.value("v") else {
            Issue.record("v is not a typography")
            return
        }
        #expect(text.fontFamily == ["sans-serif"])
        #expect(text.fontSize == TokenValue.Dimension(12, .px))
        #expect(
            theme.diagnostics.filter { $0.rule == .nonConforming }.map(\.description).dropFirst() == [
                #"tokens.json:1:70: warning: [non-conforming] v: typography members left out read as sd-transforms fills them in CSS: "fontFamily" as sans-serif, "fontWeight" as 400; write each member"#
            ])
    }

    // MARK: Colour modifiers

    @Test(
        "a colour on a modifier that is not a mix is left out, as Tokens Studio leaves it, with a warning in a DTCG file"
    )
    func colorOnAnotherModifier() throws {
        let legacy =
            ##"{"ink": {"value": "#000000", "type": "color"}, "paper": {"value": "#ffffff", "type": "color"}, "t": {"value": "{ink}", "type": "color", "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": ".5", "space": "srgb", "color": "{paper}"}}}}}"##
        let tokens =
            ##"{"ink": {"$value": "#000000", "$type": "color"}, "paper": {"$value": "#ffffff", "$type": "color"}, "t": {"$value": "{ink}", "$type": "color", "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": 0.5, "space": "srgb", "color": "{paper}"}}}}}"##
        // In Tokens Studio's own file, its leftover: the file's one warning covers it.
        let fromLegacy = try ResolvedTheme.resolve([source(legacy)])
        #expect(fromLegacy.color("t")?.hex == "#00000080")
        #expect(fromLegacy.diagnostics.map(\.message) == [TokensStudioValueTests.legacyFileWarning])
        let theme = try ResolvedTheme.resolve([source(tokens)])
        #expect(theme.color("t")?.hex == "#00000080")
        let warning = try single(.nonConforming, in: theme.diagnostics)
        let paper = try #require(tokens.firstRange(of: #""{paper}""#))
        expectDiagnostic(
            warning, .warning, .nonConforming, token: "t",
            at: "tokens.json:1:\(tokens[..<paper.lowerBound].utf8.count + 1)",
            #"colour modifier of t (color): "color" is a "mix" modifier's; this "alpha" modifier is read without it, as Tokens Studio reads it; remove it"#
        )
        #expect(
            resolveFailure([source(tokens)], policy: .strict).contains {
                $0.rule == .nonConforming && $0.severity == .error
            })
    }

    // MARK: Font stacks

    @Test("a font family written as a CSS font stack is the family and its fallbacks, without CSS's quotes")
    func fontStacks() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "serif": {"value": "'Mallory Compact', Georgia, serif", "type": "fontFamilies"},
                  "plain": {"value": "Inter", "type": "fontFamilies"},
                  "apostrophe": {"value": "O'Hare Sans, serif", "type": "fontFamilies"},
                  "empty": {"value": "Inter,, serif", "type": "fontFamilies"},
                  "text": {"value": {"fontFamily": "{serif}", "fontWeight": "400", "fontSize": "16", "letterSpacing": "0", "lineHeight": "1.5"}, "type": "typography"}
                }
                """#)
        ])
        #expect(theme.value("serif") == .fontFamily(["Mallory Compact", "Georgia", "serif"]))
        #expect(theme.value("plain") == .fontFamily(["Inter"]))
        #expect(theme.value("apostrophe") == .fontFamily(["O'Hare Sans, serif"]))
        #expect(theme.value("empty") == .fontFamily(["Inter,, serif"]))
        guard case .typography(let text)? = theme.value("text") else {
            Issue.record("expected a typography")
            return
        }
        #expect(text.fontFamily == ["Mallory Compact", "Georgia", "serif"])
        #expect(deviations(theme).isEmpty)
    }

    @Test("outside a Tokens Studio file, a font stack or a quoted name is read so with a warning")
    func fontStacksInDTCGFile() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                #"""
                {
                  "stack": {"$type": "fontFamily", "$value": "Inter, \"Helvetica Neue\", sans-serif"},
                  "quoted": {"$type": "fontFamily", "$value": "'Source Sans 3'"}
                }
                """#)
        ])
        #expect(theme.value("stack") == .fontFamily(["Inter", "Helvetica Neue", "sans-serif"]))
        #expect(theme.value("quoted") == .fontFamily(["Source Sans 3"]))
        #expect(
            deviations(theme) == [
                #"stack: "Inter, "Helvetica Neue", sans-serif" read as ["Inter", "Helvetica Neue", "sans-serif"], a family and its fallbacks; write that array"#,
                #"quoted: "'Source Sans 3'" read as "Source Sans 3", the name without CSS's quotes; write "Source Sans 3""#,
            ])
    }
}
