extension TokenValue {
    /// The value in DTCG 2025.10 form: colours as `{colorSpace, components, alpha, hex}` objects, dimensions
    /// and durations as `{value, unit}`, composites as objects with those members.
    ///
    /// This is what `theme resolve --format json` writes, and what a JSON Pointer reference into a value
    /// (`#/color/brand/$value/components/0`) walks.
    public var json: JSONValue {
        switch self {
        case .color(let color): color.json
        case .dimension(let dimension): dimension.json
        case .fontFamily(let names): names.count == 1 ? .string(names[0]) : .array(names.map(JSONValue.string))
        case .fontWeight(let weight): weight.keyword.map(JSONValue.string) ?? .number(weight.value)
        case .duration(let duration): duration.json
        case .cubicBezier(let curve): curve.json
        case .number(let number): .number(number)
        case .strokeStyle(let style): style.json { $0.json }
        case .border(let border): border.json(color: border.color.json, dimension: { $0.json })
        case .transition(let transition): transition.json(duration: { $0.json })
        case .shadow(let shadows): Self.shadowsJSON(shadows, color: { $0.json }, dimension: { $0.json })
        case .gradient(let stops): Self.gradientJSON(stops, color: { $0.json })
        case .typography(let typography): typography.json(dimension: { $0.json })
        case .string(let text): .string(text)
        case .boolean(let flag): .bool(flag)
        case .image(let image): image.json
        case .custom(let value): value
        }
    }

    /// The value in the compact form people read and `--format flat` writes: sRGB colours as `#rrggbb`
    /// (`#rrggbbaa` below full opacity), dimensions and durations as `"16px"`, `"120ms"`; composites as
    /// objects and arrays of such leaves.
    public var flatJSON: JSONValue {
        switch self {
        case .color(let color): color.flatJSON
        case .dimension(let dimension): .string(dimension.description)
        case .duration(let duration): .string(duration.description)
        case .strokeStyle(let style): style.json { .string($0.description) }
        case .border(let border): border.json(color: border.color.flatJSON, dimension: { .string($0.description) })
        case .transition(let transition): transition.json(duration: { .string($0.description) })
        case .shadow(let shadows): Self.shadowsJSON(shadows, color: { $0.flatJSON }, dimension: { .string($0.description) })
        case .gradient(let stops): Self.gradientJSON(stops, color: { $0.flatJSON })
        case .typography(let typography): typography.json(dimension: { .string($0.description) })
        case .fontFamily, .fontWeight, .cubicBezier, .number, .string, .boolean, .image, .custom: json
        }
    }

    private static func shadowsJSON(
        _ shadows: [Shadow], color: (Color) -> JSONValue, dimension: (Dimension) -> JSONValue
    ) -> JSONValue {
        let layers = shadows.map { shadow in
            var members: [JSONValue.Member] = [
                .init("color", color(shadow.color)),
                .init("offsetX", dimension(shadow.offsetX)),
                .init("offsetY", dimension(shadow.offsetY)),
                .init("blur", dimension(shadow.blur)),
                .init("spread", dimension(shadow.spread)),
            ]
            if shadow.inset { members.append(.init("inset", .bool(true))) }
            return JSONValue.object(members)
        }
        return layers.count == 1 ? layers[0] : .array(layers)
    }

    private static func gradientJSON(_ stops: [GradientStop], color: (Color) -> JSONValue) -> JSONValue {
        .array(stops.map { .object([.init("color", color($0.color)), .init("position", .number($0.position))]) })
    }
}

extension TokenValue.Color {
    /// `{colorSpace, components, alpha, hex}`; `alpha` only below 1, `hex` when the colour has an sRGB form.
    public var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("colorSpace", .string(colorSpace.rawValue)),
            .init("components", .array(components.map { $0.map(JSONValue.number) ?? .string("none") })),
        ]
        if alpha < 1 { members.append(.init("alpha", .number(alpha))) }
        if let hex = hexFallback ?? (colorSpace == .srgb ? String(self.hex!.prefix(7)) : nil) {
            members.append(.init("hex", .string(hex)))
        }
        return .object(members)
    }

    /// `"#rrggbb"` for colours with an sRGB form, else the DTCG object.
    var flatJSON: JSONValue {
        if colorSpace == .srgb || hexFallback == nil, let hex { return .string(hex) }
        return json
    }
}

extension TokenValue.Dimension {
    var json: JSONValue { .object([.init("value", .number(value)), .init("unit", .string(unit.rawValue))]) }
}

extension TokenValue.Duration {
    var json: JSONValue { .object([.init("value", .number(value)), .init("unit", .string(unit.rawValue))]) }
}

extension TokenValue.CubicBezier {
    var json: JSONValue { .array([x1, y1, x2, y2].map(JSONValue.number)) }
}

extension TokenValue.StrokeStyle {
    func json(dimension: (TokenValue.Dimension) -> JSONValue) -> JSONValue {
        switch self {
        case .keyword(let keyword): .string(keyword)
        case .dashed(let dashes, let cap): .object([.init("dashArray", .array(dashes.map(dimension))), .init("lineCap", .string(cap))])
        }
    }
}

extension TokenValue.Border {
    func json(color: JSONValue, dimension: (TokenValue.Dimension) -> JSONValue) -> JSONValue {
        .object([.init("color", color), .init("width", dimension(width)), .init("style", style.json(dimension: dimension))])
    }
}

extension TokenValue.Transition {
    func json(duration: (TokenValue.Duration) -> JSONValue) -> JSONValue {
        .object([.init("duration", duration(self.duration)), .init("delay", duration(delay)), .init("timingFunction", timingFunction.json)])
    }
}

extension TokenValue.Typography {
    func json(dimension: (TokenValue.Dimension) -> JSONValue) -> JSONValue {
        .object([
            .init("fontFamily", fontFamily.count == 1 ? .string(fontFamily[0]) : .array(fontFamily.map(JSONValue.string))),
            .init("fontSize", dimension(fontSize)),
            .init("fontWeight", fontWeight.keyword.map(JSONValue.string) ?? .number(fontWeight.value)),
            .init("letterSpacing", dimension(letterSpacing)),
            .init("lineHeight", .number(lineHeight)),
        ])
    }
}

extension TokenValue.Image {
    /// `{asset, file, renderingMode}`, leaving out the members that are not set.
    var json: JSONValue {
        var members: [JSONValue.Member] = [.init("asset", .string(asset))]
        if let file { members.append(.init("file", .string(file))) }
        if let renderingMode { members.append(.init("renderingMode", .string(renderingMode.rawValue))) }
        return .object(members)
    }
}
