/// Deterministic synthetic DTCG token sets, the shape of a large design system: for the benchmark
/// (`theme-bench`) and for the tests that check resolution of big sets against a naive resolver.
///
/// A set of `count` tokens has:
/// - about 20 % primitives under `core.<type>.<family>.<n>`, of mixed types: hex colours, colour objects
///   (Display P3 greys with their hex fallback), dimensions, numbers, durations, font weights (numbers and keywords), and
///   composites (border, shadow, typography, transition) whose members refer to primitives or are literal;
/// - the rest aliases under `brand-<b>.<mode>.<density>.<type>.<name>`, each `{…}` pointing at a token one level down, so
///   alias chains are 1 to 5 deep;
/// - `$type` on the type groups, on some tokens themselves, and a `$description` on some.
///
/// The override theme re-points about 5 % of the tokens: aliases to another token of the level below, and
/// primitives to new literal values. Everything comes from one seeded PRNG, so a (count, seed) pair always gives
/// the same bytes. This target depends on nothing, so the tests can check the engine against it independently.
public struct TokenSet: Sendable {
    /// A JSON value as the generator writes it.
    public indirect enum JSON: Sendable, Equatable {
        case string(String)
        case number(Double)
        case object([Member])
        case array([JSON])

        public struct Member: Sendable, Equatable {
            public var key: String
            public var value: JSON
            public init(_ key: String, _ value: JSON) {
                self.key = key
                self.value = value
            }
        }

        /// The value of member `key` of an object.
        public subscript(key: String) -> JSON? {
            guard case .object(let members) = self else { return nil }
            return members.last(where: { $0.key == key })?.value
        }
    }

    /// One token as a file writes it.
    public struct Token: Sendable {
        /// The dotted path, `brand-2.dark.color.n17`.
        public var path: String
        /// The type the token has: its own `$type`, its group's, or (for an alias) its target's.
        public var type: String
        /// The written `$value`: a literal, a `"{path}"` alias, or a composite whose members may be aliases.
        public var value: JSON
        /// Whether `$type` is written on the token itself.
        public var writesType: Bool
        public var description: String?
    }

    /// The kinds of primitive values, with their DTCG `$type`.
    public static let types = [
        "color", "dimension", "number", "duration", "fontWeight", "border", "shadow", "typography", "transition",
    ]

    /// The base file's tokens, in file order.
    public private(set) var base: [Token] = []
    /// The override theme's tokens, in file order (each one overrides a base token of the same path).
    public private(set) var theme: [Token] = []

