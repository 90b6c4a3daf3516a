import DesignTokens
import Theming
@_spi(Engine) import TokenJSON

/// `theme diff`'s three formats. Values are written as `theme resolve --format flat` writes them.
enum DiffOutput {
    // MARK: JSON

    /// `{"added", "removed", "changed", "rewired", "renamed", "components"}`, every list present (empty when
    /// there is nothing in it). Written as it goes: each value from its `TokenValue`, with no JSON tree built first.
    static func json(_ diff: ThemeDiff?) -> [UInt8] {
        let tokens = diff?.tokens
        var writer = JSONWriter()
        /// `key: [{…}, …]`, each item's members written by `members`.
        func list<T>(_ key: String, _ items: [T]?, _ members: (T) -> Void) {
            writer.key(key)
            writer.beginArray()
            for item in items ?? [] {
                writer.beginObject()
                members(item)
                writer.endObject()
            }
            writer.endArray()
        }
        func string(_ key: String, _ text: String) {
            writer.key(key)
            writer.string(text)
        }
        func member(_ key: String, _ tokenValue: TokenValue) {
            writer.key(key)
            tokenValue.writeFlatJSON(to: &writer)
        }
        func member(_ key: String, _ json: JSONValue) {
            writer.key(key)
            writer.value(json)
        }
        func strings(_ key: String, _ texts: [String]) {
            writer.key(key)
            writer.beginArray()
            for text in texts { writer.string(text) }
            writer.endArray()
        }
        writer.beginObject()
        list("added", tokens?.added) {
            string("path", $0.path)
            member("value", $0.value)
        }
        list("removed", tokens?.removed) {
            string("path", $0.path)
            member("value", $0.value)
        }
        list("changed", tokens?.changed) {
            string("path", $0.path)
            member("before", $0.before)
            member("after", $0.after)
            string("cause", $0.cause.rawValue)
            strings("via", $0.via)
        }
        list("rewired", tokens?.rewired) {
            string("path", $0.path)
            member("before", $0.before)
            member("after", $0.after)
            member("value", $0.value)
        }
        list("renamed", tokens?.renamed) {
            string("from", $0.from)
            string("to", $0.to)
            member("value", $0.after)
            if $0.before != $0.after { member("before", $0.before) }
        }
        list("components", diff?.components) {
            string("component", $0.component)
            string("state", $0.section.joined(separator: "."))
            string("property", $0.property)
            member("before", ComponentOutput.json($0.before))
            member("after", ComponentOutput.json($0.after))
            strings("via", $0.via)
        }
        writer.endObject()
        return writer.finish()
    }

    // MARK: Text

    /// A summary line, then one aligned group per kind of change; headings bold on a terminal.
    static func text(_ diff: ThemeDiff?, usesColor: Bool) -> [UInt8] {
        guard let diff else { return Array("No changes.\n".utf8) }
        let tokens = diff.tokens
        func paint(_ text: String, _ code: String) -> String { usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var text = Array((summary(diff) + "\n").utf8)
        /// A bold heading, then the rows aligned (an empty first column indents them by two spaces), each line in
        /// `color` when one is given: green for what is added, red for what is removed.
        func group(_ title: String, _ rows: [[String]], color: String? = nil) {
            guard !rows.isEmpty else { return }
            text += Array(("\n" + paint(title, "1") + "\n").utf8)
            let table = TextTable.align(rows.map { [""] + $0 })
            guard let color, usesColor else {
                text += table
                return
            }
            for line in table.split(separator: UInt8(ascii: "\n")) {
                text += Array(("\u{1B}[\(color)m").utf8) + line + Array("\u{1B}[0m\n".utf8)
            }
        }
        group(
            "Components",
            diff.components.map {
                [
                    propertyName($0), "\(display($0.before)) → \(display($0.after))",
                    "via " + $0.via.joined(separator: ", "),
                ]
            })
        group(
            "Changed",
            tokens.changed.map {
                [
                    $0.path, change($0.before, $0.after),
                    $0.cause == .direct ? "edited" : "via " + $0.via.joined(separator: ", "),
                ]
            })
        group(
            "Rewired, same value",
            tokens.rewired.map {
                [$0.path, "\(written($0.before)) → \(written($0.after))", "= " + TextTable.display($0.value)]
            })
        group(
            "Renamed",
            tokens.renamed.map {
                [
                    "\($0.from) → \($0.to)",
                    $0.before == $0.after ? TextTable.display($0.after) : change($0.before, $0.after),
                ]
            })
        group("Added", tokens.added.map { [$0.path, TextTable.display($0.value)] }, color: "32")
        group("Removed", tokens.removed.map { [$0.path, TextTable.display($0.value)] }, color: "31")
        return text
    }

    // MARK: Markdown

    /// A summary line, then a table per kind of change, each folded into `<details>` when longer than
    /// ``foldAfter`` rows, ready to post as a pull request comment.
    static func markdown(_ diff: ThemeDiff?) -> [UInt8] {
        guard let diff else { return Array("### Theme diff\n\nNo token changes.\n".utf8) }
        let tokens = diff.tokens
        var text = "### Theme diff\n\n" + summary(diff) + "\n"
        func table(_ title: String, _ header: [String], _ rows: [[String]]) {
            guard !rows.isEmpty else { return }
            var body =
                "| " + header.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: header.count) + "\n"
            for row in rows {
                body +=
                    "| " + row.map { $0.controlCharactersEscaped.replacingPipes() }.joined(separator: " | ") + " |\n"
            }
            if rows.count > foldAfter {
                text += "\n<details><summary>\(title) (\(rows.count))</summary>\n\n" + body + "\n</details>\n"
            } else {
                text += "\n#### \(title)\n\n" + body
            }
        }
        table(
            "Component impact", ["Component", "State", "Property", "Before", "After", "Via"],
            diff.components.map {
                [
                    $0.component, $0.section.joined(separator: "."), $0.property, code(display($0.before)),
                    code(display($0.after)), $0.via.map(code).joined(separator: ", "),
                ]
            })
        table(
            "Changed tokens", ["Token", "Change", "Cause"],
            tokens.changed.map {
                [
                    code($0.path), change($0.before, $0.after, quote: code),
                    $0.cause == .direct ? "edited" : "via " + $0.via.map(code).joined(separator: ", "),
                ]
            })
        table(
            "Rewired, same value", ["Token", "Before", "After", "Value"],
            tokens.rewired.map {
                [code($0.path), code(written($0.before)), code(written($0.after)), code(TextTable.display($0.value))]
            })
        table(
            "Renamed", ["From", "To", "Value"],
            tokens.renamed.map {
                [
                    code($0.from), code($0.to),
                    $0.before == $0.after
                        ? code(TextTable.display($0.after)) : change($0.before, $0.after, quote: code),
                ]
            })
        table("Added", ["Token", "Value"], tokens.added.map { [code($0.path), code(TextTable.display($0.value))] })
        table(
            "Removed", ["Token", "Value"], tokens.removed.map { [code($0.path), code(TextTable.display($0.value))] })
        return Array(text.utf8)
    }

