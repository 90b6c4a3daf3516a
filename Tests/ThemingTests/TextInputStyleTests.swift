import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Theming

@Suite("TextInput style per state")
struct TextInputStyleTests {
    typealias State = TextInputStyle.State

    /// Colours per state: background, foreground, border, placeholder, title, helper, error label. Read off the
    /// palette: light neutral 0/900/500/600, blue.600, red.600; dark neutral 950/50/400/300, blue.400, red.400
    /// (border, and the error state's error label) and red.300 (text); high contrast neutral 1000/700/800, blue.800,
    /// red.800.
    static let colours: [(theme: String?, state: State, colours: [String])] = [
        (nil, .normal, ["#ffffff", "#1a1b1d", "#6f7174", "#6f7174", "#1a1b1d", "#57595c", "#cd0015"]),
        (nil, .focused, ["#ffffff", "#1a1b1d", "#0055ff", "#6f7174", "#1a1b1d", "#57595c", "#cd0015"]),
        (nil, .editing, ["#ffffff", "#1a1b1d", "#0055ff", "#6f7174", "#1a1b1d", "#57595c", "#cd0015"]),
        (nil, .error, ["#ffffff", "#1a1b1d", "#cd0015", "#6f7174", "#1a1b1d", "#57595c", "#cd0015"]),
        (nil, .disabled, ["#eceef1", "#8f9194", "#8f9194", "#8f9194", "#8f9194", "#8f9194", "#8f9194"]),
        (nil, .readOnly, ["#f6f8fc", "#1a1b1d", "#8f9194", "#6f7174", "#1a1b1d", "#57595c", "#cd0015"]),
        ("Themes/dark.json", .normal, ["#0d0e11", "#f6f8fc", "#8f9194", "#8f9194", "#f6f8fc", "#b4b6b9", "#ff9e93"]),
        ("Themes/dark.json", .focused, ["#0d0e11", "#f6f8fc", "#6b9dff", "#8f9194", "#f6f8fc", "#b4b6b9", "#ff9e93"]),
        ("Themes/dark.json", .editing, ["#0d0e11", "#f6f8fc", "#6b9dff", "#8f9194", "#f6f8fc", "#b4b6b9", "#ff9e93"]),
        ("Themes/dark.json", .error, ["#0d0e11", "#f6f8fc", "#fb6d62", "#8f9194", "#f6f8fc", "#b4b6b9", "#fb6d62"]),
        ("Themes/dark.json", .disabled, ["#2d2e31", "#6f7174", "#6f7174", "#6f7174", "#6f7174", "#6f7174", "#6f7174"]),
        ("Themes/dark.json", .readOnly, ["#1a1b1d", "#f6f8fc", "#6f7174", "#8f9194", "#f6f8fc", "#b4b6b9", "#ff9e93"]),
        (
            "Themes/high-contrast.json", .normal,
            ["#ffffff", "#000000", "#000000", "#424346", "#000000", "#2d2e31", "#830009"]
        ),
        (
            "Themes/high-contrast.json", .focused,
            ["#ffffff", "#000000", "#0034a4", "#424346", "#000000", "#2d2e31", "#830009"]
        ),
        (
            "Themes/high-contrast.json", .editing,
            ["#ffffff", "#000000", "#0034a4", "#424346", "#000000", "#2d2e31", "#830009"]
        ),
        (
            "Themes/high-contrast.json", .error,
            ["#ffffff", "#000000", "#830009", "#424346", "#000000", "#2d2e31", "#830009"]
        ),
        (
            "Themes/high-contrast.json", .disabled,
            ["#eceef1", "#57595c", "#57595c", "#57595c", "#57595c", "#57595c", "#57595c"]
        ),
        (
            "Themes/high-contrast.json", .readOnly,
            ["#f6f8fc", "#000000", "#2d2e31", "#424346", "#000000", "#2d2e31", "#830009"]
        ),
    ]

