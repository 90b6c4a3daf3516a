import Testing
import ThemeEngineTestSupport

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

// Randomised checks of the JSONC and JSON5 reading: generated token files spelled out in every way a dialect
// allows read as the very JSON they stand for, through the reader and through the whole engine; and no mutation
// or truncation of such a file crashes the reader or the engine. Seeded, so a failure reproduces.

/// Writes a JSON value as JSONC or JSON5, choosing at random among the spellings the dialect allows for each part
/// (comments, trailing commas; for JSON5 also unquoted keys, single quotes, JSON5 escapes and line continuations,
/// hexadecimal and signed numbers, its white space), so that reading the text back must give the same value.
struct DialectSpeller {
    var rng: SplitMix
    let dialect: JSONDialect

    mutating func document(_ value: JSONValue) -> String {
        gap() + write(value) + gap()
    }

    mutating func write(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return self.number(number)
        case .string(let text): return string(text)
        case .array(let elements):
            var parts: [String] = []
            for element in elements { parts.append(gap() + write(element) + gap()) }
            return "[" + parts.joined(separator: ",") + trailingComma(after: parts) + "]"
        case .object(let members):
            var parts: [String] = []
            for member in members {
                let key = key(member.key)
                let before = gap()
                let after = gap()
                let beforeValue = gap()
                parts.append(before + key + after + ":" + beforeValue + write(member.value) + gap())
            }
            return "{" + parts.joined(separator: ",") + trailingComma(after: parts) + "}"
        }
    }

    /// White space and comments, or nothing.
    mutating func gap() -> String {
        var options = [
            "", "", "", " ", "\n  ", "\t", "\r\n", "/* note */", "/**/", "// to the end\n", "/* two\n lines, é * / */ ",
            "//\r\n",
        ]
        if dialect == .json5 { options += ["\u{A0}", "\u{2028}", "\u{FEFF}", "\u{0B}", "\u{0C}", "\u{3000}"] }
        return rng.pick(options)
    }

    mutating func trailingComma(after parts: [String]) -> String {
        !parts.isEmpty && rng.chance(0.3) ? "," + gap() : ""
    }

    mutating func number(_ number: Double) -> String {
        let plain = "\(number)"  // Swift's shortest round-trip form, which is also valid JSON
        guard dialect == .json5 else { return plain }
        let isNegativeZero = number == 0 && number.sign == .minus
        switch rng.int(5) {
        case 0 where number == number.rounded() && abs(number) < 9e15 && !isNegativeZero:
            let digits = String(Int(abs(number)), radix: 16, uppercase: rng.chance(0.5))
            return (number < 0 ? "-" : rng.chance(0.3) ? "+" : "") + (rng.chance(0.5) ? "0x" : "0X") + digits
        case 1 where number >= 0 && !isNegativeZero:
            return "+" + plain
        case 2 where plain.hasPrefix("0."):
            return String(plain.dropFirst())
        case 2 where plain.hasPrefix("-0."):
            return "-" + plain.dropFirst(2)
        case 3 where plain.hasSuffix(".0"):
            return String(plain.dropLast())
        default:
            return plain
        }
    }

    mutating func key(_ key: String) -> String {
        guard dialect == .json5, Self.isIdentifierName(key), rng.chance(0.7) else { return string(key) }
        // Now and then one character as a \u escape, which an unquoted key may hold.
        guard rng.chance(0.2), let scalar = key.unicodeScalars.first, scalar.value <= 0xFFFF else { return key }
        return "\\u" + hex(scalar.value, 4) + String(key.unicodeScalars.dropFirst())
    }

    mutating func string(_ text: String) -> String {
        let quote: Character = dialect == .json5 && rng.chance(0.5) ? "'" : "\""
        var out = String(quote)
        for scalar in text.unicodeScalars {
            if dialect == .json5, rng.chance(0.05) {
                out += rng.pick(["\\\n", "\\\r\n", "\\\u{2028}"])  // a line continuation, which stands for nothing
            }
            switch scalar {
            case "\\": out += "\\\\"
            case "\"" where quote == "\"": out += "\\\""
            case "'" where quote == "'": out += "\\'"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20:
                out +=
                    dialect == .json5 && rng.chance(0.5) ? "\\x" + hex(scalar.value, 2) : "\\u" + hex(scalar.value, 4)
            case _ where dialect == .json5 && scalar.value < 0x80 && rng.chance(0.1):
                out += "\\x" + hex(scalar.value, 2)
            case _ where rng.chance(0.05) && scalar.value <= 0xFFFF && !(0xD800...0xDFFF).contains(scalar.value):
                out += "\\u" + hex(scalar.value, 4)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + String(quote)
    }

    private func hex(_ value: UInt32, _ digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Whether JSON5 reads `key` written without quotes: an ECMAScript IdentifierName.
    static func isIdentifierName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first else { return false }
        func isPart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "$" || scalar == "_" || scalar == "\u{200C}" || scalar == "\u{200D}"
                || scalar.properties.isIDContinue
        }
        return (first == "$" || first == "_" || first.properties.isIDStart) && key.unicodeScalars.allSatisfy(isPart)
    }
}

