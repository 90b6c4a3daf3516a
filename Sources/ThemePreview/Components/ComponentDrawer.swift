import Theming

/// Draws one component's style, every section of it (each state of each part), as a renderer would lay it out:
/// the kind of control is told by the properties a section has, so a schema's own components are drawn too.
///
/// | a section with | is drawn as |
/// |---|---|
/// | `track` and `thumb` | a switch, on or off by its state |
/// | a `fieldOrder` | a row of fields in that order, with its separators |
/// | `height` and `placeholder` or `title` | a text field: title, box, placeholder or text, helper or error label |
/// | `track` and `background` | a segmented control |
/// | `height` and `background` | a button, or a cell |
/// | anything else | its text on its background, with its paddings |
///
/// Icons with a file are drawn from it; without one, as their asset name in a dashed box.
struct ComponentDrawer {
    /// The width of a drawing.
    let width: Double
    /// The colour of the preview's own labels (state names), legible on the theme's surface.
    let labelColor: ThemeColor
    /// Properties to mark as changed, by section (`TextInput.focused`): their texts are underlined and the
    /// section outlined.
    var changes: [String: Set<String>] = [:]
    /// Whether the changes are drawn; when not, the room their list takes is kept, so that a column drawn beside
    /// one that marks them stays level with it.
    var marksChanges = true

    static let labelTypography = ThemeTypography(
        fontFamily: ["SF Pro Text"], fontSize: 11, fontWeight: 500, lineHeight: 1.4)
    static let fallbackTypography = ThemeTypography(
        fontFamily: ["SF Pro Text"], fontSize: 15, fontWeight: 400, lineHeight: 1.3)

    /// The component's sections, one under the other, each under its name; a row of fields (a section with a
    /// `fieldOrder`) is drawn once, whole, from the sections of its parts.
    func draw(_ style: ComponentStyle) -> Scene {
        var scene = Scene(width: width)
        var y = 0.0
        if let order = style.sections.first(where: { SectionValues(section: $0).order("fieldOrder") != nil }) {
            var drawing = row(style, SectionValues(section: order))
            drawing.renameLandmarks { style.component + "." + $0 }
            scene.place(drawing, dx: 0, dy: 0)
            scene.height += 14
            return scene
        }
        for section in style.sections {
            let name = ([style.component] + section.path).joined(separator: ".")
            let label = section.path.isEmpty ? style.component : section.path.joined(separator: " · ")
            scene.add(Scene.Text(x: 0, y: y, string: label, color: labelColor, typography: Self.labelTypography))
            y += Self.labelTypography.lineBox + 2
            let part = style.definition.section(section.path).map { style.definition.parts[$0.part] }
            let isField = part?.states.contains { ["focused", "editing", "error"].contains($0.name) } ?? false
            let state =
                style.definition.section(section.path)?.state.flatMap { state in part?.states[state].name } ?? ""
            let title = part?.name ?? style.component
            var drawing = draw(
                SectionValues(section: section), state: state, isField: isField, title: title, name: name)
            if let changed = changes[name], !changed.isEmpty, !marksChanges {
                drawing.height += 6 + Self.labelTypography.lineBox
            } else if let changed = changes[name], !changed.isEmpty {
                drawing.add(
                    Scene.Box(
                        x: -4, y: -4, width: drawing.width + 8, height: drawing.height + 8, fill: nil,
                        stroke: Self.changeColor, strokeWidth: 2,
                        cornerRadius: 4, isDashed: true))
                let list = "changed: " + changed.sorted().joined(separator: ", ")
                drawing.add(
                    Scene.Text(
                        x: 0, y: drawing.height + 6, string: list, color: Self.changeColor,
                        typography: Self.labelTypography))
                drawing.height += 6 + Self.labelTypography.lineBox
            }
            scene.place(drawing, dx: 0, dy: y)
            y = scene.height + 14
        }
        scene.height = y
        return scene
    }

    /// The outline of what a diff changed.
    static let changeColor = ThemeColor(red: 0.93, green: 0.45, blue: 0)

