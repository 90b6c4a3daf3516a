import DesignTokens
import Theming

/// The colour pairs the components draw, read from the component schema's contrast pairs and the computed styles
/// renderers use (``Theme/style(of:)``), so lint checks exactly the colours renderers use, for every component the
/// tokens complete, bundled or a team's own.
///
/// A pair is checked in every state of its part but the inactive ones (WCAG 1.4.3 and 1.4.11 exempt inactive
/// components), or in the states it names. "surface" is what components sit on: the schema's `surface` token
/// (`theme.color.background.surface-1` in the bundled schema), or ``LintConfiguration/surfaceToken``. A translucent
/// background is composited over what the pair says it is drawn over (by default the surface, and the surface
/// over white).
enum ComponentContrastPairs {
    /// Every pair the complete components of `theme` draw, at `level` unless a pair names its own; and whether any
    /// pair is drawn on the surface.
    static func pairs(of theme: Theme, surface: ContrastSide?, level: ContrastLevel) -> (
        pairs: [ContrastPair], needsSurface: Bool
    ) {
        var pairs: [ContrastPair] = []
        var needsSurface = false
        for definition in theme.components.components {
            guard let style = theme.completeStyle(of: definition.name) else { continue }
            for section in definition.sections {
                for checked in section.contrast {
                    func side(_ side: ComponentDefinition.Side) -> ContrastSide? {
                        switch side {
                        case .surface:
                            needsSurface = true
                            return surface
                        case .property(let index, let property):
                            let drawn = style.property(section: index, property)
                            guard case .color(let color) = drawn.value else { return nil }
                            let label = ([definition.name] + definition.sections[index].path + [drawn.name]).joined(
                                separator: ".")
                            return ContrastSide(
                                label: label, token: drawn.token, aliasChain: drawn.aliasChain, color: color)
                        }
                    }
                    guard let foreground = side(checked.foreground), let background = side(checked.background) else {
                        continue
                    }
                    let backdrops = checked.backdrops.compactMap(side)
                    guard backdrops.count == checked.backdrops.count else { continue }
                    pairs.append(
                        ContrastPair(
                            foreground: foreground, background: background, backdrops: backdrops, kind: checked.kind,
                            level: checked.level ?? level))
                }
            }
        }
        return (pairs, needsSurface)
    }
}
