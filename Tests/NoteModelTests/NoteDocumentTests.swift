import Foundation
@testable import NoteModel
import Storage
import Testing
import TestSupport

/// The note document's life, without GTK: a real notes file, drafts folder
/// and background saver in a temporary folder, a window reduced to its text,
/// and time moved by hand. Each transition the stress suite relies on.
@Suite("Note documents")
@MainActor
struct NoteDocumentTests {
    let folder: TemporaryDirectory
    let store: NoteStore
    let drafts: DraftStore
    let draftWriter: DraftWriter
    let timers = ManualTimers()

    init() throws {
        folder = try TemporaryDirectory(prefix: "quire-documents")
        store = try NoteStore(path: folder.file("notes.sqlite"))
        drafts = DraftStore(directory: folder.file("drafts"))
        draftWriter = DraftWriter(store: drafts)
    }

    private func document(of note: Note, saver: BackgroundNoteSaver? = nil) -> NoteDocument {
        NoteDocument(note: note, inTrash: false, store: store, drafts: draftWriter, saver: saver,
                     journals: folder.file("journals"), timers: timers)
    }

    /// A window showing `document`.
    private func window(on document: NoteDocument) -> TextView {
        let view = TextView()
        view.currentText = document.currentText
        document.attach(view)
        return view
    }

    /// Another program (a sync) trashes the note `id`, and deletes it for good
    /// if `deleting`; the store finds both as it looks for other writers.
    private func removeElsewhere(_ id: UUID, deleting: Bool = false) throws {
        let other = try NoteStore(path: store.path)
        try other.moveToTrash(id)
        if deleting { _ = try other.deletePermanently(id) }
        try store.followOtherWriters()
    }

    /// Another program holding the notes' write lock (`ROLLBACK` lets it go).
    private func holdWriteLock() throws -> Database {
        let holder = try Database(path: store.path, schema: NoteSchema.schema)
        try holder.execute("BEGIN IMMEDIATE")
        return holder
    }

    /// Lets what the draft writer and saver hand back on the main queue arrive, until `condition` holds (5 s at most).
    private func settle(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<5_000 where !condition() { try? await Task.sleep(for: .milliseconds(1)) }
        return condition()
    }

    @Test("a new note is saved 300 ms after the last keystroke, not before; typing again starts the wait again")
    func savedAfterQuiet() throws {
        let document = NoteDocument(newNoteIn: store, drafts: draftWriter, saver: nil, journals: folder.file("journals"), timers: timers)
        let view = window(on: document)
        view.type("Hello", into: document)
        #expect(document.state == .editing)
        timers.advance(by: 200)
        view.type(" there", into: document)
        timers.advance(by: 299)
        #expect(try store.note(id: document.noteID) == nil, "nothing saved while typing goes on")
        timers.advance(by: 1)
        #expect(try store.note(id: document.noteID)?.body == "Hello there")
        #expect(document.state == .clean(revision: 1) && document.exists)
    }

    @Test("a window's edit reaches every other window of the note, never back to its own, and not another note's")
    func editsReachTheOtherWindows() throws {
        let note = try store.createNote(body: "milk")
        let otherNote = try store.createNote(body: "eggs")
        let document = document(of: note), elsewhere = self.document(of: otherNote)
        let first = window(on: document), second = window(on: document), third = window(on: elsewhere)
        document.record(.beginStep, from: first)
        first.type(", bread", into: document)
        document.record(.endStep, from: first)
        #expect(first.editsFromOtherViews.isEmpty, "no echo")
        #expect(second.editsFromOtherViews == [.beginStep, .insert(offset: 4, text: ", bread"), .endStep])
        #expect(second.currentText == "milk, bread" && document.currentText == "milk, bread")
        #expect(third.editsFromOtherViews.isEmpty && third.currentText == "eggs")
        document.detach(second)
        first.type(" and tea", into: document)
        #expect(second.currentText == "milk, bread", "a window that closed hears nothing more")
    }

