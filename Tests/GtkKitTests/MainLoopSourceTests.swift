import Testing
@testable import GtkKit

/// Idle and timeout sources run on the GLib loop and release their closures.
@MainActor
@Suite("Main loop sources")
struct MainLoopSourceTests {
    init() throws {
        try TestToolkit.start()
    }

    @Test("an idle closure is released after it returns false")
    func idleReleased() {
        let before = LiveCounts.sourceClosures
        var runs = 0
        let source = MainLoop.idle {
            runs += 1
            return runs < 3
        }
        #expect(LiveCounts.sourceClosures == before + 1)
        #expect(MainLoop.iterate(forAtMost: 5) { !source.isPending })
        #expect(runs == 3)
        #expect(LiveCounts.sourceClosures == before)
    }

    @Test("a one-shot timeout runs once and is released")
    func timeoutRunsOnce() {
        let before = LiveCounts.sourceClosures
        var runs = 0
        let source = MainLoop.after(milliseconds: 20) { runs += 1 }
        #expect(MainLoop.iterate(forAtMost: 5) { !source.isPending })
        MainLoop.iterate(forAtMost: 0.1) { false }
        #expect(runs == 1)
        #expect(LiveCounts.sourceClosures == before)
    }

    @Test("a cancelled source never runs and is released; cancelling twice is harmless")
    func cancelledSource() {
        let before = LiveCounts.sourceClosures
        var runs = 0
        let source = MainLoop.after(milliseconds: 50) { runs += 1 }
        source.cancel()
        source.cancel()
        MainLoop.iterate(forAtMost: 0.2) { false }
        #expect(runs == 0)
        #expect(!source.isPending)
        #expect(LiveCounts.sourceClosures == before)
    }
}
