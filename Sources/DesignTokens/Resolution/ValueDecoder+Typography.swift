@_spi(Engine) import TokenJSON

/// Typography and its parts: the typography object, font weights (also as Figma names them), letter spacing and
/// line height, with the deviations Tokens Studio's files bring.
extension ValueDecoder {
    /// A typography. Without `letterSpacing` it has none (0px, what CSS's `normal` computes to); without
    /// `lineHeight`, or with Tokens Studio's `"normal"`, the font's own line height (nil: no number says it); members
    /// DTCG does not define are kept as written; a weight named with a style or a width (`"Bold Italic"`,
    /// `"Condensed Bold"`) adds `fontStyle` or `fontStretch`; a member written as empty text (`""`, what Tokens
    /// Studio writes for a field left blank) is one left out.
    /// Each of those is a deviation.
    func typography(_ value: Input) throws(Failure) -> TokenValue.Typography {
        let names = ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight"]
        guard kind(value) == .object, var written = members(value) else {
            throw fail(
                "expected a typography object {\(names.joined(separator: ", "))}, found \(kindDescription(value))")
        }
        // Members in kebab case, as CSS and some exports name them: `font-family` is `fontFamily`.
        var renamed: [(written: String, read: String)] = []
        for index in written.indices where written[index].key.contains("-") {
            let camel = Self.camelCase(written[index].key)
            guard names.contains(camel) || Self.tokensStudioTypographyMembers.contains(camel) else { continue }
            renamed.append((written[index].key, camel))
            written[index].key = camel
        }
        if !renamed.isEmpty {
            let read = renamed.map { "\"\($0.written)\" as \"\($0.read)\"" }.joined(separator: ", ")
            deviateAsToolForm(value, "typography members in kebab case read: \(read); write them in camel case")
        }
        var members = Members(count: names.count)
        // Other members by position; a name written twice counts once, where it was last written.
        var kept: [JSONValue.Member?] = []
        var positions: [String: Int] = [:]
        // Members written as "", each read as left out.
        var blank: [Int: Input] = [:]
        for member in written {
            if let index = names.firstIndex(of: member.key) {
                if string(member.value) == "" {
                    blank[index] = member.value
                    members[index] = nil
                    continue
                }
                members[index] = member.value
            } else {
                if let earlier = positions[member.key] { kept[earlier] = nil }
                positions[member.key] = kept.count
                kept.append(JSONValue.Member(member.key, json(member.value)))
            }
        }
        var others = kept.compactMap { $0 }
        if reading.fillsMissingTypographyMembers {
            fillMissingMembers(&members, names: names, of: value, blank: blank, others: others.map(\.key))
        }
        for (index, name) in names.enumerated().prefix(3) where members[index] == nil {
            if blank[index] != nil { throw fail("a typography needs \"\(name)\", found \"\"", at: name) }
            // A misspelt member is among the others: name it.
            let misspelt =
                Suggestion.closest(to: name, among: others.map(\.key)).map { " (is \"\($0)\" a misspelling of it?)" }
                ?? ""
            throw fail("a typography needs \"\(name)\"\(misspelt)")
        }
        /// Where a member left out is reported: at its `""`, or at the typography when it is not written at all.
        func missing(_ index: Int, _ meaning: String) {
            let name = names[index]
            if let empty = blank[index] {
                deviateAsToolForm(empty, #""" read as no "\#(name)": \#(meaning)"#)
            } else {
                deviateAsToolForm(value, #"no "\#(name)" read as \#(meaning)"#)
            }
        }
        // The member is written here even when its value is a reference: recorded at it whatever it holds.
        for member in written where !names.contains(member.key) {
            guard let deviations, case .node(let node) = member.value else { continue }
            // A tool's own members are its format's, in a file read as it writes values.
            if reading.isOwnTypographyMember(member.key) { continue }
            deviations.record("not a DTCG 2025.10 typography member; kept as written", at: node)
        }
        var letterSpacing = TokenValue.Dimension(0, .px)
        if let member = members[3] {
            letterSpacing = try nested(["letterSpacing"]) { () throws(Failure) in try self.letterSpacing(member) }
        } else {
            missing(3, #"0px, CSS's normal spacing; write "letterSpacing": {"value": 0, "unit": "px"}"#)
        }
        let fontSize = try nested(["fontSize"]) { () throws(Failure) in try dimension(members[1]!) }
        var lineHeight: Double?
        if let member = members[4] {
            lineHeight = try nested(["lineHeight"]) { () throws(Failure) in
                try self.lineHeight(member, fontSize: fontSize)
            }
        } else {
            missing(
                4,
                #"the font's own line height, and left out of every output; write "lineHeight", a multiple of the font size such as 1.5"#
            )
        }
        let fontFamily = try nested(["fontFamily"]) { () throws(Failure) in try self.fontFamily(members[0]!) }
        let (fontWeight, extras) = try nested(["fontWeight"]) { () throws(Failure) in
            try fontWeightAndExtras(members[2]!, inTypography: true)
        }
        for extra in extras {
            if let written = others.first(where: { $0.key == extra.key }) {
                guard written.value == extra.value else {
                    throw fail(
                        "the font weight gives \(JSONWriter.compactText(.object([extra]))), but the typography \(JSONWriter.compactText(.object([written]))); give it once, in \"\(extra.key)\"",
                        at: "fontWeight")
                }
            } else {
                others.append(extra)
            }
        }
        return .init(
            fontFamily: fontFamily, fontSize: fontSize, fontWeight: fontWeight, letterSpacing: letterSpacing,
            lineHeight: lineHeight, otherMembers: others)
    }

    /// The font family, size and weight a Tokens Studio typography leaves out (or writes as `""`), filled in as
    /// sd-transforms fills them when it writes the typography as CSS: `sans-serif`, 16px and 400. Each member filled
    /// in is a deviation of the typography's own, reported whatever the file's one warning covers, since the value
    /// then says more than the file does. A member that one of `others` looks like a misspelling of is not filled:
    /// the error that names the misspelling is clearer than a default.
    private func fillMissingMembers(
        _ members: inout Members, names: [String], of value: Input, blank: [Int: Input], others: [String]
    ) {
        let defaults: [(name: String, value: JSONValue, spelt: String)] = [
            ("fontFamily", .string("sans-serif"), "sans-serif"),
            ("fontSize", .object([.init("value", .number(16)), .init("unit", .string("px"))]), "16px"),
            ("fontWeight", .number(400), "400"),
        ]
        var filled: [String] = []
        for fill in defaults {
            // A member that looks misspelt among the others is left for the error that names the misspelling.
            guard let index = names.firstIndex(of: fill.name), members[index] == nil,
                Suggestion.closest(to: fill.name, among: others) == nil
            else { continue }
            members[index] = .json(fill.value)
            filled.append("\"\(fill.name)\" as \(fill.spelt)")
        }
        guard !filled.isEmpty else { return }
        let left = blank.isEmpty ? "left out" : "left out or blank"
        // At the typography, or at the reference it comes through from a token of a type passed through unchecked.
        deviateWhereWritten(
            value,
            "typography \(filled.count == 1 ? "member" : "members") \(left) read as sd-transforms fills \(filled.count == 1 ? "it" : "them") in CSS: \(filled.joined(separator: ", ")); write each member"
        )
    }

    /// `font-family` as `fontFamily`: each letter after a `-` in upper case, the `-` dropped.
    static func camelCase(_ name: String) -> String {
        let words = name.split(separator: "-", omittingEmptySubsequences: false)
        return words.dropFirst().reduce(String(words[0])) { $0 + $1.prefix(1).uppercased() + $1.dropFirst() }
    }

    // MARK: Font weights

    /// A font weight: a number from 1 to 1000 or a DTCG keyword; also a weight as Figma names it
    /// (``namedFontWeight(_:)``) and a number in a string, which are deviations.
    func fontWeight(_ value: Input) throws(Failure) -> TokenValue.FontWeight {
        try fontWeightAndExtras(value, inTypography: false).weight
    }

    /// A font weight, and the members a Figma weight name gives with it: `"Condensed Bold Italic"` is bold,
    /// `"fontStyle": "italic"` and `"fontStretch": "condensed"`.
    ///
    /// A name with nothing but a weight is read as the DTCG keyword it spells (`"Semi Bold"` as `semi-bold`). With
    /// more, a typography takes the keyword and the members; a font weight token keeps the name as written, since no
    /// DTCG weight says a style or a width, so that a typography that refers to it still gets them.
    func fontWeightAndExtras(_ value: Input, inTypography: Bool) throws(Failure) -> (
        weight: TokenValue.FontWeight, extras: [JSONValue.Member]
    ) {
        if let number = number(value) {
            guard (1...1000).contains(number) else {
                throw fail("a font weight must be from 1 to 1000, found \(JSONWriter.format(number))")
            }
            return (.init(number), [])
        }
        guard let text = string(value) else {
            throw fail("expected a font weight (1–1000 or a keyword), found \(kindDescription(value))")
        }
        if let weight = TokenValue.FontWeight.keywords[text] { return (.init(weight, keyword: text), []) }
        if let named = Self.namedFontWeight(text) {
            let weight = TokenValue.FontWeight.keywords[named.keyword]!
            let read = "\(named.keyword) (\(JSONWriter.format(weight)))"
            guard !named.extras.isEmpty else {
                deviateAsToolForm(value, #""\#(text)" read as \#(read); write "\#(named.keyword)""#)
                return (.init(weight, keyword: named.keyword), [])
            }
            let members = named.extras.map { JSONWriter.compactText(.object([$0])).dropFirst().dropLast() }.joined(
                separator: ", ")
            if inTypography {
                deviateAsToolForm(
                    value,
                    #""\#(text)" read as \#(read) and \#(members); write "fontWeight": "\#(named.keyword)", \#(members)"#
                )
                return (.init(weight, keyword: named.keyword), named.extras)
            }
            let missing = named.extras.map { $0.key == "fontStyle" ? "style" : "width" }.joined(separator: " or ")
            deviateAsToolForm(
                value,
                #""\#(text)" read as \#(read) with \#(members), kept as written: a DTCG font weight has no \#(missing); write "\#(named.keyword)", and \#(members) in the typographies that use it"#
            )
            return (.init(weight, keyword: text), named.extras)
        }
        if let number = Self.parseDecimal(Substring(text)), (1...1000).contains(number) {
            deviateAsToolForm(
                value, #""\#(text)" read as \#(JSONWriter.format(number)); write \#(JSONWriter.format(number))"#)
            return (.init(number), [])
        }
        let hint = Suggestion.hint(for: text, among: TokenValue.FontWeight.keywords.keys.sorted()) { "\"\($0)\"" }
        throw fail(
            "\"\(text)\" is not a font weight; expected a number from 1 to 1000 or a keyword such as \"bold\"\(hint)")
    }

    /// A weight as Figma names it, the way Tokens Studio exports it: a DTCG weight keyword in any case, with
    /// spaces, hyphens or underscores or without (`"Regular"`, `"Semi Bold"`, `"SemiBold"`, `"ExtraBold"`); before
    /// or after it a CSS width (`"Condensed Bold"`, `"Expanded Medium"`, `"Bold Condensed"`), and last `Italic` or
    /// `Oblique` (`"Bold Italic"`; `"Italic"` alone is the regular weight).
    /// - Returns: the DTCG keyword (`semi-bold`) and the typography members the rest gives (`"fontStyle": "italic"`,
    ///   `"fontStretch": "condensed"`); nil for any other text.
    static func namedFontWeight(_ text: String) -> (keyword: String, extras: [JSONValue.Member])? {
        guard text.utf8.count <= 64 else { return nil }
        var letters = ""
        for character in text.lowercased() where character != " " && character != "-" && character != "_" {
            guard character.isLetter else { return nil }
            letters.append(character)
        }
        var extras: [JSONValue.Member] = []
        for style in ["italic", "oblique"] where letters.hasSuffix(style) {
            letters.removeLast(style.count)
            extras.append(JSONValue.Member("fontStyle", .string(style)))
            break
        }
        // The longest width first: "semicondensed" before "condensed"; before the weight, or after it.
        for (letterForm, width) in stretchesByLetters
        where letters.hasPrefix(letterForm) || letters.hasSuffix(letterForm) {
            if letters.hasPrefix(letterForm) {
                letters.removeFirst(letterForm.count)
            } else {
                letters.removeLast(letterForm.count)
            }
            extras.insert(JSONValue.Member("fontStretch", .string(width)), at: 0)
            break
        }
        if letters.isEmpty, !extras.isEmpty { return ("regular", extras) }
        guard let keyword = keywordsByLetters[letters] else { return nil }
        return (keyword, extras)
    }

    /// CSS's `font-stretch` keywords by their letters alone, the longest first.
    private static let stretchesByLetters: [(letters: String, keyword: String)] = [
        "ultra-condensed", "extra-condensed", "semi-condensed", "semi-expanded", "extra-expanded", "ultra-expanded",
        "condensed", "expanded",
    ].map { ($0.filter { $0 != "-" }, $0) }

    /// The DTCG weight keywords by their letters alone: `semibold` is `semi-bold`.
    private static let keywordsByLetters: [String: String] = Dictionary(
        uniqueKeysWithValues: TokenValue.FontWeight.keywords.keys.map { ($0.filter { $0 != "-" }, $0) })

    // MARK: Spacing and line height

    /// A letter spacing: a dimension, where a percentage is one of the font size (as Figma, Tokens Studio and CSS
    /// Text 4 mean it), read in `em`: `"-2%"` is -0.02em. Reading the percentage so is a deviation.
    func letterSpacing(_ value: Input) throws(Failure) -> TokenValue.Dimension {
        var percent: Double?
        if let text = string(value) {
            percent = Self.percentage(text).map { $0 * 100 }
        } else if kind(value) == .object, let members = members(value), members.count == 2,
            let unit = members.first(where: { $0.key == "unit" }), string(unit.value) == "%",
            let number = members.first(where: { $0.key == "value" }).flatMap({ self.number($0.value) })
        {
            percent = number
        }
        guard let percent else { return try dimension(value) }
        let spacing = TokenValue.Dimension(percent / 100, .em)
        let written = string(value).map { "\"\($0)\"" } ?? "\(JSONWriter.format(percent))%"
        deviateAsToolForm(
            value,
            #"\#(written) read as \#(spacing), a percentage of the font size; write {"value": \#(JSONWriter.format(spacing.value)), "unit": "em"}"#
        )
        return spacing
    }

    /// A Tokens Studio `lineHeights` token: a number, a multiple of the font size (`"150%"` is 1.5), or a length
    /// (`"24px"`, `"2rem"`, what arithmetic over lengths computes), which Tokens Studio documents as a fixed line
    /// height: a dimension, which a typography divides by its font size.
    func lineHeightToken(_ value: Input) throws(Failure) -> TokenValue {
        if number(value) == nil, kind(value) == .string || kind(value) == .object {
            let text = string(value)
            if text.map({ Self.percentage($0) == nil && Self.parseDecimal(Substring($0)) == nil }) ?? true {
                guard let length = try? dimension(value) else {
                    throw fail(
                        "expected a line height, a number such as 1.5 or a length such as \"24px\", found \(text.map { "\"\($0)\"" } ?? kindDescription(value))"
                    )
                }
                return .dimension(length)
            }
        }
        return .number(try number(value))
    }

    /// A typography's line height, a multiple of the font size. Tokens Studio's `"normal"` (Figma's auto, in any
    /// case) is the font's own, nil; a percentage (`"150%"`) the fraction it stands for; a length in `em` its number,
    /// and one in the font size's unit (`"24px"` on `16px`) its ratio to the font size. Each of those is a deviation;
    /// a length in another unit is an error.
    func lineHeight(_ value: Input, fontSize: TokenValue.Dimension) throws(Failure) -> Double? {
        // The throwing `number(_:)`, which says why a value is not a number (the other gives nil).
        func multiple() throws(Failure) -> Double { try number(value) }
        if let number = number(value) { return number }
        guard let text = string(value) ?? (kind(value) == .object ? "" : nil) else { return try multiple() }
        if ["normal", "auto"].contains(text.lowercased()) {
            deviateAsToolForm(
                value,
                #""\#(text)" read as the font's own line height, and left out of every output; write a multiple of the font size such as 1.5"#
            )
            return nil
        }
        if Self.percentage(text) != nil || Self.parseDecimal(Substring(text)) != nil { return try multiple() }
        // Read as a length without recording its unit's own deviation: the one below says what it became.
        let quiet = ValueDecoder(reading: reading, document: document, substitutions: substitutions)
        guard let height = try? quiet.dimension(value) else { return try multiple() }
        let multiple: Double
        switch height.unit {
        case .em: multiple = height.value
        case _ where height.unit == fontSize.unit && fontSize.value != 0: multiple = height.value / fontSize.value
        default:
            throw fail(
                "a line height of \(height) is not a multiple of the font size \(fontSize); write a number such as 1.5")
        }
        guard multiple.isFinite else {
            throw fail(
                "a line height of \(height) is more times the font size \(fontSize) than a number can hold; write a number such as 1.5"
            )
        }
        let ratio = height.unit == .em ? "" : ", its ratio to the font size \(fontSize)"
        func message(_ written: String) -> String {
            "\(written) read as \(JSONWriter.format(multiple))\(ratio); write \(JSONWriter.format(multiple))"
        }
        if case .node(let node) = value, substitutions[node] != nil {
            // A reference to a dimension: the target is a length as DTCG writes one; reading it as a line height is
            // this value's own deviation, recorded at the reference (where ``deviate(_:_:)`` would not look, as it
            // leaves what a reference stands for to its target's token).
            if reading.recordsToolForms {
                deviations?.record(message("\(document.string(node)) (\(height))"), at: node)
            }
            return multiple
        }
        deviateAsToolForm(value, message(text.isEmpty ? "\(height)" : "\"\(text)\""))
        return multiple
    }
}
