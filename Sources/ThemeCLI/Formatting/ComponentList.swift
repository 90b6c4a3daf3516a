import DesignTokens
import Theming
@_spi(Engine) import TokenJSON

/// `theme resolve --list-components`: each component of the schema, its parts and states, and how far the loaded
/// tokens style it.
enum ComponentList {
    /// `COMPONENT  PARTS  STATES  STYLED`, one row a component; STYLED is `complete`, `12 of 40 properties` or
    /// `none of 40 properties`.
    static func text(_ schema: ComponentSchema, _ completeness: [ComponentCompleteness]) -> [UInt8] {
        var rows = [["COMPONENT", "PARTS", "STATES", "STYLED"]]
        for (definition, styled) in zip(schema.components, completeness) {
            let parts = definition.parts.compactMap(\.name)
            rows.append([
                definition.name, parts.isEmpty ? "-" : parts.joined(separator: ", "),
                states(of: definition).isEmpty ? "-" : states(of: definition).joined(separator: ", "), summary(styled),
            ])
        }
        let complete = completeness.count(where: \.isComplete)
        return TextTable.align(rows) + Array("\n\(complete) of \(completeness.count) components complete\n".utf8)
    }

    /// `[{"name", "description", "parts", "states", "complete", "styled", "properties"}]`.
    static func json(_ schema: ComponentSchema, _ completeness: [ComponentCompleteness]) -> [UInt8] {
        let list = zip(schema.components, completeness).map { definition, styled in
            JSONValue.object([
                .init("name", .string(definition.name)),
                .init("description", definition.description.map(JSONValue.string) ?? .null),
                .init("parts", .array(definition.parts.compactMap(\.name).map(JSONValue.string))),
                .init("states", .array(states(of: definition).map(JSONValue.string))),
                .init("complete", .bool(styled.isComplete)),
                .init("styled", .number(Double(styled.styled))),
                .init("properties", .number(Double(styled.total))),
            ])
        }
        var writer = JSONWriter()
        writer.value(.array(list))
        return writer.finish()
    }

    /// The states of the component's parts, each once, in order.
    private static func states(of definition: ComponentDefinition) -> [String] {
        var names: [String] = []
        for part in definition.parts {
            for state in part.states where !names.contains(state.name) { names.append(state.name) }
        }
        return names
    }

    private static func summary(_ styled: ComponentCompleteness) -> String {
        if styled.isComplete { return "complete" }
        let of = "of \(styled.total) properties"
        return styled.styled == 0 ? "none \(of)" : "\(styled.styled) \(of)"
    }
}
