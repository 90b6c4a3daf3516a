import Testing
@testable import DesignTokens
import TokenSetGenerator

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `FastPath.flatJSON` against the full engine. The fast path may decline (nil) anything; when it answers, the
/// full engine must resolve the same stack with no diagnostic at all and write the same bytes. Every test here
/// goes through ``FastPathTests/expectAgreement(_:expectFast:engine:_:sourceLocation:)``, which checks exactly
/// that, and then whether the fast path took the stack (`expectFast`) and what the full engine made of it
/// (`engine`, so that each edge case is known to be the case it claims to be).
@Suite("Fast path of --format flat")
struct FastPathTests {
    // MARK: Fixtures and bundled files

    /// Every `.json` under a `Fixtures` folder of any test target, relative to the repository root.
    static let fixturePaths: [String] = RepositoryTree.files(under: "Tests").filter {
        $0.hasSuffix(".json") && $0.split(separator: "/").contains("Fixtures")
    }

    /// The bundled themes, `Themes/*.json`.
    static let themePaths: [String] = RepositoryTree.files(under: "Themes").filter { $0.hasSuffix(".json") }

    /// Guards the parameterised tests below: a walk that finds nothing would make them pass vacuously.
    @Test("the fixture walk finds the fixtures of every test target, and the bundled themes")
    func fixturesAreFound() {
        for target in ["DesignTokensTests", "LintingTests", "ThemeCLITests"] {
            #expect(Self.fixturePaths.contains { $0.hasPrefix("Tests/\(target)/Fixtures/") }, "no fixture found for \(target)")
        }
        #expect(Self.fixturePaths.count >= 60, "found only \(Self.fixturePaths)")
        #expect(Self.fixturePaths.contains("Tests/DesignTokensTests/Fixtures/references/good.json"))
        #expect(Self.themePaths.contains("Themes/dark.json"))
    }

    /// Fixtures are written to exercise the engine's corners (errors, warnings, `$ref`, `$extends`, legacy
    /// files…): whatever the fast path makes of them, it must not contradict the engine.
    @Test("each fixture alone agrees with the full engine", arguments: fixturePaths)
    func fixtureAlone(path: String) throws {
        expectAgreement([try repositoryFile(path)], expectFast: nil, path)
    }

    /// The same fixtures as themes: now they override (or fail to override) real tokens, and resolve against them.
    @Test("each fixture over the bundled tokens agrees with the full engine", arguments: fixturePaths)
    func fixtureOverDefaults(path: String) throws {
        expectAgreement([.defaultTokens, try repositoryFile(path)], expectFast: nil, path)
    }

    /// The bundled design language is clean: the fast path exists for exactly this kind of file.
    @Test("the bundled tokens alone take the fast path")
    func defaultTokens() {
        expectAgreement([.defaultTokens], expectFast: true, engine: .clean, "defaultTokens")
    }

    @Test("each bundled theme over the bundled tokens agrees with the full engine", arguments: themePaths)
    func bundledTheme(path: String) throws {
        expectAgreement([.defaultTokens, try repositoryFile(path)], expectFast: nil, path)
    }

    /// Stricter than agreement: the shipped themes are clean, so `theme resolve --theme … --format flat` on them
    /// must not silently fall back to the full engine.
    @Test("each bundled theme over the bundled tokens takes the fast path", arguments: themePaths)
    func bundledThemeIsFast(path: String) throws {
        expectAgreement([.defaultTokens, try repositoryFile(path)], expectFast: true, engine: .clean, path)
    }

    // MARK: Stacks large enough for a second thread

    /// `count` number tokens in groups of 100, `g0.t0`…, with a `$type` on the root.
    static func manyTokens(_ count: Int) -> String {
        var groups: [String] = []
        for group in 0..<(count + 99) / 100 {
            let tokens = (0..<min(100, count - group * 100)).map { "\"t\($0)\": {\"$value\": \(group * 100 + $0)}" }
            groups.append("\"g\(group)\": {" + tokens.joined(separator: ", ") + "}")
        }
        return "{\"$type\": \"number\", " + groups.joined(separator: ", ") + "}"
    }

    @Test("a theme over 2,500 tokens that adds a group and gives a group a $type agrees with the full engine")
    func laterFileWritesWhileOrderIsWorkedOut() {
        // The output order is worked out on a second thread from a snapshot of the paths while this theme is read:
        // its new group and its group `$type` write to what the snapshot shares.
        let theme = ##"{"g3": {"$type": "number", "t7": {"$value": 7.5}}, "extra": {"$description": "a new, empty group", "inner": {}}}"##
        expectAgreement([source(Self.manyTokens(2_500), name: "base.json"), source(theme, name: "theme.json")], expectFast: true, engine: .clean, "theme writes")
    }

