import Testing
@testable import DesignTokens

/// Values that Tokens Studio exports write and its own tools read: references to its untyped `other` tokens.
/// Each is read as Tokens Studio reads it, with the warning the reading policy gives.
@Suite("Tokens Studio export values")
struct TokensStudioExportValueTests {
    /// The `non-conforming` messages of a resolved theme, without a legacy file's own.
    private func deviations(_ theme: ResolvedTheme) -> [String] {
        theme.diagnostics.filter { $0.rule == .nonConforming && $0.message != TokensStudioValueTests.legacyFileWarning }.map(\.message)
    }

    // MARK: other

    @Test("a typed token that refers to an other token reads its value as written in its place")
    func aliasOfOther() throws {
        let theme = try ResolvedTheme.resolve([source(#"""
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
            """#)])
        #expect(theme.dimension("font.base") == .init(16, .px))
        #expect(theme.dimension("font.large") == .init(20, .px))
        #expect(theme.dimension("font.again") == .init(16, .px))
        #expect(theme["font.base"]?.type == .dimension)
        #expect(theme.value("scale.root") == .custom(.string("16")))
        #expect(deviations(theme).isEmpty)
    }

    @Test("outside a Tokens Studio file, reading an other token's value as a typed one is a warning")
    func aliasOfOtherInDTCGFile() throws {
        let theme = try ResolvedTheme.resolve([source(#"""
            {
              "root": {"$value": "16px", "$type": "other"},
              "size": {"$value": "{root}", "$type": "dimension"}
            }
            """#)])
        #expect(theme.dimension("size") == .init(16, .px))
        #expect(deviations(theme) == [#"size: {root} is a Tokens Studio "other" token; its value "16px" read as a dimension: "16px"; refer to a dimension token"#])
    }

    @Test("an other token whose value is not one of the referring type is an error at the reference")
    func aliasOfOtherThatIsNotOne() throws {
        let diagnostics = resolveFailure(#"""
            {
              "font": {"value": "Inter", "type": "other"},
              "size": {"value": "{font}", "type": "sizing"}
            }
            """#)
        let error = try single(.invalidValue, in: diagnostics)
        expectDiagnostic(
            error, .error, .invalidValue, token: "size", at: "tokens.json:3:21",
            #"invalid dimension value for size: {font} is a Tokens Studio "other" token whose value "Inter" is not one: "Inter" is not a dimension; expected {"value": 16, "unit": "px"} (or "16px", "1.5rem")"#)
    }

    @Test("a token of a type ThemeEngine does not know and of another name than other is still no dimension")
    func aliasOfCustomType() throws {
        let diagnostics = resolveFailure(#"""
            {
              "root": {"$value": "16px", "$type": "sizeish"},
              "size": {"$value": "{root}", "$type": "dimension"}
            }
            """#)
        #expect(try single(.typeMismatch, in: diagnostics).message == "size is a dimension token, but {root} is a sizeish token")
    }
}
