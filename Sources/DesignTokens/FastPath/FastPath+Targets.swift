extension FastPath {
    /// The tokens the first file's whole-value aliases name, looked up by two threads. The second thread starts on
    /// them from the back as soon as the first file is read (after the records); this one, when it needs them
    /// (once it has read the later files and decoded the first file's literals), takes what is left from the front
    /// (``SecondThread/Ends``) instead of waiting for the second to finish them all.
    ///
    /// Why: at 100,000 tokens the lookups take ~7.5 ms (cache misses, ~80,000 of them), and the second thread's
    /// steps (records, these, the output's order) were the longer chain: this thread waited ~2 ms for them here,
    /// and again for the order after resolving.
    final class AliasTargets: @unchecked Sendable {
        // Read by both threads and written by neither, but `found`, which each writes only at the chunks it takes.
        private let references: [(start: Int32, count: Int32)]
        private let bytes: SourceBytes
        private let paths: Paths
        private let nodes: [Stack.Node]
        private let ends: SecondThread.Ends
        /// By reference, the token it names, or -1 (for a path that is no token's, or a string that is not a plain
        /// reference); uninitialized until the reference's chunk is looked up.
        private let found: UnsafeMutableBufferPointer<Int32>

        /// The lookups of `references` (ranges of `bytes`, strings' contents) among `paths`, whose nodes are
        /// `nodes`: the first file's, which settles what each path is (a later file adds no token and turns no
        /// group into one; the fast path gives up there).
        init(references: [(start: Int32, count: Int32)], in bytes: SourceBytes, paths: Paths, nodes: [Stack.Node]) {
            self.references = references
            self.bytes = bytes
            self.paths = paths
            self.nodes = nodes
            ends = SecondThread.Ends(count: references.count, chunk: Self.referencesInAChunk)
            // Left uninitialized: each chunk's lookups write every index of the chunk, and the chunks cover them all.
            found = .allocate(capacity: references.count)
        }

        deinit {
            found.deallocate()
        }

        /// References looked up at a time: at 100,000 tokens some 300 chunks of ~25 µs.
        private static var referencesInAChunk: Int { 256 }

        /// The second thread's part: looks up chunks from the back until the ends meet.
        func lookUpFromTheBack() {
            while let chunk = ends.takeBack() { lookUp(chunk) }
        }

        /// This thread's part: looks up chunks from the front until the ends meet, waits for the second thread's
        /// last chunk, and calls `body` with the token each reference names (or -1), valid only there (read in
        /// place: a copy was ~80 pages written afresh at 100,000 tokens, ~80,000 references).
        func lookUpFromTheFront<Result>(_ body: (UnsafeBufferPointer<Int32>) -> Result) -> Result {
            while let chunk = ends.takeFront() { lookUp(chunk) }
            ends.waitForTheBack()
            return body(UnsafeBufferPointer(found))
        }

        private func lookUp(_ chunk: Range<Int>) {
            bytes.withUnsafeBufferPointer { paths.find(references: references, in: $0, range: chunk, into: found) }
            nodes.withUnsafeBufferPointer { nodes in
                for index in chunk {
                    let node = Int(found[index])
                    found[index] = node >= 0 ? nodes[node].namedToken : -1
                }
            }
        }
    }
}
