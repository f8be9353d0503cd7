import Dispatch
import Glibc

/// A thread of its own that runs the work handed to it one piece at a time,
/// in the order handed, and sleeps without waking while it has none: in place
/// of a serial `DispatchQueue`, for the work Quire does off the windows' thread.
///
/// On Linux, libdispatch watches its pool of worker threads with a timer
/// that fires every second, from the first time any of them runs work until
/// the process ends: a note app left open with its window idle woke once a
/// second for it. Work handed to a `WorkerThread` never reaches that pool.
/// Nor should its outcome come back through Swift concurrency: a continuation
/// resumed, from any thread, puts its task on Swift's own pool (libdispatch's)
/// before it hops back to the main actor; `async(_:then:)` hands it to the
/// main thread instead.
///
/// The thread starts with the first work and ends once the `WorkerThread` is
/// gone and the work handed to it is done.
public final class WorkerThread: Sendable {
    private let line: WorkerLine

    /// A worker thread named `name` (the first 15 bytes show in `top -H` and
    /// debuggers) at nice value `niceness` (0 is the process's own; 19 the lowest).
    public init(name: String, niceness: Int32 = 0) {
        line = WorkerLine(name: name, niceness: niceness)
    }

    deinit {
        line.ownerWentAway()
    }

    /// Runs `work` on the thread after the work handed over before it.
    public func async(_ work: @escaping @Sendable () -> Void) {
        line.add(work)
    }

    /// Runs `work` on the thread once `milliseconds` have passed (and the
    /// work due before it is done).
    public func async(afterMilliseconds milliseconds: Int, _ work: @escaping @Sendable () -> Void) {
        line.add(work, due: WorkerLine.now() + UInt64(max(0, milliseconds)) * 1_000_000)
    }

    /// Runs `work` on the thread after the work handed over before it, and
    /// waits for it: returns what it returns, throws what it throws. Work on
    /// this same thread must not call it: it would wait for itself, so that
    /// stops the program with a message rather than hang.
    public func sync<Value, Failure: Error>(_ work: () throws(Failure) -> Value) throws(Failure) -> Value {
        precondition(!line.isCurrentThread, "WorkerThread “\(line.name)”: sync called from its own thread would wait for itself")
        let outcome = withoutActuallyEscaping(work) { work in
            let call = WorkerCall(work)
            line.waitUntilDone(line.add { call.run() })
            return call.outcome!
        }
        return try outcome.get()
    }

    /// Runs `work` on the thread after the work handed over before it, then
    /// hands what it returns to `then` on the main thread (through the main
    /// dispatch queue, which the app's main loop drains).
    public func async<Value: Sendable>(_ work: @escaping @Sendable () -> Value, then: @escaping @MainActor @Sendable (Value) -> Void) {
        line.add {
            let value = work()
            DispatchQueue.main.async { MainActor.assumeIsolated { then(value) } }
        }
    }

    /// Suspends the calling task until `milliseconds` have passed, timed on
    /// this thread (after the work due before then is done): a wait that
    /// starts no libdispatch thread, unlike `Task.sleep`.
    public func sleep(milliseconds: Int) async {
        await withCheckedContinuation { continuation in
            async(afterMilliseconds: milliseconds) { continuation.resume() }
        }
    }

    /// Holds back the work not yet started until as many `resume()` calls
    /// (for tests: a moment a power cut or a second process may strike).
    public func suspend() {
        line.suspend()
    }

    /// Ends one `suspend()`.
    public func resume() {
        line.resume()
    }
}
