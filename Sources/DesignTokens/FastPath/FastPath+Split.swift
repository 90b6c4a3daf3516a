#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemExtras

extension FastPath {
    /// Where a large first file may be cut in two, to be read by two threads at once: the key of a member whose
    /// value is an object, near the middle of the file, and the paths of the objects around it.
    ///
    /// It is a guess from the file's lines, made without reading what comes before: a member that opens a line,
    /// and, above it, the lines that open each enclosing object, each indented less than the one below. The thread
    /// that reads the first half checks it: it stops there only if it comes to that very byte between two members
    /// of the object the guess names (``Stack/Scanner``), and otherwise reads on and the second half is dropped.
    /// So a wrong guess (a file not indented line by line, text in a string that looks like a member) costs the
    /// second thread's work, never a wrong stack, and a file with no such line is read in one piece.
    struct SplitPoint: Sendable {
        /// The offset of the member's opening quote.
        var position: Int
        /// The dotted paths of the objects the member is in, outermost first, without the root (empty for a member
        /// of the root).
        var ancestors: [[UInt8]]

        /// A split point from four ninths into `bytes` on: the first member there that opens a line and whose
        /// enclosing objects each open a line of their own above it. Nil when the first few such lines have no such
        /// objects (members inside a composite `$value`, whose line is a property's, or a file not indented line by
        /// line), or there is none.
        ///
        /// Four ninths, not a half, because the second thread starts about a quarter of a millisecond after the
        /// first goes on reading (measured on the benchmark machine), and the first also guesses and joins: at two
        /// fifths the first thread waited ~3.3 ms for the second at 100,000 tokens; at four ninths neither waits
        /// for the other at 10,000 or 100,000 tokens (median of the joins' waits, 1 µs).
        static func guess(in bytes: UnsafeBufferPointer<UInt8>) -> SplitPoint? {
            let lines = Lines(bytes: bytes)
            var lineStart = lines.start(after: bytes.count * 4 / 9)
            var tries = 0
            while lineStart < bytes.count * 3 / 4, tries < 8 {
                if let member = lines.memberOpeningObject(at: lineStart), member.indentation > 0 {
                    tries += 1
                    if let ancestors = lines.enclosingNames(above: lineStart, indentation: member.indentation) {
                        var paths: [[UInt8]] = []
                        for name in ancestors.reversed() {
                            paths.append((paths.last.map { $0 + [UInt8(ascii: ".")] } ?? []) + bytes[name])
                        }
                        return SplitPoint(position: member.position, ancestors: paths)
                    }
                }
                lineStart = lines.start(after: lineStart)
            }
            return nil
        }

        /// A file read as lines (JSON strings hold no raw line break, so every line feed is between tokens).
        private struct Lines {
            let bytes: UnsafeBufferPointer<UInt8>

            /// The start of the line after the one holding `offset` (the end of the file when there is none).
            func start(after offset: Int) -> Int {
                var index = offset
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                return min(index + 1, bytes.count)
            }

            /// The start of the line before the one starting at `lineStart` (which is not 0).
            func start(before lineStart: Int) -> Int {
                // The line feed that ends that line is at lineStart - 1; the one before it ends the line before.
                guard lineStart > 1, let feed = system_extras_last_byte(bytes.baseAddress!, Int32(UInt8(ascii: "\n")), lineStart - 1) else {
                    return 0
                }
                return feed - UnsafeRawPointer(bytes.baseAddress!) + 1
            }

            /// The line's indentation: its spaces and tabs.
            func indentation(at lineStart: Int) -> Int {
                var index = lineStart
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
                return index - lineStart
            }

