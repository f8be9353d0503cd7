import Foundation
@testable import NoteModel
import Testing
import TestSupport

/// The typing journal: every edit appended to a file as it is made, started
/// again after each save, and replayed by the next launch when a process
/// died before its autosave.
@Suite("Typing journal")
struct TypingJournalTests {
    private func folder() throws -> TemporaryDirectory { try TemporaryDirectory(prefix: "quire-journal") }

    /// Types `text` at `offset`, a character at a time, as a window reports it.
    private func type(_ text: String, at offset: Int, into journal: TypingJournal) {
        for (index, scalar) in text.unicodeScalars.enumerated() {
            journal.record(.insert(offset: offset + index, text: String(scalar)))
        }
    }

    @Test("edits are in the file as soon as they are made; replayed on the stored note they give the text the window showed")
    func replay() throws {
        let folder = try folder()
        defer { folder.remove() }
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let note = try store.createNote(body: "Groceries\nmilk")
        let journal = TypingJournal(folder: folder.file("journals"), noteID: note.id, revision: note.revision)
        #expect(!FileManager.default.fileExists(atPath: journal.path), "nothing written before the first edit")
        type(", eggs 🥚", at: 14, into: journal)
        journal.record(.delete(offset: 0, length: 1))
        journal.record(.insert(offset: 0, text: "g"))
        journal.record(.beginStep)
        TypingJournal.finishPendingWrites()  // the first file is put in place once the notes' log is on disk
        let file = try #require(TypingJournalFile(path: journal.path))
        #expect(file.noteID == note.id && file.baseRevision == note.revision)
        #expect(file.replay(onto: note.revision, body: note.body) == "groceries\nmilk, eggs 🥚")
        #expect(try (FileManager.default.attributesOfItem(atPath: journal.path)[.posixPermissions] as? Int) == 0o600)
    }

    @Test("a save starts the journal again with only the edits made after the text it wrote; with none left the file goes")
    func afterSaving() throws {
        let folder = try folder()
        defer { folder.remove() }
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let note = try store.createNote(body: "Plan")
        let journal = TypingJournal(folder: folder.file("journals"), noteID: note.id, revision: note.revision)
        type(" A", at: 4, into: journal)
        let (mark, record) = journal.saveBegins()
        record?.write(fingerprintOf: "Plan A")
        type(" B", at: 6, into: journal)  // typed while the save runs
        guard case let .saved(revision) = try store.saveBody(of: note.id, to: "Plan A", over: note.revision) else {
            Issue.record("not saved")
            return
        }
        journal.saved(revision: revision, mark, savedText: "Plan A") { "Plan A B" }
        TypingJournal.finishPendingWrites()
        let file = try #require(TypingJournalFile(path: journal.path))
        #expect(file.baseRevision == revision && file.edits.count == 2)
        #expect(file.replay(onto: revision, body: "Plan A") == "Plan A B")
        let second = journal.saveBegins().mark
        journal.saved(revision: revision + 1, second, savedText: "Plan A B") { "Plan A B" }
        TypingJournal.finishPendingWrites()
        #expect(!FileManager.default.fileExists(atPath: journal.path), "nothing left to keep")
    }

    @Test("killed after a save reached the notes but before the journal heard of it: the edits after that save are put back, not twice")
    func killedBetweenSaveAndJournal() throws {
        let folder = try folder()
        defer { folder.remove() }
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let note = try store.createNote(body: "Trip")
        let journals = folder.file("journals")
        do {
            let journal = TypingJournal(folder: journals, noteID: note.id, revision: note.revision)
            type(" to Porto", at: 4, into: journal)
            journal.saveBegins().record?.write(fingerprintOf: "Trip to Porto")
            type(" in May", at: 13, into: journal)
            _ = try store.saveBody(of: note.id, to: "Trip to Porto", over: note.revision)
            // Killed here: the journal never hears that the save was done.
        }
        TypingJournal.finishPendingWrites()
        let result = TypingJournalRecovery.recoverAll(in: journals, into: store)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(try store.note(id: note.id)?.body == "Trip to Porto in May")
        #expect(try FileManager.default.contentsOfDirectory(atPath: journals).isEmpty, "recovered, then removed")
    }

