import DesignTokens
@_spi(Engine) import TokenJSON

/// `--format xcassets`: asset catalogs for Xcode, `Colors.xcassets` with a colour set per colour token and
/// `Images.xcassets` with an image set per image whose token names a file.
///
/// Each colour set holds the base's colour as the universal one and, for a colour that differs in any variant,
/// the colour of every appearance (luminosity dark, contrast high, or both), so one catalog holds every mode and
/// the system picks. A colour inside sRGB is written in `srgb` as 8-bit hexadecimal components; one outside, in
/// `display-p3` as decimals. Colour sets are named by the path in camel case (``IdentifierStyle/camelCase``,
/// without backticks), compared without regard to case as the file system may; image sets by the token's `asset`,
/// the name a renderer looks up, with the file copied in (`template` rendering kept as the set's
/// `template-rendering-intent`).
struct AssetCatalogExporter: TokenExporter {
    static let format = ExportFormat(
        name: "xcassets", summary: "Colors.xcassets and Images.xcassets, every appearance in one catalog",
        output: .folder,
        exporter: AssetCatalogExporter.self)

    private static let appearances: Set<Appearance> = [
        Appearance(isDark: true), Appearance(isHighContrast: true), Appearance(isDark: true, isHighContrast: true),
    ]

    func export(_ input: ExportInput) throws(DiagnosticError) -> ExportOutput {
        let slots = try AppearanceSlots(input, supported: Self.appearances, platform: "an asset catalog").variants
        let tokens = VariantTokens(input)
        let colors = (0..<tokens.count).filter { tokens.types[$0] == .color && tokens.ids[0][$0] >= 0 }
        let names = try IdentifierTable(
            colors.map { tokens.paths[$0] }, style: .camelCase, language: "an asset catalog", foldingCase: true,
            location: tokens.location(ofPath:)
        ).names
        var files = [ExportedFile("Colors.xcassets/Contents.json", bytes: Self.json(["info": Self.info]))]
        for (index, name) in zip(colors, names) {
            let varies = slots.dropFirst().contains {
                !tokens.isSame(index, in: $0.variant, as: 0, comparingReferences: false)
            }
            var entries: [JSONValue] = []
            for (appearance, variant) in varies ? slots : Array(slots.prefix(1)) {
                guard case .color(let color)? = tokens.value(index, in: variant) else { continue }
                var entry: [JSONValue.Member] = []
                if appearance != .any { entry.append(.init("appearances", .array(Self.appearanceList(appearance)))) }
                entry.append(.init("color", Self.color(color)))
                entry.append(.init("idiom", .string("universal")))
                entries.append(.object(entry))
            }
            files.append(
                ExportedFile(
                    "Colors.xcassets/\(name).colorset/Contents.json",
                    bytes: Self.json(["colors": .array(entries), "info": Self.info])))
        }
        files += try imageSets(tokens, slots)
        return .folder(files)
    }

