import Foundation
import NoteModel
import Storage
import Testing
import TestSupport

/// A launch that brings a notes file from before categories (version 7, sync
/// set up) up to date, killed at a random moment: half the time anywhere in
/// its first 600 ms, half the time within 3 ms of its first write to the
/// file's log, while the migration commits (here, about one kill in four left
/// a log a read-only reader could not open: a commit cut short). The
/// next launch shows a window, and every note, pin and sync record is there,
/// filed in no category.
@Suite("Stress: migration killed", .serialized)
struct MigrationKillAttack {
    /// Notes in the file: enough that building the category index takes a while.
    static let noteCount = 20_000
    /// Every this many notes is pinned, and every this many has a synced file.
    static let pinnedEvery = 7, syncedEvery = 3

    @Test("a launch migrating a version 7 notes file killed at a random moment: the next launch keeps every note, pin and sync record")
    func killedMigration() throws {
        let folder = try TemporaryDirectory(prefix: "quire-migration-attack")
        defer { folder.remove() }
        let template = folder.file("v7.sqlite")
        try MigrationKillAttack.writeVersionSeven(at: template)
        StressRow.run("launch migrating \(MigrationKillAttack.noteCount) notes to categories killed, then launched again",
                      trials: StressPlan.trials(full: 40, short: 4)) {
            let moment: KillMoment = $0.next() % 2 == 0
                ? .after(milliseconds: Int($0.next() % 600)) : .afterWriting(microseconds: UInt32($0.next() % 3_000))
            return try trial(from: template, killed: moment)
        }
    }

    /// When a trial kills the launch.
    private enum KillMoment: CustomStringConvertible {
        case after(milliseconds: Int)
        case afterWriting(microseconds: UInt32)

        var description: String {
            switch self {
            case let .after(milliseconds): "\(milliseconds) ms after exec"
            case let .afterWriting(microseconds): "\(microseconds) µs after it began writing the notes file"
            }
        }
    }

    /// A notes file as Quire wrote it before categories: built by the first
    /// seven migrations, with a sync account, pinned notes and synced files.
    private static func writeVersionSeven(at path: String) throws {
        let old = try Database(path: path, schema: DatabaseSchema(
            applicationID: 0x5155_4E54, migrations: Array(NoteStore.migrationsForTesting.prefix(7))))
        try old.transaction {
            try old.execute("""
                INSERT INTO sync_account (id, folder_url, user_name, last_sync, write_safety, lists_etags)
                VALUES (1, 'https://example.org/Notes/', 'ana', 5, 'preconditions', 1)
                """)
            for index in 0..<noteCount {
                let id = UUID().uuidString
                try old.execute(
                    "INSERT INTO notes (id, body, created_at, modified_at, revision, pinned) VALUES (?, ?, ?, ?, 1, ?)",
                    [.text(id), .text("Note \(index)\nwritten before categories"), .real(Double(index)), .real(Double(index)),
                     .integer(index % pinnedEvery == 0 ? 1 : 0)])
                if index % syncedEvery == 0 {
                    try old.execute("""
                        INSERT INTO sync_files (note_id, file_name, etag, synced_revision, synced_hash, title_base)
                        VALUES (?, ?, '"1"', 1, 'h', ?)
                        """, [.text(id), .text("Note \(index).md"), .text("Note \(index)")])
                }
            }
        }
        old.close()
    }

    /// What the notes file holds, read as another program would (read-only):
    /// notes, pinned ones, synced files, notes in a category, its version.
    private func contents(_ session: QuireSession) throws -> String {
        let result = try ChildProcess.run("sqlite3", ["-readonly", session.notesPath, """
            SELECT count(*), sum(pinned), (SELECT count(*) FROM sync_files), (SELECT count(*) FROM sync_account),
                   (SELECT count(*) FROM notes WHERE category != ''), (SELECT user_version FROM pragma_user_version) FROM notes;
            """], environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"],
            outputDirectory: session.desktop.directory.path)
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func trial(from template: String, killed moment: KillMoment) throws -> [String] {
        let session = try QuireSession()
        try FileManager.default.createDirectory(
            atPath: (session.notesPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try FileManager.default.copyItem(atPath: template, toPath: session.notesPath)
        try session.launch()
        switch moment {
        case let .after(milliseconds):
            Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000)
        case let .afterWriting(microseconds):
            // The log fills once the migration writes: nothing else writes the file before it.
            let log = session.notesPath + "-wal"
            let deadline = Date().addingTimeInterval(10)
            func size() -> Int { ((try? FileManager.default.attributesOfItem(atPath: log))?[.size] as? Int) ?? 0 }
            while size() == 0 && Date() < deadline { usleep(100) }
            usleep(microseconds)
        }
        session.process?.send(SIGKILL)
        _ = session.process?.waitForExit(seconds: 10)
        try session.launch()
        do {
            _ = try session.waitForWindow(matching: "Quire$")
        } catch {
            session.process?.send(SIGKILL)
            return ["no window after a kill \(moment): \(error) \(session.messages.suffix(800))"]
        }
        var failures: [String] = []
        let pinned = (MigrationKillAttack.noteCount + MigrationKillAttack.pinnedEvery - 1) / MigrationKillAttack.pinnedEvery
        let synced = (MigrationKillAttack.noteCount + MigrationKillAttack.syncedEvery - 1) / MigrationKillAttack.syncedEvery
        let latest = NoteStore.migrationsForTesting.map(\.version).max() ?? 0  // every migration made, this one's and later ones
        let expected = "\(MigrationKillAttack.noteCount)|\(pinned)|\(synced)|1|0|\(latest)"
        let found = try contents(session)
        if found != expected {
            failures.append("lost: after a kill \(moment) the notes file holds \(found) (notes|pinned|synced|account|filed|version), not \(expected)")
        }
        let status = try session.stop()
        if status != 0 { failures.append("quire ended with \(status) after a kill \(moment)") }
        failures += StressChecks.databaseProblems(session)
        return failures
    }
}
