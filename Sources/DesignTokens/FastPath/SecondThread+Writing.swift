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
    /// Why: at 100,000 tokens the output's 135 `write` calls take about 3.5 ms in the kernel (copying into the
    /// page cache), a little less than making the pieces; one after the other, they were some 8 ms of the run.
    static func write(
        to file: FileSystem.OpenFile, onThread: Bool, _ make: (PieceWriter) -> Void
    ) throws(FileSystem.Failure) {
        guard onThread else {
            let writer = PieceWriter(file, mailbox: nil)
            make(writer)
            if let failure = writer.failure { throw failure }
            return
        }
        let mailbox = Mailbox()
        let writer = PieceWriter(file, mailbox: mailbox)
        let thread = start { mailbox.writeEach(to: file) }
        make(writer)
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
    /// read and written under the mutex, but ``failure``, which only the writing thread writes, and the making
    /// thread reads after joining it.
    fileprivate final class Mailbox: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// The piece handed over and not yet written.
        private var pending: UnsafeRawBufferPointer?
        private var isClosed = false
        private var hasFailed = false
        private(set) var failure: FileSystem.Failure?

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        deinit {
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
            condition.deallocate()
            mutex.deallocate()
        }

        /// Hands `piece` over once the one before is written; false, handing nothing, when a write has failed.
        func post(_ piece: UnsafeRawBufferPointer) -> Bool {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            while pending != nil { pthread_cond_wait(condition, mutex) }
            guard !hasFailed else { return false }
            pending = piece
            pthread_cond_broadcast(condition)
            return true
        }

        /// Waits until no piece handed over is left to write.
        func waitUntilWritten() {
            pthread_mutex_lock(mutex)
            while pending != nil { pthread_cond_wait(condition, mutex) }
            pthread_mutex_unlock(mutex)
        }

        /// No more pieces: the writing thread stops once the last is written.
        func close() {
            pthread_mutex_lock(mutex)
            isClosed = true
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }

        /// The writing thread's loop: writes each piece as it is handed over, until ``close()``; after a failure
        /// it writes nothing more.
        func writeEach(to file: FileSystem.OpenFile) {
            pthread_mutex_lock(mutex)
            while true {
                while pending == nil, !isClosed { pthread_cond_wait(condition, mutex) }
                guard let piece = pending else { break }
                pthread_mutex_unlock(mutex)
                do throws(FileSystem.Failure) {
                    try file.write(piece)
                } catch {
                    failure = error
                }
                pthread_mutex_lock(mutex)
                hasFailed = failure != nil
                pending = nil
                pthread_cond_broadcast(condition)
            }
            pthread_mutex_unlock(mutex)
        }
    }
}
