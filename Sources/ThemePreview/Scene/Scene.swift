import Theming

/// What a preview draws, in points: boxes and lines of text, placed absolutely, in drawing order. The drawers
/// (``ComponentDrawer``) make one; ``SVGWriter`` writes it.
struct Scene {
    var width: Double
    var height: Double
    private(set) var items: [Item] = []
    /// Named areas, in the scene's coordinates, each all of one colour of the theme (a fill, a border) or holding
    /// a text drawn in one: where a test looks for a colour (`Toggle.on.track`).
    private(set) var landmarks: [String: Rect] = [:]

    init(width: Double, height: Double = 0) {
        self.width = width
        self.height = height
    }

    struct Rect: Hashable, Sendable {
        var x: Double, y: Double, width: Double, height: Double
    }

    enum Item {
        case box(Box)
        case text(Text)
        case image(Image)
    }

    /// A rectangle, its border drawn inside its edge as UIKit draws a layer's.
    struct Box {
        var x: Double, y: Double, width: Double, height: Double
        var fill: ThemeColor?
        var stroke: ThemeColor? = nil
        var strokeWidth: Double = 0
        var cornerRadius: Double = 0
        var isDashed = false
    }

    /// One line of text; `y` is its top.
    struct Text {
        var x: Double, y: Double
        var string: String
        var color: ThemeColor
        var typography: ThemeTypography
        var anchor: Anchor = .start
        /// Marked as changed (the diff's before-and-after view draws such text with an outline).
        var isEmphasised = false

        enum Anchor { case start, middle, end }

        /// The height of its line (``ThemeTypography/lineBox``).
        var lineHeight: Double { typography.lineBox }
    }

    /// A picture from a file.
    struct Image {
        var x: Double, y: Double, width: Double, height: Double
        var file: String
    }

    mutating func add(_ box: Box) { items.append(.box(box)) }
    mutating func add(_ text: Text) { items.append(.text(text)) }
    mutating func add(_ image: Image) { items.append(.image(image)) }

    /// Names an area, to find it again (`landmarks`).
    mutating func mark(_ name: String, x: Double, y: Double, width: Double, height: Double) {
        landmarks[name] = Rect(x: x, y: y, width: width, height: height)
    }

    /// Renames every landmark.
    mutating func renameLandmarks(_ rename: (String) -> String) {
        landmarks = Dictionary(uniqueKeysWithValues: landmarks.map { (rename($0.key), $0.value) })
    }

    /// Adds `other`'s items and landmarks, shifted by (`dx`, `dy`), and grows to hold them.
    mutating func place(_ other: Scene, dx: Double, dy: Double) {
        for item in other.items {
            switch item {
            case .box(var box):
                box.x += dx
                box.y += dy
                items.append(.box(box))
            case .text(var text):
                text.x += dx
                text.y += dy
                items.append(.text(text))
            case .image(var image):
                image.x += dx
                image.y += dy
                items.append(.image(image))
            }
        }
        for (name, area) in other.landmarks {
            landmarks[name] = Rect(x: area.x + dx, y: area.y + dy, width: area.width, height: area.height)
        }
        width = max(width, dx + other.width)
        height = max(height, dy + other.height)
    }
}

extension ThemeTypography {
    /// The height of a line of this text: its line height, or 1.2 times its size where it sets none (what browsers
    /// take for `normal`).
    var lineBox: Double { lineHeightPoints ?? fontSize * 1.2 }
}
