import CGtk

/// What standard error shows when the process crashes (a bad pointer, a bus
/// error, an illegal instruction): the Swift runtime's crash report stops
/// at the first frame of a C library built without frame pointers (GLib,
/// GTK), so a crash inside one of them showed one line. The tests and the
/// stress suite read these reports; a person filing a bug pastes them.
public enum CrashBacktraces {
    /// From now on, at a crash: writes a backtrace through the C libraries'
    /// frames to standard error (once `finishLoadingUnwinder` has run), then
    /// hands the signal to the Swift runtime's crash report (a crash signal
    /// sent from outside ends the process, with the main thread's frames).
    /// Call early in `main`, on the main thread; calls after the first
    /// change nothing. The unwinder the backtraces need loads meanwhile, on
    /// a thread of its own.
    public static func write() { cgtk_write_crash_backtraces() }

    /// Waits for the unwinder `write` started loading, done long before if
    /// `main` did other work in between; from then on a crash writes its
    /// backtrace. Call on the main thread, before the main loop runs.
    public static func finishLoadingUnwinder() { cgtk_finish_loading_unwinder() }
}
