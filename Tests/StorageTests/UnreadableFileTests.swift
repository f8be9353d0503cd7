import Foundation
import Testing
@testable import Storage

/// Files the code must not touch: written by a newer version, or not a database.
@Suite("Files that are refused")
struct UnreadableFileTests {
    let fixture: StorageFixture
    init() throws { fixture = try StorageFixture() }

    @Test("a file from a newer version is refused and left byte-for-byte unchanged")
    func newerVersion() throws {
        let path = fixture.path("future.sqlite")
        let future = StorageFixture.migrations + [Migration(version: 9, sql: "CREATE TABLE later (x);")]
        do {
            let database = try Database(path: path, schema: StorageFixture.schema(future))
            try database.execute("INSERT INTO items (name) VALUES (?)", ["precious"])
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = #expect(throws: StorageError.self) {
            try Database(path: path, schema: StorageFixture.schema())
        }
        #expect(error == .newerSchema(path: path, found: 9, supported: 3))
        #expect("\(try #require(error))".contains("left untouched"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // The newer version can still read its data.
        let database = try Database(path: path, schema: StorageFixture.schema(future))
        #expect(try database.query("SELECT name FROM items").first?.string(0) == "precious")
    }

    @Test("a file of random bytes gives a clear error and is left unchanged")
    func corruptFile() throws {
        let path = fixture.path("notes.sqlite")
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<16_384).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: StorageError.self) {
            try Database(path: path, schema: StorageFixture.schema())
        }
        let storageError = try #require(error)
        #expect(storageError.sqliteCode == 26, "SQLITE_NOTADB")
        #expect("\(storageError)".contains(path))
        #expect("\(storageError)".contains("not a database"), "\(storageError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("a truncated database is refused as damaged, never read half-way and written to")
    func truncatedFile() throws {
        let path = fixture.path("cut.sqlite")
        do {
            let database = try Database(path: path, schema: StorageFixture.schema())
            for index in 0..<500 {
                try database.execute(
                    "INSERT INTO items (name) VALUES (?)", [.text(String(repeating: "n\(index)", count: 40))])
            }
        }
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = whole.prefix(whole.count / 2)
        try cut.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: StorageError.self) { try Database(path: path, schema: StorageFixture.schema()) }
        #expect(error?.kind == .damaged)
        #expect("\(try #require(error))".contains("cut short"), "\(String(describing: error))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == cut, "the damaged file is left for recovery")
    }
}
