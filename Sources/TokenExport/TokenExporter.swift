import DesignTokens

/// One output format of `theme export`: what it makes of an ``ExportInput``.
///
/// A format is one type conforming to this protocol, listed in ``ExportFormat/all``: adding one touches its own
/// file and that list.
public protocol TokenExporter: Sendable {
    /// What the format is called on the command line (`css`) and what it makes.
    static var format: ExportFormat { get }

    init()

    /// Writes the variants of `input` in this format.
    /// - Throws: every token the format cannot write (a name no language can spell, two tokens with one name, an
    ///   image file that is missing), each located at the token.
    func export(_ input: ExportInput) throws(DiagnosticError) -> ExportOutput
}

/// A format of `theme export`, as its help and the table of formats describe it.
public struct ExportFormat: Sendable {
    /// The value of `--format`: `css`, `swift`, `xcassets`, `android`, `dtcg`.
    public var name: String
    /// One line for `theme export --help`.
    public var summary: String
    /// What it writes: one file (`--output`) or a folder (`--output-dir`).
    public var output: Output
    /// The exporter.
    public var exporter: any TokenExporter.Type

    public init(name: String, summary: String, output: Output, exporter: any TokenExporter.Type) {
        self.name = name
        self.summary = summary
        self.output = output
        self.exporter = exporter
    }

    /// What a format writes.
    public enum Output: Sendable {
        case file
        case folder
        /// One file for one variant, a folder of one file each for several.
        case filePerVariant

        /// Whether an export of `variants` variants is a folder.
        public func isFolder(variants: Int) -> Bool {
            switch self {
            case .file: false
            case .folder: true
            case .filePerVariant: variants > 1
            }
        }
    }

    /// Every format, in the order `theme export --help` lists them.
    public static let all: [ExportFormat] = [
        CSSExporter.format, SwiftExporter.format, AssetCatalogExporter.format, AndroidExporter.format,
        DTCGExporter.format,
    ]

    /// The names the Swift export declares or uses itself, which `--type-name` may not take.
    public static var swiftReservedNames: Set<String> { SwiftExporter.ownTypes }

    /// The format named `name`, or nil.
    public static func named(_ name: String) -> ExportFormat? { all.first { $0.name == name } }
}
