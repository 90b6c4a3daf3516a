import DesignTokens

/// `--format swift`: one Swift source file that declares the tokens as requirement types of the `Theming` traits,
/// and the resolved values of each variant as constants.
///
/// ```swift
/// public enum ThemeTokens {
///     public enum Color: String, ThemeColorRequirement, CaseIterable, Sendable {
///         /// `theme.color.border.brand`
///         case themeColorBorderBrand = "theme.color.border.brand"
///         public var tokenPath: String { rawValue }
///     }
///     …
///     public enum Dark {
///         public static func color(_ token: Color) -> ColorValue { … }
///     }
/// }
/// ```
///
/// A view whose `ColorRequirement` is `ThemeTokens.Color` reads `color(.themeColorBorderBrand)`, and its scope
/// checks each theme for every case before the view reads any. There is one case for each colour, image,
/// dimension (in an absolute unit) and typography token that every variant has, named by the path in camel case
/// (``IdentifierStyle/camelCase``, a keyword in backticks) and documented with its path and `$description`. Each
/// variant is an enum named after it in upper camel case (`base`, `dark`, `mode-dark.contrast-high` are `Base`,
/// `Dark`, `ModeDarkContrastHigh`) with a function per kind: `color(_:)` (sRGB, or Display P3 for a colour outside
/// sRGB), `points(_:)`, `image(_:)` and `textStyle(_:)`. It compiles without warnings in Swift 6 language mode.
struct SwiftExporter: TokenExporter {
    static let format = ExportFormat(
        name: "swift", summary: "requirement enums for the Theming traits, and each theme's values as constants",
        output: .file,
        exporter: SwiftExporter.self)

    /// The kinds of token the export declares, each a requirement enum and a constant function.
    private struct Kind: Sendable {
        var type: TokenType
        var enumName: String
        var requirement: String
        var function: String
        var valueType: String
        /// The constant's Swift expression, or nil where the value has none (a dimension in a relative unit).
        var literal: @Sendable (TokenValue) -> String?
    }

    private static let kinds: [Kind] = [
        Kind(
            type: .color, enumName: "Color", requirement: "ThemeColorRequirement", function: "color",
            valueType: "ColorValue"
        ) {
            guard case .color(let color) = $0 else { return nil }
            return colorLiteral(color)
        },
        Kind(
            type: .image, enumName: "Image", requirement: "ThemeImageRequirement", function: "image",
            valueType: "ImageValue"
        ) {
            guard case .image(let image) = $0 else { return nil }
            let file = image.file.map(SwiftLiteral.string) ?? "nil"
            return
                "ImageValue(asset: \(SwiftLiteral.string(image.asset)), file: \(file), isTemplate: \(image.renderingMode == .template))"
        },
        Kind(
            type: .dimension, enumName: "Dimension", requirement: "ThemeDimensionRequirement", function: "points",
            valueType: "Double"
        ) {
            guard case .dimension(let dimension) = $0 else { return nil }
            return dimension.points().map(SwiftLiteral.number)
        },
        Kind(
            type: .typography, enumName: "Typography", requirement: "ThemeTypographyRequirement", function: "textStyle",
            valueType: "TextStyle"
        ) {
            guard case .typography(let typography) = $0, let size = typography.fontSize.points() else { return nil }
            let spacing = typography.letterSpacing
            let letterSpacing = spacing.unit == .em ? spacing.value * size : spacing.points() ?? 0
            let families = "[" + typography.fontFamily.map(SwiftLiteral.string).joined(separator: ", ") + "]"
            return
                "TextStyle(fontFamily: \(families), size: \(SwiftLiteral.number(size)), weight: \(SwiftLiteral.number(typography.fontWeight.value)), "
                + "lineHeight: \(typography.lineHeight.map(SwiftLiteral.number) ?? "nil"), letterSpacing: \(SwiftLiteral.number(letterSpacing)))"
        },
    ]

    /// The names the generated enum declares itself, and the types and modules it names, which no variant (nor
    /// the enum) may take.
    static let ownTypes: Set<String> = [
        "Color", "Image", "Dimension", "Typography", "ColorValue", "ImageValue", "TextStyle", "Space", "String",
        "Double", "Bool",
        "Sendable", "Hashable", "CaseIterable", "Optional", "Swift", "Theming", "ThemeColorRequirement",
        "ThemeImageRequirement",
        "ThemeDimensionRequirement", "ThemeTypographyRequirement",
    ]
    /// The members every requirement enum has, which no case may take.
    private static let ownMembers: Set<String> = ["tokenPath", "rawValue", "allCases", "hashValue", "init"]

