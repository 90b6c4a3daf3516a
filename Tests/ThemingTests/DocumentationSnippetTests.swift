import Foundation
import Testing
import ThemeEngineTestSupport

/// The documentation's examples that handle errors, compiled as users paste them: inside a closure and inside a
/// `Task`, where a `do` block infers no typed error unless it says `do throws(DiagnosticError)`.
@Suite("Documentation examples that catch errors compile in closures and tasks")
struct DocumentationSnippetTests {
    static let documents = [
        "README.md", "Sources/DesignTokens/Documentation.docc/GettingStarted.md",
        "Sources/Theming/Documentation.docc/ThemingAFormRenderer.md",
    ]

    /// The Swift code blocks of a Markdown file that catch errors, without their imports.
    static func catchingSnippets(in path: String) throws -> [String] {
        let text = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
        var snippets: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                let body = current!.filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
                if body.contains("catch") { snippets.append(body) }
                current = nil
            } else {
                current?.append(line)
            }
        }
        return snippets
    }

    @Test("there are examples to check in each document that has them")
    func found() throws {
        #expect(try Self.catchingSnippets(in: "README.md").count >= 2)
        #expect(try Self.catchingSnippets(in: "Sources/DesignTokens/Documentation.docc/GettingStarted.md").count >= 1)
    }

    @Test("each compiles without warnings in a non-throwing closure and in a Task", arguments: documents)
    func compiles(document: String) throws {
        for (index, snippet) in try Self.catchingSnippets(in: document).enumerated() {
            let source = """
                import DesignTokens
                import Theming
                import Linting

                @MainActor
                func inAClosure(sources: [TokenSource]) {
                    let run: () -> Void = {
                \(snippet)
                    }
                    run()
                }

                func inATask(sources: [TokenSource]) {
                    Task {
                \(snippet)
                    }
                }
                """
            let result = try SwiftCompiler.typecheck(source, named: "Snippet\(index).swift")
            #expect(result.succeeded, "\(document), example \(index + 1):\n\(result.output)\n\(snippet)")
        }
    }
}
