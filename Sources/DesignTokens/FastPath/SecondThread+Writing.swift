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

    /// Where ``write(to:onThread:_:)``'s `make` hands its pieces.
    final class PieceWriter {
        private let file: FileSystem.OpenFile
        /// The way to the second thread; nil when the pieces are written at once.
        private let mailbox: Mailbox?
        /// A failed write, when the pieces are written at once.
        fileprivate private(set) var failure: FileSystem.Failure?

        fileprivate init(_ file: FileSystem.OpenFile, mailbox: Mailbox?) {
            self.file = file
            self.mailbox = mailbox
        }

        /// Writes `piece` after the ones before it, or hands it to the second thread to write; false, writing
        /// nothing, once a write has failed. A piece handed over must stay as it is until this is next called or
        /// ``finish()`` returns.
        func write(_ piece: UnsafeRawBufferPointer) -> Bool {
            guard let mailbox else {
                guard failure == nil else { return false }
                do throws(FileSystem.Failure) {
                    try file.write(piece)
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
