import Foundation
import Testing
import TestSupport

/// DispatchQueue.main and @MainActor work run inside GTK's loop, in a real
/// GtkApplication whose `main` is synchronous, as in Quire itself. (The test
/// process cannot show this in-process: its own main thread is busy running
/// the test runner's dispatch loop.)
@Suite("Main loop bridge", .serialized)
struct MainLoopBridgeTests {
    private func runProbe(bridged: Bool) throws -> (status: Int32?, output: String, error: String) {
        let desktop = try PrivateDesktop()
        var extra: [String: String] = [:]
        if !bridged { extra["PROBE_WITHOUT_BRIDGE"] = "1" }
        extra["G_DEBUG"] = "fatal-criticals"
        return try ChildProcess.run(
            BuiltProducts.executable("GtkKitProbe"), [], environment: desktop.environment(extra),
            outputDirectory: desktop.directory.path, seconds: 20)
    }

    @Test("DispatchQueue.main and the main actor run promptly inside g_application_run")
    func bridgedWorkRuns() throws {
        let result = try runProbe(bridged: true)
        #expect(result.status == 0, "probe failed: \(result.output) \(result.error)")
        for name in ["dispatch-main-async", "main-actor-task", "dispatch-main-from-background",
                     "main-actor-run-from-detached-task"] {
            #expect(result.output.contains("ran \(name) "), "\(name) did not run: \(result.output)")
        }
        #expect(result.output.contains("done"))
    }

    @Test("without the bridge, that work never runs: the bridge is what makes it work")
    func unbridgedWorkStalls() throws {
        let result = try runProbe(bridged: false)
        #expect(result.status == 1)
        #expect(result.output.contains("timeout: never ran"), "\(result.output)")
        #expect(!result.output.contains("ran main-actor-task"))
    }
}
