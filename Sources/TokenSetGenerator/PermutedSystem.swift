/// A synthetic design system of themes as permutations, written as a DTCG resolver document: a ``TokenSet``'s
/// base file, and modifiers `brand` (5 contexts), `mode` (light, dark) and `contrast` (normal, high) whose every
/// context is a file overriding about 5 % of the base tokens (``TokenSet/overrides(_:)``): 20 permutations.
/// Deterministic, like the set it grows from.
public struct PermutedSystem: Sendable {
    /// One modifier: its name and its contexts, each with the tokens its file overrides.
    public struct Modifier: Sendable {
        public var name: String
        public var contexts: [(name: String, tokens: [TokenSet.Token])]
    }

    public let set: TokenSet
    /// The modifiers, in resolution order, each after the base set.
    public let modifiers: [Modifier]

    /// The base file's name beside the resolver document.
    public static let baseFile = "tokens.json"
    /// The resolver document's file name.
    public static let resolverFile = "themes.resolver.json"

    public init(count: Int, seed: UInt64 = 0x5EED_2025_10) {
        let set = TokenSet(count: count, seed: seed)
        self.set = set
        var random = SplitMix64(seed: seed ^ 0xC0_47E7 ^ UInt64(count))
        let shape = [
            ("brand", (0..<5).map { "b\($0)" }), ("mode", ["light", "dark"]), ("contrast", ["normal", "high"]),
        ]
        modifiers = shape.map { name, contexts in
            Modifier(name: name, contexts: contexts.map { ($0, set.overrides(&random)) })
        }
    }

    /// The file a context's tokens are written to: `brand-b0.json`.
    public static func fileName(modifier: String, context: String) -> String { "\(modifier)-\(context).json" }

    /// Every file of the system, by name: the base set, one per context, and the resolver document.
    public func files() -> [(name: String, bytes: [UInt8])] {
        var files = [(Self.baseFile, set.baseJSON)]
        for modifier in modifiers {
            for context in modifier.contexts {
                files.append(
                    (
                        Self.fileName(modifier: modifier.name, context: context.name),
                        TokenSet.overrideJSON(
                            context.tokens, description: "Synthetic \(modifier.name) \(context.name).")
                    ))
            }
        }
        files.append((Self.resolverFile, resolverJSON()))
        return files
    }

    /// The permutation's contexts, by modifier name, in resolution order; those `input` leaves out take the first.
    public func overrides(for input: [String: String]) -> [[TokenSet.Token]] {
        modifiers.map { modifier in
            let chosen = input[modifier.name] ?? modifier.contexts[0].name
            return modifier.contexts.first { $0.name == chosen }!.tokens
        }
    }

    /// Every permutation's input, the last modifier varying fastest.
    public var permutations: [[String: String]] {
        modifiers.reduce([[:]]) { inputs, modifier in
            inputs.flatMap { input in modifier.contexts.map { input.merging([modifier.name: $0.name]) { $1 } } }
        }
    }

    private func resolverJSON() -> [UInt8] {
        func reference(_ target: String) -> TokenSet.JSON { .object([.init("$ref", .string(target))]) }
        let document = TokenSet.JSON.object([
            .init("name", .string("Synthetic permutations")),
            .init("version", .string("2025.10")),
            .init("sets", .object([.init("base", .object([.init("sources", .array([reference(Self.baseFile)]))]))])),
            .init(
                "modifiers",
                .object(
                    modifiers.map { modifier in
                        .init(
                            modifier.name,
                            .object([
                                .init(
                                    "contexts",
                                    .object(
                                        modifier.contexts.map { context in
                                            .init(
                                                context.name,
                                                .array([
                                                    reference(
                                                        Self.fileName(modifier: modifier.name, context: context.name))
                                                ]))
                                        })),
                                .init("default", .string(modifier.contexts[0].name)),
                            ]))
                    })),
            .init(
                "resolutionOrder",
                .array([reference("#/sets/base")] + modifiers.map { reference("#/modifiers/\($0.name)") })),
        ])
        var out: [UInt8] = []
        TokenSet.writeJSON(document, into: &out)
        out.append(0x0A)
        return out
    }
}
