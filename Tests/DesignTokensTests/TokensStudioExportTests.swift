import Testing
import ThemeEngineTestSupport

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

#if canImport(Glibc)
    import Glibc
#endif

/// Tokens Studio exports read as resolver documents: both layouts (a folder of set files with `$themes.json` and
/// `$metadata.json`, and one file of sets), the values of every permutation, the set order, and every problem
/// with its exact message and place.
@Suite("Tokens Studio exports")
struct TokensStudioExportTests {
    static let fixtures = TestPaths.fixtures + "/tokens-studio"

    /// The fixture export, by each path `--resolver` takes for it: both layouts hold the same sets and themes.
    static let fixturePaths = [
        "multi-file/$themes.json", "multi-file", "multi-file/", "multi-file/$metadata.json", "single-file/tokens.json",
    ]

    /// What each permutation of the fixture resolves to: (mode, brand) → button token → value.
    static let expected: [String: [String: String]] = [
        "light acme": [
            "background": "#2463eb", "text": "#ffffff", "focus": "#93b4fd", "padding": "16px", "radius": "6px",
        ],
        "light globex": [
            "background": "#f97316", "text": "#ffffff", "focus": "#fdba74", "padding": "16px", "radius": "0px",
        ],
        // semantic/dark comes after the brand sets in tokenSetOrder, so its accent wins over either brand's, though
        // the group "mode" comes before "brand" in $themes.json.
        "dark acme": [
            "background": "#2463eb", "text": "#111111", "focus": "#ffffff", "padding": "16px", "radius": "6px",
        ],
        "dark globex": [
            "background": "#f97316", "text": "#111111", "focus": "#ffffff", "padding": "16px", "radius": "0px",
        ],
    ]

    /// A button token's value as `--format flat` writes it.
    static func flat(_ theme: ResolvedTheme, _ path: String) -> String? {
        switch theme.value(path) {
        case .color(let color)?: color.hex
        case .dimension(let dimension)?: "\(dimension)"
        default: nil
        }
    }

    // MARK: The fixture, in both layouts

    @Test(
        "groups are modifiers in the order they come, themes their contexts, the first theme the default",
        arguments: fixturePaths)
    func modifiers(path: String) throws {
        let document = try ResolverDocument(contentsOfFile: Self.fixtures + "/" + path)
        #expect(document.modifiers.map(\.name) == ["mode", "brand"])
        #expect(document.modifiers.map(\.contexts) == [["light", "dark"], ["acme", "globex"]])
        #expect(document.modifiers.map(\.defaultContext) == ["light", "acme"])
        #expect(document.permutationCount == 4)
    }

    @Test(
        "every permutation layers the sets its themes select, enabled or source, in tokenSetOrder",
        arguments: fixturePaths)
    func permutations(path: String) throws {
        var resolver = try ThemeResolver(contentsOfFile: Self.fixtures + "/" + path)
        for mode in ["light", "dark"] {
            for brand in ["acme", "globex"] {
                let theme = try resolver.resolve(["mode": mode, "brand": brand])
                let expected = try #require(Self.expected["\(mode) \(brand)"])
                for (token, value) in expected {
                    #expect(Self.flat(theme, "button." + token) == value, "\(mode) \(brand) button.\(token)")
                }
                // A source set's tokens are there, under their own paths: a set's name is not part of them.
                #expect(theme.color("color.white")?.hex == "#ffffff")
                #expect(theme["core.color.white"] == nil)
                // "experimental" is in tokenSetOrder, but no theme selects it: no permutation layers it.
                #expect(theme.paths.count == 20)
                // One warning for the export, whose sets are written as Tokens Studio writes tokens.
                #expect(theme.diagnostics.map(\.rule) == [.nonConforming])
            }
        }
        let defaults = try resolver.resolve()
        #expect(Self.flat(defaults, "button.background") == "#2463eb")
    }

    @Test("an export written with $value reads as Tokens Studio writes it: its type names, bare numbers, arithmetic")
    func dollarStyleExport() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let export = ##"""
            {"core": {
               "base": {"$type": "sizing", "$value": "16"},
               "step": {"$type": "spacing", "$value": "floor({base} / 3)"},
               "wide": {"$type": "sizing", "$value": "max({base} * 2, 40)"},
               "font": {"$type": "fontFamilies", "$value": "Inter"},
               "ink": {"$type": "color", "$value": "#000000"},
               "veil": {"$type": "color", "$value": "rgba({ink}, 25%)"}},
             "$themes": [{"name": "only", "selectedTokenSets": {"core": "enabled"}}],
             "$metadata": {"tokenSetOrder": ["core"]}}
            """##
        try directory.create("tokens.json", Array(export.utf8))
        var resolver = try ThemeResolver(contentsOfFile: directory.path + "/tokens.json")
        let theme = try resolver.resolve()
        #expect(
            String(decoding: theme.flatJSON(), as: UTF8.self) == """
                {
                  "base": "16px",
                  "font": "Inter",
                  "ink": "#000000",
                  "step": "5px",
                  "veil": "#00000040",
                  "wide": "40px"
                }

