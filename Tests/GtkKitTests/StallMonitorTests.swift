import Foundation
import Testing
import TestSupport

/// The stall monitor (`GTKKIT_STALL_TRACE`) says of each stall how much of it
/// the main thread ran and how much it waited for a processor, so that a test
/// on a busy machine can tell the app's own freeze from the machine's. Run in
/// GtkKitProbe, whose main loop it holds three known ways.
@Suite("Stall monitor")
struct StallMonitorTests {
    @Test("a stall's line splits it into running, waiting for a processor, and blocked")
    func stallsAreSplit() throws {
        let desktop = try PrivateDesktop()
        let result = try ChildProcess.run(
            BuiltProducts.executable("GtkKitProbe"), [],
            environment: desktop.environment(["PROBE_STALLS": "1", "GTKKIT_STALL_TRACE": "100", "G_DEBUG": "fatal-criticals"]),
            outputDirectory: desktop.directory.path, seconds: 60)
        #expect(result.status == 0, "probe failed: \(result.output) \(result.error)")
        let stalls = StallLines.stalls(in: result.error)
        /// The stall the monitor reported once the hold `name` ended.
        func stall(_ name: String) -> StallLines.Stall? {
            let line = result.output.split(separator: "\n").first { $0.hasPrefix("held \(name) ") }
            guard let end = line?.split(separator: " ").last.flatMap({ Double($0) }) else { return nil }
            // The line's time is rounded to a tenth, and the tick may come within that of the hold's end.
            return stalls.first { $0.at >= end - 0.1 }
        }
        let spin = try #require(stall("spin"), "\(result.output) \(result.error)")
        let sleep = try #require(stall("sleep"), "\(result.output) \(result.error)")
        let share = try #require(stall("share"), "\(result.output) \(result.error)")

        // 200 ms of processor time: it ran all that time, and held the loop at least as long.
        #expect(try #require(spin.ran) >= 190 && spin.held >= 190, "\(spin)")
        // A 200 ms sleep: held, without running.
        #expect(try #require(sleep.ran) < 50 && sleep.held >= 190, "\(sleep)")
        // The same processor time against twice as many busy threads as processors: it waited its turn.
        #expect(try #require(share.ran) >= 190 && (share.queued ?? 0) >= 100, "\(share)")
    }
}
