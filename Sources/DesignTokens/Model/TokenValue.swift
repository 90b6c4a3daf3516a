import ColorSpaces
@_spi(Engine) import TokenJSON

/// The resolved, validated value of a token: every reference replaced, typed by the token's `$type`.
///
/// Value types are nested here (``Color``, ``Dimension``, ``Duration``…) so they never clash with
/// `SwiftUI.Color`, `Foundation.Dimension` or `Swift.Duration` in code that imports those too.
///
/// The three largest composites are boxed (`indirect`), so that a value takes the room of a colour rather than
/// of a typography, in every array of values.
public enum TokenValue: Hashable, Sendable {
    case color(Color)
    case dimension(Dimension)
    /// Several lengths, as CSS shorthand gives them (`8px 64px`, a padding's vertical and horizontal): Tokens
    /// Studio's spacing written with more than one value. A `dimension` token's value.
    case dimensions([Dimension])
    case fontFamily([String])
    case fontWeight(FontWeight)
    case duration(Duration)
    case cubicBezier(CubicBezier)
    case number(Double)
    case strokeStyle(StrokeStyle)
    indirect case border(Border)
    indirect case transition(Transition)
    /// One shadow or several layered ones; a single shadow written as an object is a one-element list.
    case shadow([Shadow])
    case gradient([GradientStop])
    indirect case typography(Typography)
    case string(String)
    case boolean(Bool)
    /// An icon or image (ThemeEngine's `image` type).
    case image(Image)
    /// The value of a token of a custom type, passed through as written (references resolved).
    case custom(JSONValue)

    /// The type this value belongs to, or nil for ``custom(_:)``.
    public var type: TokenType? {
        switch self {
        case .color: .color
        case .dimension, .dimensions: .dimension
        case .fontFamily: .fontFamily
        case .fontWeight: .fontWeight
        case .duration: .duration
        case .cubicBezier: .cubicBezier
        case .number: .number
        case .strokeStyle: .strokeStyle
        case .border: .border
        case .transition: .transition
        case .shadow: .shadow
        case .gradient: .gradient
        case .typography: .typography
        case .string: .string
        case .boolean: .boolean
        case .image: .image
        case .custom: nil
        }
    }
}

extension TokenValue {
    /// A length: `{ "value": 16, "unit": "px" }`.
    public struct Dimension: Hashable, Sendable, CustomStringConvertible {
        /// DTCG 2025.10's units, `px` and `rem`, then the others ThemeEngine reads (with a `non-conforming`
        /// warning) and keeps as written in every output.
        public enum Unit: String, Hashable, Sendable, CaseIterable {
            case px, rem
            /// Relative to the font size.
            case em
            /// Relative to the font's `0` and `x`: CSS's measure of a line of text (`65ch`) and of small letters.
            case ch, ex
            /// Relative to the containing box.
            case percent = "%"
            /// Relative to the viewport.
            case vw, vh, vmin, vmax
            /// An Apple point (a CSS pixel) where a length in points is needed.
            case pt
            /// Android's density-independent and scale-independent pixels (a point each, at the default text size).
            case dp, sp

            /// Whether DTCG 2025.10 defines the unit.
            public var isConforming: Bool { self == .px || self == .rem }
        }

        public var value: Double
        public var unit: Unit

        public init(_ value: Double, _ unit: Unit) {
            self.value = value
            self.unit = unit
        }

        /// The value in points: `px`, `pt`, `dp` and `sp` one point each, `rem` `remBase` points (16 by default);
        /// nil for a unit relative to something outside the value (`em`, `%`, `vw`, `vh`, `vmin`, `vmax`), which has
        /// no length of its own. A `rem` value near the largest `Double` gives infinity, which no one can draw.
        public func points(remBase: Double = 16) -> Double? {
            switch unit {
            case .px, .pt, .dp, .sp: value
            case .rem: value * remBase
            case .em, .ch, .ex, .percent, .vw, .vh, .vmin, .vmax: nil
            }
        }

        /// `16px`, `1.5rem`.
        public var description: String { JSONWriter.format(value, unit: unit.rawValue) }
    }

    /// A length of time: `{ "value": 120, "unit": "ms" }`.
    public struct Duration: Hashable, Sendable, CustomStringConvertible {
        public enum Unit: String, Hashable, Sendable, CaseIterable {
            case ms, s
        }

        public var value: Double
        public var unit: Unit

        public init(_ value: Double, _ unit: Unit) {
            self.value = value
            self.unit = unit
        }

        /// The duration in seconds.
        public var seconds: Double { unit == .s ? value : value / 1000 }

        /// `120ms`, `0.2s`.
        public var description: String { JSONWriter.format(value, unit: unit.rawValue) }
    }

    /// A font weight: a number from 1 to 1000, remembering the keyword (`bold`) when one was written.
    public struct FontWeight: Hashable, Sendable, CustomStringConvertible {
        public var value: Double
        public var keyword: String?

        public init(_ value: Double, keyword: String? = nil) {
            self.value = value
            self.keyword = keyword
        }

