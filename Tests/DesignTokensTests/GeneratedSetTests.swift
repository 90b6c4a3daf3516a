import Testing
import TokenSetGenerator

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

/// The benchmark's synthetic sets (`TokenSetGenerator`), resolved by the engine and, independently, by the
/// generator's deliberately naive resolver (``TokenSet/naiveResolution()``). Every token's value, type and alias
/// chain, and the whole `--format flat` output, must agree.
@Suite("Generated token sets")
struct GeneratedSetTests {
    typealias JSON = TokenSet.JSON

    @Test("every resolved value matches a naive resolution", arguments: [1_000, 10_000])
    func matchesNaiveResolution(count: Int) throws {
        let set = TokenSet(count: count)
        #expect(set.base.count == count)
        #expect(set.theme.count == count / 20)
        let theme = try ResolvedTheme.resolve([
            TokenSource(name: "tokens.json", bytes: set.baseJSON),
            TokenSource(name: "theme.json", bytes: set.themeJSON),
        ])
        #expect(theme.diagnostics.isEmpty, "\(theme.diagnostics.prefix(3))")

        let expected = set.naiveResolution()
        #expect(theme.count == expected.count)
        var mismatches: [String] = []
        for token in expected {
            guard let resolved = theme[token.path] else {
                mismatches.append("\(token.path): missing")
                continue
            }
            let flat = Self.jsonValue(token.flat)
            if resolved.value.flatJSON != flat {
                mismatches.append("\(token.path): \(resolved.value.flatJSON) != \(flat)")
            }
            if resolved.type.name != token.type {
                mismatches.append("\(token.path): type \(resolved.type) != \(token.type)")
            }
            if resolved.aliasChain != token.aliasChain {
                mismatches.append("\(token.path): chain \(resolved.aliasChain) != \(token.aliasChain)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
        #expect(theme.flatJSON() == set.expectedFlatJSON())
    }

    /// The generator's JSON as the engine's.
    static func jsonValue(_ json: JSON) -> JSONValue {
        switch json {
        case .string(let text): .string(text)
        case .number(let number): .number(number)
        case .array(let elements): .array(elements.map(jsonValue))
        case .object(let members): .object(members.map { .init($0.key, jsonValue($0.value)) })
        }
    }

    @Test("the generator is deterministic and makes chains up to 5 deep")
    func generatorShape() {
        let first = TokenSet(count: 2_000)
        let second = TokenSet(count: 2_000)
        #expect(first.baseJSON == second.baseJSON)
        #expect(first.themeJSON == second.themeJSON)
        var values: [String: JSON] = [:]
        for token in first.base { values[token.path] = token.value }
        var deepest = 0
        var primitives = 0
        for token in first.base {
            var depth = 0
            var current = token.value
            while case .string(let text) = current, text.first == "{" {
                depth += 1
                current = values[String(text.dropFirst().dropLast())]!
            }
            if depth == 0 { primitives += 1 }
            deepest = max(deepest, depth)
        }
        #expect(deepest == 5)
        #expect(primitives == 400)
    }
}
