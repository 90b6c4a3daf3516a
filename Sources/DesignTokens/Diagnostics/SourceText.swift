/// Lines of a source file, for quoting the line a diagnostic points at.
package enum SourceText {
    /// The text of a 1-based line of `bytes`, without its line break (and without a byte order mark).
    package static func line(_ line: Int, in source: SourceBytes) -> String? {
        source.withUnsafeBufferPointer { self.line(line, in: $0) }
    }

    private static func line(_ line: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard line >= 1 else { return nil }
        var start = 0
        var current = 1
        while current < line {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            start = newline + 1
            current += 1
        }
        if start == 0 { start = JSONReader.byteOrderMarkLength(bytes) }
        var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