extension EngineFuzzTests {
    @Test(
        "generated token files spelled as JSONC and JSON5 read as the JSON they stand for, and resolve the same",
        arguments: [JSONDialect.jsonc, .json5])
    func dialectSpellings(dialect: JSONDialect) throws {
        var problems: [String] = []
        var resolvedCount = 0
        let iterations = 300
        for seed in 0..<UInt64(iterations) {
            var generator = StackGenerator(seed: seed &* 104_729 &+ 3)
            var speller = DialectSpeller(rng: SplitMix(state: seed), dialect: dialect)
            let files = generator.stack()
            var strict: [TokenSource] = []
            var spelled: [TokenSource] = []
            for (index, text) in files.enumerated() {
                guard let document = try? JSONReader.parse(Array(text.utf8)) else { continue }
                let value = document.value(document.root)
                let spelling = speller.document(value)
                let name = "f\(index).\(dialect == .json5 ? "json5" : "jsonc")"
                do {
                    let read = try JSONReader.parse(Array(spelling.utf8), dialect: dialect)
                    if read.value(read.root) != value || !read.equals(read.root, document, document.root) {
                        problems.append("seed \(seed): \(name) reads as another value:\n\(spelling)")
                    }
                    if read.duplicateKeys.count != document.duplicateKeys.count {
                        problems.append(
                            "seed \(seed): \(name) has \(read.duplicateKeys.count) duplicate keys, its JSON \(document.duplicateKeys.count):\n\(spelling)"
                        )
                    }
                } catch {
                    problems.append(
                        "seed \(seed): \(name) does not read: \(error.message) at \(error.offset):\n\(spelling)")
                }
                strict.append(source(text, name: "f\(index).json"))
                spelled.append(source(spelling, name: name))
            }
            // The engine sees the same tokens: the same outcome, the same flat output, the same findings.
            func outcome(_ sources: [TokenSource]) -> (flat: [UInt8]?, findings: [String]) {
                do {
                    let theme = try ResolvedTheme.resolve(sources)
                    return (
                        theme.flatJSON(), theme.diagnostics.map { "\($0.severity) \($0.rule) \($0.tokenPath ?? "")" }
                    )
                } catch {
                    return (nil, error.diagnostics.map { "\($0.severity) \($0.rule) \($0.tokenPath ?? "")" })
                }
            }
            let expected = outcome(strict)
            let actual = outcome(spelled)
            if expected.flat != nil { resolvedCount += 1 }
            if expected.flat != actual.flat || expected.findings != actual.findings, problems.count < 8 {
                problems.append(
                    "seed \(seed): resolves otherwise than its JSON: \(actual.findings) against \(expected.findings)\n"
                        + spelled.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n---\n"))
            }
        }
        #expect(resolvedCount > iterations / 5, "only \(resolvedCount) of \(iterations) stacks resolved")
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n\n"))")
    }

    @Test(
        "mutated and truncated JSON5 and JSONC token files: read or refused with a located error, never a crash",
        arguments: [JSONDialect.jsonc, .json5])
    func dialectMutations(dialect: JSONDialect) {
        var rng = SplitMix(state: 11)
        var problems: [String] = []
        let pool: [UInt8] =
            Array("{}[]\"',:\\/* \t\r\n$._-+0x9eEIN".utf8) + [
                0x0B, 0x0C, 0x00, 0xE2, 0x80, 0xA8, 0xC2, 0xA0, 0xFF, 0xEF, 0xBB, 0xBF,
            ]
        var spellings: [[UInt8]] = []
        for seed in 0..<UInt64(40) {
            var generator = StackGenerator(seed: seed &* 31 &+ 5)
            var speller = DialectSpeller(rng: SplitMix(state: seed), dialect: dialect)
            guard let document = try? JSONReader.parse(Array(generator.stack()[0].utf8)) else { continue }
            spellings.append(Array(speller.document(document.value(document.root)).utf8))
        }
        let name = dialect == .json5 ? "m.json5" : "m.jsonc"
        /// Reads `bytes` as the reader and as the engine do; records what breaks the contract.
        func check(_ bytes: [UInt8]) {
            do {
                _ = try JSONReader.parse(bytes, dialect: dialect)
            } catch {
                if error.offset < 0 || error.offset > bytes.count || error.message.isEmpty {
                    problems.append(
                        "error \(error.message.debugDescription) at \(error.offset) of \(bytes.count) bytes: \(bytes)")
                }
            }
            let (_, problem) = EngineContract.check([TokenSource(name: name, bytes: bytes)])
            if let problem {
                problems.append("input: \(String(decoding: bytes, as: UTF8.self).debugDescription)\n=> \(problem)")
            }
        }
        for _ in 0..<2_000 where problems.count < 8 {
            check(rng.mutate(rng.pick(spellings), from: pool, lastEdit: .truncate))
        }
        // Every prefix of a few files: each cut falls somewhere new (in a comment, an escape, a number, a key).
        for bytes in spellings.prefix(3) {
            for end in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 300)) where problems.count < 8 {
                check(Array(bytes[..<end]))
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n\n"))")
    }
}
