import DesignTokens
import Foundation
import Testing
import ThemeEngineTestSupport
import Theming
@_spi(Engine) import TokenJSON

@testable import Linting

@Suite("contrast pairs: components, declarations, and where findings point")
struct ContrastPairTests {
    static func minContrast(_ report: LintReport) -> [Diagnostic] {
        report.diagnostics.filter { $0.rule == .minContrast }
    }

    // MARK: Component pairs

    @Test("the bundled components draw 210 pairs; disabled states have none, borders, icons and tracks are non-text")
    func componentPairs() throws {
        let theme = try Theme.load()
        let surface = ContrastSide(
            label: "surface", token: "theme.color.background.surface-1", aliasChain: [], color: .white)
        let drawn = ComponentContrastPairs.pairs(of: theme, surface: surface, level: .aa)
        let pairs = drawn.pairs
        #expect(drawn.needsSurface)
        #expect(pairs.count == 210)
        #expect(!pairs.contains { $0.foreground.label.contains(".disabled.") })
        #expect(pairs.filter { $0.foreground.label.hasPrefix("TextInput.") }.count == 5 * 6)
        #expect(pairs.filter { $0.foreground.label.hasPrefix("AddressForm.textInput.") }.count == 5 * 2)
        for pair in pairs {
            let name = pair.foreground.label.split(separator: ".").last!
            let nonText =
                ["border", "icon", "accessory", "chevron", "thumb", "track"].contains(name)
                || pair.foreground.label == "SegmentedControl.selected.background"
            #expect(pair.kind == (nonText ? .nonText : .text), "\(pair.foreground.label)")
        }
        // Labels are read against the surface, text against the field.
        let title = try #require(pairs.first { $0.foreground.label == "TextInput.focused.title" })
        #expect(title.background.token == "theme.color.background.surface-1")
        let text = try #require(pairs.first { $0.foreground.label == "TextInput.focused.foreground" })
        #expect(text.background.label == "TextInput.focused.background")
        #expect(
            text.background.aliasChain == [
                "design.colors.surfacePrimary.default", "theme.color.background.surface-1", "palette.neutral.0",
            ])
    }

    @Test("the disabled state is exempt: its colours may be as faint as the design wants")
    func disabledExempt() {
        // Disabled text and border are both theme.color.foreground.disabled, through design.colors.surfaceDisabled.
        let faint = source(##"{"theme": {"color": {"foreground": {"disabled": {"$value": "#f0f0f0"}}}}}"##)
        #expect(Self.minContrast(lint([faint])).isEmpty)
    }

    @Test("a border that fades into the surface fails at 3:1, as non-text")
    func border() throws {
        let faint = source(##"{"theme": {"color": {"border": {"default": {"$value": "#d0d0d0"}}}}}"##)
        let finding = try #require(Self.minContrast(lint([faint])).first)
        #expect(
            finding.message.hasPrefix(
                "theme.color.border.default #d0d0d0 on theme.color.background.surface-1 #ffffff has contrast 1.5"))
        #expect(finding.message.contains("non-text needs 3:1 at level AA (TextInput.normal.border and 6 more)"))
        #expect(finding.tokenPath == "theme.color.border.default")
        #expect(finding.location == SourceLocation(file: "theme.json", line: 1, column: 55))
    }

    // MARK: Where a finding points

    @Test("the side a theme changed is blamed: a darker surface under the default dark text")
    func blamesTheThemesSide() throws {
        let dim = source(
            ##"{"theme": {"color": {"background": {"surface-1": {"$value": "#444444"}}}}}"##, name: "dim.json")
        let findings = Self.minContrast(lint([dim]))
        #expect(!findings.isEmpty)
        for finding in findings {
            #expect(finding.location?.file == "dim.json")
            #expect(finding.tokenPath == "theme.color.background.surface-1")
        }
        // The note for the other side points into the defaults, at the token that picks the text colour.
        let note = try #require(findings.first?.notes.first)
        #expect(
            note.message.hasPrefix(
                "TextInput.normal.foreground reads theme.color.text-input.default.foreground → design.colors.surfacePrimary.onSurfacePrimary.default → theme.color.foreground.default → palette.neutral.900"
            ))
        #expect(note.location?.file == "Tokens/defaultTokens.json")
    }

    @Test(
        "in one file, the finding points at the semantic token that picks the colour, not the component token or the primitive"
    )
    func blamesTheSemanticChoice() throws {
        let defaults = String(decoding: TokenSource.defaultTokens.bytes, as: UTF8.self)
        let edited = defaults.replacingOccurrences(
            of: #""placeholder": {"$value": "{palette.neutral.500}"}"#,
            with: #""placeholder": {"$value": "{palette.neutral.300}"}"#)
        #expect(edited != defaults)
        let report = Linter().lint([TokenSource(name: "Tokens/defaultTokens.json", bytes: Array(edited.utf8))])
        let findings = Self.minContrast(report)
        #expect(findings.count == 2)  // on surface-1 and on surface-2
        #expect(findings.allSatisfy { $0.tokenPath == "theme.color.foreground.placeholder" })
    }

    @Test(
        "uses of the same colours on the same surface are one finding, whose note names the first few and counts the rest"
    )
    func grouped() throws {
        let low = source(##"{"theme": {"color": {"foreground": {"default": {"$value": "#999999"}}}}}"##)
        let findings = Self.minContrast(lint([low]))
        let onSurface = try #require(findings.first { $0.message.contains("on theme.color.background.surface-1") })
        #expect(onSurface.message.hasSuffix("(TextInput.normal.foreground and 60 more)"))
        let uses = try #require(onSurface.notes.last?.message)
        #expect(
            uses
                == "the same colours are also drawn as TextInput.normal.title on theme.color.background.surface-1, TextInput.focused.foreground on TextInput.focused.background, TextInput.focused.title on theme.color.background.surface-1, TextInput.editing.foreground on TextInput.editing.background, TextInput.editing.title on theme.color.background.surface-1 and 55 more"
        )
        #expect(Set(findings.map(\.message)).count == findings.count)
    }

    @Test("a translucent background is composited over the surface before the ratio is taken")
    func translucentBackground() throws {
        let veil = source(##"{"theme": {"color": {"background": {"surface-2": {"$value": "#00000099"}}}}}"##)
        let findings = Self.minContrast(lint([veil]))
        let finding = try #require(findings.first { $0.message.contains("surface-2") })
        #expect(finding.message.contains("theme.color.background.surface-2 #00000099 (drawn as #666666)"))
        #expect(
            finding.notes.contains {
                $0.message
                    == "TextInput.readOnly.background is translucent: drawn over theme.color.background.surface-1 #ffffff it is #666666"
            })
    }

    @Test("the search bar's translucent field is composited over the bar, not the surface: a dark bar darkens it")
    func searchFieldOnDarkBar() throws {
        // White at 20% over a black bar is #333333; over the white surface it would be white, and the default
        // dark text would pass.
        let bar = source(
            ##"{"theme": {"color": {"search-bar": {"background": {"$value": "#000000"}, "field-background": {"$value": "#ffffff33"}}}}}"##,
            name: "bar.json")
        let findings = Self.minContrast(lint([bar]))
        let finding = try #require(findings.first { $0.tokenPath == "theme.color.search-bar.field-background" })
        #expect(
            finding.message.contains("theme.color.search-bar.field-background #ffffff33 (drawn as #333333)"),
            "\(finding.message)")
        #expect(
            finding.notes.contains {
                $0.message
                    == "AddressForm.searchBar.fieldBackground is translucent: drawn over theme.color.search-bar.background #000000 it is #333333"
            })
        // The bar itself is opaque and sits on the surface: the field is not checked against the surface.
        let pairs = ComponentContrastPairs.pairs(
            of: Theme(try ResolvedTheme.resolve([.defaultTokens, bar])), surface: Self.surface, level: .aa
        ).pairs
        let placeholder = try #require(pairs.first { $0.foreground.label == "AddressForm.searchBar.placeholder" })
        #expect(
            placeholder.backdrops.map(\.token) == [
                "theme.color.search-bar.background", "theme.color.background.surface-1",
            ])
    }

    @Test("result and link cells are composited over the table's background, then the surface")
    func cellsOnTable() throws {
        let table = source(
            ##"{"theme": {"color": {"table-view": {"background": {"$value": "#000000"}}, "table-view-cell": {"background": {"$value": "#ffffff33"}}}}}"##,
            name: "table.json")
        let findings = Self.minContrast(lint([table]))
        let finding = try #require(findings.first { $0.tokenPath == "theme.color.table-view-cell.background" })
        #expect(
            finding.message.contains("theme.color.table-view-cell.background #ffffff33 (drawn as #333333)"),
            "\(finding.message)")
        let pairs = ComponentContrastPairs.pairs(
            of: Theme(try ResolvedTheme.resolve([.defaultTokens, table])), surface: Self.surface, level: .aa
        ).pairs
        for label in ["AddressForm.tableViewCell.title", "AddressForm.tableViewLinkCell.accessory"] {
            let pair = try #require(pairs.first { $0.foreground.label == label })
            #expect(
                pair.backdrops.map(\.token) == [
                    "theme.color.table-view.background", "theme.color.background.surface-1",
                ], "\(label)")
        }
    }

    static let surface = ContrastSide(
        label: "surface", token: "theme.color.background.surface-1", aliasChain: ["palette.neutral.0"], color: .white)

    @Test("the checker flags a pair a hair below its minimum, 4.4999:1, and shows it as 4.49")
    func hairBelow() throws {
        // A grey whose ratio on white is exactly 4.4999 (WCAG does not round).
        let luminance = 1.05 / 4.4999 - 0.05
        let channel = 1.055 * pow(luminance, 1 / 2.4) - 0.055
        let grey = ThemeColor(red: channel, green: channel, blue: channel)
        let ratio = Contrast.ratio(grey, on: .white)
        #expect(abs(ratio - 4.4999) < 1e-9)
        let resolved = try ResolvedTheme.resolve([.defaultTokens])
        let checker = ContrastChecker(theme: resolved, files: [TokenSource.defaultTokens.name])
        func pair(_ foreground: ThemeColor) -> ContrastPair {
            ContrastPair(
                foreground: ContrastSide(
                    label: "theme.color.foreground.placeholder", token: "theme.color.foreground.placeholder",
                    aliasChain: [], color: foreground),
                background: Self.surface, backdrops: [], kind: .text, level: .aa)
        }
        let findings = checker.findings([pair(grey)])
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("has contrast 4.49:1; text needs 4.5:1 at level AA") == true)
        let justEnough = 1.055 * pow(1.05 / 4.5 - 0.05, 1 / 2.4) - 0.055 - 1e-6
        let passing = ThemeColor(red: justEnough, green: justEnough, blue: justEnough)
        #expect(Contrast.ratio(passing, on: .white) >= 4.5)
        #expect(checker.findings([pair(passing)]).isEmpty)
    }

    // MARK: Declared pairs

    static func badge(_ extensions: String, value: String = "{palette.neutral.0}") -> TokenSource {
        source(
            ##"{"theme": {"color": {"badge": {"text": {"$value": "\##(value)", "$extensions": {"com.themeengine.contrast": \##(extensions)}}}}}}"##,
            name: "badge.json")
    }

    @Test(
        "a declared pair is checked at its own level and kind",
        arguments: [
            // white on palette.blue.600 is 5.61:1
            (#"{"against": "{theme.color.background.brand}"}"#, nil),
            (#"{"against": "{theme.color.background.brand}", "level": "AAA"}"#, "text needs 7:1 at level AAA"),
            (#"{"against": "{theme.color.background.brand}", "level": "AAA", "kind": "large-text"}"#, nil),
            (#"{"against": "{theme.color.background.brand}", "level": "AAA", "kind": "non-text"}"#, nil),
            (
                #"[{"against": "{theme.color.background.brand}"}, {"against": "{palette.blue.500}", "kind": "text"}]"#,
                "text needs 4.5:1 at level AA"
            ),
        ] as [(String, String?)])
    func declared(extensions: String, failure: String?) throws {
        let report = lint([Self.badge(extensions)])
        #expect(!report.diagnostics.contains { $0.rule == .invalidContrastPair })
        let findings = Self.minContrast(report)
        #expect(findings.count == (failure == nil ? 0 : 1))
        if let failure, let finding = findings.first {
            #expect(finding.message.contains(failure), "\(finding.message)")
            #expect(finding.message.hasPrefix("theme.color.badge.text #ffffff on "))
            #expect(finding.location?.file == "badge.json")
        }
        #expect(report.contrastPairsChecked == 210 + (extensions.hasPrefix("[") ? 2 : 1))
    }

    @Test("a declared pair against an alias of the surface is not composited over the surface again")
    func declaredAgainstSurfaceAlias() throws {
        // design.colors.surfacePrimary.default reads theme.color.background.surface-1, here translucent.
        let veil = source(
            ##"{"theme": {"color": {"background": {"surface-1": {"$value": "#00000080"}}}}}"##, name: "veil.json")
        let pair = Self.badge(#"{"against": "{design.colors.surfacePrimary.default}"}"#)
        let resolved = try ResolvedTheme.resolve([.defaultTokens, pair, veil])
        let surface = ContrastSide(
            label: "surface", token: "theme.color.background.surface-1", aliasChain: [],
            color: ThemeColor(resolved.color("theme.color.background.surface-1")!))
        let declared = ExtensionContrastPairs.pairs(in: resolved, surface: surface, level: .aa)
        let badge = try #require(declared.pairs.first)
        #expect(badge.background.token == "design.colors.surfacePrimary.default")
        #expect(badge.backdrops.isEmpty)
        // #00000080 over white, once: #7f7f7f (twice would be #3f3f3f).
        #expect(ContrastChecker(theme: resolved, files: []).drawn(badge).background.hex == "#7f7f7f")
    }

    @Test("a declared pair without a level follows the run's level")
    func declaredFollowsRunLevel() {
        let pair = Self.badge(#"{"against": "{theme.color.background.brand}"}"#)
        func badgeFindings(_ level: ContrastLevel) -> [Diagnostic] {
            Self.minContrast(lint([pair], LintConfiguration(level: level))).filter {
                $0.tokenPath == "theme.color.badge.text"
            }
        }
        #expect(badgeFindings(.aaa).count == 1)
        #expect(badgeFindings(.aa).isEmpty)
    }

    @Test(
        "a declaration that cannot be checked is an error that says why",
        arguments: [
            (
                #""{theme.color.background.brand}""#,
                "com.themeengine.contrast on theme.color.badge.text must be an object such as {\"against\": \"{theme.color.background.surface-1}\"} or a list of them, found a string"
            ),
            (#"[1]"#, "each com.themeengine.contrast entry must be an object with \"against\", found a number"),
            (
                #"{"agianst": "{theme.color.background.brand}"}"#,
                "com.themeengine.contrast has no \"agianst\"; did you mean \"against\"?; an entry has \"against\", \"kind\" and \"level\""
            ),
            (
                #"{"level": "AA"}"#,
                "com.themeengine.contrast needs \"against\": a reference to the colour theme.color.badge.text is drawn on, such as \"{theme.color.background.surface-1}\""
            ),
            (
                ##"{"against": "#0055ff"}"##,
                "com.themeengine.contrast \"against\" must be a curly-brace reference such as \"{theme.color.background.surface-1}\", found \"#0055ff\""
            ),
            (
                #"{"against": "{theme.color.background.brnad}"}"#,
                "theme.color.badge.text declares contrast against {theme.color.background.brnad}, which does not exist; did you mean {theme.color.background.brand}?"
            ),
            (
                #"{"against": "{radius.md}"}"#,
                "radius.md is a dimension token; contrast is checked between colour tokens"
            ),
            (
                #"{"against": "{theme.color.background.brand}", "kind": "icon"}"#,
                "com.themeengine.contrast kind must be \"text\", \"large-text\" or \"non-text\", found \"icon\""
            ),
            (
                #"{"against": "{theme.color.background.brand}", "level": "A"}"#,
                "com.themeengine.contrast level must be \"AA\" or \"AAA\", found \"A\""
            ),
        ])
    func invalid(extensions: String, message: String) throws {
        let report = lint([Self.badge(extensions)])
        let problems = report.diagnostics.filter { $0.rule == .invalidContrastPair }
        #expect(problems.map(\.message) == [message])
        #expect(problems.first?.severity == .error)
        #expect(problems.first?.location?.file == "badge.json")
    }

    @Test("a wide-gamut colour is checked as the sRGB it is gamut-mapped to, and reported as mapped")
    func wideGamut() throws {
        // A later file changes the declaring token to Display P3 red, outside sRGB; the declaration stays.
        let report = lint([
            Self.badge(#"{"against": "{theme.color.background.brand}"}"#),
            source(
                ##"{"theme": {"color": {"badge": {"text": {"$value": {"colorSpace": "display-p3", "components": [1, 0, 0]}}}}}}"##,
                name: "wide.json"),
        ])
        #expect(report.diagnostics.filter { $0.rule == .invalidContrastPair }.isEmpty)
        let finding = try #require(Self.minContrast(report).first)
        let ratio = Contrast.ratio(ContrastTests.color("#ff0b0c"), on: ContrastTests.color("#0055ff"))
        #expect(
            finding.message
                == "theme.color.badge.text #ff0b0c on theme.color.background.brand #0055ff has contrast \(Contrast.format(ratio)):1; text needs 4.5:1 at level AA"
        )
        #expect(
            report.diagnostics.filter { $0.rule == .gamutMapped }.map(\.message) == [
                "theme.color.badge.text is color(display-p3 1 0 0), outside the sRGB gamut; as sRGB it is gamut-mapped to #ff0b0c"
            ])
    }

    // MARK: Levels

    @Test("a theme declares its level on its root group; --level overrides it")
    func declaredLevel() {
        let strict = source(
            ##"{"$extensions": {"com.themeengine.contrast": {"level": "AAA"}}, "theme": {"color": {"foreground": {"placeholder": {"$value": "{palette.neutral.600}"}}}}}"##
        )
        #expect(lint([strict]).level == .aaa)
        #expect(lint([strict], LintConfiguration(level: .aa)).level == .aa)
        #expect(lint([]).level == .aa)
    }

    @Test("the level is found by searching the files top-down: other root $extensions above do not hide it")
    func declaredLevelBelowOtherExtensions() {
        let strict = source(##"{"$extensions": {"com.themeengine.contrast": {"level": "AAA"}}}"##, name: "strict.json")
        let tooling = source(##"{"$extensions": {"com.example.figma": {"fileKey": "abc"}}}"##, name: "tooling.json")
        #expect(lint([strict, tooling]).level == .aaa)
        // The top-most declaration wins.
        let relaxed = source(##"{"$extensions": {"com.themeengine.contrast": {"level": "AA"}}}"##, name: "relaxed.json")
        #expect(lint([strict, relaxed, tooling]).level == .aa)
        #expect(lint([relaxed, strict]).level == .aaa)
        // A malformed declaration is reported where it is written, even below another file's $extensions.
        let broken = source(##"{"$extensions": {"com.themeengine.contrast": {"level": "A"}}}"##, name: "broken.json")
        #expect(lint([broken, tooling]).diagnostics.map(\.location?.file) == ["broken.json"])
    }

    @Test(
        "a malformed level declaration is an invalid-contrast-pair error at the declaration",
        arguments: [
            (#"{"level": "AAAA"}"#, "com.themeengine.contrast level must be \"AA\" or \"AAA\", found \"AAAA\""),
            (
                #"{"against": "{palette.neutral.0}"}"#,
                "com.themeengine.contrast on the root group sets only \"level\"; \"against\" belongs on a token, to declare a pair"
            ),
            (
                #""AAA""#,
                "com.themeengine.contrast on the root group must be an object such as {\"level\": \"AAA\"}, found a string"
            ),
        ])
    func invalidLevel(declaration: String, message: String) {
        let report = lint([source(##"{"$extensions": {"com.themeengine.contrast": \##(declaration)}}"##)])
        #expect(report.diagnostics.map(\.message) == [message])
        #expect(report.diagnostics.first?.location == SourceLocation(file: "theme.json", line: 1, column: 17))
        #expect(report.level == .aa)
    }
}
