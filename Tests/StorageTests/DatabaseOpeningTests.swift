import Foundation
import Testing
@testable import Storage

/// Opening a database: where it goes, who may read it, and what mode it runs in.
@Suite("Opening a database")
struct DatabaseOpeningTests {
    let fixture: StorageFixture
    init() throws { fixture = try StorageFixture() }

    @Test("missing folders are created 0700 and the file 0600, whatever the umask")
    func privateModes() throws {
        let path = fixture.path("a/b/data.sqlite")
        let previous = umask(0o022)
        defer { umask(previous) }
        let database = try Database(path: path, schema: StorageFixture.schema())
        try database.execute("INSERT INTO items (name) VALUES (?)", ["x"])
        #expect(try StorageFixture.mode(of: fixture.path("a")) == 0o700)
        #expect(try StorageFixture.mode(of: fixture.path("a/b")) == 0o700)
        #expect(try StorageFixture.mode(of: path) == 0o600)
        #expect(try StorageFixture.mode(of: path + "-wal") == 0o600, "SQLite gives its side files the same mode")
    }

    @Test("connections run in WAL mode with foreign keys on")
    func walMode() throws {
        let database = try Database(path: fixture.path("wal.sqlite"), schema: StorageFixture.schema())
        #expect(try database.query("PRAGMA journal_mode").first?.string(0) == "wal")
        #expect(try database.query("PRAGMA foreign_keys").first?.integer(0) == 1)
        #expect(throws: StorageError.self, "a dangling reference is refused") {
            try database.execute("INSERT INTO tags (item, tag) VALUES (?, ?)", [42, "orphan"])
        }
    }

    @Test("the last connection to go folds the log into the file and removes it, explicitly or when released")
    func closingFoldsTheLog() throws {
        let path = fixture.path("log.sqlite")
        let database = try Database(path: path, schema: StorageFixture.schema())
        try database.execute("INSERT INTO items (name) VALUES (?)", ["kept"])
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        database.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "nothing left for the next launch to replay")
        #expect(throws: StorageError.self, "a closed database refuses work") { try database.query("SELECT 1") }

        do {
            let released = try Database(path: path, schema: StorageFixture.schema())
            #expect(try released.query("SELECT name FROM items").first?.string(0) == "kept")
            try released.execute("INSERT INTO items (name) VALUES (?)", ["more"])
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "a released connection closes too")
    }

    @Test("values are bound, never spliced into SQL")
    func boundValues() throws {
        let database = try Database(path: fixture.path("bound.sqlite"), schema: StorageFixture.schema())
        let hostile = "'); DROP TABLE items; --"
        let bytes = Data([0, 1, 2, 255])
        try database.execute("INSERT INTO items (name, note) VALUES (?, ?)", [.text(hostile), "ünïcødé 📝"])
        let row = try #require(try database.query("SELECT name, note, ? FROM items", [.blob(bytes)]).first)
        #expect(row.string(0) == hostile)
        #expect(row.string(1) == "ünïcødé 📝")
        #expect(row.data(2) == bytes)
        #expect(throws: StorageError.self, "a wrong number of values is an error, not a guess") {
            try database.execute("INSERT INTO items (name) VALUES (?)", [])
        }
    }

    @Test("a transaction that throws leaves nothing behind")
    func rollback() throws {
        struct Abandon: Error {}
        let database = try Database(path: fixture.path("tx.sqlite"), schema: StorageFixture.schema())
        #expect(throws: Abandon.self) {
            try database.transaction {
                try database.execute("INSERT INTO items (name) VALUES (?)", ["kept?"])
                throw Abandon()
            }
        }
        #expect(try database.query("SELECT count(*) FROM items").first?.integer(0) == 0)
        try database.transaction { try database.execute("INSERT INTO items (name) VALUES (?)", ["kept"]) }
        #expect(try database.query("SELECT count(*) FROM items").first?.integer(0) == 1)
    }

    @Test("an error names the operation and the file")
    func errorsNameOperationAndFile() throws {
        let path = fixture.path("errors.sqlite")
        let database = try Database(path: path, schema: StorageFixture.schema())
        let error = #expect(throws: StorageError.self) {
            try database.query("SELECT missing FROM nowhere WHERE id = ?", [1])
        }
        let message = "\(try #require(error))"
        #expect(message.contains(path), "\(message)")
        #expect(message.contains("SELECT missing FROM nowhere"), "\(message)")
        #expect(message.contains("no such table"), "\(message)")
    }

    @Test("a folder that cannot be created is reported with its path")
    func unwritableFolder() throws {
        let blocker = fixture.path("file-in-the-way")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let error = #expect(throws: StorageError.self) {
            try Database(path: blocker + "/sub/data.sqlite", schema: StorageFixture.schema())
        }
        #expect("\(try #require(error))".contains(blocker))
    }
}