    /// An image set for each asset name whose tokens name a file, with the file of each appearance.
    private func imageSets(_ tokens: VariantTokens, _ slots: [(appearance: Appearance, variant: Int)])
        throws(DiagnosticError) -> [ExportedFile]
    {
        var order: [String] = []
        var imagesOfAsset: [String: [(appearance: Appearance, image: TokenValue.Image)]] = [:]
        for index in 0..<tokens.count where tokens.types[index] == .image {
            for (appearance, variant) in slots {
                guard case .image(let image)? = tokens.value(index, in: variant), image.file != nil else { continue }
                if imagesOfAsset[image.asset] == nil { order.append(image.asset) }
                if !(imagesOfAsset[image.asset] ?? []).contains(where: { $0.appearance == appearance }) {
                    imagesOfAsset[image.asset, default: []].append((appearance, image))
                }
            }
        }
        guard !order.isEmpty else { return [] }
        var files = [ExportedFile("Images.xcassets/Contents.json", bytes: Self.json(["info": Self.info]))]
        var problems: [Diagnostic] = []
        var assetOfFolder: [String: String] = [:]
        for asset in order {
            // Folder names, compared as a file system that ignores case compares them.
            if let other = assetOfFolder.updateValue(asset, forKey: asset.lowercased()), other != asset {
                problems.append(
                    Diagnostic(
                        .error, .identifierCollision,
                        "the image assets \(other) and \(asset) would both be the image set \(asset).imageset on a file system that ignores case; rename one of them"
                    ))
                continue
            }
            guard Self.isFileName(asset) else {
                problems.append(
                    Diagnostic(
                        .error, .unnamableToken,
                        "the image asset \(asset) cannot name an image set: it is empty, starts with a dot or holds a / or a control character"
                    ))
                continue
            }
            let folder = "Images.xcassets/\(asset).imageset/"
            var images: [JSONValue] = []
            var usedNames: Set<String> = []
            for (number, (appearance, image)) in imagesOfAsset[asset]!.enumerated() {
                let file = image.file!
                var fileName = String(file.split(separator: "/").last ?? "image")
                if !usedNames.insert(fileName.lowercased()).inserted {
                    fileName = "\(number)-" + fileName
                    usedNames.insert(fileName.lowercased())
                }
                var entry: [JSONValue.Member] = []
                if appearance != .any { entry.append(.init("appearances", .array(Self.appearanceList(appearance)))) }
                entry.append(.init("filename", .string(fileName)))
                entry.append(.init("idiom", .string("universal")))
                images.append(.object(entry))
                files.append(ExportedFile(folder + fileName, .copy(of: file)))
            }
            var contents: [String: JSONValue] = ["images": .array(images), "info": Self.info]
            let template = imagesOfAsset[asset]![0].image.renderingMode
            var properties: [JSONValue.Member] = []
            let raster: Set<String> = ["png", "jpg", "jpeg", "heic", "heif", "gif", "tif", "tiff", "bmp", "webp"]
            if imagesOfAsset[asset]!.contains(where: {
                !raster.contains(($0.image.file!.split(separator: ".").last ?? "").lowercased())
            }) {
                properties.append(.init("preserves-vector-representation", .bool(true)))
            }
            if let template { properties.append(.init("template-rendering-intent", .string(template.rawValue))) }
            if !properties.isEmpty { contents["properties"] = .object(properties) }
            files.append(ExportedFile(folder + "Contents.json", bytes: Self.json(contents)))
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }
        return files
    }

    private static let info = JSONValue.object([.init("author", .string("xcode")), .init("version", .number(1))])

    private static func appearanceList(_ appearance: Appearance) -> [JSONValue] {
        var list: [JSONValue] = []
        if appearance.isDark {
            list.append(.object([.init("appearance", .string("luminosity")), .init("value", .string("dark"))]))
        }
        if appearance.isHighContrast {
            list.append(.object([.init("appearance", .string("contrast")), .init("value", .string("high"))]))
        }
        return list
    }

    /// A colour set's `color`: sRGB as `0xRR` components (the bytes of the colour's `hex`), Display P3 as decimals
    /// with three places; alpha as a decimal.
    static func color(_ color: TokenValue.Color) -> JSONValue {
        let space: String
        let red: String
        let green: String
        let blue: String
        if color.isInSRGBGamut {
            space = "srgb"
            let hex = Array(color.hex.uppercased().utf8)
            func byte(_ index: Int) -> String {
                "0x" + String(decoding: hex[(1 + 2 * index)...(2 + 2 * index)], as: UTF8.self)
            }
            (red, green, blue) = (byte(0), byte(1), byte(2))
        } else {
            space = "display-p3"
            let p3 = color.displayP3
            (red, green, blue) = (decimal(p3.red), decimal(p3.green), decimal(p3.blue))
        }
        return .object([
            .init("color-space", .string(space)),
            .init(
                "components",
                .object([
                    .init("alpha", .string(decimal(color.alpha))),
                    .init("blue", .string(blue)),
                    .init("green", .string(green)),
                    .init("red", .string(red)),
                ])),
        ])
    }

    /// `0.500`: a component in 0…1 with three decimal places, as Xcode writes them.
    private static func decimal(_ value: Double) -> String {
        let thousandths = Int((min(max(value, 0), 1) * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Whether a name can be a folder's: not empty, no `/`, no leading dot, no control character.
    private static func isFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".")
            && !name.unicodeScalars.contains { $0 == "/" || $0.value < 0x20 || $0.value == 0x7F }
    }

    /// A `Contents.json`: the members in the order given by the keys' sort, as Xcode writes them.
    private static func json(_ members: [String: JSONValue]) -> [UInt8] {
        var writer = JSONWriter()
        writer.value(.object(members.keys.sorted().map { .init($0, members[$0]!) }))
        return writer.finish() + [UInt8(ascii: "\n")]
    }
}
