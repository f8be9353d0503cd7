import Dispatch
import Foundation
import GtkKit

// Runs a real GtkApplication main loop, exactly as Quire's `main` does, and
// reports on standard output when work queued on DispatchQueue.main and on the
// main actor ran: "ran <name> <milliseconds>", then "done" (or "timeout" with
// exit status 1 if some work never ran within 3 seconds).
// PROBE_WITHOUT_BRIDGE=1 leaves the bridge out, to show that it is what makes this work.
// PROBE_GLIB_TASKS=1 also runs Swift's global executor on GLib's threads, as
// Quire's `main` does, runs a detached task, a task group, a continuation
// resumed from a thread of its own, a main-loop sleep and a cancelled one
// (each "ran <name> <milliseconds> <thread>"), touches no libdispatch queue
// but the main one, and prints "threads <name>|<name>…" before "done".
// PROBE_RENDERER=1 first asks for Cairo on software OpenGL, as Quire's `main`
// does, and reports once the app has started "GDK_DEBUG <value, or unset>"
// and a line "mapped <path>" for each file it has mapped.
// PROBE_STALLS=1 runs the stall monitor (`GTKKIT_STALL_TRACE`) and holds its main
// loop three times, 100 ms apart: 200 ms of processor time ("spin"), a 200 ms
// sleep ("sleep"), and 200 ms of processor time shared with twice as many busy
// threads as the machine has processors ("share"). Each is a line
// "held <name> <start ms> <end ms>" on the monitor's clock, then "done".

let probesRenderer = ProcessInfo.processInfo.environment["PROBE_RENDERER"] == "1"
if probesRenderer { WindowRenderer.drawWithCairoOnSoftwareOpenGL() }
let bridged = ProcessInfo.processInfo.environment["PROBE_WITHOUT_BRIDGE"] != "1"
if bridged { MainLoop.bridgeDispatchMainQueue() }
let glibTasks = ProcessInfo.processInfo.environment["PROBE_GLIB_TASKS"] == "1"
if glibTasks { MainLoop.runTasksOnGLibThreads() }

/// A thread's name as the kernel has it: the calling thread's, or the one `task` of /proc/self/task names.
func threadName(_ task: String? = nil) -> String {
    let path = task.map { "/proc/self/task/\($0)/comm" } ?? "/proc/thread-self/comm"
    return ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
}

let probesStalls = ProcessInfo.processInfo.environment["PROBE_STALLS"] == "1"
if probesStalls { StallMonitor.startIfRequested() }

let application = DesktopApplication(id: "io.github.quire.GtkKitProbe", isUnique: false)
let expected = Set([
    "dispatch-main-async", "main-actor-task", "dispatch-main-from-background", "main-actor-run-from-detached-task",
]).union(glibTasks ? ["detached-task", "task-group", "continuation-from-thread", "main-loop-sleep", "cancelled-sleep"] : [])
var ran: [String: Double] = [:]
let start = MainLoop.monotonicMicroseconds

@MainActor func report(_ name: String, on thread: String? = nil) {
    let milliseconds = Double(MainLoop.monotonicMicroseconds - start) / 1_000
    ran[name] = milliseconds
    print("ran \(name) \(String(format: "%.1f", milliseconds))" + (thread.map { " \($0)" } ?? ""))
    if Set(ran.keys) == expected {
        if glibTasks {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            let names = tasks.map(threadName)
            print("threads \(names.sorted().joined(separator: "|"))")
        }
        print("done")
        application.release()
    }
}

application.onActivate {
    application.hold()
    if probesStalls { return holdTheLoop(["spin", "sleep", "share"]) }
    if probesRenderer {
        print("GDK_DEBUG \(getenv("GDK_DEBUG").map { String(cString: $0) } ?? "unset")")
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        let files = Set(maps.split(separator: "\n").compactMap { line in line.split(separator: " ").last.flatMap { $0.hasPrefix("/") ? $0 : nil } })
        for file in files.sorted() { print("mapped \(file)") }
    }
    DispatchQueue.main.async { report("dispatch-main-async") }
    Task { @MainActor in report("main-actor-task") }
    if glibTasks {
        Thread.detachNewThread { DispatchQueue.main.async { report("dispatch-main-from-background") } }
        runTasks()
    } else {
        DispatchQueue.global().async {
            DispatchQueue.main.async { report("dispatch-main-from-background") }
        }
    }
    Task.detached {
        await MainActor.run { report("main-actor-run-from-detached-task") }
    }
    MainLoop.after(milliseconds: 3_000) {
        print("timeout: never ran \(expected.subtracting(ran.keys).sorted().joined(separator: ", "))")
        exit(1)
    }
}
/// The work PROBE_GLIB_TASKS adds: each kind of job Swift hands its global executor.
@MainActor func runTasks() {
    Task.detached {
        let thread = threadName()
        await MainActor.run { report("detached-task", on: thread) }
    }
    Task.detached {
        let threads = await withTaskGroup(of: String.self) { group in
            for _ in 0..<4 { group.addTask { threadName() } }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        await MainActor.run { report("task-group", on: threads.sorted().joined(separator: ",")) }
    }
    Task {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume() }
        }
        report("continuation-from-thread", on: threadName())
    }
    Task {
        let before = MainLoop.monotonicMicroseconds
        await MainLoop.sleep(milliseconds: 50)
        report("main-loop-sleep", on: "\((MainLoop.monotonicMicroseconds - before) / 1_000)ms")
    }
    let sleeper = Task {
        let before = MainLoop.monotonicMicroseconds
        await MainLoop.sleep(milliseconds: 60_000)
        report("cancelled-sleep", on: "\((MainLoop.monotonicMicroseconds - before) / 1_000)ms")
    }
    MainLoop.after(milliseconds: 20) { sleeper.cancel() }
}

/// PROBE_STALLS's holds, one after another, each 100 ms after the last ended.
@MainActor func holdTheLoop(_ holds: [String]) {
    guard let name = holds.first else {
        print("done")
        return application.release()
    }
    MainLoop.after(milliseconds: 100) {
        let start = Double(MainLoop.monotonicMicroseconds) / 1_000
        switch name {
        case "spin": spin(milliseconds: 200)
        case "sleep": usleep(200_000)
        default:
            let busy = BusyThreads(count: 2 * sysconf(Int32(_SC_NPROCESSORS_ONLN)))
            spin(milliseconds: 200)
            busy.stop()
        }
        print("held \(name) \(start) \(Double(MainLoop.monotonicMicroseconds) / 1_000)")
        holdTheLoop(Array(holds.dropFirst()))
    }
}

/// Runs on this thread until it has had `milliseconds` of processor time.
func spin(milliseconds: Int64) {
    func used() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000 + Int64(time.tv_nsec) / 1_000_000
    }
    let end = used() + milliseconds
    while used() < end {}
}

let status = application.run()
exit(status)
