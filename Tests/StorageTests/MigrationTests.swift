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

    @Test("a failing migration is rolled back and reported")
    func failingMigration() throws {
        let path = fixture.path("broken.sqlite")
        let broken = StorageFixture.migrations + [
            Migration(version: 4, sql: "CREATE TABLE half (x); CREATE TABLE items (duplicate);"),
        ]
        let error = #expect(throws: StorageError.self) { try Database(path: path, schema: StorageFixture.schema(broken)) }
        #expect("\(try #require(error))".contains("apply schema version 4"))
        let database = try Database(path: path, schema: StorageFixture.schema())
        #expect(try database.userVersion() == 3)
        #expect(try database.query("SELECT name FROM sqlite_master WHERE name = 'half'").isEmpty)
    }
}
