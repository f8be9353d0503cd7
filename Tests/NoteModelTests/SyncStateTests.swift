import Foundation
import NoteModel
import Storage
import Testing
import TestSupport

/// What sync keeps in the notes database: migrated into a file of the
/// previous version, and written in one transaction with each note change.
@Suite("Sync state in the notes database")
struct SyncStateTests {
    private func file(_ note: UUID, _ name: String, etag: String? = "\"1\"", revision: Int64 = 1) -> SyncedNoteFile {
        SyncedNoteFile(
            noteID: note, fileName: name, etag: etag, syncedRevision: revision, syncedHash: TextFingerprint.of(name),
            titleBase: name)
    }

    @Test("a version 5 file is migrated: its notes are kept, with no account and nothing synced yet")
    func migrationFromVersionFive() throws {
        let folder = try TemporaryDirectory(prefix: "quire-sync-state")
        let path = folder.file("v5.sqlite")
        let id = UUID()
        do {
            // As Quire wrote it before sync: built by the first five migrations.
            let old = try Database(path: path, schema: DatabaseSchema(
                applicationID: 0x5155_4E54, migrations: Array(NoteStore.migrationsForTesting.prefix(5))))
            try old.execute("INSERT INTO notes (id, body, created_at, modified_at, revision, pinned) VALUES (?, ?, 0, 0, 3, 1)",
                            [.text(id.uuidString), .text("Groceries\nmilk")])
            old.close()
        }
        let store = try NoteStore(path: path)
        #expect(try store.note(id: id)?.body == "Groceries\nmilk")
        #expect(try store.syncAccount() == nil)
        #expect(try store.syncedFiles().isEmpty && store.staleFiles().isEmpty)
        #expect(try store.syncCandidates() == [SyncCandidate(id: id, revision: 3, isInTrash: false, isPinned: true)])
        try store.setSyncAccount(SyncAccount(folderURL: "https://example.org/Notes/", userName: "ana"))
        try store.record(file(id, "Groceries.md"))
        #expect(try store.syncedFiles().map(\.fileName) == ["Groceries.md"])
    }

