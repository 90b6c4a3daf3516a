#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemExtras

/// Steps run on a second core, each on a thread started for it and joined for its result: steps that never wait for
/// the calling thread (``start(onThread:_:)``, which runs one in place when it cannot start a thread; such a step
/// may still share work with the calling thread, taking chunks of it under a lock, ``Ends``, or handing it values,
/// ``Handoff``), and steps that wait for what it does (``startApart(_:)``: writing the pieces it hands over).
///
/// A POSIX thread, started for the one step and joined at its end, rather than Dispatch: the C library that
/// starts it is loaded anyway, while `import Dispatch` loads its Swift overlay (`libswiftDispatch.so`) into every
/// run of the binary, and its global queue starts worker threads of its own. A thread costs some tens of
/// microseconds to start, so callers use this only for steps that take much longer.
///
/// On Linux with glibc the thread starts on a core other than the caller's (``system_extras_start_thread_elsewhere``,
/// in C): left to the scheduler, a new thread on a two-core VM was seen to share its parent's core for its first few
/// milliseconds in most runs, which is all of a step here.
enum SecondThread {
    /// Starts `work` on a new thread, or, when `onThread` is false or no thread can be started, runs it here and
    /// now; its result is had from ``Running/join()``.
    static func start<Result: Sendable>(
        onThread: Bool = true,
        _ work: @escaping @Sendable () -> Result
    ) -> Running<Result> {
        let job = Unmanaged.passRetained(Job(work))
        if onThread, let thread = startThread(for: job) {
            return Running(thread: thread, job: job)
        }
        job.takeUnretainedValue().run()
        return Running(thread: nil, job: job)
    }

    /// Starts `work` on a new thread; nil, without running it, when no thread can be started. For a step that
    /// waits for what the calling thread does next, which would wait for ever if it ran in its place.
    static func startApart<Result: Sendable>(_ work: @escaping @Sendable () -> Result) -> Running<Result>? {
        let job = Unmanaged.passRetained(Job(work))
        guard let thread = startThread(for: job) else {
            job.release()
            return nil
        }
        return Running(thread: thread, job: job)
    }