    @Test("while typing goes on, the text is saved at least once a second, on the background saver")
    func savedWhileTyping() throws {
        let note = try store.createNote(body: "Start")
        let saver = try BackgroundNoteSaver(store: store)
        defer { saver.close() }
        let document = document(of: note, saver: saver)
        let view = window(on: document)
        for word in [" one", " two", " three", " four", " five", " six"] {
            view.type(word, into: document)
            timers.advance(by: 200)  // never 300 ms quiet
        }
        #expect(document.state == .saving, "the save due a second after the first keystroke is under way")
        saver.finishPending()
        #expect(try store.note(id: note.id)?.body == "Start one two three four five", "what was typed in that second")
        #expect(document.state == .editing, "the word typed since waits for the next save")
        timers.advance(by: 300)
        saver.finishPending()
        #expect(try store.note(id: note.id)?.body == "Start one two three four five six")
        #expect(document.state == .clean(revision: 3))
    }

    @Test("text typed while a background save is under way is saved right after it, without another wait")
    func savedAgainAfterTheSaveUnderWay() throws {
        let note = try store.createNote(body: "Start")
        let saver = try BackgroundNoteSaver(store: store)
        defer { saver.close() }
        let document = document(of: note, saver: saver)
        let view = window(on: document)
        view.type(" one", into: document)
        timers.advance(by: 300)
        #expect(document.state == .saving)
        view.type(" two", into: document)
        timers.advance(by: 300)  // the autosave falls due while the first is written: it waits for it
        #expect(document.state == .saving)
        saver.finishPending()  // the first save ends, and the rest is handed to the saver at once
        #expect(document.state == .saving, "the follow-up save started without another 300 ms")
        saver.finishPending()
        #expect(try store.note(id: note.id)?.body == "Start one two")
        #expect(document.state == .clean(revision: 3), "two saves: the first, then the rest")
    }

    @Test("Move to Trash of a long note shown in two windows, a save under way: what follows the save waits for the words typed meanwhile too, read from the other window in pieces and saved")
    func afterSavingWaitsForTheFollowingSave() throws {
        let long = String(repeating: "A line of a long note, saved on the background saver.\n", count: 20_000)
        let note = try store.createNote(body: long)
        let saver = try BackgroundNoteSaver(store: store)
        defer { saver.close() }
        let document = document(of: note, saver: saver)
        let leaving = window(on: document)
        let staying = window(on: document)
        staying.readsInPieces = true
        leaving.type("one", into: document)
        timers.advance(by: 300)
        #expect(document.state == .saving)
        leaving.type(" two", into: document)
        // Move to Trash in `leaving`, as its controller does it: the window saves and
        // shows another note, then the trash waits for the saves.
        #expect(document.saveBeforeLeaving())
        document.detach(leaving)
        var told: [Bool] = []
        document.afterSaving { told.append($0) }
        saver.finishPending()  // the first save ends; the rest is read from `staying`, a piece a turn
        #expect(told.isEmpty, "not told while \"two\" is still to be saved")
        staying.finishPieceRead()
        #expect(document.state == .saving)
        saver.finishPending()
        #expect(told == [true])
        #expect(try store.note(id: note.id)?.body == long + "one two", "the trash that follows takes every word")
        #expect(document.state == .clean(revision: note.revision + 2))
    }

    @Test("what waits for the saves hears at once when the read in pieces that follows a save finds nothing more to write")
    func afterSavingWithNothingLeftToSave() throws {
        let long = String(repeating: "A line of a long note, saved on the background saver.\n", count: 20_000)
        let note = try store.createNote(body: long)
        let saver = try BackgroundNoteSaver(store: store)
        defer { saver.close() }
        let document = document(of: note, saver: saver)
        let leaving = window(on: document)
        let staying = window(on: document)
        staying.readsInPieces = true
        leaving.type("one", into: document)
        timers.advance(by: 300)
        #expect(document.saveBeforeLeaving())  // nothing typed since the save under way began, yet a read follows it
        document.detach(leaving)
        var told: [Bool] = []
        document.afterSaving { told.append($0) }
        saver.finishPending()
        #expect(told.isEmpty)
        staying.finishPieceRead()
        #expect(told == [true], "nothing to write: told at once")
        #expect(document.state == .clean(revision: note.revision + 1))
    }

