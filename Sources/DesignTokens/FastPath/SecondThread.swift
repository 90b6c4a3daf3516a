#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Two steps that need nothing of each other, run at once on two cores: one on a thread started for it, the
/// other on the calling thread.
///
/// A POSIX thread, started for the one step and joined at its end, rather than Dispatch: the C library that
/// starts it is loaded anyway, while `import Dispatch` loads its Swift overlay (`libswiftDispatch.so`) into every
/// run of the binary, and its global queue starts worker threads of its own. A thread costs some tens of
/// microseconds to start, so callers use this only for steps that take much longer.
enum SecondThread {
    /// Runs `background` on a new thread while `foreground` runs on this one; answers both results once both
    /// have finished. Where no thread can be started, both run here, one after the other.
    static func run<Background: Sendable, Foreground>(
        _ background: @escaping @Sendable () -> Background,
        alongside foreground: () -> Foreground
    ) -> (Background, Foreground) {
        let job = Job(background)
        // The thread's own reference to the job, which it releases when the job is done.
        let context = Unmanaged.passRetained(job as Runnable).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        guard pthread_create(&thread, nil, { runJob($0) }, context) == 0 else {
            Unmanaged<Runnable>.fromOpaque(context).release()
            let result = foreground()
            job.run()
            return (job.result!, result)
        }
        let result = foreground()
        // The thread's writes to the job happen before the join returns (POSIX: joining synchronizes memory).
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        pthread_join(thread!, nil)
        #endif
        return (job.result!, result)
    }
}

/// The thread's entry point: runs the job `context` holds a reference to, and releases that reference.
/// (A function of its own because the start routine's parameter is optional on Linux and not on Darwin.)
private func runJob(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<Runnable>.fromOpaque(context!).takeRetainedValue().run()
    return nil
}

/// What the thread's entry point runs, whatever the job's result type (a C function cannot be generic).
private class Runnable {
    func run() {}
}

/// The step handed to the thread, and its result once done.
///
/// Shared by two threads without the compiler's check (it crosses as a raw pointer, so it need not be `Sendable`),
/// which is safe because each side touches it in turn. The work is a `@Sendable` closure and the result `Sendable`, so what they hold may
/// cross threads; the thread writes `result` once, and the starting thread reads it only after `pthread_join`
/// (or, without a thread, after running the job itself).
private final class Job<Result: Sendable>: Runnable {
    private let work: @Sendable () -> Result
    private(set) var result: Result?

    init(_ work: @escaping @Sendable () -> Result) {
        self.work = work
    }

    override func run() {
        result = work()
    }
}
