import Theming

/// A ``Scene`` as SVG 1.1 markup: rectangles, text and images, every length in CSS pixels (one point each).
enum SVGWriter {
    /// The scene as a standalone `<svg>` element.
    static func svg(_ scene: Scene, id: String? = nil) -> String {
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""
        if let id { out += " id=\"\(escaped(id))\"" }
        out +=
            " width=\"\(number(scene.width))\" height=\"\(number(scene.height))\" viewBox=\"0 0 \(number(scene.width)) \(number(scene.height))\">\n"
        for item in scene.items {
            switch item {
            case .box(let box): out += rect(box)
            case .text(let text): out += self.text(text)
            case .image(let image):
                out +=
                    "<image x=\"\(number(image.x))\" y=\"\(number(image.y))\" width=\"\(number(image.width))\" height=\"\(number(image.height))\" href=\"\(escaped(image.file))\" xlink:href=\"\(escaped(image.file))\"/>\n"
            }
        }
        return out + "</svg>\n"
    }

    /// A box: its fill, then its border drawn inside the edge (a stroke centred on a rectangle inset by half
    /// its width).
    private static func rect(_ box: Box) -> String {
        var out = ""
        let radius = min(box.cornerRadius, box.width / 2, box.height / 2)
        if let fill = box.fill, fill.alpha > 0 {
            out +=
                "<rect x=\"\(number(box.x))\" y=\"\(number(box.y))\" width=\"\(number(box.width))\" height=\"\(number(box.height))\""
            out += radius > 0 ? " rx=\"\(number(radius))\"" : ""
            out += " fill=\"\(color(fill))\"\(opacity("fill", fill))/>\n"
        }
        if let stroke = box.stroke, box.strokeWidth > 0, stroke.alpha > 0 {
            let half = box.strokeWidth / 2
            out +=
                "<rect x=\"\(number(box.x + half))\" y=\"\(number(box.y + half))\" width=\"\(number(max(box.width - box.strokeWidth, 0)))\""
            out += " height=\"\(number(max(box.height - box.strokeWidth, 0)))\""
            out += radius > half ? " rx=\"\(number(radius - half))\"" : ""
            out +=
                " fill=\"none\" stroke=\"\(color(stroke))\"\(opacity("stroke", stroke)) stroke-width=\"\(number(box.strokeWidth))\""
            out += box.isDashed ? " stroke-dasharray=\"4 3\"" : ""
            out += "/>\n"
        }
        return out
    }

    private typealias Box = Scene.Box

    private static func text(_ text: Scene.Text) -> String {
        let typography = text.typography
        // The baseline sits where a line box of the text's line height puts it: centred, with the font's ascent
        // taken as 0.8 of its size.
        let baseline = text.y + (text.lineHeight - typography.fontSize) / 2 + typography.fontSize * 0.8
        let anchor =
            switch text.anchor {
            case .start: "start"
            case .middle: "middle"
            case .end: "end"
            }
        var out =
            "<text x=\"\(number(text.x))\" y=\"\(number(baseline))\" font-family=\"\(escaped(fontFamily(typography.fontFamily)))\""
        out += " font-size=\"\(number(typography.fontSize))\" font-weight=\"\(number(typography.fontWeight))\""
        if typography.letterSpacing != 0 { out += " letter-spacing=\"\(number(typography.letterSpacing))\"" }
        out += " text-anchor=\"\(anchor)\" fill=\"\(color(text.color))\"\(opacity("fill", text.color))"
        if text.isEmphasised { out += " text-decoration=\"underline\"" }
        return out + ">\(escaped(text.string))</text>\n"
    }

    /// The families as CSS lists them, each quoted, then the platform's own sans-serif face.
    static func fontFamily(_ names: [String]) -> String {
        (names.map { "'" + $0.replacingAll("'", with: "") + "'" } + ["-apple-system", "system-ui", "sans-serif"])
            .joined(separator: ", ")
    }

    static func color(_ color: ThemeColor) -> String {
        String(color.hex.prefix(7))
    }

    private static func opacity(_ attribute: String, _ color: ThemeColor) -> String {
        color.alpha < 1 ? " \(attribute)-opacity=\"\(number((color.alpha * 1000).rounded() / 1000))\"" : ""
    }

    /// A length with at most two decimals; one that is not finite, or beyond what a picture can hold, as 0 or
    /// the largest it can.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (min(max(value, -1e9), 1e9) * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Text for XML: `&`, `<`, `>` and `"` as entities, control characters left out.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0xFFFE...0xFFFF).contains(scalar.value):
                continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