                """)
        // One warning for the export; none for each value.
        #expect(theme.diagnostics.map(\.rule) == [.nonConforming])
    }

    @Test("the single file and the folder are the same export: every permutation resolves to the same tokens")
    func layoutsAgree() throws {
        let folder = try ResolverDocument(contentsOfFile: Self.fixtures + "/multi-file/$themes.json")
        let file = try ResolverDocument(contentsOfFile: Self.fixtures + "/single-file/tokens.json")
        for input in try folder.permutations() {
            let fromFolder = try ResolvedTheme.resolve(try folder.sources(for: input))
            let fromFile = try ResolvedTheme.resolve(try file.sources(for: input))
            #expect(fromFolder.paths == fromFile.paths)
            for path in fromFolder.paths { #expect(fromFolder.value(path) == fromFile.value(path), "\(input) \(path)") }
        }
    }

    @Test("the document's own files are $themes.json and $metadata.json; its sources are the set files")
    func files() throws {
        let document = try ResolverDocument(contentsOfFile: Self.fixtures + "/multi-file")
        #expect(document.path == Self.fixtures + "/multi-file/$themes.json")
        #expect(
            document.documentSources.map { $0.name.split(separator: "/").last! } == ["$themes.json", "$metadata.json"])
        #expect(
            try document.sources(for: ["mode": "dark", "brand": "globex"]).map {
                $0.name.replacingOccurrences(Self.fixtures + "/multi-file/", "")
            }
                == ["core.json", "brand/globex.json", "semantic/dark.json", "components/button.json"])
        let single = try ResolverDocument(contentsOfFile: Self.fixtures + "/single-file/tokens.json")
        #expect(
            try single.sources(for: ["mode": "dark", "brand": "globex"]).map { $0.root }
                == ["#/core", "#/brand~1globex", "#/semantic~1dark", "#/components~1button"])
    }

    // MARK: Layering

    /// A folder holding an export: each relative path (`brand/acme.json`) with its text, folders made as needed.
    static func export(_ files: [String: String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for (name, text) in files {
            var folder = directory.path
            for part in name.split(separator: "/").dropLast() {
                folder += "/" + part
                mkdir(folder, 0o755)
            }
            try directory.create(name, Array(text.utf8))
        }
        return directory
    }

    /// A set file defining `token` as the number `value`.
    static func set(_ token: String, _ value: Int) -> String {
        ##"{"\##(token)": {"value": \##(value), "type": "number"}}"##
    }

    @Test(
        "a group's sets may lie anywhere in the set order, and a set several groups select is layered when any chooses it; switching in any order gives what resolving from scratch gives"
    )
    func interleavedGroups() throws {
        // tokenSetOrder interleaves the groups: a1, b1, shared, a2, b2. "shared" is selected by a=2 and by b=1.
        let themes = ##"""
            [
              {"name": "1", "group": "a", "selectedTokenSets": {"base": "source", "a1": "enabled"}},
              {"name": "2", "group": "a", "selectedTokenSets": {"base": "source", "a2": "enabled", "shared": "enabled"}},
              {"name": "1", "group": "b", "selectedTokenSets": {"base": "source", "b1": "enabled", "shared": "source"}},
              {"name": "2", "group": "b", "selectedTokenSets": {"base": "source", "b2": "enabled"}}
            ]
            """##
        let directory = try Self.export([
            "$themes.json": themes,
            "$metadata.json": ##"{"tokenSetOrder": ["base", "a1", "b1", "shared", "a2", "b2"]}"##,
            "base.json":
                ##"{"x": {"value": 0, "type": "number"}, "y": {"value": 0, "type": "number"}, "sum": {"value": "{x}", "type": "number"}}"##,
            "a1.json": Self.set("x", 1), "b1.json": Self.set("x", 2), "shared.json": Self.set("y", 3),
            "a2.json": Self.set("x", 4), "b2.json": Self.set("y", 5),
        ])
        defer { directory.remove() }
        let document = try ResolverDocument(contentsOfFile: directory.path + "/$themes.json")
        // The last set in tokenSetOrder that a permutation layers wins: (x, y) for a, b.
        let expected: [[String: String]: [Double]] = [
            ["a": "1", "b": "1"]: [2, 3], ["a": "1", "b": "2"]: [1, 5],
            ["a": "2", "b": "1"]: [4, 3], ["a": "2", "b": "2"]: [4, 5],
        ]
        let orders = [[0, 1, 2, 3], [3, 2, 1, 0], [0, 3, 1, 2, 0], [2, 0, 2, 1, 3, 1]]
        let permutations = try document.permutations()
        for order in orders {
            var resolver = ThemeResolver(document: document)
            for index in order {
                let input = permutations[index]
                let theme = try resolver.resolve(input)
                #expect([theme.number("x"), theme.number("y")] == expected[input]!.map { Optional($0) }, "\(input)")
                let scratch = try ResolvedTheme.resolve(try document.sources(for: input))
                #expect(theme.tokens == scratch.tokens, "\(input) after \(order)")
            }
        }
    }

    @Test("an export without themes is one permutation of every set, in tokenSetOrder then file order")
    func noThemes() throws {
        let file = ##"""
            {
              "late": {"n": {"value": 3, "type": "number"}},
              "base": {"n": {"value": 1, "type": "number"}, "m": {"value": 1, "type": "number"}},
              "middle": {"m": {"value": 2, "type": "number"}},
              "$themes": [],
              "$metadata": {"tokenSetOrder": ["base", "middle"]}
            }
            """##
        let directory = try Self.export(["tokens.json": file])
        defer { directory.remove() }
        var resolver = try ThemeResolver(contentsOfFile: directory.path + "/tokens.json")
        #expect(resolver.document.modifiers.isEmpty)
        #expect(resolver.document.permutationCount == 1)
        let theme = try resolver.resolve()
        #expect(theme.number("n") == 3)  // "late" is not in tokenSetOrder: it follows, in the file's order
        #expect(theme.number("m") == 2)
    }

    @Test("a folder with $metadata.json and no $themes.json: one permutation of the sets tokenSetOrder lists")
    func metadataOnly() throws {
        let directory = try Self.export([
            "$metadata.json": ##"{"tokenSetOrder": ["core/base", "core/override"]}"##,
            "core/base.json": Self.set("n", 1), "core/override.json": Self.set("n", 2),
            "unlisted.json": Self.set("n", 3),
        ])
        defer { directory.remove() }
        var resolver = try ThemeResolver(contentsOfFile: directory.path)
        #expect(resolver.document.modifiers.isEmpty)
        #expect(try resolver.resolve().number("n") == 2)
    }

    @Test("themes without a group are one modifier, \"theme\"; a theme that selects nothing layers nothing")
    func ungroupedThemes() throws {
        let themes =
            ##"[{"name": "Brand A", "selectedTokenSets": {"a": "enabled"}}, {"name": "Empty", "selectedTokenSets": {"a": "disabled"}}]"##
        let directory = try Self.export(["$themes.json": themes, "a.json": Self.set("n", 1)])
        defer { directory.remove() }
        var resolver = try ThemeResolver(contentsOfFile: directory.path + "/$themes.json")
        #expect(resolver.document.modifiers.map(\.name) == ["theme"])
        #expect(resolver.document.modifiers.map(\.contexts) == [["Brand A", "Empty"]])
        #expect(try resolver.resolve(["theme": "brand a"]).number("n") == 1)
        #expect(try resolver.resolve(["theme": "Empty"]).count == 0)
    }

    @Test("a problem in a set file is reported in that file; an input a group does not have, at its first theme")
    func problemsInSetsAndInputs() throws {
        let themes = "[\n  {\"name\": \"light\", \"group\": \"mode\", \"selectedTokenSets\": {\"a\": \"enabled\"}}\n]"
        let directory = try Self.export([
            "$themes.json": themes, "a.json": "{\n  \"n\": {\"value\": \"{nope}\", \"type\": \"number\"}\n}",
        ])
        defer { directory.remove() }
        var resolver = try ThemeResolver(contentsOfFile: directory.path + "/$themes.json")
        do {
            _ = try resolver.resolve()
            Issue.record("no error")
        } catch {
            let location = try #require(error.errors.first?.location)
            #expect(location.file == directory.path + "/a.json")
            #expect((location.line, location.column) == (2, 18))
        }
        do {
            _ = try resolver.document.contexts(for: ["mode": "dark"])
            Issue.record("no error")
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [##"invalid context "dark" for modifier "mode"; expected light"##])
            #expect(
                error.diagnostics.first?.location
                    == SourceLocation(file: directory.path + "/$themes.json", line: 2, column: 3))
        }
    }

    // MARK: Errors

    /// The errors reading the export in a folder of `files` reports, each `file:line:column: message` with the
    /// folder's path left out; `path` is what is read, relative to the folder.
    static func errors(_ files: [String: String], reading path: String = "$themes.json") throws -> [String] {
        let directory = try export(files)
        defer { directory.remove() }
        do {
            _ = try ResolverDocument(contentsOfFile: directory.path + "/" + path)
            return []
        } catch {
            #expect(error.diagnostics.allSatisfy { $0.rule == .invalidResolver || $0.rule == .invalidJSON })
            return error.diagnostics.map { diagnostic in
                let place =
                    diagnostic.location.map {
                        "\($0.file.replacingOccurrences(directory.path + "/", "")):\($0.line):\($0.column): "
                    } ?? ""
                return place + diagnostic.message.replacingOccurrences(directory.path, "PATH")
            }
        }
    }

    static let validSets = ["color/light.json": Self.set("n", 1), "color/dark.json": Self.set("n", 2)]

    @Test(
        "every problem of $themes.json and $metadata.json, in its own words, where it is written",
        arguments: [
            (
                ##"{"name": "light"}"##, nil,
                [##"$themes.json:1:1: $themes.json is an array of themes, found an object"##]
            ),
            (
                ##"["light"]"##, nil,
                [
                    ##"$themes.json:1:2: a theme is an object with "name", "group" and "selectedTokenSets", found a string"##
                ]
            ),
            (
                ##"[{"group": "mode", "selectedTokenSets": {}}, {"name": "", "selectedTokenSets": {}}]"##, nil,
                [
                    ##"$themes.json:1:2: a theme needs "name", a string that is not empty"##,
                    ##"$themes.json:1:55: a theme needs "name", a string that is not empty"##,
                ]
            ),
            (
                ##"[{"name": "light", "group": 1, "selectedTokenSets": {}}]"##, nil,
                [##"$themes.json:1:29: the group of theme "light" is a string, found a number"##]
            ),
            (
                ##"[{"name": "light", "group": "mode"}]"##, nil,
                [
                    ##"$themes.json:1:2: theme "light" needs "selectedTokenSets", an object that gives each set the status "enabled", "source" or "disabled""##
                ]
            ),
            (
                ##"[{"name": "light", "selectedTokenSets": {"color/light": "Enabled", "color/dark": true}}]"##, nil,
                [
                    ##"$themes.json:1:57: theme "light" gives the set "color/light" the status "Enabled"; expected "enabled", "source" or "disabled"; did you mean "enabled"?"##,
                    ##"$themes.json:1:82: theme "light" gives the set "color/dark" the status a boolean; expected "enabled", "source" or "disabled""##,
                ]
            ),
            (
                ##"[{"name": "light", "selectedTokenSets": {"colour/light": "enabled", "gone": "disabled"}}]"##,
                ##"{"tokenSetOrder": ["color/light", "color/dark"]}"##,
                [
                    ##"$themes.json:1:42: theme "light" selects the set "colour/light", which the export does not have: cannot read PATH/colour/light.json: No such file or directory; did you mean "color/light"?"##
                ]
            ),
            (
                ##"[{"name": "light", "group": "mode", "selectedTokenSets": {}}, {"name": "Light", "group": "mode", "selectedTokenSets": {}}]"##,
                nil,
                [
                    ##"$themes.json:1:72: the group "mode" has the theme "light" twice (themes are matched without regard to case)"##
                ]
            ),
            (
                ##"[{"name": "light", "group": "mode", "selectedTokenSets": {}}, {"name": "dark", "group": "Mode", "selectedTokenSets": {}}]"##,
                nil,
                [
                    ##"$themes.json:1:89: the groups "mode" and "Mode" differ only in case; inputs could not tell them apart"##
                ]
            ),
            (
                ##"[{"name": "a", "selectedTokenSets": {}}, {"name": "b", "group": "Theme", "selectedTokenSets": {}}]"##,
                nil,
                [
                    ##"$themes.json:1:65: the group "Theme" has the name of the modifier "theme" that themes without a group make; rename it, or give those themes a group"##
                ]
            ),
            (
                ##"[{"name": "b", "group": "theme", "selectedTokenSets": {}}, {"name": "a", "selectedTokenSets": {}}]"##,
                nil,
                [
                    ##"$themes.json:1:60: theme "a" has no group, and themes without one are the modifier "theme", which the group "theme" names too; give the theme a group"##
                ]
            ),
            (
                ##"[{"name": "light", "selectedTokenSets": {"../secret": "source"}}]"##, nil,
                [
                    ##"$themes.json:1:42: the set "../secret" is the file ../secret.json, which leads out of the folder with ..; token files must be in the export's folder or below it (--allow-outside-root allows others)"##
                ]
            ),
            (
                "[\n  {\"name\": \"light\",}\n]", nil,
                [
                    ##"$themes.json:2:19: trailing comma before '}'; remove the comma, or rename the file to .jsonc to allow trailing commas"##
                ]
            ),
            (
                ##"[]"##, ##"["color/light"]"##,
                [##"$metadata.json:1:1: $metadata.json is an object with "tokenSetOrder", found an array"##]
            ),
            (
                ##"[]"##, ##"{"tokenSetOrder": "color/light"}"##,
                [##"$metadata.json:1:19: "tokenSetOrder" is an array of set names, found a string"##]
            ),
            (
                ##"[]"##, ##"{"tokenSetOrder": ["color/light", 2, "color/light", "color/dark", "color/drak"]}"##,
                [
                    ##"$metadata.json:1:35: "tokenSetOrder" lists set names, found a number"##,
                    ##"$metadata.json:1:38: "tokenSetOrder" lists the set "color/light" twice"##,
                    ##"$metadata.json:1:67: "tokenSetOrder" lists the set "color/drak", which the export does not have: cannot read PATH/color/drak.json: No such file or directory; did you mean "color/dark"?"##,
                ]
            ),
        ] as [(String, String?, [String])])
    func exportErrors(themes: String, metadata: String?, expected: [String]) throws {
        var files = Self.validSets
        files["$themes.json"] = themes
        if let metadata { files["$metadata.json"] = metadata }
        let found = try Self.errors(files)
        #expect(found == expected)
    }

    @Test("a single-file export: a set that is not an object, and a theme that selects a set the file does not have")
    func singleFileErrors() throws {
        let file = ##"""
            {
              "core": {"n": {"value": 1, "type": "number"}},
              "broken": "tokens",
              "$themes": [{"name": "light", "selectedTokenSets": {"core": "source", "cor": "enabled"}}],
              "$metadata": {"tokenSetOrder": ["core", "broken"]}
            }
            """##
        let found = try Self.errors(["tokens.json": file], reading: "tokens.json")
        #expect(
            found == [
                ##"tokens.json:3:13: the set "broken" is an object of tokens, found a string"##,
                ##"tokens.json:4:73: theme "light" selects the set "cor", which the export does not have; did you mean "core"?"##,
            ])
    }

    @Test("a folder with no sets and no export files, and a $themes.json that is not there")
    func notAnExport() throws {
        let directory = try Self.export(["notes.txt": "no tokens here"])
        defer { directory.remove() }
        do {
            _ = try ResolverDocument(contentsOfFile: directory.path)
            Issue.record("no error")
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [
                    "\(directory.path)/ has neither $themes.json nor $metadata.json; --resolver takes a DTCG resolver document or a Tokens Studio export (its folder, its $themes.json, or a single file with \"$themes\")"
                ])
        }
        do {
            _ = try ResolverDocument(contentsOfFile: directory.path + "/$themes.json")
            Issue.record("no error")
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [
                    "cannot read \(directory.path)/$themes.json: No such file or directory"
                ])
            #expect(error.diagnostics.map(\.rule) == [.unreadableFile])
        }
    }

    @Test(
        "an export's files read as token files are one error each that says to use --resolver",
        arguments: [
            (
                "single-file/tokens.json", 155, 14,
                #"is a Tokens Studio export (it has "$themes"), not a token file: its top-level members are token sets; resolve it with theme resolve --resolver "#
            ),
            (
                "multi-file/$themes.json", 1, 1,
                "is a Tokens Studio export's $themes.json, not a token file; resolve the export with theme resolve --resolver "
            ),
            (
                "multi-file/$metadata.json", 1, 1,
                "is a Tokens Studio export's $metadata.json, not a token file; resolve the export with theme resolve --resolver "
            ),
        ])
    func exportAsTokenFile(path: String, line: Int, column: Int, message: String) throws {
        let source = try fixture("tokens-studio/" + path)
        do {
            _ = try ResolvedTheme.resolve([source])
            Issue.record("no error")
        } catch {
            #expect(error.diagnostics.map(\.message) == [source.name + " " + message + source.name])
            #expect(error.diagnostics.map(\.rule) == [.invalidToken])
            #expect(error.diagnostics.first?.location == SourceLocation(file: source.name, line: line, column: column))
        }
    }
}
