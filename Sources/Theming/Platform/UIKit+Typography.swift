#if canImport(UIKit)
    import UIKit

    extension ThemeTypography {
        /// The font: the first family of ``fontFamily`` the system has, at ``fontSize`` and ``fontWeight``, else the
        /// system font of that size and weight. Line height and letter spacing are paragraph and text attributes
        /// (``lineHeightPoints``, ``letterSpacing``), not part of a font.
        public var uiFont: UIFont {
            let weight = UIFont.Weight(themeWeight: fontWeight)
            for family in fontFamily {
                let descriptor = UIFontDescriptor(fontAttributes: [
                    .family: family, .traits: [UIFontDescriptor.TraitKey.weight: weight],
                ])
                let font = UIFont(descriptor: descriptor, size: CGFloat(fontSize))
                if font.familyName == family { return font }
            }
            return UIFont.systemFont(ofSize: CGFloat(fontSize), weight: weight)
        }
    }

    extension UIFont.Weight {
        /// The weight nearest a CSS weight (100 thin … 900 black).
        init(themeWeight: Double) {
            let weights: [(Double, UIFont.Weight)] = [
                (100, .ultraLight), (200, .thin), (300, .light), (400, .regular), (500, .medium), (600, .semibold),
                (700, .bold),
                (800, .heavy), (900, .black),
            ]
            self = weights.min { abs($0.0 - themeWeight) < abs($1.0 - themeWeight) }!.1
        }
    }
#endif
