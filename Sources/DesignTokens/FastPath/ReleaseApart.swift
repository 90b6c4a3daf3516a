import SystemExtras

/// A value a process is done with, let go on a second core while the calling thread does something that leaves that
/// core idle, with the memory it held then handed back to the system (``system_extras_give_back_freed_memory``), so
/// that the process's exit has that much less to tear down.
///
/// For `theme resolve --format flat --output FILE` replacing an earlier output: after the last write, the `rename`
/// (2.7–6.0 ms traced at 100,000 tokens: the kernel evicting the replaced file, and the disk's trim of its blocks) and
/// then the exit, unmapping what the run touched (2.1–2.8 ms), each left the second core idle. Letting the resolved
/// output and the mapped token files go during the `rename` leaves the exit ~0.3 ms, and took a 100k run 1.4–3.0 ms
/// shorter (3.8–7.6 %, alternated; BENCHMARKS.md, round 19). Writing to a new name, the `rename` is too short to hide
/// the work, and the run was ~1 ms longer: so it is for ``FileSystem/OpenFile/replacesAFile``.
///
/// The value must have no other owner: one still held elsewhere is not freed by letting it go here. One never
/// started stays here (a process about to exit keeps it, rather than freeing it object by object). Where no thread
/// can be started, ``start()`` lets it go in place, before the caller goes on.
package final class ReleaseApart<Value>: @unchecked Sendable {
    // Read by the calling thread until ``start()``, then by the second thread alone; ``join()`` orders the two.
    private var held: Value?
    private var running: SecondThread.Running<Void>?

    /// Holds `value` until ``start()``.
    package init(_ value: sending Value) {
        held = value
    }

    /// The value: only before ``start()``, after which the second thread owns it (read then, it traps if already let
    /// go, and races otherwise).
    package var value: Value {
        guard let held else { preconditionFailure("the value was let go") }
        return held
    }

    /// Starts letting the value go on a second thread (here and now, when no thread can be started), then handing
    /// back what was freed. At most once.
    package func start() {
        precondition(running == nil && held != nil, "a value is let go once")
        running = SecondThread.start { [self] in
            held = nil
            system_extras_give_back_freed_memory()
        }
    }

    /// Waits until the value is let go, when it was started; nothing otherwise.
    package func join() {
        running.take()?.join()
    }
}
