import Foundation
import Testing
@testable import Storage

/// A process killed in the middle of a transaction written through a rollback
/// journal (as switching a new file to WAL is) leaves a "hot" journal beside
/// the file. Only a connection that may write can roll it back, so the first
/// look at such a file must not be a read-only one.
@Suite("Interrupted rollback-journal transactions")
struct InterruptedTransactionTests {
    let fixture: StorageFixture
    init() throws { fixture = try StorageFixture() }

    /// A copy of a file in rollback-journal mode, taken while a transaction
    /// inserting many rows has already written pages into it: the file and its
    /// journal as a killed process leaves them. `committed` rows were committed
    /// before; `prepare` makes the file what the test needs first.
    private func killedMidTransaction(committed: Int, prepare: (Database) throws -> Void = { _ in }) throws -> String {
        let path = fixture.path("live.sqlite")
        let live = try Database(path: path, schema: StorageFixture.schema())
        try prepare(live)
        for index in 0..<committed { try live.execute("INSERT INTO items (name) VALUES (?)", [.text("kept \(index)")]) }
        try live.execute("PRAGMA journal_mode = DELETE")
        try live.execute("PRAGMA cache_size = 2")  // so the transaction spills pages into the file
        try live.execute("BEGIN IMMEDIATE")
        for index in 0..<2_000 {
            try live.execute("INSERT INTO items (name) VALUES (?)", [.text("never committed \(index) " + String(repeating: "x", count: 400))])
        }
        let copy = fixture.path("killed.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-journal", toPath: copy + "-journal")
        try live.execute("ROLLBACK")
        live.close()
        return copy
    }

    @Test("the file opens as it was at its last commit, and the journal is gone")
    func rolledBack() throws {
        let copy = try killedMidTransaction(committed: 3)
        let database = try Database(path: copy, schema: StorageFixture.schema())
        #expect(try database.query("SELECT name FROM items ORDER BY id").map { $0.string(0) } == ["kept 0", "kept 1", "kept 2"])
        #expect(!FileManager.default.fileExists(atPath: copy + "-journal"))
        #expect(try database.query("PRAGMA journal_mode").first?.string(0) == "wal")
        try database.execute("INSERT INTO items (name) VALUES (?)", ["written after"])
        #expect(try database.query("PRAGMA integrity_check").first?.string(0) == "ok")
    }

    @Test("an earlier version's unmarked file, interrupted, is rolled back and adopted")
    func unmarkedRolledBack() throws {
        let copy = try killedMidTransaction(committed: 2) { try $0.execute("PRAGMA application_id = 0") }
        #expect(DatabaseHeader(path: copy)?.applicationID == 0)
        let database = try Database(path: copy, schema: StorageFixture.schema())
        #expect(try database.query("SELECT count(*) FROM items").first?.integer(0) == 2)
        #expect(try database.applicationID() == StorageFixture.applicationID)
    }

    @Test("another program's file, interrupted, is rolled back as any SQLite reader would, then refused")
    func foreignRolledBackAndRefused() throws {
        let copy = try killedMidTransaction(committed: 1) { try $0.execute("PRAGMA application_id = 1234") }
        let error = #expect(throws: StorageError.self) { try Database(path: copy, schema: StorageFixture.schema()) }
        #expect(error?.kind == .foreign, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: copy + "-journal"))
    }
}
