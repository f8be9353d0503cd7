/// How many Swift-side helper objects are alive right now.
///
/// Tests read these to prove that closures handed to GLib (signal handlers,
/// main-loop sources) and object wrappers are released when their GObject or
/// source goes away, so opening and closing windows never leaks.
@MainActor
public enum LiveCounts {
    /// Closures connected to a signal and not yet released by GLib's destroy notify.
    public internal(set) static var signalHandlers = 0
    /// Closures of idle and timeout sources that GLib has not yet destroyed.
    public internal(set) static var sourceClosures = 0
    /// `Object` wrappers (each holding one GObject reference) not yet deinitialised.
    public internal(set) static var objectWrappers = 0

    /// The watch `watching` records into while its body runs.
    private static var watch: LiveObjectWatch?

    /// Runs `body` and returns a watch on every helper object it made. Other
    /// tests in the process make and release helpers of their own whenever
    /// the main loop runs, so a test that iterates the loop before it checks
    /// compares this watch, not the counts above. `body` must not run the
    /// main loop itself, or what other tests make then is recorded too; nor
    /// watch again inside it.
    package static func watching(_ body: () throws -> Void) rethrows -> LiveObjectWatch {
        precondition(watch == nil, "LiveCounts.watching inside another watch")
        let made = LiveObjectWatch()
        watch = made
        defer { watch = nil }
        try body()
        return made
    }

    /// Counts a new helper of `kind`, and records it if a test is watching.
    static func made(_ object: AnyObject, kind: LiveObjectWatch.Kind) {
        switch kind {
        case .objectWrapper: objectWrappers += 1
        case .signalHandler: signalHandlers += 1
        case .sourceClosure: sourceClosures += 1
        }
        watch?.record(object, kind: kind)
    }
}
