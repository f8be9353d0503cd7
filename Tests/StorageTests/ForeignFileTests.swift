import Foundation
import Testing
@testable import Storage
import TestSupport

/// Another program's SQLite file at the app's path is refused before anything
/// is written to it; an empty file or an earlier version's unmarked file is used.
@Suite("Other programs' databases")
struct ForeignFileTests {
    let fixture: StorageFixture
    init() throws { fixture = try StorageFixture() }

    /// Runs Debian's `sqlite3` shell on `path`, as another program would write its file.
    private func sqlite3(_ path: String, _ sql: String) throws {
        let result = try ChildProcess.run(
            "sqlite3", [path, sql], environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"],
            outputDirectory: fixture.path(""))
        #expect(result.status == 0, "sqlite3 failed: \(result.error)")
    }

    @Test("another program's database is refused, byte for byte unchanged and still in its own journal mode", arguments: [
        "CREATE TABLE cookies (host TEXT, value TEXT); INSERT INTO cookies VALUES ('example.org', 'x');",
        "CREATE TABLE items (other TEXT); INSERT INTO items VALUES ('clash');",
        "PRAGMA user_version = 2; CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL); PRAGMA application_id = 1234;",
        "PRAGMA journal_mode = WAL; CREATE TABLE history (url TEXT); INSERT INTO history VALUES ('a');",
        "PRAGMA user_version = 4; CREATE TABLE items (item_id INTEGER, label TEXT); INSERT INTO items VALUES (1, 'same name, other columns');",
    ])
    func foreignRefused(sql: String) throws {
        let path = fixture.path("theirs.sqlite")
        try sqlite3(path, sql)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = #expect(throws: StorageError.self) { try Database(path: path, schema: StorageFixture.schema()) }
        #expect(error?.kind == .foreign, "\(String(describing: error))")
        #expect("\(try #require(error))".contains(path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "not one byte written")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal") || sql.contains("WAL"))
    }

    @Test("an empty file, and an empty database another tool made, become the app's")
    func emptyFilesAreUsed() throws {
        let empty = fixture.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let blank = fixture.path("blank.sqlite")
        try sqlite3(blank, "PRAGMA page_size = 4096; VACUUM;")
        for path in [empty, blank] {
            let database = try Database(path: path, schema: StorageFixture.schema())
            #expect(try database.applicationID() == StorageFixture.applicationID)
            try database.execute("INSERT INTO items (name) VALUES (?)", ["mine"])
        }
    }

    @Test("a file an earlier version wrote before files were marked is adopted and marked")
    func unmarkedEarlierVersion() throws {
        let path = fixture.path("earlier.sqlite")
        do {
            let earlier = try Database(path: path, schema: DatabaseSchema(applicationID: 0, migrations: Array(StorageFixture.migrations.prefix(1))))
            try earlier.execute("INSERT INTO items (name) VALUES (?)", ["kept"])
        }
        #expect(DatabaseHeader(path: path)?.applicationID == 0)
        let database = try Database(path: path, schema: StorageFixture.schema())
        #expect(try database.query("SELECT name FROM items").first?.string(0) == "kept")
        #expect(try database.applicationID() == StorageFixture.applicationID)
        database.close()
        #expect(DatabaseHeader(path: path)?.applicationID == StorageFixture.applicationID)
    }

    @Test("errors say what sort of trouble they are", arguments: [
        (StorageError.sqlite(operation: "x", path: "/p", code: 13, message: "full"), StorageErrorKind.diskFull),
        (.sqlite(operation: "x", path: "/p", code: 5, message: "busy"), .busy),
        (.sqlite(operation: "x", path: "/p", code: 8, message: "readonly"), .permissionDenied),
        (.sqlite(operation: "x", path: "/p", code: 26, message: "not a database"), .damaged),
        (.sqlite(operation: "x", path: "/p", code: 10, message: "io", systemErrno: ENOSPC), .diskFull),
        (.sqlite(operation: "x", path: "/p", code: 14, message: "cannot open", systemErrno: EACCES), .permissionDenied),
        (.fileSystem(operation: "create", path: "/p", errno: EROFS, message: "ro"), .permissionDenied),
        (.newerSchema(path: "/p", found: 9, supported: 3), .newerVersion),
    ])
    func kinds(error: StorageError, kind: StorageErrorKind) {
        #expect(error.kind == kind)
    }
}
