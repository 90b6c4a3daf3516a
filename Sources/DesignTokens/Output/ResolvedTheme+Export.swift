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
    public func treeJSON() -> [UInt8] {
        // Build the tree of groups in first-seen order, then write it depth first.
        final class Node {
            var children: [(name: String, node: Node)] = []
            var childIndex: [String: Int] = [:]
            var token: Int?

            func child(_ name: String) -> Node {
                if let index = childIndex[name] { return children[index].node }
                let node = Node()
                childIndex[name] = children.count
                children.append((name, node))
                return node
            }
        }
        let root = Node()
        for (id, path) in paths.enumerated() {
            var node = root
            for segment in path.split(separator: ".", omittingEmptySubsequences: false) { node = node.child(String(segment)) }
            node.token = id
        }
        var writer = JSONWriter(capacity: count * 96)
        func write(_ node: Node, path: String) {
            writer.beginObject()
            if let id = node.token {
                let definition = layers.definitions[id]
                writer.key("$type")
                writer.string(types[id].name)
                writer.key("$value")
                value(at: id).write(to: &writer, form: .dtcg)
                if let description = definition.description {
                    writer.key("$description")
                    writer.string(description)
                }
                if let deprecated = definition.deprecated {
                    // `false` is kept too: it undoes a deprecated group's cascade (DTCG §6.3.1).
                    writer.key("$deprecated")
                    switch deprecated {
                    case .notDeprecated: writer.bool(false)
                    case .deprecated(let reason?): writer.string(reason)
                    case .deprecated(nil): writer.bool(true)
                    }
                }
                if let extensions = definition.extensions {
                    writer.key("$extensions")
                    writer.value(layers.files[extensions.file].document.value(extensions.node))
                }
            } else if let group = layers.groups[path] {
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
            for (name, child) in node.children {
                writer.key(name)
                write(child, path: path.isEmpty ? name : path + "." + name)
            }
            writer.endObject()
        }
        write(root, path: "")
        return writer.finish()
    }

    /// The theme as one flat JSON object: every token's dotted path (sorted) to its value in compact form
    /// (``TokenValue/flatJSON``): `"#0055ff"`, `"16px"`, `"120ms"`, objects and arrays for composites.
    public func flatJSON() -> [UInt8] {
        // Every path's bytes in one buffer, sorted there without building or comparing Strings.
        var arena: [UInt8] = []
        arena.reserveCapacity(count * 48)
        var starts = [Int](repeating: 0, count: count + 1)
        for id in 0..<count {
            starts[id] = arena.count
            var path = layers.paths[id]
            path.withUTF8 { arena.append(contentsOf: $0) }  // one copy, not byte by byte through the UTF8View
        }
        starts[count] = arena.count
        var order = (0..<Int32(count)).map { $0 }
        arena.withUnsafeBufferPointer { PathSort.sort(&order, arena: $0, starts: starts) }
        var keys = FlatJSON.Keys(arena, capacity: count)
        for id in order.lazy.map(Int.init) {
            keys.append(start: starts[id], count: starts[id + 1] - starts[id], value: valueSources[id])
        }
        return FlatJSON.render(keys, values: FlatJSON.RenderedValues(values))
    }
}

/// The flat output (``ResolvedTheme/flatJSON()``) written from paths as bytes: shared by the resolved theme and
/// by ``FastPath``, so that both write the same bytes by construction.
enum FlatJSON {
    /// The output's keys, in order, each a range of an arena of paths (or two, ``Parts``), with the index of its
    /// value.
    struct Keys: Sendable {
        let bytes: [UInt8]
        /// Key `i` is `bytes[ranges[i].start..<ranges[i].start + ranges[i].count]`, unless the keys are in ``parts``.
        private(set) var ranges: [(start: Int, count: Int)] = []
        /// Key `i` in two parts, when the keys were given so (then ``ranges`` is empty).
        private let parts: [Parts]
        private(set) var values: [Int32] = []

