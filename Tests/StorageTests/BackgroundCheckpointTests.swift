import Foundation
import Testing
@testable import Storage
import TestSupport

/// The write-ahead log folded back into the file off the committing thread.
@Suite("Background checkpoints", .serialized)
struct BackgroundCheckpointTests {
    let fixture: StorageFixture
    init() throws { fixture = try StorageFixture() }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// Commits `count` rows of over a page each, one transaction a row.
    static func write(_ count: Int, into database: Database, from first: Int = 0) throws {
        let text = String(repeating: "a line of a long note ", count: 200)
        for index in first..<(first + count) {
            try database.transaction { try database.execute("INSERT INTO items (name) VALUES (?)", [.text("\(index) \(text)")]) }
        }
    }

    @Test("commits past the log's limit leave the checkpoint to its own thread, which folds the log into the file; closing waits for it and removes the log; nothing is lost")
    func checkpointRunsOffTheCommittingThread() throws {
        let path = fixture.path("long-log.sqlite")
        let database = try Database(path: path, schema: StorageFixture.schema())
        let fileBefore = Self.size(path)
        BackgroundCheckpoint.thread.suspend()
        var suspended = true
        defer { if suspended { BackgroundCheckpoint.thread.resume() } }
        try Self.write(1_500, into: database)
        // SQLite's own checkpoint would have run in the commit that crossed the limit, on this thread.
        #expect(Self.size(path) == fileBefore, "the file is as it was: no checkpoint ran here")
        #expect(Self.size(path + "-wal") > Int(BackgroundCheckpoint.logPagesBeforeCheckpoint) * 4_096, "the log holds the commits")

        BackgroundCheckpoint.thread.resume()
        suspended = false
        #expect(eventually(within: 10) { Self.size(path) > 1_500 * 4_096 }, "the checkpoint folded the log into the file: \(Self.size(path))")
        try Self.write(1_200, into: database, from: 1_500)  // a checkpoint asked for again, maybe under way at the close
        database.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "the last connection to close folds the log in and removes it")
        let reopened = try Database(path: path, schema: StorageFixture.schema())
        #expect(try reopened.query("SELECT count(*) FROM items").first?.integer(0) == 2_700, "every row, after a reopen")
    }

    @Test("a writer whose log grows past eight times the limit while no checkpoint runs checkpoints itself, as SQLite would")
    func longLogCheckpointsInTheCommit() throws {
        let path = fixture.path("very-long-log.sqlite")
        let database = try Database(path: path, schema: StorageFixture.schema())
        BackgroundCheckpoint.thread.suspend()
        defer { BackgroundCheckpoint.thread.resume() }
        try Self.write(4_500, into: database)  // about two pages a row
        #expect(Self.size(path) > 2_000 * 4_096, "the commit past the limit folded the log in: \(Self.size(path))")
        #expect(Self.size(path + "-wal") < Int(BackgroundCheckpoint.logPagesBeforeCheckpointHere + 100) * 4_096,
                "the log started over rather than growing on: \(Self.size(path + "-wal"))")
        #expect(try database.query("SELECT count(*) FROM items").first?.integer(0) == 4_500)
    }

    @Test("a connection that puts every commit on disk syncs in the commit (FULL); one that leaves it to the checkpoint thread does not (NORMAL)")
    func durability() throws {
        let everyCommit = try Database(path: fixture.path("full.sqlite"), schema: StorageFixture.schema(), durability: .everyCommit)
        let later = try Database(path: fixture.path("later.sqlite"), schema: StorageFixture.schema())
        #expect(try everyCommit.query("PRAGMA synchronous").first?.integer(0) == 2)
        #expect(try later.query("PRAGMA synchronous").first?.integer(0) == 1)
    }
}
