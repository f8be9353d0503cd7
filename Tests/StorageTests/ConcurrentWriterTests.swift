import Foundation
import Synchronization
import Testing
@testable import Storage
import TestSupport

/// Two connections (two processes, in real life) writing the same file.
@Suite("Concurrent writers")
struct ConcurrentWriterTests {
    let fixture: StorageFixture
    init() throws { fixture = try StorageFixture() }

    @Test("a second writer waits for the first instead of failing")
    func secondWriterWaits() throws {
        let path = fixture.path("shared.sqlite")
        let first = try Database(path: path, schema: StorageFixture.schema())
        let firstCommitted = Atomic<Bool>(false)
        let secondFinished = Mutex<Result<Bool, StorageError>?>(nil)
        let secondStarted = DispatchSemaphore(value: 0)

        try first.execute("BEGIN IMMEDIATE")
        try first.execute("INSERT INTO items (name) VALUES (?)", ["first"])
        let thread = Thread {
            do {
                let second = try Database(path: path, schema: StorageFixture.schema())
                secondStarted.signal()
                try second.transaction {
                    try second.execute("INSERT INTO items (name) VALUES (?)", ["second"])
                }
                secondFinished.withLock { $0 = .success(firstCommitted.load(ordering: .sequentiallyConsistent)) }
            } catch {
                secondStarted.signal()
                secondFinished.withLock { $0 = .failure(error as! StorageError) }
            }
        }
        thread.start()
        secondStarted.wait()
        Thread.sleep(forTimeInterval: 0.4)  // the second writer is now blocked on the lock
        #expect(secondFinished.withLock { $0 } == nil, "the second writer must still be waiting")
        firstCommitted.store(true, ordering: .sequentiallyConsistent)
        try first.execute("COMMIT")

        #expect(eventually(within: 10) { secondFinished.withLock { $0 } != nil })
        let outcome = try #require(secondFinished.withLock { $0 })
        #expect(outcome == .success(true), "it finished after the first committed, without an error")
        let names = try first.query("SELECT name FROM items ORDER BY id").compactMap { $0.string(0) }
        #expect(names == ["first", "second"])
    }

    @Test("a writer that waits past the busy timeout gets a clear error")
    func busyTimeout() throws {
        let path = fixture.path("busy.sqlite")
        let first = try Database(path: path, schema: StorageFixture.schema())
        let second = try Database(path: path, schema: StorageFixture.schema(), busyTimeoutMilliseconds: 100)
        try first.execute("BEGIN IMMEDIATE")
        defer { try? first.execute("ROLLBACK") }
        let error = #expect(throws: StorageError.self) {
            try second.transaction { try second.execute("INSERT INTO items (name) VALUES (?)", ["late"]) }
        }
        #expect(try #require(error).sqliteCode == 5, "SQLITE_BUSY")
        #expect("\(try #require(error))".contains(path))
    }
}