    @Test("killed after a long note's background save reached the notes, before the journal heard of it: the next launch puts back the words typed since")
    func longSaveKilledBeforeTheJournalHeard() throws {
        let long = String(repeating: "A line of a long note, saved on the background saver.\n", count: 20_000)
        let note = try store.createNote(body: long)
        let saver = try BackgroundNoteSaver(store: store)
        defer { saver.close() }
        let document = document(of: note, saver: saver)
        let view = window(on: document)
        view.type("first words", into: document)
        timers.advance(by: 300)
        #expect(document.state == .saving)
        view.type(", then more", into: document)
        // The save is made; the process is killed before the main thread hears
        // of it (this thread does not let the saver hand it back).
        #expect(eventually(within: 30) { (try? store.note(id: note.id)?.revision) == note.revision + 1 })
        TypingJournal.finishPendingWrites()
        let journals = folder.file("journals-at-the-kill")
        try FileManager.default.copyItem(atPath: folder.file("journals"), toPath: journals)

        let result = TypingJournalRecovery.recoverAll(in: journals, into: store)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(try store.note(id: note.id)?.body == long + "first words, then more", "each word once")
    }

    @Test("killed after a save on the windows' thread reached the notes, before the journal started again from it: the next launch finds every word, once, and sets nothing aside; a new note's first save too")
    func saveKilledBeforeTheJournalStartedAgain() throws {
        let note = try store.createNote(body: "Trip")
        let existing = document(of: note)
        let new = NoteDocument(newNoteIn: store, drafts: draftWriter, saver: nil, journals: folder.file("journals"), timers: timers)
        for (index, (document, typed, saved)) in [(existing, " to Porto", "Trip to Porto"), (new, "Packing list", "Packing list")].enumerated() {
            // The store tells its observers of a save once it is committed, before
            // the document hears of it: the journals as they are then are what a
            // process killed there leaves.
            let atTheKill = folder.file("journals-at-the-kill-\(index)")
            var copied = false
            let observation = store.observe { _, _ in
                guard !copied else { return }
                copied = true
                TypingJournal.finishPendingWrites()
                try? FileManager.default.copyItem(atPath: folder.file("journals"), toPath: atTheKill)
            }
            let view = window(on: document)
            withExtendedLifetime(observation) {
                view.type(typed, into: document)
                timers.advance(by: 300)
            }
            #expect(copied)
            #expect(try store.note(id: document.noteID)?.body == saved)

            let result = TypingJournalRecovery.recoverAll(in: atTheKill, into: store)
            #expect(result.problems.isEmpty, "\(result.problems)")
            #expect(try store.note(id: document.noteID)?.body == saved, "each word once")
            let left = try FileManager.default.contentsOfDirectory(atPath: atTheKill)
            #expect(left.isEmpty, "nothing set aside: \(left)")
        }
    }

    @Test("a save that fails keeps the text in a draft and is tried again after 0.5, 1, 2, 4, 8, then every 10 s; once it works, the draft goes")
    func failingSaveRetries() async throws {
        let note = try store.createNote(body: "Kept")
        let document = document(of: note)
        let view = window(on: document)
        let holder = try holdWriteLock()
        view.type(" safely", into: document)
        timers.advance(by: 300)
        guard case .failing(let problem, 1) = document.state else {
            Issue.record("the save failed and is to be tried again: \(document.state)")
            return
        }
        #expect(problem.kind == .busy)
        #expect(await settle { document.problem?.draftPath != nil }, "the draft is written")
        #expect(drafts.all().drafts.map(\.body) == ["Kept safely"])
        timers.advance(by: 500 + 1_000 + 2_000 + 4_000 + 8_000 + 10_000)
        #expect(timers.delaysAsked == [500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000])
        #expect(view.currentText == "Kept safely", "the window keeps the text")

        try holder.execute("ROLLBACK")
        timers.advance(by: 10_000)
        #expect(document.state == .clean(revision: 2))
        #expect(try store.note(id: note.id)?.body == "Kept safely")
        draftWriter.finishPending()
        #expect(await settle { drafts.all().drafts.isEmpty }, "the draft is removed once saved")
    }

