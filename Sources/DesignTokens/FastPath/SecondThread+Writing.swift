#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SecondThread {
    /// Runs `make`, which hands pieces to the ``PieceWriter`` it is given, and writes them to `file` in order:
    /// with `onThread`, each on a second thread while `make` goes on to the next, else each at once. The first
    /// write that fails stops the writing (the writer answers false from then on) and is thrown here.
    ///
    /// Why: at 100,000 tokens the output's `write` calls take about 3.5 ms in the kernel (copying into the page
    /// cache), a little less than making the pieces; one after the other, they were some 8 ms of the run. Each
    /// piece handed over wakes the writing thread, so the pieces handed over are large (``FastPath/FlatOutput``).
    static func write(
        to file: FileSystem.OpenFile, onThread: Bool, _ make: (PieceWriter) -> Void
    ) throws(FileSystem.Failure) {
        let mailbox = Mailbox()
        // The writing thread waits for pieces: it cannot run in this one's place (`startApart`, not `start`).
        guard onThread, let thread = startApart({ mailbox.writeEach(to: file) }) else {
            let writer = PieceWriter(file, mailbox: nil)
            make(writer)
            if let failure = writer.failure { throw failure }
            return
        }
        make(PieceWriter(file, mailbox: mailbox))
        mailbox.close()
        thread.join()
        if let failure = mailbox.failure { throw failure }
    }

    /// Writes a file of two parts at once, each made by a thread of its own: `makeFirst`, on a second thread, makes
    /// the first, and `makeSecond`, here, the second, which begins at the offset `firstLength` answers (worked out
    /// here while the second thread starts); each hands its pieces to the ``PieceWriter`` it is given, which writes
    /// them in place at once. Without a second thread, the first part is made here first. `file` must be fresh
    /// (``FileSystem/OpenFile/isFreshRegularFile``). A failed write is thrown (the first part's, if both fail), and
    /// so is a first part whose length is not `firstLength`'s.
    ///
    /// Why: at 100,000 tokens making the output's pieces took ~6.5 ms on one thread, while the second thread only
    /// wrote them (~0.1 ms a piece of 256 KiB); with a part each, both make pieces and write them.
    static func write(
        to file: FileSystem.OpenFile, firstApart makeFirst: @escaping @Sendable (PieceWriter) -> Void,
        then makeSecond: (PieceWriter) -> Void, firstLength: () -> Int
    ) throws(FileSystem.Failure) {
        // The first part's maker never waits for this thread, so it may run in place when no thread starts.
        let first = start { () -> (failure: FileSystem.Failure?, end: Int) in
            let writer = PieceWriter(file, at: 0)
            makeFirst(writer)
            return (writer.failure, writer.offset!)
        }
        let offset = firstLength()
        let writer = PieceWriter(file, at: offset)
        makeSecond(writer)
        let made = first.join()
        if let failure = made.failure ?? writer.failure { throw failure }
        // Had the first part another length, the file would have a gap or an overlap where the parts meet.
        guard made.end == offset else {
            throw FileSystem.Failure(reason: "internal error: the output's first part is \(made.end) bytes, not \(offset)")
        }
    }

    /// Where ``write(to:onThread:_:)``'s and ``write(to:firstApart:then:firstLength:)``'s makers hand their pieces.
    final class PieceWriter {
        private let file: FileSystem.OpenFile
        /// The way to the second thread; nil when the pieces are written at once.
        private let mailbox: Mailbox?
        /// Where the next piece goes in the file, when the pieces are written in place; nil when each goes after
        /// the one before.
        fileprivate private(set) var offset: Int?
        /// A failed write, when the pieces are written at once.
        fileprivate private(set) var failure: FileSystem.Failure?

        fileprivate init(_ file: FileSystem.OpenFile, mailbox: Mailbox?) {
            self.file = file
            self.mailbox = mailbox
        }

        /// A writer that writes each piece at once, in place, from `offset` in the file on.
        fileprivate init(_ file: FileSystem.OpenFile, at offset: Int) {
            self.file = file
            mailbox = nil
            self.offset = offset
        }

        /// Writes `piece` after the ones before it, or hands it to the second thread to write; false, writing
        /// nothing, once a write has failed. A piece handed over must stay as it is until this is next called or
        /// ``finish()`` returns.
        func write(_ piece: UnsafeRawBufferPointer) -> Bool {
            guard let mailbox else {
                guard failure == nil else { return false }
                do throws(FileSystem.Failure) {
                    if let offset {
                        try file.write(piece, at: offset)
                        self.offset = offset + piece.count
                    } else {
                        try file.write(piece)
                    }
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            return mailbox.post(piece)
        }

        /// Waits until the last piece handed over is written, so that its memory may be reused or freed.
        func finish() {
            mailbox?.waitUntilWritten()
        }
    }

    /// One piece at a time, from the thread that makes them to the thread that writes them, and whether the
    /// writes so far succeeded back.
    ///
    /// Shared by two threads without the compiler's check (a buffer pointer is not `Sendable`): the fields are
    /// read and written under the lock (and ``failure`` also after the writing thread is joined).
    fileprivate final class Mailbox: @unchecked Sendable {
        private let lock = Lock()
        /// The piece handed over and not yet written.
        private var pending: UnsafeRawBufferPointer?
        private var isClosed = false
        /// The first write that failed (the writing thread writes nothing after it).
        private(set) var failure: FileSystem.Failure?

        /// Hands `piece` over once the one before is written; false, handing nothing, when a write has failed.
        func post(_ piece: UnsafeRawBufferPointer) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            while pending != nil { lock.wait() }
            guard failure == nil else { return false }
            pending = piece
            lock.signal()
            return true
        }

        /// Waits until no piece handed over is left to write.
        func waitUntilWritten() {
            lock.lock()
            while pending != nil { lock.wait() }
            lock.unlock()
        }

        /// No more pieces: the writing thread stops once the last is written.
        func close() {
            lock.lock()
            isClosed = true
            lock.signal()
            lock.unlock()
        }

        /// The writing thread's loop: writes each piece as it is handed over, until ``close()``; after a failure
        /// it writes nothing more.
        func writeEach(to file: FileSystem.OpenFile) {
            lock.lock()
            while true {
                while pending == nil, !isClosed { lock.wait() }
                guard let piece = pending else { break }
                lock.unlock()
                var failed: FileSystem.Failure?
                do throws(FileSystem.Failure) {
                    try file.write(piece)
                } catch {
                    failed = error
                }
                lock.lock()
                if let failed { failure = failed }
                pending = nil
                lock.signal()
            }
            lock.unlock()
        }
    }
}
