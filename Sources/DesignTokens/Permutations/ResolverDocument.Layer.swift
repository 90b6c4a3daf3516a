extension ResolverDocument {
    /// One step of the resolution order: sources layered always, or as the contexts chosen say.
    enum Layer: Sendable {
        /// Sources every permutation layers (a set).
        case set([TokenSource])
        /// The sources of each context of one modifier, by the context's position: those of the context chosen.
        case modifier(index: Int, contexts: [[TokenSource]])
        /// Sources layered when any of several modifiers is at one of the contexts given (modifier → positions of
        /// its contexts): a Tokens Studio set that the themes of more than one group select.
        case selected([TokenSource], when: [Int: Set<Int>])

        /// The modifiers whose contexts decide what this step layers.
        var modifiers: [Int] {
            switch self {
            case .set: []
            case .modifier(let index, _): [index]
            case .selected(_, let condition): condition.keys.sorted()
            }
        }

        /// What this step layers when each modifier is at the context of the position given.
        func sources(choosing contexts: [Int]) -> [TokenSource] {
            switch self {
            case .set(let sources): sources
            case .modifier(let index, let byContext): byContext[contexts[index]]
            case .selected(let sources, let condition):
                condition.contains { modifier, chosen in chosen.contains(contexts[modifier]) } ? sources : []
            }
        }

        /// Every source this step may layer.
        var allSources: [TokenSource] {
            switch self {
            case .set(let sources), .selected(let sources, _): sources
            case .modifier(_, let contexts): contexts.flatMap { $0 }
            }
        }
    }
}