    /// Tables longer than this are folded in the markdown.
    static let foldAfter = 10

    // MARK: Pieces

    /// `3 component properties change; 6 tokens changed (1 edited, 5 through references), 1 added, …`
    static func summary(_ diff: ThemeDiff) -> String {
        let tokens = diff.tokens
        let edited = tokens.changed.filter { $0.cause == .direct }.count
        var parts = [
            "\(count(tokens.changed.count, "token")) changed (\(edited) edited, \(tokens.changed.count - edited) through references)"
        ]
        if !tokens.added.isEmpty { parts.append("\(tokens.added.count) added") }
        if !tokens.removed.isEmpty { parts.append("\(tokens.removed.count) removed") }
        if !tokens.renamed.isEmpty { parts.append("\(tokens.renamed.count) renamed") }
        if !tokens.rewired.isEmpty { parts.append("\(tokens.rewired.count) rewired to the same value") }
        return "\(count(diff.components.count, "component property", plural: "component properties")) change; "
            + parts.joined(separator: ", ") + "."
    }

    private static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }

    /// `#0055ff → #0043ce`; for composites only the members that differ: `width 1px → 2px`,
    /// `[0].spread 3px → 4px`.
    static func change(_ before: TokenValue, _ after: TokenValue, quote: (String) -> String = { $0 }) -> String {
        var parts: [String] = []
        func compare(_ old: JSONValue, _ new: JSONValue, at path: String) {
            switch (old, new) {
            case (.object(let oldMembers), .object(let newMembers)) where oldMembers.map(\.key) == newMembers.map(\.key):
                for (was, now) in zip(oldMembers, newMembers) where was.value != now.value {
                    compare(was.value, now.value, at: path.isEmpty ? was.key : path + "." + was.key)
                }
            case (.array(let oldItems), .array(let newItems))
            where oldItems.count == newItems.count && !oldItems.allSatisfy(\.isScalarValue):
                for (index, (was, now)) in zip(oldItems, newItems).enumerated() where was != now {
                    compare(was, now, at: path + "[\(index)]")
                }
            default:
                parts.append((path.isEmpty ? "" : path + " ") + quote(written(old)) + " → " + quote(written(new)))
            }
        }
        compare(before.flatJSON, after.flatJSON, at: "")
        return parts.joined(separator: "; ")
    }

    private static func propertyName(_ change: ThemeDiff.ComponentChange) -> String {
        ([change.component] + change.section + [change.property]).joined(separator: ".")
    }

    private static func display(_ value: StyleValue) -> String { value.description }

    private static func written(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return JSONWriter.compactText(value)
    }

    private static func code(_ text: String) -> String { "`\(text)`" }
}

extension JSONValue {
    fileprivate var isScalarValue: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}

extension String {
    /// `|` escaped for a markdown table cell.
    fileprivate func replacingPipes() -> String {
        var result = ""
        for character in self { result += character == "|" ? "\\|" : String(character) }
        return result
    }
}