    @Test("a version 6 file (sync set up) is migrated: the account, every synced and stale file kept; how its server guards writes is not known yet, so the next sync finds out")
    func migrationFromVersionSix() throws {
        let folder = try TemporaryDirectory(prefix: "quire-sync-state")
        let path = folder.file("v6.sqlite")
        let id = UUID()
        do {
            let old = try Database(path: path, schema: DatabaseSchema(
                applicationID: 0x5155_4E54, migrations: Array(NoteStore.migrationsForTesting.prefix(6))))
            try old.execute("INSERT INTO notes (id, body, created_at, modified_at, revision) VALUES (?, ?, 0, 0, 2)",
                            [.text(id.uuidString), .text("Groceries\nmilk")])
            try old.execute("""
                INSERT INTO sync_account (id, folder_url, user_name, trusted_certificates, last_sync) VALUES (1, 'https://example.org/Notes/', 'ana', NULL, 5)
                """)
            try old.execute("""
                INSERT INTO sync_files (note_id, file_name, etag, synced_revision, synced_hash, title_base) VALUES (?, 'Groceries.md', '"1"', 2, 'h', 'Groceries')
                """, [.text(id.uuidString)])
            try old.execute("INSERT INTO sync_stale_files (file_name, etag, synced_hash) VALUES ('Old.md', '\"2\"', 'g')")
            old.close()
        }
        let store = try NoteStore(path: path)
        let account = try #require(try store.syncAccount())
        #expect(account.folderURL == "https://example.org/Notes/" && account.userName == "ana" && account.lastSync != nil)
        #expect(account.writeSafety == nil && account.listsETags == nil)
        #expect(try store.syncedFiles() == [SyncedNoteFile(
            noteID: id, fileName: "Groceries.md", etag: "\"1\"", syncedRevision: 2, syncedHash: "h", titleBase: "Groceries")])
        #expect(try store.staleFiles().map(\.name) == ["Old.md"])
        try store.recordWriteSafety("locks", listsETags: false)
        #expect(try store.syncAccount()?.writeSafety == "locks" && store.syncAccount()?.listsETags == false)
    }

    @Test("a version 10 file's old names to remove are kept through the migration; a renamed note's old name is recorded whether or not the server gave its file a version")
    func staleFilesWithoutVersion() throws {
        let folder = try TemporaryDirectory(prefix: "quire-sync-state")
        let path = folder.file("v10.sqlite")
        do {
            let old = try Database(path: path, schema: DatabaseSchema(
                applicationID: 0x5155_4E54, migrations: Array(NoteStore.migrationsForTesting.prefix(10))))
            try old.execute("INSERT INTO sync_stale_files (file_name, etag, synced_hash) VALUES ('Old.md', '\"2\"', 'g')")
            old.close()
        }
        let store = try NoteStore(path: path)
        #expect(try store.staleFiles().map { "\($0.name) \($0.etag ?? "none") \($0.hash)" } == ["Old.md \"2\" g"])

        let note = try store.createNote(body: "Young\ntext")
        // nginx lists no version for a file under 2 s old: a rename right after the first sync has none.
        try store.record(file(note.id, "Young.md", etag: nil))
        try store.beginRename(to: file(note.id, "Renamed.md", etag: nil), from: file(note.id, "Young.md", etag: nil))
        let young = try #require(try store.staleFiles().first { $0.name == "Young.md" })
        #expect(young.etag == nil && young.hash == TextFingerprint.of("Young.md"))
        #expect(try store.syncedFiles().map(\.fileName) == ["Renamed.md"])
    }

    @Test("another folder or user forgets what was synced; the same account keeps it; the password is never stored")
    func accountChanges() throws {
        let folder = try TemporaryDirectory(prefix: "quire-sync-state")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let note = try store.createNote(body: "A")
        let account = SyncAccount(folderURL: "https://example.org/Notes/", userName: "ana", trustedCertificates: "/tmp/ca.pem")
        try store.setSyncAccount(account)
        try store.record(file(note.id, "A.md"))
        try store.beginRename(to: file(note.id, "B.md", etag: nil), from: file(note.id, "A.md"))
        #expect(try store.staleFiles().map(\.name) == ["A.md"])
        try store.setSyncAccount(account)
        #expect(try store.syncAccount() == account)
        #expect(try store.syncedFiles().map(\.fileName) == ["B.md"], "the same account keeps what was synced")
        try store.setSyncAccount(SyncAccount(folderURL: "https://example.org/Other/", userName: "ana"))
        #expect(try store.syncedFiles().isEmpty && store.staleFiles().isEmpty, "a new folder starts afresh")
        try store.setSyncAccount(nil)
        #expect(try store.syncAccount() == nil)
        let raw = try String(decoding: Data(contentsOf: URL(fileURLWithPath: store.path)), as: UTF8.self)
        #expect(!raw.contains("secret"))
    }

    @Test("a note taken from the server is made and recorded together; a received text is not saved over an edit made meanwhile")
    func receivedNotes() throws {
        let folder = try TemporaryDirectory(prefix: "quire-sync-state")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let made = try store.createSyncedNote(body: "From the server", modifiedAt: Date(), file: file(UUID(), "From the server.md"))
        #expect(try store.syncedFiles().map(\.noteID) == [made.id])
        #expect(try store.syncedFiles().first?.syncedRevision == made.revision)

        let revision = try #require(try store.revision(of: made.id))
        try store.updateBody(of: made.id, to: "Edited here")  // meanwhile
        #expect(try !store.saveSyncedBody("Newer there", of: made.id, over: revision, file: file(made.id, "x.md")))
        #expect(try store.note(id: made.id)?.body == "Edited here", "the edit stays")
        #expect(try store.syncedFiles().map(\.fileName) == ["From the server.md"], "and the record as it was")

        try store.moveToTrash(made.id)
        let current = try #require(try store.revision(of: made.id))
        #expect(try store.saveSyncedBody("Newer there", of: made.id, over: current, file: file(made.id, "x.md")))
        #expect(try store.note(id: made.id)?.body == "Newer there" && !store.isInTrash(made.id), "out of the trash with the server's text")

        try store.trashRemovedNote(made.id)
        #expect(try store.isInTrash(made.id) && store.syncedFiles().isEmpty)
    }

    @Test("a conflict copy is made only together with the record of the version it was copied from")
    func conflictCopies() throws {
        let folder = try TemporaryDirectory(prefix: "quire-sync-state")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let note = try store.createNote(body: "Trip\nhere")
        let other = try store.createNote(body: "Other")
        try store.record(file(note.id, "Trip.md"))
        try store.record(file(other.id, "Other.md"))

        var known = file(note.id, "Trip.md", etag: "\"2\"")
        let copy = try store.createConflictCopy(body: "Trip (conflict)\nthere", at: Date(), recording: known)
        #expect(try store.note(id: copy.id)?.body == "Trip (conflict)\nthere")
        #expect(try store.syncedFiles().first { $0.noteID == note.id }?.etag == "\"2\"")

        // A record that cannot be written (a trigger refuses it, as a full disk would) makes no copy either.
        let database = try Database(
            path: store.path, schema: DatabaseSchema(applicationID: 0x5155_4E54, migrations: NoteStore.migrationsForTesting))
        try database.execute("""
            CREATE TRIGGER refuse BEFORE INSERT ON sync_files WHEN NEW.etag = '"3"'
            BEGIN SELECT RAISE(ABORT, 'refused'); END
            """)
        known.etag = "\"3\""
        #expect(throws: (any Error).self) {
            try store.createConflictCopy(body: "Trip (conflict)\nagain", at: Date(), recording: known)
        }
        #expect(try store.allNotes().count == 3, "no second copy")
        #expect(try store.syncedFiles().first { $0.noteID == note.id }?.etag == "\"2\"")
    }
}