    /// One section, as the kind of control its properties make it.
    /// - Parameters:
    ///   - isField: whether its part has the states of something typed into (focused, editing, error).
    ///   - title: its part's name, or the component's: the text of a plain section.
    private func draw(_ values: SectionValues, state: String, isField: Bool, title: String, name: String) -> Scene {
        if values.has("track") && values.has("thumb") { return toggle(values, state: state, name: name) }
        if values.has("height") && (isField || values.has("placeholder") || values.has("title")) {
            return field(values, state: state, name: name)
        }
        if values.has("track") && values.has("background") { return segmented(values, name: name) }
        if values.has("height") && !values.has("paddingY") { return button(values, name: name) }
        return plain(values, title: title, name: name)
    }

    /// Title, box, placeholder or text, then a helper or (in an error state) an error label with its icon.
    private func field(_ values: SectionValues, state: String, name: String) -> Scene {
        var scene = Scene(width: width)
        var y = 0.0
        if let title = values.color("title") {
            let typography = values.firstTypography(["titleTypography"]) ?? Self.fallbackTypography
            let text = Scene.Text(
                x: 0, y: y, string: "Title", color: title, typography: typography,
                isEmphasised: isChanged(name, "title"))
            scene.add(text)
            y += text.lineHeight + 4
        }
        let height = values.points("height") ?? values.points("minHeight") ?? 44
        let borderWidth = values.points("borderWidth") ?? (values.has("border") ? 1 : 0)
        let box = Scene.Box(
            x: 0, y: y, width: width, height: height, fill: values.firstColor(["background", "fieldBackground"]),
            stroke: values.color("border"), strokeWidth: borderWidth, cornerRadius: values.points("cornerRadius") ?? 0)
        scene.add(box)
        mark(&scene, name + ".background", box, inset: max(borderWidth, box.cornerRadius / 2) + 2)
        if borderWidth >= 1 {
            scene.mark(name + ".border", x: 0, y: y + height / 2 - 2, width: borderWidth, height: 4)
        }
        let paddingX = values.points("paddingX") ?? 16
        let showsText = ["focused", "editing", "error"].contains(state) || !values.has("placeholder")
        let textColor = showsText ? values.firstColor(["foreground", "value"]) : values.color("placeholder")
        if let textColor {
            let typography =
                (showsText
                    ? values.firstTypography(["textTypography", "typography"])
                    : values.firstTypography(["placeholderTypography", "typography"])) ?? Self.fallbackTypography
            let line = typography.lineBox
            scene.add(
                Scene.Text(
                    x: paddingX, y: y + (height - line) / 2, string: showsText ? "Text" : "Placeholder",
                    color: textColor, typography: typography,
                    isEmphasised: isChanged(name, showsText ? "foreground" : "placeholder")))
        }
        trailingIcons(
            &scene, values.images.filter { $0.name != "errorIcon" }.map(\.image), endingAt: width - paddingX, top: y,
            height: height, tint: values.firstColor(["chevron", "accessory", "foreground"]))
        y += height
        if state == "error", let errorColor = values.color("errorLabel") {
            y += values.points("errorSpacing") ?? 4
            let typography = values.firstTypography(["errorLabelTypography"]) ?? Self.fallbackTypography
            var x = 0.0
            if let errorIcon = values.image("errorIcon") {
                icon(&scene, errorIcon, x: 0, y: y, size: 16, color: errorColor)
                x = 20
            }
            let text = Scene.Text(
                x: x, y: y, string: "Error message", color: errorColor, typography: typography,
                isEmphasised: isChanged(name, "errorLabel"))
            scene.add(text)
            scene.mark(name + ".errorLabel", x: x, y: y, width: 90, height: text.lineHeight)
            y += max(text.lineHeight, 16)
        } else if let helper = values.color("helper") {
            y += values.points("errorSpacing") ?? 4
            let text = Scene.Text(
                x: 0, y: y, string: "Helper text", color: helper,
                typography: values.firstTypography(["helperTypography"]) ?? Self.fallbackTypography,
                isEmphasised: isChanged(name, "helper"))
            scene.add(text)
            y += text.lineHeight
        }
        scene.height = y
        return scene
    }

