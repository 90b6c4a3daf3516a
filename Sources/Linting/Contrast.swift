import Theming

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// WCAG 2.x contrast: relative luminance, the contrast ratio, and alpha compositing of what is drawn over what.
public enum Contrast {
    /// The relative luminance of an sRGB colour (WCAG 2.x): 0 for black, 1 for white. Alpha is ignored;
    /// composite a translucent colour over what is behind it first.
    public static func relativeLuminance(_ color: ThemeColor) -> Double {
        func linear(_ channel: Double) -> Double {
            let c = min(max(channel, 0), 1)
            // sRGB's own threshold; WCAG 2's text gives 0.03928, which no 8-bit channel value falls between.
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// The contrast ratio of a colour drawn on a background, from 1 (none) to 21 (black on white).
    ///
    /// A translucent `foreground` is composited over `background` first, as it is drawn; a translucent
    /// `background` is composited over white (composite it over its real surface before calling this when there
    /// is one).
    public static func ratio(_ foreground: ThemeColor, on background: ThemeColor) -> Double {
        let base = composite(background, over: .white)
        let top = composite(foreground, over: base)
        let (a, b) = (relativeLuminance(top), relativeLuminance(base))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// `top` drawn over `bottom` (source-over, on the sRGB-encoded channels, as renderers blend).
    public static func composite(_ top: ThemeColor, over bottom: ThemeColor) -> ThemeColor {
        guard top.alpha < 1 else { return top }
        let alpha = top.alpha + bottom.alpha * (1 - top.alpha)
        guard alpha > 0 else { return ThemeColor(red: 0, green: 0, blue: 0, alpha: 0) }
        func channel(_ t: Double, _ b: Double) -> Double {
            (t * top.alpha + b * bottom.alpha * (1 - top.alpha)) / alpha
        }
        return ThemeColor(
            red: channel(top.red, bottom.red), green: channel(top.green, bottom.green),
            blue: channel(top.blue, bottom.blue), alpha: alpha)
    }

    /// A ratio as people read it: `4.48`, two decimals. WCAG does not round, so a ratio just below the minimum
    /// is never shown as the minimum itself: 4.4999 against 4.5 reads `4.49`, not `4.50`.
    package static func format(_ ratio: Double, below minimum: Double? = nil) -> String {
        var hundredths = Int((ratio * 100).rounded())
        if let minimum, ratio < minimum, Double(hundredths) / 100 >= minimum {
            hundredths = Int((ratio * 100).rounded(.down))
        }
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension ThemeColor {
    static let white = ThemeColor(red: 1, green: 1, blue: 1)
}