        /// False when no key has a byte to escape, as the caller knows (keys read from JSON without escapes hold
        /// no quote, backslash or control character): the output then copies them without looking.
        let mayNeedEscaping: Bool

        init(_ arena: [UInt8], capacity: Int, mayNeedEscaping: Bool = true) {
            bytes = arena
            parts = []
            self.mayNeedEscaping = mayNeedEscaping
            ranges.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
        }

        /// Keys already in order: key `i` is `arena[ranges[i]]`, to value `values[i]`.
        init(_ arena: [UInt8], ranges: [(start: Int, count: Int)], values: [Int32], mayNeedEscaping: Bool = true) {
            precondition(ranges.count == values.count, "a key without its value")
            bytes = arena
            self.ranges = ranges
            parts = []
            self.values = values
            self.mayNeedEscaping = mayNeedEscaping
        }

        /// A key in two parts of an arena: its head, a dot and its tail, or its tail alone when the head is empty.
        /// (A token's path as ``FastPath/Paths`` keeps it: its group's path and its name.)
        struct Parts {
            var headStart: UInt32
            var headCount: UInt32
            var tailStart: UInt32
            var tailCount: UInt32

            init(head: (start: Int32, count: Int32), tail: (start: Int32, count: Int32)) {
                headStart = UInt32(head.start)
                headCount = UInt32(head.count)
                tailStart = UInt32(tail.start)
                tailCount = UInt32(tail.count)
            }
        }

        /// Keys already in order, each in two parts of `arena` (32-bit offsets, as ``FastPath/Paths`` keeps them), to
        /// value `values[i]`; names read from JSON without escapes (which hold no quote, backslash or control
        /// character), so that none needs escaping.
        init(_ arena: [UInt8], parts: [Parts], values: [Int32]) {
            precondition(parts.count == values.count, "a key without its value")
            bytes = arena
            self.parts = parts
            self.values = values
            mayNeedEscaping = false
        }

        /// A key's bytes: ``head``, a dot and ``tail``, or ``tail`` alone when ``head`` is empty.
        struct Key {
            let head: UnsafeBufferPointer<UInt8>
            let tail: UnsafeBufferPointer<UInt8>

            var count: Int { head.isEmpty ? tail.count : head.count + 1 + tail.count }
        }

        mutating func append(start: Int, count: Int, value: Int32) {
            precondition(parts.isEmpty, "a whole key appended to keys in parts")
            ranges.append((start, count))
            values.append(value)
        }

        /// Key `entry`'s bytes, in `bytes` (borrowed by the caller).
        func key(_ entry: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Key {
            guard parts.isEmpty else {
                let parts = self.parts[entry]
                return Key(
                    head: UnsafeBufferPointer(start: bytes.baseAddress! + Int(parts.headStart), count: Int(parts.headCount)),
                    tail: UnsafeBufferPointer(start: bytes.baseAddress! + Int(parts.tailStart), count: Int(parts.tailCount)))
            }
            return Key(
                head: UnsafeBufferPointer(start: nil, count: 0),
                tail: UnsafeBufferPointer(start: bytes.baseAddress! + ranges[entry].start, count: ranges[entry].count))
        }

        /// Whether `key` has a byte to escape; if so, `quoted` holds it quoted and escaped (a scratch array the
        /// caller keeps from key to key). A key without one is written as it is, between quotes.
        func escapes(_ key: Key, into quoted: inout [UInt8]) -> Bool {
            // (Keys in two parts need no escaping, ``init(_:parts:values:)``.)
            guard mayNeedEscaping, JSONWriter.needsEscape(key.tail) else { return false }
            quoted.removeAll(keepingCapacity: true)
            JSONWriter.appendQuoted(key.tail, to: &quoted)
            return true
        }
    }

