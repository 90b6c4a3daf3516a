#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import DesignTokens

@Suite("SecondThread: steps started apart and joined")
struct SecondThreadTests {
    /// A result the step writes where the test can read it after the join (the join orders the two).
    final class Box: @unchecked Sendable {
        var value = 0
        var thread: pthread_t?
    }

    @Test("a step started on a thread runs there, and join answers its result", arguments: [true, false])
    func joinAnswersTheResult(onThread: Bool) {
        let box = Box()
        let running = SecondThread.start(onThread: onThread) {
            box.thread = pthread_self()
            return (1...1_000).reduce(0, +)
        }
        #expect(running.join() == 500_500)
        // On a thread of its own, or, when asked not to, here and now.
        #expect((box.thread.map { pthread_equal($0, pthread_self()) != 0 }) == !onThread)
    }

    /// The step hands a value over, then goes on with work of its own; the caller takes the value whether it was put
    /// before the take (the step run inline) or after (a thread made to wait first).
    @Test("a step hands a value over mid-step, and the caller takes it", arguments: [true, false])
    func handoffMidStep(onThread: Bool) {
        let handoff = SecondThread.Handoff<[Int]>()
        let box = Box()
        let running = SecondThread.start(onThread: onThread) {
            if onThread { usleep(20_000) }  // so that the take below most likely waits for the put
            handoff.put([1, 2, 3])
            box.value = 7
            return 1
        }
        #expect(handoff.take() == [1, 2, 3])
        #expect(running.join() == 1)
        #expect(box.value == 7)
    }

    /// What the caller takes is its own: resolution writes the records it takes, and a reference left in the
    /// handoff made the first write copy them all.
    @Test("a value taken is moved out of the handoff, which keeps no reference to it")
    func takenValueIsTheTakersAlone() {
        let handoff = SecondThread.Handoff<Box>()
        handoff.put(Box())
        // The handoff lives on past the take, as it does in the fast path (else an optimised build could free it,
        // and a reference it kept, before the check).
        withExtendedLifetime(handoff) {
            var taken = handoff.take()
            #expect(isKnownUniquelyReferenced(&taken))
        }
    }

    @Test("a step dropped without a join is joined as it goes: its work is done when the drop returns")
    func droppedStepIsJoined() {
        let box = Box()
        do {
            let running = SecondThread.start {
                usleep(20_000)
                box.value = 42
                return 0
            }
            _ = consume running
        }
        #expect(box.value == 42)
    }

    @Test("the step's captures are let go once it has run, before the join")
    func capturesReleasedAfterRunning() {
        final class Captured: Sendable {}
        weak var weakCapture: Captured?
        let running: SecondThread.Running<Int>
        do {
            let captured = Captured()
            weakCapture = captured
            running = SecondThread.start(onThread: false) { withExtendedLifetime(captured) { 1 } }
        }
        #expect(weakCapture == nil)
        #expect(running.join() == 1)
    }
}

/// ``SecondThread/Ends``: indices handed out in chunks from both ends.
@Suite("SecondThread: work taken from both ends")
struct SecondThreadEndsTests {
    @Test("chunks from the front and the back take every index once, and meet where the front's end", arguments: [0, 1, 7, 256, 1_000])
    func everyIndexOnce(count: Int) {
        for chunk in [1, 3, 256] {
            let ends = SecondThread.Ends(count: count, chunk: chunk)
            var fronts: [Range<Int>] = []
            var backs: [Range<Int>] = []
            var turn = 0
            while true {
                turn += 1
                if turn % 3 == 0 {
                    guard let taken = ends.takeBack() else { break }
                    backs.append(taken)
                } else {
                    guard let taken = ends.takeFront() else { break }
                    fronts.append(taken)
                }
            }
            #expect(ends.takeFront() == nil && ends.takeBack() == nil)
            // The front's chunks run up from 0, the back's down from the end, each at most `chunk` long and none empty.
            let taken = fronts + backs.reversed()
            #expect(taken.flatMap { Array($0) } == Array(0..<count), "count \(count), chunk \(chunk)")
            #expect(taken.allSatisfy { !$0.isEmpty && $0.count <= chunk })
            #expect(ends.meeting == (fronts.last?.upperBound ?? 0))
        }
    }

    /// A flag one thread sets and another reads.
    final class Flag: @unchecked Sendable {
        private let lock = SecondThread.Lock()
        private var value = false

        func set() {
            lock.lock()
            value = true
            lock.unlock()
        }

