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

    /// The step hands a value over, then goes on with work of its own; the caller takes the value whether it was put
    /// before the take (the step run inline) or after (a thread made to wait first).
    @Test("a step hands a value over mid-step, and the caller takes it", arguments: [true, false])
    func handoffMidStep(onThread: Bool) {
        let handoff = SecondThread.Handoff<[Int]>()
        let box = Box()
        let running = SecondThread.start(onThread: onThread) {
            if onThread { usleep(20_000) }  // so that the take below most likely waits for the put
            handoff.put([1, 2, 3])
            box.value = 7
            return 1
        }
        #expect(handoff.take() == [1, 2, 3])
        #expect(running.join() == 1)
        #expect(box.value == 7)
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
