#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes as the JSON reader reads them: an array, or a read-only mapping of the file (``Mapping``), which
/// takes neither a copy nor fresh memory.
///
/// Why both: a file read into an array is copied into pages the process has never used, each of which must be
/// faulted in, where a mapping shares the pages the system already holds for the file. A mapping is for a process
/// that lives as long as a command (`theme resolve` maps the files it is given), since a file truncated by another
/// process while mapped faults the reader (`SIGBUS`), and one rewritten in place shows through.
@_spi(Engine) public struct SourceBytes: Sendable {
    /// A read-only mapping of a whole file (`mmap(2)`), unmapped when the last reference to it goes.
    @_spi(Engine) public final class Mapping: @unchecked Sendable {
        // Read-only for its whole life, so it may be read from any thread.
        @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

        /// Takes over a mapping made by `mmap` of exactly `bytes`, which `deinit` unmaps: `bytes.count` is the
        /// length mapped, so every read of them is of the mapping (the file's size when it was mapped).
        package init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        deinit {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        }
    }

    @usableFromInline enum Storage: Sendable {
        case array([UInt8])
        case mapping(Mapping)
    }

    @usableFromInline let storage: Storage

    package init(_ bytes: [UInt8]) {
        storage = .array(bytes)
    }

    package init(_ mapping: Mapping) {
        storage = .mapping(mapping)
    }

    package var count: Int {
        switch storage {
        case .array(let bytes): bytes.count
        case .mapping(let mapping): mapping.bytes.count
        }
    }

    /// Whether the bytes are a file's mapping (for the tests).
    package var isMapped: Bool {
        if case .mapping = storage { true } else { false }
    }

    /// The bytes as an array (a copy, for a mapping).
    package var array: [UInt8] {
        switch storage {
        case .array(let bytes): bytes
        case .mapping(let mapping): Array(mapping.bytes)
        }
    }

    /// Calls `body` with the bytes, borrowed for the call. Inlinable, so that it is specialised for each caller in
    /// the modules that read documents.
    @inlinable
    @_spi(Engine) public func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        switch storage {
        case .array(let bytes): try bytes.withUnsafeBufferPointer(body)
        case .mapping(let mapping): try withExtendedLifetime(mapping) { () throws(Failure) in try body(mapping.bytes) }
        }
    }

    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "index out of range")
        return withUnsafeBufferPointer { $0[index] }
    }

    /// Whether the bytes are `other`'s very buffer (one file read once, shared), not a copy.
    func isSameBuffer(as other: SourceBytes) -> Bool {
        withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress && mine.count == $0.count }
        }
    }

    /// Whether the bytes are `other`'s.
    package func hasSameBytes(as other: SourceBytes) -> Bool {
        withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in
                // `memcmp` reads `mine.count` bytes of each, only when the counts are equal.
                mine.count == theirs.count
                    && (mine.isEmpty || mine.baseAddress == theirs.baseAddress
                        || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0)
            }
        }
    }
}
