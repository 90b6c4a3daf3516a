import DesignTokens

/// `case-collision`: names in one group that differ only by case, such as `theme.color.Border` beside
/// `theme.color.border`. DTCG names are case-sensitive, so both are valid, but exporters to case-insensitive
/// targets (CSS custom properties, some file systems, Android resources) merge or reject them, and people mean
/// one of them. Checked over the layered whole, so a theme that writes `Brand` where the defaults have `brand`
/// is reported too. The later name is reported, with a note at the first.
enum CaseCollisionRule {
    static func check(_ theme: ResolvedTheme) -> [Diagnostic] {
        // Each group's member names in first-seen order, with the first token below each name.
        var members: [String: [(name: String, firstToken: String)]] = [:]
        var seen: Set<String> = []
        for path in theme.paths {
            var parent = ""
            for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
                let child = parent.isEmpty ? String(segment) : parent + "." + segment
                if seen.insert(child).inserted { members[parent, default: []].append((String(segment), path)) }
                parent = child
            }
        }
        var diagnostics: [Diagnostic] = []
        for parent in members.keys.sorted() {
            var firstByFolded: [String: (name: String, firstToken: String)] = [:]
            for member in members[parent]! {
                let folded = member.name.lowercased()
                guard let first = firstByFolded[folded] else {
                    firstByFolded[folded] = member
                    continue
                }
                let path = parent.isEmpty ? member.name : parent + "." + member.name
                let firstPath = parent.isEmpty ? first.name : parent + "." + first.name
                let what = member.firstToken == path ? "token" : "group"
                let token = theme[member.firstToken]!
                let firstToken = theme[first.firstToken]!
                diagnostics.append(Diagnostic(
                    lint: .caseCollision,
                    "\(what) \(path) differs from \(firstPath) only by case; DTCG names are case-sensitive, but CSS, Android resources and some file systems are not",
                    at: token.location, token: member.firstToken,
                    notes: [Diagnostic.Note("\(firstPath) is defined here", at: firstToken.location)]))
            }
        }
        return diagnostics
    }
}