    /// Each value written once in compact form (``TokenValue/flatJSON``), as the output writes it, for the keys
    /// that share it to copy.
    ///
    /// A step of its own, apart from the keys, because it needs nothing of their order. The bytes are in two parts,
    /// so that two threads can render at once, each into its own (``Renderer``): ``FastPath`` has this thread take
    /// chunks of the values from the front and a second thread from the back, until they meet.
    struct RenderedValues: Sendable {
        /// The bytes of the values before ``backStart``, and of those from it on.
        private let front: [UInt8]
        private let back: [UInt8]
        /// Value `i` is `front[ranges[i]]` below ``backStart``, `back[ranges[i]]` from it: empty for a nil value,
        /// which no key may name.
        private let ranges: [Range<Int>]
        private let backStart: Int

        /// Renders every value that is set, in the order given, into one part.
        init(_ values: [TokenValue?]) {
            var ranges = [Range<Int>](repeating: 0..<0, count: values.count)
            var renderer = Renderer()
            ranges.withUnsafeMutableBufferPointer { renderer.render(values, values.indices, into: $0) }
            self.init(front: renderer.bytes, back: [], ranges: ranges, backStart: values.count)
        }

        /// Values rendered in two parts: value `i` is `front[ranges[i]]` below `backStart`, else `back[ranges[i]]`.
        init(front: [UInt8], back: [UInt8], ranges: [Range<Int>], backStart: Int) {
            precondition(backStart >= 0 && backStart <= ranges.count, "a part past the values")
            self.front = front
            self.back = back
            self.ranges = ranges
            self.backStart = backStart
        }

        /// Renders values, a range of them at a time, into bytes of its own, and puts where each value's bytes are
        /// (or an empty range, for a nil value) in the ranges it is given. A value's bytes do not depend on the
        /// values before it (each is one member of an object, after its key), so any order of ranges writes the
        /// same bytes for each.
        struct Renderer {
            // A writer inside an object, after a key, as the output's values are: at a member's depth, so that a
            // composite value's lines are indented as they will stand.
            private var writer = JSONWriter()

            init() {
                writer.beginObject()
            }

            var bytes: [UInt8] { writer.bytes }

            mutating func render(_ values: [TokenValue?], _ indices: Range<Int>, into ranges: UnsafeMutableBufferPointer<Range<Int>>) {
                for index in indices {
                    guard let value = values[index] else {
                        ranges[index] = 0..<0
                        continue
                    }
                    writer.memberValueWithoutKey()
                    let start = writer.bytes.count
                    value.write(to: &writer, form: .flat)
                    ranges[index] = start..<writer.bytes.count
                }
            }
        }

        /// Calls `body` with a function that answers value `index`'s length in bytes.
        func withLengths<Result>(_ body: ((Int) -> Int) -> Result) -> Result {
            ranges.withUnsafeBufferPointer { ranges in body { ranges[$0].count } }
        }

        /// Calls `body` with the values' bytes, borrowed for the call.
        func withBytes<Result>(_ body: (Bytes) -> Result) -> Result {
            front.withUnsafeBufferPointer { front in
                back.withUnsafeBufferPointer { back in
                    ranges.withUnsafeBufferPointer { ranges in body(Bytes(front: front, back: back, ranges: ranges, backStart: backStart)) }
                }
            }
        }

        /// The values' bytes, borrowed (``withBytes(_:)``).
        struct Bytes {
            fileprivate let front: UnsafeBufferPointer<UInt8>
            fileprivate let back: UnsafeBufferPointer<UInt8>
            fileprivate let ranges: UnsafeBufferPointer<Range<Int>>
            fileprivate let backStart: Int

            /// Value `index`'s bytes.
            func value(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                let range = ranges[index]
                // No value is written as nothing: a key that names an unset one is a mistake, not an empty value.
                precondition(!range.isEmpty, "a key names a value that is not set")
                return UnsafeBufferPointer(rebasing: (index < backStart ? front : back)[range])
            }
        }
    }

