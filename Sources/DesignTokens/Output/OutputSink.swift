#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an output goes as it is made: an open file (standard output, or the temporary file that an atomic write
/// renames into place) or memory.
///
/// The token outputs hand a sink their bytes in pieces of about ``pieceSize`` as they write them, so a large
/// theme's output is never held whole on its way to a file.
package struct OutputSink {
    /// The file descriptor written to; nil for memory.
    private let descriptor: Int32?
    /// What was written, for a sink in memory.
    package private(set) var bytes: [UInt8] = []

    /// The size of the pieces outputs hand over: large enough that writing them costs few system calls, small
    /// enough to stay in the processor's caches.
    package static let pieceSize = 64 * 1024

    /// Writes an output into a sink as it makes it.
    package typealias Writer = @Sendable (inout OutputSink) throws(FileSystem.Failure) -> Void

    /// A sink that keeps what is written, in ``bytes``.
    package static var memory: OutputSink { OutputSink(descriptor: nil) }

    /// What `write` writes, kept in memory.
    package static func collect(_ write: (inout OutputSink) throws(FileSystem.Failure) -> Void) -> [UInt8] {
        var sink = OutputSink.memory
        do {
            try write(&sink)
        } catch {
            preconditionFailure("a sink in memory does not throw")
        }
        return sink.bytes
    }

    /// A sink that writes into a file descriptor open for writing (standard output, a file being written); it
    /// stays the caller's to close.
    package init(writingTo descriptor: Int32) {
        self.descriptor = descriptor
    }

    private init(descriptor: Int32?) {
        self.descriptor = descriptor
    }

    /// Writes `piece` after what was written before.
    /// - Throws: why the file could not be written (a sink in memory does not throw).
    package mutating func write(_ piece: UnsafeBufferPointer<UInt8>) throws(FileSystem.Failure) {
        if let descriptor {
            try Self.write(piece, to: descriptor)
        } else {
            bytes.append(contentsOf: piece)
        }
    }

    /// Writes `piece` after what was written before.
    package mutating func write(_ piece: [UInt8]) throws(FileSystem.Failure) {
        try piece.withUnsafeBufferPointer { (piece) throws(FileSystem.Failure) in try write(piece) }
    }

    /// Writes all of `bytes` to a file descriptor, in as many calls as it takes.
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) throws(FileSystem.Failure) {
        guard let base = bytes.baseAddress else { return }
        // Each call writes from the `bytes.count - written` bytes not yet written.
        var written = 0
        while written < bytes.count {
            let result = posixWrite(descriptor, base + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw FileSystem.lastError()
            }
            written += result
        }
    }
}

// The POSIX call under a name that does not collide with the sink's own `write`.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
