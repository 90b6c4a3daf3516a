@_spi(Engine) import TokenJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ResolvedTheme {
    /// The theme as a DTCG 2025.10 token tree: groups as in the source files, every `$value` resolved to its
    /// canonical form, `$type` explicit on each token, `$description`, `$deprecated` and `$extensions` kept.
    /// Group `$description`s and `$extensions` are kept too.
    ///
    /// With `keepingAliases`, a token whose whole value is a reference keeps it (`"{palette.blue.400}"`) instead of
    /// the value it resolves to, so that the tree is still a token file that says which token follows which.
    public func treeJSON(keepingAliases: Bool = false) -> [UInt8] {
        OutputSink.collect { (sink) throws(FileSystem.Failure) in
            try writeTreeJSON(to: &sink, keepingAliases: keepingAliases)
        }
    }

    /// The theme as one flat JSON object: every token's dotted path (sorted) to its value in compact form
    /// (``TokenValue/flatJSON``): `"#0055ff"`, `"16px"`, `"120ms"`, objects and arrays for composites.
    public func flatJSON() -> [UInt8] {
        OutputSink.collect { (sink) throws(FileSystem.Failure) in try writeFlatJSON(to: &sink) }
    }

    /// ``treeJSON()``, handed to `sink` in pieces of at least `pieceSize` bytes as it is written (the last
    /// piece may be smaller).
    package func writeTreeJSON(
        to sink: inout OutputSink, keepingAliases: Bool = false, pieceSize: Int = OutputSink.pieceSize
    ) throws(FileSystem.Failure) {
        var earlier = EarlierOutput.none
        try writeTreeJSON(to: &sink, keepingAliases: keepingAliases, pieceSize: pieceSize, earlier: &earlier)
    }

    /// ``treeJSON()`` handed to `sink`, copying from `earlier` the tokens written as the output before wrote them
    /// (``EarlierOutput``), and keeping this output's there for the next.
    package func writeTreeJSON(
        to sink: inout OutputSink, keepingAliases: Bool = false, pieceSize: Int = OutputSink.pieceSize,
        earlier: inout EarlierOutput
    ) throws(FileSystem.Failure) {
        let firstTokens = layers.firstTokens()
        var writer = JSONWriter(capacity: min(pieceSize, 1 << 20) * 2)
        var values = WrittenValues(valueSources: valueSources)
        let format = EarlierOutput.Format.tree(keepingAliases: keepingAliases)
        earlier.begin(self, as: format)
        func write(_ node: Int32, depth: Int) throws(FileSystem.Failure) {
            let token = Int(layers.tokenOfNode[Int(node)])
            if token >= 0 {
                earlier.write(token, depth: depth, into: &writer) {
                    writeToken(token, depth: depth, keepingAliases: keepingAliases, into: &$0, values: &values)
                }
                return
            }
            writer.beginObject()
            if let group = layers.groups[node] {
                if let description = group.description {
                    writer.key("$description")
                    writer.string(description)
                }
                if case .deprecated(let reason) = group.deprecated {
                    writer.key("$deprecated")
                    if let reason { writer.string(reason) } else { writer.bool(true) }
                }
                if let extensions = group.extensions {
                    writer.key("$extensions")
                    writer.value(layers.files[extensions.file].document.value(extensions.node))
                }
            }
            for child in layers.members(of: node, firstTokens: firstTokens) {
                layers.table.withName(child) { writer.key(utf8: $0) }
                try write(child, depth: depth + 1)
                try writer.flush(to: &sink, ifAtLeast: pieceSize)
            }
            writer.endObject()
        }
        try write(PathTable.root, depth: 0)
        try writer.finish(to: &sink)
        earlier.end(self, as: format)
    }

    /// The object of token `id` in the tree, at `depth`: its `$type`, `$value`, and the `$description`,
    /// `$deprecated` and `$extensions` written for it.
    private func writeToken(
        _ id: Int, depth: Int, keepingAliases: Bool, into writer: inout JSONWriter, values: inout WrittenValues
    ) {
        writer.beginObject()
        writer.key("$type")
        writer.string(types[id]!.name)
        writer.key("$value")
        if keepingAliases, aliasOf[id] >= 0 {
            writer.string("{" + layers.path(Int(aliasOf[id])) + "}")
        } else {
            values.write(Int(valueSources[id]), depth: depth, into: &writer) {
                value(at: id).write(to: &$0, form: .dtcg)
            }
        }
        if let description = layers.description(of: id) {
            writer.key("$description")
            writer.string(description)
        }
        if let deprecated = layers.writtenDeprecation(of: id) {
            // `false` is kept too: it undoes a deprecated group's cascade (DTCG §6.3.1).
            writer.key("$deprecated")
            switch deprecated {
            case .notDeprecated: writer.bool(false)
            case .deprecated(let reason?): writer.string(reason)
            case .deprecated(nil): writer.bool(true)
            }
        }
        // A colour modifier is applied to the value written: kept, it would apply again to whoever reads it.
        if let extensions = layers.extensions(of: id),
            let kept = ColorModifier.extensionsWithoutModifier(extensions)
        {
            writer.key("$extensions")
            writer.value(kept)
        }
        writer.endObject()
    }

    /// ``flatJSON()``, handed to `sink` in pieces of at least `pieceSize` bytes as it is written (the last
    /// piece may be smaller).
    package func writeFlatJSON(to sink: inout OutputSink, pieceSize: Int = OutputSink.pieceSize) throws(FileSystem
        .Failure)
    {
        var earlier = EarlierOutput.none
        try writeFlatJSON(to: &sink, pieceSize: pieceSize, earlier: &earlier)
    }

    /// ``flatJSON()`` handed to `sink`, copying from `earlier` the values written as the output before wrote them
    /// (``EarlierOutput``), and keeping this output's there for the next.
    package func writeFlatJSON(
        to sink: inout OutputSink, pieceSize: Int = OutputSink.pieceSize, earlier: inout EarlierOutput
    ) throws(FileSystem.Failure) {
        earlier.begin(self, as: .flat)
        // Every path written once, one after another, and sorted where it lies.
        let (arena, starts) = allPaths()
        var order = (0..<Int32(count)).map { $0 }
        arena.withUnsafeBufferPointer { PathSort.sort(&order, arena: $0, starts: starts) }
        var writer = JSONWriter(capacity: min(pieceSize, 1 << 20) * 2)
        var values = WrittenValues(valueSources: valueSources)
        writer.beginObject()
        for id in order.lazy.map(Int.init) {
            // The array's slice checks the path's range; its bytes are borrowed without a copy.
            arena[starts[id]..<starts[id + 1]].withUnsafeBufferPointer { writer.key(utf8: $0) }
            earlier.write(id, depth: 0, into: &writer) { writer in
                values.write(Int(valueSources[id]), depth: 0, into: &writer) {
                    value(at: id).write(to: &$0, form: .flat)
                }
            }
            try writer.flush(to: &sink, ifAtLeast: pieceSize)
        }
        writer.endObject()
        try writer.finish(to: &sink)
        earlier.end(self, as: .flat)
    }
}

