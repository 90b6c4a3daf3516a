import DesignTokens

/// Reading tokens by requirement. A renderer checks its requirements once, when a theme is set (``validate(_:)``,
/// or a ``ThemeScope`` with ``ThemeScope/requirements`` or a ``Themeable`` owner does it), and every lookup then
/// returns a value. Reading a requirement the theme does not meet is a programming error, as an array index out of
/// range is: it stops the program, naming the token.
extension Theme {
    /// The colour a requirement names.
    /// - Precondition: the theme has a `color` token at the requirement's path (check with ``validate(_:)``).
    public func color(_ requirement: some ThemeColorRequirement) -> ThemeColor {
        required(colorIfPresent(requirement.tokenPath), requirement.tokenPath, "a colour")
    }

    /// The image a requirement names.
    /// - Precondition: the theme has an `image` token at the requirement's path.
    public func image(_ requirement: some ThemeImageRequirement) -> ThemeImage {
        required(imageIfPresent(requirement.tokenPath), requirement.tokenPath, "an image")
    }

    /// The length a requirement names, in points (`px`, `pt`, `dp`, `sp` one point each, `rem` 16).
    /// - Precondition: the theme has a `dimension` token at the requirement's path, in a unit with a length of its own.
    public func points(_ requirement: some ThemeDimensionRequirement) -> Double {
        required(pointsIfPresent(requirement.tokenPath), requirement.tokenPath, "a dimension in points")
    }

    /// The text style a requirement names.
    /// - Precondition: the theme has a `typography` token at the requirement's path, its font size of a length of its own.
    public func font(_ requirement: some ThemeTypographyRequirement) -> ThemeTypography {
        required(typographyIfPresent(requirement.tokenPath), requirement.tokenPath, "a typography")
    }

    /// The colour of one of ThemeEngine's names, written with a leading dot: `color(.design.colors.inputBorder)`.
    public func color(_ token: ColorToken) -> ThemeColor {
        required(colorIfPresent(token.tokenPath), token.tokenPath, "a colour")
    }

    /// The image of one of ThemeEngine's names, written with a leading dot: `image(.expandMore)`.
    public func image(_ token: ImageToken) -> ThemeImage {
        required(imageIfPresent(token.tokenPath), token.tokenPath, "an image")
    }

    /// The length of one of ThemeEngine's names, written with a leading dot: `points(.design.spacer.xs)`.
    public func points(_ token: DimensionToken) -> Double {
        required(pointsIfPresent(token.tokenPath), token.tokenPath, "a dimension in points")
    }

    /// The text style of one of ThemeEngine's names, written with a leading dot: `font(.inputText)`.
    public func font(_ token: TypographyToken) -> ThemeTypography {
        required(typographyIfPresent(token.tokenPath), token.tokenPath, "a typography")
    }

    /// Checks that every requirement names a token of the right type, so that lookups return values.
    /// - Throws: ``DiagnosticError`` with one `missing-style-token` error per requirement that does not hold, all at
    ///   once, suggesting the nearest token path for a missing one.
    public func validate(_ requirements: ThemeRequirements) throws(DiagnosticError) {
        var problems: [Diagnostic] = []
        func check(_ paths: [String], _ expected: String, _ holds: (String) -> Bool) {
            for path in paths where !holds(path) {
                guard let token = tokens[path] else {
                    let hint = tokens.nearestPath(to: path).map { "; did you mean '\($0)'?" } ?? ""
                    problems.append(Diagnostic(.error, .missingStyleToken, "no token '\(path)'\(hint)", token: path))
                    continue
                }
                problems.append(
                    Diagnostic(
                        .error, .missingStyleToken,
                        "'\(path)' is \(token.type.name.withIndefiniteArticle), expected \(expected)",
                        at: token.location, token: path))
            }
        }
        check(requirements.colors, "a colour") { colorIfPresent($0) != nil }
        check(requirements.images, "an image") { imageIfPresent($0) != nil }
        check(requirements.dimensions, "a dimension in px, rem, pt, dp or sp") { pointsIfPresent($0) != nil }
        check(requirements.typography, "a typography whose font size is in px, rem, pt, dp or sp") {
            typographyIfPresent($0) != nil
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
    }

    /// Checks requirements listed one by one (see ``validate(_:)``).
    public func validate(
        colors: [any ThemeColorRequirement] = [], images: [any ThemeImageRequirement] = [],
        dimensions: [any ThemeDimensionRequirement] = [], typography: [any ThemeTypographyRequirement] = []
    ) throws(DiagnosticError) {
        try validate(ThemeRequirements(colors: colors, images: images, dimensions: dimensions, typography: typography))
    }

    /// What checking `requirements` found, remembered with the theme: a scope's views share one check.
    @MainActor
    func check(_ requirements: ThemeRequirements) -> DiagnosticError? {
        let key = ObjectIdentifier(requirements.identity)
        if let known = storage.checkedRequirements[key] { return known.error }
        let error = Result { () throws(DiagnosticError) in try validate(requirements) }.failure
        storage.checkedRequirements[key] = (requirements, error)
        return error
    }

    private func colorIfPresent(_ path: String) -> ThemeColor? {
        guard case .color(let color)? = tokens.value(path) else { return nil }
        return ThemeColor(color)
    }

    private func imageIfPresent(_ path: String) -> ThemeImage? {
        guard case .image(let image)? = tokens.value(path) else { return nil }
        return image
    }

    private func pointsIfPresent(_ path: String) -> Double? {
        tokens.dimension(path)?.drawnPoints
    }

    private func typographyIfPresent(_ path: String) -> ThemeTypography? {
        guard case .typography(let typography)? = tokens.value(path) else { return nil }
        return ThemeTypography(typography)
    }

    /// The value found, or a stop naming the token.
    private func required<Value>(_ value: Value?, _ path: String, _ expected: String) -> Value {
        guard let value else { unmet(path, expected) }
        return value
    }

    private func unmet(_ path: String, _ expected: String) -> Never {
        preconditionFailure(
            "the theme has no \(expected) at '\(path)'; check a renderer's requirements with Theme.validate(_:) or a ThemeScope's requirements before reading them"
        )
    }
}

extension Result {
    /// The error, or nil on success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
