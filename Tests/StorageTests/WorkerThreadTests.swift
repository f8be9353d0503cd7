import Foundation
import Glibc
import Synchronization
import Testing
@testable import Storage
import TestSupport

/// Work done off the windows' thread on threads of Quire's own, which sleep
/// while there is none (libdispatch's pool wakes every second once used).
@Suite("Worker threads")
struct WorkerThreadTests {
    /// An error a piece of work throws.
    struct Refused: Error, Equatable {}

    /// The calling thread's id and name, as the kernel has them.
    static func currentThread() -> (id: String, name: String) {
        let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return (String(link.split(separator: "/").last ?? ""), name.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// How often the thread `id` of this process has gone to sleep and been woken.
    static func wakeups(of id: String) -> String? {
        let status = try? String(contentsOfFile: "/proc/self/task/\(id)/status", encoding: .utf8)
        return status?.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches") }.map(String.init)
    }

    /// Whether the thread `id` of this process is asleep (waiting, not running or ready to).
    static func isAsleep(_ id: String) -> Bool {
        let status = try? String(contentsOfFile: "/proc/self/task/\(id)/status", encoding: .utf8)
        return status?.contains("State:\tS") == true
    }

    @Test("work runs in the order handed over, on one thread of its own, named and at the nice value asked for")
    func runsInOrderOnItsOwnThread() {
        let worker = WorkerThread(name: "test-worker", niceness: 5)
        let seen = Mutex<[Int]>([])
        let threads = Mutex<Set<String>>([])
        for index in 0..<200 {
            worker.async {
                seen.withLock { $0.append(index) }
                threads.withLock { _ = $0.insert(Self.currentThread().id) }
            }
        }
        let (name, niceness) = worker.sync { (Self.currentThread().name, getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)) }
        #expect(seen.withLock { $0 } == Array(0..<200))
        #expect(threads.withLock { $0.count } == 1)
        #expect(threads.withLock { $0.first } != Self.currentThread().id, "not the caller's thread")
        #expect(name == "test-worker")
        #expect(niceness == 5)
    }

    @Test("sync waits for the work handed over before it, then returns what its work returns or throws what it throws")
    func syncReturnsAndThrows() {
        let worker = WorkerThread(name: "test-sync")
        let count = Mutex(0)
        for _ in 0..<50 { worker.async { count.withLock { $0 += 1 } } }
        #expect(worker.sync { count.withLock { $0 } } == 50)
        #expect(throws: Refused.self) { try worker.sync { () throws(Refused) -> Int in throw Refused() } }
        worker.sync {}  // and it goes on after a throw
    }

    @Test("sync's work is let go of once it has run, with more work waiting behind it (its closure must not outlive the call)")
    func syncWithWorkBehindIt() {
        let worker = WorkerThread(name: "test-behind")
        let behind = Mutex(0)
        var total = 0
        for _ in 0..<200 {
            total += worker.sync {
                worker.async { usleep(100); behind.withLock { $0 += 1 } }  // in line behind this work as it ends
                return 1
            }
        }
        worker.sync {}
        #expect(total == 200 && behind.withLock { $0 } == 200)
    }

    @Test("work handed over for later runs no sooner than asked, in the order of its moments, after the work due meanwhile")
    func laterWorkWaitsItsTurn() {
        let worker = WorkerThread(name: "test-later")
        let seen = Mutex<[(String, UInt64)]>([])
        let start = WorkerLine.now()
        worker.async(afterMilliseconds: 200) { seen.withLock { $0.append(("later", WorkerLine.now())) } }
        worker.async(afterMilliseconds: 100) { seen.withLock { $0.append(("sooner", WorkerLine.now())) } }
        worker.async { seen.withLock { $0.append(("now", WorkerLine.now())) } }
        #expect(eventually(within: 20) { seen.withLock { $0.count } == 3 })
        let order = seen.withLock { $0 }
        #expect(order.map(\.0) == ["now", "sooner", "later"])
        #expect(order[1].1 - start >= 100_000_000 && order[2].1 - start >= 200_000_000, "none ran before its moment")
    }

    @Test("work handed over for many moments runs in the order of its moments, and in the order handed over at the same moment")
    func manyMomentsInOrder() {
        let worker = WorkerThread(name: "test-moments")
        worker.suspend()  // all of it waits in line, then falls due together
        let seen = Mutex<[Int]>([])
        var generator = SystemRandomNumberGenerator()
        let delays = (0..<300).map { _ in UInt64.random(in: 0...20, using: &generator) * 1_000_000 }
        // A moment is the clock as the work is handed over, plus its delay: on a busy
        // machine the handing over spans milliseconds, so each moment is known to lie
        // between the clock read just before and just after its handing over.
        var earliest: [UInt64] = [], latest: [UInt64] = []
        let start = WorkerLine.now()
        for (index, delay) in delays.enumerated() {
            earliest.append(WorkerLine.now() + delay)
            worker.async(afterMilliseconds: Int(delay / 1_000_000)) { seen.withLock { $0.append(index) } }
            latest.append(WorkerLine.now() + delay)
        }
        let handedOverWithin = WorkerLine.now() - start
        usleep(30_000)
        worker.resume()
        #expect(eventually(within: 20) { seen.withLock { $0.count } == delays.count })
        let order = seen.withLock { $0 }
        #expect(Set(order) == Set(delays.indices))
        // Nothing ran before work that was due sooner, whatever the clock did meanwhile.
        let outOfOrder = order.indices.flatMap { place in
            order[(place + 1)...].filter { earliest[order[place]] > latest[$0] }.map { (order[place], $0) }
        }
        #expect(outOfOrder.isEmpty, "ran before work due sooner: \(outOfOrder.prefix(5))")
        // Where the handing over took less than a millisecond, that is the order of the delays.
        if handedOverWithin < 1_000_000 { #expect(order == delays.indices.sorted { (delays[$0], $0) < (delays[$1], $1) }) }
    }

    @Test("a task sleeping on the thread's timer wakes no sooner than asked, and the thread does other work meanwhile")
    func taskSleepsOnTheTimer() async {
        let worker = WorkerThread(name: "test-sleep")
        let order = Mutex<[String]>([])
        let start = WorkerLine.now()
        async let slept: Void = {
            await worker.sleep(milliseconds: 100)
            order.withLock { $0.append("woke") }
        }()
        worker.async { order.withLock { $0.append("other work") } }
        await slept
        #expect(WorkerLine.now() - start >= 100_000_000)
        #expect(order.withLock { $0 } == ["other work", "woke"])
    }

    @Test("sync from work on the worker's own thread stops the program with a message instead of waiting for itself")
    func syncFromItsOwnThreadStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let worker = WorkerThread(name: "test-self")
            worker.sync { worker.sync {} }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("WorkerThread “test-self”: sync called from its own thread would wait for itself"))
    }