    @Test("a launch recovers a dead process's journal, a new note's too, and says so; a journal a live process holds is left alone")
    func recovery() throws {
        let folder = try folder()
        defer { folder.remove() }
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let journals = folder.file("journals")
        let note = try store.createNote(body: "Soup")
        let newNote = UUID()
        do {
            let dead = TypingJournal(folder: journals, noteID: note.id, revision: note.revision)
            type(" is hot", at: 4, into: dead)
            let unsaved = TypingJournal(folder: journals, noteID: newNote, revision: 0)
            type("Idea\nwritten, never saved", at: 0, into: unsaved)
        }
        TypingJournal.finishPendingWrites()
        let other = try store.createNote(body: "Live")
        let live = TypingJournal(folder: journals, noteID: other.id, revision: other.revision)
        type("ly", at: 4, into: live)
        // A process another test starts at that moment shares this process's open
        // files, a dead journal's lock with them, until it runs its program: the
        // recovery then rightly leaves that journal for later. So it is tried
        // again until the two dead journals are back (the live one stays locked).
        var outcomes: [DraftRecoveryOutcome] = []
        var problems: [String] = []
        _ = eventually(within: 10) {
            let found = TypingJournalRecovery.recoverAll(in: journals, into: store)
            outcomes += found.outcomes
            problems += found.problems
            return outcomes.count >= 2
        }
        #expect(problems.isEmpty, "\(problems)")
        #expect(outcomes.count == 2 && outcomes.contains(.restored(noteID: note.id))
                && outcomes.contains(.restored(noteID: newNote)), "\(outcomes)")
        #expect(try store.note(id: note.id)?.body == "Soup is hot")
        #expect(try store.note(id: newNote)?.body == "Idea\nwritten, never saved")
        #expect(try store.note(id: other.id)?.body == "Live", "the live process saves its own")
        TypingJournal.finishPendingWrites()  // the live journal was left alone, whether renamed into place or still beside it
        #expect(FileManager.default.fileExists(atPath: live.path), "left to the process that holds it")
        live.remove()
        TypingJournal.finishPendingWrites()
        #expect(!FileManager.default.fileExists(atPath: live.path))
    }

    @Test("a journal cut short in the middle of a record keeps every whole record; one of another kind is set aside, never deleted")
    func damaged() throws {
        let folder = try folder()
        defer { folder.remove() }
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let journals = folder.file("journals")
        let note = try store.createNote(body: "A")
        do {
            let journal = TypingJournal(folder: journals, noteID: note.id, revision: note.revision)
            type("BC", at: 1, into: journal)
            journal.record(.insert(offset: 3, text: "DEF"))
        }
        TypingJournal.finishPendingWrites()
        let path = TypingJournal.path(in: journals, for: note.id)  // this process's, as the one that died
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.dropLast(2).write(to: URL(fileURLWithPath: path))  // the last record half written
        let foreign = (journals as NSString).appendingPathComponent("\(UUID().uuidString.lowercased()).journal")
        try Data("not a journal\n".utf8).write(to: URL(fileURLWithPath: foreign))
        let result = TypingJournalRecovery.recoverAll(in: journals, into: store)
        #expect(try store.note(id: note.id)?.body == "ABC")
        #expect(result.problems.count == 1 && FileManager.default.fileExists(atPath: foreign + ".unreadable"))
    }

    @Test("the whole text stands in for the stored one where a merge changed the windows' text")
    func rebasedOnText() throws {
        let folder = try folder()
        defer { folder.remove() }
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let note = try store.createNote(body: "One")
        let journals = folder.file("journals")
        do {
            let journal = TypingJournal(folder: journals, noteID: note.id, revision: note.revision)
            journal.rebase(revision: note.revision, unsavedText: "One and two")
            type(" and three", at: 11, into: journal)
        }
        TypingJournal.finishPendingWrites()  // a dead process's sync would not rename it meanwhile
        _ = TypingJournalRecovery.recoverAll(in: journals, into: store)
        #expect(try store.note(id: note.id)?.body == "One and two and three")
    }

    @Test("a journal that cannot be written stops quietly until the next save, then starts again")
    func cannotWrite() throws {
        let folder = try folder()
        defer { folder.remove() }
        let journals = folder.file("journals")
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: journals))  // a file where the folder should be
        let id = UUID()
        let journal = TypingJournal(folder: journals, noteID: id, revision: 1)
        type("lost to the journal", at: 0, into: journal)
        #expect(!FileManager.default.fileExists(atPath: journal.path))
        try FileManager.default.removeItem(atPath: journals)
        let save = journal.saveBegins()
        #expect(save.record == nil, "no file to note the save in")
        type("!", at: 19, into: journal)
        #expect(!FileManager.default.fileExists(atPath: journal.path), "not before the next save")
        journal.saved(revision: 2, save.mark, savedText: "lost to the journal") { "lost to the journal!" }
        TypingJournal.finishPendingWrites()
        let file = try #require(TypingJournalFile(path: journal.path))
        #expect(file.replay(onto: 2, body: "lost to the journal") == "lost to the journal!")
    }

    @Test("a power cut before a save on the windows' thread reaches the disk: the journal of before the save holds every edit, those typed after it too")
    func saveNotOnDiskYet() throws {
        let folder = try folder()
        defer { folder.remove() }
        let store = try NoteStore(path: folder.file("notes.sqlite"))  // commits on disk within half a second
        let note = try store.createNote(body: "Trip")
        let journals = folder.file("journals")
        let journal = TypingJournal(folder: journals, noteID: note.id, revision: note.revision, notes: store.path)
        type(" to Porto", at: 4, into: journal)
        TypingJournal.finishPendingWrites()
        let onDisk = folder.file("on-disk")
        try FileManager.default.createDirectory(atPath: onDisk, withIntermediateDirectories: true)
        for name in ["notes.sqlite", "notes.sqlite-wal"] {
            try FileManager.default.copyItem(atPath: folder.file(name), toPath: (onDisk as NSString).appendingPathComponent(name))
        }

        // The notes' log is not synced yet when the power goes: the syncs wait.
        TypingJournalSync.shared.suspend()
        guard case let .saved(revision) = try store.saveBody(of: note.id, to: "Trip to Porto", over: note.revision) else {
            TypingJournalSync.shared.resume()
            Issue.record("not saved")
            return
        }
        journal.rebase(revision: revision, unsavedText: nil, textIsRecorded: true)
        type(" in May", at: 13, into: journal)
        let cut = folder.file("journals-at-the-cut")
        try FileManager.default.copyItem(atPath: journals, toPath: cut)
        TypingJournalSync.shared.resume()
        TypingJournal.finishPendingWrites()

        let afterCut = try NoteStore(path: (onDisk as NSString).appendingPathComponent("notes.sqlite"))
        #expect(try afterCut.note(id: note.id)?.revision == note.revision, "the save is lost with the power")
        let recovered = TypingJournalRecovery.recoverAll(in: cut, into: afterCut)
        #expect(recovered.problems.isEmpty, "\(recovered.problems)")
        #expect(try afterCut.note(id: note.id)?.body == "Trip to Porto in May", "\((try? afterCut.note(id: note.id))??.body ?? "")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cut).isEmpty, "the journal and the one written afresh, both gone")

        // Once the log is on disk the journal starts from the save, alone.
        let file = try #require(TypingJournalFile(path: journal.path))
        #expect(file.baseRevision == revision && file.replay(onto: revision, body: "Trip to Porto") == "Trip to Porto in May")
        #expect(try FileManager.default.contentsOfDirectory(atPath: journals) == [(journal.path as NSString).lastPathComponent])

        // A journal left with nothing goes only once the save that emptied it is on disk.
        TypingJournalSync.shared.suspend()
        _ = try store.saveBody(of: note.id, to: "Trip to Porto in May", over: revision)
        journal.remove()
        let kept = FileManager.default.fileExists(atPath: journal.path)
        TypingJournalSync.shared.resume()
        TypingJournal.finishPendingWrites()
        #expect(kept && !FileManager.default.fileExists(atPath: journal.path))
    }
}