    /// The size of the pieces ``write(_:values:entries:pieceSize:to:finishing:)`` hands on unless told otherwise: large
    /// enough that a `write` call costs little per byte, small enough that the two buffers stay in the cache.
    static var pieceSize: Int { 1 << 16 }

    /// One object of the keys, in the order given, each to its value (`values`, rendered from the values that
    /// `keys.values` index; each key's must be set). The layout is ``JSONWriter``'s: one member per line,
    /// indented by two spaces.
    static func render(_ keys: Keys, values: RenderedValues) -> [UInt8] {
        var output: [UInt8] = []
        // Each piece copied as it comes: nothing is left to finish.
        write(keys, values: values) { chunk in
            output.append(contentsOf: chunk)
            return true
        } finishing: {}
        return output
    }

    /// ``render(_:values:)``, handed to `sink` in pieces of up to `pieceSize` bytes as it is made, so that a large
    /// output need not be held whole (100,000 tokens make about 9 MB). A key or value larger than that goes as one
    /// piece of its own, straight from `keys` or `values` (a key in two parts: each part larger than that, the rest
    /// through the buffers); a key that needs escaping is escaped into scratch memory
    /// and copied through the buffers, in pieces of at most `pieceSize`. The sink answers whether to go on; once it
    /// answers false it is handed nothing more, the rest is skipped, and this answers false.
    ///
    /// A piece stays as it is until the sink is called with the next one, or `finishing` (called once the last is
    /// handed on) returns, so that the sink may hand it to another thread to write while the next is made: the
    /// pieces are made in two buffers in turn, which are freed after `finishing`. (A required argument, so that no
    /// caller that hands pieces on forgets to wait there: freed too early, the buffers would most likely still
    /// hold the right bytes, and no test would see it.)
    ///
    /// With `entries`, only the part of the output those keys make (``Part``), so that the parts of ranges that
    /// divide the keys, one after another, make the whole output. (Two threads each write a part of a large output,
    /// one at the offset ``length(_:values:entries:)`` gives.)
    @discardableResult
    static func write(
        _ keys: Keys, values: RenderedValues, entries: Range<Int>? = nil, pieceSize: Int = pieceSize,
        to sink: (UnsafeRawBufferPointer) -> Bool, finishing: () -> Void
    ) -> Bool {
        let entries = entries ?? keys.values.indices
        let part = Part(entries, of: keys.values.count)
        return withoutActuallyEscaping(sink) { sink in
            var output = Chunks(capacity: pieceSize, sink: sink)
            defer {
                finishing()
                output.deallocate()
            }
            if part.opens { output.put(UInt8(ascii: "{")) }
            keys.bytes.withUnsafeBufferPointer { keyBytes in
                values.withBytes { valueBytes in
                    var escaped: [UInt8] = []
                    for entry in entries where !output.stopped {
                        let key = keys.key(entry, in: keyBytes)
                        let value = valueBytes.value(Int(keys.values[entry]))
                        // `,\n  "key": value` (no comma before the first), in one copy when it fits in the buffer; a
                        // key with a byte to escape (never in a clean token file) is quoted by the writer.
                        let isEscaped = keys.escapes(key, into: &escaped)
                        if !isEscaped, output.putMember(key, value, isFirst: entry == 0) {
                            continue
                        }
                        if entry > 0 { output.put(UInt8(ascii: ",")) }
                        output.put(UInt8(ascii: "\n"))
                        output.put(UInt8(ascii: " "))
                        output.put(UInt8(ascii: " "))
                        if isEscaped {
                            // Copied in through the buffers: this scratch array is written again for the next
                            // such key and freed before the end, while a piece handed on must stay as it is.
                            escaped.withUnsafeBufferPointer { output.putCopying($0) }
                        } else {
                            output.put(UInt8(ascii: "\""))
                            if !key.head.isEmpty {
                                output.put(key.head)
                                output.put(UInt8(ascii: "."))
                            }
                            output.put(key.tail)
                            output.put(UInt8(ascii: "\""))
                        }
                        output.put(UInt8(ascii: ":"))
                        output.put(UInt8(ascii: " "))
                        output.put(value)
                    }
                }
            }
            if part.closes {
                if !keys.values.isEmpty { output.put(UInt8(ascii: "\n")) }
                output.put(UInt8(ascii: "}"))
                output.put(UInt8(ascii: "\n"))
            }
            output.flush()
            return !output.stopped
        }
    }

