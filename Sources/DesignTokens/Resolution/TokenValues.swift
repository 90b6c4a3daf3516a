/// The resolved values of a set's tokens, by token id: each value stored once, for the token that has it as its
/// own (a literal, or a value built from references), and none for the whole-value aliases that share another's
/// (``Resolver/valueSources``).
///
/// What every token pays for is its slot, a plain `Int32`, made and freed without touching a value; the values
/// themselves are packed one after another, as many as there are tokens with a value of their own.
struct TokenValues: Sendable {
    /// Each token's value's position in `storage`, or -1 when it has none of its own (yet).
    private var slots: [Int32]
    private var storage: [TokenValue] = []

    /// No values, for `count` tokens.
    init(count: Int) {
        slots = [Int32](repeating: -1, count: count)
    }

    /// The value of a token as its own, or nil (an alias, a token not resolved).
    subscript(id: Int) -> TokenValue? {
        let slot = slots[id]
        return slot < 0 ? nil : storage[Int(slot)]
    }

    /// Sets the value of a token, which had none. Each token gets its value once, so `storage` holds no value
    /// no token has.
    mutating func set(_ value: TokenValue, for id: Int) {
        precondition(slots[id] < 0, "a token's value is set once")
        slots[id] = Int32(storage.count)
        storage.append(value)
    }
}