/// The bytes of the values an output has written, kept apart from the output (which is handed on as it is
/// written), so that the tokens sharing a value (an alias chain's end and its aliases) copy its bytes instead of
/// rendering it again. Only values that some other token shares are kept, once each.
private struct WrittenValues {
    private var bytes: [UInt8] = []
    /// Per value source (``ResolvedTheme/valueSources``): where its bytes are kept, and the depth it was written
    /// at (the tree's; 0 for all in the flat output).
    private var kept: [(depth: Int, start: Int, end: Int)?]
    /// Per token: whether another token's value source is this one.
    private var isShared: [Bool]

    init(valueSources: [Int32]) {
        kept = Array(repeating: nil, count: valueSources.count)
        isShared = Array(repeating: false, count: valueSources.count)
        for (id, source) in valueSources.enumerated() where source != id { isShared[Int(source)] = true }
    }

    /// Writes the value of `source`, standing at `depth`, as the value of the key just written: a copy of its kept
    /// bytes, indented for `depth`, when it was written before, else what `render` writes, which is kept if it is
    /// shared.
    mutating func write(_ source: Int, depth: Int, into writer: inout JSONWriter, render: (inout JSONWriter) -> Void) {
        if let earlier = kept[source] {
            // Checked here, so that the borrowed bytes are read within the array.
            precondition(0 <= earlier.start && earlier.start <= earlier.end && earlier.end <= bytes.count)
            bytes.withUnsafeBufferPointer { bytes in
                writer.repeatValue(
                    UnsafeBufferPointer(rebasing: bytes[earlier.start..<earlier.end]),
                    depthChange: depth - earlier.depth)
            }
            return
        }
        let start = writer.bytes.count
        render(&writer)
        guard isShared[source] else { return }
        // A value after its key has nothing before it: its bytes are the value's own.
        let keptStart = bytes.count
        precondition(start <= writer.bytes.count, "the writer handed on bytes of a value being kept")
        writer.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start...])) }
        kept[source] = (depth, keptStart, bytes.count)
    }
}

