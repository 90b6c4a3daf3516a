import DesignTokens

/// A colour as renderers use it: sRGB components and alpha, each in 0…1.
///
/// Platform-neutral on purpose: the UIKit and SwiftUI adapters (`uiColor`, `Color(_:)`) turn it into a
/// platform colour, and tests and tools read ``hex``.
public struct ThemeColor: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The colour of a token, or nil when it has no exact sRGB form (such as `oklch` without a `hex` fallback).
    public init?(_ color: TokenValue.Color) {
        guard let rgb = color.srgb else { return nil }
        self.init(red: rgb.red, green: rgb.green, blue: rgb.blue, alpha: rgb.alpha)
    }

    /// `#rrggbb`, or `#rrggbbaa` below full opacity.
    public var hex: String { TokenValue.Color(red: red, green: green, blue: blue, alpha: alpha).hex! }

    public var description: String { hex }
}

/// An icon or image as renderers use it: an asset name, optionally a file and a rendering mode.
///
/// The value of a token of ThemeEngine's `image` type; the UIKit and SwiftUI adapters turn it into a
/// platform image.
public typealias ThemeImage = TokenValue.Image
