extension FastPath {
    /// The values rendered by two threads at once (``FlatJSON/RenderedValues``): chunks from the front by this
    /// thread, from the back by the second (``SecondThread/Ends``), each into bytes of its own, with one list of
    /// ranges both fill at the places of the chunks they take.
    ///
    /// The second thread takes its share when it is done with the output's order, if this one has posted the
    /// rendering by then (``RenderingShare``); else a thread is started for it (or, below 1,000 values, it is all
    /// rendered here). So this thread renders from the moment it has resolved, rather than waiting for the order
    /// first: at 100,000 tokens it waited 2–7 ms there.
    final class ValueRendering: @unchecked Sendable {
        // Read by both threads and written by neither, but `ranges`, which each writes only at the chunks it takes.
        private let values: [TokenValue?]
        private let ends: SecondThread.Ends
        private let ranges: UnsafeMutableBufferPointer<Range<Int>>
        /// The back's bytes, handed over once it has taken its last chunk.
        private let back = SecondThread.Handoff<[UInt8]>()

        /// The rendering of `values` into `ranges` (one per value), which must stay until ``backPart()`` returns.
        init(_ values: [TokenValue?], into ranges: UnsafeMutableBufferPointer<Range<Int>>) {
            precondition(ranges.count == values.count, "a range per value")
            self.values = values
            self.ranges = ranges
            ends = SecondThread.Ends(count: values.count, chunk: Self.valuesInAChunk)
        }

        /// How many values a thread takes at a time: at 100,000 tokens (~35,000 values, ~7 ms to render on one
        /// thread) ~140 chunks of ~50 µs, so that the two threads end within about that of each other.
        private static var valuesInAChunk: Int { 256 }

        /// The second thread's part: renders chunks from the back until the ends meet, and hands its bytes over.
        func renderFromTheBack() {
            var renderer = FlatJSON.RenderedValues.Renderer()
            while let chunk = ends.takeBack() { renderer.render(values, chunk, into: ranges) }
            back.put(renderer.bytes)
        }

        /// This thread's part: renders chunks from the front until the ends meet, into `renderer`.
        func renderFromTheFront(into renderer: inout FlatJSON.RenderedValues.Renderer) {
            while let chunk = ends.takeFront() { renderer.render(values, chunk, into: ranges) }
        }

        /// Once this thread's part is done: waits for the back's bytes, and answers them and where the back's
        /// values begin.
        func backPart() -> (bytes: [UInt8], start: Int) {
            (back.take(), ends.meeting)
        }
    }

    /// Where this thread posts the values' rendering for the second thread to take a share of once it has worked
    /// out the output's order; neither side waits for the other. The second thread, done with the order, takes
    /// the rendering if it is posted, and otherwise leaves (it takes nothing posted after that): so this thread
    /// knows, as it posts, whether the second will take its share, or whether another thread must.
    final class RenderingShare: @unchecked Sendable {
        private enum State {
            case open
            case posted(ValueRendering)
            case left
        }

        // Shared across threads only under the lock.
        private let lock = SecondThread.Lock()
        private var state = State.open

        /// This thread: posts `rendering`; false when the second thread has left (it takes no share then).
        func post(_ rendering: ValueRendering) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard case .open = state else { return false }
            state = .posted(rendering)
            return true
        }

        /// The second thread: the rendering, when it is posted; else nil, and nothing posted later is taken.
        func takeOrLeave() -> ValueRendering? {
            lock.lock()
            defer { lock.unlock() }
            guard case .posted(let rendering) = state else {
                state = .left
                return nil
            }
            return rendering
        }
    }
}
