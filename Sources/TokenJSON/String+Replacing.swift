extension String {
    /// Every occurrence of `target` replaced by `replacement` (no Foundation needed).
    package func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
