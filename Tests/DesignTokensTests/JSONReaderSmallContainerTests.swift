import Testing
@testable import DesignTokens

/// What reading one value left behind: its nodes, where the reader stopped, the duplicate keys it recorded, or the
/// error it threw. Two readings must agree on all of it.
private struct Reading: Equatable, CustomStringConvertible {
    var nodes: [String]
    var position: Int
    var duplicates: [String]
    var error: JSONReader.SyntaxError?

    var description: String {
        error.map { "error at \($0.offset): \($0.message)" }
            ?? "position \(position), nodes \(nodes), duplicates \(duplicates)"
    }
}

/// Reads the value at the start of `text` the way the fast path's scanner does (``JSONReader/readValue()``), with
/// the reader recording line starts (then it takes the general path for every container) or not (then it reads
/// small containers on its own path first).
private func read(_ text: [UInt8], recordingLineStarts: Bool) -> Reading {
    text.withUnsafeBufferPointer { bytes in
        var reader = JSONReader(bytes: bytes)
        reader.recordsLineStarts = recordingLineStarts
        return reading(of: &reader)
    }
}

/// Reads the value at `reader`'s position, and what that left behind.
private func reading(of reader: inout JSONReader) -> Reading {
    var thrown: JSONReader.SyntaxError?
    do throws(JSONReader.SyntaxError) {
        _ = try reader.readValue()
    } catch {
        thrown = error
    }
    return Reading(
        nodes: reader.nodes.map { "\($0.kind) \($0.isEscaped) \($0.offset) \($0.length) \($0.end)" },
        position: reader.position,
        duplicates: reader.duplicateKeys.map { "\($0.first)=\($0.duplicate)" },
        error: thrown)
}

/// Random JSON values, mostly small composites like token values, with some of what the small-container path must
/// hand to the general one: escaped and repeated keys, deep or long containers, syntax errors, a cut-off end.
private struct ValueGenerator {
    var random: SplitMix

    mutating func space() -> String { random.pick(["", "", " ", "\n  ", "\t", " \r\n "]) }

    mutating func key() -> String {
        random.pick(["value", "unit", "color", "hex", "components", "a", "b", "a\\u0062", "\\\"q", "ünit", ""])
    }

    mutating func scalar() -> String {
        random.pick([
            "4", "-0.5", "1e3", "0", "12.25", "\"px\"", "\"#22b6dd\"", "\"{core.color.blue.50}\"", "\"a\\nb\"", "true",
            "false", "null",
            // Not JSON: the general reader's errors.
            "01", "-", "1.", "nul", "\"bad \\x\"", "'s'", "NaN",
        ])
    }

    mutating func value(depth: Int) -> String {
        let roll = random.int(10)
        if depth >= 7 || roll < 3 { return scalar() }
        let isObject = roll < 7
        let count = random.chance(0.1) ? 9 + random.int(3) : random.int(5)
        var members: [String] = []
        for _ in 0..<count {
            let element = value(depth: depth + 1)
            members.append(isObject ? "\"\(key())\"\(space()):\(space())\(element)" : element)
        }
        var inside = members.map { space() + $0 + space() }.joined(separator: random.chance(0.03) ? " " : ",")
        if random.chance(0.03) { inside += "," }  // a trailing comma
        return isObject ? "{\(inside)}" : "[\(inside)]"
    }

    mutating func text() -> [UInt8] {
        var bytes = Array((value(depth: 0) + space()).utf8)
        if random.chance(0.05), !bytes.isEmpty { bytes.removeLast(random.int(bytes.count) + 1) }  // cut off
        return bytes
    }
}

/// A value for the small-container path, and whether that path reads it (else it hands it to the general reader).
struct SmallContainerCase: Sendable, CustomTestStringConvertible {
    var text: String
    var isReadOnItsPath: Bool
    var testDescription: String { text }

    init(_ text: String, readOnItsPath: Bool) {
        self.text = text
        self.isReadOnItsPath = readOnItsPath
    }
}