    /// How many bytes ``write(_:values:entries:pieceSize:to:finishing:)`` writes for `entries`, worked out without
    /// writing them: where the part after them begins.
    static func length(_ keys: Keys, values: RenderedValues, entries: Range<Int>) -> Int {
        let part = Part(entries, of: keys.values.count)
        var length = part.opens ? 1 : 0  // `{`
        if part.closes { length += keys.values.isEmpty ? 2 : 3 }  // `\n}\n`, or `}\n` when there are no keys
        var escaped: [UInt8] = []
        keys.bytes.withUnsafeBufferPointer { keyBytes in
            values.withLengths { valueLengths in
                for entry in entries {
                    let key = keys.key(entry, in: keyBytes)
                    let quotedKey = keys.escapes(key, into: &escaped) ? escaped.count : key.count + 2
                    length += memberLength(quotedKey: quotedKey, value: valueLengths(Int(keys.values[entry])), isFirst: entry == 0)
                }
            }
        }
        return length
    }

    /// The length of a member as the output writes it, `,\n  "key": value` (without the comma for the first), for a
    /// key `quotedKey` bytes long with its quotes and a value `value` bytes long.
    private static func memberLength(quotedKey: Int, value: Int, isFirst: Bool) -> Int {
        (isFirst ? 0 : 1) + 3 + quotedKey + 2 + value
    }

    /// What the part of the output that a range of its keys makes holds besides their members: the object's
    /// opening brace with the first key, its end with the last. An empty range makes nothing, unless there are no
    /// keys at all: then it is the whole output, `{}`.
    private struct Part {
        let opens: Bool
        let closes: Bool

        init(_ entries: Range<Int>, of count: Int) {
            let makesSomething = !entries.isEmpty || count == 0
            opens = makesSomething && entries.lowerBound == 0
            closes = makesSomething && entries.upperBound == count
        }
    }

    /// Bytes gathered in a fixed buffer, handed to a sink when it fills; once the sink answers false, nothing
    /// more is handed on. Two buffers take turns, so that the piece last handed on stays as it is while the next
    /// is gathered.
    private struct Chunks {
        /// The size of the pieces handed on.
        let capacity: Int
        let sink: (UnsafeRawBufferPointer) -> Bool
        private let buffers: UnsafeMutablePointer<UInt8>
        /// The buffer being filled: the first or the second half of ``buffers``.
        private var buffer: UnsafeMutablePointer<UInt8>
        var count = 0
        var stopped = false

        init(capacity: Int, sink: @escaping (UnsafeRawBufferPointer) -> Bool) {
            precondition(capacity > 0, "pieces of no bytes")
            self.capacity = capacity
            self.sink = sink
            buffers = .allocate(capacity: 2 * capacity)
            buffer = buffers
        }

        func deallocate() { buffers.deallocate() }

        /// Hands on what is gathered (unless the sink has stopped) and goes on in the other buffer.
        mutating func flush() {
            if count > 0, !stopped {
                stopped = !sink(UnsafeRawBufferPointer(start: buffer, count: count))
                buffer = buffer == buffers ? buffers + capacity : buffers
            }
            count = 0
        }

        mutating func put(_ byte: UInt8) {
            guard !stopped else { return }
            if count == capacity {
                flush()
                if stopped { return }
            }
            buffer[count] = byte
            count += 1
        }

