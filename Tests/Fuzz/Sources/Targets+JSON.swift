@_spi(Engine) import TokenJSON

extension FuzzTarget {
    /// The JSON reader in one dialect. A document it reads is written back with the writer and read again as strict
    /// JSON, to the same value; a refusal points inside the text.
    static func json(_ dialect: JSONDialect) -> FuzzTarget {
        let name =
            switch dialect {
            case .json: "json"
            case .jsonc: "jsonc"
            case .json5: "json5"
            }
        return FuzzTarget(name: name) { bytes in
            let document: JSONDocument
            do throws(JSONReader.SyntaxError) {
                document = try JSONReader.parse(bytes, dialect: dialect)
            } catch {
                require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset)")
                require(!error.message.isEmpty, "an empty message")
                return
            }
            for node in document.nodes.indices {
                require(document.offset(node) <= bytes.count, "node \(node) starts past the end")
                require(Int(document.nodes[node].end) <= document.nodes.count, "node \(node) ends past the nodes")
            }
            let location = document.location(ofOffset: bytes.count)
            require(location.line >= 1 && location.column >= 1, "location \(location) of the end")
            let value = document.value(document.root)
            var writer = JSONWriter.compact()
            writer.value(value)
            let written = writer.finish()
            do throws(JSONReader.SyntaxError) {
                let reread = try JSONReader.parse(written)
                require(reread.value(reread.root) == value, "the value written back reads as another")
            } catch {
                fatalError("the value written back is not strict JSON: \(error.message) at byte \(error.offset)")
            }
        }
    }
}