    @Test("a suspended thread starts no work until resumed as often as suspended")
    func suspendHoldsWork() {
        let worker = WorkerThread(name: "test-suspend")
        worker.suspend()
        worker.suspend()
        let ran = Mutex(false)
        worker.async { ran.withLock { $0 = true } }
        usleep(100_000)  // a busy machine can only make this pass: the work must not have run
        #expect(!ran.withLock { $0 })
        worker.resume()
        usleep(100_000)
        #expect(!ran.withLock { $0 }, "still held by the second suspension")
        worker.resume()
        worker.sync {}
        #expect(ran.withLock { $0 })
    }

    @Test("the thread sleeps without waking while it has no work, and ends once its owner is gone and its work is done")
    func sleepsThenEnds() {
        var worker: WorkerThread? = WorkerThread(name: "test-ends")
        let id = worker!.sync { Self.currentThread().id }
        #expect(eventually(within: 10) { Self.isAsleep(id) }, "the thread went to sleep once its work was done")
        let before = Self.wakeups(of: id)
        usleep(300_000)
        #expect(Self.wakeups(of: id) == before, "no wakeup while idle")

        let done = Mutex(false)
        worker!.async {
            usleep(50_000)
            done.withLock { $0 = true }
        }
        worker = nil
        #expect(eventually(within: 10) { !FileManager.default.fileExists(atPath: "/proc/self/task/\(id)") }, "the thread ended")
        #expect(done.withLock { $0 }, "after the work handed over before its owner went")
    }

    /// A mark set on the main queue, which only work run on it sees.
    private static let mainQueueMark = DispatchSpecificKey<Bool>()

    @Test("work with an outcome runs on the worker thread and hands it to the main thread, in order")
    @MainActor
    func outcomeComesBackToTheMainThread() async {
        // In this test process the main queue runs on whichever of libdispatch's
        // threads drains it (`dispatch_main` let the process's first thread go),
        // so the outcome is checked to run on the queue, not on one thread.
        DispatchQueue.main.setSpecific(key: Self.mainQueueMark, value: true)
        let worker = WorkerThread(name: "test-then")
        let outcomes = await withCheckedContinuation { (done: CheckedContinuation<[(String, Bool, Bool, Int)], Never>) in
            var received: [(String, Bool, Bool, Int)] = []
            for index in 0..<3 {
                worker.async({ (Self.currentThread().name, DispatchQueue.getSpecific(key: Self.mainQueueMark) == true, index * 7) }) {
                    ranOn, ranOnMainQueue, value in
                    received.append((ranOn, ranOnMainQueue, DispatchQueue.getSpecific(key: Self.mainQueueMark) == true, value))
                    if received.count == 3 { done.resume(returning: received) }
                }
            }
        }
        #expect(outcomes.map(\.3) == [0, 7, 14], "in the order handed over")
        #expect(outcomes.allSatisfy { $0.0 == "test-then" && !$0.1 }, "the work ran on the worker thread: \(outcomes)")
        #expect(outcomes.allSatisfy { $0.2 }, "the outcome came back on the main queue, where the main actor runs: \(outcomes)")
    }
}
