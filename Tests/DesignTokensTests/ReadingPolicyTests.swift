import Testing

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

/// The README's reading-policy table, row by row: each row's examples read as the row says, with exactly the
/// `non-conforming` warnings it gives (errors under ``ReadingPolicy/strict``), or are refused with the error it
/// names. The table and ``rows`` list the same deviations, in the same order, with the same report.
@Suite("reading policy: the README's table, row by row")
struct ReadingPolicyTests {
    /// A row of the table: its first column, as the README writes it, and examples of it.
    struct Row: Sendable, CustomTestStringConvertible {
        var deviation: String
        var examples: [Example]

        init(_ deviation: String, _ examples: Example...) {
            self.deviation = deviation
            self.examples = examples
        }

        var testDescription: String { deviation }
    }

    /// A token file, and what becomes of it.
    struct Example: Sendable {
        var tokens: String
        var outcome: Outcome

        /// Resolves: the value at `path` as `--format flat` writes it (compact), and the `non-conforming`
        /// warnings, in order (none for what conforms); under ``ReadingPolicy/strict``, the same as errors.
        static func reads(_ tokens: String, _ path: String, as value: String, warnings: String...) -> Example {
            Example(tokens: tokens, outcome: .reads(path: path, value: value, warnings: warnings, strictOnly: []))
        }

        /// Resolves without a report, as `reads` with no warnings; under ``ReadingPolicy/strict``, `strictErrors`
        /// are its `non-conforming` errors.
        static func readsSilently(_ tokens: String, _ path: String, as value: String, strictErrors: String...)
            -> Example
        {
            Example(tokens: tokens, outcome: .reads(path: path, value: value, warnings: [], strictOnly: strictErrors))
        }

        /// Does not resolve: an error of `rule` with `message` is among the diagnostics.
        static func refused(_ tokens: String, _ rule: Diagnostic.Rule, _ message: String) -> Example {
            Example(tokens: tokens, outcome: .refused(rule, message))
        }

        /// A Tokens Studio export, a folder of `files` read by `--resolver`: its default permutation has `value` at
        /// `path`, and the document's `non-conforming` warnings are `warnings` (each, with its folder left out,
        /// ending as given).
        static func readsExport(_ files: [String: String], _ path: String, as value: String, warnings: String...)
            -> Example
        {
            Example(tokens: "", outcome: .readsExport(files: files, path: path, value: value, warnings: warnings))
        }
    }

    enum Outcome: Sendable {
        case reads(path: String, value: String, warnings: [String], strictOnly: [String])
        case refused(Diagnostic.Rule, String)
        case readsExport(files: [String: String], path: String, value: String, warnings: [String])
    }

