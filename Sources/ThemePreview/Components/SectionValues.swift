import Theming

/// The properties of one section of a component style, read by name and kind: what the drawers ask a style for.
struct SectionValues {
    let section: StyleSection

    func color(_ name: String) -> ThemeColor? {
        if case .color(let color)? = section[name]?.value { return color }
        return nil
    }

    func points(_ name: String) -> Double? {
        if case .points(let points)? = section[name]?.value { return points }
        return nil
    }

    func typography(_ name: String) -> ThemeTypography? {
        if case .typography(let typography)? = section[name]?.value { return typography }
        return nil
    }

    func image(_ name: String) -> ThemeImage? {
        if case .image(let image)? = section[name]?.value { return image }
        return nil
    }

    func border(_ name: String) -> ThemeBorder? {
        if case .border(let border)? = section[name]?.value { return border }
        return nil
    }

    func order(_ name: String) -> [String]? {
        if case .order(let names)? = section[name]?.value { return names }
        return nil
    }

    func number(_ name: String) -> Double? {
        if case .number(let number)? = section[name]?.value { return number }
        return nil
    }

    /// The first of `names` that is a colour here.
    func firstColor(_ names: [String]) -> ThemeColor? { names.lazy.compactMap(color).first }

    /// The first of `names` that is a typography here, or the first typography of any name.
    func firstTypography(_ names: [String]) -> ThemeTypography? {
        names.lazy.compactMap(typography).first
            ?? section.properties.lazy.compactMap { property -> ThemeTypography? in
                if case .typography(let typography) = property.value { return typography }
                return nil
            }.first
    }

    /// Every image property, in the order the style lists them.
    var images: [(name: String, image: ThemeImage)] {
        section.properties.compactMap { property in
            if case .image(let image) = property.value { return (property.name, image) }
            return nil
        }
    }

    func has(_ name: String) -> Bool { section[name] != nil }
}
