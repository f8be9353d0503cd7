import Dispatch
import Foundation
import GtkKit

// Runs a real GtkApplication main loop, exactly as Quire's `main` does, and
// reports on standard output when work queued on DispatchQueue.main and on the
// main actor ran: "ran <name> <milliseconds>", then "done" (or "timeout" with
// exit status 1 if some work never ran within 3 seconds).
// PROBE_WITHOUT_BRIDGE=1 leaves the bridge out, to show that it is what makes this work.
// PROBE_RENDERER=1 first asks for Cairo on software OpenGL, as Quire's `main`
// does, and reports once the app has started "GDK_DEBUG <value, or unset>"
// and a line "mapped <path>" for each file it has mapped.

let probesRenderer = ProcessInfo.processInfo.environment["PROBE_RENDERER"] == "1"
if probesRenderer { WindowRenderer.drawWithCairoOnSoftwareOpenGL() }
let bridged = ProcessInfo.processInfo.environment["PROBE_WITHOUT_BRIDGE"] != "1"
if bridged { MainLoop.bridgeDispatchMainQueue() }

let application = DesktopApplication(id: "io.github.quire.GtkKitProbe", isUnique: false)
let expected: Set<String> = [
    "dispatch-main-async", "main-actor-task", "dispatch-main-from-background", "main-actor-run-from-detached-task",
]
var ran: [String: Double] = [:]
let start = MainLoop.monotonicMicroseconds

@MainActor func report(_ name: String) {
    let milliseconds = Double(MainLoop.monotonicMicroseconds - start) / 1_000
    ran[name] = milliseconds
    print("ran \(name) \(String(format: "%.1f", milliseconds))")
    if Set(ran.keys) == expected {
        print("done")
        application.release()
    }
}

application.onActivate {
    application.hold()
    if probesRenderer {
        print("GDK_DEBUG \(getenv("GDK_DEBUG").map { String(cString: $0) } ?? "unset")")
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        let files = Set(maps.split(separator: "\n").compactMap { line in line.split(separator: " ").last.flatMap { $0.hasPrefix("/") ? $0 : nil } })
        for file in files.sorted() { print("mapped \(file)") }
    }
    DispatchQueue.main.async { report("dispatch-main-async") }
    Task { @MainActor in report("main-actor-task") }
    DispatchQueue.global().async {
        DispatchQueue.main.async { report("dispatch-main-from-background") }
    }
    Task.detached {
        await MainActor.run { report("main-actor-run-from-detached-task") }
    }
    MainLoop.after(milliseconds: 3_000) {
        print("timeout: never ran \(expected.subtracting(ran.keys).sorted().joined(separator: ", "))")
        exit(1)
    }
}
let status = application.run()
exit(status)