        var isSet: Bool {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    @Test("once the front has taken its last chunk, it waits for the back to be done with its own")
    func frontWaitsForTheBack() {
        let ends = SecondThread.Ends(count: 2, chunk: 1)
        let taken = SecondThread.Handoff<Bool>()
        let done = Flag()
        // The back takes one chunk, says so, and is at work on it for 50 ms.
        guard let back = SecondThread.startApart({
            _ = ends.takeBack()
            taken.put(true)
            usleep(50_000)
            done.set()
            _ = ends.takeBack()  // nil: the ends have met, and the chunk before is done
        }) else {
            Issue.record("no thread could be started")
            return
        }
        _ = taken.take()
        #expect(ends.takeFront() == 0..<1)
        #expect(ends.takeFront() == nil)
        ends.waitForTheBack()
        #expect(done.isSet)
        back.join()
        // A back that never took a chunk is not waited for.
        let untouched = SecondThread.Ends(count: 3, chunk: 2)
        while untouched.takeFront() != nil {}
        untouched.waitForTheBack()
    }

    @Test("two threads taking from both ends at once take every index once")
    func twoThreads() {
        let count = 100_000
        let ends = SecondThread.Ends(count: count, chunk: 7)
        let back = SecondThread.start {
            var taken: [Range<Int>] = []
            while let chunk = ends.takeBack() { taken.append(chunk) }
            return taken
        }
        var front: [Range<Int>] = []
        while let chunk = ends.takeFront() { front.append(chunk) }
        let backs = back.join()
        #expect((front + backs.reversed()).flatMap { Array($0) } == Array(0..<count))
        #expect(ends.meeting == (front.last?.upperBound ?? 0))
    }
}

/// ``SecondThread/write(to:onThread:_:)``: pieces made in two buffers in turn, as ``FlatJSON`` makes them, written to a
/// file in order, on a second thread or at once; and the first failed write stopping the rest.
@Suite("SecondThread: pieces written while the next is made")
struct SecondThreadWritingTests {
    /// The piece numbered `index`: `size` bytes that name it, so that a piece written twice, lost or out of order
    /// shows in the file.
    static func piece(_ index: Int, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: index &* 31 &+ $0 % 253) }
    }

