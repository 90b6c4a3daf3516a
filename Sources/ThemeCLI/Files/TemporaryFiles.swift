import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files this process is writing and has not yet renamed into place or removed, so that a process
/// ended by a signal removes them instead of leaving them beside the files they were for. ``FileOutput/StagedFile``
/// registers each one it makes; the `theme` executable calls ``removeOnSignals()`` before it writes any.
///
/// A signal handler may run at any instruction, so it takes no lock and allocates nothing: it reads the table
/// as last published and calls `unlink`, which is async-signal-safe. The table is changed under a lock with the
/// signals blocked on the changing thread, so a handler there never sees it half changed, and a table outgrown is
/// kept rather than freed. That makes the handler safe for a process that writes its files from one thread, as
/// `theme` does; a handler on one thread while another changes the table could read it half changed, so a
/// process writing from several threads must not install it.
package enum TemporaryFiles {
    private typealias Slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

    /// The registered paths as C strings, by slot (nil where a slot is free), how many slots have been used, and
    /// the free ones among those.
    private struct Table {
        var slots: Slots
        var capacity: Int
        var used = 0
        var freed: [Int] = []
    }

    /// The signals after which the files are removed: an interrupt, a termination request, a hang-up.
    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    private static let table = Mutex(Table(slots: newSlots(64), capacity: 64))

    /// The table as the signal handler reads it, published by every change. Its initial value is a constant, so
    /// it is set when the program loads and reading it runs no one-time initialisation (which takes a lock).
    nonisolated(unsafe) private static var published: (slots: Slots?, used: Int) = (nil, 0)

    /// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove every registered file, then end the process
    /// as the signal would have. A signal the process was started ignoring (`nohup`, a background job) stays
    /// ignored.
    package static func removeOnSignals() {
        for number in signals {
            // Ignored while it is asked what it was, so that a signal meant to be ignored never ends the process.
            let previous = signal(number, SIG_IGN)
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            signal(number) { received in
                TemporaryFiles.removeAll()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Creates a temporary file from a `mkstemp` template (`….tmp-XXXXXX`) and registers it, both with the
    /// signals blocked, so that no signal falls between them.
    /// - Returns: the open file's descriptor, its path and its slot (for ``forget(_:path:)``), or the `errno` of
    ///   `mkstemp`'s failure, read before anything else can change it.
    static func make(from template: String) -> Result<(descriptor: Int32, path: String, slot: Int), Errno> {
        var template = Array(template.utf8CString)
        return changing { table in
            // `mkstemp` rewrites the `XXXXXX` of the NUL-terminated template in place.
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { return .failure(Errno(code: errno)) }
            let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .success((descriptor, path, register(path, in: &table)))
        }
    }

    /// A system call's `errno`, as an error.
    struct Errno: Error {
        var code: Int32
    }

    /// Registers the file at `path` in `table`; returns its slot.
    private static func register(_ path: String, in table: inout Table) -> Int {
        // A slot freed or the next unused one, `used` at most `capacity`: the slots grow when it is `capacity`.
        let slot = table.freed.popLast() ?? table.used
        if slot == table.capacity {
            let larger = newSlots(table.capacity * 2)
            larger.update(from: table.slots, count: table.capacity)
            // The old slots are kept: a handler on another thread may be reading them.
            table.slots = larger
            table.capacity *= 2
        }
        precondition(slot < table.capacity)
        table.slots[slot] = strdup(path)
        table.used = max(table.used, slot + 1)
        return slot
    }

    /// Forgets the file in `slot` (renamed into place, or removed), if `path` is the one it holds.
    static func forget(_ slot: Int, path: String) {
        changing { table in
            guard slot < table.used, let registered = table.slots[slot], String(cString: registered) == path else {
                return
            }
            table.slots[slot] = nil
            free(registered)
            table.freed.append(slot)
        }
    }

    /// Removes every registered file: what the signal handler does.
    private static func removeAll() {
        // The slots published with `used`, which is at most their capacity (a table outgrown is kept, not freed).
        let (slots, used) = published
        guard let slots else { return }
        for slot in 0..<used {
            if let path = slots[slot] { unlink(path) }
        }
    }

    /// Runs `body` on the table under its lock, with the signals blocked on this thread, then publishes it.
    private static func changing<Result>(_ body: (inout Table) -> Result) -> Result {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for number in signals { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return table.withLock { table in
            let result = body(&table)
            published = (table.slots, table.used)
            return result
        }
    }

    private static func newSlots(_ capacity: Int) -> Slots {
        let slots = Slots.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }
}