    func export(_ input: ExportInput) throws(DiagnosticError) -> ExportOutput {
        let tokens = VariantTokens(input)
        let access = input.options.access == .public ? "public " : ""
        let typeName = input.options.typeName
        let variantNames = try IdentifierTable(
            input.variants.map(\.name), style: .upperCamelCase, language: "Swift",
            reserved: Self.ownTypes.union([typeName])
        ).names
        var problems: [Diagnostic] = []
        var declarations: [String] = []
        /// Per kind: the tokens it declares, with their case names and literals per variant.
        var declared: [(kind: Kind, cases: [String], literals: [[String]])] = []
        for kind in Self.kinds {
            var indices: [Int] = []
            var literals: [[String]] = []
            tokens: for index in 0..<tokens.count where tokens.types[index] == kind.type {
                var perVariant: [String] = []
                for variant in input.variants.indices {
                    guard let value = tokens.value(index, in: variant), let literal = kind.literal(value) else {
                        continue tokens
                    }
                    perVariant.append(literal)
                }
                indices.append(index)
                literals.append(perVariant)
            }
            guard !indices.isEmpty else { continue }
            let names: [String]
            do {
                names = try IdentifierTable(
                    indices.map { tokens.paths[$0] }, style: .camelCase, language: "Swift", reserved: Self.ownMembers,
                    location: tokens.location(ofPath:)
                ).names
            } catch {
                problems += error.diagnostics
                continue
            }
            var body = ""
            for (index, name) in zip(indices, names) {
                body += SwiftLiteral.documentation(
                    ["`\(tokens.paths[index])`"] + (tokens.description(index).map { ["", $0] } ?? []),
                    indent: "        ")
                body += "        case \(SwiftLiteral.identifier(name)) = \(SwiftLiteral.string(tokens.paths[index]))\n"
            }
            declarations.append(
                """
                    /// The \(kind.type.name) tokens: \(kind.requirement)s for the `Theming` traits.
                    \(access)enum \(kind.enumName): String, \(kind.requirement), CaseIterable, Sendable {
                \(body)
                        \(access)var tokenPath: String { rawValue }
                    }

                """)
            declared.append((kind, names, literals))
        }
        guard problems.isEmpty else { throw DiagnosticError(problems) }

        var source = """
            // Generated by `theme export --format swift`; do not edit.
            import Theming

            /// The design tokens, as requirements of the `Theming` traits (`color(.themeColorBorderBrand)`), and the
            /// values of each theme as constants.
            \(access)enum \(typeName) {

            """
        source += declarations.joined(separator: "\n")
        source += Self.valueTypes(access: access)
        for (variant, typeName) in zip(input.variants, variantNames).enumerated().map({ ($0.offset, $0.element.1) }) {
            source +=
                "\n    /// The values of \(SwiftLiteral.string(input.variants[variant].name).dropFirst().dropLast()).\n"
            source += "    \(access)enum \(typeName) {\n"
            for (number, entry) in declared.enumerated() {
                if number > 0 { source += "\n" }
                source +=
                    "        \(access)static func \(entry.kind.function)(_ token: \(entry.kind.enumName)) -> \(entry.kind.valueType) {\n"
                source += "            switch token {\n"
                for (name, literals) in zip(entry.cases, entry.literals) {
                    source += "            case .\(SwiftLiteral.identifier(name)): \(literals[variant])\n"
                }
                source += "            }\n        }\n"
            }
            source += "    }\n"
        }
        source += "}\n"
        return .file(Array(source.utf8))
    }

    private static func colorLiteral(_ color: TokenValue.Color) -> String {
        let (space, channels) = color.isInSRGBGamut ? ("sRGB", color.srgb) : ("displayP3", color.displayP3)
        let components = [channels.red, channels.green, channels.blue, channels.alpha].map {
            SwiftLiteral.number(($0 * 1e6).rounded() / 1e6)
        }
        return
            "ColorValue(.\(space), red: \(components[0]), green: \(components[1]), blue: \(components[2]), alpha: \(components[3]))"
    }

    /// The types of the constants.
    private static func valueTypes(access: String) -> String {
        """

            /// A colour: its space and components, each in 0…1.
            \(access)struct ColorValue: Hashable, Sendable {
                \(access)enum Space: Hashable, Sendable {
                    case sRGB, displayP3
                }

                \(access)var space: Space
                \(access)var red: Double
                \(access)var green: Double
                \(access)var blue: Double
                \(access)var alpha: Double

                \(access)init(_ space: Space, red: Double, green: Double, blue: Double, alpha: Double) {
                    self.space = space
                    self.red = red
                    self.green = green
                    self.blue = blue
                    self.alpha = alpha
                }
            }

            /// An image: the asset a renderer looks up, the file it may come from, and whether it is tinted.
            \(access)struct ImageValue: Hashable, Sendable {
                \(access)var asset: String
                \(access)var file: String?
                \(access)var isTemplate: Bool
            }

            /// A text style, its lengths in points.
            \(access)struct TextStyle: Hashable, Sendable {
                \(access)var fontFamily: [String]
                \(access)var size: Double
                \(access)var weight: Double
                /// A multiple of the size; nil for the font's own.
                \(access)var lineHeight: Double?
                \(access)var letterSpacing: Double
            }

        """
    }
}
