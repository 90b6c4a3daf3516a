/// Validates a token's value (with every reference already replaced) against its type and builds the typed
/// ``TokenValue``.
///
/// Errors name the member that is wrong (`fontSize`, `[1].color`), say what was expected, and suggest the fix
/// where there is an obvious one.
struct ValueDecoder {
    /// A value that does not fit its type.
    struct Failure: Error {
        /// Where inside the value: `["shadow", "0", "color"]` is printed as `[0].color`.
        var memberPath: [String]
        var message: String

        var memberDescription: String {
            memberPath.reduce(into: "") { text, part in
                text += part.first!.isNumber ? "[\(part)]" : (text.isEmpty ? part : ".\(part)")
            }
        }
    }

    /// Legacy files (Style Dictionary v3, Tokens Studio) write dimensions as bare numbers or numeric strings.
    var isLegacy = false

    func decode(_ value: JSONValue, as type: TokenType) throws(Failure) -> TokenValue {
        switch type.knownType {
        case .color?: return .color(try color(value))
        case .dimension?: return .dimension(try dimension(value))
        case .fontFamily?: return .fontFamily(try fontFamily(value))
        case .fontWeight?: return .fontWeight(try fontWeight(value))
        case .duration?: return .duration(try duration(value))
        case .cubicBezier?: return .cubicBezier(try cubicBezier(value))
        case .number?: return .number(try number(value))
        case .strokeStyle?: return .strokeStyle(try strokeStyle(value))
        case .border?: return .border(try border(value))
        case .transition?: return .transition(try transition(value))
        case .shadow?: return .shadow(try shadows(value))
        case .gradient?: return .gradient(try gradient(value))
        case .typography?: return .typography(try typography(value))
        case .string?:
            guard case .string(let text) = value else { throw fail("expected a string, found \(value.kindDescription)") }
            return .string(text)
        case .boolean?:
            guard case .bool(let flag) = value else { throw fail("expected true or false, found \(value.kindDescription)") }
            return .boolean(flag)
        case .image?: return .image(try image(value))
        case nil:
            return .custom(value)
        }
    }

    // MARK: Simple types

    func color(_ value: JSONValue) throws(Failure) -> TokenValue.Color {
        switch value {
        case .string(let text):
            if let color = TokenValue.Color(hex: text) { return color }
            var message = "\"\(text)\" is not a colour; expected a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa) or a colour object {\"colorSpace\", \"components\"}"
            if !text.hasPrefix("#"), TokenValue.Color(hex: "#" + text) != nil { message += "; did you mean \"#\(text)\"?" }
            throw fail(message)
        case .object:
            return try colorObject(value)
        default:
            throw fail("expected a colour (a hex string or a colour object), found \(value.kindDescription)")
        }
    }