    /// A switch: the track, the thumb at the end its state says, the label before it.
    private func toggle(_ values: SectionValues, state: String, name: String) -> Scene {
        var scene = Scene(width: width, height: 31)
        if let label = values.color("label") {
            let typography = values.firstTypography(["labelTypography"]) ?? Self.fallbackTypography
            let line = typography.lineBox
            scene.add(
                Scene.Text(
                    x: 0, y: (31 - line) / 2, string: "Label", color: label, typography: typography,
                    isEmphasised: isChanged(name, "label")))
        }
        let track = Scene.Box(
            x: width - 51, y: 0, width: 51, height: 31, fill: values.color("track"), cornerRadius: 15.5)
        scene.add(track)
        let isOn = state == "on" || state == "selected" || state == "checked"
        let thumbX = isOn ? width - 29 : width - 49
        scene.add(Scene.Box(x: thumbX, y: 2, width: 27, height: 27, fill: values.color("thumb"), cornerRadius: 13.5))
        // The part of the track the thumb leaves bare.
        scene.mark(name + ".track", x: isOn ? width - 43 : width - 16, y: 13, width: 5, height: 5)
        return scene
    }

    /// A segmented control of two segments, the first in this section's state.
    private func segmented(_ values: SectionValues, name: String) -> Scene {
        let height = values.points("height") ?? 32
        var scene = Scene(width: width, height: height)
        let radius = values.points("cornerRadius") ?? 8
        scene.add(
            Scene.Box(x: 0, y: 0, width: width, height: height, fill: values.color("track"), cornerRadius: radius))
        let segment = Scene.Box(
            x: 2, y: 2, width: width / 2 - 4, height: height - 4, fill: values.color("background"),
            stroke: values.color("border"),
            strokeWidth: values.has("border") ? 1 : 0, cornerRadius: max(radius - 2, 0))
        scene.add(segment)
        mark(&scene, name + ".background", segment, inset: radius / 2 + 2)
        if let foreground = values.color("foreground") {
            let typography = values.firstTypography(["typography"]) ?? Self.fallbackTypography
            let line = typography.lineBox
            scene.add(
                Scene.Text(
                    x: width / 4, y: (height - line) / 2, string: "Segment", color: foreground, typography: typography,
                    anchor: .middle,
                    isEmphasised: isChanged(name, "foreground")))
        }
        return scene
    }

    /// A button or a cell: the box, its text, its icons.
    private func button(_ values: SectionValues, name: String) -> Scene {
        let height = values.points("height") ?? values.points("minHeight") ?? 44
        var scene = Scene(width: width, height: height)
        let border = values.border("border")
        let borderWidth = values.points("borderWidth") ?? border?.width ?? (values.has("border") ? 1 : 0)
        let box = Scene.Box(
            x: 0, y: 0, width: width, height: height,
            fill: values.firstColor(["background", "fieldBackground", "selectedBackground"]),
            stroke: values.color("border") ?? border?.color, strokeWidth: borderWidth,
            cornerRadius: values.points("cornerRadius") ?? 0)
        scene.add(box)
        mark(&scene, name + ".background", box, inset: max(borderWidth, box.cornerRadius / 2) + 2)
        let isCell = values.has("paddingY") || !values.images.isEmpty || values.has("title")
        if let foreground = values.firstColor(["foreground", "title", "value"]) {
            let typography = values.firstTypography(["typography", "titleTypography"]) ?? Self.fallbackTypography
            let line = typography.lineBox
            let paddingX = values.points("paddingX") ?? 16
            scene.add(
                Scene.Text(
                    x: isCell ? paddingX : width / 2, y: (height - line) / 2, string: isCell ? "Cell" : "Button",
                    color: foreground,
                    typography: typography, anchor: isCell ? .start : .middle,
                    isEmphasised: isChanged(name, "foreground")))
        }
        trailingIcons(
            &scene, values.images.map(\.image), endingAt: width - (values.points("paddingX") ?? 16), top: 0,
            height: height,
            tint: values.firstColor(["accessory", "chevron", "foreground"]))
        return scene
    }

