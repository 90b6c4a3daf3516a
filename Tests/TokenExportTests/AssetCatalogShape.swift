import Foundation

/// The shape of an asset catalog's `Contents.json` as Apple's Asset Catalog Format Reference documents it (the
/// folder's, a colour set's and an image set's), for checking what the export writes: every key one the reference
/// defines for that file, every value of the type and among the values it lists.
enum AssetCatalogShape {
    static let idioms: Set<String> = [
        "universal", "iphone", "ipad", "mac", "tv", "watch", "car", "vision", "ios-marketing",
    ]
    static let colorSpaces: Set<String> = [
        "srgb", "extended-srgb", "extended-linear-srgb", "display-p3", "gray-gamma-22", "extended-gray",
    ]
    static let appearanceValues: [String: Set<String>] = ["luminosity": ["light", "dark"], "contrast": ["high"]]

    /// What is wrong with the `Contents.json` at `path` (inside the catalog); empty when nothing is.
    static func problems(in bytes: [UInt8], path: String) -> [String] {
        guard let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            return ["not a JSON object"]
        }
        var problems: [String] = []
        func check(_ condition: Bool, _ problem: String) { if !condition { problems.append(problem) } }
        func keys(_ object: [String: Any], allowed: Set<String>, required: Set<String>, _ what: String) {
            for key in object.keys where !allowed.contains(key) {
                problems.append("\(what) has the unknown key \(key)")
            }
            for key in required where object[key] == nil { problems.append("\(what) lacks \(key)") }
        }
        func checkAppearances(_ entry: [String: Any]) {
            guard let appearances = entry["appearances"] else { return }
            guard let list = appearances as? [[String: Any]], !list.isEmpty else {
                return problems.append("appearances is not a list of objects")
            }
            for appearance in list {
                keys(appearance, allowed: ["appearance", "value"], required: ["appearance", "value"], "an appearance")
                let kind = appearance["appearance"] as? String ?? ""
                check(
                    appearanceValues[kind]?.contains(appearance["value"] as? String ?? "") == true,
                    "appearance \(kind) has the value \(appearance["value"] ?? "none")")
            }
        }
        guard let info = root["info"] as? [String: Any] else { return ["no info object"] }
        keys(info, allowed: ["author", "version"], required: ["author", "version"], "info")
        check(info["version"] as? Int == 1, "info's version is not 1")
        check(info["author"] is String, "info's author is not a string")
        if path.hasSuffix(".colorset/Contents.json") {
            keys(root, allowed: ["info", "colors"], required: ["info", "colors"], "a colour set")
            for entry in root["colors"] as? [[String: Any]] ?? [] {
                keys(
                    entry, allowed: ["idiom", "color", "appearances", "display-gamut", "subtype"],
                    required: ["idiom", "color"], "a colour")
                check(idioms.contains(entry["idiom"] as? String ?? ""), "unknown idiom")
                checkAppearances(entry)
                guard let color = entry["color"] as? [String: Any] else {
                    problems.append("color is not an object")
                    continue
                }
                keys(
                    color, allowed: ["color-space", "components"], required: ["color-space", "components"], "a color")
                check(colorSpaces.contains(color["color-space"] as? String ?? ""), "unknown color-space")
                let components = color["components"] as? [String: String] ?? [:]
                keys(
                    components, allowed: ["red", "green", "blue", "alpha"],
                    required: ["red", "green", "blue", "alpha"], "components")
                for (name, value) in components {
                    let number =
                        value.hasPrefix("0x")
                        ? Int(value.dropFirst(2), radix: 16).map { Double($0) / 255 } : Double(value)
                    check(
                        number.map { (0...1).contains($0) } == true,
                        "component \(name) is \(value), not 0…1 or 0x00…0xFF")
                }
            }
            check(!(root["colors"] as? [Any] ?? []).isEmpty, "a colour set without colours")
        } else if path.hasSuffix(".imageset/Contents.json") {
            keys(root, allowed: ["info", "images", "properties"], required: ["info", "images"], "an image set")
            for entry in root["images"] as? [[String: Any]] ?? [] {
                keys(
                    entry, allowed: ["idiom", "filename", "scale", "appearances", "display-gamut", "subtype"],
                    required: ["idiom"], "an image")
                check(idioms.contains(entry["idiom"] as? String ?? ""), "unknown idiom")
                check(entry["filename"] == nil || entry["filename"] is String, "filename is not a string")
                checkAppearances(entry)
            }
            if let properties = root["properties"] as? [String: Any] {
                keys(
                    properties,
                    allowed: ["template-rendering-intent", "preserves-vector-representation", "compression-type"],
                    required: [], "properties")
                if let intent = properties["template-rendering-intent"] {
                    check(
                        ["original", "template"].contains(intent as? String ?? ""),
                        "template-rendering-intent is \(intent)")
                }
            }
        } else {
            keys(root, allowed: ["info", "properties"], required: ["info"], "a folder")
        }
        return problems
    }
}
