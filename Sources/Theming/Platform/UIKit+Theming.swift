#if canImport(UIKit)
import UIKit

extension ThemeColor {
    /// The colour as a `UIColor` (sRGB).
    public var uiColor: UIColor {
        UIColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
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