        /// Copies in `,\n  "key": value` (without the comma for the first member) when it fits in the buffer as it
        /// is, and answers whether it did (if not, the caller writes it piece by piece).
        mutating func putMember(_ key: Keys.Key, _ value: UnsafeBufferPointer<UInt8>, isFirst: Bool) -> Bool {
            let length = FlatJSON.memberLength(quotedKey: key.count + 2, value: value.count, isFirst: isFirst)
            guard !stopped, count + length <= capacity, let tailBase = key.tail.baseAddress, let valueBase = value.baseAddress else {
                return false
            }
            var cursor = buffer + count
            if !isFirst {
                cursor.pointee = UInt8(ascii: ",")
                cursor += 1
            }
            cursor[0] = UInt8(ascii: "\n")
            cursor[1] = UInt8(ascii: " ")
            cursor[2] = UInt8(ascii: " ")
            cursor[3] = UInt8(ascii: "\"")
            cursor += 4
            if let headBase = key.head.baseAddress, !key.head.isEmpty {
                cursor.update(from: headBase, count: key.head.count)
                cursor += key.head.count
                cursor.pointee = UInt8(ascii: ".")
                cursor += 1
            }
            cursor.update(from: tailBase, count: key.tail.count)
            cursor += key.tail.count
            cursor[0] = UInt8(ascii: "\"")
            cursor[1] = UInt8(ascii: ":")
            cursor[2] = UInt8(ascii: " ")
            cursor += 3
            cursor.update(from: valueBase, count: value.count)
            count += length
            return true
        }

        /// `bytes` copied in, in slices of at most a buffer, however long: for bytes that may change or go before
        /// the sink is done with them (``put(_:)-(UnsafeBufferPointer<UInt8>)`` hands a long run over as it is).
        mutating func putCopying(_ bytes: UnsafeBufferPointer<UInt8>) {
            var offset = 0
            while offset < bytes.count, !stopped {
                let end = min(offset + capacity, bytes.count)
                put(UnsafeBufferPointer(rebasing: bytes[offset..<end]))
                offset = end
            }
        }

        /// Copies `bytes` in; what is larger than the buffer goes to the sink directly, so it must stay as it is
        /// until the sink is done with it (the keys' and values' bytes do, to the end of the write).
        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress, !bytes.isEmpty, !stopped else { return }
            if count + bytes.count > capacity {
                flush()
                if bytes.count > capacity {
                    if !stopped { stopped = !sink(UnsafeRawBufferPointer(bytes)) }
                    return
                }
                // A sink that stopped at the flush left the buffer empty; this is not copied in, nor anything after.
                if stopped { return }
            }
            (buffer + count).update(from: base, count: bytes.count)
            count += bytes.count
        }
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
        starts.withUnsafeBufferPointer { starts in
            ids.withUnsafeMutableBufferPointer { ids in
                var sorter = Sorter(arena: arena, starts: starts, ids: ids)
                let levels = levels ?? 2 * (Int.bitWidth - ids.count.leadingZeroBitCount) + 8
                sorter.sort(0, ids.count, depth: 0, budget: levels)
            }
        }
    }

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
                return (UInt64(bigEndian: UnsafeRawPointer(arena.baseAddress! + start).loadUnaligned(as: UInt64.self)), 8)
            }
            var bytes: UInt64 = 0
            for index in 0..<count { bytes |= UInt64(arena[start + index]) << (56 - 8 * UInt64(index)) }
            return (bytes, count)
        }

        /// Whether path `a` sorts before path `b`, both known equal before `depth`.
        func precedes(_ a: Int32, _ b: Int32, depth: Int) -> Bool {
            let startA = starts[Int(a)] + depth, endA = starts[Int(a) + 1]
            let startB = starts[Int(b)] + depth, endB = starts[Int(b) + 1]
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
                let a = key(ids[low], depth), b = key(ids[(low + high) / 2], depth), c = key(ids[high - 1], depth)
                let pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b))
                // Three-way partition: [low, lt) < pivot, [lt, i) == pivot, [gt, high) > pivot.
                var lt = low, i = low, gt = high
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
