import Testing
@testable import DesignTokens
import TokenSetGenerator

/// The benchmark's synthetic sets (`TokenSetGenerator`), resolved by the engine and, independently, by a
/// deliberately naive resolver written here: a dictionary of path to written value, later file over earlier,
/// and recursive substitution of `{path}` strings. Every token's value, its alias chain, and the whole
/// `--format flat` output must agree. This guards the fast paths on sets far larger than the fixtures.
@Suite("Generated token sets")
struct GeneratedSetTests {
    typealias JSON = TokenSet.JSON

    @Test("every resolved value matches a naive resolution", arguments: [1_000, 10_000])
    func matchesNaiveResolution(count: Int) throws {
        let set = TokenSet(count: count)
        #expect(set.base.count == count)
        #expect(set.theme.count == count / 20)
        let theme = try ResolvedTheme.resolve([
            TokenSource(name: "tokens.json", bytes: set.baseJSON), TokenSource(name: "theme.json", bytes: set.themeJSON),
        ])
        #expect(theme.diagnostics.isEmpty, "\(theme.diagnostics.prefix(3))")

        // The naive resolver: later files replace the written value; the type stays the token's.
        var written: [String: TokenSet.Token] = [:]
        for token in set.base { written[token.path] = token }
        for token in set.theme { written[token.path] = token }
        func target(_ json: JSON) -> String? {
            guard case .string(let text) = json, text.first == "{", text.last == "}" else { return nil }
            return String(text.dropFirst().dropLast())
        }
        func resolve(_ json: JSON, depth: Int = 0) -> JSON {
            precondition(depth < 50, "the generator made a cycle")
            if let path = target(json) { return resolve(written[path]!.value, depth: depth + 1) }
            switch json {
            case .object(let members): return .object(members.map { .init($0.key, resolve($0.value, depth: depth + 1)) })
            case .array(let elements): return .array(elements.map { resolve($0, depth: depth + 1) })
            default: return json
            }
        }
        func chain(_ path: String) -> [String] {
            var result: [String] = []
            var current = written[path]!.value
            while let next = target(current) {
                result.append(next)
                current = written[next]!.value
            }
            return result
        }

        #expect(theme.count == written.count)
        var mismatches: [String] = []
        var expectedFlat: [(path: String, value: JSONValue)] = []
        for (path, token) in written {
            let expected = Self.flat(resolve(token.value), type: token.type)
            expectedFlat.append((path, expected))
            guard let resolved = theme[path] else {
                mismatches.append("\(path): missing")
                continue
            }
            if resolved.value.flatJSON != expected { mismatches.append("\(path): \(resolved.value.flatJSON) != \(expected)") }
            if resolved.type.name != token.type { mismatches.append("\(path): type \(resolved.type) != \(token.type)") }
            if resolved.aliasChain != chain(path) { mismatches.append("\(path): chain \(resolved.aliasChain) != \(chain(path))") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")

        // The whole flat document: paths sorted by their UTF-8 bytes, written by the generic JSON writer.
        expectedFlat.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        var writer = JSONWriter()
        writer.beginObject()
        for entry in expectedFlat {
            writer.key(entry.path)
            writer.value(entry.value)
        }
        writer.endObject()
        let expectedBytes = writer.finish()
        let flat = theme.flatJSON()
        #expect(flat == expectedBytes)
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

    // MARK: The flat form, by hand

    /// What `--format flat` writes for a resolved literal of the generator's types.
    static func flat(_ json: JSON, type: String) -> JSONValue {
        func plain(_ json: JSON) -> JSONValue {
            switch json {
            case .string(let text): .string(text)
            case .number(let number): .number(number)
            case .array(let elements): .array(elements.map(plain))
            case .object(let members): .object(members.map { .init($0.key, plain($0.value)) })
            }
        }
        /// `{"value": 4, "unit": "px"}` → `"4px"`; `0.015625rem`.
        func measure(_ json: JSON?) -> JSONValue {
            guard case .number(let value)? = json?["value"], case .string(let unit)? = json?["unit"] else { return .null }
            let number = value == value.rounded() ? String(Int(value)) : "\(value)"
            return .string(number + unit)
        }
        func members(_ names: [(String, (JSON?) -> JSONValue)]) -> JSONValue {
            .object(names.map { name, convert in .init(name, convert(json[name])) })
        }
        let color: (JSON?) -> JSONValue = { $0.map(plain) ?? .null }  // "#rrggbb", or the display-p3 object as written
        let same: (JSON?) -> JSONValue = { $0.map(plain) ?? .null }
        switch type {
        case "dimension", "duration": return measure(json)
        case "border": return members([("color", color), ("width", measure), ("style", same)])
        case "shadow": return members([("color", color), ("offsetX", measure), ("offsetY", measure), ("blur", measure), ("spread", measure)])
        case "typography":
            return members([("fontFamily", same), ("fontSize", measure), ("fontWeight", same), ("letterSpacing", measure), ("lineHeight", same)])
        case "transition": return members([("duration", measure), ("delay", measure), ("timingFunction", same)])
        default: return plain(json)  // color, number, fontWeight
        }
    }
}
