import Testing
@testable import DesignTokens

/// ``FastPath/ValueRendering`` and ``FastPath/RenderingShare``: the values rendered by two threads, each from its
/// end, and the second thread's share taken only when posted before it leaves.
@Suite("Fast path: values rendered from both ends")
struct FastPathRenderingTests {
    /// 1,000 values of several kinds, some nil: about four chunks.
    static let values: [TokenValue?] = (0..<1_000).map { index in
        switch index % 6 {
        case 0: .number(Double(index) / 8)
        case 1: .string("value \(index)")
        case 2: nil
        case 3: .color(.init(red: Double(index % 256) / 255, green: 0.5, blue: 0))
        case 4: .dimension(.init(Double(index), .px))
        default: .shadow([])
        }
    }

    /// The output of a key for every set value, in an order of their own (backwards), rendered from `values`.
    static func output(_ values: FlatJSON.RenderedValues) -> [UInt8] {
        FlatJSON.render(FlatJSONPiecesTests.keysNamingSetValues(Self.values), values: values)
    }

    enum Turns: CaseIterable {
        /// The back's taker on a second thread, started before the front's.
        case atOnce
        /// The back's taker first, taking every chunk.
        case backFirst
        /// The front's taker first, taking every chunk; the back's then takes none.
        case frontFirst
    }

    @Test("the values rendered from both ends, whichever takes what, write what they write rendered at once", arguments: Turns.allCases)
    func bothEnds(turns: Turns) {
        var front = FlatJSON.RenderedValues.Renderer()
        var back: (bytes: [UInt8], start: Int) = ([], 0)
        let ranges = [Range<Int>](unsafeUninitializedCapacity: Self.values.count) { ranges, count in
            let rendering = FastPath.ValueRendering(Self.values, into: ranges)
            switch turns {
            case .atOnce:
                let second = SecondThread.start { rendering.renderFromTheBack() }
                rendering.renderFromTheFront(into: &front)
                back = rendering.backPart()
                second.join()
            case .backFirst:
                rendering.renderFromTheBack()
                rendering.renderFromTheFront(into: &front)
                back = rendering.backPart()
            case .frontFirst:
                rendering.renderFromTheFront(into: &front)
                rendering.renderFromTheBack()
                back = rendering.backPart()
            }
            count = Self.values.count
        }
        switch turns {
        case .atOnce: break
        case .backFirst: #expect(back.start == 0)
        case .frontFirst: #expect(back.start == Self.values.count)
        }
        let parts = FlatJSON.RenderedValues(front: front.bytes, back: back.bytes, ranges: ranges, backStart: back.start)
        let same = Self.output(parts) == Self.output(FlatJSON.RenderedValues(Self.values))
        #expect(same, "the parts write other bytes than the values rendered at once")
    }

    @Test("the second thread takes the rendering posted before it asks, and, once it has left, nothing posted after")
    func share() {
        // No values, so no range is ever written.
        let rendering = FastPath.ValueRendering([], into: UnsafeMutableBufferPointer(start: nil, count: 0))
        // Posted first: taken, the same one.
        let posted = FastPath.RenderingShare()
        #expect(posted.post(rendering))
        #expect(posted.takeOrLeave() === rendering)
        // Asked first: nothing, and a rendering posted later is refused (this thread must render it another way).
        let left = FastPath.RenderingShare()
        #expect(left.takeOrLeave() == nil)
        #expect(!left.post(rendering))
        #expect(left.takeOrLeave() == nil)
    }
}
