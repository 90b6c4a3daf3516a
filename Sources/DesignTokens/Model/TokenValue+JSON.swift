import ColorSpaces
@_spi(Engine) import TokenJSON

extension TokenValue {
    /// The value in DTCG 2025.10 form: colours as `{colorSpace, components, alpha, hex}` objects, dimensions
    /// and durations as `{value, unit}`, composites as objects with those members.
    ///
    /// This is what `theme resolve --format json` writes, and what a JSON Pointer reference into a value
    /// (`#/color/brand/$value/components/0`) walks.
    public var json: JSONValue {
        var builder = JSONValue.Builder()
        write(to: &builder, form: .dtcg)
        return builder.built
    }

    /// The value in the compact form people read and `--format flat` writes: colours in sRGB as `#rrggbb`
    /// (`#rrggbbaa` below full opacity; gamut-mapped from a wider space), dimensions and durations as `"16px"`, `"120ms"`; composites as
    /// objects and arrays of such leaves.
    public var flatJSON: JSONValue {
        var builder = JSONValue.Builder()
        write(to: &builder, form: .flat)
        return builder.built
    }

    /// Writes ``flatJSON`` to `writer`, as text, without building it.
    package func writeFlatJSON(to writer: inout JSONWriter) {
        write(to: &writer, form: .flat)
    }

    /// The forms a value is written in: ``json`` and ``flatJSON``.
    enum JSONForm {
        case dtcg, flat
    }

    /// Writes the value in `form` to `sink`: what ``json`` and ``flatJSON`` build, and what the flat output writes
    /// as text without building it first (the one description of both forms).
    func write<Sink: JSONSink>(to sink: inout Sink, form: JSONForm) {
        switch self {
        case .color(let color): color.write(to: &sink, form: form)
        case .dimension(let dimension): dimension.write(to: &sink, form: form)
        case .dimensions(let dimensions):
            // The shorthand's text in flat form (`"8px 64px"`), a list of dimensions otherwise.
            if form == .flat { return sink.string(Self.shorthand(dimensions)) }
            sink.beginArray()
            for dimension in dimensions { dimension.write(to: &sink, form: form) }
            sink.endArray()
        case .fontFamily(let names): Self.writeFamily(names, to: &sink)
        case .fontWeight(let weight): weight.write(to: &sink)
        case .duration(let duration): duration.write(to: &sink, form: form)
        case .cubicBezier(let curve): curve.write(to: &sink)
        case .number(let number): sink.number(number)
        case .strokeStyle(let style): style.write(to: &sink, form: form)
        case .border(let border):
            sink.beginObject()
            sink.key("color")
            border.color.write(to: &sink, form: form)
            sink.key("width")
            border.width.write(to: &sink, form: form)
            sink.key("style")
            border.style.write(to: &sink, form: form)
            sink.endObject()
        case .transition(let transition):
            sink.beginObject()
            sink.key("duration")
            transition.duration.write(to: &sink, form: form)
            sink.key("delay")
            transition.delay.write(to: &sink, form: form)
            sink.key("timingFunction")
            transition.timingFunction.write(to: &sink)
            sink.endObject()
        case .shadow(let shadows):
            // One layer is written as an object, several as a list.
            if shadows.count != 1 { sink.beginArray() }
            for shadow in shadows {
                sink.beginObject()
                sink.key("color")
                shadow.color.write(to: &sink, form: form)
                sink.key("offsetX")
                shadow.offsetX.write(to: &sink, form: form)
                sink.key("offsetY")
                shadow.offsetY.write(to: &sink, form: form)
                sink.key("blur")
                shadow.blur.write(to: &sink, form: form)
                sink.key("spread")
                shadow.spread.write(to: &sink, form: form)
                if shadow.inset {
                    sink.key("inset")
                    sink.bool(true)
                }
                sink.endObject()
            }
            if shadows.count != 1 { sink.endArray() }
        case .gradient(let stops):
            sink.beginArray()
            for stop in stops {
                sink.beginObject()
                sink.key("color")
                stop.color.write(to: &sink, form: form)
                sink.key("position")
                sink.number(stop.position)
                sink.endObject()
            }
            sink.endArray()
        case .typography(let typography):
            sink.beginObject()
            sink.key("fontFamily")
            Self.writeFamily(typography.fontFamily, to: &sink)
            sink.key("fontSize")
            typography.fontSize.write(to: &sink, form: form)
            sink.key("fontWeight")
            typography.fontWeight.write(to: &sink)
            sink.key("letterSpacing")
            typography.letterSpacing.write(to: &sink, form: form)
            if let lineHeight = typography.lineHeight {
                sink.key("lineHeight")
                sink.number(lineHeight)
            }
            for member in typography.otherMembers {
                sink.key(member.key)
                sink.value(member.value)
            }
            sink.endObject()
        case .string(let text): sink.string(text)
        case .boolean(let flag): sink.bool(flag)
        case .image(let image): image.write(to: &sink)
        case .custom(let value): sink.value(value)
        }
    }

