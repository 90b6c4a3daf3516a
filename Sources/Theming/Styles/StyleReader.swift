import DesignTokens

/// Reads the tokens of a component style, in order, recording each property with the token behind it, and
/// collecting an error for every token that is missing or of the wrong type (so a broken theme reports all its
/// problems at once).
///
/// Style types build themselves with it: each property is named, and its token written, exactly once.
struct StyleReader {
    let tokens: ResolvedTheme
    let component: Component
    private(set) var sections: [StyleSection] = []
    private(set) var diagnostics: [Diagnostic] = []

    init(_ tokens: ResolvedTheme, component: Component) {
        self.tokens = tokens
        self.component = component
    }

    /// Starts the section that the following reads belong to.
    mutating func section(_ path: String...) {
        sections.append(StyleSection(path: path, properties: []))
    }

    mutating func color(_ name: String, _ path: String) -> ThemeColor {
        let value = read(name, path, expected: "a colour") { value in
            guard case .color(let color) = value else { return nil }
            return .color(ThemeColor(color))
        }
        if case .color(let color)? = value { return color }
        return ThemeColor(red: 0, green: 0, blue: 0)
    }

    mutating func points(_ name: String, _ path: String) -> Double {
        // A unit relative to something the style does not know (em, %, vw…) has no length in points, and a length
        // beyond what a `Double` holds in points (1e308rem) none to draw.
        let value = read(name, path, expected: "a dimension with a length of its own (px, rem, pt, dp or sp)", shown: { value in
            guard case .dimension(let dimension) = value else { return nil }
            return dimension.points()?.isFinite == false ? "\(dimension), too large to count in points" : "\(dimension)"
        }) { value in
            guard case .dimension(let dimension) = value, let points = dimension.points(), points.isFinite else { return nil }
            return .points(points)
        }
        if case .points(let points)? = value { return points }
        return 0
    }

    mutating func image(_ name: String, _ path: String) -> ThemeImage {
        let value = read(name, path, expected: "an image") { value in
            guard case .image(let image) = value else { return nil }
            return .image(image)
        }
        if case .image(let image)? = value { return image }
        return ThemeImage(asset: "")
    }

    /// The built sections, or every problem found.
    func finish() throws(DiagnosticError) -> [StyleSection] {
        guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
        return sections
    }

    /// `shown`: how a value that does not convert is shown in the message (`found 1.5em`), or nil to name its
    /// type (`found a colour`).
    private mutating func read(
        _ name: String, _ path: String, expected: String, shown: (TokenValue) -> String? = { _ in nil },
        _ convert: (TokenValue) -> StyleValue?
    ) -> StyleValue? {
        // Only the value and alias chain on the way that succeeds; the whole token only for a diagnostic.
        guard let (tokenValue, aliasChain) = tokens.valueAndAliasChain(path) else {
            let hint = tokens.nearestPath(to: path).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.append(Diagnostic(
                .error, .missingStyleToken, "\(propertyName(name)) needs the token '\(path)', which no file defines\(hint)",
                token: path))
            return nil
        }
        guard let value = convert(tokenValue) else {
            let token = tokens[path]!
            let typeName = token.value.type?.name ?? token.type.name
            let found = shown(token.value) ?? ("aeiou".contains(typeName.first ?? "x") ? "an " : "a ") + typeName
            diagnostics.append(Diagnostic(
                .error, .missingStyleToken, "\(propertyName(name)) needs \(expected) in '\(path)', found \(found)",
                at: token.location, token: path))
            return nil
        }
        sections[sections.count - 1].properties.append(
            StyleProperty(name: name, value: value, token: path, aliasChain: aliasChain))
        return value
    }

    /// A property's full name for a diagnostic, such as `TextInput.focused.border`.
    private func propertyName(_ name: String) -> String {
        ([component.rawValue] + sections[sections.count - 1].path + [name]).joined(separator: ".")
    }
}

extension Diagnostic.Rule {
    /// A component style needs a token that is missing or has the wrong type.
    public static let missingStyleToken: Self = "missing-style-token"
}
