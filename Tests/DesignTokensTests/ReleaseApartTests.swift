#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import DesignTokens

@Suite("ReleaseApart: a value let go on a second thread")
struct ReleaseApartTests {
    /// Where and whether the value was freed, written by its deinit and read after the join (which orders the two).
    final class Record: @unchecked Sendable {
        var freed = false
        var freedOn: pthread_t?
    }

    /// A value that says when it is freed.
    final class Tracked {
        let record: Record
        init(_ record: Record) { self.record = record }
        deinit {
            record.freed = true
            record.freedOn = pthread_self()
        }
    }

    @Test("a started value is freed on another thread, and join waits for it")
    func startedValueIsFreedApart() {
        let record = Record()
        let apart = ReleaseApart(Tracked(record))
        #expect(apart.value.record === record)
        #expect(!record.freed)
        apart.start()
        apart.join()
        #expect(record.freed)
        #expect(record.freedOn.map { pthread_equal($0, pthread_self()) == 0 } == true, "freed on the calling thread")
    }

    @Test("a value never started stays held, and join does not wait for anything")
    func unstartedValueStays() {
        let record = Record()
        let apart = ReleaseApart(Tracked(record))
        apart.join()
        #expect(!record.freed)
        #expect(apart.value.record === record)
        withExtendedLifetime(apart) {}
    }
}