    /// A postal address cell, laid out as the seed's `_PostalAddressCell`: the street across the top, the first
    /// separator under it, then postal code and state on the left (the `postalAddressPercentage` share of the width)
    /// and city and country on the right, the second separator between the columns. Each field shows its name in
    /// its placeholder colour; a field the `fieldOrder` leaves out is not drawn.
    private func row(_ style: ComponentStyle, _ values: SectionValues) -> Scene {
        func part(_ name: String) -> SectionValues? { style.section([name]).map(SectionValues.init) }
        let order = Set(values.order("fieldOrder") ?? [])
        let cell = part("cell")
        let paddingX = cell?.points("paddingX") ?? 16
        let paddingY = cell?.points("paddingY") ?? 12
        let typographies = ["street", "postalCode", "state", "city", "country"].compactMap {
            part($0)?.firstTypography(["typography"])
        }
        let line = typographies.map(\.lineBox).max() ?? 20
        let rowHeight = line + 2 * paddingY
        var scene = Scene(width: width, height: 3 * rowHeight)
        let background = Scene.Box(x: 0, y: 0, width: width, height: scene.height, fill: cell?.color("background"))
        scene.add(background)
        mark(&scene, "cell.background", background, inset: 2)
        let share = min(max(values.number("postalAddressPercentage") ?? 0.5, 0), 1)
        let left = (width - 2 * paddingX) * share
        func field(_ name: String, x: Double, row: Int, width fieldWidth: Double) {
            guard order.contains(name), let values = part(name),
                let color = values.firstColor(["placeholder", "foreground"])
            else { return }
            let typography = values.firstTypography(["typography"]) ?? Self.fallbackTypography
            let text = name.prefix(1).uppercased() + name.dropFirst()
            let perCharacter = typography.fontSize * 0.55
            let fits =
                perCharacter > 0 && fieldWidth.isFinite
                ? Int(min(max(fieldWidth / perCharacter, 1), 1_000)) : text.count
            scene.add(
                Scene.Text(
                    x: x, y: Double(row) * rowHeight + paddingY, string: String(text.prefix(max(fits, 1))),
                    color: color, typography: typography))
        }
        field("street", x: paddingX, row: 0, width: width - 2 * paddingX)
        field("postalCode", x: paddingX, row: 1, width: left - 8)
        field("state", x: paddingX, row: 2, width: left - 8)
        field("city", x: paddingX + left + 8, row: 1, width: width - 2 * paddingX - left - 8)
        field("country", x: paddingX + left + 8, row: 2, width: width - 2 * paddingX - left - 8)
        if let first = part("firstSeparator"), let color = first.color("color") {
            let thickness = first.points("width") ?? 1
            scene.add(
                Scene.Box(
                    x: paddingX, y: rowHeight - thickness / 2, width: width - paddingX, height: thickness, fill: color))
        }
        if let second = part("secondSeparator"), let color = second.color("color") {
            let thickness = second.points("width") ?? 1
            scene.add(
                Scene.Box(
                    x: paddingX + left, y: rowHeight + paddingY / 2, width: thickness, height: 2 * rowHeight - paddingY,
                    fill: color))
        }
        return scene
    }

