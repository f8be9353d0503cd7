import Glibc
import Testing
@testable import GtkKit

/// Where the trace's clock starts: the moment a starter gives, when it fits
/// the kernel's start time, which counts in ticks.
@Suite("Process clock")
struct ProcessClockTests {
    static let tick = 0.01

    @Test("a start given within the kernel's tick is counted from, a few milliseconds before it too")
    func givenWithinTheTick() {
        #expect(ProcessClock.start(kernelStart: 100.00, tick: Self.tick, given: "100004500000") == 100.0045)
        #expect(ProcessClock.start(kernelStart: 100.00, tick: Self.tick, given: "99998000000") == 99.998)
    }

    @Test("a start meant for another process, or none that reads, leaves the kernel's", arguments: [
        "99000000000", "100010000000", "101000000000", "", "soon", "-5", nil,
    ] as [String?])
    func otherwiseTheKernels(given: String?) {
        #expect(ProcessClock.start(kernelStart: 100.00, tick: Self.tick, given: given) == 100.0)
    }

    @Test("this process's clock counts up from its start")
    func ownClock() {
        let first = ProcessClock.millisecondsSinceStart
        var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
        nanosleep(&pause, nil)
        #expect(first > 0)
        #expect(ProcessClock.millisecondsSinceStart >= first + 2)
    }
}
