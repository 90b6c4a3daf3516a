#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TokenValue {
    /// A colour as DTCG 2025.10 writes it: a colour space, its components, and alpha.
    ///
    /// Colours are kept in the space they were written in: nothing is converted behind your back. sRGB colours
    /// (written as hex or as `srgb` objects) are exact: `#0055ff` has components `0x55 / 255` and writes back as
    /// `#0055ff`. ``srgb`` converts `srgb-linear`, `hsl` and `hwb` exactly; the wide-gamut and perceptual spaces
    /// give their `hex` fallback when the file has one.
    public struct Color: Hashable, Sendable, CustomStringConvertible {
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
            var hueIndex: Int? {
                switch self {
                case .hsl, .hwb: 0
                case .lch, .oklch: 2
                default: nil
                }
            }

            /// The allowed range of component `index` (0, 1 or 2), nil where unbounded. A hue's 360 is excluded
            /// separately. (A function rather than an array of three, which would be built at every use.)
            func componentRange(_ index: Int) -> ClosedRange<Double>? {
                switch (self, index) {
                case (.srgb, _), (.srgbLinear, _), (.displayP3, _), (.a98RGB, _), (.prophotoRGB, _), (.rec2020, _): 0...1
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
        /// The three components; nil stands for the keyword `none` (a missing component).
        public var components: [Double?]
        /// Opacity from 0 to 1.
        public var alpha: Double
        /// The `hex` fallback written in the file, if any (`#rrggbb`).
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
            guard let color = text.withUTF8({ Color(hexBytes: $0) }) else { return nil }
            self = color
        }

        /// A colour from the UTF-8 bytes of a hex string (``init(hex:)``), read without intermediate arrays:
        /// this runs for every hex colour of a token file, straight from the document's bytes.
        init?(hexBytes digits: UnsafeBufferPointer<UInt8>) {
            guard digits.first == UInt8(ascii: "#"), [4, 5, 7, 9].contains(digits.count) else { return nil }
            let isShort = digits.count <= 5  // one digit a channel: #rgb, #rgba
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
            self.init(colorSpace: .srgb, components: [channels.red, channels.green, channels.blue], alpha: channels.alpha)
        }

        /// The colour in sRGB, components and alpha in 0…1, when it can be had exactly: from `srgb`,
        /// `srgb-linear`, `hsl` and `hwb`, or from the `hex` fallback of any other space.
        public var srgb: (red: Double, green: Double, blue: Double, alpha: Double)? {
            if colorSpace == .srgb, components.count == 3 {  // the common case, without the array below
                return (components[0] ?? 0, components[1] ?? 0, components[2] ?? 0, alpha)
            }
            let c = components.map { $0 ?? 0 }
            guard c.count == 3 else { return nil }
            switch colorSpace {
            case .srgb:
                return (c[0], c[1], c[2], alpha)
            case .srgbLinear:
                func encode(_ value: Double) -> Double {
                    value <= 0.0031308 ? 12.92 * value : 1.055 * pow(value, 1 / 2.4) - 0.055
                }
                return (encode(c[0]), encode(c[1]), encode(c[2]), alpha)
            case .hsl:
                let (r, g, b) = Self.hslToRGB(hue: c[0], saturation: c[1] / 100, lightness: c[2] / 100)
                return (r, g, b, alpha)
            case .hwb:
                let white = c[1] / 100
                let black = c[2] / 100
                if white + black >= 1 {
                    let gray = white / (white + black)
                    return (gray, gray, gray, alpha)
                }
                let (r, g, b) = Self.hslToRGB(hue: c[0], saturation: 1, lightness: 0.5)
                let scale = 1 - white - black
                return (r * scale + white, g * scale + white, b * scale + white, alpha)
            default:
                guard let fallback = hexFallback, let color = Color(hex: fallback), color.colorSpace == .srgb else {
                    return nil
                }
                return (color.components[0]!, color.components[1]!, color.components[2]!, alpha)
            }
        }

        /// `#rrggbb`, or `#rrggbbaa` when alpha is below 1; nil when the colour has no exact sRGB form.
        public var hex: String? {
            withHex { String(decoding: $0, as: UTF8.self) }
        }

        /// ``hex``'s bytes, handed to `body` without a `String` made of them (a writer takes them as they are:
        /// at 100,000 tokens, 9,200 colours written); nil, without calling `body`, when there is no sRGB form.
        func withHex<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
            guard let rgb = srgb else { return nil }
            let channels = (rgb.red, rgb.green, rgb.blue, rgb.alpha)
            let count = rgb.alpha < 1 ? 9 : 7
            // At most 9 bytes, on the stack.
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

        /// Channel `channel` of `#rrggbb…`, whose length the caller has checked: its two digits after the `#`, in
        /// either case, as a byte; nil where they are not hex digits.
        private static func hexByte(_ digits: UnsafeBufferPointer<UInt8>, channel: Int) -> UInt8? {
            guard let high = JSONReader.hexValue(digits[1 + 2 * channel]), let low = JSONReader.hexValue(digits[2 + 2 * channel])
            else { return nil }
            return high << 4 | low
        }

        /// A channel in 0…1 (clamped) as the byte ``hex`` writes for it.
        private static func channelByte(_ value: Double) -> Int {
            Int((min(max(value, 0), 1) * 255).rounded())
        }

        /// Whether `text` is what a `hex` fallback must be: `#` and six hex digits, in either case.
        static func isSixDigitHex(_ text: String) -> Bool {
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
        var droppingOwnHexFallback: Self {
            guard colorSpace == .srgb, components.count == 3, let text = hexFallback, let bytes = Self.sixDigitHexBytes(text),
                Int(bytes.0) == Self.channelByte(components[0] ?? 0), Int(bytes.1) == Self.channelByte(components[1] ?? 0),
                Int(bytes.2) == Self.channelByte(components[2] ?? 0)
            else { return self }
            var color = self
            color.hexFallback = nil
            return color
        }

        /// The hex form where there is one, else a CSS-like `oklch(0.7 0.1 200 / 0.5)`.
        public var description: String {
            if let hex { return hex }
            let parts = components.map { $0.map(JSONWriter.format) ?? "none" }.joined(separator: " ")
            return "\(colorSpace.rawValue)(\(parts)\(alpha < 1 ? " / " + JSONWriter.format(alpha) : ""))"
        }

        private static func hslToRGB(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
            func channel(_ n: Double) -> Double {
                let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
                let a = saturation * min(lightness, 1 - lightness)
                return lightness - a * max(-1, min(k - 3, 9 - k, 1))
            }
            return (channel(0), channel(8), channel(4))
        }
    }
}