    /// A thread started on `job`, which it runs and then lets go of; nil when none can be started.
    private static func startThread<Result: Sendable>(for job: Unmanaged<Job<Result>>) -> pthread_t? {
        // The thread's own reference to the job, which it releases when the job is done.
        let context = Unmanaged.passRetained(job.takeUnretainedValue() as Runnable).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        guard system_extras_start_thread_elsewhere(&thread, { runJob($0) }, context) == 0 else {
            Unmanaged<Runnable>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// A step started by ``start(onThread:_:)`` or ``startApart(_:)``: ``join()`` waits for it and answers its
    /// result. Not copyable, so that it is joined once; one dropped without joining is joined as it goes (its
    /// thread never outlives it).
    struct Running<Result: Sendable>: ~Copyable {
        /// Nil when the step ran on the starting thread.
        private let thread: pthread_t?
        private let job: Unmanaged<Job<Result>>

        fileprivate init(thread: pthread_t?, job: Unmanaged<Job<Result>>) {
            self.thread = thread
            self.job = job
        }

        /// Waits for the step to finish, and answers its result.
        consuming func join() -> Result {
            // The thread's writes to the job happen before the join returns (POSIX: joining synchronizes memory).
            if let thread { pthread_join(thread, nil) }
            let result = job.takeRetainedValue().result!
            discard self
            return result
        }

        deinit {
            if let thread { pthread_join(thread, nil) }
            job.release()
        }
    }
}

extension SecondThread {
    /// A value a step on the second thread hands to the calling thread before the step is done: the step puts it,
    /// the caller takes it, waiting until it is there. (So one thread can do two things in turn for the other,
    /// without a thread started for each: starting one on the other core takes about a quarter of a millisecond.)
    final class Handoff<Value: Sendable>: @unchecked Sendable {
        // Shared across threads only under the lock.
        private let lock = Lock()
        private var value: Value?

        /// Hands `value` over (once).
        func put(_ value: Value) {
            lock.lock()
            self.value = value
            lock.signal()
            lock.unlock()
        }

        /// The value handed over, once it is; taken once. It is moved out, not copied: the handoff keeps no
        /// reference to it, so an array in it is the taker's alone and its first write does not copy it (the
        /// records resolution writes, 1.6 MB at 100,000 tokens, were copied so until round 15).
        func take() -> Value {
            lock.lock()
            while value == nil { lock.wait() }
            let taken = value.take()!
            lock.unlock()
            return taken
        }
    }

    /// The indices `0..<count`, handed out a chunk at a time from both ends: the calling thread takes from the
    /// front and the second thread from the back, until they meet. So the work is shared however unevenly its cost
    /// falls across the indices, and however late the second thread starts (or, when it runs in place first,
    /// with the calling thread taking nothing).
    final class Ends: @unchecked Sendable {
        // Shared across threads only under the lock.
        private let lock = Lock()
        private var front = 0
        private var back: Int
        private let chunk: Int
        /// Whether the back's taker is at work on the last chunk it took: from ``takeBack()`` answering a chunk to
        /// its next call.
        private var backIsAtWork = false

        init(count: Int, chunk: Int) {
            precondition(count >= 0 && chunk > 0, "no indices to hand out in chunks")
            back = count
            self.chunk = chunk
        }

        /// The next chunk from the front; nil once the ends have met.
        func takeFront() -> Range<Int>? {
            lock.lock()
            defer { lock.unlock() }
            guard front < back else { return nil }
            let taken = front..<min(front + chunk, back)
            front = taken.upperBound
            return taken
        }

        /// The next chunk from the back; nil once the ends have met. (Calling it again says the last chunk is done.)
        func takeBack() -> Range<Int>? {
            lock.lock()
            defer { lock.unlock() }
            if backIsAtWork {
                backIsAtWork = false
                lock.signal()
            }
            guard front < back else { return nil }
            let taken = max(back - chunk, front)..<back
            back = taken.lowerBound
            backIsAtWork = true
            return taken
        }

        /// Waits, once the front has taken its last chunk, until the back's taker is done with its own (at once if
        /// it never took one): then all the work is done, and what the back's chunks wrote is seen here.
        func waitForTheBack() {
            lock.lock()
            defer { lock.unlock() }
            precondition(front == back, "chunks left to take")
            while backIsAtWork { lock.wait() }
        }

        /// Where the ends met, once every chunk is taken: the indices below it came from the front.
        var meeting: Int {
            lock.lock()
            defer { lock.unlock() }
            precondition(front == back, "chunks left to take")
            return front
        }
    }

    /// A POSIX mutex with a condition to wait on under it, for what two threads share: each needs an address of
    /// its own, so they are allocated, not stored in place.
    final class Lock {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

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

        func lock() { pthread_mutex_lock(mutex) }
        func unlock() { pthread_mutex_unlock(mutex) }
        /// Lets go of the mutex until the condition is signalled (or spuriously), then takes it again.
        func wait() { pthread_cond_wait(condition, mutex) }
        /// Wakes the other thread, if it waits (two threads share a lock here, so one to wake at most).
        func signal() { pthread_cond_signal(condition) }
    }
}

/// The thread's entry point: runs the job `context` holds a reference to, and releases that reference. (Passed as
/// a C function pointer, so it captures nothing: the job travels in `context`.)
private func runJob(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<Runnable>.fromOpaque(context!).takeRetainedValue().run()
    return nil
}

/// What the thread's entry point runs, whatever the job's result type (a C function cannot be generic).
fileprivate class Runnable {
    func run() {}
}

/// The step handed to the thread, and its result once done.
///
/// Shared by two threads without the compiler's check (it crosses as a raw pointer, so it need not be `Sendable`),
/// which is safe because each side touches it in turn. The work is a `@Sendable` closure and the result `Sendable`, so what they hold may
/// cross threads; the thread writes `result` once, and the starting thread reads it only after `pthread_join`
/// (or, without a thread, after running the job itself).
fileprivate final class Job<Result: Sendable>: Runnable {
    /// The step until it has run; then nil, so that what it captured is let go at once rather than at the join
    /// (``FastPath`` hands the output order a snapshot of arrays the calling thread goes on writing, which it
    /// would otherwise copy).
    private var work: (@Sendable () -> Result)?
    private(set) var result: Result?

    init(_ work: @escaping @Sendable () -> Result) {
        self.work = work
    }

    override func run() {
        result = work!()
        work = nil
    }
}
