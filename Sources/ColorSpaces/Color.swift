@_spi(Engine) import TokenJSON

/// A colour as DTCG 2025.10 writes it: a colour space, its components, and alpha.
///
/// Colours are kept in the space they were written in, and written back so. sRGB colours (written as hex or
/// as `srgb` objects) are exact: `#0055ff` has components `0x55 / 255` and writes back as `#0055ff`. Where an
/// sRGB value is needed (``srgb``, ``hex``), every other space is converted from its components by CSS Color
/// 4's formulas, and a colour outside the sRGB gamut is gamut-mapped into it (``isInSRGBGamut``); the `hex`
/// fallback a file may give (``hexFallback``) is for tools that cannot convert, and is never read in its place.
public struct CSSColor: Hashable, Sendable, CustomStringConvertible {
    /// The colour spaces of the DTCG colour module.
    public enum Space: String, Hashable, Sendable, CaseIterable {
        case srgb
        case srgbLinear = "srgb-linear"
        case hsl, hwb, lab, lch, oklab, oklch
        case displayP3 = "display-p3"
        case a98RGB = "a98-rgb"
        case prophotoRGB = "prophoto-rgb"
        case rec2020
        case xyzD65 = "xyz-d65"
        case xyzD50 = "xyz-d50"

        /// Which component is a hue angle, in 0 up to (not including) 360 (Color module §4.2).
        package var hueIndex: Int? {
            switch self {
            case .hsl, .hwb: 0
            case .lch, .oklch: 2
            default: nil
            }
        }

        /// The allowed range of component `index` (0, 1 or 2), nil where unbounded. A hue's 360 is excluded
        /// separately. (A function rather than an array of three, which would be built at every use.)
        package func componentRange(_ index: Int) -> ClosedRange<Double>? {
            switch (self, index) {
            case (.srgb, _), (.srgbLinear, _), (.displayP3, _), (.a98RGB, _), (.prophotoRGB, _), (.rec2020, _):
                0...1
            case (.hsl, 0), (.hwb, 0): 0...360
            case (.hsl, _), (.hwb, _): 0...100
            case (.lab, 0): 0...100
            case (.lab, _): nil
            case (.lch, 0): 0...100
            case (.lch, 1): 0...Double.infinity
            case (.lch, _): 0...360
            case (.oklab, 0): 0...1
            case (.oklab, _): nil
            case (.oklch, 0): 0...1
            case (.oklch, 1): 0...Double.infinity
            case (.oklch, _): 0...360
            case (.xyzD65, _), (.xyzD50, _): nil
            }
        }
    }

    public var colorSpace: Space
    /// The three components; nil stands for the keyword `none` (a missing component), taken as 0 when the
    /// colour is converted, as CSS does.
    public var components: [Double?]
    /// Opacity from 0 to 1.
    public var alpha: Double
    /// The `hex` fallback written in the file, if any (`#rrggbb`), kept to be written back. DTCG gives it for
    /// tools that cannot handle the colour space; ThemeEngine converts the components exactly instead, so where
    /// the two disagree the components win.
    public var hexFallback: String?

    public init(colorSpace: Space, components: [Double?], alpha: Double = 1, hexFallback: String? = nil) {
        self.colorSpace = colorSpace
        self.components = components
        self.alpha = alpha
        self.hexFallback = hexFallback
    }