        /// The keywords DTCG 2025.10 defines, with their numeric weights.
        public static let keywords: [String: Double] = [
            "thin": 100, "hairline": 100,
            "extra-light": 200, "ultra-light": 200,
            "light": 300,
            "normal": 400, "regular": 400, "book": 400,
            "medium": 500,
            "semi-bold": 600, "demi-bold": 600,
            "bold": 700,
            "extra-bold": 800, "ultra-bold": 800,
            "black": 900, "heavy": 900,
            "extra-black": 950, "ultra-black": 950,
        ]

        public var description: String { keyword ?? JSONWriter.format(value) }
    }

    /// A cubic Bézier timing function `[x1, y1, x2, y2]`.
    public struct CubicBezier: Hashable, Sendable {
        public var x1: Double, y1: Double, x2: Double, y2: Double

        public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
        }
    }

    /// A line style: a keyword such as `solid`, or a dash pattern.
    public enum StrokeStyle: Hashable, Sendable {
        case keyword(String)
        case dashed(dashArray: [Dimension], lineCap: String)

        /// The keywords DTCG 2025.10 defines.
        public static let keywords = ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"]
        /// The line caps DTCG 2025.10 defines.
        public static let lineCaps = ["round", "butt", "square"]
    }

    /// A border: colour, width and style.
    public struct Border: Hashable, Sendable {
        public var color: Color
        public var width: Dimension
        public var style: StrokeStyle

        public init(color: Color, width: Dimension, style: StrokeStyle) {
            self.color = color
            self.width = width
            self.style = style
        }
    }

    /// An animated transition: duration, delay and timing function.
    public struct Transition: Hashable, Sendable {
        public var duration: Duration
        public var delay: Duration
        public var timingFunction: CubicBezier

        public init(duration: Duration, delay: Duration, timingFunction: CubicBezier) {
            self.duration = duration
            self.delay = delay
            self.timingFunction = timingFunction
        }
    }

    /// One shadow layer.
    public struct Shadow: Hashable, Sendable {
        public var color: Color
        public var offsetX: Dimension
        public var offsetY: Dimension
        public var blur: Dimension
        public var spread: Dimension
        public var inset: Bool

        public init(
            color: Color, offsetX: Dimension, offsetY: Dimension, blur: Dimension, spread: Dimension,
            inset: Bool = false
        ) {
            self.color = color
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.blur = blur
            self.spread = spread
            self.inset = inset
        }
    }

    /// One stop of a gradient; `position` is clamped to 0…1.
    public struct GradientStop: Hashable, Sendable {
        public var color: Color
        public var position: Double

        public init(color: Color, position: Double) {
            self.color = color
            self.position = position
        }
    }

    /// A text style.
    public struct Typography: Hashable, Sendable {
        public var fontFamily: [String]
        public var fontSize: Dimension
        public var fontWeight: FontWeight
        public var letterSpacing: Dimension
        /// A multiple of the font size; nil where the file gives none: the font's own (normal) line height.
        public var lineHeight: Double?
        /// Members DTCG 2025.10 does not define (`fontStyle`, `textTransform`…), as written (references
        /// resolved), in order: kept so that no output loses them.
        public var otherMembers: [JSONValue.Member]

        public init(
            fontFamily: [String], fontSize: Dimension, fontWeight: FontWeight, letterSpacing: Dimension,
            lineHeight: Double?,
            otherMembers: [JSONValue.Member] = []
        ) {
            self.fontFamily = fontFamily
            self.fontSize = fontSize
            self.fontWeight = fontWeight
            self.letterSpacing = letterSpacing
            self.lineHeight = lineHeight
            self.otherMembers = otherMembers
        }
    }

    /// An icon or image, by name: `{ "asset": "icExpandMore", "file": "Icons/expand-more.pdf",
    /// "renderingMode": "template" }`, or just `"icExpandMore"`.
    ///
    /// A renderer looks `asset` up in its asset catalogue (falling back to a system symbol of that name);
    /// `file` is for tools that work from files; `renderingMode` says whether the image is tinted with the
    /// surrounding colour (`template`) or drawn as it is (`original`). Themes swap icons by overriding the token.
    public struct Image: Hashable, Sendable, CustomStringConvertible {
        public enum RenderingMode: String, Hashable, Sendable, CaseIterable {
            case original, template
        }

        public var asset: String
        public var file: String?
        public var renderingMode: RenderingMode?

        public init(asset: String, file: String? = nil, renderingMode: RenderingMode? = nil) {
            self.asset = asset
            self.file = file
            self.renderingMode = renderingMode
        }

        /// The asset name, with the rendering mode when one is set: `icExpandMore (template)`.
        public var description: String { renderingMode.map { "\(asset) (\($0.rawValue))" } ?? asset }
    }
}

extension TokenValue {
    /// A colour as DTCG 2025.10 writes it: a colour space, its components, and alpha (``ColorSpaces/CSSColor``).
    public typealias Color = CSSColor
}
