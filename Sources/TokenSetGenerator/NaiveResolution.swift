extension TokenSet {
    /// One token of the base set with the theme over it, resolved by ``naiveResolution()``.
    public struct Expected: Sendable {
        public var path: String
        public var type: String
        /// The value as `theme resolve --format flat` writes it: colours as `"#rrggbb"` (a Display P3 grey as its
        /// fallback, which is its exact sRGB), dimensions and durations as `"16px"`, composites as objects of those.
        public var flat: JSON
        /// The tokens a whole-value alias passes through, in order; empty for a literal.
        public var aliasChain: [String]
    }

    /// Every token of the base set with the theme over it (or alone, `withTheme: false`), resolved by a deliberately
    /// naive resolver that shares
    /// nothing with the engine: a dictionary of path to written value, later file over earlier, and recursive
    /// substitution of `{path}` strings. Sorted by the paths' UTF-8 bytes, as the flat output is.
    ///
    /// The tests and `theme-bench` check the engine's output against it.
    public func naiveResolution(withTheme: Bool = true) -> [Expected] {
        naiveResolution(over: withTheme ? [theme] : [])
    }

    /// The base set with each of `overrides` over it in turn, resolved as ``naiveResolution(withTheme:)`` does.
    public func naiveResolution(over overrides: [[Token]]) -> [Expected] {
        var written: [String: Token] = [:]
        for token in base { written[token.path] = token }
        for token in overrides.joined() { written[token.path] = token }
        func target(_ json: JSON) -> String? {
            guard case .string(let text) = json, text.first == "{", text.last == "}" else { return nil }
            return String(text.dropFirst().dropLast())
        }
        func resolve(_ json: JSON, depth: Int = 0) -> JSON {
            precondition(depth < 50, "the generator made a cycle")
            if let path = target(json) { return resolve(written[path]!.value, depth: depth + 1) }
            switch json {
            case .object(let members):
                return .object(members.map { .init($0.key, resolve($0.value, depth: depth + 1)) })
            case .array(let elements): return .array(elements.map { resolve($0, depth: depth + 1) })
            default: return json
            }
        }
        func chain(_ path: String) -> [String] {
            var result: [String] = []
            var current = written[path]!.value
            while let next = target(current) {
                result.append(next)
                current = written[next]!.value
            }
            return result
        }
        return written.values
            .map {
                Expected(
                    path: $0.path, type: $0.type, flat: Self.flat(resolve($0.value), type: $0.type),
                    aliasChain: chain($0.path))
            }
            .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// What `--format flat` writes for a resolved literal of the generator's types.
    private static func flat(_ json: JSON, type: String) -> JSON {
        /// `{"value": 4, "unit": "px"}` → `"4px"`; `0.015625rem`.
        func measure(_ json: JSON?) -> JSON {
            guard case .number(let value)? = json?["value"], case .string(let unit)? = json?["unit"] else {
                preconditionFailure("the generator wrote a measure without a value and unit")
            }
            return .string(format(value) + unit)
        }
        func same(_ json: JSON?) -> JSON {
            guard let json else { preconditionFailure("the generator left out a member") }
            return json
        }
        /// A hex colour as it is; a colour object (a Display P3 grey) as its `hex` fallback.
        func color(_ json: JSON?) -> JSON {
            guard case .object? = json else { return same(json) }
            return same(json?["hex"])
        }
        func members(_ names: [(String, (JSON?) -> JSON)]) -> JSON {
            .object(names.map { name, convert in .init(name, convert(json[name])) })
        }
        switch type {
        case "dimension", "duration": return measure(json)
        case "color": return color(json)
        case "border": return members([("color", color), ("width", measure), ("style", same)])
        case "shadow":
            return members([
                ("color", color), ("offsetX", measure), ("offsetY", measure), ("blur", measure), ("spread", measure),
            ])
        case "typography":
            return members([
                ("fontFamily", same), ("fontSize", measure), ("fontWeight", same), ("letterSpacing", measure),
                ("lineHeight", same),
            ])
        case "transition": return members([("duration", measure), ("delay", measure), ("timingFunction", same)])
        default: return json  // number, fontWeight
        }
    }
}

extension TokenSet {
    /// The bytes `theme resolve --format flat` writes for the base set with the theme over it, made from
    /// ``naiveResolution()`` by a writer of its own: one member per line, indented by two spaces, arrays of
    /// numbers on one line.
    public func expectedFlatJSON() -> [UInt8] {
        expectedFlatJSON(over: [theme])
    }

    /// The flat output for the base set with each of `overrides` over it in turn (``expectedFlatJSON()``).
    public func expectedFlatJSON(over overrides: [[Token]]) -> [UInt8] {
        var out: [UInt8] = []
        func indent(_ depth: Int) {
            out.append(0x0A)
            for _ in 0..<depth { out.append(contentsOf: "  ".utf8) }
        }
        func write(_ value: JSON, depth: Int) {
            switch value {
            case .string, .number:
                Self.writeJSON(value, into: &out)
            case .array(let elements):
                // The generator's arrays in flat form hold numbers only (timing functions).
                Self.writeJSON(.array(elements), into: &out)
            case .object(let members):
                out.append(UInt8(ascii: "{"))
                for (index, member) in members.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    indent(depth + 1)
                    Self.writeJSON(.string(member.key), into: &out)
                    out.append(contentsOf: ": ".utf8)
                    write(member.value, depth: depth + 1)
                }
                if !members.isEmpty { indent(depth) }
                out.append(UInt8(ascii: "}"))
            }
        }
        write(.object(naiveResolution(over: overrides).map { JSON.Member($0.path, $0.flat) }), depth: 0)
        out.append(0x0A)
        return out
    }
}
