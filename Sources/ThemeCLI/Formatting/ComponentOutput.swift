import DesignTokens
import Theming

/// `theme resolve --component`: a component's resolved style, as JSON or as a table.
enum ComponentOutput {
    /// An object per section (nested by the section's path), each mapping property names to values: colours
    /// as `#rrggbb`/`#rrggbbaa`, lengths as numbers of points, images as `{asset, file, renderingMode}`. With
    /// `explain`, each value becomes `{"value", "token", "aliasChain"}`.
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
    static func text(_ sections: [StyleSection], component: Component, explain: Bool) -> [UInt8] {
        var rows: [[String]] = [explain ? ["PROPERTY", "VALUE", "TOKEN", "VIA"] : ["PROPERTY", "VALUE", "TOKEN"]]
        for section in sections {
            for property in section.properties {
                var row = [
                    ([component.rawValue] + section.path + [property.name]).joined(separator: "."),
                    property.value.description, property.token,
                ]
                if explain { row.append(property.aliasChain.isEmpty ? "-" : property.aliasChain.joined(separator: " → ")) }
                rows.append(row)
            }
        }
        return TextTable.align(rows)
    }

    static func json(_ value: StyleValue) -> JSONValue {
        switch value {
        case .color(let color): .string(color.hex)
        case .points(let points): .number(points)
        case .image(let image): TokenValue.image(image).json
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