            /// The member the line at `lineStart` begins with, when it is `"name": {` with a plain name that is not
            /// a property's (no escape, no `$` first, none of `.`, `{`, `}`, ASCII); the name's range and where
            /// the value's brace is.
            func memberOpeningObject(at lineStart: Int) -> (position: Int, indentation: Int, name: Range<Int>, brace: Int)? {
                let indentation = indentation(at: lineStart)
                let quote = lineStart + indentation
                guard quote + 1 < bytes.count, bytes[quote] == UInt8(ascii: "\""), bytes[quote + 1] != UInt8(ascii: "$") else { return nil }
                var index = quote + 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    let byte = bytes[index]
                    guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "."),
                        byte != UInt8(ascii: "{"), byte != UInt8(ascii: "}")
                    else { return nil }
                    index += 1
                }
                guard index < bytes.count, index > quote + 1 else { return nil }
                let name = quote + 1..<index
                index = skipBlanks(from: index + 1)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index = skipBlanks(from: index + 1)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
                return (quote, indentation, name, index)
            }

            /// The names of the objects enclosing the line at `lineStart`, innermost first: walking up, each line
            /// indented less than the last one found opens the next (`"name": {` and nothing after), up to the
            /// root's `{`; nil when a line indented less is neither.
            ///
            /// When the file opens with the root's `{` on a line of its own, a member of the root is known by its
            /// indentation (the next line's), and the walk stops there rather than going on to the file's top: at
            /// 100,000 tokens, 2,200 lines instead of 42,800.
            func enclosingNames(above lineStart: Int, indentation: Int) -> [Range<Int>]? {
                let rootMembers = rootMemberIndentation()
                var names: [Range<Int>] = []
                var bound = indentation
                var line = lineStart
                while line > 0 {
                    line = start(before: line)
                    // Most lines are indented at least as far: told apart a word at a time.
                    if beginsWithSpaces(line, count: bound) { continue }
                    let indentation = self.indentation(at: line)
                    guard indentation < bound, !isBlank(from: line + indentation) else { continue }
                    if bytes[line + indentation] == UInt8(ascii: "{") {
                        // The root, when nothing follows its brace on its line.
                        return isBlank(from: line + indentation + 1) ? names : nil
                    }
                    guard let opener = memberOpeningObject(at: line), isBlank(from: opener.brace + 1) else { return nil }
                    names.append(opener.name)
                    if indentation == rootMembers { return names }
                    bound = indentation
                }
                return nil
            }

            /// The indentation of the root's members, when the file (after a byte order mark) opens with `{` alone
            /// on its line: the next line's that is not blank. Nil otherwise.
            private func rootMemberIndentation() -> Int? {
                let first = skipBlanks(from: JSONReader.byteOrderMarkLength(bytes))
                guard first < bytes.count, bytes[first] == UInt8(ascii: "{"), isBlank(from: first + 1) else { return nil }
                var line = start(after: first)
                while line < bytes.count, isBlank(from: line) { line = start(after: line) }
                return line < bytes.count ? indentation(at: line) : nil
            }

            /// Whether the line at `lineStart` begins with `count` spaces (false for a tab among them too).
            private func beginsWithSpaces(_ lineStart: Int, count: Int) -> Bool {
                guard lineStart + max(count, 8) <= bytes.count else { return false }
                let raw = UnsafeRawPointer(bytes.baseAddress! + lineStart)
                let spaces: UInt64 = 0x2020_2020_2020_2020
                guard count >= 8 else {
                    let mask: UInt64 = count == 0 ? 0 : ~0 >> (64 - 8 * count)  // the first `count` bytes (little-endian)
                    return (UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) ^ spaces) & mask == 0
                }
                var offset = 0
                while offset + 8 <= count {
                    if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != spaces { return false }
                    offset += 8
                }
                // The last bytes, in a word that overlaps the one before.
                return offset == count || raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == spaces
            }

            /// Whether nothing but blanks follows `offset` on its line.
            private func isBlank(from offset: Int) -> Bool {
                let index = skipBlanks(from: offset)
                return index == bytes.count || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
            }

            private func skipBlanks(from offset: Int) -> Int {
                var index = offset
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
                return index
            }
        }
    }

    /// The stack a second half of the first file makes, read from its ``SplitPoint`` on: its own paths with the
    /// split point's ancestors as nodes 1 to `ancestors.count` (the root is node 0), its tokens, the JSON nodes of
    /// its values, and, for each object the split point is in, innermost first, what its members in this half
    /// made of it.
    struct SecondHalf: Sendable {
        var stack: Stack
        var nodes: [JSONDocument.Node]
        var enclosing: [(written: UInt8, type: Int16)]
    }
}

