/// The JSON a file is written in, chosen from its name: strict JSON unless the name asks for more.
///
/// Only a name can widen what is read, so a `*.json` file means the same to ThemeEngine as to every other JSON
/// tool. What each dialect adds is read into the same ``JSONDocument`` as strict JSON: keys and strings by their
/// text, numbers by their value.
package enum JSONDialect: Sendable, Hashable {
    /// RFC 8259, strictly: `*.json`, and every name not below.
    case json
    /// JSON with comments: `//` and `/* */` comments, and a trailing comma in an object or array. `*.jsonc`.
    case jsonc
    /// JSON5 (https://spec.json5.org): what ``jsonc`` reads, plus keys without quotes (ECMAScript identifier
    /// names), single-quoted strings, JSON5's escapes and line continuations, hexadecimal numbers, a leading `+`,
    /// and a decimal point with no digit before or after it. `Infinity` and `NaN` are refused: no token value can
    /// be one. `*.json5`.
    case json5

    /// The dialect a file name asks for, by its extension in any case: `tokens.jsonc` and `tokens.JSON5` are read
    /// as JSONC and JSON5, anything else as strict JSON. A file at a git revision, named `path@revision` (as
    /// `theme diff --since` names the files it reads from the past), is read as `path` is.
    package init(fileName: String) {
        if Self.name(fileName, endsWith: ".jsonc") {
            self = .jsonc
        } else if Self.name(fileName, endsWith: ".json5") {
            self = .json5
        } else if let at = fileName.lastIndex(of: "@") {
            self = JSONDialect(fileName: String(fileName[..<at]))
        } else {
            self = .json
        }
    }

    /// Whether `name` ends with the lower-case ASCII `suffix`, letters compared without regard to case.
    private static func name(_ name: String, endsWith suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        let bytes = name.utf8
        guard bytes.count >= count else { return false }
        return suffix.withUTF8Buffer { suffix in
            zip(bytes.suffix(count), suffix).allSatisfy { byte, expected in
                (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == expected
            }
        }
    }

    /// Whether an object or array may end with a comma.
    var allowsTrailingCommas: Bool { self != .json }
}