    /// Generates a set of about `count` tokens (exactly `count`), deterministically from `seed`.
    public init(count: Int, seed: UInt64 = 0x5EED_2025_10) {
        var random = SplitMix64(seed: seed ^ UInt64(count))
        let primitiveCount = max(count / 5, Self.types.count)
        let aliasCount = max(count - primitiveCount, 0)

        // Primitives, by type: simple types most, composites fewer.
        let weights: [(String, Int)] = [
            ("color", 34), ("dimension", 20), ("number", 10), ("duration", 8), ("fontWeight", 8),
            ("border", 6), ("shadow", 6), ("typography", 5), ("transition", 3),
        ]
        let totalWeight = weights.reduce(0) { $0 + $1.1 }
        // levels[d][type] = paths of tokens at alias depth d (0: primitives) of that type.
        var levels: [[String: [Int]]] = Array(repeating: [:], count: 6)
        var tokens: [Token] = []
        tokens.reserveCapacity(count)
        // Paths of the primitives by type, for composites to refer to.
        var primitivePaths: [String: [String]] = [:]
        var made = 0
        for (typeIndex, (type, weight)) in weights.enumerated() {
            let share =
                typeIndex == weights.count - 1 ? primitiveCount - made : max(1, primitiveCount * weight / totalWeight)
            made += share
            for n in 0..<share {
                let family = Self.families[n % Self.families.count]
                let path = "core.\(type).\(family).\(n / Self.families.count * 10 + 50)"
                let value = Self.literal(type, primitives: primitivePaths, random: &random)
                levels[0][type, default: []].append(tokens.count)
                primitivePaths[type, default: []].append(path)
                tokens.append(
                    Token(
                        path: path, type: type, value: value, writesType: false,
                        description: random.below(10) == 0 ? "Primitive \(type) \(family) \(n)." : nil))
            }
        }

        // Aliases: depth 1 to 5, each pointing at a token of the same type one level down.
        let depthShares = [35, 25, 20, 12, 8]
        let brands = max(1, count / 12_500)
        let modes = ["light", "dark", "high-contrast"]
        let densities = ["compact", "comfortable", "spacious"]
        var groupCounters: [String: Int] = [:]
        var depthCounts = depthShares.map { aliasCount * $0 / 100 }
        depthCounts[0] += aliasCount - depthCounts.reduce(0, +)
        // Interleave depths (1 2 3 1 2 …) so a group mixes them, but keep each target one level down.
        var aliasOrder: [Int] = []
        aliasOrder.reserveCapacity(aliasCount)
        var remaining = depthCounts
        var depthCursor = 0
        while aliasOrder.count < aliasCount {
            if remaining[depthCursor] > 0 {
                aliasOrder.append(depthCursor + 1)
                remaining[depthCursor] -= 1
            }
            depthCursor = (depthCursor + 1) % 5
        }
        for depth in aliasOrder {
            var type = Self.pickType(weights, total: totalWeight, random: &random)
            // The level below may not have this type yet (deep levels fill as we go): fall back to one that does.
            var below = levels[depth - 1][type] ?? []
            if below.isEmpty {
                guard let other = weights.map(\.0).first(where: { !(levels[depth - 1][$0] ?? []).isEmpty }) else {
                    continue
                }
                type = other
                below = levels[depth - 1][type]!
            }
            let target = below[random.below(below.count)]
            let group =
                "brand-\(random.below(brands)).\(modes[random.below(modes.count)]).\(densities[random.below(densities.count)]).\(type)"
            let number = groupCounters[group, default: 0]
            groupCounters[group] = number + 1
            levels[depth][type, default: []].append(tokens.count)
            tokens.append(
                Token(
                    path: "\(group).\(Self.roles[number % Self.roles.count])-\(number / Self.roles.count)", type: type,
                    value: .string("{\(tokens[target].path)}"), writesType: random.below(8) == 0,
                    description: random.below(20) == 0 ? "Alias \(number) of \(group)." : nil))
        }
        base = tokens
        var depthOf = [Int](repeating: 0, count: tokens.count)
        for (depth, level) in levels.enumerated() { for ids in level.values { for id in ids { depthOf[id] = depth } } }
        self.levels = levels
        self.depthOf = depthOf
        self.primitivePaths = primitivePaths
        theme = overrides(&random)
    }

    /// Tokens at each alias depth (0: primitives), by type: what an override may point at.
    private var levels: [[String: [Int]]] = []
    /// Each base token's alias depth.
    private var depthOf: [Int] = []
    /// The primitives' paths by type, for composites to refer to.
    private var primitivePaths: [String: [String]] = [:]

    /// An override of about 5 % of the base tokens, drawn from `random`: aliases re-pointed to another token of
    /// the level below, primitives given new literal values; in base file order.
    public func overrides(_ random: inout SplitMix64) -> [Token] {
        var chosen = Set<Int>()
        let overrideCount = max(1, base.count / 20)
        while chosen.count < overrideCount { chosen.insert(random.below(base.count)) }
        return chosen.sorted().map { id in
            var token = base[id]
            token.description = nil
            token.writesType = false
            let depth = depthOf[id]
            if depth == 0 {
                token.value = Self.literal(token.type, primitives: primitivePaths, random: &random)
            } else {
                let below = levels[depth - 1][token.type]!
                token.value = .string("{\(base[below[random.below(below.count)]].path)}")
            }
            return token
        }
    }

    // MARK: Writing

    /// The base file, pretty-printed DTCG JSON.
    public var baseJSON: [UInt8] { Self.write(base, groupTypes: true, description: "Synthetic base token set.") }

