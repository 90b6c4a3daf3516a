#if canImport(SwiftUI)
import SwiftUI

extension SwiftUI.Color {
    /// A theme colour (sRGB).
    public init(_ color: ThemeColor) {
        self.init(.sRGB, red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
    }
}

extension SwiftUI.Image {
    /// A theme image from the app's asset catalogue, with the token's rendering mode.
    public init(_ image: ThemeImage) {
        switch image.renderingMode {
        case .template?: self = SwiftUI.Image(image.asset).renderingMode(.template)
        case .original?: self = SwiftUI.Image(image.asset).renderingMode(.original)
        case nil: self = SwiftUI.Image(image.asset)
        }
    }
}
#endif
