import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Theming

/// A renderer with a design language of its own, as a team outside ThemeEngine writes one.
private enum AcmeColor: String, ThemeColorRequirement, CaseIterable {
    case text = "acme.color.text"
    case surface = "acme.color.surface"
    case accent = "acme.color.accent"
    var tokenPath: String { rawValue }
}

private enum AcmeSpace: String, ThemeDimensionRequirement, CaseIterable {
    case small = "acme.space.sm"
    case medium = "acme.space.md"
    var tokenPath: String { rawValue }
}

private enum AcmeType: String, ThemeTypographyRequirement, CaseIterable {
    case body = "acme.type.body"
    var tokenPath: String { rawValue }
}

private enum AcmeIcon: String, ThemeImageRequirement, CaseIterable {
    case close = "acme.icon.close"
    var tokenPath: String { rawValue }
}

@MainActor
private final class AcmeRow: Themeable {
    typealias ColorRequirement = AcmeColor
    typealias DimensionRequirement = AcmeSpace
    typealias TypographyRequirement = AcmeType
    typealias ImageRequirement = AcmeIcon
    lazy var themeScope = ThemeScope(for: self)
    var drawn = ""
    func updateTheme() {
        drawn =
            "\(color(.text).hex) on \(color(.surface).hex), \(points(.medium))pt padding, \(font(.body).fontSize)pt \(image(.close).asset)"
    }
}

@Suite("A design language of its own: a Theme without ThemeEngine's component tokens")
struct OwnDesignLanguageTests {
    static func acme() throws -> ResolvedTheme {
        try ResolvedTheme.resolve([repositoryFile("Tests/ThemingTests/Fixtures/schema/acme.json")])
    }

    @Test("it loads as a Theme: every bundled component recorded as unstyled, once, and asking for one is the error")
    func loads() throws {
        let theme = Theme(try Self.acme())
        #expect(theme.incompleteComponents.map(\.component) == ComponentSchema.bundled.names)
        #expect(theme.incompleteComponents.allSatisfy { $0.styled == 0 && $0.defined == 0 && !$0.isPartlyDefined })
        let problems = diagnostics { () throws(DiagnosticError) in _ = try theme.textInput }
        #expect(problems.count == 6 * 19)
        #expect(
            problems.first?.message.hasPrefix(
                "TextInput.normal.background needs the token 'theme.color.text-input.default.background', which no file defines"
            ) == true)
        #expect(theme.sections(of: "TextInput").isEmpty)
        let unknown = diagnostics { () throws(DiagnosticError) in _ = try theme.style(of: "TextImput") }
        #expect(
            unknown.map(\.message) == ["the component schema has no component 'TextImput'; did you mean 'TextInput'?"])
    }

    @Test("its renderer reads its own names: a scope checks them once and the row draws with values, not optionals")
    @MainActor
    func renderer() throws {
        let theme = Theme(try Self.acme())
        let form = ThemeScope()
        let row = AcmeRow()
        form.addChild(row.themeScope)
        form.theme = theme
        #expect(row.drawn == "#111827 on #ffffff, 16.0pt padding, 16.0pt xmark")
        #expect(row.themeScope.themeError == nil)
        // The bundled defaults do not have Acme's names: the row is not given them, and is told why.
        let bundled = try Theme.load()
        form.theme = bundled
        #expect(row.themeScope.effectiveTheme == nil)
        let missing = try #require(row.themeScope.themeError).diagnostics
        #expect(missing.count == 7)
        #expect(missing.first?.message == "no token 'acme.color.text'")
    }

    @Test("a set that defines part of a component reports what that component lacks, and only it")
    func partlyDefined() throws {
        let tokens = try ResolvedTheme.resolve([
            repositoryFile("Tests/ThemingTests/Fixtures/schema/acme.json"),
            source(
                ##"{"theme": {"color": {"toggle": {"on": {"track": {"$type": "color", "$value": "{acme.color.accent}"}}}}}}"##,
                name: "toggle.json"),
        ])
        let theme = Theme(tokens)
        let partly = theme.incompleteComponents.filter(\.isPartlyDefined)
        #expect(partly.map(\.component) == ["Toggle"])
        #expect(partly.first?.styled == 1)
        #expect(partly.first?.total == 18)
    }
}
