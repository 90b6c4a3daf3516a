import Testing

@testable import ColorSpaces
@testable import DesignTokens

/// Tokens Studio's colour modifiers (`$extensions` → `studio.tokens` → `modify`): the colours they make, checked
/// against the results Tokens Studio's own transforms publish for the same inputs, and how the resolver reads them.
@Suite("Tokens Studio colour modifiers")
struct ColorModifierTests {
    // MARK: The colours

    /// One modifier applied to a colour, and the result Tokens Studio's transforms give for it (their tests,
    /// `@tokens-studio/sd-transforms`), in CSS with their three-digit rounding: `rgb()` in percent.
    struct Vector: Sendable, CustomTestStringConvertible {
        var base: String
        var kind: ColorModifier.Kind
        var space: ColorModifier.Space
        var amount: Double
        var mix: String?
        var published: String

        var testDescription: String {
            "\(kind) \(space) \(amount) of \(base)\(mix.map { " with \($0)" } ?? "") → \(published)"
        }
    }

    static let vectors: [Vector] = [
        .init(base: "#C14242", kind: .lighten, space: .hsl, amount: 0.2, published: "hsl(0 50.6 60.6)"),
        .init(base: "#C14242", kind: .lighten, space: .lch, amount: 0.2, published: "lch(57.7 47.5 29.7)"),
        .init(base: "#C14242", kind: .lighten, space: .p3, amount: 0.2, published: "display-p3(0.76 0.44 0.42)"),
        .init(base: "#C14242", kind: .lighten, space: .srgb, amount: 0.2, published: "srgb(80.5 40.7 40.7)"),
        .init(base: "#C14242", kind: .darken, space: .hsl, amount: 0.2, published: "hsl(0 50.6 40.6)"),
        .init(base: "#C14242", kind: .darken, space: .lch, amount: 0.2, published: "lch(37.7 47.5 29.7)"),
        .init(base: "#C14242", kind: .darken, space: .p3, amount: 0.2, published: "display-p3(0.56 0.24 0.22)"),
        .init(base: "#C14242", kind: .darken, space: .srgb, amount: 0.2, published: "srgb(60.5 20.7 20.7)"),
        .init(base: "#000000", kind: .mix, space: .hsl, amount: 0.5, mix: "#FFFFFF", published: "hsl(0 0 50)"),
        .init(base: "#000000", kind: .mix, space: .lch, amount: 0.5, mix: "#FFFFFF", published: "lch(50 0 0)"),
        .init(
            base: "#000000", kind: .mix, space: .p3, amount: 0.5, mix: "#FFFFFF", published: "display-p3(0.5 0.5 0.5)"),
        .init(base: "#000000", kind: .mix, space: .srgb, amount: 0.5, mix: "#FFFFFF", published: "srgb(50 50 50)"),
        .init(base: "#FFFFFF", kind: .mix, space: .hsl, amount: 0.74, mix: "#4477DD", published: "hsl(220 51.2 67.9)"),
        .init(base: "#FFFFFF", kind: .mix, space: .lch, amount: 0.74, mix: "#4477DD", published: "lch(63.4 43.7 279)"),
        .init(
            base: "#FFFFFF", kind: .mix, space: .p3, amount: 0.74, mix: "#4477DD",
            published: "display-p3(0.49 0.6 0.88)"),
        .init(
            base: "#FFFFFF", kind: .mix, space: .srgb, amount: 0.74, mix: "#4477DD", published: "srgb(45.7 60.5 90.1)"),
        .init(base: "#C14242", kind: .alpha, space: .hsl, amount: 0.2, published: "hsl(0 50.6 50.8 / 0.2)"),
        .init(base: "#C14242", kind: .alpha, space: .lch, amount: 0.2, published: "lch(47.1 59.4 29.7 / 0.2)"),
        .init(base: "#C14242", kind: .alpha, space: .p3, amount: 0.2, published: "display-p3(0.7 0.29 0.28 / 0.2)"),
        .init(base: "#C14242", kind: .alpha, space: .srgb, amount: 0.2, published: "srgb(75.7 25.9 25.9 / 0.2)"),
    ]