    @Test("pieces made in two buffers in turn are written in order, the last one whole, before write returns", arguments: [true, false])
    func piecesInOrder(onThread: Bool) throws {
        // Written to a pipe whose reader waits 5 ms before each read of at most 64 KiB, so that each piece of 256 KiB
        // takes some 20 ms to write: a piece still being written when `finish` returns would be read after the
        // buffers are spoiled below.
        let pipe = try SlowPipe(pausing: 5_000)
        let size = 1 << 18
        let count = 4
        let buffers = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * size)
        defer { buffers.deallocate() }
        var handed = 0
        var thrown: FileSystem.Failure?
        do throws(FileSystem.Failure) {
            try SecondThread.write(to: FileSystem.OpenFile(writingTo: pipe.writeEnd), onThread: onThread) { writer in
                for index in 0..<count {
                    // The buffer written two pieces ago is filled again: the writer must be done with it.
                    let buffer = buffers + (index % 2) * size
                    let bytes = Self.piece(index, size: size - index)
                    buffer.update(from: bytes, count: bytes.count)
                    if writer.write(UnsafeRawBufferPointer(start: buffer, count: bytes.count)) { handed += 1 }
                }
                writer.finish()
                // Once finish returns, the buffers are the caller's again: spoiled here, as freeing them would.
                buffers.update(repeating: 0xEE, count: 2 * size)
            }
        } catch {
            thrown = error
        }
        let written = pipe.finish()
        #expect(thrown == nil)
        #expect(handed == count)
        let expected = (0..<count).reduce(into: [UInt8]()) { $0 += Self.piece($1, size: size - $1) }
        #expect(written.count == expected.count)
        let same = written == expected
        #expect(same, "what was written is not the pieces in order")
    }

    @Test("the first failed write is thrown, and the writer takes nothing after it", arguments: [true, false])
    func failedWriteStops(onThread: Bool) throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0, "no /dev/full here")
        defer { close(descriptor) }
        let bytes = Self.piece(0, size: 4096)
        var answers: [Bool] = []
        var thrown: FileSystem.Failure?
        do throws(FileSystem.Failure) {
            try SecondThread.write(to: FileSystem.OpenFile(writingTo: descriptor), onThread: onThread) { writer in
                bytes.withUnsafeBytes { piece in
                    for _ in 0..<3 { answers.append(writer.write(piece)) }
                }
                writer.finish()
            }
        } catch {
            thrown = error
        }
        // On a thread the first piece is handed over before its write fails, and the next waits for that write;
        // at once, the first write fails in the call.
        #expect(answers == (onThread ? [true, false, false] : [false, false, false]))
        #expect(thrown?.reason == String(cString: strerror(ENOSPC)))
    }

    /// Writes two parts of `sizes` bytes (multiples of 4 KiB), in pieces of 4 KiB, with
    /// ``SecondThread/write(to:firstApart:then:firstLength:)``, the second said to begin at `firstLength`.
    static func writeTwoParts(to file: FileSystem.OpenFile, sizes: [Int], firstLength: Int) throws(FileSystem.Failure) {
        @Sendable func make(_ part: Int, _ writer: SecondThread.PieceWriter) {
            for index in 0..<sizes[part] / 4_096 {
                _ = Self.piece(part * 1_000 + index, size: 4_096).withUnsafeBytes { writer.write($0) }
            }
            writer.finish()
        }
        try SecondThread.write(to: file) { make(0, $0) } then: { make(1, $0) } firstLength: { firstLength }
    }

    @Test("two parts made at once, each written in place, make the file; a first part of another length than said is thrown")
    func twoPartsInPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.path + "/out.bin"
        let size = 1 << 20
        try FileSystem.writeAtomically(to: target) { (file) throws(FileSystem.Failure) in
            #expect(file.isFreshRegularFile)
            try Self.writeTwoParts(to: file, sizes: [size, size], firstLength: size)
        }
        let expected = [0, 1].flatMap { part in (0..<size / 4_096).flatMap { Self.piece(part * 1_000 + $0, size: 4_096) } }
        let written = try FileSystem.read(target)
        #expect(written.count == expected.count)
        let same = written == expected
        #expect(same, "the parts are not where they belong")
        // Said to be a byte shorter: the parts would overlap. The target is left as it was.
        var thrown: FileSystem.Failure?
        do throws(FileSystem.Failure) {
            try FileSystem.writeAtomically(to: target) { (file) throws(FileSystem.Failure) in
                try Self.writeTwoParts(to: file, sizes: [size, size], firstLength: size - 1)
            }
        } catch {
            thrown = error
        }
        #expect(thrown?.reason.contains("first part is \(size) bytes, not \(size - 1)") == true)
        let after = try FileSystem.read(target)
        #expect(after == written)
    }

    @Test("a write of either part that fails is thrown", arguments: [[1 << 16, 1 << 16], [0, 1 << 16], [1 << 16, 0]])
    func twoPartsFailing(sizes: [Int]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/read-only.bin"
        try FileSystem.writeAtomically([], to: path)
        // A regular file open for reading only: every write fails.
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var thrown: FileSystem.Failure?
        do throws(FileSystem.Failure) {
            try Self.writeTwoParts(to: FileSystem.OpenFile(writingTo: descriptor), sizes: sizes, firstLength: sizes[0])
        } catch {
            thrown = error
        }
        #expect(thrown?.reason == String(cString: strerror(EBADF)))
    }

    @Test("FlatJSON's pieces written on a second thread make the output render makes")
    func flatJSONOnThread() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.path + "/out.json"
        // About 1.4 MB: some twenty pieces; among them a value larger than a piece, handed over as it is, and, last,
        // a key to escape larger than a piece, which goes through the buffers.
        var entries = (0..<40_000).map { FlatJSONPiecesTests.Entry("group.\($0 % 97).token-\($0)", Double($0) / 8) }
        entries.insert(FlatJSONPiecesTests.Entry("big", .string(String(repeating: "v", count: 70_000))), at: 20_000)
        entries.append(FlatJSONPiecesTests.Entry(String(repeating: "q\"", count: 40_000), 1))
        let (keys, values) = FlatJSONPiecesTests.input(entries)
        try FileSystem.writeAtomically(to: target) { (file) throws(FileSystem.Failure) in
            try SecondThread.write(to: file, onThread: true) { writer in
                FlatJSON.write(keys, values: values, to: writer.write, finishing: writer.finish)
            }
        }
        let written = try FileSystem.read(target)
        let same = written == FlatJSON.render(keys, values: values)
        #expect(same, "the file differs from the rendered output")
    }
}
