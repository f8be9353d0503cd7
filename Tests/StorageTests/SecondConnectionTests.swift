import Foundation
import Testing
@testable import Storage
import TestSupport

/// A second connection to a file this process already has open (the note
/// saver's, beside the note store's).
@Suite("A second connection in the same process")
struct SecondConnectionTests {
    let fixture: StorageFixture
    init() throws { fixture = try StorageFixture() }

    /// Counts the rows as another process sees them, opening and closing the file
    /// as any other program does (the last to close folds the log in and deletes it).
    private func rowsSeenElsewhere(_ path: String) throws -> String {
        let result = try ChildProcess.run(
            "sqlite3", [path, "SELECT count(*) FROM items"], environment: ProcessInfo.processInfo.environment,
            outputDirectory: fixture.path(""))
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("opening it does not drop the first connection's locks: another process never takes the log from under it")
    func locksKept() throws {
        let path = fixture.path("shared.sqlite")
        let first = try Database(path: path, schema: StorageFixture.schema())
        try first.execute("INSERT INTO items (name) VALUES (?)", ["before"])
        // Reading the file through a descriptor of this process, as the checks
        // before opening do, would drop every lock `first` holds on it.
        let second = try Database(path: path, schema: StorageFixture.schema())
        try second.execute("INSERT INTO items (name) VALUES (?)", ["from the second"])
        #expect(try rowsSeenElsewhere(path) == "2")
        // Had the other process found the file unlocked, it would have deleted the
        // log these two still write to, and the next rows would be lost.
        try first.execute("INSERT INTO items (name) VALUES (?)", ["after"])
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try rowsSeenElsewhere(path) == "3")
        second.close()
        try first.execute("INSERT INTO items (name) VALUES (?)", ["after the second closed"])
        #expect(try rowsSeenElsewhere(path) == "4")
        first.close()
        #expect(try rowsSeenElsewhere(path) == "4")
    }

    @Test("the first opening still checks the file: a foreign file is refused by every connection")
    func checkedOnce() throws {
        let path = fixture.path("foreign.sqlite")
        let result = try ChildProcess.run(
            "sqlite3", [path, "CREATE TABLE other (x); INSERT INTO other VALUES (1);"],
            environment: ProcessInfo.processInfo.environment, outputDirectory: fixture.path(""))
        #expect(result.status == 0)
        #expect(throws: StorageError.self) { try Database(path: path, schema: StorageFixture.schema()) }
        #expect(throws: StorageError.self) { try Database(path: path, schema: StorageFixture.schema()) }
        #expect(!OpenDatabaseFiles.isOpen(OpenDatabaseFiles.key(path)), "a refused file does not count as open")
    }
}
