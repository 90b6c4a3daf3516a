@_spi(Engine) import TokenJSON

/// Why a string is not a CSS colour: what was expected, what was found, and where.
package struct CSSColorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was expected and what was found: `expected a hue (…) or "none" for the hue of oklch(), found "20px"`.
    package var message: String
    /// Where in the string the problem is, in Unicode scalars from its start (0 is the first character).
    package var offset: Int

    package init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message and its place: `… found "20px" (at character 14)`.
    package var description: String { "\(message) (at character \(offset + 1))" }
}

extension CSSColor {
    /// The most UTF-8 bytes read as a CSS colour: far more than any colour needs (`color(xyz-d50 …)` with long
    /// decimals is under 100), so that a long string that is no colour costs nothing to refuse.
    package static let longestCSSText = 1_000

    /// Reads a CSS Color 4 colour into a DTCG colour object, exactly and in its own space: `oklch(0.7 0.1 200)`
    /// is colour space `oklch` with components `[0.7, 0.1, 200]`, `rgb(255 0 0)` is `srgb` `[1, 0, 0]`.
    ///
    /// Reads, case-insensitively and with white space around: hex colours (`#rgb`, `#rgba`, `#rrggbb`,
    /// `#rrggbbaa`); the 148 named colours and `transparent`; `rgb()`/`rgba()` and `hsl()`/`hsla()` in the modern
    /// (space-separated, `/ alpha`) and legacy (comma-separated) syntax; `hwb()`, `lab()`, `lch()`, `oklab()`,
    /// `oklch()`; and `color()` in `srgb`, `srgb-linear`, `display-p3`, `a98-rgb`, `prophoto-rgb`, `rec2020`,
    /// `xyz` (D65), `xyz-d50` and `xyz-d65`. Percentages are read against CSS Color 4's reference ranges (`lab()`
    /// lightness 100% = 100, `a`/`b` 100% = 125; `oklch()` chroma 100% = 0.4; …), hues in degrees or with `deg`,
    /// `rad`, `grad` or `turn`, brought into 0…360. `none` is a missing component. Values CSS clamps are clamped
    /// (`rgb()` channels, saturation, lightness, chroma below 0, alpha), so the result always has the component
    /// ranges DTCG allows; a `color()` RGB component outside 0…1, which DTCG cannot hold in that space, is an
    /// error.
    /// - Parameter text: the colour as CSS writes it; text longer than ``longestCSSText`` is refused unread.
    /// - Returns: the colour, or an error saying what was expected where.
    package static func parse(css text: Substring) -> Result<Self, CSSColorError> {
        guard text.utf8.count <= longestCSSText else {
            return .failure(
                CSSColorError(
                    "expected a colour, found text longer than any CSS colour (over \(longestCSSText) bytes)", at: 0))
        }
        var parser = CSSColorParser(text)
        do throws(CSSColorError) {
            return .success(try parser.color())
        } catch {
            return .failure(error)
        }
    }
}

/// The reader behind ``CSSColor/parse(css:)``: one pass over the string's Unicode scalars.
private struct CSSColorParser {

    /// A component as written.
    enum Token {
        case number(Double)
        case percentage(Double)
        case dimension(Double, unit: String)
        case none
    }