    /// Anything else: its background (and an inner field's), its text and a second line, a separator, its icons.
    private func plain(_ values: SectionValues, title: String, name: String) -> Scene {
        let paddingTop = values.points("paddingTop") ?? values.points("paddingY") ?? 8
        let paddingBottom = values.points("paddingBottom") ?? values.points("paddingY") ?? 8
        let paddingX = values.points("paddingX") ?? 12
        let typography = values.firstTypography(["typography", "titleTypography"]) ?? Self.fallbackTypography
        let line = typography.lineBox
        let subtitle = values.color("subtitle")
        let textHeight = line + (subtitle == nil ? 0 : line * 0.85)
        let height = max(
            paddingTop + textHeight + paddingBottom, values.points("minHeight") ?? 0, values.points("width") ?? 0)
        var scene = Scene(width: width, height: height)
        if let background = values.firstColor(["background", "color"]) {
            let box = Scene.Box(
                x: 0, y: 0, width: width, height: height, fill: background,
                cornerRadius: values.points("cornerRadius") ?? 0)
            scene.add(box)
            mark(&scene, name + ".background", box, inset: 2)
        }
        if let field = values.color("fieldBackground") {
            scene.add(Scene.Box(x: 8, y: 6, width: width - 16, height: height - 12, fill: field, cornerRadius: 8))
        }
        if let separator = values.color("separator") {
            scene.add(Scene.Box(x: paddingX, y: height - 1, width: width - paddingX, height: 1, fill: separator))
        }
        var x = paddingX
        if values.has("icon") || values.has("searchIcon"),
            let image = values.image("searchIcon") ?? values.image("icon")
        {
            icon(
                &scene, image, x: x, y: (height - 16) / 2, size: 16,
                color: values.firstColor(["icon", "foreground", "placeholder"]))
            x += 22
        }
        let primary: (color: ThemeColor, text: String, property: String)? =
            values.color("value").map { ($0, "Value", "value") } ?? values.color("title").map { ($0, "Title", "title") }
            ?? values.color("foreground").map { ($0, title.prefix(1).uppercased() + title.dropFirst(), "foreground") }
            ?? values.color("placeholder").map { ($0, "Placeholder", "placeholder") }
        if let primary {
            scene.add(
                Scene.Text(
                    x: x, y: paddingTop, string: primary.text, color: primary.color, typography: typography,
                    isEmphasised: isChanged(name, primary.property)))
        }
        if let subtitle {
            var smaller = typography
            smaller.fontSize *= 0.85
            scene.add(
                Scene.Text(
                    x: x, y: paddingTop + line, string: "Subtitle", color: subtitle, typography: smaller,
                    isEmphasised: isChanged(name, "subtitle")))
        }
        trailingIcons(
            &scene, values.images.filter { $0.name != "icon" && $0.name != "searchIcon" }.map(\.image),
            endingAt: width - paddingX,
            top: 0, height: height, tint: values.firstColor(["accessory", "chevron", "foreground"]))
        return scene
    }

    /// Icons of 20 points in a row that ends at `right`, 4 points apart, centred in the `height` below `top`.
    private func trailingIcons(
        _ scene: inout Scene, _ images: [ThemeImage], endingAt right: Double, top: Double, height: Double,
        tint: ThemeColor?
    ) {
        var x = right
        for image in images.reversed() {
            x -= 20
            icon(&scene, image, x: x, y: top + (height - 20) / 2, size: 20, color: tint)
            x -= 4
        }
    }

    /// An icon: from its file, or its asset name in a dashed box.
    private func icon(_ scene: inout Scene, _ image: ThemeImage, x: Double, y: Double, size: Double, color: ThemeColor?)
    {
        if let file = image.file {
            scene.add(Scene.Image(x: x, y: y, width: size, height: size, file: file))
            return
        }
        let tint = color ?? labelColor
        scene.add(
            Scene.Box(
                x: x, y: y, width: size, height: size, fill: nil, stroke: tint, strokeWidth: 1, cornerRadius: 3,
                isDashed: true))
        let caption = ThemeTypography(fontFamily: ["SF Pro Text"], fontSize: 6, fontWeight: 400, lineHeight: 1)
        scene.add(
            Scene.Text(
                x: x + size / 2, y: y + size / 2 - 3, string: String(image.asset.prefix(8)), color: tint,
                typography: caption, anchor: .middle))
    }

    /// Marks the inside of a box, away from its border and corners, where only its fill shows.
    private func mark(_ scene: inout Scene, _ name: String, _ box: Scene.Box, inset: Double) {
        guard box.fill != nil, box.width > 2 * inset + 4, box.height > 2 * inset + 4 else { return }
        scene.mark(name, x: box.x + box.width - inset - 4, y: box.y + inset, width: 4, height: 4)
    }

    private func isChanged(_ section: String, _ property: String) -> Bool {
        marksChanges && changes[section]?.contains(property) == true
    }
}