    /// Several lengths as CSS shorthand writes them: `8px 64px`.
    public static func shorthand(_ dimensions: [Dimension]) -> String {
        dimensions.map(\.description).joined(separator: " ")
    }

    /// One family as a string, several as a list.
    private static func writeFamily<Sink: JSONSink>(_ names: [String], to sink: inout Sink) {
        if names.count == 1 { return sink.string(names[0]) }
        sink.beginArray()
        for name in names { sink.string(name) }
        sink.endArray()
    }
}

extension TokenValue.Color {
    /// `{colorSpace, components, alpha, hex}`; `alpha` only below 1, `hex` as the file gave it, or for an `srgb`
    /// colour its own.
    public var json: JSONValue {
        var builder = JSONValue.Builder()
        write(to: &builder, form: .dtcg)
        return builder.built
    }

    /// The object above, the colour as written; in flat form, its sRGB ``hex`` instead (`"#rrggbb"`, gamut-mapped
    /// when the colour is outside sRGB).
    func write<Sink: JSONSink>(to sink: inout Sink, form: TokenValue.JSONForm) {
        if form == .flat { return withHex { sink.string(utf8: $0) } }
        sink.beginObject()
        sink.key("colorSpace")
        sink.string(colorSpace.rawValue)
        sink.key("components")
        sink.beginArray()
        for component in components {
            if let component { sink.number(component) } else { sink.string("none") }
        }
        sink.endArray()
        if alpha < 1 {
            sink.key("alpha")
            sink.number(alpha)
        }
        if let hexFallback {
            sink.key("hex")
            sink.string(hexFallback)
        } else if colorSpace == .srgb {
            // Its own `#rrggbb`, without the alpha (which `alpha` holds).
            sink.key("hex")
            withHex { sink.string(utf8: UnsafeBufferPointer(rebasing: $0.prefix(7))) }
        }
        sink.endObject()
    }
}

extension TokenValue.Dimension {
    /// `{value, unit}`; in flat form, `"16px"`.
    func write<Sink: JSONSink>(to sink: inout Sink, form: TokenValue.JSONForm) {
        TokenValue.writeMeasure(value, unit.rawValue, to: &sink, form: form)
    }
}

extension TokenValue.Duration {
    /// `{value, unit}`; in flat form, `"120ms"`.
    func write<Sink: JSONSink>(to sink: inout Sink, form: TokenValue.JSONForm) {
        TokenValue.writeMeasure(value, unit.rawValue, to: &sink, form: form)
    }
}

extension TokenValue {
    /// A number with a unit (a dimension or a duration): `{value, unit}`, or in flat form its text, `"16px"` (the
    /// measure's `description`).
    fileprivate static func writeMeasure<Sink: JSONSink>(
        _ value: Double, _ unit: String, to sink: inout Sink, form: JSONForm
    ) {
        if form == .flat { return sink.string(value, unit: unit) }
        sink.beginObject()
        sink.key("value")
        sink.number(value)
        sink.key("unit")
        sink.string(unit)
        sink.endObject()
    }
}

extension TokenValue.FontWeight {
    /// The keyword it was written with, else the number.
    func write<Sink: JSONSink>(to sink: inout Sink) {
        if let keyword { sink.string(keyword) } else { sink.number(value) }
    }
}

extension TokenValue.CubicBezier {
    /// `[x1, y1, x2, y2]`.
    func write<Sink: JSONSink>(to sink: inout Sink) {
        sink.beginArray()
        for number in [x1, y1, x2, y2] { sink.number(number) }
        sink.endArray()
    }
}

extension TokenValue.StrokeStyle {
    /// The keyword, or `{dashArray, lineCap}`.
    func write<Sink: JSONSink>(to sink: inout Sink, form: TokenValue.JSONForm) {
        switch self {
        case .keyword(let keyword):
            sink.string(keyword)
        case .dashed(let dashes, let cap):
            sink.beginObject()
            sink.key("dashArray")
            sink.beginArray()
            for dash in dashes { dash.write(to: &sink, form: form) }
            sink.endArray()
            sink.key("lineCap")
            sink.string(cap)
            sink.endObject()
        }
    }
}

extension TokenValue.Image {
    /// `{asset, file, renderingMode}`, leaving out the members that are not set.
    func write<Sink: JSONSink>(to sink: inout Sink) {
        sink.beginObject()
        sink.key("asset")
        sink.string(asset)
        if let file {
            sink.key("file")
            sink.string(file)
        }
        if let renderingMode {
            sink.key("renderingMode")
            sink.string(renderingMode.rawValue)
        }
        sink.endObject()
    }
}
