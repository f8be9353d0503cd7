import Foundation
import NoteModel
import Testing
import TestSupport

/// Drafts: text that could not be saved, kept in files, and put back into the notes later.
@Suite("Drafts")
struct DraftTests {
    let folder: TemporaryDirectory
    let store: NoteStore
    let drafts: DraftStore
    init() throws {
        folder = try TemporaryDirectory(prefix: "quire-drafts")
        store = try NoteStore(path: folder.file("notes.sqlite"))
        drafts = DraftStore(stateDirectory: folder.file("state"))
    }

    @Test("a draft is written privately, replaced whole, read back and removed")
    func roundTrip() throws {
        let id = UUID()
        var draft = NoteDraft(noteID: id, body: "first", baseBody: "", baseRevision: 0)
        try drafts.write(draft)
        draft.body = "second"
        try drafts.write(draft)
        #expect(drafts.all().drafts.map(\.body) == ["second"])
        let attributes = try FileManager.default.attributesOfItem(atPath: drafts.path(for: draft))
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: drafts.directory) == [(drafts.path(for: draft) as NSString).lastPathComponent],
                "no partial file is left")
        let other = NoteDraft(noteID: id, body: "another run's", baseBody: "", baseRevision: 0)
        try drafts.write(other)
        #expect(drafts.all().drafts.count == 2, "a second draft of one note never replaces the first")
        try drafts.remove(noteID: id, draftID: draft.draftID)
        try drafts.remove(noteID: id, draftID: draft.draftID)
        #expect(drafts.all().drafts.map(\.body) == ["another run's"])
    }

    @Test("an unreadable draft file is listed apart and left in place")
    func unreadableDraft() throws {
        try drafts.write(NoteDraft(noteID: UUID(), body: "fine", baseBody: "", baseRevision: 0))
        let broken = (drafts.directory as NSString).appendingPathComponent("broken.json")
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: broken))
        let listed = drafts.all()
        #expect(listed.drafts.map(\.body) == ["fine"])
        #expect(listed.unreadable == [broken])
        #expect(FileManager.default.fileExists(atPath: broken))
    }

    @Test("a draft of a note never saved creates it under the draft's identifier")
    func newNote() throws {
        let id = UUID()
        #expect(try store.recover(NoteDraft(noteID: id, body: "typed on a full disk", baseBody: "", baseRevision: 0))
            == .restored(noteID: id))
        #expect(try store.note(id: id)?.body == "typed on a full disk")
    }

    @Test("a draft over an unchanged note is saved into it; one already saved changes nothing")
    func unchangedNote() throws {
        let note = try store.createNote(body: "start")
        let draft = NoteDraft(noteID: note.id, body: "start and more", baseBody: "start", baseRevision: note.revision)
        #expect(try store.recover(draft) == .restored(noteID: note.id))
        #expect(try store.note(id: note.id)?.body == "start and more")
        #expect(try store.recover(draft) == .alreadySaved(noteID: note.id))
    }

    @Test("a draft over a note changed elsewhere is merged when the changes are apart, kept as a new note when not")
    func changedNote() throws {
        let note = try store.createNote(body: "title\nline\nend")
        try store.updateBody(of: note.id, to: "TITLE\nline\nend")
        let apart = NoteDraft(noteID: note.id, body: "title\nline\nend, and more", baseBody: "title\nline\nend", baseRevision: 1)
        #expect(try store.recover(apart) == .merged(noteID: note.id))
        #expect(try store.note(id: note.id)?.body == "TITLE\nline\nend, and more")

        let clash = NoteDraft(noteID: note.id, body: "Title!\nline\nend", baseBody: "title\nline\nend", baseRevision: 1)
        guard case let .keptAsNewNote(_, newID) = try store.recover(clash) else {
            Issue.record("a clashing draft must be kept as a note of its own")
            return
        }
        #expect(try store.note(id: newID)?.body == "Title!\nline\nend")
        #expect(try store.note(id: note.id)?.body == "TITLE\nline\nend, and more", "the note is untouched")
    }

    @Test("a draft of a trashed or deleted note becomes a new note; the trashed one is not written")
    func trashedNote() throws {
        let binned = try store.createNote(body: "binned")
        try store.moveToTrash(binned.id)
        guard case .keptAsNewNote = try store.recover(NoteDraft(noteID: binned.id, body: "binned, more", baseBody: "binned", baseRevision: 1))
        else { Issue.record("expected a new note"); return }
        #expect(try store.note(id: binned.id)?.body == "binned")
        try store.deletePermanently(binned.id)
        guard case .keptAsNewNote = try store.recover(NoteDraft(noteID: binned.id, body: "after deletion", baseBody: "binned", baseRevision: 1))
        else { Issue.record("expected a new note"); return }
        #expect(try store.allNotes().map(\.body).sorted() == ["after deletion", "binned, more"])
    }

    @Test("a draft of a trashed note whose text a note already holds (kept as a new note before the process died) makes no second copy")
    func trashedNoteAlreadyKept() throws {
        let binned = try store.createNote(body: "binned")
        try store.moveToTrash(binned.id)
        let kept = try store.createNote(body: "binned, more")
        #expect(try store.recover(NoteDraft(noteID: binned.id, body: "binned, more", baseBody: "binned", baseRevision: 1))
                == .alreadySaved(noteID: kept.id))
        #expect(try store.allNotes().map(\.body) == ["binned, more"], "one copy")
        try store.moveToTrash(kept.id)
        guard case .keptAsNewNote = try store.recover(NoteDraft(noteID: binned.id, body: "binned, more", baseBody: "binned", baseRevision: 1))
        else { Issue.record("a copy in the trash is not one kept: expected a new note"); return }
        #expect(try store.allNotes().map(\.body) == ["binned, more"])
    }
}
