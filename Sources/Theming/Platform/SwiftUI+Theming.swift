#if canImport(SwiftUI)
    import SwiftUI
    #if canImport(UIKit)
        import UIKit
    #endif

    extension SwiftUI.Color {
        /// A theme colour: in Display P3 when it has a Display P3 form (``ThemeColor/displayP3``: a display-p3 token,
        /// or one wider than sRGB), else in sRGB.
        public init(_ color: ThemeColor) {
            if let p3 = color.displayP3 {
                self.init(.displayP3, red: p3.red, green: p3.green, blue: p3.blue, opacity: color.alpha)
            } else {
                self.init(.sRGB, red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
            }
        }
    }

    extension SwiftUI.Font {
        /// A theme text style's font: its first family at its size and weight (the system's own family when it has none
        /// of them, as `Font.custom` falls back).
        public init(_ typography: ThemeTypography) {
            let weight: SwiftUI.Font.Weight =
                switch typography.fontWeight {
                case ..<150: .ultraLight
                case ..<250: .thin
                case ..<350: .light
                case ..<450: .regular
                case ..<550: .medium
                case ..<650: .semibold
                case ..<750: .bold
                case ..<850: .heavy
                default: .black
                }
            if let family = typography.fontFamily.first {
                self = .custom(family, size: typography.fontSize).weight(weight)
            } else {
                self = .system(size: typography.fontSize, weight: weight)
            }
        }
    }

    extension SwiftUI.Image {
        /// A theme image from the app's asset catalogue, else (where UIKit can tell) the SF Symbol of that name,
        /// with the token's rendering mode.
        public init(_ image: ThemeImage) {
            var base = SwiftUI.Image(image.asset)
            #if canImport(UIKit)
                if UIImage(named: image.asset) == nil, UIImage(systemName: image.asset) != nil {
                    base = SwiftUI.Image(systemName: image.asset)
                }
            #endif
            switch image.renderingMode {
            case .template?: self = base.renderingMode(.template)
            case .original?: self = base.renderingMode(.original)
            case nil: self = base
            }
        }
    }
#endif
