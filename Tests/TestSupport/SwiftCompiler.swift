import Foundation

/// The toolchain's Swift compiler, for tests that check that Swift written outside the package compiles: code in
/// the documentation, and code ThemeEngine generates.
public enum SwiftCompiler {
    /// What a compilation printed, and whether it succeeded.
    public struct Result: Sendable {
        public var succeeded: Bool
        public var output: String
    }

    /// The folder of the modules this test build made (`DesignTokens.swiftmodule` and the others): beside the test
    /// executable, or a few levels above it inside an `.xctest` bundle.
    public static let modulesFolder: String? = {
        #if os(Linux)
            let executable =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
        #else
            let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/" {
            let modules = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("DesignTokens.swiftmodule").path) {
                return modules.path
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    /// Type-checks `source`, one file, in Swift 6 language mode, against the package's modules, with warnings as
    /// errors when `warningsAsErrors`.
    public static func typecheck(_ source: String, named name: String = "Snippet.swift", warningsAsErrors: Bool = true)
        throws -> Result
    {
        guard let modulesFolder else {
            return Result(succeeded: false, output: "the package's built modules were not found")
        }
        let folder = try temporaryDirectory("swiftc")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/" + name
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["swiftc", "-typecheck", "-swift-version", "6", "-I", modulesFolder]
            + (warningsAsErrors ? ["-warnings-as-errors"] : []) + [file]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(succeeded: process.terminationStatus == 0, output: String(decoding: data, as: UTF8.self))
    }
}
