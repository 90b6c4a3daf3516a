@_spi(Engine) import TokenJSON

extension JSONDocument {
    /// Where a node is written: its file and 1-based line and column.
    package func location(of node: Int, in file: String) -> SourceLocation {
        let (line, column) = location(ofOffset: offset(node))
        return SourceLocation(file: file, line: line, column: column)
    }
}
