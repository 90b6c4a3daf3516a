import Foundation

/// A fresh folder of its own under the system's temporary folder, `theme-NAME-UUID`, removed by the caller.
public func temporaryDirectory(_ name: String = "tests") throws -> String {
    let path = NSTemporaryDirectory() + "theme-\(name)-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