    @Test("each modifier gives Tokens Studio's published colour, to the digits it publishes", arguments: vectors)
    func publishedResults(_ vector: Vector) throws {
        let modifier = ColorModifier(
            kind: vector.kind, space: vector.space, amount: vector.amount,
            mixColor: vector.mix.flatMap(TokenValue.Color.init(hex:)))
        let result = modifier.apply(to: TokenValue.Color(hex: vector.base)!)
        #expect(result.colorSpace == vector.space.colorSpace)
        #expect(result.hexFallback == nil)
        // "space(c0 c1 c2 / alpha)": each published component, with the precision it is written to.
        let open = try #require(vector.published.firstIndex(of: "("))
        let inside = vector.published[
            vector.published.index(after: open)..<vector.published.index(before: vector.published.endIndex)]
        let parts = inside.split(separator: "/").map { $0.split(separator: " ") }
        let scale = vector.space == .srgb ? 100.0 : 1
        for (index, written) in parts[0].enumerated() {
            let published = try #require(Double(String(written)))
            let decimals = written.firstIndex(of: ".").map { written.distance(from: $0, to: written.endIndex) - 1 } ?? 0
            let tolerance = 0.5 * pow10(-decimals) + 1e-9
            let ours = (result.components[index] ?? 0) * scale
            #expect(abs(ours - published) <= tolerance, "component \(index): \(ours), published \(published)")
        }
        #expect(result.alpha == (parts.count > 1 ? Double(String(parts[1][0]))! : 1))
    }

    private func pow10(_ exponent: Int) -> Double {
        (0..<abs(exponent)).reduce(1.0) { value, _ in exponent < 0 ? value / 10 : value * 10 }
    }

    @Test(
        "in sRGB, each modifier's hex is what Tokens Studio publishes",
        arguments: [
            (ColorModifier.Kind.darken, ColorModifier.Space.hsl, "#9c3333"), (.darken, .lch, "#983735"),
            (.darken, .p3, "#9b3535"),
            (.darken, .srgb, "#9a3535"),
        ] as [(ColorModifier.Kind, ColorModifier.Space, String)])
    func publishedHex(kind: ColorModifier.Kind, space: ColorModifier.Space, hex: String) {
        let result = ColorModifier(kind: kind, space: space, amount: 0.2).apply(to: TokenValue.Color(hex: "#C14242")!)
        #expect(result.hex == hex)
        let mixed = ColorModifier(kind: .mix, space: .srgb, amount: 0.74, mixColor: .init(hex: "#4477DD")).apply(
            to: .init(hex: "#FFFFFF")!)
        #expect(mixed.hex == "#759ae6")
    }

    @Test("lighten and darken move lightness by the amount of the way to white or black, exactly")
    func lightnessRelations() {
        let base = TokenValue.Color(hex: "#3366cc")!
        let lch = base.converted(to: .lch)
        let (lightness, chroma) = (lch.components[0]!, lch.components[1]!)
        for amount in [0.0, 0.1, 0.25, 0.5, 1] {
            let lighter = ColorModifier(kind: .lighten, space: .lch, amount: amount).apply(to: base)
            #expect(lighter.components[0] == lightness + (100 - lightness) * amount)
            #expect(lighter.components[1] == max(0, chroma - amount * chroma))
            #expect(lighter.components[2] == lch.components[2])
            let darker = ColorModifier(kind: .darken, space: .lch, amount: amount).apply(to: base)
            #expect(darker.components[0] == lightness - lightness * amount)
        }
        // A ramp: each step lighter than the one before, the last white's lightness.
        let ramp = [0.2, 0.4, 0.6, 0.8, 1].map {
            ColorModifier(kind: .lighten, space: .hsl, amount: $0).apply(to: base).components[2]!
        }
        #expect(zip(ramp, ramp.dropFirst()).allSatisfy { $0 < $1 })
        #expect(ramp.last == 100)
        // Mixing is symmetric in its amount: a with b at p is b with a at 1 − p.
        let other = TokenValue.Color(hex: "#ffcc00")!
        let ab = ColorModifier(kind: .mix, space: .srgb, amount: 0.3, mixColor: other).apply(to: base)
        let ba = ColorModifier(kind: .mix, space: .srgb, amount: 0.7, mixColor: base).apply(to: other)
        #expect(ab.hex == ba.hex)
    }

