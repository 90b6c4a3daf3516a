import Foundation
import Testing
import ThemeEngineTestSupport

@testable import ThemeCLI

/// One malformed or hostile input, and how `theme` must refuse it (the cases are in `BadInputCatalogue+*.swift`).
struct BadInput: Sendable, CustomTestStringConvertible {
    /// The output a case is given, which the refusal must leave as it was.
    enum Output: Sendable {
        /// `--output` names a file that is there already.
        case file
        /// `--output-dir` names a folder that holds a file already.
        case folder
        /// The command line says where its output goes, or there is none.
        case none
    }

    var name: String
    /// The files written into the case's folder, by their paths in it.
    var files: [String: [UInt8]]
    /// The command line, `{d}` standing for the case's folder.
    var arguments: [String]
    var output: Output
    var exitCode: Int32
    /// The start of the first error line: `FILE:LINE:COLUMN: error: [rule]`, or a usage error's whole line.
    var firstError: String

    init(
        _ name: String, _ files: [String: [UInt8]], _ arguments: [String], output: Output, exit exitCode: Int32,
        _ firstError: String
    ) {
        self.name = name
        self.files = files
        self.arguments = arguments
        self.output = output
        self.exitCode = exitCode
        self.firstError = firstError
    }

    var testDescription: String { name }

    static let all = tokenFiles + resolversAndCommands
}

/// Malformed and hostile input for every reader: JSON in each dialect, token files, Tokens Studio exports, resolver
/// documents, component schemas, command-line options and output paths. Each is refused the same way: the exit
/// status (2, or 64 for a usage error), nothing on standard output, the first error naming the rule, file, line and
/// column, the output given left byte for byte as it was and no file added, a bounded standard error, and an end
/// well within a few seconds (a check for a hang, not for speed).
@Suite("A catalogue of bad input, each refused cleanly")
struct BadInputCatalogueTests {
    @Test("the catalogue covers every reader with at least 80 inputs")
    func size() {
        #expect(BadInput.all.count >= 80)
        #expect(Set(BadInput.all.map(\.name)).count == BadInput.all.count)
    }

    @Test(
        "refused: exit status, nothing on stdout, the first error located, the output left as it was",
        arguments: BadInput.all)
    func refused(_ input: BadInput) throws {
        let folder = try temporaryDirectory("bad-input")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (path, bytes) in input.files { try write(bytes, to: folder + "/" + path) }
        var arguments = input.arguments.map { $0.replacingOccurrences(of: "{d}", with: folder) }
        let earlier = Array("earlier output\n".utf8)
        switch input.output {
        case .file:
            try write(earlier, to: folder + "/existing.out")
            arguments += ["--output", folder + "/existing.out"]
        case .folder:
            try write(earlier, to: folder + "/existing/earlier.txt")
            arguments += ["--output-dir", folder + "/existing"]
        case .none:
            break
        }
        let before = try contents(of: folder)

        let clock = ContinuousClock()
        let start = clock.now
        let result = theme(arguments)
        let elapsed = clock.now - start

        #expect(result.exitCode.rawValue == input.exitCode)
        #expect(result.standardOutput.isEmpty)
        let errors = result.errors.replacingOccurrences(of: folder + "/", with: "")
        let first = errors.split(separator: "\n").first { $0.contains("error:") }.map(String.init)
        #expect(first?.hasPrefix(input.firstError) == true, "\(errors)")
        #expect(try contents(of: folder) == before, "the folder changed")
        #expect(result.standardError.count < 4 << 20)
        #expect(elapsed < .seconds(10))
    }

    /// Writes a file, making the folders on its way.
    private func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Every file below `folder`, by its path there, with its bytes.
    private func contents(of folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder) ?? .init() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) else { continue }
            files[path] =
                isFolder.boolValue ? [] : Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)))
        }
        return files
    }
}
