@_spi(Engine) import TokenJSON

/// Arithmetic in a token's value, as Tokens Studio writes it: `"{spacing.sm} * 2"`, `"({base} + 4) / 2"`,
/// `"-{x}"`, `"{size} * 1.5"` on a `16px` size. Evaluated once the references in it are resolved.
///
/// Numbers may carry a unit (`4px`, `1.5rem`, `50%`); a reference stands for its token's number or dimension.
/// Adding or subtracting measures of different units is an error rather than a guess (`4px + 1rem` depends on the
/// root font size); a plain number added to a measure takes its unit; a unit times or divided by a plain number
/// keeps the unit; a measure divided by one of the same unit is a plain number; two units multiplied (but for one
/// unit times itself where `multipliesLikeUnits`, as Tokens Studio computes it), or anything divided by zero, is an
/// error. `a ^ b` raises a number or measure to a plain power, binding tighter than a sign (`-2 ^ 2` is -4) and to the
/// right (`2 ^ 3 ^ 2` is 2⁹); a measure keeps its unit, as Tokens Studio's tools compute it.
package struct ValueExpression {
    /// A number with its unit, if it has one.
    package struct Measure: Equatable {
        var number: ExactNumber
        package var unit: String?

        init(_ number: ExactNumber, unit: String?) {
            self.number = number
            self.unit = unit
        }

        /// A measure of a resolved token's number, read as ``ExactNumber`` reads a `Double`.
        init(value: Double, unit: String?) {
            self.init(ExactNumber(value), unit: unit)
        }

        package var value: Double { number.double }

        /// The measure as text: `16px`, `1.5`.
        var text: String { JSONWriter.format(value) + (unit ?? "") }

        /// The measure as a tool's text holds it, where no type says what it is: a plain number, or its text with
        /// the unit (`"16px"`).
        var textJSON: JSONValue { unit == nil ? .number(value) : .string(text) }
    }

    /// Why an expression cannot be evaluated, and where in its text (a count of characters from its start).
    package struct Failure: Error, Equatable {
        package var message: String
        package var offset: Int
    }

    /// The most nested parentheses and signs an expression may have (a deeper one is refused, not recursed into).
    static let maximumDepth = 100

    /// Whether `text` is arithmetic rather than a single reference or plain text: it holds a reference or a
    /// number, and an operator outside references (a `-` or `+` between two words, as in `ease-in`, is not one).
    static func isExpression(_ text: String) -> Bool {
        var insideReference = false
        var hasOperand = false
        var hasOperator = false
        // The character before this one, and whether white space came between them.
        var previous: Character = " "
        var spaced = true
        for (index, character) in zip(text.indices, text) {
            if character.isWhitespace {
                spaced = true
                continue
            }
            if insideReference {
                if character == "}" { insideReference = false }
            } else {
                switch character {
                case "{":
                    insideReference = true
                    hasOperand = true
                case "*", "/", "^", "(", ")": hasOperator = true
                case ",": break  // between a function's arguments
                case "+", "-":
                    // Between two letters it joins a word (`ease-in`), not two operands.
                    if spaced || !previous.isLetter { hasOperator = true }
                case _ where character.isNumber || character == ".": hasOperand = true
                case _ where character.isLetter || character == "%":
                    // A unit follows its number directly, and a function's name its own letters up to `(`; any
                    // other word makes this text, not arithmetic.
                    let isUnit = !spaced && (previous.isNumber || previous == "." || previous.isLetter)
                    if !isUnit, !startsFunction(text, at: index) { return false }
                default:
                    return false
                }
            }
            previous = character
            spaced = false
        }
        return hasOperand && hasOperator
    }

    /// The functions arithmetic may call, as Tokens Studio's evaluator names them.
    static let functions: Set<String> = ["floor", "ceil", "round", "roundTo", "abs", "min", "max", "pow"]

    /// Whether a function's name starts at `index` and is followed by `(`.
    private static func startsFunction(_ text: String, at index: String.Index) -> Bool {
        let name = text[index...].prefix { $0.isLetter }
        return functions.contains(String(name)) && text[name.endIndex...].first == "("
    }

    /// Evaluates `text`, with `reference(path)` giving the measure a `{path}` in it stands for, or a message saying
    /// why it stands for none.
    static func evaluate(
        _ text: String, multipliesLikeUnits: Bool = false, reference: (String) -> Result<Measure, Failure>
    ) throws(Failure) -> Measure {
        let outcome = withoutActuallyEscaping(reference) { reference -> Result<Measure, Failure> in
            var parser = Parser(
                characters: Array(text), multipliesLikeUnits: multipliesLikeUnits, reference: reference)
            return Result { () throws(Failure) in
                let result = try parser.expression(depth: 0)
                parser.skipSpaces()
                guard parser.position == parser.characters.count else {
                    throw Failure(
                        message:
                            "unexpected \"\(parser.characters[parser.position])\" in \"\(text)\"; expected an operator (+ - * / ^)",
                        offset: parser.position)
                }
                return result
            }
        }
        let result = try outcome.get()
        guard result.value.isFinite else { throw Failure(message: "\"\(text)\" is not a finite number", offset: 0) }
        return result
    }

    /// Evaluates `text` that has no references in it (`"8 * 2"`): a `{path}` in it is refused.
    package static func evaluate(_ text: String, multipliesLikeUnits: Bool = false) throws(Failure) -> Measure {
        try evaluate(text, multipliesLikeUnits: multipliesLikeUnits) { path in
            .failure(.init(message: "{\(path)} is not a reference here", offset: 0))
        }
    }

    private struct Parser {
        let characters: [Character]
        let multipliesLikeUnits: Bool
        let reference: (String) -> Result<Measure, Failure>
        var position = 0

        mutating func skipSpaces() {
            while position < characters.count, characters[position].isWhitespace { position += 1 }
        }

        mutating func expression(depth: Int) throws(Failure) -> Measure {
            var left = try term(depth: depth)
            while true {
                skipSpaces()
                guard position < characters.count, characters[position] == "+" || characters[position] == "-" else {
                    return left
                }
                let operation = characters[position]
                let at = position
                position += 1
                let right = try term(depth: depth)
                // A plain number takes the unit of the measure it is added to (`{size} + 4` on 16px is 20px), as
                // Tokens Studio reads it; two units must be the same.
                guard left.unit == right.unit || left.unit == nil || right.unit == nil else {
                    throw Failure(
                        message:
                            "cannot \(operation == "+" ? "add" : "subtract") \(right.text) \(operation == "+" ? "to" : "from") \(left.text): the units differ",
                        offset: at)
                }
                let unit = left.unit ?? right.unit
                left = Measure(operation == "+" ? left.number + right.number : left.number - right.number, unit: unit)
            }
        }

        mutating func term(depth: Int) throws(Failure) -> Measure {
            var left = try factor(depth: depth)
            while true {
                skipSpaces()
                guard position < characters.count, characters[position] == "*" || characters[position] == "/" else {
                    return left
                }
                let operation = characters[position]
                let at = position
                position += 1
                let right = try factor(depth: depth)
                if operation == "*" {
                    guard left.unit == nil || right.unit == nil || (multipliesLikeUnits && left.unit == right.unit)
                    else {
                        throw Failure(
                            message:
                                "cannot multiply \(left.text) by \(right.text): at most one of them may have a unit",
                            offset: at)
                    }
                    left = Measure(left.number * right.number, unit: left.unit ?? right.unit)
                } else {
                    guard !right.number.isZero else { throw Failure(message: "division by zero", offset: at) }
                    if let unit = right.unit, unit != left.unit {
                        throw Failure(
                            message:
                                "cannot divide \(left.text) by \(right.text): divide by a plain number or by the same unit",
                            offset: at)
                    }
                    left = Measure(left.number / right.number, unit: right.unit == nil ? left.unit : nil)
                }
            }
        }

        mutating func factor(depth: Int) throws(Failure) -> Measure {
            guard depth < ValueExpression.maximumDepth else {
                throw Failure(
                    message: "the expression nests deeper than \(ValueExpression.maximumDepth) levels", offset: position
                )
            }
            skipSpaces()
            guard position < characters.count else {
                throw Failure(
                    message: "the expression ends where a number or a reference was expected", offset: position)
            }
            if characters[position] == "-" || characters[position] == "+" {
                let negative = characters[position] == "-"
                position += 1
                var value = try factor(depth: depth + 1)
                if negative { value.number = -value.number }
                return value
            }
            let base = try primary(depth: depth)
            skipSpaces()
            guard position < characters.count, characters[position] == "^" else { return base }
            let at = position
            position += 1
            return try power(base, try factor(depth: depth + 1), at: at)
        }

        /// `base ^ exponent` and `pow(base, exponent)`: the base's unit kept, the exponent a plain number.
        func power(_ base: Measure, _ exponent: Measure, at offset: Int) throws(Failure) -> Measure {
            guard exponent.unit == nil else {
                throw Failure(
                    message: "cannot raise \(base.text) to \(exponent.text): a power is a plain number", offset: offset)
            }
            guard let power = base.number.raised(to: exponent.number) else {
                throw Failure(message: "\(base.text) ^ \(exponent.text) is not a real number", offset: offset)
            }
            return Measure(power, unit: base.unit)
        }

        /// A number, a reference, a function's call or an expression in parentheses.
        mutating func primary(depth: Int) throws(Failure) -> Measure {
            switch characters[position] {
            case "(":
                let open = position
                position += 1
                let value = try expression(depth: depth + 1)
                skipSpaces()
                guard position < characters.count, characters[position] == ")" else {
                    throw Failure(message: "the \"(\" at \(open + 1) is not closed", offset: open)
                }
                position += 1
                return value
            case "{":
                let start = position
                guard let end = characters[start...].firstIndex(of: "}") else {
                    throw Failure(message: "the \"{\" at \(start + 1) is not closed", offset: start)
                }
                position = end + 1
                let path = String(characters[(start + 1)..<end])
                switch reference(path) {
                case .success(let measure): return measure
                case .failure(var failure):
                    failure.offset = start
                    throw failure
                }
            case let character where character.isNumber || character == ".":
                return try number()
            case let character where character.isLetter:
                return try call(depth: depth)
            case let character:
                throw Failure(
                    message: "unexpected \"\(character)\"; expected a number, a reference or \"(\"", offset: position)
            }
        }

        /// `floor(x)`, `ceil(x)`, `round(x)`, `roundTo(x, digits)` (`digits` 0 when left out), `abs(x)`, `pow(x, y)`, `min(a, b, …)`,
        /// `max(a, b, …)`; a measure keeps its unit, and `min` and `max` take measures of one unit (or plain numbers
        /// beside them).
        mutating func call(depth: Int) throws(Failure) -> Measure {
            let start = position
            while position < characters.count, characters[position].isLetter { position += 1 }
            let name = String(characters[start..<position])
            guard ValueExpression.functions.contains(name), position < characters.count, characters[position] == "("
            else {
                throw Failure(
                    message:
                        "unknown function or word \"\(name)\"; arithmetic may call \(ValueExpression.functions.sorted().joined(separator: ", "))",
                    offset: start)
            }
            position += 1
            var arguments: [Measure] = []
            while true {
                arguments.append(try expression(depth: depth + 1))
                skipSpaces()
                guard position < characters.count else {
                    throw Failure(message: "the \"(\" of \(name) is not closed", offset: start)
                }
                if characters[position] == "," {
                    position += 1
                    continue
                }
                guard characters[position] == ")" else {
                    throw Failure(
                        message:
                            "unexpected \"\(characters[position])\" in the arguments of \(name); expected \",\" or \")\"",
                        offset: position)
                }
                position += 1
                break
            }
            let expected = ["min": 1...Int.max, "max": 1...Int.max, "roundTo": 1...2, "pow": 2...2][name] ?? 1...1
            guard expected.contains(arguments.count) else {
                throw Failure(
                    message:
                        "\(name) takes \(expected.lowerBound == expected.upperBound ? String(expected.lowerBound) : expected.upperBound == Int.max ? "one or more" : "\(expected.lowerBound) or \(expected.upperBound)") argument\(expected.upperBound == 1 ? "" : "s"), found \(arguments.count)",
                    offset: start)
            }
            let first = arguments[0]
            switch name {
            case "floor": return Measure(first.number.floor, unit: first.unit)
            case "ceil": return Measure(first.number.ceiling, unit: first.unit)
            case "round": return Measure(first.number.rounded, unit: first.unit)
            case "abs": return Measure(first.number.magnitude, unit: first.unit)
            case "pow": return try power(first, arguments[1], at: start)
            case "roundTo":
                // Without a number of digits, to a whole number.
                let digitsArgument = arguments.count > 1 ? arguments[1] : Measure(ExactNumber(0), unit: nil)
                guard digitsArgument.unit == nil, let digits = digitsArgument.number.integer, (0...15).contains(digits)
                else {
                    throw Failure(
                        message: "roundTo's second argument is a whole number of digits from 0 to 15", offset: start)
                }
                return Measure(first.number.rounded(toDecimalPlaces: digits), unit: first.unit)
            default:
                let units = Set(arguments.compactMap(\.unit))
                guard units.count <= 1 else {
                    throw Failure(
                        message: "\(name) of \(arguments.map(\.text).joined(separator: ", ")): the units differ",
                        offset: start)
                }
                let values = arguments.map(\.number)
                return Measure((name == "min" ? values.min() : values.max())!, unit: units.first)
            }
        }

        /// `4`, `1.5`, `.5`, `2e3`, with a unit of letters or `%` after it.
        mutating func number() throws(Failure) -> Measure {
            let start = position
            while position < characters.count, characters[position].isNumber || characters[position] == "." {
                position += 1
            }
            if position < characters.count, characters[position] == "e" || characters[position] == "E",
                position + 1 < characters.count,
                characters[position + 1].isNumber || characters[position + 1] == "-" || characters[position + 1] == "+"
            {
                position += 2
                while position < characters.count, characters[position].isNumber { position += 1 }
            }
            guard let value = ExactNumber(decimal: Substring(String(characters[start..<position]))) else {
                throw Failure(message: "\"\(String(characters[start..<position]))\" is not a number", offset: start)
            }
            let unitStart = position
            while position < characters.count, characters[position].isLetter || characters[position] == "%" {
                position += 1
            }
            return Measure(value, unit: position > unitStart ? String(characters[unitStart..<position]) : nil)
        }
    }
}
