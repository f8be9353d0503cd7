import Foundation
import Testing
@testable import Storage

/// A damaged write-ahead log: SQLite reads it only up to the damage and deletes
/// it on closing, so a copy of the file and its log is kept aside first.
@Suite("Damaged write-ahead logs")
struct DamagedLogTests {
    let fixture: StorageFixture
    init() throws { fixture = try StorageFixture() }

    /// A database and its log as a killed process leaves them: `rows` rows, each
    /// committed on its own, still in the log. Returns the copy's path.
    private func crashedCopy(rows: Int) throws -> String {
        let path = fixture.path("live.sqlite")
        let live = try Database(path: path, schema: StorageFixture.schema())
        for index in 0..<rows {
            try live.execute("INSERT INTO items (name) VALUES (?)", [.text("row \(index) " + String(repeating: "x", count: 900))])
        }
        let copy = fixture.path("crashed.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
        live.close()
        return copy
    }

    /// Overwrites bytes in the middle of the log's `frame`th frame (from 1).
    private func damage(log path: String, frame: Int, pageSize: Int = 4_096) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(32 + (24 + pageSize) * (frame - 1) + 24 + 1_000))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 64))
        try handle.close()
    }

    @Test("an intact log after a crash is replayed and nothing is copied")
    func intactLog() throws {
        let copy = try crashedCopy(rows: 6)
        #expect(WriteAheadLogCheck.inspect(path: copy + "-wal") != .nothingToReplay)
        let database = try Database(path: copy, schema: StorageFixture.schema())
        #expect(database.openingNotices.isEmpty)
        #expect(try database.query("SELECT count(*) FROM items").first?.integer(0) == 6)
        let asides = try FileManager.default.contentsOfDirectory(atPath: fixture.path("")).filter { $0.contains("damaged") }
        #expect(asides.isEmpty)
    }

    @Test("a log damaged in the middle is copied aside, byte for byte, before SQLite reads it, and outlives the close")
    func damagedLogKeptAside() throws {
        let copy = try crashedCopy(rows: 6)
        try damage(log: copy + "-wal", frame: 3)
        let damagedLog = try Data(contentsOf: URL(fileURLWithPath: copy + "-wal"))
        let damagedFile = try Data(contentsOf: URL(fileURLWithPath: copy))
        guard case .damaged = WriteAheadLogCheck.inspect(path: copy + "-wal") else {
            Issue.record("the check did not see the damage")
            return
        }

        let database = try Database(path: copy, schema: StorageFixture.schema())
        let notice = try #require(database.openingNotices.first)
        guard case let .damagedLogKeptAside(reason, aside) = notice else { return }
        #expect(reason.contains("frame 3"), "\(reason)")
        #expect(aside.hasPrefix(copy + ".damaged-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside + "-wal")) == damagedLog)
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == damagedFile)
        let readable = try database.query("SELECT count(*) FROM items").first?.integer(0) ?? -1
        #expect(readable < 6, "SQLite stops at the damage: \(readable) rows")
        database.close()
        #expect(!FileManager.default.fileExists(atPath: copy + "-wal"), "SQLite folded in what it read")
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside + "-wal")) == damagedLog, "the copy is still there")
    }

    @Test("frames that fail their checksum after the last commit (a transaction the disk filled up under) are not damage")
    func uncommittedTail() throws {
        let copy = try crashedCopy(rows: 6)
        let log = copy + "-wal"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: log))
        let frameSize = 24 + 4_096
        let lastFrame = bytes.count - frameSize
        // Two frames of a transaction that never committed: the log's salts, no
        // commit mark (database size 0), and pages and checksums that do not agree.
        for page: UInt8 in [7, 8] {
            var frame = Data(bytes[lastFrame..<(lastFrame + frameSize)])
            frame.replaceSubrange(0..<8, with: [0, 0, 0, page, 0, 0, 0, 0])
            frame.replaceSubrange(30..<1_000, with: Data(repeating: 0x5A, count: 970))
            bytes.append(frame)
        }
        try bytes.write(to: URL(fileURLWithPath: log))
        #expect(WriteAheadLogCheck.inspect(path: log) != .damaged(reason: "frame 13 of the log fails its checksum"))
        guard case .intact = WriteAheadLogCheck.inspect(path: log) else {
            Issue.record("expected an intact log, got \(WriteAheadLogCheck.inspect(path: log))")
            return
        }
        let database = try Database(path: copy, schema: StorageFixture.schema())
        #expect(database.openingNotices.isEmpty)
        #expect(try database.query("SELECT count(*) FROM items").first?.integer(0) == 6, "every committed row")

        // The same bad frame with a commit after it is damage: that commit would be lost.
        var committed = bytes
        committed.append(bytes[lastFrame..<(lastFrame + frameSize)])
        let again = fixture.path("committed-after.sqlite")
        try FileManager.default.copyItem(atPath: fixture.path("live.sqlite"), toPath: again)
        try committed.write(to: URL(fileURLWithPath: again + "-wal"))
        guard case .damaged = WriteAheadLogCheck.inspect(path: again + "-wal") else {
            Issue.record("a commit after the bad frame: expected damage")
            return
        }
    }

    @Test("logs that are random bytes, cut short, or have a damaged header are all taken for damage", arguments: [
        "random", "header", "short",
    ])
    func otherDamage(kind: String) throws {
        let copy = try crashedCopy(rows: 3)
        let log = copy + "-wal"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: log))
        switch kind {
        case "random":
            var generator = SystemRandomNumberGenerator()
            bytes = Data((0..<bytes.count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        case "header": bytes[10] ^= 0xFF
        default: bytes = bytes.prefix(20)
        }
        try bytes.write(to: URL(fileURLWithPath: log))
        let database = try Database(path: copy, schema: StorageFixture.schema())
        #expect(database.openingNotices.count == 1, "\(kind): \(database.openingNotices)")
    }

    @Test("frames of an earlier generation after the current ones are not damage")
    func earlierGeneration() throws {
        let path = fixture.path("restarted.sqlite")
        let first = try Database(path: path, schema: StorageFixture.schema())
        let reader = try Database(path: path, schema: StorageFixture.schema())
        for index in 0..<20 { try first.execute("INSERT INTO items (name) VALUES (?)", [.text("first \(index)")]) }
        _ = try first.query("PRAGMA wal_checkpoint(PASSIVE)")
        // The next write restarts the log from its start, leaving older frames behind it.
        try first.execute("INSERT INTO items (name) VALUES (?)", ["after the restart"])
        let finding = WriteAheadLogCheck.inspect(path: path + "-wal")
        guard case let .intact(frames) = finding else {
            Issue.record("expected an intact log, got \(finding)")
            return
        }
        #expect(frames >= 1)
        _ = reader
    }
}
