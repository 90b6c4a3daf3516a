import DesignTokens
import Theming

/// The colour pairs TextInput and AddressForm draw, read from their computed styles (``Theme/sections(of:)``),
/// so lint checks exactly the colours renderers use.
///
/// "surface" is what the component sits on (``LintConfiguration/surfaceToken``, by default
/// `theme.color.background.surface-1`, the design language's primary surface for screens and forms).
///
/// TextInput, every state but `disabled` (WCAG 1.4.3 and 1.4.11 exempt inactive components):
/// - text: foreground and placeholder on the field's background (WCAG applies to placeholder text too: it is
///   the only hint of what to type); title, helper and error label on the surface, where they are drawn.
/// - non-text: the border against the surface, the field's boundary people need to find it (1.4.11).
///
/// AddressForm:
/// - each field state (normal, focused, error): foreground on background (text), border against the surface.
/// - search input: foreground and placeholder on its background (text); the search icon on it and its border
///   against the surface (non-text).
/// - search bar: foreground and placeholder on the field background (text), the icon on it (non-text). The
///   field's own edge against the bar is not checked: the icon and placeholder identify it, as in system search
///   bars.
/// - result cells: title and subtitle on the background and on the selected background (text).
/// - link cell: title on both backgrounds (text), the accessory icon on both (non-text).
/// - The table's separators are decorative (1.4.11 asks nothing of them), and images are not colours.
///
/// A translucent background is composited over the surface (and a translucent surface over white).
enum ComponentContrastPairs {
    /// One pair a section draws: property names, `surface` for the surface.
    private struct Spec {
        var foreground: String
        var background: String
        var kind: ContrastKind

        static func text(_ foreground: String, on background: String) -> Spec { Spec(foreground: foreground, background: background, kind: .text) }
        static func nonText(_ foreground: String, on background: String) -> Spec { Spec(foreground: foreground, background: background, kind: .nonText) }
    }

    /// The pairs a section draws; the section is named by its component and path (`TextInput` `["focused"]`).
    private static func specs(_ component: Component, _ path: [String]) -> [Spec] {
        switch (component, path.first) {
        case (.textInput, "disabled"):
            return []
        case (.textInput, _):
            return [
                .text("foreground", on: "background"), .text("placeholder", on: "background"),
                .text("title", on: "surface"), .text("helper", on: "surface"), .text("errorLabel", on: "surface"),
                .nonText("border", on: "surface"),
            ]
        case (.addressForm, "textInput"):
            return [.text("foreground", on: "background"), .nonText("border", on: "surface")]
        case (.addressForm, "searchInput"):
            return [
                .text("foreground", on: "background"), .text("placeholder", on: "background"),
                .nonText("icon", on: "background"), .nonText("border", on: "surface"),
            ]
        case (.addressForm, "searchBar"):
            return [
                .text("foreground", on: "fieldBackground"), .text("placeholder", on: "fieldBackground"),
                .nonText("icon", on: "fieldBackground"),
            ]
        case (.addressForm, "tableViewCell"):
            return [
                .text("title", on: "background"), .text("subtitle", on: "background"),
                .text("title", on: "selectedBackground"), .text("subtitle", on: "selectedBackground"),
            ]
        case (.addressForm, "tableViewLinkCell"):
            return [
                .text("title", on: "background"), .text("title", on: "selectedBackground"),
                .nonText("accessory", on: "background"), .nonText("accessory", on: "selectedBackground"),
            ]
        default:
            return []
        }
    }

    /// Every pair the components of `theme` draw, at `level`.
    static func pairs(of theme: Theme, surface: ContrastSide, level: ContrastLevel) -> [ContrastPair] {
        var pairs: [ContrastPair] = []
        for component in Component.allCases {
            for section in theme.sections(of: component) {
                func side(_ name: String) -> ContrastSide? {
                    if name == "surface" { return surface }
                    guard let property = section[name], case .color(let color) = property.value else { return nil }
                    let label = ([component.rawValue] + section.path + [name]).joined(separator: ".")
                    return ContrastSide(label: label, token: property.token, aliasChain: property.aliasChain, color: color)
                }
                for spec in specs(component, section.path) {
                    guard let foreground = side(spec.foreground), let background = side(spec.background) else { continue }
                    pairs.append(ContrastPair(
                        foreground: foreground, background: background,
                        backdrops: spec.background == "surface" ? [] : [surface], kind: spec.kind, level: level))
                }
            }
        }
        return pairs
    }
}
