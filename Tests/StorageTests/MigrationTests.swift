import Foundation
import Testing
@testable import Storage

/// Schema migrations keyed on `PRAGMA user_version`.
@Suite("Migrations")
struct MigrationTests {
    let fixture: StorageFixture
    init() throws { fixture = try StorageFixture() }

    @Test("an empty file is brought to the newest version")
    func fromEmpty() throws {
        let database = try Database(path: fixture.path("new.sqlite"), schema: StorageFixture.schema())
        #expect(try database.userVersion() == 3)
        let tables = try database.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .compactMap { $0.string(0) }
        #expect(tables == ["items", "tags"])
        #expect(try database.query("SELECT note FROM items").isEmpty, "version 2's column exists")
    }

    @Test("a file at each older version is migrated and keeps its rows", arguments: [1, 2])
    func fromOlderVersion(version: Int) throws {
        let path = fixture.path("v\(version).sqlite")
        do {
            let old = try Database(path: path, schema: StorageFixture.schema(Array(StorageFixture.migrations.prefix(version))))
            #expect(try old.userVersion() == Int32(version))
            try old.execute("INSERT INTO items (name) VALUES (?)", [.text("from version \(version)")])
        }
        let database = try Database(path: path, schema: StorageFixture.schema())
        #expect(try database.userVersion() == 3)
        let names = try database.query("SELECT name, note FROM items")
        #expect(names.map { $0.string(0) } == ["from version \(version)"])
        #expect(names.first?.string(1) == "", "added columns take their default")
        try database.execute("INSERT INTO tags (item, tag) VALUES (1, ?)", ["works"])
    }

    @Test("reopening at the newest version changes nothing")
    func idempotent() throws {
        let path = fixture.path("again.sqlite")
        _ = try Database(path: path, schema: StorageFixture.schema())
        let database = try Database(path: path, schema: StorageFixture.schema())
        #expect(try database.userVersion() == 3)
    }

    @Test("a failing step is reported and rolls back every step of that opening: a new file stays empty and unmarked, an older one at its version")
    func failingMigration() throws {
        let broken = StorageFixture.migrations + [
            Migration(version: 4, sql: "CREATE TABLE half (x); CREATE TABLE items (duplicate);"),
        ]
        let fresh = fixture.path("broken.sqlite")
        let error = #expect(throws: StorageError.self) { try Database(path: fresh, schema: StorageFixture.schema(broken)) }
        #expect("\(try #require(error))".contains("apply schema version 4"))
        let header = try #require(DatabaseHeader(path: fresh))
        #expect(header.userVersion == 0 && header.applicationID == 0, "nothing of the new file was made")
        let database = try Database(path: fresh, schema: StorageFixture.schema())
        #expect(try database.userVersion() == 3)
        #expect(try database.query("SELECT name FROM sqlite_master WHERE name = 'half'").isEmpty)

        let older = fixture.path("older.sqlite")
        _ = try Database(path: older, schema: StorageFixture.schema(Array(StorageFixture.migrations.prefix(1))))
        #expect(throws: StorageError.self) { try Database(path: older, schema: StorageFixture.schema(broken)) }
        #expect(try #require(DatabaseHeader(path: older)).userVersion == 1, "steps 2 and 3 went with the failing 4")
    }

    @Test("a new file is made in one commit: every step and the mark, one transaction in its log")
    func newFileInOneCommit() throws {
        let path = fixture.path("one-commit.sqlite")
        let database = try Database(path: path, schema: StorageFixture.schema())
        // A WAL frame with a commit stores the database's size in pages at bytes 4–7 of its 24-byte header.
        let log = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        let pageSize = Int(log[8]) << 24 | Int(log[9]) << 16 | Int(log[10]) << 8 | Int(log[11])
        let frames = Array(stride(from: 32, to: log.count, by: 24 + pageSize))
        let commits = frames.filter { log[$0 + 4..<$0 + 8].contains { $0 != 0 } }
        #expect(frames.count > 1 && commits.count == 1, "\(frames.count) frames, \(commits.count) commits")
        #expect(try database.userVersion() == 3)
        #expect(try database.applicationID() == StorageFixture.applicationID)
    }
}