    /// The tokens' records, with their declared types, are made on the second thread from the first file alone
    /// (``FastPath/Resolution/InitialRecords``): a theme's `$type` must still count.
    @Test("a theme over 2,500 tokens whose $type changes tokens' declared types agrees with the full engine", arguments: [
        // A token's own: its colour value is valid only as a colour (as the root's number it would be declined).
        (##"{"g3": {"t7": {"$type": "color", "$value": "#ff0000"}}}"##, true),
        // A group's: its tokens' numbers are no colours, so the engine reports them and the fast path must decline.
        (##"{"g3": {"$type": "color"}}"##, false),
    ])
    func laterFileChangesDeclaredTypes(theme: String, answers: Bool) {
        expectAgreement(
            [source(Self.manyTokens(2_500), name: "base.json"), source(theme, name: "theme.json")], expectFast: answers,
            engine: answers ? .clean : nil, "theme types")
    }

    /// Only a later file's `$type` makes the main thread make the records again: the first file's (the generated
    /// base has group and token types) and a theme without one must leave them to the second thread.
    @Test("only a later file's $type marks the stack's declared types as changed")
    func laterFileWritesTypesFlag() {
        let set = TokenSet(count: 1_000)
        var stack = FastPath.Stack()
        let base = stack.add(TokenSource(name: "tokens.json", bytes: set.baseJSON))
        #expect(base && !stack.laterFileWritesTypes)
        let theme = stack.add(TokenSource(name: "theme.json", bytes: set.themeJSON))
        #expect(theme && !stack.laterFileWritesTypes)
        let typed = stack.add(TokenSource(name: "typed.json", bytes: Array(##"{"core": {"$type": "color"}}"##.utf8)))
        #expect(typed && stack.laterFileWritesTypes)
    }

    @Test("a theme over 2,500 tokens that the fast path declines after the second thread started agrees with the full engine")
    func laterFileDeclinedWhileOrderIsWorkedOut() {
        // A token new in the theme: the engine warns, so the fast path gives up after the ordering thread started
        // (and joins it before returning).
        let theme = ##"{"g4": {"new": {"$value": 1}}}"##
        expectAgreement(
            [source(Self.manyTokens(2_500), name: "base.json"), source(theme, name: "theme.json")], expectFast: false, engine: nil, "declined")
    }

    // MARK: Generated sets

    /// The benchmark's sets (thousands of tokens, alias chains 5 deep, composites with member references, a
    /// theme re-pointing some of them): large groups, the hash table growing, and the output sort at scale. The
    /// 1k set runs on the calling thread alone; for the 10k set the output order is worked out on a second thread
    /// while the theme is read, and half the values are rendered there (``SecondThread``).
    @Test("the generated benchmark sets take the fast path, base alone and base + theme", arguments: [1_000, 10_000])
    func generatedSet(count: Int) {
        let set = TokenSet(count: count)
        let base = TokenSource(name: "tokens.json", bytes: set.baseJSON)
        let theme = TokenSource(name: "theme.json", bytes: set.themeJSON)
        expectAgreement([base], expectFast: true, engine: .clean, "\(count) base")
        expectAgreement([base, theme], expectFast: true, engine: .clean, "\(count) base + theme")
    }

    /// From 40,000 keys the command's output is written by a second thread while the next piece is made
    /// (``SecondThread/write(to:onThread:_:)``): what it writes is the output gathered whole. Written to a pipe
    /// whose reader waits before each read, so that every write waits for it, the last too: were the pieces'
    /// buffers freed before the last write ended, it would write what is there by then, or fault.
    @Test("a set large enough to be written on a second thread writes the bytes the output gathers")
    func writtenOnASecondThread() throws {
        let set = TokenSet(count: 40_000)
        let sources = [TokenSource(name: "tokens.json", bytes: set.baseJSON), TokenSource(name: "theme.json", bytes: set.themeJSON)]
        let output = try #require(FastPath.flatOutput(sources))
        let pipe = try SlowPipe(pausing: 2_000)
        var thrown: FileSystem.Failure?
        do throws(FileSystem.Failure) {
            try output.write(to: FileSystem.OpenFile(writingTo: pipe.writeEnd))
        } catch {
            thrown = error
        }
        let written = pipe.finish()
        #expect(thrown == nil)
        let expected = output.bytes
        #expect(written.count == expected.count)
        let same = written == expected
        #expect(same, "what was written differs from the output gathered whole")
    }

    /// To a regular file, from 40,000 keys, the output is written in two halves at once, each by a thread of its
    /// own at its place in the file (``SecondThread/write(to:firstApart:then:firstLength:)``).
    @Test("a set large enough to be written in two halves at once writes the bytes the output gathers")
    func writtenInTwoHalves() throws {
        let set = TokenSet(count: 40_000)
        let sources = [TokenSource(name: "tokens.json", bytes: set.baseJSON), TokenSource(name: "theme.json", bytes: set.themeJSON)]
        let output = try #require(FastPath.flatOutput(sources))
        try #require(set.base.count >= FastPath.FlatOutput.keysWorthWritingApart, "too few keys to be written in halves")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.path + "/out.json"
        try FileSystem.writeAtomically(to: target) { (file) throws(FileSystem.Failure) in try output.write(to: file) }
        let written = try FileSystem.read(target)
        let expected = output.bytes
        #expect(written.count == expected.count)
        let same = written == expected
        #expect(same, "what was written differs from the output gathered whole")
    }

    // MARK: Edge cases

    /// Stacks the full engine resolves, but with a warning: the fast path must see the warning coming and decline.
    static let warningCases: [StackCase] = [
        // An unknown type passes its value through unchecked, with a warning.
        StackCase("unknown $type on a token", ##"{"a": {"$type": "colour", "$value": "#000000"}}"##, .warns(.unknownType)),
        StackCase("unknown $type on a group", ##"{"g": {"$type": "colour", "a": {"$value": "#000000"}}}"##, .warns(.unknownType)),
        // Unknown `$` properties are ignored with a warning, on tokens, groups and the root alike.
        StackCase("unknown $ property on a token", ##"{"a": {"$type": "number", "$value": 1, "$comment": "x"}}"##, .warns(.unknownProperty)),
        StackCase("unknown $ property on a group", ##"{"g": {"$type": "number", "$note": "x", "a": {"$value": 1}}}"##, .warns(.unknownProperty)),
        StackCase("$schema below the root", ##"{"g": {"$schema": "x", "a": {"$type": "number", "$value": 1}}}"##, .warns(.unknownProperty)),
        StackCase("$schema on a token", ##"{"a": {"$type": "number", "$value": 1, "$schema": "x"}}"##, .warns(.unknownProperty)),
        StackCase("$extends at the root", ##"{"$extends": "{g}", "g": {"a": {"$type": "number", "$value": 1}}}"##, .warns(.unknownProperty)),
        StackCase("a $-name that is no property", ##"{"$tokens": {"a": {"$type": "number", "$value": 1}}}"##, .warns(.unknownProperty)),
        // A theme token with no counterpart below is nearly always a typo.
        StackCase(
            "a theme token that overrides nothing",
            [##"{"a": {"$type": "number", "$value": 1}}"##, ##"{"b": {"$type": "number", "$value": 2}}"##], .warns(.unmatchedOverride)),
        StackCase(
            "a theme token that overrides nothing, in a group the base has",
            [##"{"g": {"$type": "number", "a": {"$value": 1}}}"##, ##"{"g": {"b": {"$value": 2}}}"##], .warns(.unmatchedOverride)),
        // The middle layer adds a token (a warning there) that the top layer then overrides (no warning there).
        StackCase(
            "a middle layer that adds a token the top layer overrides",
            [##"{"a": {"$type": "number", "$value": 1}}"##, ##"{"b": {"$type": "number", "$value": 2}}"##, ##"{"b": {"$value": 3}}"##],
            .warns(.unmatchedOverride)),
        // Valid DTCG (the alias's type wins over its group's), but the engine flags it as a likely slip.
        StackCase(
            "an alias whose group type disagrees with its target",
            ##"{"n": {"$type": "number", "one": {"$value": 1}}, "c": {"$type": "color", "alias": {"$value": "{n.one}"}}}"##,
            .warns(.typeMismatch)),
        StackCase(
            "an alias whose group type, set by the theme, disagrees with its target",
            [
                ##"{"n": {"$type": "number", "one": {"$value": 1}}, "g": {"$type": "number", "alias": {"$value": "{n.one}"}}}"##,
                ##"{"g": {"$type": "color"}}"##,
            ],
            .warns(.typeMismatch)),
        StackCase(
            "an alias whose root type disagrees with its target",
            ##"{"$type": "color", "n": {"one": {"$type": "number", "$value": 1}}, "alias": {"$value": "{n.one}"}}"##,
            .warns(.typeMismatch)),
        // Duplicate keys: the later value is used, with a warning, wherever they are.
        StackCase(
            "duplicate keys in a group",
            ##"{"g": {"$type": "number", "a": {"$value": 1}, "a": {"$value": 2}}}"##, .warns(.duplicateKey)),
        StackCase("duplicate keys in a token", ##"{"a": {"$type": "number", "$value": 1, "$value": 2}}"##, .warns(.duplicateKey)),
        // The same, in the shape the scanner reads first members of from their bytes (`{"$value": "…`).
        StackCase("a duplicate $value after a string one", ##"{"$type": "string", "a": {"$value": "x", "$value": "y"}}"##, .warns(.duplicateKey)),
        StackCase(
            "a group written twice, with another between",
            ##"{"g": {"$type": "number", "a": {"$value": 1}}, "h": {"$type": "number", "b": {"$value": 2}}, "g": {"$type": "number", "a": {"$value": 3}}}"##,
            .warns(.duplicateKey)),
        StackCase(
            "duplicate keys in a composite value",
            ##"{"b": {"$type": "border", "$value": {"color": "#000000", "color": "#ffffff", "width": "1px", "style": "solid"}}}"##,
            .warns(.duplicateKey)),
        StackCase(
            "duplicate keys in a theme only",
            [##"{"a": {"$type": "number", "$value": 1}}"##, ##"{"a": {"$value": 2}, "a": {"$value": 3}}"##], .warns(.duplicateKey)),
        StackCase(
            "a group new in a theme, written twice there",
            [##"{"a": {"$type": "number", "$value": 1}}"##, ##"{"g": {"$description": "new"}, "g": {}}"##], .warns(.duplicateKey)),
        // A legacy file without types: the engine guesses, with a warning.
        StackCase("a legacy file with a guessed type", ##"{"a": {"value": "#000000"}}"##, .warns(.guessedType)),
    ]

    @Test("warning-only stacks are declined", arguments: warningCases)
    func warnings(_ stack: StackCase) {
        expectAgreement(stack.sources, expectFast: false, engine: stack.engine, stack.name)
    }

    /// Stacks the full engine rejects: the fast path must never answer for them.
    static let errorCases: [StackCase] = [
        StackCase("unresolved reference", ##"{"a": {"$type": "number", "$value": "{b}"}}"##, .fails(.unresolvedReference)),
        StackCase("unresolved reference, $value first", ##"{"a": {"$value": "{b}", "$type": "number"}}"##, .fails(.unresolvedReference)),
        StackCase("a token below a token that opens with a string $value", ##"{"$type": "string", "a": {"$value": "x", "b": {"$value": "y"}}}"##, .fails(.tokenWithChildren)),
        StackCase(
            "unresolved reference in a composite member",
            ##"{"b": {"$type": "border", "$value": {"color": "{nope}", "width": "1px", "style": "solid"}}}"##, .fails(.unresolvedReference)),
        StackCase(
            "unresolved reference brought in by a theme",
            [##"{"a": {"$type": "number", "$value": 1}, "b": {"$type": "number", "$value": "{a}"}}"##, ##"{"b": {"$value": "{c}"}}"##],
            .fails(.unresolvedReference)),
        StackCase(
            "reference to a group",
            ##"{"g": {"$type": "number", "x": {"$value": 1}}, "a": {"$type": "number", "$value": "{g}"}}"##, .fails(.referenceToGroup)),
        StackCase("a cycle of two aliases", ##"{"$type": "number", "a": {"$value": "{b}"}, "b": {"$value": "{a}"}}"##, .fails(.circularReference)),
        StackCase("an alias to itself", ##"{"a": {"$type": "number", "$value": "{a}"}}"##, .fails(.circularReference)),
        StackCase(
            "a cycle made by a theme",
            [##"{"$type": "number", "a": {"$value": 1}, "b": {"$value": "{a}"}}"##, ##"{"a": {"$value": "{b}"}}"##], .fails(.circularReference)),
        StackCase("a composite that contains itself", ##"{"s": {"$type": "shadow", "$value": ["{s}"]}}"##, .fails(.circularReference)),
        StackCase("an invalid literal", ##"{"a": {"$type": "color", "$value": "not a colour"}}"##, .fails(.invalidValue)),
        StackCase(
            "an invalid composite literal",
            ##"{"b": {"$type": "border", "$value": {"color": "#000000", "width": "wide", "style": "solid"}}}"##, .fails(.invalidValue)),
        // An array member's reference may be of any type; here a border where a shadow is needed.
        StackCase(
            "a composite that is invalid only once its references are substituted",
            ##"{"b": {"$type": "border", "$value": {"color": "#000000", "width": "1px", "style": "solid"}}, "s": {"$type": "shadow", "$value": ["{b}"]}}"##,
            .fails(.invalidValue)),
        StackCase(
            "a theme value that does not fit the base's type",
            [##"{"a": {"$type": "color", "$value": "#000000"}}"##, ##"{"a": {"$value": 12}}"##], .fails(.invalidValue)),
        StackCase(
            "an alias whose own $type disagrees with its target",
            ##"{"n": {"$type": "number", "$value": 1}, "a": {"$type": "color", "$value": "{n}"}}"##, .fails(.typeMismatch)),
        StackCase(
            "a composite member referring to a token of the wrong type",
            ##"{"n": {"$type": "number", "$value": 1}, "b": {"$type": "border", "$value": {"color": "{n}", "width": "1px", "style": "solid"}}}"##,
            .fails(.typeMismatch)),
        StackCase(
            "a member of a shadow layer in a list referring to a token of the wrong type",
            ##"{"n": {"$type": "number", "$value": 1}, "s": {"$type": "shadow", "$value": [{"color": "{n}", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px"}]}}"##,
            .fails(.typeMismatch)),
        StackCase(
            "an escaped member name whose reference names a token of the wrong type",
            ##"{"k": {"$type": "string", "$value": "#000000"}, "b": {"$type": "border", "$value": {"\u0063olor": "{k}", "width": "1px", "style": "solid"}}}"##,
            .fails(.typeMismatch)),
        StackCase(
            "a composite member named with non-ASCII digits, holding a reference",
            ##"{"c": {"$type": "color", "$value": "#000000"}, "b": {"$type": "border", "$value": {"color": "#000000", "width": "1px", "style": "solid", "٣": "{c}"}}}"##,
            .fails(.invalidValue)),
        // The member check alone catches these: the target's value would decode where it stands.
        StackCase(
            "a border style referring to a string token that holds a style keyword",
            ##"{"k": {"$type": "string", "$value": "solid"}, "b": {"$type": "border", "$value": {"color": "#000000", "width": "1px", "style": "{k}"}}}"##,
            .fails(.typeMismatch)),
        StackCase(
            "a shadow layer in a list whose color refers to a string token that holds a colour",
            ##"{"k": {"$type": "string", "$value": "#000000"}, "s": {"$type": "shadow", "$value": [{"color": "{k}", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px"}]}}"##,
            .fails(.typeMismatch)),
        // Member references whose target fits the member check but not the value once substituted.
        StackCase(
            "a font family list naming a family list",
            ##"{"f": {"$type": "fontFamily", "$value": ["A", "B"]}, "t": {"$type": "fontFamily", "$value": ["{f}", "serif"]}}"##,
            .fails(.invalidValue)),
        StackCase(
            "a colour component referring to a string",
            ##"{"s": {"$type": "string", "$value": "0.5"}, "b": {"$type": "border", "$value": {"color": {"colorSpace": "srgb", "components": ["{s}", 0, 0]}, "width": "1px", "style": "solid"}}}"##,
            .fails(.invalidValue)),
        StackCase("missing type", ##"{"a": {"$value": 1}}"##, .fails(.missingType)),
        StackCase(
            "missing type on a composite with a reference",
            ##"{"n": {"$type": "number", "$value": 1}, "list": {"$value": ["{n}"]}}"##, .fails(.missingType)),
        StackCase(
            "missing type on an alias's target",
            ##"{"a": {"$value": 1}, "b": {"$type": "number", "$value": "{a}"}}"##, .fails(.missingType)),
        StackCase("a token with children", ##"{"a": {"$type": "number", "$value": 1, "b": {"$value": 2}}}"##, .fails(.tokenWithChildren)),
        StackCase(
            "a theme token where the base has a group",
            [##"{"g": {"$type": "number", "a": {"$value": 1}}}"##, ##"{"g": {"$type": "number", "$value": 2}}"##], .fails(.tokenWithChildren)),
        StackCase(
            "a theme group under a base token",
            [##"{"a": {"$type": "number", "$value": 1}}"##, ##"{"a": {"b": {"$type": "number", "$value": 2}}}"##], .fails(.tokenWithChildren)),
        StackCase("a name with a dot", ##"{"a.b": {"$type": "number", "$value": 1}}"##, .fails(.invalidName)),
        StackCase("a name with braces", ##"{"{a}": {"$type": "number", "$value": 1}}"##, .fails(.invalidName)),
        StackCase("a group name with a closing brace", ##"{"g}": {"a": {"$type": "number", "$value": 1}}}"##, .fails(.invalidName)),
        StackCase("an empty name", ##"{"": {"$type": "number", "$value": 1}}"##, .fails(.invalidName)),
        StackCase("invalid JSON", ##"{"a": {"$type": "number", "$value": 1}"##, .fails(.invalidJSON)),
        StackCase("a root that is not an object", ##"[{"$type": "number", "$value": 1}]"##, .fails(.invalidToken)),
        StackCase("a member that is neither token nor group", ##"{"a": 1}"##, .fails(.invalidToken)),
        StackCase("a token with a plain member", ##"{"a": {"$type": "number", "$value": 1, "note": "x"}}"##, .fails(.invalidToken)),
        StackCase("a $type that is not a string", ##"{"a": {"$type": 5, "$value": 1}}"##, .fails(.invalidToken)),
        StackCase("a group $type that is not a string", ##"{"g": {"$type": ["number"], "a": {"$value": 1}}}"##, .fails(.invalidToken)),
        StackCase("a $description that is not a string", ##"{"a": {"$type": "number", "$value": 1, "$description": 5}}"##, .fails(.invalidToken)),
        StackCase("a group $extensions that is not an object", ##"{"g": {"$extensions": [], "a": {"$type": "number", "$value": 1}}}"##, .fails(.invalidToken)),
        StackCase("a $deprecated that is a number", ##"{"a": {"$type": "number", "$value": 1, "$deprecated": 1}}"##, .fails(.invalidToken)),
        StackCase(
            "a token with both $value and $ref",
            ##"{"a": {"$type": "number", "$value": 1}, "b": {"$type": "number", "$value": 2, "$ref": "#/a"}}"##, .fails(.invalidToken)),
        StackCase("a reference with an empty name", ##"{"a": {"$type": "number", "$value": 1}, "b": {"$type": "number", "$value": "{a..b}"}}"##, .fails(.invalidReference)),
        StackCase("a reference with no closing brace", ##"{"a": {"$type": "number", "$value": 1}, "b": {"$type": "number", "$value": "{a"}}"##, .fails(.invalidReference)),
        StackCase("a reference with padded names", ##"{"a": {"$type": "number", "$value": 1}, "b": {"$type": "number", "$value": "{ a }"}}"##, .fails(.invalidReference)),
        StackCase("a reference embedded in text", ##"{"a": {"$type": "string", "$value": "x"}, "b": {"$type": "string", "$value": "see {a}"}}"##, .fails(.invalidReference)),
        StackCase(
            "a reference embedded in text inside a composite",
            ##"{"f": {"$type": "fontFamily", "$value": "Inter"}, "t": {"$type": "fontFamily", "$value": ["{f} Bold", "serif"]}}"##,
            .fails(.invalidReference)),
    ]

    @Test("stacks with errors are declined", arguments: errorCases)
    func errors(_ stack: StackCase) {
        expectAgreement(stack.sources, expectFast: false, engine: stack.engine, stack.name)
    }

    /// Valid input the fast path leaves to the full engine by design: it must decline, and the engine must
    /// handle it without a diagnostic (else the case would test nothing the error cases do not).
    static let declinedFeatureCases: [StackCase] = [
        StackCase("a whole-token $ref", ##"{"a": {"$type": "number", "$value": 1}, "b": {"$ref": "#/a"}}"##, .clean),
        StackCase("a $ref as the whole value", ##"{"a": {"$type": "number", "$value": 1}, "b": {"$type": "number", "$value": {"$ref": "#/a"}}}"##, .clean),
        StackCase(
            "a $ref inside a composite value",
            ##"{"c": {"$type": "color", "$value": "#0055ff"}, "b": {"$type": "border", "$value": {"color": {"$ref": "#/c"}, "width": "1px", "style": "solid"}}}"##,
            .clean),
        StackCase("an angle reference", ##"{"g": {"$type": "number", "x": {"$value": 1}}, "a": {"$type": "number", "$value": "<g.x>"}}"##, .clean),
        StackCase(
            "an angle reference inside a composite value",
            ##"{"c": {"$type": "color", "x": {"$value": "#0055ff"}}, "b": {"$type": "border", "$value": {"color": "<c.x>", "width": "1px", "style": "solid"}}}"##,
            .clean),
        StackCase("$extends", ##"{"base": {"$type": "number", "x": {"$value": 1}}, "copy": {"$extends": "{base}", "y": {"$value": 2}}}"##, .clean),
        StackCase("a $root token", ##"{"g": {"$type": "number", "$root": {"$value": 1}, "x": {"$value": "{g.$root}"}}}"##, .clean),
        StackCase("a legacy value/type file", ##"{"g": {"a": {"value": "#000000", "type": "color"}, "b": {"value": "{g.a}", "type": "color"}}}"##, .clean),
        StackCase("an escaped key", ##"{"a\u0062": {"$type": "number", "$value": 1}}"##, .clean),
        StackCase("an escaped $value key", ##"{"a": {"$type": "number", "$valu\u0065": 1}}"##, nil),
        StackCase(
            "an escaped whole-value reference",
            ##"{"a": {"$type": "number", "b": {"$value": 1}}, "c": {"$type": "number", "$value": "\u007ba.b}"}}"##, .clean),
        StackCase(
            "an escaped dot in a whole-value reference",
            ##"{"a": {"$type": "number", "b": {"$value": 1}}, "c": {"$type": "number", "$value": "{a\u002eb}"}}"##, .clean),
    ]

    @Test("features left to the full engine are declined", arguments: declinedFeatureCases)
    func declinedFeatures(_ stack: StackCase) {
        expectAgreement(stack.sources, expectFast: false, engine: stack.engine, stack.name)
    }

    /// Clean input that the fast path could answer but declines today. Not a correctness problem (declining is
    /// always allowed); kept so that a change in what the fast path takes is noticed, and so the agreement is
    /// checked should it start taking them.
    static let conservativeDeclineCases: [StackCase] = [
        StackCase("an escaped unit name", ##"{"d": {"$type": "dimension", "$value": {"value": 4, "unit": "p\u0078"}}}"##, .clean),
        StackCase("an escaped plain string value", ##"{"f": {"$type": "fontFamily", "$value": "\"Helvetica Neue\""}}"##, .clean),
        StackCase(
            "an escaped plain string inside a composite",
            ##"{"f": {"$type": "fontFamily", "$value": ["\"Helvetica Neue\"", "sans-serif"]}}"##, .clean),
        StackCase(
            "an escaped dimension inside a composite",
            ##"{"b": {"$type": "border", "$value": {"color": "#000000", "width": "1p\u0078", "style": "solid"}}}"##, .clean),
        StackCase(
            "an escaped reference inside a composite",
            ##"{"c": {"$type": "color", "x": {"$value": "#0055ff"}}, "b": {"$type": "border", "$value": {"color": "{c\u002ex}", "width": "1px", "style": "solid"}}}"##,
            .clean),
        StackCase("a string value starting with <", ##"{"f": {"$type": "fontFamily", "$value": "<Mono>"}}"##, .clean),
        StackCase("a string inside a composite starting with <", ##"{"f": {"$type": "fontFamily", "$value": ["<Mono>", "monospace"]}}"##, .clean),
        StackCase("a string value with an unclosed brace", ##"{"s": {"$type": "string", "$value": "a{b"}}"##, .clean),
        StackCase(
            "a reference to a non-ASCII name",
            ##"{"größe": {"$type": "dimension", "m": {"$value": "4px"}}, "gap": {"$type": "dimension", "$value": "{größe.m}"}}"##, .clean),
        StackCase("a $value at the root, which the engine ignores", ##"{"$value": 1, "a": {"$type": "number", "$value": 1}}"##, .clean),
        StackCase(
            "a theme group at a token's path that adds nothing to it",
            [##"{"a": {"$type": "number", "$value": 1}}"##, ##"{"a": {"$description": "x"}}"##], .clean),
        StackCase(
            "an alias longer than a token holds",
            ##"{"\##(longName)": {"$type": "number", "$value": 1}, "a": {"$type": "number", "$value": "{\##(longName)}"}}"##, .clean),
    ]

    /// A name whose alias, braces included, is one byte longer than the fast path's tokens hold.
    static let longName = String(repeating: "n", count: FastPath.Stack.Token.longestReference - 1)

    @Test("clean stacks the fast path leaves to the engine agree with it", arguments: conservativeDeclineCases)
    func conservativeDeclines(_ stack: StackCase) {
        expectAgreement(stack.sources, expectFast: false, engine: stack.engine, stack.name)
    }

    // MARK: Clean stacks the fast path must take

    /// A token set with composites whose members refer to primitives and to aliases of them.
    static let composites = ##"""
        {
          "color": {
            "$type": "color",
            "ink": {"$value": "#111111"},
            "brand": {"$value": "#0055ff"},
            "accent": {"$value": "{color.brand}"},
            "veil": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.25}}
          },
          "size": {
            "$type": "dimension",
            "hair": {"$value": "1px"},
            "line": {"$value": "{size.hair}"},
            "md": {"$value": {"value": 16, "unit": "px"}}
          },
          "font": {
            "family": {"$type": "fontFamily", "$value": "Inter"},
            "fallback": {"$type": "string", "$value": "Helvetica"},
            "body": {"$type": "fontFamily", "$value": "{font.family}"},
            "stack": {"$type": "fontFamily", "$value": ["{font.body}", "{font.fallback}", "sans-serif"]},
            "weight": {"$type": "fontWeight", "$value": 600}
          },
          "line": {"$type": "strokeStyle", "solid": {"$value": "solid"}, "main": {"$value": "{line.solid}"}},
          "motion": {
            "fast": {"$type": "duration", "$value": "120ms"},
            "ease": {"$type": "cubicBezier", "$value": [0.2, 0, 0, 1]},
            "fade": {"$type": "transition", "$value": {"duration": "{motion.fast}", "delay": "0ms", "timingFunction": "{motion.ease}"}}
          },
          "border": {
            "$type": "border",
            "focus": {"$value": {"color": "{color.accent}", "width": "{size.line}", "style": "{line.main}"}},
            "plain": {"$value": {"color": "{color.ink}", "width": "{size.hair}", "style": "dashed"}},
            "alias": {"$value": "{border.focus}"}
          },
          "shadow": {
            "$type": "shadow",
            "low": {"$value": {"color": "{color.veil}", "offsetX": "0px", "offsetY": "{size.hair}", "blur": "{size.md}", "spread": "0px"}},
            "stack": {"$value": ["{shadow.low}", {"color": "{color.accent}", "offsetX": "0px", "offsetY": "8px", "blur": "16px", "spread": "0px"}]}
          },
          "typography": {
            "$type": "typography",
            "body": {
              "$value": {
                "fontFamily": "{font.stack}", "fontSize": "{size.md}", "fontWeight": "{font.weight}",
                "letterSpacing": "0px", "lineHeight": 1.5
              }
            }
          }
        }
        """##

    /// Composites whose member references name tokens of every kind and spelling a member takes: hex colours
    /// (short, upper case), colour objects (an sRGB one's own hex, another hex, alpha, `none`, a wide-gamut one),
    /// dimensions in rem, negative zero and object form, durations, a cubic Bézier, font weight keywords and
    /// numbers, font family lists, a dashed stroke style, shadow layers with references inside. The fast path
    /// reads most of them with the targets' values substituted; the rest (a `string` token as a font family, a
    /// reference inside a family list or a colour's components, a whole shadow layer) it decodes as JSON.
    static let typedSubstitutions = ##"""
        {
          "c": {
            "$type": "color",
            "hex": {"$value": "#0055FF"},
            "short": {"$value": "#0af8"},
            "own": {"$value": {"colorSpace": "srgb", "components": [0, 0.3333, 1], "hex": "#0055FF"}},
            "other": {"$value": {"colorSpace": "srgb", "components": [0, 0.3333, 1], "hex": "#0055fe", "alpha": 0.5}},
            "p3": {"$value": {"colorSpace": "display-p3", "components": [0.1, 0.2, 0.3], "hex": "#112233"}},
            "hsl": {"$value": {"colorSpace": "hsl", "components": [200, 50, "none"]}},
            "alias": {"$value": "{c.p3}"}
          },
          "d": {"$type": "dimension", "rem": {"$value": "1.5rem"}, "neg": {"$value": "-0px"}, "obj": {"$value": {"value": 2, "unit": "px"}}},
          "t": {"$type": "duration", "s": {"$value": "0.2s"}, "ms": {"$value": {"value": 120, "unit": "ms"}}},
          "e": {"$type": "cubicBezier", "bounce": {"$value": [0.4, -2, 0.2, 3]}},
          "w": {"$type": "fontWeight", "semi": {"$value": "semi-bold"}, "num": {"$value": 650}},
          "f": {"$type": "fontFamily", "stack": {"$value": ["Inter", "Helvetica Neue"]}, "one": {"$value": "Inter"}},
          "name": {"$type": "string", "$value": "Georgia"},
          "half": {"$type": "number", "$value": 0.5},
          "lh": {"$type": "number", "$value": 1.25},
          "dash": {"$type": "strokeStyle", "$value": {"dashArray": ["2px", {"value": 1, "unit": "rem"}], "lineCap": "round"}},
          "border": {
            "$type": "border",
            "hex": {"$value": {"color": "{c.hex}", "width": "{d.rem}", "style": "solid"}},
            "own": {"$value": {"color": "{c.own}", "width": "{d.neg}", "style": "{dash}"}},
            "alias": {"$value": {"color": "{c.alias}", "width": "{d.obj}", "style": "dotted"}},
            "alpha": {"$value": {"color": "{c.other}", "width": "1px", "style": "solid"}},
            "none": {"$value": {"color": "{c.hsl}", "width": "1px", "style": "solid"}},
            "short": {"$value": {"color": "{c.short}", "width": "1px", "style": "solid"}},
            "component": {"$value": {"color": {"colorSpace": "srgb", "components": ["{half}", 0, 0]}, "width": "1px", "style": "solid"}}
          },
          "motion": {"$type": "transition", "$value": {"duration": "{t.s}", "delay": "{t.ms}", "timingFunction": "{e.bounce}"}},
          "shadow": {
            "$type": "shadow",
            "layers": {
              "$value": [
                {"color": "{c.other}", "offsetX": "{d.neg}", "offsetY": "{d.rem}", "blur": "{d.obj}", "spread": "0px", "inset": true},
                {"color": "#000", "offsetX": "0px", "offsetY": "1px", "blur": "{d.rem}", "spread": "0px"}
              ]
            },
            "one": {"$value": {"color": "{c.p3}", "offsetX": "0px", "offsetY": "{d.obj}", "blur": "2px", "spread": "0px"}},
            "whole": {"$value": ["{shadow.one}", {"color": "{c.hex}", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px"}]}
          },
          "type": {
            "$type": "typography",
            "stack": {"$value": {"fontFamily": "{f.stack}", "fontSize": "{d.rem}", "fontWeight": "{w.semi}", "letterSpacing": "{d.neg}", "lineHeight": "{lh}"}},
            "one": {"$value": {"fontFamily": "{f.one}", "fontSize": "16px", "fontWeight": "{w.num}", "letterSpacing": "0px", "lineHeight": 1.5}},
            "string": {"$value": {"fontFamily": "{name}", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}},
            "list": {"$value": {"fontFamily": ["{name}", "{f.one}", "serif"], "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}}
          },
          "families": {"$type": "fontFamily", "$value": ["{f.one}", "{name}", "serif"]}
        }
        """##

    static let cleanCases: [StackCase] = [
        // Numbers past the short way of reading them (more than 15 significant digits, tiny scales).
        StackCase(
            "long and tiny decimals in dimensions and durations",
            ##"{"d": {"$type": "dimension", "a": {"$value": "0.12345678901234567890px"}, "b": {"$value": "0.000000000000000000000001rem"}, "c": {"$value": "-.5px"}, "e": {"$value": "5.px"}}, "t": {"$type": "duration", "a": {"$value": "1234567890123456789ms"}}}"##,
            .clean),
        StackCase("composites whose member references name every kind of value", typedSubstitutions, .clean),
        // The theme changes the targets' kinds of spelling, and an alias a member reaches through.
        StackCase(
            "composites whose member references name every kind of value, under a theme",
            [
                typedSubstitutions,
                ##"{"c": {"hex": {"$value": {"colorSpace": "oklch", "components": [0.7, 0.1, 200]}}, "alias": {"$value": "{c.hsl}"}}, "d": {"rem": {"$value": {"value": 3, "unit": "rem"}}}, "w": {"semi": {"$value": 300}}, "f": {"stack": {"$value": "Menlo"}}, "dash": {"$value": "double"}}"##,
            ],
            .clean),
        // Member references to primitives, to aliases and to other composites, and aliases of composites.
        StackCase("composites with member references", composites, .clean),
        // Late binding: the theme changes primitives and an alias, and every composite that reaches them follows.
        StackCase(
            "composites with member references, under a theme",
            [
                composites,
                ##"{"color": {"brand": {"$value": "#ff5500"}, "accent": {"$value": "{color.ink}"}}, "size": {"hair": {"$value": "2px"}}}"##,
            ],
            .clean),
        // A theme may replace a composite's literal by references and the other way round.
        StackCase(
            "a theme that swaps literals and references inside composites",
            [
                composites,
                ##"{"border": {"plain": {"$value": {"color": "#222222", "width": "3px", "style": "dotted"}}, "focus": {"$value": {"color": "{color.ink}", "width": "{size.md}", "style": "solid"}}}}"##,
            ],
            .clean),
        // A chain whose middle link a theme re-points, and a third layer that turns another link into a literal.
        StackCase(
            "a chain of aliases through theme overrides",
            [
                ##"{"c": {"$type": "color", "red": {"$value": "#ff0000"}, "blue": {"$value": "#0000ff"}, "brand": {"$value": "{c.red}"}, "link": {"$value": "{c.brand}"}, "focus": {"$value": "{c.link}"}, "ring": {"$value": "{c.focus}"}}}"##,
                ##"{"c": {"brand": {"$value": "{c.blue}"}}}"##,
                ##"{"c": {"red": {"$value": "{c.blue}"}, "blue": {"$value": "#00ff00"}}}"##,
            ],
            .clean),
        // A literal that a theme turns into an alias, and an alias it turns into a literal.
        StackCase(
            "a theme that swaps a literal and an alias",
            [
                ##"{"$type": "number", "a": {"$value": 1}, "b": {"$value": "{a}"}, "c": {"$value": 3}}"##,
                ##"{"b": {"$value": 2}, "c": {"$value": "{b}"}}"##,
            ],
            .clean),
        // Group types pass down through groups that have none; a nearer one wins; a theme may change one.
        StackCase(
            "group $type inherited through nested groups and changed by a theme",
            [
                ##"{"$type": "number", "a": {"b": {"c": {"x": {"$value": 1}}}, "d": {"$type": "dimension", "y": {"$value": "2px"}, "e": {"z": {"$value": "3px"}}}}, "w": {"$value": 4}}"##,
                ##"{"a": {"b": {"$type": "dimension", "c": {"x": {"$value": "4px"}}}}}"##,
            ],
            .clean),
        // The only thing a theme changes is a group's type, which its tokens' values fit as well.
        StackCase(
            "a theme that only changes a group $type",
            [##"{"g": {"$type": "number", "w": {"$value": 400}}}"##, ##"{"g": {"$type": "fontWeight"}}"##], .clean),
        // The base has no type anywhere; the theme's root `$type` gives every token one.
        StackCase(
            "a root $type that only the theme writes",
            [##"{"a": {"$value": 1}, "g": {"b": {"$value": 2}}}"##, ##"{"$type": "number"}"##], .clean),
        // An override replaces the value and its own `$type`, keeping the base's where it writes none.
        StackCase(
            "a theme that changes a token's own $type",
            [##"{"gap": {"$type": "number", "$value": 4}, "pad": {"$type": "dimension", "$value": "4px"}}"##, ##"{"gap": {"$type": "dimension", "$value": "4px"}, "pad": {"$value": "8px"}}"##],
            .clean),
        // An alias's own `$type` that matches its target wins over a group type that does not.
        StackCase(
            "an alias with its own matching $type in a group of another type",
            ##"{"n": {"$type": "number", "one": {"$value": 1}}, "c": {"$type": "color", "k": {"$value": "#000000"}, "alias": {"$type": "number", "$value": "{n.one}"}}}"##,
            .clean),
        // Metadata everywhere: on the root, groups and tokens, in the base and in a theme.
        StackCase(
            "$description, $extensions and $deprecated on tokens and groups",
            [
                ##"{"$description": "root", "$extensions": {"org.example": {"a": [1, {"$value": "{x}"}]}}, "$deprecated": false, "g": {"$type": "color", "$description": "colours", "$deprecated": "use h", "$extensions": {"org.example": {"value": "{g.a}"}}, "a": {"$value": "#000000", "$description": "black", "$deprecated": true, "$extensions": {"org.example": {"$ref": "#/g/a"}}}, "b": {"$value": "{g.a}", "$deprecated": false, "$extensions": {}}}}"##,
                ##"{"$description": "theme", "g": {"$description": "theme colours", "$deprecated": false, "a": {"$value": "#ffffff", "$description": "white", "$deprecated": "gone", "$extensions": {"org.example": "<g.b>"}}}}"##,
            ],
            .clean),
        // `$schema` at the root of a base and of a theme.
        StackCase(
            "$schema at the root",
            [
                ##"{"$schema": "https://www.designtokens.org/schemas/2025.10/format.json", "a": {"$type": "number", "$value": 1}}"##,
                ##"{"$schema": "https://www.designtokens.org/schemas/2025.10/format.json", "a": {"$value": 2}}"##,
            ],
            .clean),
        // Tokens written `{"$value": "…"`, whose first member the scanner reads from its bytes, with more members
        // after it, beside the same tokens written otherwise; and a theme's override in that shape.
        StackCase(
            "tokens that open with a string $value",
            [
                ##"{"$type": "color", "a": {"$value": "#000000", "$description": "d"}, "b": {"$value": "{a}", "$type": "color"}, "c": {"$value": "{b}"}, "d": { "$value": "{a}" }, "e": {"$value":"#ffffff"}, "s": {"$value": "{a}", "$extensions": {"x": 1}}}"##,
                ##"{"c": {"$value": "#ff0000"}, "d": {"$value": "{e}"}}"##,
            ],
            .clean),
        // A theme with nothing in it.
        StackCase("an empty theme file", [##"{"a": {"$type": "number", "$value": 1}}"##, "{}"], .clean),
        StackCase("an empty file alone", "{}", .clean),
        StackCase("a file of empty groups", ##"{"g": {}, "h": {"$type": "number", "i": {}}}"##, .clean),
        // A theme may add a group that holds no token: nothing is unmatched.
        StackCase(
            "a theme that adds an empty group",
            [##"{"a": {"$type": "number", "$value": 1}}"##, ##"{"new": {"$type": "color", "$description": "nothing yet"}}"##], .clean),
        // Strings that look a little like references but are not, as whole values and inside composites.
        StackCase(
            "strings that only resemble references",
            ##"{"$type": "string", "a": {"$value": "a<b.c>"}, "b": {"$value": "}"}, "c": {"$value": "a}b"}, "d": {"$value": ""}, "e": {"$value": "$x"}, "f": {"$type": "fontFamily", "$value": ["$x", "a}b", "x<y>", "sans-serif"]}}"##,
            .clean),
        // An escaped key inside a composite literal makes the value look as if it might hold a reference; it does
        // not, and the key means what it says unescaped.
        StackCase(
            "an escaped key inside a composite",
            ##"{"c": {"$type": "color", "x": {"$value": "#0055ff"}}, "b": {"$type": "border", "$value": {"colo\u0072": "{c.x}", "width": "1px", "style": "solid"}}}"##,
            .clean),
        // References inside the layers of a shadow list: the array index is passed over, the member name counts.
        StackCase(
            "references in the layers of a shadow list",
            ##"{"c": {"$type": "color", "$value": "#0055ff"}, "d": {"$type": "dimension", "$value": "2px"}, "s": {"$type": "shadow", "$value": [{"color": "{c}", "offsetX": "0px", "offsetY": "{d}", "blur": "{d}", "spread": "0px"}, {"color": "#000000", "offsetX": "{d}", "offsetY": "1px", "blur": "2px", "spread": "0px"}]}}"##,
            .clean),
        // Names with white space inside, and references to them.
        StackCase(
            "names with inner white space",
            ##"{"a b": {"$type": "number", "c  d": {"$value": 1}}, "r": {"$type": "number", "$value": "{a b.c  d}"}}"##, .clean),
        // A deep group nesting, and an alias chain across it.
        StackCase("deep nesting", deepNesting(depth: 60), .clean),
        // Paths that outgrow the scanner's room for a path part-way down, and an alias to one of them.
        StackCase(
            "long names below a group",
            ##"{"g": {"$type": "number", "\##(String(repeating: "m", count: 3_000))": {"$value": 1}, "h": {"\##(longName.prefix(5_000))": {"$value": 2}}}, "a": {"$type": "number", "$value": "{g.h.\##(longName.prefix(5_000))}"}}"##,
            .clean),
        // The longest alias a token holds (braces included), one byte short of ``longName``'s.
        StackCase(
            "an alias as long as a token holds",
            ##"{"\##(longName.dropLast())": {"$type": "number", "$value": 1}, "a": {"$type": "number", "$value": "{\##(longName.dropLast())}"}}"##,
            .clean),
    ]

    @Test("clean stacks take the fast path", arguments: cleanCases)
    func clean(_ stack: StackCase) {
        expectAgreement(stack.sources, expectFast: true, engine: .clean, stack.name)
    }

    // MARK: Tokens on one line

    /// Tokens written `"name": {"$value": "text"}`, which the scanner reads in one go, beside the same tokens in
    /// every other spelling it leaves to its member loop: each stack must come out as the full engine makes it.
    static let oneLineCleanCases: [StackCase] = [
        StackCase(
            "literals and aliases on one line, in the root and in groups",
            ##"{"a": {"$type": "color", "$value": "#ff0000"}, "g": {"$type": "color", "b": {"$value": "{a}"}, "h": {"c": {"$value": "#00ff00"}, "d": {"$value": "{g.b}"}}}}"##,
            .clean),
        StackCase(
            "names with spaces, digits and punctuation, and a name of one byte",
            ##"{"g": {"$type": "string", "two words": {"$value": "x"}, "7": {"$value": "y"}, "a-b_c!": {"$value": "{g.7}"}, "z": {"$value": "{g.two words}"}}}"##,
            .clean),
        StackCase(
            "the same tokens spelled otherwise: no spaces, more spaces, a second member, non-ASCII",
            ##"{"g": {"$type": "string", "a":{"$value":"x"}, "b": {"$value": "y" }, "c" : {"$value": "z"}, "d": { "$value": "w"}, "e": {"$value": "v", "$description": "d"}, "f": {"$description": "d", "$value": "u"}, "größe": {"$value": "t"}, "h": {"$value": "é"}}}"##,
            .clean),
        StackCase(
            "properties of a group whose object looks like a one-line token",
            ##"{"g": {"$extensions": {"$value": "x"}, "a": {"$type": "string", "$value": "y"}}}"##,
            .clean),
        StackCase(
            "object and array values after the same opening, alone or with more members after them",
            ##"{"a": {"$type": "color", "$value": "#ff0000"}, "g": {"d": {"$value": {"value": 4, "unit": "px"}}, "e": {"$value": {"value": 2, "unit": "rem"}, "$type": "dimension", "$description": "d"}, "b": {"$value": [0.4, 0, 0.2, 1], "$type": "cubicBezier"}, "s": {"$value": {"color": "{a}", "width": {"value": 1, "unit": "px"}, "style": "solid"}, "$type": "border"}, "w": {"$value": [{"color": "{a}", "offsetX": {"value": 1, "unit": "px"}, "offsetY": {"value": 1, "unit": "px"}, "blur": {"value": 2, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}], "$type": "shadow"}}, "$type": "dimension"}"##,
            .clean),
        StackCase(
            "a theme's tokens on one line, over a base's",
            [##"{"g": {"$type": "color", "a": {"$value": "#ff0000"}, "b": {"$value": "{g.a}"}}}"##, ##"{"g": {"a": {"$value": "#0000ff"}}}"##],
            .clean),
    ]

    @Test("tokens written on one line agree with the engine", arguments: oneLineCleanCases)
    func oneLineTokens(_ stack: StackCase) {
        expectAgreement(stack.sources, expectFast: true, engine: stack.engine, stack.name)
    }

    /// One-line tokens where something else makes the fast path decline: the member loop must see it.
    static let oneLineDeclinedCases: [StackCase] = [
        StackCase("a property written as a one-line token", ##"{"g": {"$description": {"$value": "x"}, "a": {"$type": "string", "$value": "y"}}}"##, nil),
        StackCase("a one-line token inside a token", ##"{"t": {"$type": "string", "$value": "x", "c": {"$value": "y"}}}"##, .fails(.tokenWithChildren)),
        StackCase("a one-line token with a dot in its name", ##"{"g": {"$type": "string", "a.b": {"$value": "x"}}}"##, .fails(.invalidName)),
        StackCase("a one-line token with a brace in its name", ##"{"g": {"$type": "string", "a{b": {"$value": "x"}}}"##, .fails(.invalidName)),
        StackCase("a one-line token named twice", ##"{"g": {"$type": "string", "a": {"$value": "x"}, "a": {"$value": "y"}}}"##, nil),
        StackCase(
            "a one-line angle reference",
            ##"{"g": {"$type": "string", "x": {"$value": "hi"}}, "a": {"$type": "string", "b": {"$value": "<g.x>"}}}"##, .clean),
        StackCase("a one-line string with a brace inside", ##"{"g": {"$type": "string", "a": {"$value": "x{y"}}}"##, nil),
        StackCase("a one-line token with an escape in its value", ##"{"g": {"$type": "string", "a": {"$value": "x"}, "i": {"$value": "a\u0062"}}}"##, .clean),
        StackCase("a one-line token's $value written twice", ##"{"g": {"$type": "string", "a": {"$value": "x", "$value": "y"}}}"##, nil),
        StackCase("an object value's $value written twice", ##"{"g": {"$type": "dimension", "a": {"$value": {"value": 1, "unit": "px"}, "$value": {"value": 2, "unit": "px"}}}}"##, nil),
        StackCase("a group below an object value", ##"{"g": {"$type": "dimension", "a": {"$value": {"value": 1, "unit": "px"}, "c": {"$value": {"value": 2, "unit": "px"}}}}}"##, .fails(.tokenWithChildren)),
        StackCase("a one-line alias to nothing", ##"{"g": {"$type": "string", "a": {"$value": "{g.b}"}}}"##, .fails(.unresolvedReference)),
    ]

    @Test("one-line tokens the fast path must decline are declined", arguments: oneLineDeclinedCases)
    func oneLineDeclines(_ stack: StackCase) {
        expectAgreement(stack.sources, expectFast: false, engine: stack.engine, stack.name)
    }

    // MARK: Output order

    /// Sibling names whose byte order is easy to get wrong: a group `a` (whose paths continue with `.`, 0x2E)
    /// beside tokens `a-b` (`-` is 0x2D), `a!`, `a0` and `ab`; upper case before lower case; non-ASCII
    /// (bytes ≥ 0x80) last; and the same names again as tokens, where `a` ends its path and sorts first.
    static let trickyNames = ##"""
        {
          "$type": "number",
          "größe": {"$value": 1},
          "ab": {"$value": 2},
          "a0": {"$value": 3},
          "a": {"b": {"$value": 4}, "c": {"$value": "{a-b}"}},
          "a-b": {"$value": 5},
          "A": {"$value": 6},
          "a!": {"$value": 7},
          "é": {"$value": 8},
          "_": {"$value": 9},
          "Z": {"$value": 10},
          "x-y": {"q": {"$value": 11}},
          "x": {"q": {"$value": 12}},
          "x0": {"q": {"$value": 13}},
          "p": {
            "größe": {"$value": 14},
            "a0": {"$value": 15},
            "a-b": {"$value": 16},
            "a b": {"$value": 17},
            "a": {"$value": 18},
            "A": {"$value": 19},
            "aa": {"$value": "{p.a b}"}
          }
        }
        """##

    @Test("tricky sibling names sort as the engine sorts paths")
    func trickyNameOrder() {
        expectAgreement([source(Self.trickyNames)], expectFast: true, engine: .clean, "tricky names")
        // The same tokens, overridden by a theme in another order.
        let theme = ##"{"p": {"a": {"$value": 20}, "größe": {"$value": 21}}, "a": {"b": {"$value": 22}}, "a!": {"$value": 23}}"##
        expectAgreement([source(Self.trickyNames, name: "base.json"), source(theme, name: "theme.json")], expectFast: true, engine: .clean, "tricky names + theme")
    }

    /// Groups of more than 32 children are sorted by a comparison sort, not the insertion sort of small groups:
    /// sibling groups of 45 and 90 children, tokens and groups mixed, names sharing prefixes, written scrambled.
    @Test("large sibling groups in scrambled order sort as the engine sorts paths")
    func largeSiblingOrder() {
        expectAgreement([source(Self.largeGroups(sizes: [45, 90, 33]))], expectFast: true, engine: .clean, "large groups")
        expectAgreement(
            [source(Self.largeGroups(sizes: [45, 90, 33]), name: "base.json"), source(Self.largeGroupsTheme(), name: "theme.json")],
            expectFast: true, engine: .clean, "large groups + theme")
        // At the root too.
        expectAgreement([source(Self.largeGroups(sizes: [50], atRoot: true))], expectFast: true, engine: .clean, "large root")
    }

    /// Sibling groups `big0`, `big1`… of `sizes[i]` children each, written in a scrambled order. Child `k` is named
    /// from `n<k / 5>`: tokens `n<j>-`, `n<j>_x`, `n<j>+` and `n<j>a`, and a group `n<j>` (holding a token `v`
    /// and an alias `w` of it), so that every group shares its name's start with tokens sorting before it (`-`,
    /// `+` are below `.`) and after it (`_`, `a`). `atRoot` puts the children of one group at the root instead.
    static func largeGroups(sizes: [Int], atRoot: Bool = false) -> String {
        var groups: [String] = []
        for (group, size) in sizes.enumerated() {
            var members: [String] = []
            // A multiplier coprime with the size scrambles 0..<size.
            var step = 7
            while gcd(step, size) != 1 { step += 2 }
            for index in 0..<size {
                let k = (index * step + 3) % size
                let name = "n\(k / 5)" + ["-", "_x", "+", "a", ""][k % 5]
                if k % 5 == 4 {
                    let prefix = atRoot ? "" : "big\(group)."
                    members.append(##""\##(name)": {"w": {"$value": "{\##(prefix)\##(name).v}"}, "v": {"$value": \##(k)}}"##)
                } else {
                    members.append(##""\##(name)": {"$value": \##(k)}"##)
                }
            }
            if atRoot { return ##"{"$type": "number", "## + members.joined(separator: ", ") + "}" }
            groups.append(##""big\##(group)": {"## + members.joined(separator: ", ") + "}")
        }
        return ##"{"$type": "number", "## + groups.joined(separator: ", ") + "}"
    }

    /// Overrides of some of ``largeGroups(sizes:atRoot:)``'s tokens, in yet another order.
    static func largeGroupsTheme() -> String {
        ##"{"big1": {"n3a": {"$value": 300}, "n7": {"v": {"$value": "{big0.n0-}"}}, "n0-": {"$value": 0.5}}, "big0": {"n2_x": {"$value": "{big1.n1.v}"}}}"##
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// Groups nested `depth` deep (`root.l0.l1…`), a token `t` at each level, each an alias of the one a level up.
    static func deepNesting(depth: Int) -> String {
        var json = ""
        var path = "root"
        var above: String? = nil
        for level in 0..<depth {
            let value = above.map { ##""{\##($0).t}""## } ?? "0"
            json += ##"{"t": {"$value": \##(value)}, "l\##(level)": "##
            above = path
            path += ".l\(level)"
        }
        json += "{}" + String(repeating: "}", count: depth)
        return ##"{"$type": "number", "root": "## + json + "}"
    }

    // MARK: Sibling order word by word

    /// Sibling names for ``siblingWords(_:)``: groups of more than 16 (sorted by the quicksort, not the insertion
    /// sort) whose names share their first 8 and 16 bytes, so the order is decided in the second or third word;
    /// names of exactly 7, 8, 15 and 16 bytes (a group's dot then starts the next word, or ends this one); and a
    /// token and groups whose names share a prefix (`a` beside `a-b` and `ab`).
    static let siblingNameSets: [(name: String, names: [String])] = [
        ("accent-emphasis-0…20", (0...20).map { "accent-emphasis-\($0)" } + ["accent-emphasis", "accent-emphasis-", "accent-emphasi", "accent-e", "accent-"]),
        (
            "names of 7, 8, 15 and 16 bytes",
            [
                "abcdefg", "abcdefgh", "abcdefghabcdefg", "abcdefghabcdefgh", "abcdefgh-", "abcdefgh0", "abcdefgh-x", "abcdefghA", "abcdefgh_",
                "abcdefghabcdefgh-", "abcdefghabcdefgh0", "abcdefghabcdefgha", "abcdefghabcdefg-", "abcdefghabcdefg0", "abcdefga", "abcdefg-",
                "abcdefghabcdefghabcdefgh", "abcdefghabcdefghabcdefg", "abcdefgi", "abcdefgg",
            ]),
        ("a, a-b, ab and others sharing a", ["a", "a-b", "ab", "a-", "a--", "a-a", "a!", "a0", "a_", "aa", "a-bc", "a-b-", "abc", "A", "b", "a~", "a-B", "aB"]),
    ]

    /// `names` as children of a group `g` (and again at the root), in `order`: each a token when `isGroup` says
    /// false, else a group holding a token `v` and an alias `w` of it.
    static func siblingWords(_ names: [String], isGroup: (Int) -> Bool, order: [Int]) -> String {
        func members(prefix: String) -> String {
            order.map { index in
                let name = names[index]
                return isGroup(index)
                    ? ##""\##(name)": {"w": {"$value": "{\##(prefix)\##(name).v}"}, "v": {"$value": \##(index)}}"##
                    : ##""\##(name)": {"$value": \##(index)}"##
            }.joined(separator: ", ")
        }
        return ##"{"$type": "number", "g": {"## + members(prefix: "g.") + "}, " + members(prefix: "") + "}"
    }

    /// Each name set with every sibling a token, every one a group, alternating both ways, and in sorted,
    /// reversed and shuffled order (a fixed seed, so every run writes the same files).
    @Test("siblings that share their first 8 or 16 bytes sort as the engine sorts paths", arguments: siblingNameSets.indices)
    func siblingWordOrder(set: Int) {
        let (label, names) = Self.siblingNameSets[set]
        #expect(names.count > 16 && Set(names).count == names.count, "the set must reach the quicksort and hold no name twice")
        var generator = SplitMix(state: UInt64(set) + 1)
        let sorted = names.indices.sorted { names[$0].utf8.lexicographicallyPrecedes(names[$1].utf8) }
        let orders = [("sorted", sorted), ("reversed", Array(sorted.reversed())), ("shuffled", names.indices.shuffled(using: &generator))]
        let kinds: [(String, (Int) -> Bool)] = [("tokens", { _ in false }), ("groups", { _ in true }), ("even groups", { $0 % 2 == 0 }), ("odd groups", { $0 % 2 == 1 })]
        for (orderName, order) in orders {
            for (kindName, isGroup) in kinds {
                let json = Self.siblingWords(names, isGroup: isGroup, order: order)
                expectAgreement([source(json)], expectFast: true, engine: .clean, "\(label), \(kindName), \(orderName)")
            }
        }
    }

    /// A token `a` and a group `a-b` sort as `a` < `a-b.…` < `ab`, and a group `a` with a token `a-b` as
    /// `a-b` < `a.…` < `ab`: the group's dot (0x2E) sits between `-` (0x2D) and letters. With a theme overriding some.
    @Test("a token and a group whose names share a prefix sort by the group's dot")
    func tokenAndGroupSharingPrefix() {
        let tokenFirst = ##"{"$type": "number", "ab": {"$value": 1}, "a-b": {"c": {"$value": 2}}, "a": {"$value": 3}, "a-": {"$value": 4}, "a0": {"$value": 5}}"##
        let groupFirst = ##"{"$type": "number", "ab": {"c": {"$value": 1}}, "a-b": {"$value": 2}, "a": {"c": {"$value": 3}, "d": {"$value": "{a-b}"}}, "a-": {"c": {"$value": 4}}}"##
        expectAgreement([source(tokenFirst)], expectFast: true, engine: .clean, "token a, group a-b")
        expectAgreement([source(groupFirst)], expectFast: true, engine: .clean, "group a, token a-b")
        expectAgreement(
            [source(groupFirst, name: "base.json"), source(##"{"a": {"c": {"$value": 30}}, "a-b": {"$value": "{ab.c}"}}"##, name: "theme.json")],
            expectFast: true, engine: .clean, "group a, token a-b, under a theme")
    }

    /// Sibling groups shaped alike (the same names in the same order, each a token or a group alike) take the
    /// order worked out for the first of them (``FastPath/KeyOrder``): groups that repeat a shape, and groups that
    /// differ from it in one child's kind (a group's dot moves it past `a-b`), in one name, or in their order.
    @Test("groups shaped alike share their sibling order; a child's kind, a name or the order makes another shape")
    func repeatedShapes() {
        let names = ["ab", "a-b", "a", "a-", "a0", "a!", "b"]
        func members(_ order: [Int], groupAt: Int? = nil, renamed: Int? = nil) -> String {
            order.map { index in
                let name = index == renamed ? names[index] + "x" : names[index]
                return index == groupAt ? ##""\##(name)": {"c": {"$value": \##(index)}}"## : ##""\##(name)": {"$value": \##(index)}"##
            }.joined(separator: ", ")
        }
        let order = Array(names.indices)
        let groups = [
            members(order), members(order), members(order, groupAt: 2), members(order, groupAt: 2), members(order),
            members(order, renamed: 4), members(order.reversed()), members(order, groupAt: 3), members(order),
        ]
        // Names alike in their first eight bytes and length, which only a comparison of the whole names tells apart.
        let long = [["accent-emphasis-1", "accent-emphasis-0", "accent-emphasis-2"], ["accent-emphasis-3", "accent-emphasis-0", "accent-emphasis-2"]]
            .map { $0.enumerated().map { ##""\##($0.element)": {"$value": \##($0.offset)}"## }.joined(separator: ", ") }
        let json = ##"{"$type": "number", "##
            + (groups + long).enumerated().map { ##""g\##($0.offset)": {\##($0.element)}"## }.joined(separator: ", ") + "}"
        expectAgreement([source(json)], expectFast: true, engine: .clean, "repeated shapes")
    }

    // MARK: Batched alias lookup

    /// A file of 40 tokens `base.t0…t39` and 40 aliases `alias.a0…a39`, alias `i` of `base.t<39 - i>`, except
    /// alias `odd` (if any), whose value is `oddValue`. Aliases are looked up 32 at a time, file by file: 40 makes
    /// a full batch and a part one. `base` also holds a token `größe`, which no alias names but the odd one.
    static func aliasBatches(odd: Int?, oddValue: String) -> String {
        // A token with a non-ASCII name, which the fast path takes, but not a reference to it.
        let base = ((0..<40).map { ##""t\##($0)": {"$value": \##($0)}"## } + [##""größe": {"$value": 7}"##]).joined(separator: ", ")
        let aliases = (0..<40).map { index in
            ##""a\##(index)": {"$value": \##(index == odd ? oddValue : ##""{base.t\##(39 - index)}""##)}"##
        }.joined(separator: ", ")
        return ##"{"$type": "number", "base": {"## + base + ##"}, "alias": {"## + aliases + "}}"
    }

    @Test("40 plain aliases, looked up in batches, take the fast path")
    func plainAliasBatches() {
        expectAgreement([source(Self.aliasBatches(odd: nil, oddValue: ""))], expectFast: true, engine: .clean, "40 plain aliases")
        // Aliases of aliases, some pointing forward to aliases later in the file, and a theme re-pointing some.
        let chained = Self.aliasBatches(odd: 20, oddValue: ##""{alias.a35}""##)
        expectAgreement([source(chained)], expectFast: true, engine: .clean, "an alias of a later alias")
        let theme = ##"{"alias": {"a3": {"$value": "{alias.a20}"}, "a17": {"$value": 170}, "a30": {"$value": "{base.t0}"}}}"##
        expectAgreement([source(chained, name: "base.json"), source(theme, name: "theme.json")], expectFast: true, engine: .clean, "under a theme")
    }

    /// One alias that is not a plain `{…}` reference (or names nothing, or a group), among 39 plain ones: at the
    /// start, in the middle and at the end of the full batch, and at the start and the end of the part batch. The fast path must
    /// decline; each value's meaning to the engine is given, so that each case is the case it claims to be.
    static let oddAliases: [(value: String, engine: EngineOutcome)] = [
        (##""{ base.t1}""##, .fails(.invalidReference)),
        (##""{base..t1}""##, .fails(.invalidReference)),
        (##""{base.t1}x""##, .fails(.invalidReference)),
        (##""{base.t1""##, .fails(.invalidReference)),
        (##""{base.missing}""##, .fails(.unresolvedReference)),
        (##""{base}""##, .fails(.referenceToGroup)),
        // Well-formed, but not ASCII: the lookup leaves it to the engine's reading.
        (##""{base.größe}""##, .clean),
    ]

    @Test("an alias that is no plain reference, anywhere among 40, is left to the engine", arguments: [0, 15, 16, 24, 31, 32, 39])
    func oddAliasInBatches(position: Int) {
        for (value, engine) in Self.oddAliases {
            expectAgreement(
                [source(Self.aliasBatches(odd: position, oddValue: value))], expectFast: false, engine: engine, "alias \(position) is \(value)")
        }
    }

    // MARK: Unicode normalisation

    /// `é` written precomposed (U+00E9) and decomposed (`e` + U+0301): different bytes, one `Character`.
    static let composed = "\u{E9}", decomposed = "e\u{301}"

    /// Two sibling groups whose names are canonically equivalent but different bytes, with different `$type`s.
    /// The full engine keeps group properties by `String`, which compares canonically, so it merges the two
    /// groups' `$type`s, while paths are bytes everywhere else. The fast path declines non-ASCII group names
    /// rather than copy that.
    @Test("canonically equivalent sibling group names are left to the engine")
    func equivalentGroupNames() {
        let json = ##"{"\##(Self.composed)": {"$type": "color", "x": {"$value": "#FF0000"}}, "\##(Self.decomposed)": {"$type": "string", "y": {"$value": "#00FF00"}}}"##
        expectAgreement([source(json)], expectFast: false, "NFC/NFD sibling groups, colour then string")
    }

    /// The same across files, where the merged type does not fit the base's token: the engine fails with
    /// invalid-value, so the fast path must not answer.
    @Test("a theme group canonically equivalent to a base group is left to the engine")
    func equivalentGroupNamesAcrossFiles() {
        let base = ##"{"\##(Self.composed)": {"$type": "number", "x": {"$value": 1}}}"##
        let theme = ##"{"\##(Self.decomposed)": {"$type": "dimension"}}"##
        expectAgreement([source(base, name: "base.json"), source(theme, name: "theme.json")], expectFast: false, "NFC base, NFD theme group")
    }

    // MARK: Agreement

    /// What the full engine is expected to make of a stack.
    enum EngineOutcome: Sendable {
        /// Resolves with no diagnostic.
        case clean
        /// Resolves, with (at least) a warning of this rule.
        case warns(Diagnostic.Rule)
        /// Throws, with (at least) an error of this rule.
        case fails(Diagnostic.Rule)
    }

    /// A named stack of inline token files, base first.
    struct StackCase: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [String]
        /// What the full engine must make of it; nil to check agreement only.
        var engine: EngineOutcome?

        init(_ name: String, _ files: [String], _ engine: EngineOutcome?) {
            self.name = name
            self.files = files
            self.engine = engine
        }

        init(_ name: String, _ file: String, _ engine: EngineOutcome?) {
            self.init(name, [file], engine)
        }

        /// `tokens.json` alone; else `base.json`, `theme.json`, then `layer-3.json`….
        var sources: [TokenSource] {
            files.enumerated().map { index, json in
                let name = files.count == 1 ? "tokens.json" : index == 0 ? "base.json" : index == 1 ? "theme.json" : "layer-\(index + 1).json"
                return source(json, name: name)
            }
        }

        var testDescription: String { name }
    }

    /// Runs the fast path and the full engine on `sources` and checks the fast path's contract:
    ///
    /// - when it answers, the engine resolves with no diagnostic at all and writes the same bytes (a mismatch is
    ///   reported at its first differing line);
    /// - `expectFast` true: it answers; false: it declines; nil: either;
    /// - `engine`, when given: what the full engine makes of the stack.
    func expectAgreement(
        _ sources: [TokenSource], expectFast: Bool?, engine: EngineOutcome? = nil, _ label: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let fast = FastPath.flatJSON(sources)
        let theme: ResolvedTheme?
        let diagnostics: [Diagnostic]
        do {
            let resolved = try ResolvedTheme.resolve(sources)
            theme = resolved
            diagnostics = resolved.diagnostics
        } catch {
            theme = nil
            diagnostics = error.diagnostics
        }
        let report = diagnostics.isEmpty ? "no diagnostics" : Self.summary(diagnostics)

        if let fast {
            if let theme {
                #expect(diagnostics.isEmpty, "[\(label)] the fast path answered, but the full engine warns:\n\(report)", sourceLocation: sourceLocation)
                let full = theme.flatJSON()
                if full != fast {
                    Issue.record("[\(label)] the fast path's output differs from the full engine's:\n\(Self.firstDifference(full, fast))", sourceLocation: sourceLocation)
                }
            } else {
                Issue.record("[\(label)] the fast path answered, but the full engine fails:\n\(report)", sourceLocation: sourceLocation)
            }
        }
        switch expectFast {
        case true?: #expect(fast != nil, "[\(label)] the fast path declined; the full engine gives \(theme == nil ? "errors" : "a theme") with \(report)", sourceLocation: sourceLocation)
        case false?: #expect(fast == nil, "[\(label)] the fast path answered, but was expected to decline", sourceLocation: sourceLocation)
        case nil: break
        }
        switch engine {
        case .clean?:
            #expect(theme != nil && diagnostics.isEmpty, "[\(label)] expected the full engine to resolve cleanly; it gives \(report)", sourceLocation: sourceLocation)
        case .warns(let rule)?:
            #expect(
                theme != nil && diagnostics.contains { $0.rule == rule && $0.severity == .warning },
                "[\(label)] expected the full engine to resolve with a [\(rule)] warning; it \(theme == nil ? "fails" : "resolves") with \(report)",
                sourceLocation: sourceLocation)
        case .fails(let rule)?:
            #expect(
                theme == nil && diagnostics.contains { $0.rule == rule && $0.severity == .error },
                "[\(label)] expected the full engine to fail with a [\(rule)] error; it \(theme == nil ? "fails" : "resolves") with \(report)",
                sourceLocation: sourceLocation)
        case nil:
            break
        }
    }

    /// The first few diagnostics, one a line.
    static func summary(_ diagnostics: [Diagnostic]) -> String {
        let shown = diagnostics.prefix(5).map(\.description).joined(separator: "\n")
        return diagnostics.count > 5 ? shown + "\n… and \(diagnostics.count - 5) more" : shown
    }

    /// The first line (1-based) where two outputs differ, both versions of it. Lines are compared as bytes: as
    /// `String`s, canonically equivalent text would compare equal.
    static func firstDifference(_ full: [UInt8], _ fast: [UInt8]) -> String {
        let fullLines = full.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let fastLines = fast.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for index in 0..<max(fullLines.count, fastLines.count) {
            let fullLine = index < fullLines.count ? fullLines[index] : nil
            let fastLine = index < fastLines.count ? fastLines[index] : nil
            guard let fullLine, let fastLine, fullLine.elementsEqual(fastLine) else {
                func show(_ line: ArraySlice<UInt8>?) -> String {
                    guard let line else { return "(no such line)" }
                    return String(decoding: line, as: UTF8.self) + " " + line.map { $0 < 0x80 ? "" : String($0, radix: 16) }.joined()
                }
                return """
                    line \(index + 1) of \(fullLines.count) (full engine) / \(fastLines.count) (fast path):
                      full engine: \(show(fullLine))
                      fast path:   \(show(fastLine))
                    """
            }
        }
        return "the outputs differ, but no line does"
    }
}

/// Files of the checkout, listed by walking directories with POSIX calls (the test target does without
/// Foundation, as ``TestPaths`` does).
enum RepositoryTree {
    /// Every regular file under `directory` (relative to the repository root), recursively, as paths relative to
    /// the root, sorted.
    static func files(under directory: String) -> [String] {
        var found: [String] = []
        collect(directory, into: &found)
        return found.sorted()
    }

    private static func collect(_ relative: String, into found: inout [String]) {
        guard let directory = opendir(TestPaths.repositoryRoot + "/" + relative) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = relative + "/" + name
            var info = stat()
            guard stat(TestPaths.repositoryRoot + "/" + path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: collect(path, into: &found)
            case S_IFREG: found.append(path)
            default: break
            }
        }
    }
}
