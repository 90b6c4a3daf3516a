import ThemePreview
import Theming

/// `theme diff --format html`: the components a change touches, drawn before and after side by side, the changed
/// properties marked on the after side (the section outlined, the properties listed and their texts underlined).
enum DiffPreview {
    static func html(_ difference: ThemeDiff?, old: Theme, new: Theme) -> [UInt8] {
        var changes: [String: Set<String>] = [:]
        for change in difference?.components ?? [] {
            changes[([change.component] + change.section).joined(separator: "."), default: []].insert(change.property)
        }
        let components = Set((difference?.components ?? []).map(\.component))
        var preview = ThemePreview(
            [
                .init(name: "before", theme: old, changes: changes, marksChanges: false),
                .init(name: "after", theme: new, changes: changes),
            ],
            components: components)
        // The swatches show every named colour; they belong in the picture when a change touches one.
        let colorsChanged = ColorToken.allCases.contains {
            old.tokens.color($0.tokenPath) != new.tokens.color($0.tokenPath)
        }
        preview.showsSwatches = colorsChanged
        let title =
            components.isEmpty
            ? "Theme diff: no component changes"
            : "Theme diff: \(components.count) component\(components.count == 1 ? "" : "s") change"
        return Array(preview.html(title: title).utf8)
    }
}
