import ColorSpaces
@_spi(Engine) import TokenJSON

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
        // Most colours are sRGB, which is never outside: those values cost a look at their colour space only.
        func isWide(_ color: TokenValue.Color) -> Bool { !color.colorSpace.isOverSRGB }
        let site = layers.sites[id]
        let colors: [(memberPath: [String], color: TokenValue.Color)]
        switch value {
        case .color(let color) where isWide(color): colors = [([], color)]
        case .border(let border) where isWide(border.color): colors = [(["color"], border.color)]
        case .shadow(let shadows) where shadows.contains(where: { isWide($0.color) }):
            // One shadow may be written as the object itself rather than a list of one.
            let isList = layers.files[site.file].document.kind(site.valueNode) == .array
            colors = shadows.enumerated().map { index, shadow in
                ((isList ? ["\(index)"] : []) + ["color"], shadow.color)
            }
        case .gradient(let stops) where stops.contains(where: { isWide($0.color) }):
            colors = stops.enumerated().map { index, stop in (["\(index)", "color"], stop.color) }
        default: return []
        }
        let document = layers.files[site.file].document
        var found: [Diagnostic] = []
        for (memberPath, color) in colors where isWide(color) {
            guard !references.contains(where: { memberPath.starts(with: $0.memberPath) }) else { continue }
            let mapping = color.sRGBGamutMapping
            guard mapping.isMapped else { continue }
            let mapped = TokenValue.Color(
                red: mapping.components.x, green: mapping.components.y, blue: mapping.components.z, alpha: color.alpha)
            let member = ValueDecoder.Failure(memberPath: memberPath, message: "").memberDescription
            let path = layers.path(id) + (member.isEmpty ? "" : " (\(member))")
            found.append(
                Diagnostic(
                    .info, .gamutMapped,
                    "\(path) is \(color), outside the sRGB gamut; as sRGB it is gamut-mapped to \(mapped.hex)",
                    at: location(site.file, node: memberNode(document, root: site.valueNode, path: memberPath)),
                    token: layers.path(id)))
        }
        return found
    }
}
