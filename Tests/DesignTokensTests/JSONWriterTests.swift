import Testing
import ThemeEngineTestSupport

@testable import DesignTokens
@_spi(Engine) @testable import TokenJSON

/// One value and the text the pretty and the compact writer must give for it.
struct ArrayLayoutCase: Sendable, CustomTestStringConvertible {
    var name: String
    var value: JSONValue
    var pretty: String
    var compact: String

    init(_ name: String, _ value: JSONValue, pretty: String, compact: String) {
        self.name = name
        self.value = value
        self.pretty = pretty
        self.compact = compact
    }

    var testDescription: String { name }
}

/// ``JSONWriter``'s layout of arrays: since the writer joins an array's lines when it closes (instead of deciding
/// before writing it), the rule it must keep is the old one: an array whose elements are all scalars is written
/// `[a, b]` on one line; any other array one element per line.
@Suite("JSON writer: array layout")
struct JSONWriterTests {
    static let cases: [ArrayLayoutCase] = [
        ArrayLayoutCase("an empty array", .array([]), pretty: "[]", compact: "[]"),
        ArrayLayoutCase("one scalar", .array([.number(1)]), pretty: "[1]", compact: "[1]"),
        ArrayLayoutCase("an array holding an empty array", .array([.array([])]), pretty: "[\n  []\n]", compact: "[[]]"),
        ArrayLayoutCase(
            "an array holding an empty object", .array([.object([])]), pretty: "[\n  {}\n]", compact: "[{}]"),
        ArrayLayoutCase(
            "a scalar, then an array of scalars", .array([.number(1), .array([.number(2)])]),
            pretty: "[\n  1,\n  [2]\n]", compact: "[1, [2]]"),
        ArrayLayoutCase(
            "an array of scalars, then a scalar", .array([.array([.number(1), .number(2)]), .number(3)]),
            pretty: "[\n  [1, 2],\n  3\n]", compact: "[[1, 2], 3]"),
        ArrayLayoutCase(
            "an array of one object", .array([jsonObject(("a", .number(1)))]),
            pretty: "[\n  {\n    \"a\": 1\n  }\n]", compact: #"[{"a": 1}]"#),
        // Strings that hold what joining lines removes or adds: commas, spaces, a line break (escaped), indentation.
        ArrayLayoutCase(
            "strings with commas, spaces and an escaped line break",
            .array([.string(" , "), .string("a b"), .string("x\n")]),
            pretty: #"[" , ", "a b", "x\n"]"#, compact: #"[" , ", "a b", "x\n"]"#),
        ArrayLayoutCase(
            "strings that look like the layout",
            .array([.string(",\n    x"), .string("  "), .string(","), .string("")]),
            pretty: #"[",\n    x", "  ", ",", ""]"#, compact: #"[",\n    x", "  ", ",", ""]"#),
        ArrayLayoutCase(
            "every kind of scalar",
            .array([.null, .bool(true), .bool(false), .number(-0.5), .number(1e20), .string("s")]),
            pretty: #"[null, true, false, -0.5, 1e+20, "s"]"#, compact: #"[null, true, false, -0.5, 1e+20, "s"]"#),
        ArrayLayoutCase(
            "arrays of scalars inside objects",
            jsonObject(
                (
                    "a",
                    jsonObject(
                        ("b", .array([.number(1), .number(2), .number(3)])),
                        ("c", .array([.bool(true), .null, .string("s")])))
                ),
                ("d", .array([]))),
            pretty: """
                {
                  "a": {
                    "b": [1, 2, 3],
                    "c": [true, null, "s"]
                  },
                  "d": []
                }
                """,
            compact: #"{"a": {"b": [1, 2, 3], "c": [true, null, "s"]}, "d": []}"#),
        ArrayLayoutCase(
            "deeper indentation",
            .array([
                .array([.array([.number(1), .number(2)]), .array([.number(3)])]),
                jsonObject(("x", .array([.array([.number(4)])]))),
            ]),
            pretty: """
                [
                  [
                    [1, 2],
                    [3]
                  ],
                  {
                    "x": [
                      [4]
                    ]
                  }
                ]
                """,
            compact: #"[[[1, 2], [3]], {"x": [[4]]}]"#),
        ArrayLayoutCase(
            "an array of scalars four levels down, beside an object",
            jsonObject(
                (
                    "a",
                    jsonObject(
                        (
                            "b",
                            jsonObject(
                                ("c", .array([.string("p, q"), .number(0.25)])),
                                ("d", .array([jsonObject(("e", .array([.number(5), .number(6)])))])))
                        ))
                )),
            pretty: """
                {
                  "a": {
                    "b": {
                      "c": ["p, q", 0.25],
                      "d": [
                        {
                          "e": [5, 6]
                        }
                      ]
                    }
                  }
                }
                """,
            compact: #"{"a": {"b": {"c": ["p, q", 0.25], "d": [{"e": [5, 6]}]}}}"#),
        ArrayLayoutCase(
            "a colour's components beside its other members",
            jsonObject(
                ("colorSpace", .string("oklch")),
                ("components", .array([.number(0.7), .string("none"), .number(200)])), ("alpha", .number(0.5))),
            pretty: """
                {
                  "colorSpace": "oklch",
                  "components": [0.7, "none", 200],
                  "alpha": 0.5
                }
                """,
            compact: #"{"colorSpace": "oklch", "components": [0.7, "none", 200], "alpha": 0.5}"#),
    ]

    @Test("the pretty writer puts arrays of scalars on one line and other arrays one element a line", arguments: cases)
    func pretty(_ layout: ArrayLayoutCase) {
        var writer = JSONWriter()
        writer.value(layout.value)
        #expect(text(writer.finish()) == layout.pretty + "\n")
    }

    @Test("the compact writer puts everything on one line", arguments: cases)
    func compact(_ layout: ArrayLayoutCase) {
        var writer = JSONWriter.compact()
        writer.value(layout.value)
        #expect(text(writer.bytes) == layout.compact)
    }

    /// Values written one after another as members of an object, the way the flat output renders its values:
    /// an array joined late must not reach back into what was written before it.
    @Test("arrays joined after other members leave those members as written")
    func joinAfterOtherMembers() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.string("x,")
        writer.endArray()
        writer.key("b")
        writer.beginArray()
        writer.beginArray()
        writer.number(1)
        writer.number(2)
        writer.endArray()
        writer.beginArray()
        writer.endArray()
        writer.endArray()
        writer.key("c")
        writer.beginArray()
        writer.number(3)
        writer.endArray()
        writer.endObject()
        #expect(
            text(writer.finish()) == "{\n  \"a\": [\"x,\"],\n  \"b\": [\n    [1, 2],\n    []\n  ],\n  \"c\": [3]\n}\n")
    }

    /// Random values (a fixed seed, so every run writes the same ones) against the old rule, written out
    /// independently here: arrays of scalars as the compact writer writes them, everything else one member or
    /// element a line, indented by two spaces.
    @Test("random values are laid out by the old rule")
    func randomValuesFollowTheOldRule() {
        var generator = SplitMix(state: 0x5EED)
        for _ in 0..<3_000 {
            let value = Self.randomValue(&generator, depth: 0)
            var writer = JSONWriter()
            writer.value(value)
            var expected = ""
            Self.oldRule(value, depth: 0, into: &expected)
            let written = text(writer.bytes)
            if written != expected {
                Issue.record(
                    "the writer and the old rule differ for \(value):\n\(written)\n--- old rule ---\n\(expected)")
                return
            }
        }
    }

    /// A value written as a member `depth` objects deep, and where its own bytes lie in what was written.
    private static func written(_ value: JSONValue, depth: Int, copying earlier: (bytes: [UInt8], depth: Int)? = nil)
        -> (all: String, value: [UInt8])
    {
        var writer = JSONWriter()
        for _ in 0..<depth {
            writer.beginObject()
            writer.key("k")
        }
        writer.beginObject()
        writer.key("value")
        let start = writer.bytes.count
        if let earlier {
            earlier.bytes.withUnsafeBufferPointer { writer.repeatValue($0, depthChange: depth - earlier.depth) }
        } else {
            writer.value(value)
        }
        let end = writer.bytes.count
        for _ in 0...depth { writer.endObject() }
        return (text(writer.bytes), Array(writer.bytes[start..<end]))
    }

    /// `repeatValue` copies bytes written at one depth to another, re-indenting them; the result must be what
    /// writing the value there gives (strings with line breaks, non-ASCII, empty and nested containers included).
    @Test("a value copied to another depth is laid out as writing it there lays it out")
    func repeatedAtAnotherDepth() {
        var generator = SplitMix(state: 0xDE_97A5)
        for _ in 0..<1_000 {
            let value = Self.randomValue(&generator, depth: 0)
            let from = Int.random(in: 0..<6, using: &generator)
            let to = Int.random(in: 0..<6, using: &generator)
            let earlier = Self.written(value, depth: from)
            let copied = Self.written(value, depth: to, copying: (earlier.value, from))
            let direct = Self.written(value, depth: to)
            if copied.all != direct.all {
                Issue.record(
                    "copied from depth \(from) to \(to), \(value):\n\(copied.all)\n--- written there ---\n\(direct.all)"
                )
                return
            }
        }
    }

    /// Deep nesting: the writer makes room for each value's indentation before writing it.
    @Test("values nested 40 levels deep are indented as the old rule indents them")
    func deepNesting() {
        var value = jsonObject(("leaf", .array([.number(1), .object([])])))
        for depth in 0..<40 { value = depth.isMultiple(of: 2) ? .array([value, .null]) : jsonObject(("level", value)) }
        var writer = JSONWriter()
        writer.value(value)
        var expected = ""
        Self.oldRule(value, depth: 0, into: &expected)
        #expect(text(writer.bytes) == expected)
    }

    /// A number with its unit is written straight into the bytes; it must be the string of its text, escaped as any
    /// string is.
    @Test(
        "a number with a unit is the string of the number's text and the unit",
        arguments: [
            (16.0, "px"), (-0.5, "rem"), (-0.0, "px"), (1e-7, "ms"), (1e20, "s"), (0.1, ""), (2, "p\"x\\y\n"),
            (3, "é\u{01}"),
        ])
    func numberWithUnit(_ number: Double, _ unit: String) {
        for makeWriter in [{ JSONWriter() }, { JSONWriter.compact() }] {
            var measured = makeWriter()
            measured.beginArray()
            measured.string(number, unit: unit)
            measured.endArray()
            var joined = makeWriter()
            joined.beginArray()
            joined.string(JSONWriter.format(number, unit: unit))
            joined.endArray()
            #expect(text(measured.bytes) == text(joined.bytes))
        }
    }

    /// Numbers from 10⁻³ to 10⁷ are written without `Double.description` (``JSONWriter/shortDecimal(_:)`` and
    /// ``JSONWriter/longDecimal(_:)``); every number's text, written or made by ``JSONWriter/format(_:)``, must
    /// still be `description`'s (whole numbers without `.0`). Checked
    /// on decimals of one to ten places (the first multiple of a power of ten past a double may read back as a
    /// neighbour, or not), on numbers at random across the range it handles and past its ends, on random bit
    /// patterns, and on the ends themselves and their neighbours.
    @Test("a number is written as its shortest text, as description gives it")
    func numbersAsDescription() {
        var random = SplitMix(state: 0x6E75_6D62)
        var values: [Double] = [
            1e-4, 1e7, 0.1 + 0.2, 0.5, 0.98, 0.421875, 0.03125, 9_999_999.999_999_99, 1.005, 2.675,
            // Just past either end: `description` writes an exponent below 10⁻⁴.
            1e-5, 5e-5, 9.9e-5, 1.5e-6, 12_345_678.5, 10_000_000.5,
        ]
        // Colour components and percentages as tokens hold them (`0.23529411764705882`), which take the long path.
        values += (0...255).map { Double($0) / 255 } + (0...1000).map { Double($0) / 1000 }
        values += (-10...23).map { Double(sign: .plus, exponent: $0, significand: 1) }
        values += values.flatMap { [$0.nextUp, $0.nextDown] }
        for _ in 0..<100_000 {
            // Many digits, or few (which makes small numbers, `0.00005`, near and past the lower end).
            let places = 1 + random.int(10)
            let power = (1...places).reduce(1.0) { power, _ in power * 10 }
            values.append(Double(random.int(1_000_000_000) + 1) / power)
            values.append(Double(random.int(1_000) + 1) / power)
            // From 2⁻²⁰ (about 10⁻⁶) up to 2⁴⁰ (about 10¹²), evenly by binary order of magnitude.
            let significand = 1 + Double(random.next() >> 11) / Double(1 << 53)
            values.append(Double(sign: .plus, exponent: random.int(60) - 20, significand: significand))
            values.append(Double(bitPattern: random.next()))
        }
        var differing: [String] = []
        for value in values + values.map(-) where value.isFinite {
            var writer = JSONWriter.compact()
            writer.number(value)
            let written = text(writer.bytes)
            // `description`'s text, a whole number below 10¹⁵ without `.0` (`-0` as `0`).
            let expected = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : value.description
            if written != expected || JSONWriter.format(value) != expected {
                differing.append("\(written) for \(expected)")
            }
        }
        let count = differing.count
        #expect(count == 0, "numbers that differ from their description, first: \(differing.prefix(5))")
    }

    /// The exact path for numbers with many decimals: the digits `description` gives, across its whole
    /// range by binary order of magnitude, at the powers of two (where the doubles below are twice as dense) and
    /// their neighbours, and where a multiple of 10⁻ᵈ lies halfway between two doubles.
    @Test("a number with many decimals has description's digits, found exactly")
    func longDecimals() throws {
        #expect(JSONWriter.longDecimal(60.0 / 255) ?? (0, 0) == (23_529_411_764_705_882, 17))
        #expect(JSONWriter.longDecimal(0.1 + 0.2) ?? (0, 0) == (30_000_000_000_000_004, 17))
        #expect(JSONWriter.longDecimal(1e7) == nil && JSONWriter.longDecimal(9.99e-4) == nil)
        #expect(JSONWriter.longDecimal(0.5) ?? (0, 0) == (5, 1) && JSONWriter.longDecimal(4096) ?? (0, 0) == (4096, 0))
        var random = SplitMix(state: 0x6C6F_6E67)
        // j / 2²⁰ for odd j just above 10⁻³: at 19 decimals each lies halfway between two candidates, both within
        // half a step of it.
        var values: [Double] = stride(from: 1049, through: 2047, by: 2).map { Double($0) / 1_048_576 }
        for exponent in -10...23 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown, power.nextUp.nextUp]
            for _ in 0..<3_000 {
                values.append(
                    Double(sign: .plus, exponent: exponent, significand: 1 + Double(random.next() >> 11) / 0x1p53))
            }
        }
        var checked = 0
        var differing: [String] = []
        // Those with fewer decimals, whole or not, are the other paths' (``numbersAsDescription()``).
        for value in values
        where value >= 1e-3 && value < 1e7 && value != value.rounded()
            && JSONWriter.shortDecimal(value) == nil
        {
            let expected = value.description
            guard let (digits, decimals) = JSONWriter.longDecimal(value) else {
                differing.append("none for \(expected)")
                continue
            }
            checked += 1
            var writer = JSONWriter.compact()
            writer.number(value)
            if text(writer.bytes) != expected || digits % 10 == 0 {
                differing.append("\(text(writer.bytes)) for \(expected)")
            }
        }
        #expect(checked > 90_000)
        #expect(differing.isEmpty, "first: \(differing.prefix(5))")
    }

    /// A dimension or duration in flat form is its text, as people read it (`description`), on every sink.
    @Test("a dimension or duration in flat form is its description", arguments: [16.0, 0.5, -2, 0.1, 1e-7, 1e20])
    func measuresInFlatForm(_ number: Double) {
        let measures: [(TokenValue, String)] =
            TokenValue.Dimension.Unit.allCases.map {
                (.dimension(.init(number, $0)), TokenValue.Dimension(number, $0).description)
            }
            + TokenValue.Duration.Unit.allCases.map {
                (.duration(.init(number, $0)), TokenValue.Duration(number, $0).description)
            }
        for (value, description) in measures {
            var writer = JSONWriter.compact()
            value.write(to: &writer, form: .flat)
            #expect(text(writer.bytes) == "\"\(description)\"")
            #expect(value.flatJSON == .string(description))
        }
    }

    /// The layout before lines were joined on closing: decided before an array is written.
    static func oldRule(_ value: JSONValue, depth: Int, into out: inout String) {
        func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth) }
        func compact(_ value: JSONValue) -> String {
            var writer = JSONWriter.compact()
            writer.value(value)
            return text(writer.bytes)
        }
        func isScalar(_ value: JSONValue) -> Bool {
            switch value {
            case .array, .object: false
            default: true
            }
        }
        switch value {
        case .array(let elements) where elements.allSatisfy(isScalar):
            out += compact(value)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                out += (index > 0 ? "," : "") + "\n" + indent(depth + 1)
                oldRule(element, depth: depth + 1, into: &out)
            }
            out += "\n" + indent(depth) + "]"
        case .object(let members) where members.isEmpty:
            out += "{}"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                out += (index > 0 ? "," : "") + "\n" + indent(depth + 1) + compact(.string(member.key)) + ": "
                oldRule(member.value, depth: depth + 1, into: &out)
            }
            out += "\n" + indent(depth) + "}"
        default:
            out += compact(value)
        }
    }

    static func randomValue(_ generator: inout SplitMix, depth: Int) -> JSONValue {
        let strings = ["", " ", ", ", "a, b", "\n  x", ",", "[1, 2]", "\"", "\\", "  ", "é", "x\n"]
        let numbers: [Double] = [0, -0.0, 1.5, -3, 1e20, 0.1, 16]
        switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &generator) {
        case 0: return .string(strings.randomElement(using: &generator)!)
        case 1: return .number(numbers.randomElement(using: &generator)!)
        case 2: return Bool.random(using: &generator) ? .bool(true) : .bool(false)
        case 3: return .null
        case 4, 5:
            return .array(
                (0..<Int.random(in: 0..<4, using: &generator)).map { _ in randomValue(&generator, depth: depth + 1) })
        default:
            return .object(
                (0..<Int.random(in: 0..<3, using: &generator)).map { index in
                    .init(strings[index], randomValue(&generator, depth: depth + 1))
                })
        }
    }
}