    @Test("the last window closed while saves fail: the document keeps the text and goes on trying until it is saved, then is idle")
    func closedWhileFailing() async throws {
        let note = try store.createNote(body: "Draft")
        let document = document(of: note)
        var idle = false
        document.onIdle = { _ in idle = true }
        let view = window(on: document)
        let holder = try holdWriteLock()
        view.type(" and more", into: document)
        #expect(!document.saveBeforeLeaving(), "the save fails")
        document.detach(view)
        #expect(!document.isShown && document.currentText == "Draft and more", "the text stays with the document")
        #expect(!idle)
        timers.advance(by: 500)
        #expect(!idle && document.hasUnsavedText)
        try holder.execute("ROLLBACK")
        timers.advance(by: 1_000)
        #expect(try store.note(id: note.id)?.body == "Draft and more")
        #expect(idle, "nothing more to do")
        _ = await settle { drafts.all().drafts.isEmpty }
    }

    @Test("another process's save of other lines is merged with the unsaved text; the window shows both")
    func mergedWithAnotherProcess() throws {
        let note = try store.createNote(body: "first line\nsecond line")
        let document = document(of: note)
        let view = window(on: document)
        let other = try NoteStore(path: store.path)
        #expect(try other.saveBody(of: note.id, to: "first line\nsecond line, theirs", over: 1) == .saved(revision: 2))
        view.currentText = "first line, mine\nsecond line"
        document.textDidChange()
        timers.advance(by: 300)
        #expect(try store.note(id: note.id)?.body == "first line, mine\nsecond line, theirs")
        #expect(view.currentText == "first line, mine\nsecond line, theirs", "the window shows the merge")
        #expect(document.state == .clean(revision: 3))
        #expect(document.notice == nil)
    }

    @Test("the same line changed in both: the other version is kept as a note of its own, said once, and this one stays the note")
    func conflictKeepsBoth() throws {
        let note = try store.createNote(body: "the line")
        let document = document(of: note)
        let view = window(on: document)
        let other = try NoteStore(path: store.path)
        _ = try other.saveBody(of: note.id, to: "the line, theirs", over: 1)
        view.currentText = "the line, mine"
        document.textDidChange()
        timers.advance(by: 300)
        #expect(try store.note(id: note.id)?.body == "the line, mine")
        #expect(document.notice == .otherVersionKept(title: "the line, theirs") && document.noticeCount == 1)
        #expect(try store.allNotes().map(\.body).sorted() == ["the line, mine", "the line, theirs"])
    }

    @Test("the note moved to the trash while text is unsaved: that text becomes a new note in its category, and the document writes no more")
    func trashedWithUnsavedText() throws {
        let note = try store.createNote(body: "Original", category: "Plans")
        let document = document(of: note)
        let view = window(on: document)
        view.type(" with more", into: document)
        try store.moveToTrash(note.id)
        #expect(document.state == .removed)
        #expect(document.notice == .keptAsNewNote(title: "Original with more"))
        #expect(try store.allNotes().map(\.body) == ["Original with more"])
        let kept = try document.keptAs.flatMap { try store.note(id: $0) }
        #expect(kept?.body == "Original with more" && kept?.category == "Plans", "where its windows go on")
        view.type(" and after", into: document)
        timers.advance(by: 1_000)
        #expect(try store.trashedNotes().map(\.body) == ["Original"], "nothing is written into the trash")
    }

    @Test("the note moved to the trash with everything saved: no new note, and nowhere for its windows to go on")
    func trashedWithNothingUnsaved() throws {
        let note = try store.createNote(body: "Original")
        let document = document(of: note)
        _ = window(on: document)
        try store.moveToTrash(note.id)
        #expect(document.state == .removed)
        #expect(document.keptAs == nil && document.notice == nil)
        #expect(try store.allNotes().isEmpty)
    }

