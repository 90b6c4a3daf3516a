import ColorSpaces
@_spi(Engine) import TokenJSON

/// The decoder's composite types (border, transition, shadow, gradient), whose members are values of the simple
/// types, and ThemeEngine's own `image`.
extension ValueDecoder {
    // MARK: Composite types

    func border(_ value: Input) throws(Failure) -> TokenValue.Border {
        let members = try required(value, type: "border", ["color", "width", "style"])
        return .init(
            color: try nested(["color"]) { () throws(Failure) in try color(members[0]!) },
            width: try nested(["width"]) { () throws(Failure) in try dimension(members[1]!) },
            style: try nested(["style"]) { () throws(Failure) in try strokeStyle(members[2]!) })
    }

    /// A transition; one without `delay` (as older drafts wrote them) has none, 0ms.
    func transition(_ value: Input) throws(Failure) -> TokenValue.Transition {
        let members = try required(value, type: "transition", ["duration", "timingFunction"], optional: ["delay"])
        var delay = TokenValue.Duration(0, .ms)
        if let delayMember = members[2] {
            delay = try nested(["delay"]) { () throws(Failure) in try duration(delayMember) }
        } else {
            deviate(value, #"no "delay" read as 0ms; write "delay": {"value": 0, "unit": "ms"}"#)
        }
        return .init(
            duration: try nested(["duration"]) { () throws(Failure) in try duration(members[0]!) },
            delay: delay,
            timingFunction: try nested(["timingFunction"]) { () throws(Failure) in try cubicBezier(members[1]!) })
    }

    func shadows(_ value: Input) throws(Failure) -> [TokenValue.Shadow] {
        if let layers = elements(value) {
            guard !layers.isEmpty else { throw fail("a shadow list must not be empty") }
            var result: [TokenValue.Shadow] = []
            result.reserveCapacity(layers.count)
            for (index, layer) in layers.enumerated() {
                result.append(try nested(["\(index)"]) { () throws(Failure) in try shadow(layer) })
            }
            return result
        }
        return [try shadow(value)]
    }

    /// One shadow layer; one without `spread` (as older drafts wrote them) has none, 0px. Tokens Studio's `x`, `y`
    /// and `type` are read as `offsetX`, `offsetY` and `inset` (``tokensStudioShadowMembers(_:of:)``).
    func shadow(_ value: Input) throws(Failure) -> TokenValue.Shadow {
        guard kind(value) == .object else {
            throw fail("expected a shadow object {color, offsetX, offsetY, blur}, found \(kindDescription(value))")
        }
        var members = try lookUp(value, Self.shadowMembers, orTokensStudio: Self.tokensStudioShadowMembers)
        var names = Self.shadowMembers
        if members[6] != nil || members[7] != nil || members[8] != nil {
            try tokensStudioShadowMembers(&members, of: value)
            names[1] = members[6] == nil ? "offsetX" : "x"
            names[2] = members[7] == nil ? "offsetY" : "y"
        }
        for (index, name) in ["color", "offsetX", "offsetY", "blur"].enumerated() where members[index] == nil {
            throw fail("a shadow needs \"\(name)\"")
        }
        var inset = false
        if let insetMember = members[5] {
            guard let flag = bool(insetMember) else { throw fail("inset must be true or false", at: "inset") }
            inset = flag
        } else if let kind = members[8] {
            inset = string(kind) == "innerShadow"
        }
        var spread = TokenValue.Dimension(0, .px)
        if let spreadMember = members[4] {
            spread = try nested(["spread"]) { () throws(Failure) in try dimension(spreadMember) }
        } else {
            deviate(value, #"no "spread" read as 0px; write "spread": {"value": 0, "unit": "px"}"#)
        }
        return .init(
            color: try nested(["color"]) { () throws(Failure) in try color(members[0]!) },
            offsetX: try nested([names[1]]) { () throws(Failure) in try dimension(members[1]!) },
            offsetY: try nested([names[2]]) { () throws(Failure) in try dimension(members[2]!) },
            blur: try nested(["blur"]) { () throws(Failure) in try dimension(members[3]!) },
            spread: spread,
            inset: inset)
    }

    /// The members of a shadow layer DTCG 2025.10 defines.
    static let shadowMembers = ["color", "offsetX", "offsetY", "blur", "spread", "inset"]

    func gradient(_ value: Input) throws(Failure) -> [TokenValue.GradientStop] {
        guard let stops = elements(value), !stops.isEmpty else {
            throw fail("expected a gradient: a non-empty array of {color, position} stops")
        }
        var result: [TokenValue.GradientStop] = []
        for (index, stop) in stops.enumerated() {
            let members = try nested(["\(index)"]) { () throws(Failure) in
                try required(stop, type: "gradient stop", ["color", "position"])
            }
            let stopColor = try nested(["\(index)", "color"]) { () throws(Failure) in try color(members[0]!) }
            let position = try nested(["\(index)", "position"]) { () throws(Failure) in try number(members[1]!) }
            result.append(.init(color: stopColor, position: min(max(position, 0), 1)))
        }
        return result
    }

    // MARK: ThemeEngine types

    func image(_ value: Input) throws(Failure) -> TokenValue.Image {
        switch kind(value) {
        case .string where !string(value)!.isEmpty:
            return .init(asset: string(value)!)
        case .object:
            let members = try required(value, type: "image", ["asset"], optional: ["file", "renderingMode"])
            guard let asset = string(members[0]!), !asset.isEmpty else {
                throw fail(
                    "expected the asset name as a non-empty string, found \(kindDescription(members[0]!))", at: "asset")
            }
            var image = TokenValue.Image(asset: asset)
            if let file = members[1] {
                guard let path = string(file), !path.isEmpty else {
                    throw fail("expected a file path as a non-empty string, found \(kindDescription(file))", at: "file")
                }
                image.file = path
            }
            if let mode = members[2] {
                let allowed = TokenValue.Image.RenderingMode.allCases.map(\.rawValue)
                guard let name = string(mode), let renderingMode = TokenValue.Image.RenderingMode(rawValue: name) else {
                    let expected = allowed.map { "\"\($0)\"" }.joined(separator: " or ")
                    guard let name = string(mode) else {
                        throw fail("expected \(expected), found \(kindDescription(mode))", at: "renderingMode")
                    }
                    let hint = Suggestion.hint(for: name, among: allowed) { "\"\($0)\"" }
                    throw fail("expected \(expected), found \"\(name)\"\(hint)", at: "renderingMode")
                }
                image.renderingMode = renderingMode
            }
            return image
        default:
            let found = string(value) == "" ? "an empty string" : kindDescription(value)
            throw fail("expected an image: an asset name, or {\"asset\", \"file\", \"renderingMode\"}, found \(found)")
        }
    }
}
