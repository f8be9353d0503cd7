import Testing
@testable import GtkKit

/// The debouncer behind autosave: quiet period, maximum delay, flush and cancel.
@MainActor
@Suite("Debouncer", .serialized)
struct DebouncerTests {
    init() throws {
        try TestToolkit.start()
    }

    @Test("runs once after a burst goes quiet")
    func runsOnceAfterQuiet() {
        var runs = 0
        let debouncer = Debouncer(quietMilliseconds: 100, maximumDelayMilliseconds: 10_000) { runs += 1 }
        for _ in 0..<5 { debouncer.poke() }
        #expect(debouncer.isPending)
        #expect(MainLoop.iterate(forAtMost: 5) { runs == 1 })
        MainLoop.iterate(forAtMost: 0.3) { false }
        #expect(runs == 1, "one burst, one run")
        #expect(!debouncer.isPending)
    }

    @Test("keeps running during continuous activity, at most the maximum delay apart")
    func runsDuringContinuousActivity() {
        var runs = 0
        let debouncer = Debouncer(quietMilliseconds: 200, maximumDelayMilliseconds: 400) { runs += 1 }
        // Poke every 50 ms for 1.3 s: the quiet period never passes, so only the
        // deadline can run the action, about every 400 ms.
        let start = MainLoop.monotonicMicroseconds
        var lastPoke = start
        debouncer.poke()
        MainLoop.iterate(forAtMost: 1.3) {
            let now = MainLoop.monotonicMicroseconds
            if now - lastPoke >= 50_000 {
                debouncer.poke()
                lastPoke = now
            }
            return false
        }
        #expect(runs >= 2, "the deadline ran it while pokes kept coming (ran \(runs) times)")
        let runsWhileActive = runs
        #expect(MainLoop.iterate(forAtMost: 5) { runs == runsWhileActive + 1 }, "and once more after the last poke")
    }

    @Test("flush runs a pending action now; cancel drops it")
    func flushAndCancel() {
        var runs = 0
        let debouncer = Debouncer(quietMilliseconds: 10_000, maximumDelayMilliseconds: 10_000) { runs += 1 }
        debouncer.flush()
        #expect(runs == 0, "nothing pending, nothing run")
        debouncer.poke()
        debouncer.flush()
        #expect(runs == 1)
        debouncer.poke()
        debouncer.cancel()
        MainLoop.iterate(forAtMost: 0.1) { false }
        #expect(runs == 1)
        #expect(!debouncer.isPending)
    }
}
