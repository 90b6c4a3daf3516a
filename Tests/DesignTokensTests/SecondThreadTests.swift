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
