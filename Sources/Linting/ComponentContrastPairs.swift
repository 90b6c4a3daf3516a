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
/// A translucent background is composited over what it sits on: the search bar's field over the bar's background
/// over the surface; result and link cells over the table's background over the surface; every other background
/// over the surface (and a translucent surface over white). Each is a view of its own, drawn over the one below
/// it, even when both read the same token.
enum ComponentContrastPairs {
    /// One pair a section draws: property names, `surface` for the surface, `section.property` for a property of
    /// another section of the component (`tableView.background`).
    private struct Spec {
        var foreground: String
        var background: String
        var kind: ContrastKind
        /// What the background is drawn over, nearest first.
        var backdrops: [String]

        static func text(_ foreground: String, on background: String, over backdrops: [String]? = nil) -> Spec {
            Spec(foreground: foreground, background: background, kind: .text, backdrops: backdrops ?? defaultBackdrops(background))
        }
        static func nonText(_ foreground: String, on background: String, over backdrops: [String]? = nil) -> Spec {
            Spec(foreground: foreground, background: background, kind: .nonText, backdrops: backdrops ?? defaultBackdrops(background))
        }
        /// A field's background sits on the surface; the surface on nothing (white).
        private static func defaultBackdrops(_ background: String) -> [String] { background == "surface" ? [] : ["surface"] }
    }

    /// The search bar's field sits on the bar; cells sit on the table.
    private static let onSearchBar = ["background", "surface"]
    private static let onTable = ["tableView.background", "surface"]

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
                .text("foreground", on: "fieldBackground", over: onSearchBar),
                .text("placeholder", on: "fieldBackground", over: onSearchBar),
                .nonText("icon", on: "fieldBackground", over: onSearchBar),
            ]
        case (.addressForm, "tableViewCell"):
            return [
                .text("title", on: "background", over: onTable), .text("subtitle", on: "background", over: onTable),
                .text("title", on: "selectedBackground", over: onTable), .text("subtitle", on: "selectedBackground", over: onTable),
            ]
        case (.addressForm, "tableViewLinkCell"):
            return [
                .text("title", on: "background", over: onTable), .text("title", on: "selectedBackground", over: onTable),
                .nonText("accessory", on: "background", over: onTable), .nonText("accessory", on: "selectedBackground", over: onTable),
            ]
        default:
            return []
        }
    }

    /// Every pair the components of `theme` draw, at `level`.
    static func pairs(of theme: Theme, surface: ContrastSide, level: ContrastLevel) -> [ContrastPair] {
        var pairs: [ContrastPair] = []
        for component in Component.allCases {
            let sections = theme.sections(of: component)
            for section in sections {
                func side(_ name: String) -> ContrastSide? {
                    if name == "surface" { return surface }
                    var owner = section
                    var property = name
                    if let dot = name.lastIndex(of: ".") {
                        let path = name[..<dot].split(separator: ".").map(String.init)
                        guard let other = sections.first(where: { $0.path == path }) else { return nil }
                        owner = other
                        property = String(name[name.index(after: dot)...])
                    }
                    guard let value = owner[property], case .color(let color) = value.value else { return nil }
                    let label = ([component.rawValue] + owner.path + [property]).joined(separator: ".")
                    return ContrastSide(label: label, token: value.token, aliasChain: value.aliasChain, color: color)
                }
                for spec in specs(component, section.path) {
                    guard let foreground = side(spec.foreground), let background = side(spec.background) else { continue }
                    let backdrops = spec.backdrops.compactMap(side)
                    guard backdrops.count == spec.backdrops.count else { continue }
                    pairs.append(ContrastPair(
                        foreground: foreground, background: background, backdrops: backdrops, kind: spec.kind, level: level))
                }
            }
        }
        return pairs
    }
}
