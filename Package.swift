// swift-tools-version: 6.2
//
// ThemeEngine: a design-token theming engine.
//
// Targets, from the bottom up:
//   TokenJSON     JSON in and out, with no token types: the reader (strict JSON, JSONC, JSON5) with locations,
//                 the writer, a file's bytes (an array or a mapping), and the text helpers messages use.
//   ColorSpaces   CSSColor (TokenValue.Color): colour spaces, conversion, gamut mapping, CSS Color 4 strings and
//                 named colours, with no token types.
//   DesignTokens  the engine: reads DTCG token files, layers them, resolves references, typed values.
//   Theming       what renderers use: component styles (TextInput, AddressForm) computed from tokens,
//                 Themeable colour/image traits, theme scopes for a form's rows; UIKit/SwiftUI adapters.
//   Linting       `theme lint` as a library: the rule catalogue, WCAG contrast of what the components draw and
//                 of pairs declared in `$extensions`, and the review warnings the engine does not give itself.
//   ThemePreview  `theme preview` as a library: every component of the schema in every state, drawn from the
//                 Theming styles as SVG and HTML, each theme side by side.
//   TokenExport   `theme export` as a library: one exporter per format (CSS, Swift, asset catalogs, Android
//                 resources, DTCG) over the engine's resolved themes, and the names each language gives a path.
//   ThemeCLI      every command of the `theme` tool, as a library so tests run it in-process.
//   theme         the executable: a thin `main` over ThemeCLI.
//   theme-bench   the benchmark: every command timed as a whole process on synthetic token sets (BENCHMARKS.md).
//   TokenSetGenerator  deterministic synthetic DTCG token sets, for the benchmark and the tests.
//   theme-fuzz    the fuzz targets (Tests/Fuzz): libFuzzer's entry points when `Tests/Fuzz/run` builds it with
//                 `-sanitize=fuzzer,address`; otherwise a replayer of saved inputs, so a plain build checks it.
// Tests: one test target per library (TokenJSONTests and ColorSpacesTests among them) and one for the CLI, over
// ThemeEngineTestSupport (Tests/TestSupport: the checkout's files, token sources from text, golden files,
// temporary folders and FIFOs, a seeded random generator).
// Build support:
//   EmbedBundledFiles (plugin) + embed-resource (its tool) compile Tokens/defaultTokens.json and the bundled
//   themes into DesignTokens and Tokens/components.json into Theming, so the one canonical copy of each ships
//   inside the library and the binary runs on its own.

import PackageDescription

/// A release build on Linux links the executables statically (`-static-executable`: the Swift runtime and the C
/// libraries linked in), so no dynamic loader runs at start: a command that takes a few milliseconds spends a
/// large part of them there otherwise (BENCHMARKS.md). Its one link-time warning, about the runtime's optional
/// `dlopen` of prespecialized metadata, is expected. Not in debug builds, where start-up time does not matter. It
/// needs the toolchain's static runtime (usr/lib/swift_static) and the C library's static archives (libc6-dev).
let staticInRelease: [LinkerSetting] = [
    .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))
]

let package = Package(
    name: "ThemeEngine",
    products: [
        .library(name: "TokenJSON", targets: ["TokenJSON"]),
        .library(name: "ColorSpaces", targets: ["ColorSpaces"]),
        .library(name: "DesignTokens", targets: ["DesignTokens"]),
        .library(name: "Theming", targets: ["Theming"]),
        .library(name: "Linting", targets: ["Linting"]),
        .library(name: "TokenExport", targets: ["TokenExport"]),
        .library(name: "ThemePreview", targets: ["ThemePreview"]),
        .library(name: "ThemeCLI", targets: ["ThemeCLI"]),
        .executable(name: "theme", targets: ["theme"]),
        .executable(name: "theme-bench", targets: ["theme-bench"]),
    ],
    // No third-party packages, for the library, the CLI, the tests and the benchmarks.
    dependencies: [],
    targets: [
        // MARK: Engine

        .target(
            name: "TokenJSON"
        ),
        .target(
            name: "ColorSpaces",
            dependencies: ["TokenJSON"]
        ),
        .target(
            name: "DesignTokens",
            dependencies: ["TokenJSON", "ColorSpaces"],
            plugins: ["EmbedBundledFiles"]
        ),

        .target(
            name: "Theming",
            dependencies: ["TokenJSON", "DesignTokens"],
            plugins: ["EmbedBundledFiles"]
        ),

        .target(
            name: "Linting",
            dependencies: ["TokenJSON", "DesignTokens", "Theming"]
        ),

        .target(
            name: "TokenExport",
            dependencies: ["TokenJSON", "DesignTokens"]
        ),

        .target(
            name: "ThemePreview",
            dependencies: ["DesignTokens", "Theming", "Linting"]
        ),

        // MARK: Command line

        .target(
            name: "ThemeCLI",
            dependencies: ["TokenJSON", "DesignTokens", "Theming", "Linting", "TokenExport", "ThemePreview"]
        ),
        .executableTarget(
            name: "theme",
            dependencies: ["ThemeCLI"],
            linkerSettings: staticInRelease
        ),

        // MARK: Benchmark

        .target(
            name: "TokenSetGenerator"
        ),
        .executableTarget(
            name: "theme-bench",
            dependencies: ["DesignTokens", "Theming", "TokenExport", "TokenSetGenerator"]
        ),

        // MARK: Fuzzing

        .executableTarget(
            name: "theme-fuzz",
            dependencies: ["TokenJSON", "ColorSpaces", "DesignTokens", "Theming", "TokenSetGenerator"],
            path: "Tests/Fuzz/Sources"
        ),

        // MARK: Build support

        .executableTarget(
            name: "embed-resource",
            path: "Sources/BuildSupport/embed-resource"
        ),
        .plugin(
            name: "EmbedBundledFiles",
            capability: .buildTool(),
            dependencies: ["embed-resource"],
            path: "Sources/BuildSupport/EmbedBundledFiles"
        ),

        // MARK: Tests

        // Helpers every test target shares: the checkout's files, token sources from text, golden files.
        .target(
            name: "ThemeEngineTestSupport",
            dependencies: ["DesignTokens"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "TokenJSONTests",
            dependencies: ["TokenJSON", "ThemeEngineTestSupport"]
        ),
        .testTarget(
            name: "ColorSpacesTests",
            dependencies: ["ColorSpaces", "ThemeEngineTestSupport"]
        ),
        .testTarget(
            name: "DesignTokensTests",
            dependencies: ["TokenJSON", "ColorSpaces", "DesignTokens", "TokenSetGenerator", "ThemeEngineTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ThemingTests",
            dependencies: ["Theming", "DesignTokens", "ThemeEngineTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "LintingTests",
            dependencies: ["TokenJSON", "Linting", "Theming", "DesignTokens", "ThemeEngineTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ThemePreviewTests",
            dependencies: ["ThemePreview", "Theming", "DesignTokens", "ThemeEngineTestSupport"]
        ),
        .testTarget(
            name: "TokenExportTests",
            dependencies: ["TokenJSON", "TokenExport", "DesignTokens", "ThemeEngineTestSupport"],
            exclude: ["Snapshots"]
        ),
        // The end-to-end tests run the `theme` binary, which `swift test` builds with everything else; it is not a
        // dependency here, since that would link its release-only static runtime into a release test build.
        .testTarget(
            name: "ThemeCLITests",
            dependencies: ["TokenJSON", "ThemeCLI", "DesignTokens", "ThemeEngineTestSupport"],
            exclude: ["Snapshots", "Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
