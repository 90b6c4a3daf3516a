import Foundation
import Testing
@_spi(Engine) import TokenJSON

@testable import ThemeCLI

/// `--strict` on `resolve`, `lint` and `diff`, and units kept as written in every output.
@Suite("the reading policy on the command line")
struct ReadingPolicyCommandTests {
    static let deviations = "Tests/ThemeCLITests/Fixtures/policy/deviations.json"
    static let hexWarning =
        ##"Tests/ThemeCLITests/Fixtures/policy/deviations.json:4:78: warning: [non-conforming] color.ink (hex): "#000" read as #000000; write "#000000""##
    static let emWarning =
        "Tests/ThemeCLITests/Fixtures/policy/deviations.json:8:49: warning: [non-conforming] size.indent (unit): em is not a DTCG 2025.10 unit (px or rem); read as 1.5em, kept in em"

    /// The first line of each diagnostic in `text` (the ones with a place), without the source line and caret.
    static func findings(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Tests/") }
    }

    @Test(
        "resolve warns, once per deviation however many tokens refer to it, and keeps an em dimension in em in every format"
    )
    func resolveWarns() throws {
        let flat = theme("resolve", "--tokens", Self.deviations, "--format", "flat")
        #expect(flat.exitCode == .success)
        #expect(
            flat.output
                == "{\n  \"color.ink\": \"#000000\",\n  \"size.gutter\": \"1.5em\",\n  \"size.indent\": \"1.5em\"\n}\n")
        #expect(Self.findings(flat.errors) == [Self.hexWarning, Self.emWarning])
        let tree = theme("resolve", "--tokens", Self.deviations)
        #expect(
            tree.output.contains(
                "\"gutter\": {\n      \"$type\": \"dimension\",\n      \"$value\": {\n        \"value\": 1.5,\n        \"unit\": \"em\"\n      }"
            ))
        let text = theme("resolve", "--tokens", Self.deviations, "--format", "text")
        #expect(text.output.contains("size.gutter  dimension  size.indent  1.5em"))
    }

    @Test(
        "resolve --strict refuses them as errors: exit 2, nothing on standard output",
        arguments: [
            ["resolve", "--tokens", deviations, "--strict"],
            [
                "resolve", "--resolver", "Tests/ThemeCLITests/Fixtures/policy/policy.resolver.json", "--strict",
                "--format", "flat",
            ],
        ])
    func resolveStrict(arguments: [String]) throws {
        let result = theme(arguments)
        #expect(result.exitCode == .failure)
        #expect(result.standardOutput.isEmpty)
        #expect(
            Self.findings(result.errors)
                == [Self.hexWarning, Self.emWarning].map {
                    $0.replacingOccurrences(of: ": warning: ", with: ": error: ")
                })
        #expect(result.errors.hasSuffix("theme: 2 errors; nothing was written\n"))
    }

    @Test("lint reports them as warnings (exit 0), and with --strict as errors (exit 1)")
    func lint() throws {
        let lenient = theme("lint", "--tokens", Self.deviations, "--rule", "missing-style-token=off")
        #expect(lenient.exitCode == .success)
        #expect(Self.findings(lenient.output) == [Self.hexWarning, Self.emWarning])
        let strict = theme("lint", "--tokens", Self.deviations, "--rule", "missing-style-token=off", "--strict")
        #expect(strict.exitCode == .findings)
        #expect(
            Self.findings(strict.output)
                == [Self.hexWarning, Self.emWarning].map {
                    $0.replacingOccurrences(of: ": warning: ", with: ": error: ")
                })
    }

    @Test("lint --strict with a --rule for non-conforming is a usage error")
    func lintStrictAndRule() {
        let result = theme("lint", "--strict", "--rule", "non-conforming=warning")
        #expect(result.exitCode == .usage)
        #expect(
            result.errors.hasPrefix(
                "theme: error: --strict sets non-conforming to error; give it without --rule non-conforming=…\n"))
    }

    @Test("diff --strict refuses a deviation on either side: exit 2, nothing on standard output")
    func diffStrict() {
        let lenient = theme("diff", "--tokens", Self.deviations, "--to-theme", Self.deviations)
        #expect(lenient.exitCode == .success)
        #expect(Self.findings(lenient.errors) == [Self.hexWarning, Self.emWarning])
        let strict = theme("diff", "--tokens", Self.deviations, "--to-theme", Self.deviations, "--strict")
        #expect(strict.exitCode == .failure)
        #expect(strict.standardOutput.isEmpty)
        #expect(strict.errors.hasSuffix("nothing was compared\n"))
        #expect(Self.findings(strict.errors).allSatisfy { $0.contains(": error: [non-conforming]") })
    }

    @Test("a component style takes pt as points, and refuses an em length it cannot convert, naming it")
    func componentUnits() throws {
        let result = theme(
            "resolve", "--component", "TextInput", "--theme",
            "Tests/ThemeCLITests/Fixtures/policy/em-radius-theme.json", "--format", "text")
        #expect(result.exitCode == .failure)
        #expect(result.standardOutput.isEmpty)
        let errors = Self.findings(result.errors).filter { $0.contains(": error: ") }
        #expect(
            errors.first
                == "Tests/ThemeCLITests/Fixtures/policy/em-radius-theme.json:3:48: error: [missing-style-token] TextInput.normal.cornerRadius needs a dimension with a length of its own (px, rem, pt, dp or sp) in 'theme.radius.input.default', found 0.5em"
        )
        // Only the em radius, in each of TextInput's six states: the 44pt height converts.
        #expect(errors.count == 6)
        #expect(errors.allSatisfy { $0.contains("cornerRadius") })
    }
}
