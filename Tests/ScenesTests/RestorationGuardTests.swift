import Testing
@testable import Scenes

/// The crash-loop guard blames the window a dead launch was reopening, not every window.
@Suite("Crash-loop guard")
struct RestorationGuardTests {
    private func record(
        _ id: String, ended: Bool, phase: String?, launch: String? = "L", failures: Int64 = 0
    ) -> SessionRecord {
        SessionRecord(identifier: id, role: "r", configurationName: "c", stacking: 0, endedCleanly: ended,
                      restorePhase: phase, restoreLaunch: launch, failedRestorations: failures)
    }

    @Test("a launch that died connecting one window blames that window alone")
    func diedConnecting() {
        let failures = RestorationGuard.failures(after: [
            record("a", ended: false, phase: "settling"),
            record("b", ended: false, phase: "connecting", failures: 1),
            record("c", ended: false, phase: "settling"),
        ])
        #expect(failures == ["a": 0, "b": 2, "c": 0])
    }

    @Test("a launch that died after connecting every window, before they settled, blames those still settling")
    func diedSettling() {
        let failures = RestorationGuard.failures(after: [
            record("a", ended: false, phase: "settling", failures: 1),
            record("b", ended: false, phase: nil),
            record("c", ended: false, phase: "settling"),
        ])
        #expect(failures == ["a": 2, "b": 0, "c": 1])
    }

    @Test("a clean exit, and a crash long after the windows settled, blame nothing")
    func noBlame() {
        let failures = RestorationGuard.failures(after: [
            record("a", ended: true, phase: nil, failures: 0),
            record("b", ended: false, phase: nil, failures: 0),
        ])
        #expect(failures == ["a": 0, "b": 0])
    }

    @Test("counts read from a damaged or forged store are kept within range, never overflow")
    func hostileCounts() {
        let failures = RestorationGuard.failures(after: [
            record("a", ended: false, phase: "connecting", failures: Int64.max),
            record("b", ended: false, phase: nil, failures: Int64.min),
        ])
        #expect(failures == ["a": 3, "b": 0])
    }

    @Test("two launches dying at once are judged each on its own")
    func twoLaunches() {
        let failures = RestorationGuard.failures(after: [
            record("a", ended: false, phase: "connecting", launch: "L1"),
            record("b", ended: false, phase: "settling", launch: "L1"),
            record("c", ended: false, phase: "settling", launch: "L2"),
        ])
        #expect(failures == ["a": 1, "b": 0, "c": 1])
    }
}