    private func colorObject(_ value: JSONValue) throws(Failure) -> TokenValue.Color {
        try onlyMembers(value, ["colorSpace", "components", "alpha", "hex"])
        guard case .string(let spaceName)? = value["colorSpace"] else {
            throw fail("a colour object needs \"colorSpace\" (a string such as \"srgb\")")
        }
        guard let space = TokenValue.Color.Space(rawValue: spaceName) else {
            let names = TokenValue.Color.Space.allCases.map(\.rawValue)
            let hint = Suggestion.hint(for: spaceName, among: names) { "\"\($0)\"" }
            throw fail("unknown colour space \"\(spaceName)\"; expected one of \(names.joined(separator: ", "))\(hint)", at: "colorSpace")
        }
        guard case .array(let items)? = value["components"] else {
            throw fail("a colour object needs \"components\", an array of three numbers", at: "components")
        }
        guard items.count == 3 else {
            throw fail("\(space.rawValue) colours have 3 components, found \(items.count)", at: "components")
        }
        var components: [Double?] = []
        components.reserveCapacity(3)
        let hueIndex = space.hueIndex
        for (index, item) in items.enumerated() {
            switch item {
            case .number(let number):
                if index == hueIndex, !(0..<360).contains(number) {
                    throw fail("component \(index) of an \(space.rawValue) colour is a hue, from 0 up to (not including) 360; found \(JSONWriter.format(number))", at: "components", "\(index)")
                }
                if let range = space.componentRange(index), !range.contains(number) {
                    let upper = range.upperBound.isFinite ? JSONWriter.format(range.upperBound) : "∞"
                    throw fail("component \(index) of an \(space.rawValue) colour must be in \(JSONWriter.format(range.lowerBound))…\(upper), found \(JSONWriter.format(number))", at: "components", "\(index)")
                }
                components.append(number)
            case .string("none"):
                components.append(nil)
            default:
                throw fail("a colour component must be a number or \"none\", found \(item.kindDescription)", at: "components", "\(index)")
            }
        }
        var alpha = 1.0
        if let alphaValue = value["alpha"] {
            guard case .number(let number) = alphaValue, (0...1).contains(number) else {
                throw fail("alpha must be a number from 0 to 1", at: "alpha")
            }
            alpha = number
        }
        var hexFallback: String?
        if let hexValue = value["hex"] {
            guard case .string(let text) = hexValue, TokenValue.Color.isSixDigitHex(text) else {
                throw fail("hex must be a 6-digit hex colour such as \"#0055ff\"", at: "hex")
            }
            hexFallback = text
        }
        // An sRGB colour's own hex adds nothing.
        return TokenValue.Color(colorSpace: space, components: components, alpha: alpha, hexFallback: hexFallback).droppingOwnHexFallback
    }

    func dimension(_ value: JSONValue) throws(Failure) -> TokenValue.Dimension {
        switch value {
        case .object:
            try onlyMembers(value, ["value", "unit"])
            guard case .number(let number)? = value["value"] else {
                throw fail("a dimension needs \"value\", a number", at: "value")
            }
            guard case .string(let unitName)? = value["unit"] else {
                throw fail("a dimension needs \"unit\", \"px\" or \"rem\" (required even for 0)", at: "unit")
            }
            guard let unit = TokenValue.Dimension.Unit(rawValue: unitName) else {
                throw fail("unit \"\(unitName)\" is not a dimension unit; expected \"px\" or \"rem\"", at: "unit")
            }
            return .init(number, unit)
        case .string(let text):
            for unit in TokenValue.Dimension.Unit.allCases where text.hasSuffix(unit.rawValue) {
                if let number = Self.parseDecimal(text.dropLast(unit.rawValue.count)) { return .init(number, unit) }
            }
            if isLegacy, let number = Self.parseDecimal(Substring(text)) { return .init(number, .px) }
            throw fail("\"\(text)\" is not a dimension; expected {\"value\": 16, \"unit\": \"px\"} (or \"16px\", \"1.5rem\")")
        case .number(let number) where isLegacy:
            return .init(number, .px)
        case .number(let number):
            throw fail("a dimension needs a unit; write {\"value\": \(JSONWriter.format(number)), \"unit\": \"px\"}")
        default:
            throw fail("expected a dimension {\"value\", \"unit\"}, found \(value.kindDescription)")
        }
    }

    func duration(_ value: JSONValue) throws(Failure) -> TokenValue.Duration {
        switch value {
        case .object:
            try onlyMembers(value, ["value", "unit"])
            guard case .number(let number)? = value["value"] else {
                throw fail("a duration needs \"value\", a number", at: "value")
            }
            guard case .string(let unitName)? = value["unit"], let unit = TokenValue.Duration.Unit(rawValue: unitName) else {
                throw fail("a duration needs \"unit\", \"ms\" or \"s\"", at: "unit")
            }
            return .init(number, unit)
        case .string(let text):
            // "ms" before "s": "120ms" also ends in "s".
            for unit in [TokenValue.Duration.Unit.ms, .s] where text.hasSuffix(unit.rawValue) {
                if let number = Self.parseDecimal(text.dropLast(unit.rawValue.count)) { return .init(number, unit) }
            }
            throw fail("\"\(text)\" is not a duration; expected {\"value\": 120, \"unit\": \"ms\"} (or \"120ms\", \"0.2s\")")
        default:
            throw fail("expected a duration {\"value\", \"unit\"}, found \(value.kindDescription)")
        }
    }

