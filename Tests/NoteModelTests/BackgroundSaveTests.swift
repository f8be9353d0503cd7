import Foundation
@testable import NoteModel
import Storage
import Testing
import TestSupport

/// Autosaves made on the background saver's thread: the same write as the
/// store's own, handed back on the main thread and adopted as the store's own.
@Suite("Background saves")
@MainActor
struct BackgroundSaveTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory(prefix: "quire-background-saves") }

    /// Follows other programs' writes to `store` now and checks that its
    /// observers hear nothing: the saver's writes are the store's own.
    private func expectNothingFromOthers(_ store: NoteStore, _ comment: Comment) throws {
        var heard: [NoteChange] = []
        let observation = store.observe { change, _ in heard.append(change) }
        try store.followOtherWriters()
        #expect(heard.isEmpty, comment)
        _ = observation
    }

    /// A store with a saver and a note ("v1"), whose write lock another
    /// connection, `holder`, holds (`BEGIN IMMEDIATE`; ROLLBACK lets it go).
    private func noteUnderAHeldLock() throws -> (store: NoteStore, saver: BackgroundNoteSaver, note: Note, holder: Database) {
        let path = folder.file("notes.sqlite")
        let store = try NoteStore(path: path)
        let saver = try BackgroundNoteSaver(store: store)
        let note = try store.createNote(body: "v1")
        let holder = try Database(path: path, schema: NoteSchema.schema)
        try holder.execute("BEGIN IMMEDIATE")
        return (store, saver, note, holder)
    }

    @Test("a save is written by the saver's connection, handed back with its revision, and heard as the store's own")
    func savedAndAdopted() throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let saver = try BackgroundNoteSaver(store: store)
        let note = try store.createNote(body: "v1")
        let origin = NoteChangeOrigin()
        var heard: [(NoteChange, NoteChangeOrigin?)] = []
        let observation = store.observe { change, from in heard.append((change, from)) }
        var outcomes: [NoteSaveOutcome] = []
        let long = String(repeating: "a long line of a long note\n", count: 40_000)
        saver.saveBody(of: note.id, to: long, over: 1, origin: origin) { outcomes.append(try! $0.get()) }
        #expect(saver.isBusy)
        saver.finishPending()
        #expect(!saver.isBusy)
        #expect(outcomes == [.saved(revision: 2)])
        #expect(heard.count == 1 && heard.first?.0 == .edited(note.id) && heard.first?.1 == origin)
        #expect(try store.note(id: note.id)?.body == long)
        #expect(try store.search("line").map(\.noteID) == [note.id], "the search index has the new text")

        try expectNothingFromOthers(store, "the saver's write is not reported as another program's")
        _ = observation
        saver.close()
    }

    @Test("the outcome comes back through the main queue without being waited for")
    func handedBackOnTheMainQueue() async throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let saver = try BackgroundNoteSaver(store: store)
        let note = try store.createNote(body: "v1")
        var outcome: NoteSaveOutcome?
        saver.saveBody(of: note.id, to: "v2", over: 1, origin: nil) { outcome = try? $0.get() }
        for _ in 0..<500 where outcome == nil { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(outcome == .saved(revision: 2))
        #expect(!saver.isBusy)
        saver.close()
    }

    @Test("a save over an old revision, into the trash or of a deleted note writes nothing and says why")
    func refusedSaves() throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let saver = try BackgroundNoteSaver(store: store)
        let edited = try store.createNote(body: "v1")
        try store.updateBody(of: edited.id, to: "v2")
        let binned = try store.createNote(body: "binned")
        try store.moveToTrash(binned.id)
        var outcomes: [NoteSaveOutcome] = []
        saver.saveBody(of: edited.id, to: "stale", over: 1, origin: nil) { outcomes.append(try! $0.get()) }
        saver.saveBody(of: binned.id, to: "into the trash", over: 1, origin: nil) { outcomes.append(try! $0.get()) }
        saver.saveBody(of: UUID(), to: "nowhere", over: 1, origin: nil) { outcomes.append(try! $0.get()) }
        saver.finishPending()
        #expect(outcomes.count == 3)
        if case let .conflict(current) = outcomes.first { #expect(current.body == "v2") } else { Issue.record("expected a conflict") }
        #expect(Array(outcomes.dropFirst()) == [.inTrash, .gone])
        #expect(try store.note(id: edited.id)?.body == "v2")
        #expect(try store.note(id: binned.id)?.body == "binned")
        saver.close()
    }

    @Test("a write lock another connection holds makes the save fail with busy, not wait")
    func heldLock() throws {
        let (_, saver, note, holder) = try noteUnderAHeldLock()
        var result: Result<NoteSaveOutcome, any Error>?
        let started = Date()
        saver.saveBody(of: note.id, to: "v2", over: 1, origin: nil) { result = $0 }
        saver.finishPending()
        #expect(Date().timeIntervalSince(started) < 1)
        if case let .failure(error) = result {
            #expect((error as? StorageError)?.kind == .busy)
        } else {
            Issue.record("expected the save to fail while the lock is held, got \(String(describing: result))")
        }
        try holder.execute("ROLLBACK")
        saver.close()
    }

    @Test("a note is read on the saver's thread, after the saves asked for before it; a note that is gone reads as nil")
    func readAfterSaves() async throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let saver = try BackgroundNoteSaver(store: store)
        let note = try store.createNote(body: "v1")
        let long = String(repeating: "é日🙂 a long line\r\n", count: 200_000)
        var read: [Note?] = []
        saver.saveBody(of: note.id, to: long, over: 1, origin: nil) { _ in }
        saver.readNote(id: note.id) { read.append(try! $0.get()) }
        saver.readNote(id: UUID()) { read.append(try! $0.get()) }
        #expect(saver.isBusy)
        for _ in 0..<500 where read.count < 2 { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(read.count == 2, "handed back through the main queue without being waited for")
        #expect(read.first??.body == long && read.first??.revision == 2, "the save asked for first is in what was read")
        #expect(read.last! == nil)
        #expect(!saver.isBusy)

        try store.moveToTrash(note.id)
        saver.readNote(id: note.id) { read.append(try! $0.get()) }
        saver.finishPending()
        #expect(read.count == 3 && read.last??.body == long, "a note in the trash is read too")
        saver.close()
        saver.readNote(id: note.id) { read.append(try? $0.get()) }
        saver.finishPending()
        #expect(read.count == 4 && read.last! == nil, "after closing, a read fails rather than hang")
    }

    @Test("a note a sync takes in is made on the saver's thread with its file on record, heard as created, not as another program's; a failed one writes nothing and says why")
    func syncedNoteMade() throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let saver = try BackgroundNoteSaver(store: store)
        var heard: [NoteChange] = []
        let observation = store.observe { change, _ in heard.append(change) }
        let file = SyncedNoteFile(noteID: UUID(), fileName: "Groceries.md", etag: "\"e1\"", syncedRevision: -1,
                                  syncedHash: TextFingerprint.of("Groceries\nmilk"), titleBase: "Groceries")
        // Another file for a note of the same identifier: the note is there already, so this one fails, whole.
        let twin = SyncedNoteFile(noteID: file.noteID, fileName: "Eggs.md", etag: "\"e2\"", syncedRevision: -1,
                                  syncedHash: TextFingerprint.of("Eggs"), titleBase: "Eggs")
        var outcomes: [Result<Void, any Error>] = []
        let modified = Date(timeIntervalSince1970: 1_700_000_000)
        saver.createSyncedNote(body: "Groceries\nmilk", modifiedAt: modified, file: file) { outcomes.append($0) }
        saver.createSyncedNote(body: "Eggs", modifiedAt: modified, file: twin) { outcomes.append($0) }
        saver.finishPending()
        #expect(outcomes.count == 2)
        #expect((try? outcomes.first?.get()) != nil)
        #expect((try? outcomes.last?.get()) == nil, "the second note of the same identifier is refused")
        #expect(heard == [.created(file.noteID)])
        let made = try #require(try store.note(id: file.noteID))
        #expect(made.body == "Groceries\nmilk" && made.modifiedAt == modified)
        let recorded = try store.syncedFiles()
        #expect(recorded.count == 1 && recorded.first?.fileName == "Groceries.md" && recorded.first?.syncedRevision == made.revision,
                "nothing of the refused note is written: \(recorded)")
        #expect(try store.search("milk").map(\.noteID) == [file.noteID], "the search index has it")

        try expectNothingFromOthers(store, "the saver's note is not reported as another program's")
        _ = observation
        saver.close()
    }

    @Test("trash, restore and pin are made on the saver's thread after the saves asked for before, heard with the caller's origin and not as another program's; a note that is gone is refused by name")
    func trashAndPin() throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let saver = try BackgroundNoteSaver(store: store)
        let note = try store.createNote(body: "v1")
        let origin = NoteChangeOrigin()
        var heard: [NoteChange] = []
        let observation = store.observe { change, from in
            if from == origin { heard.append(change) }
        }
        var steps: [String] = []
        let gone = UUID()
        saver.saveBody(of: note.id, to: "v2", over: 1, origin: origin) { steps.append("saved \((try? $0.get()) == .saved(revision: 2))") }
        saver.setPinned(true, of: note.id, origin: origin) { steps.append("pinned \((try? $0.get()) != nil)") }
        saver.moveToTrash(note.id, origin: origin) { steps.append("trashed \((try? $0.get()) != nil)") }
        saver.setPinned(false, of: note.id, origin: origin) { result in
            steps.append("unpinned in the trash \((try? result.get()) != nil)")
        }
        saver.moveToTrash(gone, origin: origin) { result in
            if case let .failure(error) = result, case let .noSuchNote(id)? = error as? NoteStoreError {
                steps.append("gone \(id == gone)")
            }
        }
        saver.finishPending()
        #expect(steps == ["saved true", "pinned true", "trashed true", "unpinned in the trash false", "gone true"])
        #expect(heard == [.edited(note.id), .pinChanged(note.id), .movedToTrash(note.id)])
        #expect(try store.isInTrash(note.id) && store.isPinned(note.id))
        #expect(try store.note(id: note.id)?.body == "v2", "the trash came after the save")

        heard = []
        var restored: Result<Void, any Error>?
        saver.restoreFromTrash(note.id, origin: origin) { restored = $0 }
        saver.finishPending()
        #expect((try? restored?.get()) != nil)
        #expect(try !store.isInTrash(note.id))
        #expect(heard == [.restoredFromTrash(note.id)])

        try expectNothingFromOthers(store, "none of the saver's writes is reported as another program's")
        _ = observation
        saver.close()
    }

    @Test("delete for good, put back and empty the trash are made on the saver's thread, heard as the store's own with the caller's origin; a note outside the trash is refused")
    func deleteForGood() throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let saver = try BackgroundNoteSaver(store: store)
        let kept = try store.createNote(body: "kept")
        let binned = try store.createNote(body: "binned\n- [x] done")
        let other = try store.createNote(body: "other")
        try store.moveToTrash(binned.id)
        try store.moveToTrash(other.id)
        let origin = NoteChangeOrigin()
        var heard: [NoteChange] = []
        let observation = store.observe { change, from in
            if from == origin { heard.append(change) }
        }
        var deleted: DeletedNote?
        var refused: (any Error)?
        saver.deletePermanently(binned.id, origin: origin) { deleted = try? $0.get() }
        saver.deletePermanently(kept.id, origin: origin) { result in
            if case let .failure(error) = result { refused = error }
        }
        saver.finishPending()
        let gone = try #require(deleted)
        #expect(gone.note.body == "binned\n- [x] done" && gone.note.id == binned.id)
        #expect(refused.map { "\($0)" } == "\(NoteStoreError.noSuchNote(kept.id))", "a note outside the trash stays")
        #expect(try store.note(id: binned.id) == nil && store.note(id: kept.id) != nil)
        #expect(heard == [.deletedPermanently(binned.id)])

        heard = []
        var putBack: Result<Void, any Error>?
        saver.putBack(gone, origin: origin) { putBack = $0 }
        saver.finishPending()
        #expect((try? putBack?.get()) != nil)
        #expect(try store.trashedNotes().map(\.id).sorted { $0.uuidString < $1.uuidString }
                == [binned.id, other.id].sorted { $0.uuidString < $1.uuidString })
        #expect(try store.note(id: binned.id)?.body == gone.note.body, "back as it was")
        #expect(heard == [.movedToTrash(binned.id)])

        heard = []
        var emptied: [UUID] = []
        saver.emptyTrash(origin: origin) { emptied = (try? $0.get()) ?? [] }
        saver.finishPending()
        #expect(Set(emptied) == [binned.id, other.id])
        #expect(try store.trashedNotes().isEmpty && store.allNotes().map(\.id) == [kept.id])
        #expect(heard == emptied.map(NoteChange.deletedPermanently), "one change heard per note deleted")

        try expectNothingFromOthers(store, "none of the saver's writes is reported as another program's")
        _ = observation
        saver.close()
    }

    @Test("a trash another connection's write lock holds up waits for it, as a person's action on the main thread would")
    func trashWaitsForTheLock() throws {
        let (store, saver, note, holder) = try noteUnderAHeldLock()
        var result: Result<Void, any Error>?
        saver.moveToTrash(note.id) { result = $0 }
        Thread.sleep(forTimeInterval: 0.2)
        try holder.execute("ROLLBACK")
        saver.finishPending()
        #expect((try? result?.get()) != nil, "trashed once the lock was let go: \(String(describing: result))")
        #expect(try store.isInTrash(note.id))
        saver.close()
    }
}
