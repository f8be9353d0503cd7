import Foundation
import Testing
import TestSupport

/// When GLib stops Quire at a log message (`G_DEBUG` makes criticals or
/// warnings fatal, as the tests do), standard error shows where the message
/// came from, through GTK's own frames, which the Swift runtime's crash
/// report cannot walk.
@Suite("Backtraces of fatal log messages", .serialized)
struct FatalLogBacktraceTests {
    @Test("a warning made fatal leaves a backtrace naming the GTK function that logged it")
    func fatalWarning() throws {
        let session = try QuireSession()
        // GTK warns of a renderer it does not know as the first window is shown.
        // (The Swift runtime's crash report is turned off: after one this early it
        // leaves the process hanging, GTK's drawing threads spinning.)
        let environment = session.environment(
            ["G_DEBUG": "fatal-warnings", "GSK_RENDERER": "no-such-renderer", "SWIFT_BACKTRACE": "enable=no"])
        let result = try ChildProcess.run(
            BuiltProducts.executable("quire"), [], environment: environment,
            outputDirectory: session.desktop.directory.path, seconds: 20)
        #expect(result.status != nil && result.status != 0, "GLib stopped it: \(String(describing: result.status))")
        let error = result.error
        #expect(error.contains("backtrace of a fatal log message"), "\(error.suffix(1_500))")
        #expect(error.contains("gsk_renderer_new_for_surface"), "GTK's frames are there: \(error.suffix(1_500))")
        #expect(error.contains("gtk_window_present"), "down to the window being shown")
    }
}