    @Test("each state's colours under the defaults and each bundled theme", arguments: colours)
    func stateColours(_ row: (theme: String?, state: State, colours: [String])) throws {
        let style = try bundledTheme(row.theme.map { [$0] } ?? []).textInput[row.state]
        let actual = [
            style.background, style.foreground, style.border, style.placeholder, style.title, style.helper,
            style.errorLabel,
        ]
        #expect(actual.map(\.hex) == row.colours)
    }

    @Test(
        "dimensions: radius 8, height 44, paddings 16 × 8, error gap 4; the border is 2pt when focused or editing",
        arguments: [nil, "Themes/dark.json", "Themes/high-contrast.json"])
    func dimensions(theme: String?) throws {
        let style = try bundledTheme(theme.map { [$0] } ?? []).textInput
        for state in State.allCases {
            let metrics = [
                style[state].cornerRadius, style[state].height, style[state].paddingX, style[state].paddingY,
                style[state].errorSpacing,
            ]
            #expect(metrics == [8, 44, 16, 8, 4], "\(state)")
            #expect(style[state].borderWidth == (state == .focused || state == .editing ? 2 : 1), "\(state)")
        }
    }

    @Test("the error icon is an image token a theme can swap")
    func errorIcon() throws {
        let standard = try bundledTheme().textInput
        #expect(standard[.error].errorIcon == ThemeImage(asset: "exclamationmark.circle", renderingMode: .template))
        let swapped = try Theme.load(themes: [
            source(
                #"""
                {"theme": {"image": {"text-input": {"error-icon": {"$value": {"asset": "icWarning", "file": "Icons/warning.pdf"}}}}}}
                """#)
        ])
        for state in State.allCases {
            #expect(try swapped.textInput[state].errorIcon == ThemeImage(asset: "icWarning", file: "Icons/warning.pdf"))
        }
    }

    @Test("every property names its token and the alias chain behind it")
    func provenance() throws {
        let sections = try bundledTheme().textInput.sections
        #expect(sections.map(\.path) == State.allCases.map { [$0.rawValue] })
        #expect(
            sections.allSatisfy {
                $0.properties.map(\.name) == [
                    "background", "foreground", "border", "placeholder", "title", "helper", "errorLabel",
                    "borderWidth", "cornerRadius", "height", "paddingX", "paddingY", "errorSpacing", "errorIcon",
                    "textTypography", "placeholderTypography", "titleTypography", "helperTypography",
                    "errorLabelTypography",
                ]
            })
        let focusedBorder = try #require(sections[1]["border"])
        #expect(focusedBorder.token == "theme.color.text-input.focused.border")
        #expect(
            focusedBorder.aliasChain == [
                "design.colors.primary.default", "theme.color.border.brand", "palette.blue.600",
            ])
        #expect(focusedBorder.value == .color(ThemeColor(red: 0, green: 0x55 / 255, blue: 1)))
        let readOnlyBackground = try #require(sections[5]["background"])
        #expect(readOnlyBackground.token == "theme.color.text-input.read-only.background")
    }

    // MARK: Fallbacks are tokens

    @Test(
        "editing follows focused through tokens: overriding focused restyles editing, overriding editing leaves focused"
    )
    func editingFollowsFocused() throws {
        let focused = try Theme.load(themes: [
            source(
                ##"""
                {"theme": {"color": {"text-input": {"focused": {"background": {"$value": "#fffbe6"}}}}}}
                """##)
        ])
        #expect(try focused.textInput[.editing].background.hex == "#fffbe6")
        #expect(try focused.textInput[.focused].background.hex == "#fffbe6")

        let editing = try Theme.load(themes: [
            source(
                ##"""
                {"theme": {"color": {"text-input": {"editing": {"border": {"$value": "#7c3aed"}}}}}}
                """##)
        ])
        #expect(try editing.textInput[.editing].border.hex == "#7c3aed")
        #expect(try editing.textInput[.focused].border.hex == "#0055ff")
    }

    @Test("a theme overriding only theme.color.border.brand changes the focused borders and nothing unrelated")
    func brandBorderOverride() throws {
        let base = flattened(try bundledTheme())
        let branded = flattened(
            try Theme.load(themes: [
                source(
                    ##"""
                    {"theme": {"color": {"border": {"brand": {"$value": "#7c3aed"}}}}}
                    """##)
            ]))
        let changed = Set(base.keys.filter { base[$0] != branded[$0] })
        // The focused and editing borders of every field, and the secondary button's: primary buttons and toggles
        // fill with the brand fill, not the brand border, so they stay.
        #expect(changed == Set(ThemeDiffTests.brandBorderChanges))
        let violet = try #require(TokenValue.Color(hex: "#7c3aed"))
        #expect(branded["TextInput.focused.border"] == .color(ThemeColor(violet)))
    }

    @Test("a global property restyles every TextInput: design.colors.inputBorder moves the normal border")
    func globalProperty() throws {
        let theme = try Theme.load(themes: [
            source(##"{"design": {"colors": {"inputBorder": {"$value": "#123456"}}}}"##)
        ])
        #expect(try theme.textInput[.normal].border.hex == "#123456")
        #expect(try theme.textInput[.focused].border.hex == "#0055ff")
    }

    // MARK: Errors

    @Test("tokens without the component tokens: every missing one reported, by property, with a suggestion")
    func missingTokens() throws {
        let tokens = try ResolvedTheme.resolve([
            source(
                ##"""
                {"theme": {"color": {"$type": "color", "text-input": {"default": {"backgrund": {"$value": "#ffffff"}}}}}}
                """##)
        ])
        let theme = Theme(tokens)
        let problems = diagnostics { () throws(DiagnosticError) in _ = try theme.textInput }
        #expect(problems == theme.problems(of: "TextInput"))
        #expect(problems.count == 6 * 19)
        #expect(problems.allSatisfy { $0.rule == .missingStyleToken && $0.severity == .error })
        #expect(
            problems.first?.message
                == "TextInput.normal.background needs the token 'theme.color.text-input.default.background', which no file defines; did you mean 'theme.color.text-input.default.backgrund'?"
        )
        #expect(problems.first?.tokenPath == "theme.color.text-input.default.background")
    }

    @Test("a length too large to count in points is reported, not drawn as infinity")
    func lengthBeyondPoints() throws {
        let tokens = try ResolvedTheme.resolve([
            .defaultTokens,
            source(
                #"""
                {"theme": {"radius": {"input": {"default": {"$type": "dimension", "$value": {"value": 1e308, "unit": "rem"}}}}}}
                """#, name: "huge.json"),
        ])
        let problems = diagnostics { () throws(DiagnosticError) in _ = try Theme(tokens).textInput }
        #expect(
            problems.map(\.message).first
                == "TextInput.normal.cornerRadius needs a dimension with a length of its own (px, rem, pt, dp or sp) in 'theme.radius.input.default', found 1e+308rem, too large to count in points"
        )
        #expect(!problems.isEmpty && problems.allSatisfy { $0.rule == .missingStyleToken && $0.severity == .error })
    }

    @Test("a token of the wrong type is reported at the token, naming what the style needs")
    func wrongType() throws {
        let tokens = try ResolvedTheme.resolve([
            .defaultTokens,
            source(
                #"""
                {"theme": {"image": {"text-input": {"error-icon": {"$type": "string", "$value": "oops"}}}}}
                """#, name: "broken.json"),
        ])
        let problems = diagnostics { () throws(DiagnosticError) in _ = try Theme(tokens).textInput }
        #expect(
            problems.map(\.message).first
                == "TextInput.normal.errorIcon needs an image in 'theme.image.text-input.error-icon', found a string")
        #expect(problems.first?.location == SourceLocation(file: "broken.json", line: 1, column: 81))
        #expect(problems.count == 6)
    }
}
