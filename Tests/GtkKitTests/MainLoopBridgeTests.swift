import Foundation
import Testing
import TestSupport

/// DispatchQueue.main and @MainActor work run inside GTK's loop, in a real
/// GtkApplication whose `main` is synchronous, as in Quire itself. (The test
/// process cannot show this in-process: its own main thread is busy running
/// the test runner's dispatch loop.)
@Suite("Main loop bridge", .serialized)
struct MainLoopBridgeTests {
    private func runProbe(bridged: Bool, glibTasks: Bool = false) throws -> (status: Int32?, output: String, error: String) {
        let desktop = try PrivateDesktop()
        var extra: [String: String] = [:]
        if !bridged { extra["PROBE_WITHOUT_BRIDGE"] = "1" }
        if glibTasks { extra["PROBE_GLIB_TASKS"] = "1" }
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

    @Test("with Swift's global executor on GLib's threads, detached tasks, task groups, resumed continuations and sleeps run, and no thread of libdispatch's pool starts")
    func tasksRunOnGLibThreads() throws {
        let result = try runProbe(bridged: true, glibTasks: true)
        #expect(result.status == 0, "probe failed: \(result.output) \(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        func ran(_ name: String) -> [String]? {
            lines.first { $0.hasPrefix("ran \(name) ") }.map { $0.split(separator: " ").map(String.init) }
        }
        #expect(ran("detached-task")?.last?.hasPrefix("pool-") == true, "on GLib's pool: \(result.output)")
        #expect(ran("task-group")?.last?.split(separator: ",").allSatisfy { $0.hasPrefix("pool-") } == true, "\(result.output)")
        #expect(ran("continuation-from-thread")?.last == "GtkKitProbe", "back on the main thread: \(result.output)")
        let slept = ran("main-loop-sleep")?.last.flatMap { Int($0.dropLast(2)) }
        #expect(slept.map { $0 >= 50 } == true, "no sooner than asked: \(result.output)")
        let cancelled = ran("cancelled-sleep")?.last.flatMap { Int($0.dropLast(2)) }
        #expect(cancelled.map { $0 < 60_000 } == true, "a cancelled sleep ends at once: \(result.output)")
        let threads = lines.first { $0.hasPrefix("threads ") }?.dropFirst("threads ".count).split(separator: "|") ?? []
        #expect(threads.contains { $0.hasPrefix("pool-") }, "\(result.output)")
        // libdispatch names each thread of its pool after the queue it serves (com.apple.root.default-qos, …).
        #expect(!threads.isEmpty && !threads.contains { $0.contains("qos") }, "\(result.output)")
        #expect(result.output.contains("done"))
    }

    @Test("no code of the app's waits with Task.sleep or queues work on libdispatch's global queues: either would start the pool the hooks keep closed")
    func nothingStartsTheDispatchPool() throws {
        let sources = BuiltProducts.sourceRoot + "/Sources"
        let files = try #require(FileManager.default.enumerator(atPath: sources)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        for file in files {
            let code = try String(contentsOfFile: sources + "/" + file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }  // comments may name them
            for forbidden in ["Task.sleep", "DispatchQueue.global", "asyncAfter"] {
                #expect(!code.contains { $0.contains(forbidden) }, "\(file) uses \(forbidden)")
            }
        }
    }
}