    /// A component and where it starts.
    struct Argument {
        var token: Token
        var offset: Int
    }

    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ text: Substring) {
        scalars = Array(text.unicodeScalars)
    }

    /// The whole string as one colour.
    mutating func color() throws(CSSColorError) -> CSSColor {
        skipWhitespace()
        guard let first = current else { throw CSSColorError("expected a colour, found an empty string", at: position) }
        let color: CSSColor
        if first == "#" {
            color = try hexColor()
        } else {
            let start = position
            let name = identifier()
            guard !name.isEmpty else {
                throw CSSColorError(
                    "expected a colour (a hex colour, a colour function such as rgb() or oklch(), or a colour name), found \(found())",
                    at: start)
            }
            let afterName = position
            skipWhitespace()
            if current == "(" {
                guard position == afterName else {
                    throw CSSColorError("no space may come between \"\(name)\" and \"(\"", at: afterName)
                }
                position += 1
                color = try function(name.lowercased(), at: start)
            } else {
                position = afterName
                color = try named(name, at: start)
            }
        }
        skipWhitespace()
        guard current == nil else { throw CSSColorError("unexpected \(found()) after the colour", at: position) }
        return color
    }

    // MARK: Hex and names

    private mutating func hexColor() throws(CSSColorError) -> CSSColor {
        let start = position
        position += 1
        while let scalar = current, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            guard scalar.isASCII, JSONReader.hexValue(UInt8(scalar.value)) != nil else {
                throw CSSColorError("expected a hex digit (0-9, a-f), found \"\(scalar)\"", at: position)
            }
            position += 1
        }
        let digits = position - start - 1
        guard [3, 4, 6, 8].contains(digits) else {
            throw CSSColorError("a hex colour has 3, 4, 6 or 8 digits after \"#\", found \(digits)", at: start)
        }
        return CSSColor(hex: String(String.UnicodeScalarView(scalars[start..<position])))!
    }

    private func named(_ name: String, at start: Int) throws(CSSColorError) -> CSSColor {
        let key = name.lowercased()
        if key == "transparent" { return CSSColor(red: 0, green: 0, blue: 0, alpha: 0) }
        if let value = CSSColor.cssNamedColors[key] {
            func channel(_ shift: UInt32) -> Double { Double(value >> shift & 0xFF) / 255 }
            return CSSColor(red: channel(16), green: channel(8), blue: channel(0))
        }
        if key == "currentcolor" {
            throw CSSColorError(
                "currentColor is the colour of whatever it is used on; a token needs a colour of its own", at: start)
        }
        let hint = Suggestion.hint(for: key, among: CSSColor.cssNamedColors.keys.sorted() + ["transparent"]) {
            "\"\($0)\""
        }
        throw CSSColorError("unknown colour name \"\(name)\"\(hint)", at: start)
    }

    // MARK: Functions

    private mutating func function(_ name: String, at start: Int) throws(CSSColorError) -> CSSColor {
        switch name {
        case "rgb", "rgba": return try rgb(name)
        case "hsl", "hsla": return try hsl(name)
        case "hwb": return try hwb()
        case "lab", "oklab": return try lab(name == "lab" ? .lab : .oklab)
        case "lch", "oklch": return try lch(name == "lch" ? .lch : .oklch)
        case "color": return try colorFunction()
        default:
            let names = ["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color"]
            let hint = Suggestion.hint(for: name, among: names) { "\"\($0)()\"" }
            throw CSSColorError(
                "unknown colour function \"\(name)()\"; expected rgb(), rgba(), hsl(), hsla(), hwb(), lab(), lch(), oklab(), oklch() or color()\(hint)",
                at: start)
        }
    }

    /// `rgb(255 0 0 / 50%)`, `rgb(100% 0% 0%)`, `rgba(255, 0, 0, 0.5)`: channels 0…255 or percentages, clamped.
    private mutating func rgb(_ name: String) throws(CSSColorError) -> CSSColor {
        let parts = ["red", "green", "blue"]
        let (arguments, alpha, isLegacy) = try self.arguments(of: name, parts: parts, allowsLegacy: true)
        if isLegacy {
            let isPercentage = { (argument: Argument) in if case .percentage = argument.token { true } else { false } }
            if let mixed = arguments.first(where: { isPercentage($0) != isPercentage(arguments[0]) }) {
                throw CSSColorError(
                    "\(name)() with commas takes three numbers or three percentages, not both", at: mixed.offset)
            }
        }
        var components: [Double?] = []
        for (index, argument) in arguments.enumerated() {
            let value = try scalar(
                argument, percent: 255, what: "a number, a percentage or \"none\" for the \(parts[index]) of \(name)()")
            components.append(value.map { min(max($0 / 255, 0), 1) })
        }
        return CSSColor(colorSpace: .srgb, components: components, alpha: try opacity(alpha, of: name))
    }

    /// `hsl(120 100% 25%)`, `hsla(120, 100%, 25%, 0.5)`: saturation and lightness clamped to 0…100.
    private mutating func hsl(_ name: String) throws(CSSColorError) -> CSSColor {
        let parts = ["hue", "saturation", "lightness"]
        let (arguments, alpha, isLegacy) = try self.arguments(of: name, parts: parts, allowsLegacy: true)
        var components: [Double?] = [try hue(arguments[0], of: name)]
        for index in 1...2 {
            if isLegacy, case .number = arguments[index].token {
                throw CSSColorError(
                    "\(name)() with commas takes a percentage for the \(parts[index]), found \(found(at: arguments[index].offset))",
                    at: arguments[index].offset)
            }
            let value = try scalar(
                arguments[index], percent: 100,
                what: "a percentage, a number or \"none\" for the \(parts[index]) of \(name)()")
            components.append(value.map { min(max($0, 0), 100) })
        }
        return CSSColor(colorSpace: .hsl, components: components, alpha: try opacity(alpha, of: name))
    }

    /// `hwb(240 20% 20%)`: whiteness and blackness clamped to 0…100.
    private mutating func hwb() throws(CSSColorError) -> CSSColor {
        let parts = ["hue", "whiteness", "blackness"]
        let (arguments, alpha, _) = try self.arguments(of: "hwb", parts: parts, allowsLegacy: false)
        var components: [Double?] = [try hue(arguments[0], of: "hwb")]
        for index in 1...2 {
            let value = try scalar(
                arguments[index], percent: 100,
                what: "a percentage, a number or \"none\" for the \(parts[index]) of hwb()")
            components.append(value.map { min(max($0, 0), 100) })
        }
        return CSSColor(colorSpace: .hwb, components: components, alpha: try opacity(alpha, of: "hwb"))
    }

    /// `lab(50% 40 -20)`, `oklab(0.6 0.1 -0.1)`: lightness clamped to its range, `a` and `b` unbounded.
    private mutating func lab(_ space: CSSColor.Space) throws(CSSColorError) -> CSSColor {
        let name = space.rawValue
        let isOK = space == .oklab
        let (arguments, alpha, _) = try self.arguments(of: name, parts: ["lightness", "a", "b"], allowsLegacy: false)
        let lightnessMaximum = isOK ? 1.0 : 100
        let lightness = try scalar(
            arguments[0], percent: lightnessMaximum,
            what: "a number, a percentage or \"none\" for the lightness of \(name)()")
        let axisPercent = isOK ? 0.4 : 125
        let a = try scalar(
            arguments[1], percent: axisPercent, what: "a number, a percentage or \"none\" for the a of \(name)()")
        let b = try scalar(
            arguments[2], percent: axisPercent, what: "a number, a percentage or \"none\" for the b of \(name)()")
        let components = [lightness.map { min(max($0, 0), lightnessMaximum) }, a, b]
        return CSSColor(colorSpace: space, components: components, alpha: try opacity(alpha, of: name))
    }

    /// `lch(50% 40 200)`, `oklch(0.7 0.1 200deg)`: lightness clamped to its range, chroma to 0 and above.
    private mutating func lch(_ space: CSSColor.Space) throws(CSSColorError) -> CSSColor {
        let name = space.rawValue
        let isOK = space == .oklch
        let (arguments, alpha, _) = try self.arguments(
            of: name, parts: ["lightness", "chroma", "hue"], allowsLegacy: false)
        let lightnessMaximum = isOK ? 1.0 : 100
        let lightness = try scalar(
            arguments[0], percent: lightnessMaximum,
            what: "a number, a percentage or \"none\" for the lightness of \(name)()")
        let chroma = try scalar(
            arguments[1], percent: isOK ? 0.4 : 150,
            what: "a number, a percentage or \"none\" for the chroma of \(name)()")
        let components = [
            lightness.map { min(max($0, 0), lightnessMaximum) }, chroma.map { max($0, 0) },
            try hue(arguments[2], of: name),
        ]
        return CSSColor(colorSpace: space, components: components, alpha: try opacity(alpha, of: name))
    }

    /// `color(display-p3 1 0 0)`, `color(xyz-d50 0.4 0.2 0.02 / 0.5)`: numbers or percentages (100% = 1).
    private mutating func colorFunction() throws(CSSColorError) -> CSSColor {
        skipWhitespace()
        let start = position
        let name = identifier().lowercased()
        let spaces: [(name: String, space: CSSColor.Space)] = [
            ("srgb", .srgb), ("srgb-linear", .srgbLinear), ("display-p3", .displayP3), ("a98-rgb", .a98RGB),
            ("prophoto-rgb", .prophotoRGB), ("rec2020", .rec2020), ("xyz", .xyzD65), ("xyz-d50", .xyzD50),
            ("xyz-d65", .xyzD65),
        ]
        guard let space = spaces.first(where: { $0.name == name })?.space else {
            let names = spaces.map(\.name)
            let hint = name.isEmpty ? "" : Suggestion.hint(for: name, among: names) { "\"\($0)\"" }
            throw CSSColorError(
                "expected a colour space in color(): srgb, srgb-linear, display-p3, a98-rgb, prophoto-rgb, rec2020, xyz, xyz-d50 or xyz-d65; found \(found(at: start))\(hint)",
                at: start)
        }
        let isXYZ = space == .xyzD65 || space == .xyzD50
        let parts = isXYZ ? ["x", "y", "z"] : ["red", "green", "blue"]
        let function = "color(\(name) …)"
        let (arguments, alpha, _) = try self.arguments(of: function, parts: parts, allowsLegacy: false)
        var components: [Double?] = []
        for (index, argument) in arguments.enumerated() {
            let value = try scalar(
                argument, percent: 1, what: "a number, a percentage or \"none\" for the \(parts[index]) of \(function)")
            if let value, !isXYZ, !(0...1).contains(value) {
                throw CSSColorError(
                    "the \(parts[index]) of \(function) is \(JSONWriter.format(value)), outside 0…1, which a DTCG \(name) colour cannot hold",
                    at: argument.offset)
            }
            components.append(value)
        }
        return CSSColor(colorSpace: space, components: components, alpha: try opacity(alpha, of: function))
    }

    // MARK: Arguments

    /// The three components and the alpha of a function, up to and past its `)`: separated by white space with
    /// `/ alpha`, or where `allowsLegacy`, by commas throughout (`rgb(255, 0, 0, 0.5)`), which allows no `none`.
    /// - Parameter function: its name in messages, `rgb` or `color(display-p3 …)`.
    private mutating func arguments(
        of function: String, parts: [String], allowsLegacy: Bool
    ) throws(CSSColorError) -> (components: [Argument], alpha: Argument?, isLegacy: Bool) {
        let written = function.hasSuffix(")") ? function : function + "()"
        var components: [Argument] = []
        var isLegacy = false
        for index in 0..<3 {
            skipWhitespace()
            if index > 0, isLegacy {
                guard current == "," else {
                    throw CSSColorError(
                        "expected \",\" before the \(parts[index]) of \(written), found \(found())", at: position)
                }
                position += 1
                skipWhitespace()
            } else if index > 0, current == "," {
                let why =
                    allowsLegacy
                    ? "separate all of them with commas, or all with spaces"
                    : "\(written) separates its components with spaces"
                throw CSSColorError("expected the \(parts[index]) of \(written), found \",\"; \(why)", at: position)
            }
            if current == nil || current == ")" || current == "/" {
                throw CSSColorError(
                    "\(written) needs 3 components (\(parts.joined(separator: ", "))), found \(index)", at: position)
            }
            let kinds = parts[index] == "hue" ? "a number, an angle or \"none\"" : "a number, a percentage or \"none\""
            components.append(try argument(expecting: "\(kinds) for the \(parts[index]) of \(written)"))
            if index == 0, allowsLegacy {
                skipWhitespace()
                isLegacy = current == ","
            }
        }
        skipWhitespace()
        var alpha: Argument?
        if isLegacy ? current == "," : current == "/" {
            position += 1
            skipWhitespace()
            alpha = try argument(expecting: "a number, a percentage or \"none\" for the alpha of \(written)")
            skipWhitespace()
        }
        guard current == ")" else {
            let expected =
                isLegacy
                ? (alpha == nil ? "\",\" and an alpha, or \")\"" : "\")\"")
                : (alpha == nil ? "\"/\" and an alpha, or \")\"" : "\")\"")
            throw CSSColorError("expected \(expected) to close \(written), found \(found())", at: position)
        }
        position += 1
        if isLegacy,
            let missing = (components + (alpha.map { [$0] } ?? [])).first(where: {
                if case .none = $0.token { true } else { false }
            })
        {
            throw CSSColorError(
                "\"none\" cannot be written in \(written) with commas; separate the components with spaces",
                at: missing.offset)
        }
        return (components, alpha, isLegacy)
    }

    /// A number, a percentage, a number with a unit, or `none`.
    /// - Parameter what: what is expected there, for a message: `a number, a percentage or "none" for the red of rgb()`.
    private mutating func argument(expecting what: String) throws(CSSColorError) -> Argument {
        let start = position
        let word = identifier()
        if word.lowercased() == "none" { return Argument(token: .none, offset: start) }
        position = start
        guard let value = number() else {
            throw CSSColorError("expected \(what), found \(found())", at: start)
        }
        guard value.isFinite else { throw CSSColorError("\(found(at: start)) is too large a number", at: start) }
        if current == "%" {
            position += 1
            return Argument(token: .percentage(value), offset: start)
        }
        let unit = identifier()
        return Argument(token: unit.isEmpty ? .number(value) : .dimension(value, unit: unit), offset: start)
    }

    /// A number or a percentage of `percent` (its value at 100%), or nil for `none`.
    private func scalar(_ argument: Argument, percent: Double, what: String) throws(CSSColorError) -> Double? {
        switch argument.token {
        case .number(let value): return value
        case .percentage(let value): return value / 100 * percent
        case .none: return nil
        case .dimension:
            throw CSSColorError("expected \(what), found \(found(at: argument.offset))", at: argument.offset)
        }
    }

    /// A hue in degrees in 0 up to (not including) 360, from a number (degrees) or an angle; nil for `none`.
    private func hue(_ argument: Argument, of function: String) throws(CSSColorError) -> Double? {
        let degrees: Double
        switch argument.token {
        case .none: return nil
        case .number(let value): degrees = value
        case .dimension(let value, let unit) where ["deg", "grad", "rad", "turn"].contains(unit.lowercased()):
            switch unit.lowercased() {
            case "grad": degrees = value * 0.9
            case "rad": degrees = value * 180 / .pi
            case "turn": degrees = value * 360
            default: degrees = value
            }
        default:
            throw CSSColorError(
                "expected a hue (a number, or an angle in deg, rad, grad or turn) or \"none\" for the hue of \(function)(), found \(found(at: argument.offset))",
                at: argument.offset)
        }
        return ColorConversion.normalizedHue(degrees)
    }

    /// Alpha from a number or a percentage, clamped to 0…1; `none` counts as 0, as CSS converts it; 1 when there is
    /// none written.
    private func opacity(_ argument: Argument?, of function: String) throws(CSSColorError) -> Double {
        guard let argument else { return 1 }
        let written = function.hasSuffix(")") ? function : function + "()"
        let value =
            try scalar(argument, percent: 1, what: "a number, a percentage or \"none\" for the alpha of \(written)")
            ?? 0
        return min(max(value, 0), 1)
    }

    // MARK: Scanning

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func skipWhitespace() {
        while let scalar = current, [" ", "\t", "\n", "\r", "\u{0C}"].contains(scalar) { position += 1 }
    }

    /// A name: ASCII letters, digits, `-` and `_`, starting with a letter, `-` or `_`; empty when there is none.
    private mutating func identifier() -> String {
        let start = position
        while let scalar = current, scalar.isASCII,
            scalar.properties.isAlphabetic || scalar == "-" || scalar == "_"
                || (position > start && ("0"..."9").contains(scalar))
        {
            // A `-` followed by a digit starts a number, not a name (`-0.1`).
            if position == start, scalar == "-", position + 1 < scalars.count,
                ("0"..."9").contains(scalars[position + 1]) || scalars[position + 1] == "."
            {
                break
            }
            position += 1
        }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    /// A CSS number (`12`, `-0.5`, `.5`, `+1e3`), or nil, without moving, when there is none.
    private mutating func number() -> Double? {
        let start = position
        func digits() -> Int {
            let first = position
            while let scalar = current, ("0"..."9").contains(scalar) { position += 1 }
            return position - first
        }
        if current == "+" || current == "-" { position += 1 }
        var count = digits()
        if current == ".", position + 1 < scalars.count, ("0"..."9").contains(scalars[position + 1]) {
            position += 1
            count += digits()
        }
        guard count > 0 else {
            position = start
            return nil
        }
        // An exponent only when digits follow it: `1em` is 1 with the unit `em`.
        if current == "e" || current == "E" {
            let mark = position
            position += 1
            if current == "+" || current == "-" { position += 1 }
            if digits() == 0 { position = mark }
        }
        return Double(String(String.UnicodeScalarView(scalars[start..<position])))
    }

    /// What is at the position, for a message: `"20px"` (up to the next space, comma, slash or parenthesis, at most
    /// 20 characters), or "the end of the string".
    private func found(at index: Int? = nil) -> String {
        let start = index ?? position
        guard start < scalars.count else { return "the end of the string" }
        let delimiters: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\u{0C}", ",", "/", "(", ")"]
        var end = start
        while end < scalars.count, !delimiters.contains(scalars[end]) { end += 1 }
        if end == start { end += 1 }
        let isCut = end - start > 20
        let text = String(String.UnicodeScalarView(scalars[start..<(isCut ? start + 20 : end)]))
        return "\"\(text)\(isCut ? "…" : "")\""
    }
}
