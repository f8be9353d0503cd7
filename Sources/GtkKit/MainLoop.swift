import CGtk
import Dispatch

/// The GLib main loop, as Swift sees it: idle and timeout sources, and the
/// bridge that lets `DispatchQueue.main` and `@MainActor` work run inside it.
@MainActor
public enum MainLoop {
    private static var dispatchBridgeSource: guint = 0

    /// Makes the GLib main loop drain libdispatch's main queue whenever work is
    /// queued on it, so `DispatchQueue.main.async` and `Task { @MainActor in … }`
    /// run promptly while GTK's loop runs. Call once, before running the loop,
    /// from a program whose `main` is synchronous. Later calls do nothing.
    public static func bridgeDispatchMainQueue() {
        guard dispatchBridgeSource == 0 else { return }
        dispatchBridgeSource = g_unix_fd_add(cgtk_dispatch_main_queue_fd(), G_IO_IN, { _, _, _ in
            cgtk_dispatch_drain_main_queue()
            return 1 // G_SOURCE_CONTINUE
        }, nil)
    }

    /// Runs the work Swift concurrency hands its global executor (detached
    /// tasks, task groups' children, nonisolated async code, the hop back
    /// from a resumed continuation) on GLib's shared thread pool, and the work
    /// it enqueues for later on a main-loop timer, instead of libdispatch's
    /// pool: on Linux that pool, once used, is watched by a timer that wakes
    /// the process every second until it ends. Call once from `main`, before
    /// any task starts; the main actor's work is unchanged
    /// (`bridgeDispatchMainQueue`). `Task.sleep` still goes to libdispatch
    /// (Swift 6.3 schedules it past these hooks): wait with `sleep(milliseconds:)`.
    public static func runTasksOnGLibThreads() {
        cgtk_tasks_run_on_glib()
    }

    /// Runs `body` whenever the loop is idle until it returns `false`.
    @discardableResult
    public static func idle(_ body: @escaping @MainActor () -> Bool) -> MainLoopSource {
        idle(priority: G_PRIORITY_DEFAULT_IDLE, body)
    }

    /// Runs `body` whenever the loop has nothing else to do, not even GTK's
    /// or the app's own idle work, until it returns `false`: for work done
    /// ahead of need.
    @discardableResult
    public static func whenQuiet(_ body: @escaping @MainActor () -> Bool) -> MainLoopSource {
        idle(priority: G_PRIORITY_LOW, body)
    }

    /// Runs `body` at every turn of the loop in which no input waits and no
    /// frame is due, until it returns `false`: ahead of GTK's own idle work
    /// (a text view laying out its text, for one). For work done a small piece
    /// at a time; each piece must be short, since idle work waits for it.
    @discardableResult
    public static func betweenFrames(_ body: @escaping @MainActor () -> Bool) -> MainLoopSource {
        idle(priority: cgtk_priority_between_frames(), body)
    }

    /// Runs `body` at the next turn of the loop, before any input waiting is
    /// handled or a frame drawn, until it returns `false`: for what must take
    /// effect before the next key press (a window moving on from a note that
    /// went away), yet not inside the signal handler that learnt of it.
    @discardableResult
    public static func aheadOfInput(_ body: @escaping @MainActor () -> Bool) -> MainLoopSource {
        idle(priority: G_PRIORITY_HIGH, body)
    }

    /// An idle source at `priority` running `body` until it returns `false`.
    private static func idle(priority: Int32, _ body: @escaping @MainActor () -> Bool) -> MainLoopSource {
        guard let source = g_idle_source_new() else { preconditionFailure("GLib made no idle source") }
        g_source_set_priority(source, priority)
        return attach(source, body)
    }

    /// Runs `body` every `milliseconds` until it returns `false`.
    @discardableResult
    public static func every(
        milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool
    ) -> MainLoopSource {
        guard let source = g_timeout_source_new(milliseconds) else { preconditionFailure("GLib made no timeout source") }
        return attach(source, body)
    }

    /// Attaches `source` (new, unattached) to the default main context with
    /// `body` as its callback, which runs until it returns `false`; GLib
    /// releases `body` when the source is destroyed.
    static func attach(_ source: UnsafeMutablePointer<GSource>, _ body: @escaping @MainActor () -> Bool) -> MainLoopSource {
        typealias Box = ClosureBox<@MainActor () -> Bool>
        g_source_set_callback(source, { data in
            MainActor.assumeIsolated { Box.from(data).closure() ? 1 : 0 }
        }, Box(body, kind: .sourceClosure).retainedPointer(), { data in
            MainActor.assumeIsolated { Box.release(data) }
        })
        return MainLoopSource(attaching: source)
    }

    /// Runs `body` once, after `milliseconds`.
    @discardableResult
    public static func after(
        milliseconds: UInt32, _ body: @escaping @MainActor () -> Void
    ) -> MainLoopSource {
        every(milliseconds: milliseconds) {
            body()
            return false
        }
    }

    /// Suspends the calling task for `milliseconds` on a main-loop timer, or
    /// until it is cancelled: in place of `Task.sleep`, whose wait libdispatch's
    /// pool keeps (see `runTasksOnGLibThreads`).
    public static func sleep(milliseconds: UInt32) async {
        let sleep = MainLoopSleep()
        await withTaskCancellationHandler {
            await withCheckedContinuation { sleep.start(milliseconds, $0) }
        } onCancel: {
            DispatchQueue.main.async { MainActor.assumeIsolated { sleep.end() } }
        }
    }

    /// Iterates the default main context until `condition` holds or `seconds`
    /// pass; returns whether it holds. For tests and for short synchronous waits
    /// outside `g_application_run`.
    @discardableResult
    public static func iterate(
        forAtMost seconds: Double, until condition: @MainActor () -> Bool
    ) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(seconds * 1_000_000)
        while !condition() {
            if g_get_monotonic_time() >= deadline { return false }
            if g_main_context_pending(nil) != 0 {
                g_main_context_iteration(nil, 0)
            } else {
                g_usleep(1_000)
            }
        }
        return true
    }

    /// Runs the default main context, waiting for each event, until `condition`
    /// holds: a synchronous wait for work the main loop carries out (a command
    /// run in a process that does nothing else meanwhile).
    public static func iterate(until condition: @MainActor () -> Bool) {
        while !condition() { g_main_context_iteration(nil, 1) }
    }

    /// Monotonic time in microseconds (GLib's clock, the one sources use).
    public static var monotonicMicroseconds: Int64 { Int64(g_get_monotonic_time()) }
}