    @Test("hues mix along the shorter arc, and a grey takes the other colour's hue")
    func hueInterpolation() {
        let red = TokenValue.Color(colorSpace: .hsl, components: [350, 100, 50])
        let orange = TokenValue.Color(colorSpace: .hsl, components: [30, 100, 50])
        let mixed = ColorModifier(kind: .mix, space: .hsl, amount: 0.5, mixColor: orange).apply(to: red)
        #expect(mixed.components[0] == 10)
        let grey = TokenValue.Color(hex: "#808080")!
        let tinted = ColorModifier(kind: .mix, space: .hsl, amount: 0.5, mixColor: orange).apply(to: grey)
        #expect(tinted.components[0] == 30)
    }

    @Test("a result outside its space's gamut is brought inside; format writes it in another space")
    func gamutAndFormat() {
        let wide = TokenValue.Color(colorSpace: .oklch, components: [0.7, 0.35, 150])
        let result = ColorModifier(kind: .darken, space: .srgb, amount: 0.1).apply(to: wide)
        #expect(result.colorSpace == .srgb)
        #expect(result.components.allSatisfy { (0...1).contains($0!) })
        let asHSL = ColorModifier(kind: .darken, space: .srgb, amount: 0.2, format: .hsl).apply(
            to: TokenValue.Color(hex: "#C14242")!)
        #expect(asHSL.colorSpace == .hsl)
        #expect(asHSL.hex == "#9a3535")
    }

    // MARK: In token files