@Suite("JSON reader: small containers read on their own path")
struct JSONReaderSmallContainerTests {
    @Test(
        "each reads as the general reader reads it, on its own path where it fits",
        arguments: [
            SmallContainerCase(#"{"value": 4, "unit": "px"}"#, readOnItsPath: true),
            SmallContainerCase(##"{"colorSpace": "display-p3", "components": [0.98, 0.18, 0.15], "hex": "#22b6dd"} "##, readOnItsPath: true),
            SmallContainerCase(#"[{"color": "{a.b}", "offsetX": {"value": 1, "unit": "px"}}, {"inset": true}]"#, readOnItsPath: true),
            SmallContainerCase("{}", readOnItsPath: true),
            SmallContainerCase("[]", readOnItsPath: true),
            SmallContainerCase("[[], {}]", readOnItsPath: true),
            SmallContainerCase("{\n  \"a\": null\n}\n", readOnItsPath: true),
            SmallContainerCase("[[[[1]]]]", readOnItsPath: true),
            // Left to the general reader: a repeated key (recorded), an escaped one, too many members, too deep.
            SmallContainerCase(#"{"a": 1, "b": 2, "a": 3}"#, readOnItsPath: false),
            SmallContainerCase(#"{"\u0061": 1, "a": 2}"#, readOnItsPath: false),
            SmallContainerCase(#"[1, 2, 3, 4, 5, 6, 7, 8, 9]"#, readOnItsPath: false),
            SmallContainerCase("[[[[[1]]]]]", readOnItsPath: false),
            // Errors, thrown as the general reader throws them.
            SmallContainerCase(#"{"a": 1,}"#, readOnItsPath: false),
            SmallContainerCase(#"[1 2]"#, readOnItsPath: false),
            SmallContainerCase(#"{"a" 1}"#, readOnItsPath: false),
            SmallContainerCase(#"{"a": 01}"#, readOnItsPath: false),
            SmallContainerCase(#"{"a": [1, 2"#, readOnItsPath: false),
            SmallContainerCase("{", readOnItsPath: false),
        ])
    func example(_ example: SmallContainerCase) {
        let bytes = Array(example.text.utf8)
        #expect(read(bytes, recordingLineStarts: false) == read(bytes, recordingLineStarts: true))
        bytes.withUnsafeBufferPointer { bytes in
            var reader = JSONReader(bytes: bytes)
            reader.recordsLineStarts = false
            #expect(reader.readSmallContainer() == example.isReadOnItsPath)
            if !example.isReadOnItsPath {
                // Handed over as it was found.
                #expect(reader.position == 0)
                #expect(reader.nodes.isEmpty)
            }
        }
    }

    @Test("values read one after another from one reader, as the fast path's scanner reads them")
    func sequence() {
        let text = Array(#"{"a": 1} [2, {"b": "c"}] "s" {"a": 1, "a": 2} {"value": 4, "unit": "px"}"#.utf8)
        let starts = [0, 9, 25, 29, 46]
        /// What the reader had after each value: all the nodes so far, where it stopped, what it recorded or threw.
        func readAll(recordingLineStarts: Bool) -> [Reading] {
            text.withUnsafeBufferPointer { bytes in
                var reader = JSONReader(bytes: bytes)
                reader.recordsLineStarts = recordingLineStarts
                return starts.map { start in
                    reader.move(to: start)
                    return reading(of: &reader)
                }
            }
        }
        let own = readAll(recordingLineStarts: false)
        #expect(own == readAll(recordingLineStarts: true))
        #expect(own.last?.duplicates.count == 1)
        #expect(own.allSatisfy { $0.error == nil })
    }

    @Test("inside enclosing containers, the nesting limit falls where the general reader's does")
    func depth() {
        for text in ["[[1]]", "[[[1]]]"] {
            let bytes = Array(text.utf8)
            func readNested(recordingLineStarts: Bool) -> Reading {
                bytes.withUnsafeBufferPointer { buffer in
                    var reader = JSONReader(bytes: buffer)
                    reader.recordsLineStarts = recordingLineStarts
                    reader.enclosingDepth = JSONReader.maximumDepth - 2
                    return reading(of: &reader)
                }
            }
            let own = readNested(recordingLineStarts: false)
            #expect(own == readNested(recordingLineStarts: true), "\(text)")
            #expect((own.error == nil) == (text == "[[1]]"), "\(text)")
        }
    }

    @Test("random values read as the general reader reads them")
    func random() {
        var generator = ValueGenerator(random: SplitMix(state: 0x5EED_0FC0_FFEE))
        var compared = 0, readOnItsPath = 0
        for _ in 0..<4_000 {
            let bytes = generator.text()
            guard let first = bytes.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { continue }
            #expect(read(bytes, recordingLineStarts: false) == read(bytes, recordingLineStarts: true), "\(String(decoding: bytes, as: UTF8.self))")
            compared += 1
            bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONReader(bytes: buffer)
                reader.recordsLineStarts = false
                if reader.readSmallContainer() { readOnItsPath += 1 }
            }
        }
        // The inputs reach both paths often.
        #expect(readOnItsPath > 300)
        #expect(compared - readOnItsPath > 300)
    }
}