    /// The override theme, pretty-printed DTCG JSON.
    public var themeJSON: [UInt8] { Self.overrideJSON(theme, description: "Synthetic theme re-pointing some tokens.") }

    /// Override tokens (``overrides(_:)``), pretty-printed DTCG JSON.
    public static func overrideJSON(_ tokens: [Token], description: String) -> [UInt8] {
        write(tokens, groupTypes: false, description: description)
    }

    private static func write(_ tokens: [Token], groupTypes: Bool, description: String) -> [UInt8] {
        // The type group is the token's parent (it gets `$type`). Build the tree in first-seen order.
        final class Node {
            var names: [String] = []
            var children: [String: Node] = [:]
            var token: Int?
            var type: String?
        }
        let root = Node()
        for (id, token) in tokens.enumerated() {
            var node = root
            let segments = token.path.split(separator: ".").map(String.init)
            for (depth, segment) in segments.enumerated() {
                if let child = node.children[segment] {
                    node = child
                } else {
                    let child = Node()
                    node.children[segment] = child
                    node.names.append(segment)
                    node = child
                }
                if depth == segments.count - 2, groupTypes { node.type = token.type }
            }
            node.token = id
        }
        var out: [UInt8] = []
        out.reserveCapacity(tokens.count * 100)
        func indent(_ depth: Int) {
            out.append(0x0A)
            for _ in 0..<depth {
                out.append(0x20)
                out.append(0x20)
            }
        }
        func writeNode(_ node: Node, depth: Int, description: String?) {
            out.append(UInt8(ascii: "{"))
            var first = true
            func member(_ key: String) {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                indent(depth + 1)
                writeString(key, into: &out)
                out.append(contentsOf: ": ".utf8)
            }
            if let description {
                member("$description")
                writeString(description, into: &out)
            }
            if let type = node.type {
                member("$type")
                writeString(type, into: &out)
            }
            for name in node.names {
                let child = node.children[name]!
                member(name)
                if let id = child.token {
                    let token = tokens[id]
                    out.append(UInt8(ascii: "{"))
                    if token.writesType {
                        out.append(contentsOf: "\"$type\": ".utf8)
                        writeString(token.type, into: &out)
                        out.append(contentsOf: ", ".utf8)
                    }
                    out.append(contentsOf: "\"$value\": ".utf8)
                    writeJSON(token.value, into: &out)
                    if let description = token.description {
                        out.append(contentsOf: ", \"$description\": ".utf8)
                        writeString(description, into: &out)
                    }
                    out.append(UInt8(ascii: "}"))
                } else {
                    writeNode(child, depth: depth + 1, description: nil)
                }
            }
            indent(depth)
            out.append(UInt8(ascii: "}"))
        }
        writeNode(root, depth: 0, description: description)
        out.append(0x0A)
        return out
    }

    /// Compact JSON for a value: `{"value": 4, "unit": "px"}`.
    public static func writeJSON(_ value: JSON, into out: inout [UInt8]) {
        switch value {
        case .string(let text): writeString(text, into: &out)
        case .number(let number): out.append(contentsOf: format(number).utf8)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(contentsOf: ", ".utf8) }
                writeJSON(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(contentsOf: ", ".utf8) }
                writeString(member.key, into: &out)
                out.append(contentsOf: ": ".utf8)
                writeJSON(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The generator only writes plain ASCII text: no escapes needed.
    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: text.utf8)
        out.append(UInt8(ascii: "\""))
    }

