extension String {
    /// The noun with "a" or "an" before it, by its first letter, for messages: `an object`, `a colour`.
    package var withIndefiniteArticle: String {
        (first.map { "aeiou".contains($0) } == true ? "an " : "a ") + self
    }
}
