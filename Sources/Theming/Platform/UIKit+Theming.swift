#if canImport(UIKit)
    import UIKit

    extension ThemeColor {
        /// The colour as a `UIColor`: in Display P3 when it has a Display P3 form (``displayP3``: a display-p3 token,
        /// or one wider than sRGB), else in sRGB.
        public var uiColor: UIColor {
            if let p3 = displayP3 {
                return UIColor(
                    displayP3Red: CGFloat(p3.red), green: CGFloat(p3.green), blue: CGFloat(p3.blue),
                    alpha: CGFloat(alpha))
            }
            return UIColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
        }
    }

    extension ThemeImage {
        /// The image from the app's asset catalogue, else the SF Symbol of that name, with the token's rendering
        /// mode; nil when neither exists.
        public var uiImage: UIImage? {
            guard let image = UIImage(named: asset) ?? UIImage(systemName: asset) else { return nil }
            switch renderingMode {
            case .template?: return image.withRenderingMode(.alwaysTemplate)
            case .original?: return image.withRenderingMode(.alwaysOriginal)
            case nil: return image
            }
        }
    }
#endif
