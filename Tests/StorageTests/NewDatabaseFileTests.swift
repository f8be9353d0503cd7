import Foundation
import Synchronization
import Testing
@testable import Storage

/// A missing database file is made beside its name and named once whole (`NewDatabaseFile`).
@Suite("New database files")
struct NewDatabaseFileTests {
    let fixture: StorageFixture
    init() throws { fixture = try StorageFixture() }

    @Test("what a making cut short left beside the name is removed, and the file is made")
    func makingCutShort() throws {
        let path = fixture.path("notes.sqlite")
        let making = NewDatabaseFile.makingPath(for: path)
        for suffix in ["", "-journal", "-wal"] {
            try Data("half made".utf8).write(to: URL(fileURLWithPath: making + suffix))
        }
        let database = try Database(path: path, schema: StorageFixture.schema())
        #expect(try database.userVersion() == 3)
        #expect(database.openingNotices.isEmpty)
        for suffix in ["", "-journal", "-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: making + suffix), "\(making + suffix) was left")
        }
    }

    @Test("a link to a file that is not there (a folder not mounted) is refused and left a link, not replaced by a new file")
    func linkToNothing() throws {
        let path = fixture.path("linked.sqlite")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: fixture.path("unmounted/notes.sqlite"))
        #expect(throws: StorageError.self) { try Database(path: path, schema: StorageFixture.schema()) }
        let kept = try FileManager.default.destinationOfSymbolicLink(atPath: path)
        #expect(kept == fixture.path("unmounted/notes.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: NewDatabaseFile.makingPath(for: path)))
    }

    @Test("connections opening a missing file while another process makes one wait for it, then all write to the one file made")
    func makingAtOnce() throws {
        let path = fixture.path("shared.sqlite")
        let count = 6
        let failures = Mutex<[String]>([])
        // The lock a making holds on the folder, held here as another process making the file would.
        let folder = open(FilePaths.parent(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(folder) }
        #expect(flock(folder, LOCK_EX) == 0)
        let done = DispatchGroup()
        for index in 0..<count {
            DispatchQueue.global().async(group: done) {
                do {
                    let database = try Database(path: path, schema: StorageFixture.schema())
                    try database.execute("INSERT INTO items (name) VALUES (?)", [.text("from \(index)")])
                    database.close()
                } catch {
                    failures.withLock { $0.append("\(index): \(error)") }
                }
            }
        }
        Thread.sleep(forTimeInterval: 0.3)  // the connections are now waiting for the lock (if not, they take turns anyway)
        #expect(!FileManager.default.fileExists(atPath: path), "no connection made the file while the lock was held")
        flock(folder, LOCK_UN)
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let database = try Database(path: path, schema: StorageFixture.schema())
        #expect(try database.query("SELECT count(*) FROM items").first?.integer(0) == Int64(count), "no connection's file was renamed over")
    }
}
