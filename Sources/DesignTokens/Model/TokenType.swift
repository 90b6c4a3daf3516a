/// The `$type` of a token: one of the DTCG 2025.10 types, a common extra (`string`, `boolean`), ThemeEngine's
/// `image`, or a custom type whose values are passed through as JSON.
public struct TokenType: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name as written in `$type`.
    public var name: String {
        didSet {
            knownType = Known(name)
            toolName = nil
        }
    }

    /// Set when the file wrote another tool's name for this type (Tokens Studio's `borderRadius`, read as
    /// `dimension`): values of such a type are read as that tool writes them (a bare number is px, a letter
    /// spacing in `%` is a fraction of the font size). Not part of the type's identity.
    var toolName: ToolName?

    /// What a tool's type name says beyond its DTCG type, as a byte, so that a type is no larger for it.
    enum ToolName: UInt8, Sendable {
        /// Tokens Studio's `letterSpacing`: a percentage is one of the font size.
        case letterSpacing
        /// Tokens Studio's `lineHeights`: a number, or a length, which makes the token a dimension.
        case lineHeight
        /// Any other: `sizing`, `borderRadius`, `fontWeights`…
        case other
    }

    /// Which of the types this engine validates it is, if any: worked out once from the name, so that code that
    /// branches on a type (decoding every value) switches over a byte instead of comparing strings one by one.
    private(set) var knownType: Known?

    public init(_ name: String) {
        self.name = name
        knownType = Known(name)
    }

    public init(stringLiteral name: String) { self.init(name) }
    public var description: String { name }

    /// Equal names: for known types, equal ``knownType``.
    public static func == (lhs: TokenType, rhs: TokenType) -> Bool {
        lhs.knownType == rhs.knownType && (lhs.knownType != nil || lhs.name == rhs.name)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The types whose values this engine validates (the static list `TokenType.known`), as a small enum to
    /// switch over.
    enum Known: UInt8, Sendable {
        case color, dimension, fontFamily, fontWeight, duration, cubicBezier, number, strokeStyle
        case border, transition, shadow, gradient, typography, string, boolean, image

        init?(_ name: String) {
            switch name {
            case "color": self = .color
            case "dimension": self = .dimension
            case "fontFamily": self = .fontFamily
            case "fontWeight": self = .fontWeight
            case "duration": self = .duration
            case "cubicBezier": self = .cubicBezier
            case "number": self = .number
            case "strokeStyle": self = .strokeStyle
            case "border": self = .border
            case "transition": self = .transition
            case "shadow": self = .shadow
            case "gradient": self = .gradient
            case "typography": self = .typography
            case "string": self = .string
            case "boolean": self = .boolean
            case "image": self = .image
            default: return nil
            }
        }
    }

    public static let color: TokenType = "color"
    public static let dimension: TokenType = "dimension"
    public static let fontFamily: TokenType = "fontFamily"
    public static let fontWeight: TokenType = "fontWeight"
    public static let duration: TokenType = "duration"
    public static let cubicBezier: TokenType = "cubicBezier"
    public static let number: TokenType = "number"
    public static let strokeStyle: TokenType = "strokeStyle"
    public static let border: TokenType = "border"
    public static let transition: TokenType = "transition"
    public static let shadow: TokenType = "shadow"
    public static let gradient: TokenType = "gradient"
    public static let typography: TokenType = "typography"
    /// Not a DTCG type, but common in the wild (labels, asset names).
    public static let string: TokenType = "string"
    /// Not a DTCG type, but common in the wild (feature flags).
    public static let boolean: TokenType = "boolean"
    /// ThemeEngine's own type for icons and images: an asset name, optionally a file and a rendering mode.
    public static let image: TokenType = "image"

    /// Every type whose values this engine validates.
    public static let known: [TokenType] = [
        .color, .dimension, .fontFamily, .fontWeight, .duration, .cubicBezier, .number, .strokeStyle,
        .border, .transition, .shadow, .gradient, .typography, .string, .boolean, .image,
    ]

    /// Whether values of this type are validated (otherwise they pass through as JSON).
    public var isKnown: Bool { knownType != nil }

    /// The type of a member of a composite value, such as `color` for a border's `color`.
    func memberType(_ member: String) -> TokenType? {
        switch (self, member) {
        case (.border, "color"), (.shadow, "color"), (.gradient, "color"): .color
        case (.border, "width"), (.shadow, "offsetX"), (.shadow, "offsetY"), (.shadow, "x"), (.shadow, "y"),
            (.shadow, "blur"),
            (.shadow, "spread"),
            (.typography, "fontSize"), (.typography, "letterSpacing"), (.strokeStyle, "dashArray"):
            .dimension
        case (.border, "style"): .strokeStyle
        case (.transition, "duration"), (.transition, "delay"): .duration
        case (.transition, "timingFunction"): .cubicBezier
        case (.typography, "fontFamily"): .fontFamily
        case (.typography, "fontWeight"): .fontWeight
        case (.typography, "lineHeight"): .lineHeight
        case (.gradient, "position"): .number
        default: nil
        }
    }

    /// The type a reference must have at `memberPath` inside a value of this type: the type itself for the
    /// whole value, a member's type inside a composite (array indices skipped: `shadow.0.color` is a colour),
    /// nil where any type will do.
    func expectedType(at memberPath: [String]) -> TokenType? {
        if memberPath.isEmpty { return self }
        return expectedType(inMemberNamed: memberPath.last(where: { !Self.isIndex($0) }))
    }

    /// ``expectedType(at:)`` inside a member (not the whole value), whose innermost name other than an index is
    /// `name` (nil for none, where any type will do).
    func expectedType(inMemberNamed name: String?) -> TokenType? {
        name.flatMap(memberType)
    }

    /// Whether a member path's name is an array index, or is taken for one: all digits (Unicode's, so the
    /// empty name is one too).
    static func isIndex(_ name: some StringProtocol) -> Bool {
        name.allSatisfy(\.isNumber)
    }

    /// A line height: a typography's `lineHeight` and Tokens Studio's `lineHeights` tokens. A number, a multiple
    /// of the font size; where Tokens Studio writes a length (`"24px"`), a dimension.
    static let lineHeight: TokenType = {
        var type = TokenType.number
        type.toolName = .lineHeight
        return type
    }()

    /// Whether a reference to a token of type `target` may stand where a value of this type is expected: one of
    /// the same type, any where this type is one ThemeEngine does not validate, a `string` as a font family, a
    /// dimension as a line height, and Tokens Studio's untyped `other` anywhere (its value is then read as if
    /// written in place).
    func admitsReference(to target: TokenType) -> Bool {
        self == target || !isKnown || (self == .fontFamily && target == .string)
            || (toolName == .lineHeight && target == .dimension)
            || target.isTokensStudioOther
    }
}
