@_spi(Engine) import TokenJSON

extension ValueDecoder {
    /// A CSS linear gradient where a colour token's value is expected (`"linear-gradient(180deg, rgba(0,0,0,0),
    /// rgba(0,0,0,0.4) 80%)"`), as Tokens Studio and Figma exports write one: its stops, as a DTCG gradient, with a
    /// deviation (the gradient's direction, which DTCG's gradient has no place for, is said and not kept). Nil for text
    /// that is no linear gradient.
    func cssGradient(_ value: Input) throws(Failure) -> [TokenValue.GradientStop]? {
        guard let text = string(value), text.count <= 4096 else { return nil }
        let lower = text.lowercased().trimming { $0 == " " }
        guard lower.hasPrefix("linear-gradient("), lower.hasSuffix(")") else { return nil }
        var arguments = Self.topLevelArguments(lower.dropFirst("linear-gradient(".count).dropLast())
        var direction: String?
        if let first = arguments.first, first.hasPrefix("to ") || first.hasSuffix("deg") || first.hasSuffix("turn") {
            direction = first
            arguments.removeFirst()
        }
        guard arguments.count >= 2 else {
            throw fail(
                "\"\(text)\" is a linear gradient with fewer than two colours; a gradient needs two stops or more")
        }
        var stops: [(color: TokenValue.Color, position: Double?)] = []
        for argument in arguments {
            // `colour [position%]`: the position, where given, is the last word.
            var colorText = argument
            var position: Double?
            if let space = argument.lastIndex(of: " "), argument.hasSuffix("%"),
                let percent = Self.parseDecimal(argument[argument.index(after: space)...].dropLast()), percent.isFinite
            {
                colorText = String(argument[..<space])
                position = min(max(percent / 100, 0), 1)
            }
            guard let color = try? color(.json(.string(colorText))) else {
                throw fail(
                    "\"\(argument)\" in \"\(text)\" is not a gradient stop: a colour, then a position in % or none")
            }
            stops.append((color, position))
        }
        // CSS's positions: one before an earlier one's is at that one's; where none is given, the first at 0, the
        // last at 1, the others evenly between their neighbours that have one.
        var largest = 0.0
        for index in stops.indices {
            guard let position = stops[index].position else { continue }
            largest = max(largest, position)
            stops[index].position = largest
        }
        if stops[0].position == nil { stops[0].position = 0 }
        if stops[stops.count - 1].position == nil { stops[stops.count - 1].position = 1 }
        var index = 1
        while index < stops.count {
            guard stops[index].position == nil else {
                index += 1
                continue
            }
            let start = index - 1
            var end = index
            while stops[end].position == nil { end += 1 }
            let from = stops[start].position!
            let to = max(stops[end].position!, from)
            for gap in index..<end {
                stops[gap].position = from + (to - from) * Double(gap - start) / Double(end - start)
            }
            index = end
        }
        let result = stops.map { TokenValue.GradientStop(color: $0.color, position: $0.position!) }
        let kept =
            direction.map { $0 == "180deg" || $0 == "to bottom" ? "" : "; its direction, \($0), is not kept" } ?? ""
        deviateAsToolForm(
            value,
            "a CSS linear gradient read as a gradient of \(result.count) stops\(kept); write \"$type\": \"gradient\" with its stops"
        )
        return result
    }

    /// The comma-separated arguments of a CSS function, commas inside parentheses left alone, each trimmed.
    private static func topLevelArguments(_ text: Substring) -> [String] {
        var arguments: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                arguments.append(current.trimming { $0 == " " })
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        arguments.append(current.trimming { $0 == " " })
        return arguments
    }
}