    /// `16`, `0.25`: integers without a fraction.
    public static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
    }

    // MARK: Values

    private static let families = ["blue", "red", "green", "amber", "neutral", "violet", "teal", "pink"]
    private static let roles = [
        "surface-raised", "text-secondary", "border-subtle", "accent-emphasis", "muted-foreground", "subtle-background",
        "strong-outline", "hover-overlay", "pressed-overlay", "focus-ring", "disabled-content", "inverse-surface",
    ]
    private static let weightKeywords = [
        "thin", "light", "normal", "medium", "semi-bold", "bold", "extra-bold", "black",
    ]
    private static let fonts = ["Inter", "IBM Plex Sans", "Source Serif 4", "JetBrains Mono"]

    private static func pickType(_ weights: [(String, Int)], total: Int, random: inout SplitMix64) -> String {
        var pick = random.below(total)
        for (type, weight) in weights {
            if pick < weight { return type }
            pick -= weight
        }
        return weights[0].0
    }

    /// A literal value of `type`; composites refer to simple primitives already made, or are written out.
    private static func literal(_ type: String, primitives: [String: [String]], random: inout SplitMix64) -> JSON {
        func hexColor() -> JSON {
            let digits = Array("0123456789abcdef")
            var text = "#"
            for _ in 0..<6 { text.append(digits[random.below(16)]) }
            return .string(text)
        }
        func color() -> JSON {
            if random.below(5) > 0 { return hexColor() }
            // A Display P3 colour with its sRGB fallback, written in the order the engine writes it back. A grey,
            // which is the same grey in sRGB (the two spaces share their white and transfer function): so its
            // fallback is exact, and what the engine converts it to is known without converting.
            let level = random.below(256)
            let digits = Array("0123456789abcdef")
            let byte = String([digits[level >> 4], digits[level & 0xF]])
            let components = Array(repeating: JSON.number(Double(level) / 255), count: 3)
            return .object([
                .init("colorSpace", .string("display-p3")), .init("components", .array(components)),
                .init("hex", .string("#" + byte + byte + byte)),
            ])
        }
        func dimension(max: Int = 64) -> JSON {
            random.below(4) == 0
                ? .object([
                    .init("value", .number(Double(random.below(max * 4)) / 4 / 16)), .init("unit", .string("rem")),
                ])
                : .object([.init("value", .number(Double(random.below(max + 1)))), .init("unit", .string("px"))])
        }
        func duration() -> JSON {
            random.below(5) == 0
                ? .object([.init("value", .number(Double(random.below(20)) / 10)), .init("unit", .string("s"))])
                : .object([.init("value", .number(Double(random.below(60) * 10))), .init("unit", .string("ms"))])
        }
        /// A member of a composite: a reference to a primitive of `type` (when there is one), or a literal.
        func member(_ type: String, _ literal: () -> JSON) -> JSON {
            if let pool = primitives[type], !pool.isEmpty, random.below(2) == 0 {
                return .string("{\(pool[random.below(pool.count)])}")
            }
            return literal()
        }
        switch type {
        case "color": return color()
        case "dimension": return dimension()
        case "number": return .number(Double(random.below(400)) / 100)
        case "duration": return duration()
        case "fontWeight":
            return random.below(2) == 0
                ? .number(Double(random.below(9) + 1) * 100)
                : .string(weightKeywords[random.below(weightKeywords.count)])
        case "border":
            return .object([
                .init("color", member("color", color)),
                .init("width", member("dimension") { dimension(max: 4) }),
                .init("style", .string(["solid", "dashed", "dotted"][random.below(3)])),
            ])
        case "shadow":
            return .object([
                .init("color", member("color", color)),
                .init("offsetX", dimension(max: 8)),
                .init("offsetY", member("dimension") { dimension(max: 8) }),
                .init("blur", dimension(max: 24)),
                .init("spread", dimension(max: 4)),
            ])
        case "typography":
            return .object([
                .init("fontFamily", .string(fonts[random.below(fonts.count)])),
                .init("fontSize", member("dimension") { dimension(max: 48) }),
                .init("fontWeight", member("fontWeight") { .number(Double(random.below(9) + 1) * 100) }),
                .init("letterSpacing", dimension(max: 2)),
                .init("lineHeight", .number(Double(100 + random.below(100)) / 100)),
            ])
        case "transition":
            return .object([
                .init("duration", member("duration", duration)),
                .init("delay", duration()),
                .init(
                    "timingFunction",
                    .array([.number(0.25), .number(Double(random.below(11)) / 10), .number(0.5), .number(1)])),
            ])
        default:
            fatalError("no literal for \(type)")
        }
    }
}

/// SplitMix64: small, fast, and the same on every platform.
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound > 0).
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
