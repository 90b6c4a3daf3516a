extension Resolver {
    /// A `gamut-mapped` info diagnostic for each colour written in a token's value that is outside the sRGB gamut,
    /// saying what it becomes where an sRGB value is needed (``TokenValue/Color/srgb``): the flat output, component
    /// styles, contrast.
    ///
    /// Only colours written in the value itself count: one reached through a reference is reported at the token
    /// that writes it, and a whole-value alias is never decoded, so each colour is reported once however many
    /// tokens use it.
    /// - Parameters:
    ///   - value: the token's decoded value.
    ///   - references: the references found in the value as written.
    func gamutMappings(in value: TokenValue, of id: Int, references: [Reference]) -> [Diagnostic] {
        let site = layers.sites[id]
        let document = layers.files[site.file].document
        var colors: [(memberPath: [String], color: TokenValue.Color)] = []
        switch value {
        case .color(let color): colors = [([], color)]
        case .border(let border): colors = [(["color"], border.color)]
        case .shadow(let shadows):
            // One shadow may be written as the object itself rather than a list of one.
            let isList = document.kind(site.valueNode) == .array
            colors = shadows.enumerated().map { index, shadow in ((isList ? ["\(index)"] : []) + ["color"], shadow.color) }
        case .gradient(let stops): colors = stops.enumerated().map { index, stop in (["\(index)", "color"], stop.color) }
        default: return []
        }
        var found: [Diagnostic] = []
        for (memberPath, color) in colors where !color.colorSpace.isOverSRGB {
            guard !references.contains(where: { memberPath.starts(with: $0.memberPath) }) else { continue }
            let mapping = color.sRGBGamutMapping
            guard mapping.isMapped else { continue }
            let mapped = TokenValue.Color(red: mapping.components.x, green: mapping.components.y, blue: mapping.components.z, alpha: color.alpha)
            let member = ValueDecoder.Failure(memberPath: memberPath, message: "").memberDescription
            let path = layers.path(id) + (member.isEmpty ? "" : " (\(member))")
            found.append(Diagnostic(
                .info, .gamutMapped,
                "\(path) is \(color), outside the sRGB gamut; as sRGB it is gamut-mapped to \(mapped.hex)",
                at: location(site.file, node: memberNode(document, root: site.valueNode, path: memberPath)),
                token: layers.path(id)))
        }
        return found
    }
}
