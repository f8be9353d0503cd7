/// One call made through `WorkerThread.sync`: the work, run on the worker
/// thread, and what it returned or threw, read by the caller once done.
///
/// Sendable by hand-over: the caller writes nothing after handing it over and
/// reads `outcome` only once the worker thread has finished with it (the
/// worker line's lock orders the two).
final class WorkerCall<Value, Failure: Error>: @unchecked Sendable {
    /// The work until it has run: let go of then, since `sync` hands over a
    /// closure that must not outlive the call (`withoutActuallyEscaping`).
    private var work: (() throws(Failure) -> Value)?
    private(set) var outcome: Result<Value, Failure>?

    init(_ work: @escaping () throws(Failure) -> Value) {
        self.work = work
    }

    func run() {
        guard let work else { return }
        self.work = nil
        do throws(Failure) {
            outcome = .success(try work())
        } catch {
            outcome = .failure(error)
        }
    }
}
