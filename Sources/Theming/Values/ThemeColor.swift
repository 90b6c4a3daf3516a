import DesignTokens

/// A colour as renderers use it: sRGB components and alpha, each in 0…1, and for a wide-gamut colour its Display P3
/// components too.
///
/// Platform-neutral on purpose: the UIKit and SwiftUI adapters (`uiColor`, `Color(_:)`) turn it into a
/// platform colour, in Display P3 where ``displayP3`` is set, and tests, tools and contrast checks read the sRGB
/// ``hex``.
public struct ThemeColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, green and blue in 0…1 of Display P3.
    public struct DisplayP3: Hashable, Sendable {
        public var red: Double
        public var green: Double
        public var blue: Double

        public init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    /// The colour in Display P3, for a token written in `display-p3` (its components as written) or in another
    /// space whose colour is outside sRGB (converted, and gamut-mapped into Display P3 if it is outside that
    /// too); nil for a colour sRGB holds exactly. ``red``, ``green`` and ``blue`` are then its gamut-mapped sRGB.
    public var displayP3: DisplayP3?

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1, displayP3: DisplayP3? = nil) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.displayP3 = displayP3
    }

    /// The colour of a token: in sRGB, converted exactly from its colour space and gamut-mapped when it is outside
    /// sRGB (``TokenValue/Color/srgb``), with its Display P3 form where ``displayP3`` says.
    public init(_ color: TokenValue.Color) {
        let rgb = color.srgb
        var wide: DisplayP3?
        if color.colorSpace == .displayP3 || !color.isInSRGBGamut {
            let p3 = color.displayP3
            wide = DisplayP3(red: p3.red, green: p3.green, blue: p3.blue)
        }
        self.init(red: rgb.red, green: rgb.green, blue: rgb.blue, alpha: rgb.alpha, displayP3: wide)
    }

    /// `#rrggbb`, or `#rrggbbaa` below full opacity: the sRGB colour.
    public var hex: String { TokenValue.Color(red: red, green: green, blue: blue, alpha: alpha).hex }

    public var description: String { hex }
}

/// An icon or image as renderers use it: an asset name, optionally a file and a rendering mode.
///
/// The value of a token of ThemeEngine's `image` type; the UIKit and SwiftUI adapters turn it into a
/// platform image.
public typealias ThemeImage = TokenValue.Image
