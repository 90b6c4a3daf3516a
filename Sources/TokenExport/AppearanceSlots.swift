import DesignTokens

/// Which variant fills each appearance of a platform that switches appearance itself (an asset catalog's
/// luminosity and contrast, Android's `night` qualifier): the base is the light, normal-contrast one, and every
/// other variant must have an appearance of its own.
struct AppearanceSlots {
    /// The variant of each appearance, base first.
    let variants: [(appearance: Appearance, variant: Int)]

    /// - Parameter supported: the appearances the platform has.
    /// - Throws: `unsupported-appearance` for a variant without an appearance (a brand, say), with one the
    ///   platform does not have, or with the same appearance as another.
    init(_ input: ExportInput, supported: Set<Appearance>, platform: String) throws(DiagnosticError) {
        var slots: [(Appearance, Int)] = [(.any, 0)]
        var problems: [Diagnostic] = []
        var taken: [Appearance: String] = [.any: input.base.name]
        for (index, variant) in input.variants.enumerated().dropFirst() {
            if variant.appearance == .any {
                problems.append(
                    Diagnostic(
                        .error, .unsupportedAppearance,
                        "\(variant.name) is not an appearance (light, dark, high contrast), and \(platform) holds one theme per appearance; export it on its own, or fix the modifier that makes it with --input"
                    ))
            } else if !supported.contains(variant.appearance) {
                problems.append(
                    Diagnostic(
                        .error, .unsupportedAppearance,
                        "\(variant.name) is for the \(variant.appearance) appearance, which \(platform) does not have; leave it out, or fix the modifier that makes it with --input"
                    ))
            } else if let other = taken[variant.appearance] {
                problems.append(
                    Diagnostic(
                        .error, .unsupportedAppearance,
                        "\(other) and \(variant.name) are both for the \(variant.appearance) appearance, and \(platform) has one of each; export them apart"
                    ))
            } else {
                taken[variant.appearance] = variant.name
                slots.append((variant.appearance, index))
            }
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        variants = slots
    }
}

extension Diagnostic.Rule {
    /// A variant of an export has no appearance, or one the platform does not have, or the same as another.
    public static let unsupportedAppearance: Self = "unsupported-appearance"
}
