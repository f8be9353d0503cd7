import FoundationEssentials
import GtkKit
import NoteModel
import Storage

/// The notes this process has open: one document per note, shared by the
/// windows showing it, and kept while its text is unsaved even after they
/// close. It also follows what other processes change in the notes file
/// (`OtherWritersFollower`), so every window shows their saves too.
@MainActor
final class NoteDocuments {
    /// The notes.
    let store: NoteStore
    /// Where text that cannot be saved is kept.
    let drafts: DraftStore
    /// Where each open note's typing journal is (`TypingJournal`).
    let journals: String
    /// What writes the documents' drafts, off the main thread.
    private let draftWriter: DraftWriter
    /// Where autosaves are written, off the main thread, and a long note's
    /// trash and pin, and the Trash's changes (`writes`) (nil if its
    /// connection could not be opened: then they are written on it).
    let saver: BackgroundNoteSaver?
    private var documents: [UUID: NoteDocument] = [:]
    private var follower: OtherWritersFollower?
    private var lastFollowFailure: String?

    init(store: NoteStore, drafts: DraftStore, journals: String) {
        self.store = store
        self.drafts = drafts
        self.journals = journals
        draftWriter = DraftWriter(store: drafts)
        do {
            saver = try BackgroundNoteSaver(store: store)
        } catch {
            Log.error("notes will be saved on the main thread: a second connection to the notes file could not be opened: \(error)")
            saver = nil
        }
        follower = OtherWritersFollower(notesPath: store.path) { [weak self] in self?.followOtherWriters() ?? true }
    }

    /// Notes longer than this, in bytes, are read off the main thread (reading
    /// and checking 20 MB on it held the window for two frames).
    static let backgroundReadBytes = 2 << 20

    /// The document of the note `id`: the open one, or one read from the store
    /// (a long note's text on the background saver's thread: the document is
    /// reading until it is in). Nil if there is no such note, or it cannot be
    /// read (said in the log).
    func document(for id: UUID) -> NoteDocument? {
        if let open = documents[id] { return open }
        do {
            if let saver, let (byteCount, start) = try store.bodyStart(of: id), byteCount > NoteDocuments.backgroundReadBytes {
                let document = register(NoteDocument(
                    reading: id, start: start, inTrash: try store.isInTrash(id), store: store, drafts: draftWriter, saver: saver, journals: journals,
                timers: MainLoopTimers.shared))
                DocumentTrace.note(id, "reading", "bytes=\(byteCount)")
                read(document, with: saver)
                return document
            }
            guard let note = try store.note(id: id) else {
                Log.error("the note \(id.uuidString) no longer exists; this window starts a new note")
                return nil
            }
            return register(NoteDocument(
                note: note, inTrash: try store.isInTrash(id), store: store, drafts: draftWriter, saver: saver, journals: journals,
                timers: MainLoopTimers.shared))
        } catch {
            Log.error("could not read the note \(id.uuidString): \(error)")
            return nil
        }
    }

    /// Reads the text of `document`'s note on `saver`'s thread and gives it to
    /// the document. If another program saved the note after that read, the
    /// text is read again at once, here, so that no window ever starts from
    /// an older version than the file's.
    private func read(_ document: NoteDocument, with saver: BackgroundNoteSaver) {
        let id = document.noteID
        saver.readNote(id: id) { [store] result in
            do {
                guard var note = try result.get() else {
                    Log.error("the note \(id.uuidString) no longer exists; its windows start a new note")
                    return document.textCouldNotBeRead()
                }
                if try store.revision(of: id) != note.revision {
                    guard let current = try store.note(id: id) else { return document.textCouldNotBeRead() }
                    note = current
                }
                document.textDidArrive(note)
            } catch {
                Log.error("could not read the note \(id.uuidString): \(error)")
                document.textCouldNotBeRead()
            }
        }
    }

    /// The trash's changes, on the background saver where there is one.
    var writes: NoteWrites { NoteWrites(store: store, saver: saver) }

    /// A document for a new, empty note.
    func newDocument() -> NoteDocument {
        register(NoteDocument(newNoteIn: store, drafts: draftWriter, saver: saver, journals: journals,
                timers: MainLoopTimers.shared))
    }

    private func register(_ document: NoteDocument) -> NoteDocument {
        documents[document.noteID] = document
        document.onIdle = { [weak self] idle in
            if self?.documents[idle.noteID] === idle { self?.documents[idle.noteID] = nil }
        }
        document.onFailureOutOfSight = { [weak self] failing in self?.onFailureOutOfSight?(failing) }
        return document
    }

