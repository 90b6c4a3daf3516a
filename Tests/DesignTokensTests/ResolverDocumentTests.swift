import Testing
import ThemeEngineTestSupport

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

#if canImport(Glibc)
    import Glibc
#endif

/// Resolver documents (DTCG Resolver Module 2025.10): reading, every error the report names with its exact
/// message and place, and the permutations they resolve to. Each test writes its files into a folder of its own.
@Suite("Resolver documents")
struct ResolverDocumentTests {
    static let tokens =
        ##"{"color": {"$type": "color", "bg": {"$value": "#ffffff"}, "fg": {"$value": "{color.ink}"}, "ink": {"$value": "#111111"}}}"##
    static let dark = ##"{"color": {"bg": {"$value": "#000000"}, "ink": {"$value": "#eeeeee"}}}"##
    static let document = ##"""
        {
          "version": "2025.10",
          "name": "Example",
          "sets": {"base": {"sources": [{"$ref": "tokens.json"}]}},
          "modifiers": {
            "mode": {"contexts": {"light": [], "dark": [{"$ref": "dark.json"}]}, "default": "light"},
            "contrast": {"contexts": {"normal": [], "high": [{"color": {"ink": {"$value": "#000000"}}}]}}
          },
          "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/mode"}, {"$ref": "#/modifiers/contrast"}]
        }
        """##

    /// A folder with `files`, and the resolver document `document` in it as `themes.resolver.json`.
    static func folder(_ files: [String: String], document: String = document) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for (name, text) in files { try directory.create(name, Array(text.utf8)) }
        try directory.create("themes.resolver.json", Array(document.utf8))
        return directory
    }

    static func standardFiles() -> [String: String] { ["tokens.json": tokens, "dark.json": dark] }

    /// The errors reading `document` reports, as `file:line:col: message` with the folder's path left out.
    static func errors(_ document: String, files: [String: String] = standardFiles(), allowOutsideRoot: Bool = false)
        throws -> [String]
    {
        let directory = try folder(files, document: document)
        defer { directory.remove() }
        do {
            _ = try ResolverDocument(
                contentsOfFile: directory.path + "/themes.resolver.json", allowOutsideRoot: allowOutsideRoot)
            return []
        } catch {
            return error.diagnostics.map { diagnostic in
                let place =
                    diagnostic.location.map { "\($0.file.split(separator: "/").last!):\($0.line):\($0.column): " } ?? ""
                return place + diagnostic.message
            }
        }
    }

    // MARK: Permutations

    @Test("modifiers with their contexts and defaults, and the number of permutations")
    func modifiers() throws {
        let directory = try Self.folder(Self.standardFiles())
        defer { directory.remove() }
        let document = try ResolverDocument(contentsOfFile: directory.path + "/themes.resolver.json")
        #expect(document.name == "Example")
        #expect(document.modifiers.map(\.name) == ["mode", "contrast"])
        #expect(document.modifiers.map(\.contexts) == [["light", "dark"], ["normal", "high"]])
        #expect(document.modifiers.map(\.defaultContext) == ["light", nil])
        #expect(document.permutationCount == 4)
    }

    @Test("each permutation layers its contexts' sources over the sets, in resolution order, then resolves")
    func resolvesPermutations() throws {
        let directory = try Self.folder(Self.standardFiles())
        defer { directory.remove() }
        var resolver = try ThemeResolver(contentsOfFile: directory.path + "/themes.resolver.json")
        let light = try resolver.resolve(["contrast": "normal"])
        #expect(light.color("color.bg")?.hex == "#ffffff")
        #expect(light.color("color.fg")?.hex == "#111111")
        // Keys and values without regard to case; the alias follows the dark file's primitive, then the inline set.
        let dark = try resolver.resolve(["MODE": "Dark", "contrast": "normal"])
        #expect(dark.color("color.bg")?.hex == "#000000")
        #expect(dark.color("color.fg")?.hex == "#eeeeee")
        let darkHigh = try resolver.resolve(["mode": "dark", "contrast": "high"])
        #expect(darkHigh.color("color.fg")?.hex == "#000000")
    }

    @Test("a file's part (file.json#/a), a part of the document, another set and the bundled defaults as sources")
    func sourceKinds() throws {
        let document = ##"""
            {"sets": {
               "base": {"sources": [{"$ref": "themeengine:/defaultTokens.json"}, {"$ref": "#/sets/extra"}]},
               "extra": {"sources": [{"$ref": "parts.json#/brand"}, {"$ref": "#/inline/more"}]}
             },
             "inline": {"more": {"more": {"$type": "number", "n": {"$value": 2}}}},
             "modifiers": {},
             "resolutionOrder": [{"$ref": "#/sets/base"}]}
            """##
        let parts = ##"{"brand": {"brand": {"$type": "number", "one": {"$value": 1}}}, "other": {}}"##
        let directory = try Self.folder(["parts.json": parts], document: document)
        defer { directory.remove() }
        var resolver = try ThemeResolver(contentsOfFile: directory.path + "/themes.resolver.json")
        let theme = try resolver.resolve()
        #expect(theme.number("brand.one") == 1)
        #expect(theme.number("more.n") == 2)
        #expect(theme.color("theme.color.border.brand") != nil)
    }

    @Test("a problem inside a source file is reported in that file, at its line")
    func diagnosticsPointIntoSources() throws {
        let directory = try Self.folder([
            "tokens.json": Self.tokens, "dark.json": "{\n  \"color\": {\"bg\": {\"$value\": \"{color.nope}\"}}\n}",
        ])
        defer { directory.remove() }
        var resolver = try ThemeResolver(contentsOfFile: directory.path + "/themes.resolver.json")
        #expect(throws: DiagnosticError.self) { try resolver.resolve(["mode": "dark", "contrast": "high"]) }
        do {
            _ = try resolver.resolve(["mode": "dark", "contrast": "high"])
        } catch {
            let location = try #require(error.errors.first?.location)
            #expect(location.file == directory.path + "/dark.json")
            #expect(location.line == 2)
        }
    }

    // MARK: Inputs

    @Test(
        "inputs that choose no permutation: each error located at the modifier it is about",
        arguments: [
            (
                ["mode": "blue", "contrast": "high"],
                [##"themes.resolver.json:6:13: invalid context "blue" for modifier "mode"; expected light or dark"##]
            ),
            (
                ["mode": "dark"],
                [
                    ##"themes.resolver.json:7:17: modifier "contrast" has no default; choose one of normal or high (--input contrast=normal)"##
                ]
            ),
            (
                ["density": "compact", "contrast": "high"],
                [##"themes.resolver.json:5:16: unknown modifier "density"; the document has mode and contrast"##]
            ),
        ] as [([String: String], [String])])
    func inputErrors(input: [String: String], expected: [String]) throws {
        let directory = try Self.folder(Self.standardFiles())
        defer { directory.remove() }
        let document = try ResolverDocument(contentsOfFile: directory.path + "/themes.resolver.json")
        do {
            _ = try document.contexts(for: input)
            Issue.record("no error for \(input)")
        } catch {
            let found = error.diagnostics.map {
                "\($0.location!.file.split(separator: "/").last!):\($0.location!.line):\($0.location!.column): \($0.message)"
            }
            #expect(found == expected)
            #expect(error.diagnostics.allSatisfy { $0.rule == .invalidInput })
        }
    }

    // MARK: Errors in the document

    @Test(
        "every error of a document, in its own words, where it is written",
        arguments: [
            (
                ##"{"modifiers": {"mode": {"contexts": {}}}, "resolutionOrder": [{"$ref": "#/modifiers/mode"}]}"##,
                ##"themes.resolver.json:1:24: modifier "mode" has no contexts; give it at least one, such as "contexts": {"light": []}"##
            ),
            (
                ##"{"version": "1.0", "resolutionOrder": []}"##,
                ##"themes.resolver.json:1:13: version must be "2025.10", the version of the resolver module ThemeEngine reads, found "1.0""##
            ),
            (
                ##"{"version": 2025.10, "resolutionOrder": []}"##,
                ##"themes.resolver.json:1:13: version must be "2025.10", the version of the resolver module ThemeEngine reads, found a number"##
            ),
            (
                ##"{"sets": [], "resolutionOrder": []}"##,
                ##"themes.resolver.json:1:10: "sets" is an object of sets by name, found an array"##
            ),
            (
                ##"{"modifiers": "mode", "resolutionOrder": []}"##,
                ##"themes.resolver.json:1:15: "modifiers" is an object of modifiers by name, found a string"##
            ),
            (
                ##"{"modifiers": {"a": {"contexts": {"x": [{"$ref": "#/modifiers/b"}]}}, "b": {"contexts": {"y": []}}}, "resolutionOrder": [{"$ref": "#/modifiers/a"}]}"##,
                ##"themes.resolver.json:1:50: modifier "a" references the modifier #/modifiers/b; sources are token files, parts of them, or sets"##
            ),
            (
                ##"{"sets": {"s": {"sources": [{"$ref": "#/resolutionOrder/0"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##,
                ##"themes.resolver.json:1:38: #/resolutionOrder/0 points into the resolution order; a source is a token file, a part of one, or a set"##
            ),
            (
                ##"{"resolutionOrder": [{"$ref": "#/resolutionOrder/1"}]}"##,
                ##"themes.resolver.json:1:31: #/resolutionOrder/1 points into the resolution order; reference a set or modifier by #/sets/… or #/modifiers/…"##
            ),
            (
                ##"{"sets": {"s": {"sources": [{"$ref": "missing.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##,
                ##"themes.resolver.json:1:38: $ref "missing.json": cannot read PATH/missing.json: No such file or directory"##
            ),
            (
                ##"{"sets": {"s": {"sources": [{"$ref": "tokens.json#/nothing"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##,
                ##"themes.resolver.json:1:38: $ref "tokens.json#/nothing": PATH/tokens.json has no #/nothing"##
            ),
            (
                ##"{"sets": {"a": {"sources": [{"$ref": "#/sets/b"}]}, "b": {"sources": [{"$ref": "#/sets/a"}]}}, "resolutionOrder": [{"$ref": "#/sets/a"}]}"##,
                ##"themes.resolver.json:1:16: set "a" includes itself: #/sets/a → #/sets/b → #/sets/a"##
            ),
            (
                ##"{"sets": {"s": {"sources": [{"$ref": "../outside.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##,
                ##"themes.resolver.json:1:38: $ref "../outside.json" leads out of the folder with ..; token files must be in the resolver document's folder or below it (--allow-outside-root allows others)"##
            ),
            (
                ##"{"sets": {"s": {"sources": [{"$ref": "/etc/passwd"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##,
                ##"themes.resolver.json:1:38: $ref "/etc/passwd" is an absolute path; token files must be in the resolver document's folder or below it (--allow-outside-root allows others)"##
            ),
            (
                ##"{"resolutionOrder": [{"$ref": "#/sets/bsae"}], "sets": {"base": {"sources": []}}}"##,
                ##"themes.resolver.json:1:31: #/sets/bsae names a set the document does not define; did you mean #/sets/base?"##
            ),
            (
                ##"{"resolutionOrder": [{"$ref": "#/sets/base~1x"}], "sets": {"base~x": {"sources": []}}}"##,
                ##"themes.resolver.json:1:31: #/sets/base~1x names a set the document does not define; did you mean #/sets/base~0x?"##
            ),
            (
                ##"{"modifiers": {"mode": {"contexts": {"dark": 5}, "default": "dark"}}, "resolutionOrder": [{"$ref": "#/modifiers/mode"}]}"##,
                ##"themes.resolver.json:1:46: context "dark" of modifier "mode" is an array of sources, found a number"##
            ),
            (
                ##"{"modifiers": {"mode": {"contexts": {"dark": [], "Dark": []}}}, "resolutionOrder": [{"$ref": "#/modifiers/mode"}]}"##,
                ##"themes.resolver.json:1:50: modifier "mode" has the context "Dark" twice (contexts are matched without regard to case)"##
            ),
            (
                ##"{"sets": {"s": {"sources": [{"$ref": "tokens.json", "description": "x"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##,
                ##"themes.resolver.json:1:29: a source with "$ref" has no other members; write the reference alone, such as {"$ref": "dark.json"}"##
            ),
            (
                ##"{"sets": {"s": {"sources": [{"$ref": "#"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##,
                ##"themes.resolver.json:1:38: # is not a group of tokens; a source in this document is a part of it that holds tokens, outside its modifiers"##
            ),
            (
                ##"{"resolutionOrder": [{"type": "modifier", "contexts": {"a": []}}]}"##,
                ##"themes.resolver.json:1:22: an inline set or modifier needs "name", a string (inputs and file names use a modifier's)"##
            ),
        ] as [(String, String)])
    func documentErrors(document: String, expected: String) throws {
        let directory = try Self.folder(Self.standardFiles(), document: document)
        defer { directory.remove() }
        do {
            _ = try ResolverDocument(contentsOfFile: directory.path + "/themes.resolver.json")
            Issue.record("no error")
        } catch {
            let found = error.diagnostics.map { diagnostic in
                "\(diagnostic.location!.file.split(separator: "/").last!):\(diagnostic.location!.line):\(diagnostic.location!.column): "
                    + diagnostic.message.replacingOccurrences(directory.path, "PATH")
            }
            #expect(found == [expected])
            #expect(error.diagnostics.allSatisfy { $0.rule == .invalidResolver })
        }
    }

    @Test("a symbolic link that leads out of the folder is refused; --allow-outside-root lets it and .. through")
    func symbolicLinks() throws {
        let outside = try TemporaryDirectory()
        defer { outside.remove() }
        try outside.create("secret.json", Array(##"{"secret": {"$type": "number", "n": {"$value": 1}}}"##.utf8))
        let document =
            ##"{"sets": {"s": {"sources": [{"$ref": "linked.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/s"}]}"##
        let directory = try Self.folder([:], document: document)
        defer { directory.remove() }
        #expect(symlink(outside.path + "/secret.json", directory.path + "/linked.json") == 0)
        let path = directory.path + "/themes.resolver.json"
        #expect(throws: DiagnosticError.self) { try ResolverDocument(contentsOfFile: path) }
        do {
            _ = try ResolverDocument(contentsOfFile: path)
        } catch {
            #expect(
                error.diagnostics.first?.message.contains("leads out of the folder through a symbolic link") == true)
        }
        var resolver = try ThemeResolver(contentsOfFile: path, allowOutsideRoot: true)
        let allowed = try resolver.resolve()
        #expect(allowed.number("secret.n") == 1)
    }

    @Test("a set named many times is read once, and a source layered twice counts where it comes last")
    func setsReadOnce() throws {
        // Thirty sets, each naming the next twice: read naively, 2^30 sources.
        var sets = [##""s30": {"sources": [{"$ref": "tokens.json"}]}"##]
        for index in 0..<30 {
            sets.append(
                ##""s\##(index)": {"sources": [{"$ref": "#/sets/s\##(index + 1)"}, {"$ref": "#/sets/s\##(index + 1)"}]}"##
            )
        }
        let document =
            ##"{"sets": {"## + sets.joined(separator: ", ") + ##"}, "resolutionOrder": [{"$ref": "#/sets/s0"}]}"##
        let directory = try Self.folder(Self.standardFiles(), document: document)
        defer { directory.remove() }
        var resolver = try ThemeResolver(contentsOfFile: directory.path + "/themes.resolver.json")
        #expect(try resolver.document.sources(for: [:]).count == 1)
        #expect(try resolver.resolve().color("color.bg")?.hex == "#ffffff")
    }

    @Test("a set no permutation uses is a warning at the set; ./ in a $ref names the same file as without it")
    func unusedSet() throws {
        let document = ##"""
            {"sets": {
              "base": {"sources": [{"$ref": "./tokens.json"}]},
              "fonts": {"sources": [{"$ref": "dark.json"}]},
              "used": {"sources": [{"$ref": "#/sets/base"}]}},
             "resolutionOrder": [{"$ref": "#/sets/used"}]}
            """##
        let directory = try Self.folder(Self.standardFiles(), document: document)
        defer { directory.remove() }
        let read = try ResolverDocument(contentsOfFile: directory.path + "/themes.resolver.json")
        #expect(read.warnings.map(\.rule) == [.unusedSet])
        #expect(
            read.warnings.first?.message
                == ##"set "fonts" is not in the resolution order, nor a source of a set or context that is, so its tokens are not resolved; add {"$ref": "#/sets/fonts"} to "resolutionOrder" where it belongs"##
        )
        #expect(read.warnings.first?.location.map { "\($0.line):\($0.column)" } == "3:3")
        #expect(try read.sources(for: [:]).map(\.name) == [directory.path + "/tokens.json"])
    }

    @Test("more permutations than can be listed is an error, not a crash; the count saturates")
    func tooManyPermutations() throws {
        let modifiers = (0..<64).map { ##""m\##($0)": {"contexts": {"a": [], "b": []}, "default": "a"}"## }
        let order = (0..<64).map { ##"{"$ref": "#/modifiers/m\##($0)"}"## }
        let document =
            ##"{"modifiers": {"## + modifiers.joined(separator: ", ") + ##"}, "resolutionOrder": ["##
            + order.joined(separator: ", ") + "]}"
        let directory = try Self.folder([:], document: document)
        defer { directory.remove() }
        let parsed = try ResolverDocument(contentsOfFile: directory.path + "/themes.resolver.json")
        #expect(parsed.permutationCount == Int.max)
        #expect(throws: DiagnosticError.self) { try parsed.permutations() }
        #expect(
            try parsed.permutations(fixing: Dictionary(uniqueKeysWithValues: (0..<60).map { ("m\($0)", "b") })).count
                == 16)
    }
}
