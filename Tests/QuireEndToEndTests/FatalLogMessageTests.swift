import Foundation
import Testing
import TestSupport

/// When GLib stops Quire at a log message (`G_DEBUG` makes criticals or
/// warnings fatal, as the tests do; an error always is), Quire ends at once,
/// rather than hang in the Swift runtime's crash handler holding its name on
/// the session bus, and standard error shows where the message came from,
/// through GTK's own frames. A crash shows where it happened the same way.
@Suite("Fatal log messages and crashes", .serialized)
struct FatalLogMessageTests {
    @Test("a warning made fatal ends Quire at once, with a backtrace naming the GTK function that logged it")
    func fatalWarning() throws {
        let session = try QuireSession()
        // GTK warns of a renderer it does not know as the first window is shown.
        let environment = session.environment(["G_DEBUG": "fatal-warnings", "GSK_RENDERER": "no-such-renderer"])
        let result = try ChildProcess.run(
            BuiltProducts.executable("quire"), [], environment: environment,
            outputDirectory: session.desktop.directory.path, seconds: 20)
        let error = result.error
        #expect(result.status != nil, "it ended, and did not hang: \(error.suffix(1_000))")
        #expect(result.status != 0)
        #expect(error.contains("backtrace of a fatal log message"), "\(error.suffix(1_500))")
        #expect(error.contains("gsk_renderer_new_for_surface"), "GTK's frames are there: \(error.suffix(1_500))")
        #expect(error.contains("gtk_window_present"), "down to the window being shown")
    }

    /// Whether thread `thread` of process `pid` lets `signal` in (it is not in its mask of blocked signals).
    private static func takes(_ signal: Int32, thread: Int32, of pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
              let blocked = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return blocked & (1 << UInt64(signal - 1)) == 0
    }

    /// Whether the main thread of process `pid` waits in `poll` (system call 7
    /// on x86-64), as the main loop does between events.
    private static func waitsInMainLoop(_ pid: pid_t) -> Bool {
        let call = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/syscall", encoding: .utf8)) ?? ""
        return call.split(separator: " ").first == "7"
    }

    @Test("a crash signal ends Quire at once with a backtrace through GLib's and GTK's frames, whichever thread the kernel gives it to",
          arguments: [false, true])
    func crash(toAnotherThread: Bool) throws {
        let session = try QuireSession()
        let process = try session.launch()
        _ = try session.waitForWindow(matching: "^New Note — Quire$")
        session.waitForTrace { $0.contains { $0.callback == "first-frame" } }
        // A bad pointer stops a thread at an instruction its unwind tables
        // describe; a signal from outside can stop it anywhere, and in the
        // Swift libraries' code the unwinder may not get past that frame (CI saw
        // one in _StringProcessing). The main thread waiting for events, as it
        // is most of the time, stands for the C frames' crash.
        #expect(eventually(within: 10) { Self.waitsInMainLoop(process.pid) }, "the main loop waits for events")
        if toAnotherThread {
            // As the kernel may deliver a signal sent to the process: to one of its other threads.
            let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.pid)/task").compactMap { Int32($0) }
            let other = try #require(threads.sorted().first { $0 != process.pid && Self.takes(SIGSEGV, thread: $0, of: process.pid) },
                                     "Quire runs threads besides the main one that take the signal")
            let sent = try ChildProcess.run("python3", ["-c", "import ctypes, sys; sys.exit(ctypes.CDLL(None).tgkill(*map(int, sys.argv[1:])))",
                                                        "\(process.pid)", "\(other)", "\(SIGSEGV)"],
                environment: ["PATH": "/usr/bin:/bin"], outputDirectory: session.desktop.directory.path)
            #expect(sent.status == 0, "tgkill: \(sent.error)")
        } else {
            process.send(SIGSEGV)  // the main thread takes it, where a bad pointer would stop it
        }
        let status = process.waitForExit(seconds: 20)
        let error = session.messages
        #expect(status == 128 + SIGSEGV, "ended by the signal, and did not hang: \(error.suffix(1_000))")
        #expect(error.contains("backtrace of a crash"), "\(error.suffix(1_500))")
        #expect(error.contains("g_main_context_iteration") && error.contains("g_application_run"),
                "down through GLib's main loop: \(error.suffix(3_000))")
    }
}