    /// An sRGB colour from components in 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.init(colorSpace: .srgb, components: [red, green, blue], alpha: alpha)
    }

    /// A colour from a hex string: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`; nil when it is not one.
    public init?(hex: String) {
        var text = hex
        guard let color = text.withUTF8({ CSSColor(hexBytes: $0) }) else { return nil }
        self = color
    }

    /// A colour from the UTF-8 bytes of a hex string (``init(hex:)``), read without intermediate arrays:
    /// this runs for every hex colour of a token file, straight from the document's bytes.
    package init?(hexBytes digits: UnsafeBufferPointer<UInt8>) {
        guard digits.first == UInt8(ascii: "#"), [4, 5, 7, 9].contains(digits.count) else { return nil }
        let isShort = digits.count <= 5  // one digit a channel: #rgb, #rgba
        // The last digit read, `channelCount` (short) or `2 * channelCount` (long), is `digits.count - 1`.
        let channelCount = isShort ? digits.count - 1 : (digits.count - 1) / 2
        var channels = (red: 0.0, green: 0.0, blue: 0.0, alpha: 1.0)
        for channel in 0..<channelCount {
            let value: Double
            if isShort {
                guard let digit = JSONReader.hexValue(digits[1 + channel]) else { return nil }
                value = Double(digit * 17) / 255
            } else {
                guard let byte = Self.hexByte(digits, channel: channel) else { return nil }
                value = Double(byte) / 255
            }
            switch channel {
            case 0: channels.red = value
            case 1: channels.green = value
            case 2: channels.blue = value
            default: channels.alpha = value
            }
        }
        self.init(
            colorSpace: .srgb, components: [channels.red, channels.green, channels.blue], alpha: channels.alpha)
    }

    /// `#rrggbb`, or `#rrggbbaa` when alpha is below 1: the colour in sRGB (``srgb``), gamut-mapped when it
    /// is outside.
    public var hex: String {
        withHex { String(decoding: $0, as: UTF8.self) }
    }

    /// ``hex``'s bytes, handed to `body` without a `String` made of them (a writer takes them as they are:
    /// at 100,000 tokens, 9,200 colours written).
    package func withHex<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let rgb = srgb
        let channels = (rgb.red, rgb.green, rgb.blue, rgb.alpha)
        let count = rgb.alpha < 1 ? 9 : 7
        // At most 9 bytes, on the stack: `#` and two digits for each of `(count - 1) / 2` channels, `count` bytes in
        // all; each digit indexes the 16 of `digits` (`byte` is from 0 to 255).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9) { buffer in
            let digits: StaticString = "0123456789abcdef"
            buffer[0] = UInt8(ascii: "#")
            for index in 0..<(count - 1) / 2 {
                let value = index == 0 ? channels.0 : index == 1 ? channels.1 : index == 2 ? channels.2 : channels.3
                let byte = Self.channelByte(value)
                digits.withUTF8Buffer { digits in
                    buffer[1 + 2 * index] = digits[byte >> 4]
                    buffer[2 + 2 * index] = digits[byte & 0xF]
                }
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Channel `channel` of `#rrggbb…`, whose length the caller has checked (and this checks that both digits lie
    /// in `digits`): its two digits after the `#`, in either case, as a byte; nil where they are not hex digits.
    private static func hexByte(_ digits: UnsafeBufferPointer<UInt8>, channel: Int) -> UInt8? {
        precondition(channel >= 0 && 2 + 2 * channel < digits.count, "a channel past the hex digits")
        guard let high = JSONReader.hexValue(digits[1 + 2 * channel]),
            let low = JSONReader.hexValue(digits[2 + 2 * channel])
        else { return nil }
        return high << 4 | low
    }

    /// A channel in 0…1 (clamped; NaN as 0) as the byte ``hex`` writes for it.
    private static func channelByte(_ value: Double) -> Int {
        Int(((value >= 0 ? min(value, 1) : 0) * 255).rounded())
    }

    /// Whether `text` is what a `hex` fallback must be: `#` and six hex digits, in either case.
    package static func isSixDigitHex(_ text: String) -> Bool {
        sixDigitHexBytes(text) != nil
    }

    /// The three channel bytes of `text` when it is `#` and six hex digits, in either case (a `hex` fallback's
    /// form); else nil.
    private static func sixDigitHexBytes(_ text: String) -> (UInt8, UInt8, UInt8)? {
        var text = text
        return text.withUTF8 { digits in
            guard digits.count == 7, digits[0] == UInt8(ascii: "#"), let red = hexByte(digits, channel: 0),
                let green = hexByte(digits, channel: 1), let blue = hexByte(digits, channel: 2)
            else { return nil }
            return (red, green, blue)
        }
    }

    /// The colour without its `hex` fallback where that only repeats the colour's own hex (an sRGB colour's,
    /// in either case): so that one colour is equal however it reaches a value (a hex string, an object, or a
    /// reference substituted into a border, shadow or gradient through its JSON form). Compared digit by digit
    /// rather than through ``hex``, which would make a string of each (decoding runs for every colour object).
    package var droppingOwnHexFallback: Self {
        guard colorSpace == .srgb, components.count == 3, let text = hexFallback,
            let bytes = Self.sixDigitHexBytes(text),
            Int(bytes.0) == Self.channelByte(components[0] ?? 0),
            Int(bytes.1) == Self.channelByte(components[1] ?? 0),
            Int(bytes.2) == Self.channelByte(components[2] ?? 0)
        else { return self }
        var color = self
        color.hexFallback = nil
        return color
    }

    /// The hex form of a colour in one of the spaces over sRGB (`srgb`, `srgb-linear`, `hsl`, `hwb`), else the
    /// colour as CSS writes it, in its own space: `oklch(0.7 0.1 200 / 0.5)`, `color(display-p3 1 0 none)`.
    public var description: String {
        if colorSpace.isOverSRGB { return hex }
        let parts = components.map { $0.map(JSONWriter.format) ?? "none" }.joined(separator: " ")
        let opacity = alpha < 1 ? " / " + JSONWriter.format(alpha) : ""
        switch colorSpace {
        case .lab, .lch, .oklab, .oklch: return "\(colorSpace.rawValue)(\(parts)\(opacity))"
        default: return "color(\(colorSpace.rawValue) \(parts)\(opacity))"
        }
    }
}