    static func dimension(_ value: String) -> String { #"{"d": {"$type": "dimension", "$value": \#(value)}}"# }

    static func color(_ value: String) -> String { #"{"c": {"$type": "color", "$value": \#(value)}}"# }

    static let legacyFileWarning =
        #"tokens.json is written as Style Dictionary v3 or Tokens Studio write tokens ("value" and "type" without "$"), and read as such (their type names mapped, bare numbers as px, Tokens Studio's percentages, weight names, shadows and typographies as it means them); write "$value" and "$type" for DTCG 2025.10"#

    /// What every report of a value in a string form of DTCG's earlier drafts says.
    static let draftForm = "is the string form of DTCG's earlier drafts"

    static let typographyStart =
        #"{"t": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400"#

    static let rows: [Row] = [
        Row(
            ##"`"hex": "#000"`, a 3-digit fallback in a colour object"##,
            .reads(
                color(##"{"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#000"}"##), "c", as: ##""#000000""##,
                warnings: ##"c (hex): "#000" read as #000000; write "#000000""##),
            .reads(
                color(##"{"colorSpace": "display-p3", "components": [1, 1, 1], "hex": "#FFF"}"##), "c",
                as: ##""#ffffff""##,
                warnings: ##"c (hex): "#FFF" read as #FFFFFF; write "#FFFFFF""##)),
        Row(
            ##"`"hex": "#0008"` or `"#00000080"`, a 4- or 8-digit fallback whose alpha is the colour's `alpha`"##,
            .reads(
                color(##"{"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.5, "hex": "#00000080"}"##), "c",
                as: ##""#00000080""##,
                warnings:
                    ##"c (hex): "#00000080" read as #000000, its alpha being the colour's "alpha"; write "#000000""##),
            .reads(
                color(##"{"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#ffff"}"##), "c", as: ##""#ffffff""##,
                warnings: ##"c (hex): "#ffff" read as #ffffff, its alpha being the colour's "alpha"; write "#ffffff""##)
        ),
        Row(
            "a `hex` fallback whose alpha is not the colour's, or that is not hex (`#12345z`)",
            .refused(
                color(##"{"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#00000080"}"##), .invalidValue,
                ##"invalid color value for c (hex): hex "#00000080" gives another alpha than the colour's "alpha" (1); a hex fallback is 6 digits, such as "#000000""##
            ),
            .refused(
                color(##"{"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#12345z"}"##), .invalidValue,
                ##"invalid color value for c (hex): hex must be a 6-digit hex colour such as "#0055ff""##)),
        Row(
            "a dimension in `em`, `ch`, `ex`, `%`, `vw`, `vh`, `vmin`, `vmax`, `pt`, `dp` or `sp`",
            .reads(
                dimension(#""50%""#), "d", as: #""50%""#,
                warnings: "d: % is not a DTCG 2025.10 unit (px or rem); read as 50%, kept in %")),
        Row(
            #"a dimension in any other unit (`{"value": 1, "unit": "furlong"}`)"#,
            .refused(
                dimension(#"{"value": 1, "unit": "furlong"}"#), .invalidValue,
                #"invalid dimension value for d (unit): unit "furlong" is not a dimension unit; expected "px" or "rem" (or "em", "ch", "ex", "%", "vw", "vh", "vmin", "vmax", "pt", "dp", "sp", which ThemeEngine also reads)"#
            )),
        Row(
            #"a bare `0` dimension (`0`, `"0"`), or `{"value": 0}` with no or an empty unit"#,
            .reads(
                dimension("0"), "d", as: #""0px""#, warnings: #"d: 0 read as 0px; write {"value": 0, "unit": "px"}"#),
            .reads(
                dimension(#""0""#), "d", as: #""0px""#,
                warnings: #"d: "0" read as 0px; write {"value": 0, "unit": "px"}"#),
            .reads(
                dimension(#"{"value": 0}"#), "d", as: #""0px""#,
                warnings: #"d: {"value": 0} read as 0px; write {"value": 0, "unit": "px"}"#),
            .reads(
                dimension(#"{"value": 0, "unit": ""}"#), "d", as: #""0px""#,
                warnings: #"d (unit): "" read as px, for 0; write "px""#)),
        Row(
            "a dimension with no unit (or an empty one) that is not 0",
            .refused(
                dimension("16"), .invalidValue,
                #"invalid dimension value for d: a dimension needs a unit; write {"value": 16, "unit": "px"}"#),
            .refused(
                dimension(#"{"value": 16, "unit": ""}"#), .invalidValue,
                #"invalid dimension value for d (unit): a dimension with an empty unit has no plain meaning unless it is 0; write "px" or "rem""#
            )),
        Row(
            #"a percentage where a number is expected (`"25%"` as an opacity, `"110%"` as a line height, a gradient stop's `position`)"#,
            .reads(
                #"{"o": {"$type": "number", "$value": "25%"}}"#, "o", as: "0.25",
                warnings: #"o: "25%" read as 0.25; write 0.25"#),
            .reads(
                ##"{"g": {"$type": "gradient", "$value": [{"color": "#000000", "position": "50%"}]}}"##, "g",
                as: ##"[{"color": "#000000", "position": 0.5}]"##,
                warnings: #"g ([0].position): "50%" read as 0.5; write 0.5"#)),
        Row(
            "a typography without `letterSpacing`",
            .reads(
                typographyStart + #", "lineHeight": 1.5}}}"#, "t",
                as:
                    #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}"#,
                warnings:
                    #"t: no "letterSpacing" read as 0px, CSS's normal spacing; write "letterSpacing": {"value": 0, "unit": "px"}"#
            )),
        Row(
            "a typography without `lineHeight`",
            .reads(
                typographyStart + #", "letterSpacing": "0.5px"}}}"#, "t",
                as: #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0.5px"}"#,
                warnings:
                    #"t: no "lineHeight" read as the font's own line height, and left out of every output; write "lineHeight", a multiple of the font size such as 1.5"#
            )),
        Row(
            #"a typography member written as empty text (`"letterSpacing": ""`), as Tokens Studio writes a field left blank"#,
            .reads(
                typographyStart + #", "letterSpacing": "", "lineHeight": 1.5}}}"#, "t",
                as:
                    #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}"#,
                warnings:
                    #"t (letterSpacing): "" read as no "letterSpacing": 0px, CSS's normal spacing; write "letterSpacing": {"value": 0, "unit": "px"}"#
            )),
        Row(
            "a typography with other members (`fontStyle`, `textTransform`)",
            .reads(
                #"{"case": {"$type": "string", "$value": "uppercase"}, "t": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "fontStyle": "italic", "letterSpacing": "0px", "lineHeight": 1.5, "textTransform": "{case}"}}}"#,
                "t",
                as:
                    #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5, "fontStyle": "italic", "textTransform": "uppercase"}"#,
                warnings: "t (fontStyle): not a DTCG 2025.10 typography member; kept as written",
                "t (textTransform): not a DTCG 2025.10 typography member; kept as written")),
        Row(
            #"a letter spacing in `%` (`"-2%"`), in a typography or a Tokens Studio `letterSpacing` token"#,
            .reads(
                typographyStart + #", "letterSpacing": "-2%", "lineHeight": 1.5}}}"#, "t",
                as:
                    #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "-0.02em", "lineHeight": 1.5}"#,
                warnings:
                    #"t (letterSpacing): "-2%" read as -0.02em, a percentage of the font size; write {"value": -0.02, "unit": "em"}"#
            )),
        Row(
            #"a typography `lineHeight` of `"normal"` or `"AUTO"` (any case)"#,
            .reads(
                typographyStart + #", "letterSpacing": "0px", "lineHeight": "normal"}}}"#, "t",
                as: #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px"}"#,
                warnings:
                    #"t (lineHeight): "normal" read as the font's own line height, and left out of every output; write a multiple of the font size such as 1.5"#
            )),
        Row(
            #"a typography `lineHeight` as a length in `em`, or in the unit of its `fontSize` (`"24px"` on `16px`), written or by reference to a dimension"#,
            .reads(
                typographyStart + #", "letterSpacing": "0px", "lineHeight": "24px"}}}"#, "t",
                as:
                    #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}"#,
                warnings: #"t (lineHeight): "24px" read as 1.5, its ratio to the font size 16px; write 1.5"#),
            .reads(
                #"{"lh": {"$type": "dimension", "$value": {"value": 24, "unit": "px"}}, "#
                    + typographyStart.dropFirst() + #", "letterSpacing": "0px", "lineHeight": "{lh}"}}}"#, "t",
                as:
                    #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 400, "letterSpacing": "0px", "lineHeight": 1.5}"#,
                warnings: #"t (lineHeight): {lh} (24px) read as 1.5, its ratio to the font size 16px; write 1.5"#)),
        Row(
            #"a typography `lineHeight` in another unit than its `fontSize`'s (`"2rem"` on `16px`)"#,
            .refused(
                typographyStart + #", "letterSpacing": "0px", "lineHeight": "2rem"}}}"#, .invalidValue,
                "invalid typography value for t (lineHeight): a line height of 2rem is not a multiple of the font size 16px; write a number such as 1.5"
            )),
        Row(
            #"a font weight as Figma names it, in any case, with spaces or without (`"Regular"`, `"Semi Bold"`, `"SemiBold"`, `"ExtraBold"`)"#,
            .reads(
                #"{"w": {"$type": "fontWeight", "$value": "Semi Bold"}}"#, "w", as: #""semi-bold""#,
                warnings: #"w: "Semi Bold" read as semi-bold (600); write "semi-bold""#),
            .reads(
                #"{"w": {"$type": "fontWeight", "$value": "ExtraBold"}}"#, "w", as: #""extra-bold""#,
                warnings: #"w: "ExtraBold" read as extra-bold (800); write "extra-bold""#)),
        Row(
            #"a font weight named with a style or a width (`"Bold Italic"`, `"Italic"`, `"Expanded Medium"`)"#,
            .reads(
                #"{"w": {"$type": "fontWeight", "$value": "Bold Italic"}, "t": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": "16px", "fontWeight": "{w}", "letterSpacing": "0px", "lineHeight": 1.5}}}"#,
                "t",
                as:
                    #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": "bold", "letterSpacing": "0px", "lineHeight": 1.5, "fontStyle": "italic"}"#,
                warnings:
                    #"w: "Bold Italic" read as bold (700) with "fontStyle": "italic", kept as written: a DTCG font weight has no style; write "bold", and "fontStyle": "italic" in the typographies that use it"#
            ),
            .reads(
                #"{"w": {"$type": "fontWeight", "$value": "Expanded Medium"}, "t": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": "16px", "fontWeight": "{w}", "letterSpacing": "0px", "lineHeight": 1.5}}}"#,
                "t",
                as:
                    #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": "medium", "letterSpacing": "0px", "lineHeight": 1.5, "fontStretch": "expanded"}"#,
                warnings:
                    #"w: "Expanded Medium" read as medium (500) with "fontStretch": "expanded", kept as written: a DTCG font weight has no width; write "medium", and "fontStretch": "expanded" in the typographies that use it"#
            ),
            .reads(
                #"{"t": {"$type": "typography", "$value": {"fontFamily": "Inter", "fontSize": "16px", "fontWeight": "Italic", "letterSpacing": "0px", "lineHeight": 1.5}}}"#,
                "t",
                as:
                    #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": "regular", "letterSpacing": "0px", "lineHeight": 1.5, "fontStyle": "italic"}"#,
                warnings:
                    #"t (fontWeight): "Italic" read as regular (400) and "fontStyle": "italic"; write "fontWeight": "regular", "fontStyle": "italic""#
            )),
        Row(
            #"a font weight as a number in a string (`"700"`)"#,
            .reads(
                #"{"w": {"$type": "fontWeight", "$value": "700"}}"#, "w", as: "700",
                warnings: #"w: "700" read as 700; write 700"#)),
        Row(
            #"a font weight name with other words (`"Bold Wide"`, `"Display Bold"`)"#,
            .refused(
                #"{"w": {"$type": "fontWeight", "$value": "Display Bold"}}"#, .invalidValue,
                #"invalid fontWeight value for w: "Display Bold" is not a font weight; expected a number from 1 to 1000 or a keyword such as "bold""#
            )),
        Row(
            #"`"true"` or `"false"` where a boolean is expected"#,
            .reads(
                #"{"b": {"$type": "boolean", "$value": "true"}}"#, "b", as: "true",
                warnings: #"b: "true" read as true; write true"#),
            .reads(
                #"{"b": {"type": "boolean", "value": "false"}}"#, "b", as: "false",
                warnings: ReadingPolicyTests.legacyFileWarning)),
        Row(
            "a shadow without `spread`",
            .reads(
                ##"{"s": {"$type": "shadow", "$value": {"color": "#000000", "offsetX": "0px", "offsetY": "2px", "blur": "4px"}}}"##,
                "s",
                as: ##"{"color": "#000000", "offsetX": "0px", "offsetY": "2px", "blur": "4px", "spread": "0px"}"##,
                warnings: #"s: no "spread" read as 0px; write "spread": {"value": 0, "unit": "px"}"#)),
        Row(
            #"a shadow with Tokens Studio's `x`, `y` and `type` (`"dropShadow"`, `"innerShadow"`)"#,
            .reads(
                ##"{"s": {"$type": "shadow", "$value": {"x": "0px", "y": "2px", "blur": "4px", "spread": "0px", "color": "#000000", "type": "innerShadow"}}}"##,
                "s",
                as:
                    ##"{"color": "#000000", "offsetX": "0px", "offsetY": "2px", "blur": "4px", "spread": "0px", "inset": true}"##,
                warnings:
                    #"s: Tokens Studio's shadow read: "x" as "offsetX", "y" as "offsetY", "type": "innerShadow" as "inset": true; write "offsetX", "offsetY" and "inset""#
            )),
        Row(
            "a transition without `delay`",
            .reads(
                #"{"t": {"$type": "transition", "$value": {"duration": "200ms", "timingFunction": [0.5, 0, 1, 1]}}}"#,
                "t",
                as: #"{"duration": "200ms", "delay": "0ms", "timingFunction": [0.5, 0, 1, 1]}"#,
                warnings: #"t: no "delay" read as 0ms; write "delay": {"value": 0, "unit": "ms"}"#)),
        Row(
            #"a member without `$` beside `$value` (`"alpha": 0`)"#,
            .reads(
                ##"{"c": {"$type": "color", "$value": "#000000", "alpha": 0}}"##, "c", as: ##""#000000""##,
                warnings:
                    #"c (alpha): not a token property (those start with "$"); the token is read without it; remove it, or keep it under "$extensions""#
            )),
        Row(
            "an object without `$` beside `$value`",
            .refused(
                ##"{"c": {"$type": "color", "$value": "#000000", "alpha": {"value": 0}}}"##, .tokenWithChildren,
                #"token c has a child "alpha"; an object with "$value" is a token and cannot contain tokens or groups"#)
        ),
        Row(
            ##"`"$extends": "#/button"` or `{"$ref": "#/button"}`"##,
            .reads(
                ##"{"button": {"$type": "color", "bg": {"$value": {"colorSpace": "srgb", "components": [0, 0.2, 1]}}}, "ghost": {"$extends": "#/button"}}"##,
                "ghost.bg", as: ##""#0033ff""##),
            .reads(
                ##"{"button": {"$type": "color", "bg": {"$value": {"colorSpace": "srgb", "components": [0, 0.2, 1]}}}, "ghost": {"$extends": {"$ref": "#/button"}}}"##,
                "ghost.bg", as: ##""#0033ff""##)),
        Row(
            #"text with references inside (`"1px solid {color.border}"`) in a `string`, a member no type defines, or a legacy or Tokens Studio file"#,
            .reads(
                ##"{"w": {"$type": "dimension", "$value": "1px"}, "c": {"$type": "color", "$value": "#e1e4e8"}, "s": {"$type": "string", "$value": "{w} solid {c}"}}"##,
                "s", as: ##""1px solid #e1e4e8""##,
                warnings: #"s: "{w} solid {c}" read as "1px solid #e1e4e8"; DTCG 2025.10 has no references inside text"#
            ),
            .reads(
                #"{"w": {"value": "1px", "type": "sizing"}, "s": {"value": "inset 0 0 0 {w}", "type": "other"}}"#,
                "s", as: #""inset 0 0 0 1px""#,
                warnings:
                    #"tokens.json is written as Style Dictionary v3 or Tokens Studio write tokens ("value" and "type" without "$"), and read as such (their type names mapped, bare numbers as px, Tokens Studio's percentages, weight names, shadows and typographies as it means them); write "$value" and "$type" for DTCG 2025.10"#,
                #"s: "inset 0 0 0 {w}" read as "inset 0 0 0 1px"; DTCG 2025.10 has no references inside text"#),
            .reads(
                #"{"w": {"value": "1px", "type": "sizing"}, "s": {"value": "{w} solid red", "type": "text"}}"#,
                "s", as: #""1px solid red""#,
                warnings:
                    #"tokens.json is written as Style Dictionary v3 or Tokens Studio write tokens ("value" and "type" without "$"), and read as such (their type names mapped, bare numbers as px, Tokens Studio's percentages, weight names, shadows and typographies as it means them); write "$value" and "$type" for DTCG 2025.10"#,
                #"s: "{w} solid red" read as "1px solid red"; DTCG 2025.10 has no references inside text"#)),
        Row(
            #"text with references inside in a DTCG file's token of a type ThemeEngine does not validate (`"inset 0 0 0 {borderWidth.thin}"` typed `custom-string`)"#,
            .reads(
                #"{"w": {"$type": "dimension", "$value": {"value": 1, "unit": "px"}}, "s": {"$type": "custom-string", "$value": "inset 0 0 0 {w}"}}"#,
                "s", as: #""inset 0 0 0 {w}""#),
            .reads(
                #"{"w": {"$type": "number", "$value": 2}, "s": {"$type": "com.example.box", "$value": {"edge": "{w}px solid"}}}"#,
                "s", as: #"{"edge": "{w}px solid"}"#)),
        Row(
            "text with references inside where a colour, dimension or other typed value is expected",
            .refused(
                #"{"w": {"$type": "dimension", "$value": "1px"}, "c": {"$type": "color", "$value": "{w} red"}}"#,
                .invalidReference,
                #""{w} red" embeds a reference in text; a reference must be the whole value, such as "{color.brand}""#),
            .refused(
                #"{"w": {"$type": "number", "$value": 1}, "d": {"$type": "dimension", "$value": "{w}px"}}"#,
                .invalidReference,
                #""{w}px" embeds a reference in text; a reference must be the whole value, such as "{color.brand}""#)),
        Row(
            "a colour written as CSS text (`rgb(255 0 0)`, `oklch(0.7 0.1 200)`, `rebeccapurple`), or as Tokens Studio's `rgba(#000000, 0.5)`",
            .reads(
                color(#""rgb(255 0 0)""#), "c", as: ##""#ff0000""##,
                warnings:
                    ##"c: "rgb(255 0 0)" read as {"colorSpace": "srgb", "components": [1, 0, 0], "hex": "#ff0000"}; write that colour object"##
            ),
            .reads(
                color(#""rgba(#000000, 50%)""#), "c", as: ##""#00000080""##,
                warnings:
                    ##"c: "rgba(#000000, 50%)" read as {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.5, "hex": "#000000"}; write that colour object"##
            ),
            .reads(
                #"{"c": {"value": "rebeccapurple", "type": "color"}}"#, "c", as: ##""#663399""##,
                warnings:
                    #"tokens.json is written as Style Dictionary v3 or Tokens Studio write tokens ("value" and "type" without "$"), and read as such (their type names mapped, bare numbers as px, Tokens Studio's percentages, weight names, shadows and typographies as it means them); write "$value" and "$type" for DTCG 2025.10"#
            )),
        Row(
            "colour text that is no CSS colour (`rgb(255 0)`)",
            .refused(
                color(#""rgb(255 0)""#), .invalidValue,
                ##"invalid color value for c: "rgb(255 0)" is not a colour; expected a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), a CSS colour (rgb(), oklch(), a name…) or a colour object {"colorSpace", "components"}"##
            )),
        Row(
            "a colour function with references inside (`rgba({color.black}, 0.5)`), as Tokens Studio writes it",
            .reads(
                ##"{"k": {"$type": "color", "$value": "#000000"}, "c": {"$type": "color", "$value": "rgba({k}, 0.5)"}}"##,
                "c", as: ##""#00000080""##,
                warnings:
                    ##"c: "rgba({k}, 0.5)" read as "rgba(#000000, 0.5)"; DTCG 2025.10 writes a colour as an object"##)),
        Row(
            "arithmetic where a number, dimension or duration is expected, of references or of numbers alone, a whole value or a composite's member (`{size} * 1.5`, `({base} + 4) / 2`, `8px * 2`), as Tokens Studio writes it",
            .reads(
                ##"{"s": {"$type": "dimension", "$value": "16px"}, "l": {"$type": "dimension", "$value": "({s} + 4) / 2"}}"##,
                "l", as: ##""10px""##,
                warnings:
                    ##"l: "({s} + 4) / 2" read as {"value": 10, "unit": "px"}; DTCG 2025.10 has no arithmetic: write the value"##
            ),
            .reads(
                ##"{"d": {"$type": "dimension", "$value": "8px * 2"}}"##, "d", as: ##""16px""##,
                warnings:
                    ##"d: "8px * 2" read as {"value": 16, "unit": "px"}; DTCG 2025.10 has no arithmetic: write the value"##
            ),
            .reads(
                ##"{"s": {"$type": "dimension", "$value": "4px"}, "sh": {"$type": "shadow", "$value": {"color": "#000000", "offsetX": "{s} * 2", "offsetY": "0px", "blur": "0px", "spread": "0px"}}}"##,
                "sh",
                as: ##"{"color": "#000000", "offsetX": "8px", "offsetY": "0px", "blur": "0px", "spread": "0px"}"##,
                warnings:
                    ##"sh (offsetX): "{s} * 2" read as {"value": 8, "unit": "px"}; DTCG 2025.10 has no arithmetic: write the value"##
            ),
            .reads(
                #"{"n": {"value": "4 / 18 * 21", "type": "number"}}"#, "n", as: "4.666666666666667",
                warnings:
                    #"tokens.json is written as Style Dictionary v3 or Tokens Studio write tokens ("value" and "type" without "$"), and read as such (their type names mapped, bare numbers as px, Tokens Studio's percentages, weight names, shadows and typographies as it means them); write "$value" and "$type" for DTCG 2025.10"#
            )),
        Row(
            "arithmetic in a Tokens Studio file where a type ThemeEngine does not validate, or none, is expected (an `other` token, a composition's member)",
            .reads(
                #"{"s": {"value": "4", "type": "spacing"}, "o": {"value": "{s} * 2", "type": "other"}}"#, "o",
                as: #""8px""#,
                warnings:
                    #"tokens.json is written as Style Dictionary v3 or Tokens Studio write tokens ("value" and "type" without "$"), and read as such (their type names mapped, bare numbers as px, Tokens Studio's percentages, weight names, shadows and typographies as it means them); write "$value" and "$type" for DTCG 2025.10"#
            ),
            .reads(
                #"{"c": {"value": {"gap": "2 * 3", "padding": "4px * 2", "label": "a - b"}, "type": "composition"}}"#,
                "c",
                as: #"{"gap": 6, "padding": "8px", "label": "a - b"}"#, warnings: legacyFileWarning)),
        Row(
            "arithmetic that has no one value (`16px + 1rem`, `{a} / 0`, a malformed expression)",
            .refused(
                ##"{"s": {"$type": "dimension", "$value": "16px"}, "r": {"$type": "dimension", "$value": "1rem"}, "l": {"$type": "dimension", "$value": "{s} + {r}"}}"##,
                .invalidValue,
                ##"l: "{s} + {r}" cannot be computed: cannot add 1rem to 16px: the units differ (at character 5)"##)),
        Row(
            "a Tokens Studio colour function whose result its documentation does not define exactly (`set_lightness({color.base}, 0.5)`, `chroma(…)`, `hue(…)`)",
            .refused(
                ##"{"c": {"$type": "color", "$value": "#0055ff"}, "d": {"$type": "color", "$value": "set_lightness({c}, 0.5)"}}"##,
                .invalidReference,
                #""set_lightness({c}, 0.5)" calls set_lightness(), a Tokens Studio colour function whose result its documentation does not define exactly, so ThemeEngine does not compute it; write the colour it gives, or a colour modifier ("studio.tokens": {"modify": …})"#
            )),
        Row(
            "a reference inside text to a token that does not exist",
            .refused(
                #"{"name": {"$type": "string", "$value": "x"}, "s": {"$type": "string", "$value": "a {nmae} b"}}"#,
                .unresolvedReference,
                "s refers to {nmae}, which does not exist; did you mean {name}?")),
        Row(
            "`{color.red.value}`, Style Dictionary's reference to a token's value",
            .reads(
                ##"{"color": {"$type": "color", "red": {"$value": "#ff0000"}}, "link": {"$value": "{color.red.value}"}}"##,
                "link", as: ##""#ff0000""##,
                warnings: #"link: {color.red.value} read as {color.red}, the token itself; write "{color.red}""#)),
        Row(
            #"a CSS linear gradient in a colour token (`"linear-gradient(180deg, rgba(0,0,0,0), rgba(0,0,0,0.4))"`)"#,
            .reads(
                ##"{"g": {"$type": "color", "$value": "linear-gradient(180deg, #000000 20%, #ffffff)"}}"##, "g",
                as: ##"[{"color": "#000000", "position": 0.2}, {"color": "#ffffff", "position": 1}]"##,
                warnings:
                    #"g: a CSS linear gradient read as a gradient of 2 stops; write "$type": "gradient" with its stops"#
            ),
            .reads(
                ##"{"g": {"$type": "color", "$value": "linear-gradient(to right, #000000, #808080, #ffffff)"}}"##, "g",
                as:
                    ##"[{"color": "#000000", "position": 0}, {"color": "#808080", "position": 0.5}, {"color": "#ffffff", "position": 1}]"##,
                warnings:
                    #"g: a CSS linear gradient read as a gradient of 3 stops; its direction, to right, is not kept; write "$type": "gradient" with its stops"#
            )),
        Row(
            #"several lengths in a dimension token, CSS shorthand as Tokens Studio writes spacing and padding (`"8px 64px"`, `"{space.sm} {space.xl}"`, `"0 0 0 -{space.xs}"`)"#,
            .reads(
                #"{"p": {"$type": "dimension", "$value": "8px 64px"}}"#, "p", as: #""8px 64px""#,
                warnings:
                    #"p: read as 2 lengths, "8px 64px", as CSS shorthand gives them; DTCG 2025.10 has one length to a dimension token"#
            ),
            .reads(
                #"{"s": {"value": "4", "type": "spacing"}, "m": {"value": "0 0 0 -{s}", "type": "spacing"}}"#, "m",
                as: #""0px 0px 0px -4px""#,
                warnings: legacyFileWarning,
                #"m: "0 0 0 -{s}" read as "0 0 0 -4px"; DTCG 2025.10 has no references inside text"#)),
        Row(
            "a Tokens Studio `$metadata.json` whose `tokenSetOrder` lists sets the export does not have and no theme selects",
            .readsExport(
                [
                    "$metadata.json": #"{"tokenSetOrder": ["old/core", "core", "light"]}"#,
                    "$themes.json":
                        #"[{"name": "light", "selectedTokenSets": {"light": "enabled", "core": "source"}}]"#,
                    "core.json": #"{"n": {"value": 1, "type": "number"}}"#,
                    "light.json": #"{"n": {"value": 2, "type": "number"}}"#,
                ], "n", as: "2",
                warnings:
                    #"$metadata.json is stale: "tokenSetOrder" lists a set the export does not have and no theme selects ("old/core"); the sets it lists keep its order, the others follow as the themes select them; remove them from it"#
            )),
        Row(
            "a folder given to `--resolver` with neither `$themes.json` nor `$metadata.json`",
            .readsExport(
                [
                    "a.json": #"{"n": {"value": 1, "type": "number"}}"#,
                    "b/c.json": #"{"n": {"value": 2, "type": "number"}}"#,
                ], "n", as: "2",
                warnings:
                    "has neither $themes.json nor $metadata.json: read as a Tokens Studio export of one theme, every set in it (2) in path order; add $themes.json to say which sets make each theme"
            )),
        Row(
            #"a string where a token or group belongs that is a note: under a name such as `description` or `comment`, or five words or more with no reference, function or colour (`"description": "File is auto-generated"`)"#,
            .reads(
                ##"{"description": "File is auto-generated", "a": {"$type": "number", "$value": 1}}"##, "a", as: "1",
                warnings:
                    #"a string where a token or group belongs, skipped; write {"$value": "File is auto-generated"} if it is a token"#
            )),
        Row(
            "a legacy file (`value`, `type` without `$`: Style Dictionary v3, Tokens Studio)",
            .reads(
                #"{"gap": {"value": 8, "type": "spacing"}}"#, "gap", as: #""8px""#,
                warnings:
                    #"tokens.json is written as Style Dictionary v3 or Tokens Studio write tokens ("value" and "type" without "$"), and read as such (their type names mapped, bare numbers as px, Tokens Studio's percentages, weight names, shadows and typographies as it means them); write "$value" and "$type" for DTCG 2025.10"#
            )),
        Row(
            #"a Tokens Studio type in a `$type` file (`"$type": "borderRadius"`; `sizing`, `spacing`, `fontSizes`, `fontSize`, `fontWeights`, `lineHeights`, `lineHeight`, `letterSpacing`, `boxShadow`, `opacity`, `textCase`, …)"#,
            .reads(
                #"{"r": {"$type": "borderRadius", "$value": "4"}}"#, "r", as: #""4px""#,
                warnings:
                    #"r: "borderRadius" is a Tokens Studio type, read as dimension with its values as Tokens Studio writes them; write "$type": "dimension""#
            ),
            .reads(
                #"{"f": {"$type": "fontSize", "$value": "14"}}"#, "f", as: #""14px""#,
                warnings:
                    #"f: "fontSize" is a Tokens Studio type, read as dimension with its values as Tokens Studio writes them; write "$type": "dimension""#
            )),
        Row(
            #"a bare number where a dimension is expected (`"18"`), or a number in a string (`"0.5"`), in a `$type` file that writes Tokens Studio's types"#,
            .reads(
                #"{"r": {"$type": "borderRadius", "$value": "4"}, "base": {"$type": "dimension", "$value": "18"}}"#,
                "base", as: #""18px""#,
                warnings:
                    #"r: "borderRadius" is a Tokens Studio type, read as dimension with its values as Tokens Studio writes them; write "$type": "dimension""#,
                #"base: "18" read as 18px, as Tokens Studio means a bare number (the file writes Tokens Studio's types); write {"value": 18, "unit": "px"}"#
            ),
            .reads(
                #"{"r": {"$type": "opacity", "$value": "50%"}, "n": {"$type": "number", "$value": "0.5"}}"#, "n",
                as: "0.5",
                warnings:
                    #"r: "opacity" is a Tokens Studio type, read as number with its values as Tokens Studio writes them; write "$type": "number""#,
                #"n: "0.5" read as 0.5, as Tokens Studio writes numbers (the file writes Tokens Studio's types); write 0.5"#
            )),
        Row(
            #"a font family written as a CSS font stack (`"Inter, sans-serif"`, `"'Mallory Compact', serif"`), or as one quoted name"#,
            .reads(
                #"{"f": {"$type": "fontFamily", "$value": "'Mallory Compact', serif"}}"#, "f",
                as: #"["Mallory Compact", "serif"]"#,
                warnings:
                    #"f: "'Mallory Compact', serif" read as ["Mallory Compact", "serif"], a family and its fallbacks; write that array"#
            ),
            .reads(
                #"{"f": {"value": "Inter, sans-serif", "type": "fontFamilies"}}"#, "f", as: #"["Inter", "sans-serif"]"#,
                warnings: legacyFileWarning)),
        Row(
            #"a Tokens Studio `lineHeights` token written as a length (`"24px"`, or arithmetic over lengths)"#,
            .reads(
                #"{"lh": {"$type": "lineHeights", "$value": "24px"}}"#, "lh", as: #""24px""#,
                warnings:
                    #"lh: "lineHeights" is a Tokens Studio type, read as number (or dimension, where it is a length) with its values as Tokens Studio writes them; write "$type": "number" (or "dimension")"#
            ),
            .reads(
                #"{"grid": {"value": "4", "type": "sizing"}, "lh": {"value": "{grid} * 5", "type": "lineHeights"}}"#,
                "lh", as: #""20px""#,
                warnings: legacyFileWarning)),
        Row(
            #"a token of a type ThemeEngine does not validate (`"$type": "com.example.leading"`, Tokens Studio's `other`) whose whole value refers to a typed token"#,
            .reads(
                #"{"s": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}, "l": {"$type": "com.example.leading", "$value": "{s}"}}"#,
                "l", as: #"{"value": 4, "unit": "px"}"#)),
        Row(
            #"in a Tokens Studio or legacy file, a token that refers to one of another type (`{"$type": "number", "$value": "{size}"}` on a dimension, a `fontWeights` token on a number)"#,
            .reads(
                #"{"w": {"value": 600, "type": "number"}, "fw": {"value": "{w}", "type": "fontWeights"}}"#, "fw",
                as: "600", warnings: legacyFileWarning),
            .reads(
                #"{"size": {"value": "18", "type": "dimension"}, "n": {"value": "{size}", "type": "number"}}"#, "n",
                as: #""18px""#, warnings: legacyFileWarning)),
        Row(
            "in a Tokens Studio or legacy file, a token that refers to one of another type whose value is not one of its own (a colour that refers to a size)",
            .refused(
                #"{"size": {"value": "18", "type": "dimension"}, "c": {"value": "{size}", "type": "color"}}"#,
                .typeMismatch,
                #"invalid color value for c: {size} is a dimension token whose value "18px" is not one: "18px" is not a colour; expected a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), a CSS colour (rgb(), oklch(), a name…) or a colour object {"colorSpace", "components"}"#
            )),
        Row(
            #"a `number` token written with a unit (`"4px"`)"#,
            .reads(
                #"{"u": {"$type": "number", "$value": "4px"}}"#, "u", as: #""4px""#,
                warnings: #"u: "4px" is a number with a unit, read as the dimension "4px"; write "$type": "dimension""#)
        ),
        Row(
            "typography members in kebab case (`font-family`, `font-size`, `line-height`)",
            .reads(
                #"{"t": {"$type": "typography", "$value": {"font-family": "Inter", "font-size": {"value": 16, "unit": "px"}, "font-weight": 700, "line-height": 1.5, "letterSpacing": {"value": 0, "unit": "px"}}}}"#,
                "t",
                as:
                    #"{"fontFamily": "Inter", "fontSize": "16px", "fontWeight": 700, "letterSpacing": "0px", "lineHeight": 1.5}"#,
                warnings:
                    #"t: typography members in kebab case read: "font-family" as "fontFamily", "font-size" as "fontSize", "font-weight" as "fontWeight", "line-height" as "lineHeight"; write them in camel case"#
            )),
        Row(
            #"a Tokens Studio typography that sets only some of `fontFamily`, `fontSize` and `fontWeight` (`{"fontWeight": "{weight}"}`), or writes them as `""`"#,
            .reads(
                #"{"w": {"value": "700", "type": "fontWeights"}, "t": {"value": {"fontWeight": "{w}"}, "type": "typography"}}"#,
                "t",
                as: #"{"fontFamily": "sans-serif", "fontSize": "16px", "fontWeight": 700, "letterSpacing": "0px"}"#,
                warnings: legacyFileWarning,
                #"t: typography members left out read as sd-transforms fills them in CSS: "fontFamily" as sans-serif, "fontSize" as 16px; write each member"#
            ),
            .reads(
                #"{"t": {"value": {"fontFamily": "", "fontSize": "14", "fontWeight": ""}, "type": "typography"}}"#,
                "t",
                as: #"{"fontFamily": "sans-serif", "fontSize": "14px", "fontWeight": 400, "letterSpacing": "0px"}"#,
                warnings: legacyFileWarning,
                #"t: typography members left out or blank read as sd-transforms fills them in CSS: "fontFamily" as sans-serif, "fontWeight" as 400; write each member"#
            )),
        Row(
            "a reference to a Tokens Studio `other` token where a typed value is expected",
            .reads(
                #"{"root": {"$type": "other", "$value": "16px"}, "size": {"$type": "dimension", "$value": "{root}"}}"#,
                "size", as: #""16px""#,
                warnings:
                    #"size: {root} is a Tokens Studio "other" token; its value "16px" read as a dimension: "16px"; refer to a dimension token"#
            ),
            .reads(
                #"{"root": {"value": "16", "type": "other"}, "size": {"value": "{root}", "type": "fontSizes"}}"#,
                "size", as: #""16px""#,
                warnings: legacyFileWarning)),
        Row(
            #"a `"color"` on a Tokens Studio colour modifier that is not a `"mix"`"#,
            .reads(
                ##"{"k": {"$type": "color", "$value": "#000000"}, "c": {"$type": "color", "$value": "{k}", "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": 0.5, "space": "srgb", "color": "#ffffff"}}}}}"##,
                "c", as: ##""#00000080""##,
                warnings:
                    #"colour modifier of c (color): "color" is a "mix" modifier's; this "alpha" modifier is read without it, as Tokens Studio reads it; remove it"#
            )),
        Row(
            ##"hex colour strings (`"#0055ff"`), and `"16px"`, `"120ms"` strings"##,
            .readsSilently(
                color(##""#0055ff""##), "c", as: ##""#0055ff""##,
                strictErrors:
                    ##"c: "#0055ff" is the string form of DTCG's earlier drafts, read as written; write {"colorSpace": "srgb", "components": [0, 0.3333333333333333, 1], "hex": "#0055ff"}"##
            ),
            .readsSilently(
                dimension(#""16px""#), "d", as: #""16px""#,
                strictErrors:
                    #"d: "16px" is the string form of DTCG's earlier drafts, read as written; write {"value": 16, "unit": "px"}"#
            ),
            .readsSilently(
                #"{"t": {"$type": "duration", "$value": "120ms"}}"#, "t", as: #""120ms""#,
                strictErrors:
                    #"t: "120ms" is the string form of DTCG's earlier drafts, read as written; write {"value": 120, "unit": "ms"}"#
            ),
            .readsSilently(
                ##"{"s": {"$type": "shadow", "$value": {"color": "#00000080", "offsetX": "0px", "offsetY": {"value": 1, "unit": "px"}, "blur": {"value": 2, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}}}"##,
                "s",
                as: ##"{"color": "#00000080", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px"}"##,
                strictErrors:
                    ##"s (color): "#00000080" is the string form of DTCG's earlier drafts, read as written; write {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.5019607843137255, "hex": "#000000"}"##,
                #"s (offsetX): "0px" is the string form of DTCG's earlier drafts, read as written; write {"value": 0, "unit": "px"}"#
            )),
    ]

    @Test("each row's examples read, warn and refuse as the row says", arguments: rows)
    func row(_ row: Row) throws {
        for example in row.examples { try check(example) }
    }

    /// Every unit the row names, in both spellings: read and kept as written, with one warning.
    @Test(
        "each unit DTCG does not define is read and kept as written",
        arguments: TokenValue.Dimension.Unit.allCases.filter { !$0.isConforming })
    func unitKeptAsWritten(_ unit: TokenValue.Dimension.Unit) throws {
        let warning =
            "\(unit.rawValue) is not a DTCG 2025.10 unit (px or rem); read as 1.5\(unit.rawValue), kept in \(unit.rawValue)"
        try check(
            .reads(
                Self.dimension(#"{"value": 1.5, "unit": "\#(unit.rawValue)"}"#), "d", as: #""1.5\#(unit.rawValue)""#,
                warnings: "d (unit): " + warning))
        try check(
            .reads(
                Self.dimension(#""1.5\#(unit.rawValue)""#), "d", as: #""1.5\#(unit.rawValue)""#,
                warnings: "d: " + warning))
        let theme = try ResolvedTheme.resolve([source(Self.dimension(#"{"value": 1.5, "unit": "\#(unit.rawValue)"}"#))])
        #expect(compact(theme.value("d")!.json) == #"{"value": 1.5, "unit": "\#(unit.rawValue)"}"#)
    }

    private func check(_ example: Example, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        switch example.outcome {
        case .reads(let path, let value, let warnings, let strictOnly):
            let theme = try ResolvedTheme.resolve([source(example.tokens)])
            #expect(theme.value(path).map { compact($0.flatJSON) } == value, sourceLocation: sourceLocation)
            let found = theme.diagnostics.filter { $0.rule == .nonConforming }
            #expect(found.map(\.message) == warnings, sourceLocation: sourceLocation)
            #expect(
                found.allSatisfy { $0.severity == .warning && $0.location != nil && $0.tokenPath != nil },
                sourceLocation: sourceLocation)
            // Strict: the same reports, and those only strict makes, as errors, and nothing resolves; without any,
            // it resolves as before.
            if warnings.isEmpty, strictOnly.isEmpty {
                #expect(
                    try ResolvedTheme.resolve([source(example.tokens)], policy: .strict).value(path)
                        == theme.value(path), sourceLocation: sourceLocation)
            } else {
                // The drafts' string forms, which most examples write, are pinned by their own row.
                let strict = resolveFailure([source(example.tokens)], policy: .strict, sourceLocation: sourceLocation)
                    .filter {
                        $0.rule == .nonConforming && (!strictOnly.isEmpty || !$0.message.contains(Self.draftForm))
                    }
                #expect(strict.map(\.message) == warnings + strictOnly, sourceLocation: sourceLocation)
                #expect(
                    strict.allSatisfy { $0.severity == .error && $0.location != nil }, sourceLocation: sourceLocation)
            }
        case .readsExport(let files, let path, let value, let warnings):
            let directory = try TokensStudioExportTests.export(files)
            defer { directory.remove() }
            var resolver = try ThemeResolver(contentsOfFile: directory.path)
            let found = resolver.document.warnings.filter { $0.rule == .nonConforming }
            #expect(found.count == warnings.count, sourceLocation: sourceLocation)
            for (diagnostic, warning) in zip(found, warnings) {
                #expect(diagnostic.message.hasSuffix(warning), "\(diagnostic.message)", sourceLocation: sourceLocation)
            }
            let theme = try resolver.resolve()
            #expect(theme.value(path).map { compact($0.flatJSON) } == value, sourceLocation: sourceLocation)
        case .refused(let rule, let message):
            let diagnostics = resolveFailure([source(example.tokens)], sourceLocation: sourceLocation)
            #expect(
                diagnostics.contains { $0.severity == .error && $0.rule == rule && $0.message == message },
                "\(DiagnosticError(diagnostics))", sourceLocation: sourceLocation)
        }
    }

    private func compact(_ value: JSONValue) -> String {
        var writer = JSONWriter.compact()
        writer.value(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    // MARK: The README's table

    /// The rows of the README's reading-policy table, each as its cells.
    static func readmeRows() throws -> [[String]] {
        let readme = String(decoding: try FileSystem.read(TestPaths.repositoryRoot + "/README.md"), as: UTF8.self)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "### Reading policy" }
        let table = lines.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)  // the header and |---|
        return table.map { line in
            line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
        }
    }

    @Test("the README's table lists exactly these rows, in order, each with the report its examples give")
    func readmeMatches() throws {
        let table = try Self.readmeRows()
        #expect(table.map { $0[0] } == Self.rows.map(\.deviation))
        for (cells, row) in zip(table, Self.rows) {
            let report = cells[2]
            for example in row.examples {
                switch example.outcome {
                case .reads(_, _, let warnings, let strictOnly) where warnings.isEmpty && strictOnly.isEmpty:
                    #expect(report == "none", "\(row.deviation)")
                case .reads(_, _, let warnings, _) where warnings.isEmpty:
                    #expect(report == "none; an error under `--strict`", "\(row.deviation)")
                case .reads, .readsExport:
                    #expect(report == "warning" || report.hasPrefix("one warning"), "\(row.deviation)")
                case .refused(let rule, _):
                    #expect(report == "`\(rule.id)` error", "\(row.deviation)")
                }
            }
        }
    }
}

extension Substring {
    /// The parts between each `separator` (no Foundation needed).
    fileprivate func components(separatedBy separator: String) -> [String] {
        String(self).split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }
}

@Suite("reading policy: where deviations are reported")
struct DeviationReportTests {
    @Test("in a legacy file, the earlier drafts' forms that are not the tools' own are still reported for each value")
    func legacyFileDraftForms() throws {
        let tokens = ##"""
            {"t": {"type": "transition", "value": {"duration": "200ms", "timingFunction": [0, 0, 1, 1]}},
             "s": {"type": "shadow", "value": {"color": "#000000", "offsetX": "0px", "offsetY": "1px", "blur": "2px"}}}
            """##
        let messages = try ResolvedTheme.resolve([source(tokens)]).diagnostics.map(\.message)
        #expect(
            messages == [
                ReadingPolicyTests.legacyFileWarning,
                #"t: no "delay" read as 0ms; write "delay": {"value": 0, "unit": "ms"}"#,
                #"s: no "spread" read as 0px; write "spread": {"value": 0, "unit": "px"}"#,
            ])
    }

    @Test("under --strict, a legacy file's strings are its format's own: the file is refused once, not each value")
    func strictLegacyFile() throws {
        let tokens = ##"{"c": {"type": "color", "value": "#0055ff"}, "d": {"type": "dimension", "value": "16px"}}"##
        let errors = resolveFailure([source(tokens)], policy: .strict).filter { $0.rule == .nonConforming }
        #expect(errors.map(\.message) == [ReadingPolicyTests.legacyFileWarning])
    }

    @Test("a deviation is reported once, at the token that writes it, not at the tokens that refer to it")
    func reportedOnce() throws {
        let theme = try ResolvedTheme.resolve([
            source(
                ##"""
                {
                  "indent": {"$type": "dimension", "$value": {"value": 1.5, "unit": "em"}},
                  "alias": {"$value": "{indent}"},
                  "frame": {"$type": "border", "$value": {"color": "#000000", "width": "{indent}", "style": "solid"}},
                  "pointer": {"$type": "number", "$value": {"$ref": "#/indent/$value/value"}}
                }
                """##)
        ])
        #expect(
            theme.diagnostics.map(\.description) == [
                "tokens.json:2:69: warning: [non-conforming] indent (unit): em is not a DTCG 2025.10 unit (px or rem); read as 1.5em, kept in em"
            ])
        #expect(
            theme.value("frame")
                == .border(
                    .init(color: .init(red: 0, green: 0, blue: 0), width: .init(1.5, .em), style: .keyword("solid"))))
        #expect(theme.number("pointer") == 1.5)
    }

    @Test(
        "a deviation in a composite is named by its member, and located there",
        arguments: [
            (
                ##"{"s": {"$type": "shadow", "$value": [{"color": "#000000", "offsetX": "0px", "offsetY": "0px", "blur": "0px", "spread": "0px"}, {"color": {"colorSpace": "srgb", "components": [0, 0, 0], "hex": "#000"}, "offsetX": "0px", "offsetY": "1px", "blur": "2px"}]}}"##,
                [
                    ##"tokens.json:1:128: warning: [non-conforming] s ([1]): no "spread" read as 0px; write "spread": {"value": 0, "unit": "px"}"##,
                    ##"tokens.json:1:193: warning: [non-conforming] s ([1].color.hex): "#000" read as #000000; write "#000000""##,
                ]
            ),
            (
                #"{"b": {"$type": "strokeStyle", "$value": {"dashArray": ["2px", "0"], "lineCap": "round"}}}"#,
                [
                    #"tokens.json:1:64: warning: [non-conforming] b (dashArray[1]): "0" read as 0px; write {"value": 0, "unit": "px"}"#
                ]
            ),
        ] as [(String, [String])])
    func memberNamed(tokens: String, expected: [String]) throws {
        let theme = try ResolvedTheme.resolve([source(tokens)])
        #expect(theme.diagnostics.map(\.description) == expected)
    }
}
