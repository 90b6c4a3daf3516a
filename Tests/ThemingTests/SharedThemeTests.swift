import DesignTokens
import Testing

@testable import Theming

/// Themes shared across tasks while the main actor switches a scope's theme and inputs: the tests `.ci/run` runs
/// under the thread sanitizer (with `ThemeableTests`, TESTING.md), where a data race in the
/// storage themes share (resolved tokens, reused results of earlier permutations, style caches) is a report.
@Suite("Themes shared across tasks")
struct SharedThemeTests {
    /// Every style of every component of `theme`, flattened to text, for comparing what tasks read.
    nonisolated static func styles(_ theme: Theme) -> [String] {
        flattened(theme).map { "\($0.key)=\($0.value)" }.sorted()
    }

    @Test("tasks read one theme's styles and tokens while the main actor switches a scope between permutations")
    @MainActor
    func readWhileSwitching() async throws {
        let permutations = ThemePermutations(ThemeResolver.bundled())
        let shared = try permutations.theme(for: [:]).get()
        let expected = Self.styles(shared)
        let readers = Task.detached {
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        (0..<5).allSatisfy { _ in
                            Self.styles(shared) == expected
                                && shared.tokens.color("theme.color.input.focused.border") != nil
                        }
                    }
                }
                var allSame = true
                for await same in group { allSame = allSame && same }
                return allSame
            }
        }
        let form = ThemeScope()
        let row = ThemeScope()
        form.addChild(row)
        form.permutations = permutations
        var seen: Set<String> = []
        for round in 0..<12 {
            form.inputs = ["mode": round % 2 == 0 ? "dark" : "light"]
            row.inputs = ["contrast": round % 3 == 0 ? "high" : "normal"]
            let theme = try #require(row.effectiveTheme)
            seen.insert(Self.styles(theme).joined(separator: "\n"))
            await Task.yield()
        }
        #expect(await readers.value)
        #expect(seen.count == 4)
    }

    @Test("permutations resolved on several tasks at once, each by its own resolver, equal those resolved alone")
    func resolversOnTasks() async throws {
        let document = ResolverDocument.bundled
        let inputs = try document.permutations()
        var alone: [[UInt8]] = []
        var resolver = ThemeResolver(document: document)
        for input in inputs { alone.append(try resolver.resolve(input).flatJSON()) }
        let expected = alone
        let same = await withTaskGroup(of: Bool.self) { group in
            for offset in 0..<4 {
                group.addTask {
                    var resolver = ThemeResolver(document: document)
                    return (0..<inputs.count * 2).allSatisfy { step in
                        let index = (step + offset) % inputs.count
                        return (try? resolver.resolve(inputs[index]).flatJSON()) == expected[index]
                    }
                }
            }
            var all = true
            for await result in group { all = all && result }
            return all
        }
        #expect(same)
    }
}
