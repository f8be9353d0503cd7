import Testing
@testable import GtkKit

/// Idle and timeout sources run on the GLib loop and release their closures.
///
/// Each test watches its own closure through a weak reference to an object
/// only that closure holds. The process-wide `LiveCounts.sourceClosures`
/// would not do here: tests of other suites make and release sources of
/// their own while these iterate the same loop.
@MainActor
@Suite("Main loop sources")
struct MainLoopSourceTests {
    /// Something only the closure under test keeps alive.
    private final class Captured {}

    init() throws {
        try TestToolkit.start()
    }

    @Test("an idle closure is released after it returns false")
    func idleReleased() {
        var captured: Captured? = Captured()
        weak let watched = captured
        var runs = 0
        let source = MainLoop.idle { [captured] in
            _ = captured
            runs += 1
            return runs < 3
        }
        captured = nil
        #expect(watched != nil, "the pending source holds its closure")
        #expect(MainLoop.iterate(forAtMost: 5) { !source.isPending })
        #expect(runs == 3)
        #expect(watched == nil)
    }

    @Test("a one-shot timeout runs once and is released")
    func timeoutRunsOnce() {
        var captured: Captured? = Captured()
        weak let watched = captured
        var runs = 0
        let source = MainLoop.after(milliseconds: 20) { [captured] in
            _ = captured
            runs += 1
        }
        captured = nil
        #expect(watched != nil, "the pending source holds its closure")
        #expect(MainLoop.iterate(forAtMost: 5) { !source.isPending })
        MainLoop.iterate(forAtMost: 0.1) { false }
        #expect(runs == 1)
        #expect(watched == nil)
    }

    @Test("a cancelled source never runs and is released; cancelling twice is harmless")
    func cancelledSource() {
        var captured: Captured? = Captured()
        weak let watched = captured
        var runs = 0
        let source = MainLoop.after(milliseconds: 50) { [captured] in
            _ = captured
            runs += 1
        }
        captured = nil
        #expect(watched != nil, "the pending source holds its closure")
        source.cancel()
        source.cancel()
        MainLoop.iterate(forAtMost: 0.2) { false }
        #expect(runs == 0)
        #expect(!source.isPending)
        #expect(watched == nil)
    }
}
