import Testing
@testable import GtkKit

/// Idle and timeout sources run on the GLib loop and release their closures.
///
/// Each test watches the closure it made (`LiveCounts.watching`): the
/// process-wide `LiveCounts.sourceClosures` would not do here, since tests
/// of other suites make and release sources of their own while these
/// iterate the same loop.
@MainActor
@Suite("Main loop sources")
struct MainLoopSourceTests {
    init() throws {
        try TestToolkit.start()
    }

    @Test("an idle closure is released after it returns false")
    func idleReleased() {
        var runs = 0
        var source: MainLoopSource?
        let made = LiveCounts.watching {
            source = MainLoop.idle {
                runs += 1
                return runs < 3
            }
        }
        #expect(made.madeCount == 1 && made.aliveCount == 1, "the pending source holds its closure")
        #expect(MainLoop.iterate(forAtMost: 5) { source?.isPending == false })
        #expect(runs == 3)
        #expect(made.aliveCount == 0)
    }

    @Test("a one-shot timeout runs once and is released")
    func timeoutRunsOnce() {
        var runs = 0
        var source: MainLoopSource?
        let made = LiveCounts.watching { source = MainLoop.after(milliseconds: 20) { runs += 1 } }
        #expect(made.madeCount == 1 && made.aliveCount == 1, "the pending source holds its closure")
        #expect(MainLoop.iterate(forAtMost: 5) { source?.isPending == false })
        MainLoop.iterate(forAtMost: 0.1) { false }
        #expect(runs == 1)
        #expect(made.aliveCount == 0)
    }

    @Test("a cancelled source never runs and is released; cancelling twice is harmless")
    func cancelledSource() {
        var runs = 0
        var source: MainLoopSource?
        let made = LiveCounts.watching { source = MainLoop.after(milliseconds: 50) { runs += 1 } }
        #expect(made.madeCount == 1 && made.aliveCount == 1, "the pending source holds its closure")
        source?.cancel()
        source?.cancel()
        MainLoop.iterate(forAtMost: 0.2) { false }
        #expect(runs == 0)
        #expect(source?.isPending == false)
        #expect(made.aliveCount == 0)
    }
}
