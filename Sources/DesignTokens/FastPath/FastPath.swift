/// The flat output of a clean token stack, computed straight from the parsed documents: the fast path of
/// `theme resolve --format flat`.
///
/// The full engine (``ResolvedTheme/resolve(_:)``) builds a `String` path and a definition per token, because it
/// must explain every problem and serve the public API. Most runs — every pull request of a design system whose
/// tokens are fine — need neither. This path reads each file once, straight from its bytes (``FastPath/Stack``):
/// every group and token path is interned to an integer with a link to its parent, the arena keeping a token's name
/// and, once it has a child, a group's whole path (``FastPath/Paths``), tokens are small records, only property
/// values become JSON nodes, resolution is memoised by token index, and the output is written by walking the tree of
/// paths with sorted siblings.
///
/// Two threads share the work (``SecondThread``): a large first file is read in two halves at once
/// (``FastPath/SplitPoint``), and its path table made on the second while the halves are joined; then, while this
/// thread reads the other files and resolves, the second makes the tokens' records, looks up the first file's
/// aliases and works out the output's order; each renders part of the values, and each makes and writes half of a
/// large output.
///
/// It is optimistic: it handles the common, valid subset of DTCG (`$value`, `$type`, `$description`,
/// `$extensions`, `$deprecated`, whole-value `{a.b}` aliases and `{a.b}` references inside composite values) and
/// gives up, returning nil, at the first thing outside it: anything the full engine would report (an error or a
/// warning), `$ref` pointers, `<a.b>` references, `$extends`, `$root`, legacy files, escaped keys. The caller
/// then runs the full engine, which explains the problem or handles the feature. So the fast path never decides
/// what an input means on its own: where it answers, the answer is the full engine's, byte for byte (the values
/// are decoded by the same ``ValueDecoder`` and written by the same ``FlatJSON``); `FastPathTests` check this on
/// every fixture and on the generated benchmark sets.
package enum FastPath {
    /// The bytes of ``ResolvedTheme/flatJSON()`` for `sources`, when they resolve without any diagnostic and use
    /// only what the fast path handles; nil otherwise (then the full engine must run).
    package static func flatJSON(_ sources: [TokenSource]) -> [UInt8]? {
        flatOutput(sources)?.bytes
    }

    /// The steps of ``flatOutput(_:after:)``, in order, for the benchmark to time.
    package enum Stage: Sendable {
        /// Every file is read and layered, in one pass per file.
        case read
        /// Every token is resolved; what follows is the output.
        case resolved
    }

    /// The resolved stack, ready to be written, when `sources` resolve without any diagnostic and use only what
    /// the fast path handles; nil otherwise (then the full engine must run). `after` is called as each stage ends.
    package static func flatOutput(_ sources: [TokenSource], after: (Stage) -> Void = { _ in }) -> FlatOutput? {
        var stack = Stack()
        var later = sources[...]
        if let first = later.popFirst() {
            guard stack.add(first) else { return nil }
        }
        // The output's order is settled by the first file (``KeyOrder``): with enough tokens it is worked out on a
        // second thread while the rest is read and resolved. Before it, that thread makes the tokens' records, which
        // the first file settles too, and hands them over while this thread reads the theme; then it looks up the
        // targets of the first file's aliases, with this thread taking the rest once it needs them
        // (``AliasTargets``). After the order, it takes a share of rendering the values, if this thread has got
        // that far (``RenderingShare``). It never waits for this thread, so an early return below, which joins it,
        // cannot hang.
        let aliases = stack.takeFirstFileAliases()
        let records = SecondThread.Handoff<Resolution.InitialRecords?>()
        let targets = AliasTargets(
            references: aliases.references, in: stack.documents.first?.bytes ?? SourceBytes([]), paths: stack.paths, nodes: stack.nodes)
        let order = SecondThread.Handoff<KeyOrder>()
        let share = RenderingShare()
        let second = SecondThread.start(onThread: stack.tokenCount >= tokensWorthOrderingApart) {
            [paths = stack.paths, nodes = stack.nodes, count = stack.tokenCount] in
            records.put(Resolution.InitialRecords(paths: paths, nodes: nodes, tokenCount: count))
            targets.lookUpFromTheBack()
            order.put(KeyOrder(paths, nodes: nodes))
            share.takeOrLeave()?.renderFromTheBack()
        }
        for source in later {
            guard stack.add(source) else { return nil }
        }
        after(.read)
        // A later file that writes a `$type` changes what the records made from the first file say: then they are
        // made here, with every file's types.
        let madeRecords = stack.laterFileWritesTypes
            ? Resolution.InitialRecords(paths: stack.paths, nodes: stack.nodes, tokenCount: stack.tokenCount) : records.take()
        guard let madeRecords else { return nil }
        var resolution = Resolution(stack, records: madeRecords, firstFileAliases: (aliases.tokens, targets))
        guard resolution.resolveAll() else { return nil }
        after(.resolved)
        let (keys, values) = resolution.output(order: order, share: share)
        second.join()
        return FlatOutput(keys: keys, values: values, resolution: resolution)
    }

    /// The fewest tokens whose output order is worth a thread of its own: at 1,000 tokens ordering takes about
    /// 0.15 ms, which a thread that starts late (a young process's second thread may wait a millisecond for the
    /// second core on a two-core VM) would make longer, not shorter.
    private static var tokensWorthOrderingApart: Int { 2_000 }

    /// A clean stack's flat output, ordered and with its values rendered, so that nothing is left to make but
    /// the bytes themselves (no file is open while the work is done): written in pieces to a file, without
    /// holding the whole output, or gathered into bytes.
    package struct FlatOutput {
        fileprivate let keys: FlatJSON.Keys
        fileprivate let values: FlatJSON.RenderedValues
        /// The tokens and values the output was made from, kept with it so that a caller about to exit can keep
        /// them from being freed one by one (about 2 M instructions at 10,000 tokens).
        fileprivate let resolution: Resolution

        /// Writes the output to `file` in pieces (``FlatJSON/write(_:values:entries:pieceSize:to:finishing:)``), as
        /// it is made. With enough keys, a fresh file (``FileSystem/OpenFile/isFreshRegularFile``: `theme resolve
        /// --output` writes a new temporary file) gets it in two halves at once, each made and written in place by a
        /// thread of its own (``SecondThread/write(to:firstApart:then:firstLength:)``); anything else (a pipe, a
        /// file with contents or open for appending) gets each piece from a second thread while the next is made
        /// (``SecondThread/write(to:onThread:_:)``).
        package func write(to file: FileSystem.OpenFile) throws(FileSystem.Failure) {
            let apart = keys.values.count >= Self.keysWorthWritingApart
            if apart, file.isFreshRegularFile {
                // Two halves, each made and written by a thread of its own, the second from where the first ends.
                let (keys, values, count) = (keys, values, keys.values.count)
                let middle = count / 2
                func half(_ entries: Range<Int>) -> @Sendable (SecondThread.PieceWriter) -> Void {
                    { writer in
                        FlatJSON.write(
                            keys, values: values, entries: entries, pieceSize: Self.pieceSizeWrittenApart, to: writer.write,
                            finishing: writer.finish)
                    }
                }
                try SecondThread.write(to: file, firstApart: half(0..<middle), then: half(middle..<count)) {
                    FlatJSON.length(keys, values: values, entries: 0..<middle)
                }
                return
            }
            try SecondThread.write(to: file, onThread: apart) { writer in
                FlatJSON.write(
                    keys, values: values, pieceSize: apart ? Self.pieceSizeWrittenApart : FlatJSON.pieceSize,
                    to: writer.write, finishing: writer.finish)
            }
        }

        /// The size of the pieces of an output written apart. Handed to a writing thread, each piece wakes it: at
        /// 100,000 tokens (8.4 MB), pieces of 64 KiB made 135 handovers, and the run took 3.6 ms longer than with
        /// these (34; alternated, 21 runs each). Written in place by two threads, pieces of 64 KiB made the `rename`
        /// over the last output ~2.5 ms slower than these (medians of 15 runs; the file is the same, in two extents
        /// either way). Below ``keysWorthWritingApart`` the pieces stay at 64 KiB: larger ones only touched more
        /// memory (at 10,000 tokens, ~100 more page faults).
        private static var pieceSizeWrittenApart: Int { 1 << 18 }

        /// The fewest keys whose output is worth writing with a second thread. At 100,000 keys (8.4 MB, then in 135
        /// pieces of 64 KiB) having the pieces written on a second thread took the phase from ~8 to ~6 ms, and
        /// making and writing half the output there took it from ~5.4 to ~4.7 ms (medians of 21 runs, with the
        /// probe of BENCHMARKS.md); at 10,000 (13 pieces) the first gained nothing measurable, since the thread
        /// starts about as late as the writes take.
        static var keysWorthWritingApart: Int { 40_000 }

        /// The whole output.
        package var bytes: [UInt8] { FlatJSON.render(keys, values: values) }
    }
}
