import DesignTokens

/// `deprecated-reference`: a token whose value refers to a token marked `$deprecated` (on itself or on a group
/// above it), with the deprecation's reason. A token that is deprecated itself may refer to deprecated tokens:
/// the whole old branch goes together.
enum DeprecatedReferenceRule {
    static func check(_ theme: ResolvedTheme) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for id in 0..<theme.count where theme.deprecation(of: id) == .notDeprecated {
            theme.forEachReference(of: id) { target in
                guard case .deprecated(let reason) = theme.deprecation(of: target) else { return }
                let path = theme.path(of: id)
                let targetPath = theme.path(of: target)
                var message = "\(path) refers to \(targetPath), which is deprecated"
                if let reason, !reason.isEmpty { message += ": \(reason)" }
                diagnostics.append(
                    Diagnostic(
                        lint: .deprecatedReference, message, at: theme.token(id).location, token: path,
                        notes: [Diagnostic.Note("\(targetPath) is defined here", at: theme.token(target).location)]))
            }
        }
        return diagnostics
    }
}