extension FastPath.Stack {
    /// Reads the second half of the first file, `bytes`, from `split`; nil where the scan answers false: when the
    /// full engine would have to read the file, or when the guess was wrong (then the first half's reader does not
    /// stop at the split point, reads the whole file, and this half is dropped).
    static func readSecondHalf(of bytes: SourceBytes, from split: FastPath.SplitPoint) -> FastPath.SecondHalf? {
        var stack = FastPath.Stack()
        stack.reserveCapacity((bytes.count - split.position) / 80)
        var parent: Int32 = 0
        for path in split.ancestors {
            parent = path.withUnsafeBufferPointer { stack.paths.add(whole: $0, parent: parent) }
            stack.nodes.append(Node())
        }
        return bytes.withUnsafeBufferPointer { bytes -> FastPath.SecondHalf? in
            var scanner = Scanner(bytes: bytes, file: 0)
            defer { scanner.deallocate() }
            guard let enclosing = scanner.rest(from: split, into: &stack), scanner.reader.duplicateKeys.isEmpty else { return nil }
            return FastPath.SecondHalf(stack: stack, nodes: scanner.reader.nodes, enclosing: enclosing)
        }
    }

    /// Appends the second half of the first file to this stack, which holds the first half, read up to the split
    /// point with `open` the objects left open there (innermost first, the root last) and `nodes` the JSON nodes
    /// of its values; false where a property is written in both halves (a duplicate key). A name written in both
    /// is a path added twice, which ``FastPath/Paths/index()`` finds.
    mutating func append(_ half: FastPath.SecondHalf, open: [Scanner.OpenObject], nodes: inout [JSONDocument.Node]) -> Bool {
        // The half's node `i` up to the ancestors' count (0 the root) is the open object `open[open.count - 1 - i]`.
        precondition(open.count == half.enclosing.count, "the halves disagree on the objects open at the split")
        let ancestors = open.reversed().map(\.node)
        let tokenBase = Int32(tokens.count)
        let nodeBase = Int32(nodes.count)
        guard let pathBase = paths.append(half.stack.paths, sharing: ancestors) else { return false }
        // Each array appended whole, then its ids shifted in place.
        let firstNode = self.nodes.count
        self.nodes.append(contentsOf: half.stack.nodes[ancestors.count...])
        self.nodes.withUnsafeMutableBufferPointer { nodes in
            for index in firstNode..<nodes.count where nodes[index].kind == .token { nodes[index].token += tokenBase }
        }
        let firstToken = tokens.count
        tokens.append(contentsOf: half.stack.tokens)
        tokens.withUnsafeMutableBufferPointer { tokens in
            for index in firstToken..<tokens.count {
                // A token is never one of the shared objects (those are groups).
                tokens[index].node += pathBase
                tokens[index].shiftValueNode(by: nodeBase)
            }
        }
        let firstValueNode = nodes.count
        nodes.append(contentsOf: half.nodes)
        nodes.withUnsafeMutableBufferPointer { nodes in
            for index in firstValueNode..<nodes.count { nodes[index].end += UInt32(nodeBase) }
        }
        // The objects open at the split: properties from both halves, each once.
        for (object, second) in zip(open, half.enclosing) {
            guard object.written & second.written == 0 else { return false }
            var closed = object
            closed.written |= second.written
            if second.type >= 0 { closed.type = second.type }
            guard Scanner.close(closed, file: 0, into: &self) else { return false }
        }
        return true
    }
}