    /// Called when a document no window shows starts failing to save.
    var onFailureOutOfSight: (@MainActor (NoteDocument) -> Void)?

    /// The documents with text not saved yet.
    var unsaved: [NoteDocument] { documents.values.filter(\.hasUnsavedText) }

    /// Looks for other programs' changes no more, finishes the background
    /// saves and draft writes under way and closes the saves' connection (the
    /// app is quitting; the store closes after, and the main loop may turn
    /// again before the process ends).
    func close() {
        follower?.stop()
        saver?.close()
        draftWriter.finishPending()
    }

    /// Saves every open note now; returns whether all of them are saved.
    func saveAll() -> Bool {
        documents.values.map { $0.saveNow() }.allSatisfy { $0 }
    }

    /// Writes a draft of every note whose text is not saved (the app is quitting);
    /// returns whether all of that text is kept somewhere.
    @discardableResult
    func keepDraftsOfUnsaved() -> Bool {
        documents.values.map { $0.keepDraftIfUnsaved() }.allSatisfy { $0 }
    }

    /// Puts back the edits an earlier run's typing journals hold (it was
    /// killed, or lost its display, before saving them); returns what was
    /// recovered. Runs before any note is open here.
    func recoverJournals() -> [DraftRecoveryOutcome] {
        let result = TypingJournalRecovery.recoverAll(in: journals, into: store, origin: .elsewhere)
        for problem in result.problems { Log.error("typing journal: \(problem)") }
        for outcome in result.outcomes { Log.error("recovered typing of note \(outcome.recoveredNoteID.uuidString) from its journal: \(outcome)") }
        return result.outcomes
    }

    /// Puts the drafts an earlier run left (text it could not save) back into
    /// the notes, oldest first; a note open here hears of it as of a change
    /// made elsewhere, and merges it. A draft is removed once its text is in a
    /// note; one that cannot be saved yet (the disk still full) stays and is
    /// tried again every few seconds; unreadable files stay untouched. Returns
    /// what was recovered.
    @discardableResult
    func recoverDrafts() -> [DraftRecoveryOutcome] {
        let found = drafts.all()
        for file in found.unreadable where !reportedUnreadable.contains(file) {
            Log.error("a recovery copy could not be read and was left as it is: \(file)")
            reportedUnreadable.insert(file)
        }
        var outcomes: [DraftRecoveryOutcome] = []
        var waiting = false
        for draft in found.drafts where !ownDraftIDs.contains(draft.draftID) {
            do {
                let outcome = try store.recover(draft, origin: .elsewhere)
                try drafts.remove(noteID: draft.noteID, draftID: draft.draftID)
                outcomes.append(outcome)
                Log.error("recovered unsaved text of note \(draft.noteID.uuidString) from \(drafts.path(for: draft)): \(outcome)")
            } catch {
                waiting = true
                if !reportedWaiting.contains(draft.draftID) {
                    Log.error("could not recover the unsaved text in \(drafts.path(for: draft)) yet; it is kept and tried again: \(error)")
                    reportedWaiting.insert(draft.draftID)
                }
            }
        }
        if waiting { retryDraftsLater() }
        return outcomes
    }
    private var reportedUnreadable: Set<String> = []
    private var reportedWaiting: Set<UUID> = []
    /// The next try at the drafts that could not be recovered yet, while some wait.
    private var draftRetry: MainLoopSource?

    /// Drafts this run's documents are writing (never "recovered" from under them).
    private var ownDraftIDs: Set<UUID> { Set(documents.values.map(\.draftID)) }

    /// Tries the drafts that wait again in five seconds.
    private func retryDraftsLater() {
        guard draftRetry == nil else { return }
        draftRetry = MainLoop.after(milliseconds: 5_000) { [weak self] in
            self?.draftRetry = nil
            self?.recoverDrafts()
        }
    }

    /// Looks for other processes' changes; false if it could not, to be
    /// tried again: this process's own save is under way in the background (it
    /// waits for it to be handed back rather than take it for someone else's),
    /// or the look failed.
    private func followOtherWriters() -> Bool {
        guard saver?.isBusy != true else { return false }
        do {
            try store.followOtherWriters()
            lastFollowFailure = nil
            return true
        } catch {
            if "\(error)" != lastFollowFailure { Log.error("could not look for other programs' changes: \(error)") }
            lastFollowFailure = "\(error)"
            return false
        }
    }
}
