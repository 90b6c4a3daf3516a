import DesignTokens

/// `deprecated-reference`: a token whose value refers to a token marked `$deprecated` (on itself or on a group
/// above it), with the deprecation's reason. A token that is deprecated itself may refer to deprecated tokens:
/// the whole old branch goes together.
enum DeprecatedReferenceRule {
    static func check(_ theme: ResolvedTheme) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for token in theme.tokens where token.deprecation == .notDeprecated {
            for path in token.references {
                guard let target = theme[path], case .deprecated(let reason) = target.deprecation else { continue }
                var message = "\(token.path) refers to \(path), which is deprecated"
                if let reason, !reason.isEmpty { message += ": \(reason)" }
                diagnostics.append(Diagnostic(
                    lint: .deprecatedReference, message, at: token.location, token: token.path,
                    notes: [Diagnostic.Note("\(path) is defined here", at: target.location)]))
            }
        }
        return diagnostics
    }
}
