#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemExtras

/// Steps that need nothing of what the calling thread does meanwhile, run on a second core: each on a thread
/// started for it and joined for its result.
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
        guard onThread else {
            job.takeUnretainedValue().run()
            return Running(thread: nil, job: job)
        }
        // The thread's own reference to the job, which it releases when the job is done.
        let context = Unmanaged.passRetained(job.takeUnretainedValue() as Runnable).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        guard system_extras_start_thread_elsewhere(&thread, { runJob($0) }, context) == 0 else {
            Unmanaged<Runnable>.fromOpaque(context).release()
            job.takeUnretainedValue().run()
            return Running(thread: nil, job: job)
        }
        #if canImport(Glibc)
        return Running(thread: thread, job: job)
        #else
        return Running(thread: thread!, job: job)
        #endif
    }

    /// A step started by ``start(onThread:_:)``: ``join()`` waits for it and answers its result. Not copyable, so
    /// that it is joined once; one dropped without joining is joined as it goes (its thread never outlives it).
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
        // Shared across threads only under the mutex, which (like the condition) needs an address of its own.
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var value: Value?

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

        /// Hands `value` over (once).
        func put(_ value: Value) {
            pthread_mutex_lock(mutex)
            self.value = value
            pthread_cond_signal(condition)
            pthread_mutex_unlock(mutex)
        }

        /// The value handed over, once it is.
        func take() -> Value {
            pthread_mutex_lock(mutex)
            while value == nil { pthread_cond_wait(condition, mutex) }
            let taken = value!
            pthread_mutex_unlock(mutex)
            return taken
        }
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
