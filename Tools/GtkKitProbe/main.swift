import Dispatch
import Foundation
import GtkKit

// Runs a real GtkApplication main loop, exactly as Quire's `main` does, and
// reports on standard output when work queued on DispatchQueue.main and on the
// main actor ran: "ran <name> <milliseconds>", then "done" (or "timeout" with
// exit status 1 if some work never ran within 3 seconds).
// PROBE_WITHOUT_BRIDGE=1 leaves the bridge out, to show that it is what makes this work.

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
