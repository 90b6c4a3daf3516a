import Foundation
import Testing

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

/// The README's table of limits: the figures it gives are the ones the code keeps, and each limit the table's other
/// tests do not exceed is exceeded here (`$extends` in LayeringTests, values built from references in
/// ExpansionBoundTests, text in ReferenceTests), with an error naming the file or token.
@Suite("Limits")
struct LimitsTests {
    @Test("the README's table of limits gives the figures the code keeps")
    func readmeTable() throws {
        let readme = try String(contentsOfFile: TestPaths.repositoryRoot + "/README.md", encoding: .utf8)
        let table = try #require(readme.components(separatedBy: "### Limits").dropFirst().first)
            .components(separatedBy: "\n## ")[0]
        func figure(_ number: Int) -> String { number.formatted(.number.locale(Locale(identifier: "en_US"))) }
        let expected = [
            "\(FileSystem.maximumFileSize >> 20) MiB",
            "\(figure(JSONReader.maximumDepth)) levels",
            "\(figure(ExtendsCopies.maximumTokens)) tokens, with \(ExtendsCopies.maximumValueBytes >> 20) MiB",
            "\(figure(Resolver.maximumValueNodes)) JSON values each, \(figure(Resolver.maximumExpandedNodes)) in all",
            "\(Resolver.maximumTextBytes >> 20) MiB each, \(Resolver.maximumInterpolatedBytes >> 20) MiB in all",
            "\(ValueExpression.maximumDepth) levels of parentheses",
            "| \(figure(ResolverDocument.maximumPermutations)) |",
            "\(figure(Diagnostic.maximumMessageLength)) Unicode scalars",
        ]
        for text in expected { #expect(table.contains(text), "the table does not say \(text)") }
    }

    @Test("a file past the largest is refused as it is read, naming it: an endless stream stops one byte past")
    func largestFile() throws {
        #expect(throws: FileSystem.Failure.self) { try FileSystem.read("/dev/zero", maximumSize: 1 << 20) }
        do {
            _ = try TokenSource(contentsOfFile: "/dev/zero")
            Issue.record("/dev/zero was read")
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [
                    "cannot read /dev/zero: it is larger than 256 MiB, the most a token file may be"
                ])
        }
    }

    @Test("nesting past the deepest is an invalid-json error at the file, line and column")
    func deepestNesting() throws {
        let depth = JSONReader.maximumDepth + 1
        let arrays = String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
        let text = #"{"a": "# + arrays + "}"
        let error = try single(.invalidJSON, in: resolveFailure(text))
        #expect(error.location?.description == "tokens.json:1:\(6 + JSONReader.maximumDepth)")
    }

    @Test("an alias chain has no limit but the tokens: a chain of 100,000 resolves, each token once")
    func longAliasChain() throws {
        let count = 100_000
        var members = (0..<count).map { #""t\#($0)": {"$value": "{t\#($0 + 1)}"}"# }
        members.append(#""t\#(count)": {"$type": "number", "$value": 7}"#)
        let theme = try ResolvedTheme.resolve([source("{" + members.joined(separator: ", ") + "}")])
        #expect(theme.count == count + 1)
        #expect(theme.value("t0") == .number(7))
        #expect(theme["t0"]?.aliasChain.count == count)
    }

    @Test("an expression nested past the deepest is an invalid-value error naming the token; a long one is evaluated")
    func expressions() throws {
        let depth = ValueExpression.maximumDepth + 1
        let nested = String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        let error = try single(
            .invalidValue, in: resolveFailure(#"{"x": {"value": "\#(nested)", "type": "number"}}"#))
        #expect(error.tokenPath == "x")
        #expect(error.message.contains("nests deeper than \(ValueExpression.maximumDepth) levels"))
        let sum = Array(repeating: "1", count: 100_000).joined(separator: " + ")
        let theme = try ResolvedTheme.resolve([source(#"{"x": {"value": "\#(sum)", "type": "number"}}"#)])
        #expect(theme.value("x") == .number(100_000))
    }

    @Test("permutations past the most listed are an invalid-input error at the resolver document")
    func mostPermutations() throws {
        // Five modifiers of seven contexts each: 16,807 permutations.
        let modifiers = (0..<5).map { modifier in
            let contexts = (0..<7).map { #""c\#($0)": []"# }.joined(separator: ", ")
            return #""m\#(modifier)": {"contexts": {\#(contexts)}, "default": "c0"}"#
        }
        let order = (0..<5).map { ##"{"$ref": "#/modifiers/m\##($0)"}"## }.joined(separator: ", ")
        let document = try ResolverDocument(
            source(
                #"{"version": "2025.10", "modifiers": {\#(modifiers.joined(separator: ", "))}, "resolutionOrder": [\#(order)]}"#,
                name: "themes.resolver.json"))
        #expect(document.permutationCount == 16_807)
        do {
            _ = try document.permutations()
            Issue.record("16,807 permutations were listed")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.rule == .invalidInput)
            #expect(diagnostic.location?.file == "themes.resolver.json")
            #expect(diagnostic.message.hasPrefix("the inputs leave 16807 permutations open, more than the 10000"))
        }
    }
}