/// Sorts token ids by their paths' UTF-8 bytes (what `utf8.lexicographicallyPrecedes` gives), with a
/// multikey quicksort over eight bytes at a time: paths share long prefixes (`brand-1.dark.comfortable.color.`),
/// which it compares once per partition instead of once per comparison. Like introsort, it falls back to a
/// comparison sort after about 2·log₂(n) partition levels, so input crafted against the median-of-three pivot
/// costs O(n log n) time and cannot overflow the stack.
enum PathSort {
    /// Sorts `ids`, whose paths are `arena[starts[id]..<starts[id + 1]]`.
    /// - Parameter levels: partition levels before the comparison-sort fallback; nil for ~2·log₂(n). (Tests set
    ///   it to exercise the fallback.)
    static func sort(_ ids: inout [Int32], arena: UnsafeBufferPointer<UInt8>, starts: [Int], levels: Int? = nil) {
        // The sorter reads `starts[id]`, `starts[id + 1]` and the bytes between them unchecked: every id and start
        // is checked once here, in linear time, to lie in bounds.
        precondition(ResolvedTheme.startsBoundPaths(starts, in: arena.count), "path starts outside the arena")
        precondition(ids.allSatisfy { $0 >= 0 && Int($0) < starts.count - 1 }, "an id without a path")
        starts.withUnsafeBufferPointer { starts in
            ids.withUnsafeMutableBufferPointer { ids in
                var sorter = Sorter(arena: arena, starts: starts, ids: ids)
                let levels = levels ?? 2 * (Int.bitWidth - ids.count.leadingZeroBitCount) + 8
                sorter.sort(0, ids.count, depth: 0, budget: levels)
            }
        }
    }

    /// Every index of `ids` is within the range being sorted (`low..<high`, within `ids`); every id has a path
    /// (``sort(_:arena:starts:levels:)`` checks), and every byte read of a path lies between its start and the next.
    private struct Sorter {
        let arena: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<Int>
        var ids: UnsafeMutableBufferPointer<Int32>

        /// The eight bytes at `depth` of a path, big-endian so that comparing them compares the bytes, zero
        /// past its end, and how many of them are the path's (ties on the bytes then go to the shorter path,
        /// which is a prefix of the other).
        @inline(__always) func key(_ id: Int32, _ depth: Int) -> (bytes: UInt64, count: Int) {
            let start = starts[Int(id)] + depth
            let count = min(max(starts[Int(id) + 1] - start, 0), 8)
            if count == 8 {
                return (
                    UInt64(bigEndian: UnsafeRawPointer(arena.baseAddress! + start).loadUnaligned(as: UInt64.self)), 8
                )
            }
            var bytes: UInt64 = 0
            for index in 0..<count { bytes |= UInt64(arena[start + index]) << (56 - 8 * UInt64(index)) }
            return (bytes, count)
        }

        /// Whether path `a` sorts before path `b`, both known equal before `depth`.
        func precedes(_ a: Int32, _ b: Int32, depth: Int) -> Bool {
            let startA = starts[Int(a)] + depth
            let endA = starts[Int(a) + 1]
            let startB = starts[Int(b)] + depth
            let endB = starts[Int(b) + 1]
            let common = min(endA - startA, endB - startB)
            if common > 0 {
                let order = memcmp(arena.baseAddress! + startA, arena.baseAddress! + startB, common)
                if order != 0 { return order < 0 }
            }
            return endA - startA < endB - startB
        }

        mutating func sort(_ low: Int, _ high: Int, depth: Int, budget: Int) {
            var low = low
            var high = high
            var depth = depth
            var budget = budget
            while high - low > 12 {
                guard budget > 0 else {
                    let start = depth
                    var rest = UnsafeMutableBufferPointer(rebasing: ids[low..<high])
                    rest.sort { precedes($0, $1, depth: start) }
                    return
                }
                budget -= 1
                // Median of three for the pivot key.
                let a = key(ids[low], depth)
                let b = key(ids[(low + high) / 2], depth)
                let c = key(ids[high - 1], depth)
                let pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b))
                // Three-way partition: [low, lt) < pivot, [lt, i) == pivot, [gt, high) > pivot.
                var lt = low
                var i = low
                var gt = high
                while i < gt {
                    let value = key(ids[i], depth)
                    if value < pivot {
                        ids.swapAt(lt, i)
                        lt += 1
                        i += 1
                    } else if value > pivot {
                        gt -= 1
                        ids.swapAt(i, gt)
                    } else {
                        i += 1
                    }
                }
                // Recurse into the outer parts, loop on the middle eight bytes deeper.
                sort(low, lt, depth: depth, budget: budget)
                sort(gt, high, depth: depth, budget: budget)
                if pivot.count < 8 { return }  // the middle are equal paths that have ended
                low = lt
                high = gt
                depth += 8
            }
            // Insertion sort for the small rest.
            if high - low < 2 { return }
            for index in (low + 1)..<high {
                let id = ids[index]
                var slot = index
                while slot > low, precedes(id, ids[slot - 1], depth: depth) {
                    ids[slot] = ids[slot - 1]
                    slot -= 1
                }
                ids[slot] = id
            }
        }
    }
}