    func fontFamily(_ value: JSONValue) throws(Failure) -> [String] {
        switch value {
        case .string(let name) where !name.isEmpty:
            return [name]
        case .array(let items) where !items.isEmpty:
            var names: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let name) = item, !name.isEmpty else {
                    throw fail("a font family list holds non-empty strings, found \(item.kindDescription)", at: "\(index)")
                }
                names.append(name)
            }
            return names
        default:
            throw fail("expected a font family name or a non-empty array of names, found \(value.kindDescription)")
        }
    }

    func fontWeight(_ value: JSONValue) throws(Failure) -> TokenValue.FontWeight {
        switch value {
        case .number(let number):
            guard (1...1000).contains(number) else { throw fail("a font weight must be from 1 to 1000, found \(JSONWriter.format(number))") }
            return .init(number)
        case .string(let keyword):
            if let weight = TokenValue.FontWeight.keywords[keyword] { return .init(weight, keyword: keyword) }
            let hint = Suggestion.hint(for: keyword, among: TokenValue.FontWeight.keywords.keys.sorted()) { "\"\($0)\"" }
            throw fail("\"\(keyword)\" is not a font weight; expected a number from 1 to 1000 or a keyword such as \"bold\"\(hint)")
        default:
            throw fail("expected a font weight (1–1000 or a keyword), found \(value.kindDescription)")
        }
    }

    func cubicBezier(_ value: JSONValue) throws(Failure) -> TokenValue.CubicBezier {
        guard case .array(let items) = value, items.count == 4 else {
            throw fail("expected a cubic Bézier [x1, y1, x2, y2], four numbers")
        }
        var numbers: [Double] = []
        for (index, item) in items.enumerated() {
            guard case .number(let number) = item else { throw fail("expected a number, found \(item.kindDescription)", at: "\(index)") }
            if index % 2 == 0, !(0...1).contains(number) {
                throw fail("x\(index / 2 + 1) of a cubic Bézier must be in 0…1, found \(JSONWriter.format(number))", at: "\(index)")
            }
            numbers.append(number)
        }
        return .init(numbers[0], numbers[1], numbers[2], numbers[3])
    }

    func number(_ value: JSONValue) throws(Failure) -> Double {
        if case .number(let number) = value { return number }
        if isLegacy, case .string(let text) = value, let number = Self.parseDecimal(Substring(text)) { return number }
        throw fail("expected a number, found \(value.kindDescription)")
    }

    func strokeStyle(_ value: JSONValue) throws(Failure) -> TokenValue.StrokeStyle {
        switch value {
        case .string(let keyword):
            guard TokenValue.StrokeStyle.keywords.contains(keyword) else {
                let hint = Suggestion.hint(for: keyword, among: TokenValue.StrokeStyle.keywords) { "\"\($0)\"" }
                throw fail("\"\(keyword)\" is not a stroke style; expected one of \(TokenValue.StrokeStyle.keywords.joined(separator: ", "))\(hint)")
            }
            return .keyword(keyword)
        case .object:
            try onlyMembers(value, ["dashArray", "lineCap"])
            guard case .array(let items)? = value["dashArray"], !items.isEmpty else {
                throw fail("a stroke style object needs \"dashArray\", a non-empty array of dimensions", at: "dashArray")
            }
            var dashes: [TokenValue.Dimension] = []
            for (index, item) in items.enumerated() { dashes.append(try nested(["dashArray", "\(index)"]) { () throws(Failure) in try dimension(item) }) }
            guard case .string(let cap)? = value["lineCap"], TokenValue.StrokeStyle.lineCaps.contains(cap) else {
                throw fail("a stroke style object needs \"lineCap\": \"round\", \"butt\" or \"square\"", at: "lineCap")
            }
            return .dashed(dashArray: dashes, lineCap: cap)
        default:
            throw fail("expected a stroke style keyword or {dashArray, lineCap}, found \(value.kindDescription)")
        }
    }

    // MARK: Composite types

    func border(_ value: JSONValue) throws(Failure) -> TokenValue.Border {
        let members = try required(value, type: "border", ["color", "width", "style"])
        return .init(
            color: try nested(["color"]) { () throws(Failure) in try color(members[0]) },
            width: try nested(["width"]) { () throws(Failure) in try dimension(members[1]) },
            style: try nested(["style"]) { () throws(Failure) in try strokeStyle(members[2]) })
    }

    func transition(_ value: JSONValue) throws(Failure) -> TokenValue.Transition {
        let members = try required(value, type: "transition", ["duration", "delay", "timingFunction"])
        return .init(
            duration: try nested(["duration"]) { () throws(Failure) in try duration(members[0]) },
            delay: try nested(["delay"]) { () throws(Failure) in try duration(members[1]) },
            timingFunction: try nested(["timingFunction"]) { () throws(Failure) in try cubicBezier(members[2]) })
    }

    func shadows(_ value: JSONValue) throws(Failure) -> [TokenValue.Shadow] {
        if case .array(let layers) = value {
            guard !layers.isEmpty else { throw fail("a shadow list must not be empty") }
            var result: [TokenValue.Shadow] = []
            for (index, layer) in layers.enumerated() {
                result.append(try nested(["\(index)"]) { () throws(Failure) in try shadow(layer) })
            }
            return result
        }
        return [try shadow(value)]
    }

    private func shadow(_ value: JSONValue) throws(Failure) -> TokenValue.Shadow {
        let members = try required(value, type: "shadow", ["color", "offsetX", "offsetY", "blur", "spread"], optional: ["inset"])
        var inset = false
        if let insetValue = value["inset"] {
            guard case .bool(let flag) = insetValue else { throw fail("inset must be true or false", at: "inset") }
            inset = flag
        }
        return .init(
            color: try nested(["color"]) { () throws(Failure) in try color(members[0]) },
            offsetX: try nested(["offsetX"]) { () throws(Failure) in try dimension(members[1]) },
            offsetY: try nested(["offsetY"]) { () throws(Failure) in try dimension(members[2]) },
            blur: try nested(["blur"]) { () throws(Failure) in try dimension(members[3]) },
            spread: try nested(["spread"]) { () throws(Failure) in try dimension(members[4]) },
            inset: inset)
    }

    func gradient(_ value: JSONValue) throws(Failure) -> [TokenValue.GradientStop] {
        guard case .array(let stops) = value, !stops.isEmpty else {
            throw fail("expected a gradient: a non-empty array of {color, position} stops")
        }
        var result: [TokenValue.GradientStop] = []
        for (index, stop) in stops.enumerated() {
            let members = try nested(["\(index)"]) { () throws(Failure) in try required(stop, type: "gradient stop", ["color", "position"]) }
            let stopColor = try nested(["\(index)", "color"]) { () throws(Failure) in try color(members[0]) }
            let position = try nested(["\(index)", "position"]) { () throws(Failure) in try number(members[1]) }
            result.append(.init(color: stopColor, position: min(max(position, 0), 1)))
        }
        return result
    }

    func typography(_ value: JSONValue) throws(Failure) -> TokenValue.Typography {
        let members = try required(value, type: "typography", ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight"])
        return .init(
            fontFamily: try nested(["fontFamily"]) { () throws(Failure) in try fontFamily(members[0]) },
            fontSize: try nested(["fontSize"]) { () throws(Failure) in try dimension(members[1]) },
            fontWeight: try nested(["fontWeight"]) { () throws(Failure) in try fontWeight(members[2]) },
            letterSpacing: try nested(["letterSpacing"]) { () throws(Failure) in try dimension(members[3]) },
            lineHeight: try nested(["lineHeight"]) { () throws(Failure) in try number(members[4]) })
    }

    // MARK: ThemeEngine types

    func image(_ value: JSONValue) throws(Failure) -> TokenValue.Image {
        switch value {
        case .string(let asset) where !asset.isEmpty:
            return .init(asset: asset)
        case .object:
            let members = try required(value, type: "image", ["asset"], optional: ["file", "renderingMode"])
            guard case .string(let asset) = members[0], !asset.isEmpty else {
                throw fail("expected the asset name as a non-empty string, found \(members[0].kindDescription)", at: "asset")
            }
            var image = TokenValue.Image(asset: asset)
            if let file = value["file"] {
                guard case .string(let path) = file, !path.isEmpty else {
                    throw fail("expected a file path as a non-empty string, found \(file.kindDescription)", at: "file")
                }
                image.file = path
            }
            if let mode = value["renderingMode"] {
                let allowed = TokenValue.Image.RenderingMode.allCases.map(\.rawValue)
                guard case .string(let name) = mode, let renderingMode = TokenValue.Image.RenderingMode(rawValue: name) else {
                    let expected = allowed.map { "\"\($0)\"" }.joined(separator: " or ")
                    guard case .string(let name) = mode else {
                        throw fail("expected \(expected), found \(mode.kindDescription)", at: "renderingMode")
                    }
                    let hint = Suggestion.hint(for: name, among: allowed) { "\"\($0)\"" }
                    throw fail("expected \(expected), found \"\(name)\"\(hint)", at: "renderingMode")
                }
                image.renderingMode = renderingMode
            }
            return image
        default:
            let found = value == .string("") ? "an empty string" : value.kindDescription
            throw fail("expected an image: an asset name, or {\"asset\", \"file\", \"renderingMode\"}, found \(found)")
        }
    }

    // MARK: Helpers

    /// The values of `names`, in order, from an object that must have all of them and nothing else but `optional`.
    private func required(_ value: JSONValue, type: String, _ names: [String], optional: [String] = []) throws(Failure) -> [JSONValue] {
        let article = type.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        guard case .object = value else {
            throw fail("expected \(article) \(type) object {\(names.joined(separator: ", "))}, found \(value.kindDescription)")
        }
        try onlyMembers(value, names + optional)
        var result: [JSONValue] = []
        for name in names {
            guard let member = value[name] else { throw fail("\(article) \(type) needs \"\(name)\"") }
            result.append(member)
        }
        return result
    }

    private func onlyMembers(_ value: JSONValue, _ allowed: [String]) throws(Failure) {
        guard case .object(let members) = value else { return }
        for member in members where !allowed.contains(member.key) {
            let hint = Suggestion.hint(for: member.key, among: allowed) { "\"\($0)\"" }
            throw fail("unexpected member \"\(member.key)\"; expected \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))\(hint)")
        }
    }

    /// Runs `body`, prefixing the member path of any failure with `path`.
    private func nested<T>(_ path: [String], _ body: () throws(Failure) -> T) throws(Failure) -> T {
        do {
            return try body()
        } catch {
            throw Failure(memberPath: path + error.memberPath, message: error.message)
        }
    }

    private func fail(_ message: String, at path: String...) -> Failure {
        Failure(memberPath: path, message: message)
    }

    /// A plain decimal such as `16`, `-0.5`, `1.25` (no exponent, no sign but `-`).
    static func parseDecimal(_ text: Substring) -> Double? {
        var text = String(text)
        guard text.withUTF8({ isPlainDecimal($0) }) else { return nil }
        return Double(text)
    }

    /// Whether UTF-8 bytes spell a plain decimal (``parseDecimal(_:)``): an optional `-`, digits and at most
    /// one `.`, with at least one digit.
    static func isPlainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        var index = bytes[0] == UInt8(ascii: "-") ? 1 : 0
        var digits = 0
        var seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return false }
                seenPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
            } else {
                return false
            }
            index += 1
        }
        return digits > 0
    }
}
