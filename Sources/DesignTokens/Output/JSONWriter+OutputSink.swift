@_spi(Engine) import TokenJSON

extension JSONWriter {
    /// Hands what is written so far to `sink` and empties the buffer, once it holds at least `size` bytes
    /// (``flush(ifAtLeast:_:)``).
    package mutating func flush(to sink: inout OutputSink, ifAtLeast size: Int = OutputSink.pieceSize)
        throws(FileSystem.Failure)
    {
        try flush(ifAtLeast: size) { (bytes) throws(FileSystem.Failure) in try sink.write(bytes) }
    }

    /// Ends the document with a newline and hands the rest of it to `sink`.
    package mutating func finish(to sink: inout OutputSink) throws(FileSystem.Failure) {
        try finish { (bytes) throws(FileSystem.Failure) in try sink.write(bytes) }
    }
}
