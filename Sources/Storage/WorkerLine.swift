import Glibc

/// What a `WorkerThread` holds: the work waiting for its thread, in order,
/// the work waiting for a moment, and the lock and conditions the thread and
/// those handing it work share. The thread keeps it alive while it runs, so
/// work handed over before the `WorkerThread` went away is still done.
///
/// Sendable by its lock: every stored property is read and written with
/// `mutex` held.
final class WorkerLine: @unchecked Sendable {
    typealias Work = @Sendable () -> Void

    let name: String
    let niceness: Int32
    /// Left in the place of work that has run.
    private static let nothing: Work = {}

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when work arrives, a suspension ends or the owner goes: the thread waits on it.
    private let arrived = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Broadcast when a piece of work is done: `waitUntilDone` waits on it.
    private let progressed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// Work due now, in the order handed over; the first `taken` of it has run or is running.
    private var ready: [Work] = []
    private var taken = 0
    /// Work due at a moment (monotonic nanoseconds), earliest first, and in the
    /// order handed over among work due at the same moment.
    private var waiting: [(due: UInt64, work: Work)] = []
    /// How many pieces of work were ever made due, and how many are done.
    private var handed: UInt64 = 0
    private var done: UInt64 = 0
    private var suspensions = 0
    private var threadStarted = false
    /// The thread, once it runs.
    private var thread: pthread_t?
    private var ownerGone = false

    init(name: String, niceness: Int32) {
        self.name = name
        self.niceness = niceness
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(arrived, &attributes)
        pthread_cond_init(progressed, nil)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(progressed)
        pthread_cond_destroy(arrived)
        pthread_mutex_destroy(mutex)
        progressed.deallocate()
        arrived.deallocate()
        mutex.deallocate()
    }

    /// The monotonic clock, in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Hands `work` over to run after the work handed before it. Returns its
    /// place in line, for `waitUntilDone`.
    @discardableResult
    func add(_ work: @escaping Work) -> UInt64 {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        startThreadIfNeeded()
        pthread_cond_signal(arrived)
        ready.append(work)
        handed += 1
        return handed
    }

    /// Hands `work` over to run not before `due` (monotonic nanoseconds),
    /// after the work due before it or at the same moment and handed over first.
    func add(_ work: @escaping Work, due: UInt64) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        startThreadIfNeeded()
        pthread_cond_signal(arrived)
        // Kept in the order it falls due: after everything due by the same moment.
        var low = 0, high = waiting.count
        while low < high {
            let middle = (low + high) / 2
            if waiting[middle].due <= due { low = middle + 1 } else { high = middle }
        }
        waiting.insert((due, work), at: low)
    }

    /// Whether the calling thread is this line's own (work it is running).
    var isCurrentThread: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    /// Waits until the work at `place` in line is done.
    func waitUntilDone(_ place: UInt64) {
        pthread_mutex_lock(mutex)
        while done < place { pthread_cond_wait(progressed, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Holds back work not yet started until as many `resume()` calls.
    func suspend() {
        pthread_mutex_lock(mutex)
        suspensions += 1
        pthread_mutex_unlock(mutex)
    }

    /// Ends one `suspend()`.
    func resume() {
        pthread_mutex_lock(mutex)
        precondition(suspensions > 0, "a worker thread resumed more often than it was suspended")
        suspensions -= 1
        pthread_cond_signal(arrived)
        pthread_mutex_unlock(mutex)
    }

    /// The `WorkerThread` went away: the thread ends once nothing is left to do.
    func ownerWentAway() {
        pthread_mutex_lock(mutex)
        ownerGone = true
        pthread_cond_signal(arrived)
        pthread_mutex_unlock(mutex)
    }

    /// Starts the thread the first time there is work (called with `mutex` held).
    private func startThreadIfNeeded() {
        guard !threadStarted else { return }
        threadStarted = true
        var thread = pthread_t()
        let line = Unmanaged.passRetained(self)
        let started = pthread_create(&thread, nil, { context in
            let line = Unmanaged<WorkerLine>.fromOpaque(context!).takeRetainedValue()
            line.serve()
            return nil
        }, line.toOpaque())
        precondition(started == 0, "could not start the thread “\(name)”: error \(started)")
        pthread_detach(thread)
    }

    /// The thread's life: runs the work as it falls due, sleeps while there is none.
    private func serve() {
        nameThread()
        // On Linux a nice value is the calling thread's own (who 0 is this thread).
        if niceness != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness) }
        pthread_mutex_lock(mutex)
        thread = pthread_self()
        while true {
            makeDue(now: WorkerLine.now())
            if suspensions == 0, taken < ready.count {
                let work = ready[taken]
                ready[taken] = WorkerLine.nothing  // what it holds goes once it has run, not when the line empties
                taken += 1
                pthread_mutex_unlock(mutex)
                work()
                pthread_mutex_lock(mutex)
                done += 1
                if taken == ready.count {
                    ready.removeAll(keepingCapacity: true)
                    taken = 0
                } else if taken >= 1_024, taken * 2 >= ready.count {
                    ready.removeFirst(taken)  // a line that never empties stays as long as what waits
                    taken = 0
                }
                pthread_cond_broadcast(progressed)
                continue
            }
            if ownerGone, taken == ready.count, waiting.isEmpty { break }
            if let next = waiting.first?.due {
                var until = timespec(tv_sec: Int(next / 1_000_000_000), tv_nsec: Int(next % 1_000_000_000))
                pthread_cond_timedwait(arrived, mutex, &until)
            } else {
                pthread_cond_wait(arrived, mutex)
            }
        }
        pthread_mutex_unlock(mutex)
    }

    /// Gives the thread its name, as `top -H`, `perf` and debuggers show it
    /// (the kernel keeps 15 bytes).
    private func nameThread() {
        let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        var bytes = Array(name.utf8.prefix(15))
        bytes.append(0x0A)
        _ = write(file, bytes, bytes.count)
        close(file)
    }

    /// Moves the waiting work due by `now` into line, earliest first (called with `mutex` held).
    private func makeDue(now: UInt64) {
        let count = waiting.prefix { $0.due <= now }.count
        guard count > 0 else { return }
        ready.append(contentsOf: waiting.prefix(count).map(\.work))
        waiting.removeFirst(count)
        handed += UInt64(count)
    }
}