    @Test("a modified alias has its own colour, which its aliases share; its references resolve first")
    func resolution() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                ##"""
                {
                  "base": {"value": "#C14242", "type": "color"},
                  "shade": {"value": "0.2", "type": "other"},
                  "white": {"value": "#FFFFFF", "type": "color"},
                  "hover": {
                    "value": "{base}", "type": "color",
                    "$extensions": {"studio.tokens": {"modify": {"type": "darken", "value": "{shade}", "space": "lch"}}, "com.figma": {"hidden": false}}
                  },
                  "tint": {
                    "value": "{base}", "type": "color",
                    "$extensions": {"studio.tokens": {"id": "x1", "modify": {"type": "mix", "value": 0.5, "space": "srgb", "color": "{white}"}}}
                  },
                  "pressed": {"value": "{hover}", "type": "color"}
                }
                """##)
        ])
        #expect(theme.color("hover")?.hex == "#983735")
        #expect(theme.color("hover")?.colorSpace == .lch)
        #expect(theme.color("pressed") == theme.color("hover"))
        #expect(theme.color("base")?.hex == "#c14242")
        #expect(theme.color("tint")?.hex == "#e0a1a1")
        #expect(theme["hover"]?.aliasChain == [])
        #expect(theme["hover"]?.references == ["base", "shade"])
        #expect(theme["pressed"]?.aliasChain == ["hover"])
        // Output: the value is modified, so the modifier is left out (and `studio.tokens` when it held nothing else).
        let tree = text(theme.treeJSON())
        #expect(!tree.contains("modify"))
        #expect(tree.contains(#""com.figma": {\#n        "hidden": false"#))
        #expect(tree.contains(#""studio.tokens": {\#n        "id": "x1""#))
        // The library's token keeps its extensions as written.
        #expect(theme["hover"]?.extensions?["studio.tokens"]?["modify"]?["type"] == .string("darken"))
        let again = try ResolvedTheme.resolve([TokenSource(name: "out.json", bytes: theme.treeJSON())])
        for path in ["hover", "tint", "pressed"] { #expect(again.color(path)?.hex == theme.color(path)?.hex) }
    }

    @Test("a modifier on a literal colour, and one whose token writes no type: the alias's target's")
    func literalAndUntyped() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                ##"""
                {
                  "color": {"$type": "color", "base": {"$value": "#C14242"}},
                  "faded": {"$value": "{color.base}", "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": "0.2", "space": "srgb"}}}},
                  "light": {"$type": "color", "$value": "#C14242", "$extensions": {"studio.tokens": {"modify": {"type": "lighten", "value": "0.2", "space": "hsl"}}}}
                }
                """##)
        ])
        #expect(theme.color("faded")?.hex == "#c1424233")
        #expect(theme["faded"]?.type == .color)
        #expect(theme.color("light")?.hex == "#cd6868")
        #expect(theme.diagnostics.isEmpty)
    }

    static let prefix =
        ##"{"c": {"$type": "color", "$value": "#ff0000"}, "n": {"$type": "dimension", "$value": "4px"}, "shading": {"soft": {"$type": "number", "$value": 0.1}, "hard": {"$type": "number", "$value": 1.5}}, "t": {"$type": "color", "$value": "#C14242", "$extensions": {"studio.tokens": {"modify": "##

    @Test(
        "a malformed modifier is an error where it is written",
        arguments: [
            (
                #"{"type": "lighten", "value": "0.2"}}}}}"#, Diagnostic.Rule.invalidValue, "{",
                #"invalid colour modifier for t: a colour modifier needs "space", "lch", "srgb", "p3" or "hsl""#
            ),
            (
                #"{"type": "lightn", "value": "0.2", "space": "lch"}}}}}"#, .invalidValue, #""lightn""#,
                #"invalid colour modifier for t (type): "type" is "lighten", "darken", "mix" or "alpha", found "lightn"; did you mean "lighten"?"#
            ),
            (
                #"{"type": "lighten", "value": "0.2", "space": "hls"}}}}}"#, .invalidValue, #""hls""#,
                #"invalid colour modifier for t (space): "space" is "lch", "srgb", "p3" or "hsl", found "hls"; did you mean "hsl"?"#
            ),
            (
                #"{"type": "lighten", "value": "1.5", "space": "lch"}}}}}"#, .invalidValue, #""1.5""#,
                #"invalid colour modifier for t (value): "value" is the amount, a number from 0 to 1 or a reference to one, found "1.5""#
            ),
            (
                #"{"type": "lighten", "value": -0.1, "space": "lch"}}}}}"#, .invalidValue, "-0.1",
                #"invalid colour modifier for t (value): "value" is the amount, a number from 0 to 1 or a reference to one, found -0.1"#
            ),
            (
                #"{"type": "mix", "value": "0.5", "space": "lch"}}}}}"#, .invalidValue, "{",
                #"invalid colour modifier for t: a "mix" modifier needs "color", the colour to mix in"#
            ),
            (
                #"{"type": "mix", "value": "0.5", "space": "lch", "color": 3}}}}}"#, .invalidValue, "3}",
                ##"invalid colour modifier for t (color): "color" is a colour such as "#ffffff" or a reference to one, found a number"##
            ),
            (
                #"{"type": "lighten", "value": "{shading.sfot}", "space": "lch"}}}}}"#, .unresolvedReference,
                #""{shading.sfot}""#,
                "the colour modifier of t (value) refers to {shading.sfot}, which does not exist; did you mean {shading.soft}?"
            ),
            (
                #"{"type": "lighten", "value": "{c}", "space": "lch"}}}}}"#, .typeMismatch, #""{c}""#,
                ##"the colour modifier of t (value) refers to {c}, whose value "#ff0000" is not a number from 0 to 1"##
            ),
            (
                #"{"type": "lighten", "value": "{shading.hard}", "space": "lch"}}}}}"#, .invalidValue,
                #""{shading.hard}""#,
                "the colour modifier of t (value) refers to {shading.hard}, whose value 1.5 is not a number from 0 to 1"
            ),
            (
                #"{"type": "mix", "value": "0.5", "space": "lch", "color": "{n}"}}}}}"#, .typeMismatch, #""{n}""#,
                "the colour modifier of t (color) refers to {n}, a dimension token; a mix needs a color"
            ),
            (
                #"{"type": "lighten", "value": "{shading.soft} * 2", "space": "lch"}}}}}"#, .invalidValue,
                #""{shading.soft} * 2""#,
                #"invalid colour modifier for t (value): "value" is a number, a colour or one reference to a token, found "{shading.soft} * 2""#
            ),
            (
                #""lighten"}}}}"#, .invalidValue, #""lighten""#,
                #"invalid colour modifier for t: a colour modifier ("studio.tokens": {"modify": …}) is an object {"type", "value", "space"}, found a string"#
            ),
        ] as [(String, Diagnostic.Rule, String, String)])
    func malformed(modify: String, rule: Diagnostic.Rule, at needle: String, message: String) throws {
        let tokens = Self.prefix + modify
        let error = try single(rule, in: resolveFailure([source(tokens)]))
        let start = tokens.index(tokens.startIndex, offsetBy: Self.prefix.count)
        let found = try #require(tokens[start...].firstRange(of: needle))
        expectDiagnostic(
            error, .error, rule, token: "t",
            at: "tokens.json:1:\(tokens[..<found.lowerBound].unicodeScalars.count + 1)", message)
    }

    @Test("a modifier on a token that is not a colour is an error at the modifier")
    func notAColor() throws {
        let tokens =
            #"{"t": {"$type": "dimension", "$value": "4px", "$extensions": {"studio.tokens": {"modify": {"type": "lighten", "value": "0.2", "space": "lch"}}}}}"#
        let error = try single(.invalidValue, in: resolveFailure([source(tokens)]))
        expectDiagnostic(
            error, .error, .invalidValue, token: "t", at: "tokens.json:1:91",
            "t has a Tokens Studio colour modifier, but it is a dimension token, not a color")
    }

    @Test("a modifier written in the base is read there when a theme overrides only the value")
    func modifierInAnotherFile() throws {
        let base = source(
            ##"{"t": {"$type": "color", "$value": "#000000", "$extensions": {"studio.tokens": {"modify": {"type": "lighten", "value": "2", "space": "lch"}}}}}"##,
            name: "base.json")
        let theme = source(##"{"t": {"$value": "#ffffff"}}"##, name: "theme.json")
        let error = try single(.invalidValue, in: resolveFailure([base, theme]))
        #expect(error.location?.description == "base.json:1:120")
        let fixed = source(
            ##"{"t": {"$type": "color", "$value": "#000000", "$extensions": {"studio.tokens": {"modify": {"type": "darken", "value": "0.5", "space": "srgb"}}}}}"##,
            name: "base.json")
        #expect(try ResolvedTheme.resolve([fixed, theme]).color("t")?.hex == "#808080")
    }

    @Test("a modifier that refers back to its own token is a cycle")
    func cycle() throws {
        let diagnostics = resolveFailure(
            ##"""
            {
              "a": {"$type": "color", "$value": "#000000", "$extensions": {"studio.tokens": {"modify": {"type": "mix", "value": "0.5", "space": "srgb", "color": "{b}"}}}},
              "b": {"$type": "color", "$value": "{a}"}
            }
            """##)
        #expect(try single(.circularReference, in: diagnostics).message == "circular reference: a → b → a")
    }
}
