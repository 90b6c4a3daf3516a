import DesignTokens

/// `case-collision`: names in one group that differ only by case, such as `theme.color.Border` beside
/// `theme.color.border`. DTCG names are case-sensitive, so both are valid, but exporters to case-insensitive
/// targets (CSS custom properties, some file systems, Android resources) merge or reject them, and people mean
/// one of them. Checked over the layered whole, so a theme that writes `Brand` where the defaults have `brand`
/// is reported too. The later name is reported, with a note at the first. Names that are the same text written
/// with other bytes are the engine's `equivalent-names`, not reported again here.
enum CaseCollisionRule {
    static func check(_ theme: ResolvedTheme) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Two names can only fold together when one of them folds to another text.
        theme.forEachGroup(withMemberNamed: folds) { groupPath, members in
            guard members.count > 1 else { return }
            var firstByFolded: [String: (name: String, firstToken: Int)] = [:]
            for member in members {
                let folded = folded(member.name)
                guard let first = firstByFolded[folded] else {
                    firstByFolded[folded] = member
                    continue
                }
                guard member.name != first.name else { continue }  // canonically equal: equivalent-names
                let parent = groupPath()
                let path = parent.isEmpty ? member.name : parent + "." + member.name
                let firstPath = parent.isEmpty ? first.name : parent + "." + first.name
                let token = theme.token(member.firstToken)
                let firstToken = theme.token(first.firstToken)
                let what = token.path == path ? "token" : "group"
                diagnostics.append(
                    Diagnostic(
                        lint: .caseCollision,
                        "\(what) \(path) differs from \(firstPath) only by case; DTCG names are case-sensitive, but CSS, Android resources and some file systems are not",
                        at: token.location, token: token.path,
                        notes: [Diagnostic.Note("\(firstPath) is defined here", at: firstToken.location)]))
            }
        }
        return diagnostics
    }

    /// A name in lower case; names without an upper-case letter (nearly all) as they are.
    private static func folded(_ name: String) -> String {
        var name = name
        return name.withUTF8(folds) ? name.lowercased() : name
    }

    /// Whether lower-casing may change a name, given as UTF-8: it has an ASCII capital or is not all ASCII.
    private static func folds(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.contains { $0 >= 0x80 || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
    }
}
