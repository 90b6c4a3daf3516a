import DesignTokens
import Theming
@_spi(Engine) import TokenJSON

/// `theme resolve --component`: a component's resolved style, as JSON or as a table.
enum ComponentOutput {
    /// An object per section (nested by the section's path), each mapping property names to values: colours
    /// as `#rrggbb`/`#rrggbbaa`, lengths and numbers as numbers (of points), durations as seconds, images as
    /// `{asset, file, renderingMode}`, typography as `{fontFamily, fontSize, fontWeight, lineHeight, letterSpacing}`,
    /// shadows as a list of layers, borders as `{color, width, style}`, orders as lists of names. With `explain`, each
    /// value becomes `{"value", "token", "aliasChain"}`.
    static func json(_ sections: [StyleSection], explain: Bool) -> [UInt8] {
        var root = JSONValue.object([])
        for section in sections {
            let properties = section.properties.map { property in
                JSONValue.Member(property.name, explain ? explained(property) : json(property.value))
            }
            root = inserting(.object(properties), at: section.path[...], into: root)
        }
        var writer = JSONWriter()
        writer.value(root)
        return writer.finish()
    }

    /// One row per property: `PROPERTY  VALUE  TOKEN`, and with `explain` the alias chain after the token.
    static func text(_ sections: [StyleSection], component: String, explain: Bool) -> [UInt8] {
        var rows: [[String]] = [explain ? ["PROPERTY", "VALUE", "TOKEN", "VIA"] : ["PROPERTY", "VALUE", "TOKEN"]]
        for section in sections {
            for property in section.properties {
                var row = [
                    ([component] + section.path + [property.name]).joined(separator: "."),
                    property.value.description, property.token,
                ]
                if explain {
                    row.append(property.aliasChain.isEmpty ? "-" : property.aliasChain.joined(separator: " → "))
                }
                rows.append(row)
            }
        }
        return TextTable.align(rows)
    }

    static func json(_ value: StyleValue) -> JSONValue {
        switch value {
        case .color(let color): .string(color.hex)
        case .points(let number), .number(let number), .duration(let number): .number(number)
        case .image(let image): TokenValue.image(image).json
        case .typography(let typography): json(typography)
        case .shadow(let layers):
            .array(
                layers.map { layer in
                    .object([
                        .init("color", .string(layer.color.hex)), .init("offsetX", .number(layer.offsetX)),
                        .init("offsetY", .number(layer.offsetY)),
                        .init("blur", .number(layer.blur)), .init("spread", .number(layer.spread)),
                        .init("inset", .bool(layer.inset)),
                    ])
                })
        case .border(let border):
            .object([
                .init("color", .string(border.color.hex)), .init("width", .number(border.width)),
                .init("style", strokeStyle(border.style)),
            ])
        case .order(let names): .array(names.map(JSONValue.string))
        }
    }

    private static func json(_ typography: ThemeTypography) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("fontFamily", .array(typography.fontFamily.map(JSONValue.string))),
            .init("fontSize", .number(typography.fontSize)),
            .init("fontWeight", .number(typography.fontWeight)),
        ]
        if let lineHeight = typography.lineHeight { members.append(.init("lineHeight", .number(lineHeight))) }
        members.append(.init("letterSpacing", .number(typography.letterSpacing)))
        return .object(members)
    }

    private static func strokeStyle(_ style: TokenValue.StrokeStyle) -> JSONValue {
        switch style {
        case .keyword(let keyword): .string(keyword)
        case .dashed(let dashes, let lineCap):
            .object([
                .init("dashArray", .array(dashes.map { .number($0.points() ?? 0) })),
                .init("lineCap", .string(lineCap)),
            ])
        }
    }

    private static func explained(_ property: StyleProperty) -> JSONValue {
        .object([
            .init("value", json(property.value)),
            .init("token", .string(property.token)),
            .init("aliasChain", .array(property.aliasChain.map(JSONValue.string))),
        ])
    }

    /// `tree` with `value` set at `path`, creating the objects on the way.
    private static func inserting(_ value: JSONValue, at path: ArraySlice<String>, into tree: JSONValue) -> JSONValue {
        guard let key = path.first, case .object(var members) = tree else { return value }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = inserting(value, at: path.dropFirst(), into: members[index].value)
        } else {
            members.append(.init(key, inserting(value, at: path.dropFirst(), into: .object([]))))
        }
        return .object(members)
    }
}