    @Test("the note moved to the trash by another program with everything saved: its window may stay on it, and the next words typed there become a new note, never written into the trash")
    func trashedElsewhereThenTyped() throws {
        let note = try store.createNote(body: "Plan", category: "Home")
        let document = document(of: note)
        let view = window(on: document)
        try removeElsewhere(note.id)
        #expect(document.state == .removed && document.isRemovedElsewhere)
        #expect(document.keptAs == nil && document.notice == nil, "nothing was unsaved, so nothing is kept yet")

        view.type(" today", into: document)
        #expect(document.state == .editing && !document.isRemovedElsewhere, "the words are unsaved, not dropped")
        timers.advance(by: 300)
        #expect(document.state == .removed)
        #expect(document.notice == .keptAsNewNote(title: "Plan today"))
        let kept = try document.keptAs.flatMap { try store.note(id: $0) }
        #expect(kept?.body == "Plan today" && kept?.category == "Home", "where its windows go on")
        #expect(try store.trashedNotes().map(\.body) == ["Plan"], "nothing is written into the trash")
    }

    @Test("a note deleted for good by another program, then typed into: the text becomes a new note; one moved to the trash here is not typed into again")
    func removedHereOrElsewhere() throws {
        let deleted = try store.createNote(body: "Gone")
        let document = document(of: deleted)
        let view = window(on: document)
        try removeElsewhere(deleted.id, deleting: true)  // both found at once, as a sync's are
        #expect(document.isRemovedElsewhere)
        view.type(" but kept", into: document)
        timers.advance(by: 300)
        #expect(try store.allNotes().map(\.body) == ["Gone but kept"])

        let trashedHere = try store.createNote(body: "Mine")
        let own = self.document(of: trashedHere)
        _ = window(on: own)
        try store.moveToTrash(trashedHere.id)
        #expect(own.state == .removed && !own.isRemovedElsewhere, "its windows leave it: nothing more is typed into it")
    }

    @Test("a note opened when already in the trash (a window going on with a note trashed a moment before): words typed into it become a new note, never dropped")
    func openedInTheTrashThenTyped() throws {
        let note = try store.createNote(body: "Binned")
        try store.moveToTrash(note.id)
        let document = NoteDocument(note: try #require(try store.note(id: note.id)), inTrash: true, store: store, drafts: draftWriter,
                                    saver: nil, journals: folder.file("journals"), timers: timers)
        let view = window(on: document)
        #expect(document.state == .removed && document.isRemovedElsewhere)
        view.type(" and kept", into: document)
        timers.advance(by: 300)
        #expect(try store.allNotes().map(\.body) == ["Binned and kept"])
        #expect(try store.trashedNotes().map(\.body) == ["Binned"])
        #expect(document.keptAs != nil && document.notice == .keptAsNewNote(title: "Binned and kept"))
    }

    @Test("a note removed elsewhere and then restored from the trash is the note again: typing saves into it")
    func removedElsewhereThenRestored() throws {
        let note = try store.createNote(body: "Back")
        let document = document(of: note)
        let view = window(on: document)
        try removeElsewhere(note.id)
        #expect(document.isRemovedElsewhere)
        try store.restoreFromTrash(note.id)
        #expect(document.state == .clean(revision: note.revision) && !document.isRemovedElsewhere)
        view.type(" again", into: document)
        timers.advance(by: 300)
        #expect(try store.allNotes().map(\.body) == ["Back again"])
        #expect(document.keptAs == nil)
    }

    @Test("another process's save while nothing is unsaved: the window shows it, and the document is clean at its revision")
    func followsAnotherProcess() throws {
        let note = try store.createNote(body: "Ours")
        let document = document(of: note)
        let view = window(on: document)
        let other = try NoteStore(path: store.path)
        _ = try other.saveBody(of: note.id, to: "Theirs", over: 1)
        try store.followOtherWriters()
        #expect(view.currentText == "Theirs")
        #expect(document.state == .clean(revision: 2))
    }
}
