import Testing

@testable import DesignTokens

/// ``ReadingPolicy/keepsGoing``: a theme built past its errors, without the tokens in error and those that depend
/// on them.
@Suite("keeping going past errors")
struct KeepGoingTests {
    static let tokens = #"""
        {"a": {"$type": "color", "$value": "#ff0000"}, "b": {"$type": "color", "$value": "inherit"},
         "c": {"$type": "color", "$value": "{b}"}, "d": {"$type": "color", "$value": "{c}"},
         "e": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}, "f": {"$type": "dimension", "$value": "{e}"}}
        """#

    @Test("the tokens in error and their dependents are left out; the rest resolve as they would alone")
    func partialTheme() throws {
        let theme = try ResolvedTheme.resolve([source(Self.tokens)], policy: ReadingPolicy.lenient.keepingGoing)
        #expect(theme.leftOut == ["b", "c", "d"])
        #expect(theme.count == 3)
        #expect(theme["b"] == nil && theme["c"] == nil)
        #expect(theme.color("a")?.hex == "#ff0000")
        #expect(compact(theme.value("f")) == #""4px""#)
        #expect(theme.hasErrors)
        #expect(theme.diagnostics.filter { $0.severity == .error }.map(\.rule) == [.invalidValue])
        #expect(resolveFailure([source(Self.tokens)]).map(\.rule) == [.invalidValue])
    }

    @Test("an override in error leaves the token out, not the value it overrides")
    func overrideInError() throws {
        let theme = try ResolvedTheme.resolve(
            [
                source(##"{"a": {"$type": "color", "$value": "#ff0000"}, "b": {"$type": "color", "$value": "{a}"}}"##),
                source(#"{"a": {"$value": "not a colour"}}"#, name: "theme.json"),
            ], policy: ReadingPolicy.lenient.keepingGoing)
        #expect(theme.leftOut == ["a", "b"])
        #expect(theme.count == 0)
    }

    @Test("a file that is not JSON leaves its tokens out; the other files resolve")
    func unreadableFile() throws {
        let theme = try ResolvedTheme.resolve(
            [source(##"{"a": {"$type": "color", "$value": "#ff0000"}}"##), source("{", name: "broken.json")],
            policy: ReadingPolicy.lenient.keepingGoing)
        #expect(theme.color("a")?.hex == "#ff0000")
        #expect(theme.diagnostics.contains { $0.rule == Diagnostic.Rule.invalidJSON })
    }

    @Test("a set with no errors is the theme resolving it gives, whatever the policy")
    func noErrors() throws {
        let sources: [TokenSource] = [.defaultTokens, try repositoryFile("Themes/dark.json")]
        let kept = try ResolvedTheme.resolve(sources, policy: ReadingPolicy.lenient.keepingGoing)
        let plain = try ResolvedTheme.resolve(sources)
        #expect(kept.flatJSON() == plain.flatJSON())
        #expect(kept.treeJSON() == plain.treeJSON())
        #expect(kept.leftOut.isEmpty && !kept.hasErrors)
    }
}

extension KeepGoingTests {
    @Test("under --strict, a token whose only error is a deviation is left out too")
    func strictDeviation() throws {
        let theme = try ResolvedTheme.resolve(
            [source(##"{"a": {"$type": "color", "$value": "#ff0000"}, "b": {"$type": "number", "$value": 1}}"##)],
            policy: ReadingPolicy.strict.keepingGoing)
        #expect(theme.leftOut == ["a"])
        #expect(theme.number("b") == 1)
    }
}
