extension String {
    /// The text without the characters `trimmed` accepts at either end: `trimming { $0 == " " }` for spaces only,
    /// `trimming(while: \.isWhitespace)` for every space, tab and line break.
    package func trimming(while trimmed: (Character) -> Bool) -> String {
        var text = Substring(self)
        while let first = text.first, trimmed(first) { text.removeFirst() }
        while let last = text.last, trimmed(last) { text.removeLast() }
        return String(text)
    }
}
