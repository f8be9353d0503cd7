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

    @Test("a failing step is reported and rolls back every step of that opening: a new file is not made, an older one stays at its version")
    func failingMigration() throws {
        let broken = StorageFixture.migrations + [
            Migration(version: 4, sql: "CREATE TABLE half (x); CREATE TABLE items (duplicate);"),
        ]
        let fresh = fixture.path("broken.sqlite")
        let error = #expect(throws: StorageError.self) { try Database(path: fresh, schema: StorageFixture.schema(broken)) }
        #expect("\(try #require(error))".contains("apply schema version 4"))
        #expect(error?.path == fresh, "the error names the file a person knows")
        let left = try FileManager.default.contentsOfDirectory(atPath: FilePaths.parent(of: fresh))
        #expect(left.isEmpty, "nothing of the new file was made, nor left beside it: \(left)")
        let database = try Database(path: fresh, schema: StorageFixture.schema())
        #expect(try database.userVersion() == 3)
        #expect(try database.query("SELECT name FROM sqlite_master WHERE name = 'half'").isEmpty)

        let older = fixture.path("older.sqlite")
        _ = try Database(path: older, schema: StorageFixture.schema(Array(StorageFixture.migrations.prefix(1))))
        #expect(throws: StorageError.self) { try Database(path: older, schema: StorageFixture.schema(broken)) }
        #expect(try #require(DatabaseHeader(path: older)).userVersion == 1, "steps 2 and 3 went with the failing 4")
    }

    @Test("a new file gets its name made whole: every step and the mark in the file, no log to replay, nothing beside it")
    func newFileMadeWhole() throws {
        let path = fixture.path("whole.sqlite")
        _ = try Database(path: path, schema: StorageFixture.schema())
        let header = try #require(DatabaseHeader(path: path))
        #expect(header.userVersion == 3 && header.applicationID == StorageFixture.applicationID)
        let log = (try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data()
        #expect(log.isEmpty, "the file was written before it had its name: its log holds nothing (\(log.count) bytes)")
        #expect(!FileManager.default.fileExists(atPath: NewDatabaseFile.makingPath(for: path)))
        #expect(try StorageFixture.mode(of: path) & 0o777 == 0o600)
    }
}
