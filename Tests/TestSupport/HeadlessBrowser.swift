import Foundation

/// Debian's `chromium`, run headless, for tests that look at what a page draws as a person would.
public enum HeadlessBrowser {
    /// The browser's executable: `$CHROMIUM`, or `chromium` or `chromium-browser` on the `PATH`; nil when there is
    /// none (`apt-get install -y chromium`; `.ci/run` installs it).
    public static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) { return path }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser"]
            where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }()

    /// Why the browser tests cannot run here, for their skip message.
    public static let missing =
        "chromium is not installed, so the preview is not looked at in a browser: apt-get install -y chromium (.ci/run does)"

    /// A screenshot of the page at `url`, `width` × `height` CSS pixels at one device pixel each.
    public static func screenshot(of url: URL, width: Int, height: Int) throws -> PNGImage {
        guard let executable else { throw PNGImage.DecodingError(description: missing) }
        let folder = try temporaryDirectory("browser")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png = folder + "/screenshot.png"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--no-first-run",
            "--user-data-dir=\(folder)/profile", "--window-size=\(width),\(height)", "--screenshot=\(png)",
            url.absoluteString,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            throw PNGImage.DecodingError(description: "chromium took over two minutes")
        }
        guard let data = FileManager.default.contents(atPath: png) else {
            throw PNGImage.DecodingError(
                description: "chromium wrote no screenshot (exit status \(process.terminationStatus))")
        }
        return try PNGImage(Array(data))
    }
}
