public import FoundationEssentials
import Storage

/// One note as this process edits it, shared by every window showing it.
///
/// It saves the text the windows show: 300 ms after the last keystroke, at
/// least once a second while typing goes on (on the background saver's
/// thread, so a long note never holds up typing), and at once when asked. Each
/// save names the revision it edits, so another process's save in between is
/// never overwritten: the two are merged, or the other version is kept as a
/// note of its own. When a save fails (a full disk, a lock another program
/// holds, no permission), the text stays in the windows and is copied to a
/// draft file outside the database, the windows say what went wrong, and
/// saving is tried again on its own, less often as failures go on, until it
/// works; then the draft is removed. A document with unsaved text outlives its
/// windows (the registry keeps it) and goes on trying.
///
/// A long note's text is read on the background saver's thread: until it is
/// in, the document is reading (`isReading`), its windows show nothing of it
/// and let nobody type, and it saves nothing, drafts nothing and merges
/// nothing, since it has nothing of its own.
///
/// Time (the autosave's timing, the retries) comes from `DocumentTimers`: the
/// app's main loop, or a test's clock moved by hand.
@MainActor
public final class NoteDocument {
    /// The note; for a note never saved, the identifier it will be created with.
    public let noteID: UUID
    /// Whether the note exists in the store (a new note does once first saved).
    public private(set) var exists: Bool
    /// The category a new note is filed in when it is first saved (a main
    /// window showing a category starts its new notes there).
    public var categoryForNewNote = ""
    /// The text as last loaded or saved: what a merge is made against.
    public private(set) var savedBody: String
    /// The revision of `savedBody` (0 before the note exists).
    public private(set) var savedRevision: Int64
    /// Why saving fails, while it does.
    public private(set) var problem: NoteSaveProblem?
    /// The last thing the windows should tell the person once (another version
    /// kept); `noticeCount` counts them, so each window shows each one once.
    public private(set) var notice: NoteDocumentNotice? {
        didSet { if notice != nil { noticeCount += 1 } }
    }
    public private(set) var noticeCount = 0
    /// Whether the note went to the trash or was deleted: nothing more is written to it.
    public private(set) var isRemoved = false
    /// Whether the note was removed by another writer (a sync, another program)
    /// with everything typed here saved, or was in the trash already when
    /// opened: its windows may stay on it, and text typed into it from then on
    /// is kept as a new note (`keptAs`), as text unsaved at a removal is.
    public private(set) var isRemovedElsewhere = false
    /// The note that text unsaved as the note was removed elsewhere became
    /// (`NoteDocumentNotice.keptAsNewNote`): where its windows go on typing.
    public private(set) var keptAs: UUID?
    /// Whether the note's text is still being read (a long note's, off the main thread).
    public private(set) var isReading = false
    /// The start of the text, read before the rest (what a window is titled by meanwhile).
    public private(set) var startOfText = ""

    private let store: NoteStore
    private let timers: any DocumentTimers
    private let drafts: DraftWriter
    /// Where autosaves of an existing note are made (nil: on the main thread).
    private let saver: BackgroundNoteSaver?
    /// Every edit typed since the last save, in a file a killed process leaves behind.
    private let journal: TypingJournal
    /// The autosave being written on the background saver, while one is.
    private var backgroundSave: BackgroundSave?
    /// What waits for the background saves under way to end (`afterSaving`).
    private var saveWaiters: [@MainActor (Bool) -> Void] = []
    /// Whether the note goes to the trash once its save under way ends (Move
    /// to Trash of a long note), until a save succeeds: a failure out of
    /// sight is then told as the note staying out of the trash.
    public var isLeavingForTheTrash = false
    /// A long text being read for an autosave, a piece at a time, while it is.
    private var pieceRead: PieceRead?
    private var views: [WeakView] = []
    /// The text, once no window shows it but it is not saved yet.
    private var keptText: String?
    /// The text the draft file holds, or will once the write under way or
    /// waiting is made (nil: no draft of this document's text is kept).
    private var draftedText: String?
    /// Whether a draft is being written (a newer text waits for it, then follows).
    private var draftInFlight = false
    /// Whether a draft file may be on the disk (to remove once the text is saved).
    private var hasDraftFile = false
    /// Whether saving failed out of sight and the draft being written decides
    /// what the person is told (that a recovery copy is kept, or that none is).
    private var tellsFailureOnceDrafted = false
    /// This document's draft file (a note can have others, from earlier runs).
    public let draftID = UUID()
    private var retryTimer: (any DocumentTimer)?
    private var failedAttempts = 0
    /// The origin of this document's writes (the note list moves the note up either way).
    public let origin = NoteChangeOrigin()
    private var storeObservation: NoteObservation?
    private lazy var autosave = timers.debounce(
        quietMilliseconds: NoteDocument.quietMilliseconds, maximumDelayMilliseconds: NoteDocument.typingSaveMilliseconds
    ) { [weak self] in self?.autosaveNow() }

    /// How long after the last keystroke the text is saved, in milliseconds.
    public static let quietMilliseconds: UInt32 = 300
    /// How often, at least, the text is saved while typing goes on, in milliseconds.
    public static let typingSaveMilliseconds: UInt32 = 1_000

    /// Called when nothing more needs this document (no window, nothing unsaved).
    public var onIdle: (@MainActor (NoteDocument) -> Void)?
    /// Called when saving starts to fail while no window shows the note (a
    /// long note's window went before its save ended), once its draft is
    /// written or could not be (`problem` says which): the text is kept, and
    /// saving goes on, but nobody sees the save bar.
    public var onFailureOutOfSight: (@MainActor (NoteDocument) -> Void)?

    /// The document of the stored note `note` (read-only if it is in the trash).
    public convenience init(
        note: Note, inTrash: Bool, store: NoteStore, drafts: DraftWriter, saver: BackgroundNoteSaver?, journals: String,
        timers: any DocumentTimers
    ) {
        self.init(noteID: note.id, exists: true, body: note.body, revision: note.revision, isRemoved: inTrash,
                  startWhileReading: nil, store: store, drafts: drafts, saver: saver, journals: journals, timers: timers)
    }

    /// The document of the stored note `id` whose text is still to be read
    /// (`textDidArrive(_:)`), and which starts with `start`.
    public convenience init(
        reading id: UUID, start: String, inTrash: Bool, store: NoteStore, drafts: DraftWriter, saver: BackgroundNoteSaver?,
        journals: String, timers: any DocumentTimers
    ) {
        self.init(noteID: id, exists: true, body: "", revision: 0, isRemoved: inTrash,
                  startWhileReading: start, store: store, drafts: drafts, saver: saver, journals: journals, timers: timers)
    }

    /// The document of a new, empty note, created in the store when first saved.
    public convenience init(
        newNoteIn store: NoteStore, drafts: DraftWriter, saver: BackgroundNoteSaver?, journals: String, timers: any DocumentTimers
    ) {
        self.init(noteID: UUID(), exists: false, body: "", revision: 0, isRemoved: false,
                  startWhileReading: nil, store: store, drafts: drafts, saver: saver, journals: journals, timers: timers)
    }

    private init(
        noteID: UUID, exists: Bool, body: String, revision: Int64, isRemoved: Bool, startWhileReading: String?,
        store: NoteStore, drafts: DraftWriter, saver: BackgroundNoteSaver?, journals: String, timers: any DocumentTimers
    ) {
        self.noteID = noteID
        self.timers = timers
        journal = TypingJournal(folder: journals, noteID: noteID, revision: revision, notes: store.path)
        self.exists = exists
        savedBody = body
        savedRevision = revision
        self.isRemoved = isRemoved
        // In the trash already as it is opened: in the trash's own view it is only
        // shown, but a window that shows it anyway (one going on with a note
        // that was trashed a moment before) keeps what is typed as a new note.
        isRemovedElsewhere = isRemoved
        isReading = startWhileReading != nil
        startOfText = startWhileReading ?? ""
        self.store = store
        self.drafts = drafts
        self.saver = saver
        observeStore()
    }

    private func observeStore() {
        storeObservation = store.observe { [weak self] change, origin in
            MainActor.assumeIsolated {
                guard let self, change.noteID == self.noteID else { return }
                switch change {
                case .movedToTrash, .deletedPermanently: self.noteWasRemoved(elsewhere: origin == .elsewhere)
                case .restoredFromTrash: self.noteWasRestored()
                case .edited where origin == .elsewhere: self.noteChangedElsewhere()
                case .created, .edited, .pinChanged, .categoryChanged: break
                }
            }
        }
    }

    /// Where the document is in its life: reading, clean, editing, saving,
    /// failing or removed (with or without a window: `isShown`).
    public var state: NoteDocumentState {
        if isReading { return .reading }
        if isRemoved { return .removed }
        if let problem { return .failing(problem, attempts: failedAttempts) }
        if backgroundSave != nil { return .saving }
        return hasUnsavedText ? .editing : .clean(revision: savedRevision)
    }

    // MARK: Windows

    /// The text the windows show (all of them show the same), or what was kept
    /// when the last one closed.
    public var currentText: String { isReading ? savedBody : liveViews.first?.currentText ?? keptText ?? savedBody }

    /// Whether some of the text is not saved.
    public var hasUnsavedText: Bool { currentText != savedBody }

    /// Whether any window shows this note.
    public var isShown: Bool { !liveViews.isEmpty }

    /// How many windows show this note.
    public var viewCount: Int { liveViews.count }

    private var liveViews: [any NoteDocumentView] { views.compactMap(\.view) }

    /// A window starts showing the note.
    public func attach(_ view: any NoteDocumentView) {
        DocumentTrace.note(noteID, "attach", "windows=\(liveViews.count + 1)")
        views.removeAll { $0.view == nil }
        views.append(WeakView(view: view))
        keptText = nil
    }

    /// A window stops showing the note. If it was the last and the text is not
    /// saved, the text is kept here, and saving goes on without a window.
    public func detach(_ view: any NoteDocumentView) {
        stopPieceRead()
        let text = isReading ? savedBody : view.currentText
        views.removeAll { $0.view == nil || $0.view === view }
        DocumentTrace.note(noteID, "detach", "windows=\(liveViews.count) unsaved=\(text != savedBody)", text: text)
        guard liveViews.isEmpty else { return }
        if text != savedBody {
            keptText = text
            // A save under way is followed by one of the rest, or by a retry if it fails.
            if retryTimer == nil && backgroundSave == nil { scheduleRetry() }
        } else {
            finish()
        }
    }

    /// A window's edit of the text, as a person made it: into the journal at
    /// once, then to every other window showing the note (never back to
    /// `view`). Changes saved by another process reach the windows from here
    /// too (`applyDocumentChange`): the document is the one way a note's text
    /// travels to its windows.
    public func record(_ edit: NoteEdit, from view: any NoteDocumentView) {
        journal.record(edit)
        if case let .insert(_, text) = edit { DocumentTrace.journaled(noteID, inserted: text) }
        for other in liveViews where other !== view { other.applyEditFromAnotherView(edit) }
    }

    /// A person edited the text in one of the windows. Into a note removed
    /// elsewhere, the edit makes the text unsaved again: the save it starts
    /// finds the note gone and keeps the text as a new note.
    public func textDidChange() {
        if isRemovedElsewhere {
            DocumentTrace.note(noteID, "typed-after-removal")
            isRemovedElsewhere = false
            isRemoved = false
            tellViews()
        }
        autosave.poke()
    }

    private func tellViews() {
        for view in liveViews { view.documentStateDidChange() }
    }

    // MARK: Reading

    /// The note's text, read: the windows show it from now on.
    public func textDidArrive(_ note: Note) {
        guard isReading, note.id == noteID else { return }
        savedBody = note.body
        savedRevision = note.revision
        journal.rebase(revision: note.revision, unsavedText: nil)
        isReading = false
        startOfText = ""
        DocumentTrace.note(noteID, "read", "revision=\(note.revision)")
        for view in liveViews { view.documentTextDidArrive() }
    }

    /// The note's text could not be read (it is gone, or the file failed):
    /// its windows go on to a new note, as when it cannot be read at once.
    public func textCouldNotBeRead() {
        guard isReading else { return }
        DocumentTrace.note(noteID, "read-failed")
        isRemoved = true
        for view in liveViews { view.documentTextIsUnavailable() }
        if !isShown { finish() }
    }

    /// Waits for the text being read (a key was pressed in a window showing
    /// the note: it must take effect on the text).
    public func finishReading() {
        guard isReading else { return }
        saver?.finishPending()
    }

    // MARK: Saving

    /// Saves any unsaved text now; returns whether everything is saved.
    @discardableResult
    public func saveNow() -> Bool {
        autosave.cancel()
        return save()
    }

    /// The autosave: an existing note's text is written on the background
    /// saver's thread; anything else (a new note, a failing save, no saver)
    /// takes the main thread's way.
    private func autosaveNow() {
        guard !autosaveMustWait() else { return }
        guard pieceRead?.read.isReading != true else {
            pieceRead?.autosaveAfter = true
            return
        }
        if savesInTheBackground, let view = liveViews.first,
           let read = view.readTextInPieces({ [weak self] text in self?.pieceReadFinished(text) }) {
            pieceRead = PieceRead(read: read)
            return
        }
        autosave(currentText, readInPieces: false)
    }

    /// Goes on with an autosave, with `text` just read from the window.
    private func autosave(_ text: String, readInPieces: Bool) {
        defer { tellSaveWaiters() }  // when it turns out to have nothing to write
        guard !autosaveMustWait() else { return }
        guard savesInTheBackground(text) else {
            save()
            return
        }
        saveInTheBackground(text, readInPieces: readInPieces)
    }

    /// Writes `text` on the background saver, if it is not saved yet.
    private func saveInTheBackground(_ text: String, readInPieces: Bool) {
        guard let saver, text != savedBody else { return }
        DocumentTrace.note(noteID, "save", "background revision=\(savedRevision)\(readInPieces ? " read=pieces" : "")", text: text)
        let (mark, record) = journal.saveBegins()
        backgroundSave = BackgroundSave(text: text, journalMark: mark)
        let noteTheSave = record.map { record in { @Sendable in record.write(fingerprintOf: text) } }
        saver.saveBody(of: noteID, to: text, over: savedRevision, origin: origin, beforeSaving: noteTheSave) { [weak self] result in
            self?.backgroundSaveFinished(text, result)
        }
    }

    /// Whether an autosave cannot go on now: the text is still being read, or
    /// a background save is under way (the autosave follows it).
    private func autosaveMustWait() -> Bool {
        if isReading { return true }
        guard backgroundSave == nil else {
            backgroundSave?.followedByAnother = true
            return true
        }
        return false
    }

    /// Whether an autosave is written on the background saver: an existing
    /// note, not removed, whose saves are not failing.
    private var savesInTheBackground: Bool { canSaveInTheBackground && problem == nil }

    /// Whether the background saver can write this note at all: there is one,
    /// and the note exists and is not removed.
    private var canSaveInTheBackground: Bool { saver != nil && exists && !isRemoved }

    /// Whether `text` is written on the background saver when it is saved on
    /// its own (an autosave, a retry): where saves are not failing, and a long
    /// text even while they are (the save that succeeds, once the lock is let
    /// go or the disk has room, writes megabytes).
    private func savesInTheBackground(_ text: String) -> Bool {
        canSaveInTheBackground && (problem == nil || NoteDocument.isLong(text))
    }

    /// Whether `text` is long enough to be saved on the background saver
    /// however it is saved (`savedInTheBackgroundAbove`).
    private static func isLong(_ text: String) -> Bool { text.utf8.count > savedInTheBackgroundAbove }

    private func backgroundSaveFinished(_ text: String, _ result: Result<NoteSaveOutcome, any Error>) {
        let finished = backgroundSave
        backgroundSave = nil
        defer { tellSaveWaiters() }
        DocumentTrace.note(noteID, "saved", "background \(result)")
        switch result {
        case let .success(.saved(revision)):
            savedBody = text
            savedRevision = revision
            if let mark = finished?.journalMark { journal.saved(revision: revision, mark, savedText: text) { currentText } }
            succeeded(anotherSaveFollows: finished?.followedByAnother == true)
        case .success:
            save()  // saved elsewhere meanwhile, or removed: handled here, as any save's would be
            return
        case let .failure(error):
            failed(error, text: text)
            return
        }
        if finished?.followedByAnother == true { autosaveNow() }
    }

    /// Runs `then` once the text is saved, with whether it is: at once if no
    /// save is under way (true if nothing is unsaved), else when the background
    /// saves under way end, with the one that follows them for text typed
    /// meanwhile, read from a window in pieces first if need be (true if the
    /// last one wrote its text; false if it failed, and the document keeps the
    /// text and tries again, as ever). For an action that must follow the
    /// save (Move to Trash).
    public func afterSaving(_ then: @escaping @MainActor (Bool) -> Void) {
        guard !isSaving else {
            saveWaiters.append(then)
            return
        }
        then(problem == nil && !hasUnsavedText)
    }

    /// Whether a background save is under way, or a window's text is being
    /// read in pieces for the next one.
    private var isSaving: Bool { backgroundSave != nil || pieceRead != nil }

    private func tellSaveWaiters() {
        guard !isSaving, !saveWaiters.isEmpty else { return }
        let waiters = saveWaiters
        saveWaiters = []
        for waiter in waiters { waiter(problem == nil) }
    }

    private func pieceReadFinished(_ text: String) {
        let autosaveAfter = pieceRead?.autosaveAfter == true
        pieceRead = nil
        autosave(text, readInPieces: true)
        if autosaveAfter { autosave.poke() }
    }

    /// Stops reading the text for an autosave (the window that was read may
    /// be about to show another note); the autosave is asked for again.
    private func stopPieceRead() {
        guard let pieceRead else { return }
        self.pieceRead = nil
        pieceRead.read.cancel()
        autosave.poke()
    }

    /// Texts longer than this many UTF-8 bytes are saved on the background
    /// saver when a window closes, hides or moves on: SQLite takes about
    /// 0.4 s to write and index 20 MB for search, which at once would freeze
    /// every window.
    public static let savedInTheBackgroundAbove = 1_000_000

    /// Whether the note is long (`savedInTheBackgroundAbove`), exists, and
    /// its saves go to the background saver (they do not fail): then the
    /// window leaving it saves it there, and so are its trash and pin made.
    public var isLongNoteSavedInTheBackground: Bool {
        savesInTheBackground && NoteDocument.isLong(currentText)
    }

    /// Saves any unsaved text now, or, for a long text of an existing note
    /// whose saves do not fail, starts saving it on the background saver. The
    /// document keeps the text until it is saved; a failure then is handled
    /// as an autosave's (a draft, and saving tried again), and quitting waits
    /// for the save.
    public func startSaving() {
        if !startSavingInTheBackground() { saveNow() }
    }

    /// Saves before the last window showing the note leaves it (closes, or
    /// moves on to another note): returns whether the text is saved, or on
    /// its way (`startSaving`). If not, the window asks first, or stays.
    public func saveBeforeLeaving() -> Bool {
        startSavingInTheBackground() || saveNow()
    }

    /// Starts an autosave of a long text now; false (and nothing done) for a
    /// short text, or one that cannot be saved in the background.
    private func startSavingInTheBackground() -> Bool {
        guard !isReading, isLongNoteSavedInTheBackground else { return false }
        autosave.cancel()
        autosave(currentText, readInPieces: false)
        return true
    }

    /// Waits for a background save under way and takes its outcome, before
    /// this document acts on the note another way.
    private func finishBackgroundSave() {
        guard backgroundSave != nil, let saver else { return }
        backgroundSave?.followedByAnother = false  // the caller goes on from the text as it is now
        saver.finishPending()
    }

    /// Writes the text if it changed since the last save; on failure keeps it
    /// in a draft and tries again later. Returns whether everything is saved.
    @discardableResult
    private func save() -> Bool {
        guard !isReading else { return true }  // nothing of its own yet
        defer { tellSaveWaiters() }
        finishBackgroundSave()
        let text = currentText
        guard text != savedBody, !isRemoved else {
            if problem != nil { succeeded() }
            return true
        }
        DocumentTrace.note(noteID, "save", "exists=\(exists) revision=\(savedRevision)", text: text)
        // Noted in the journal before the commit, as on the background saver,
        // but without waiting for the disk (this is the windows' thread): a
        // process killed after the commit, before the journal starts again
        // from it below, leaves a journal that replays onto the saved text.
        journal.saveBegins().record?.write(fingerprintOf: text, syncing: false)
        do {
            if exists {
                try write(text, conflicts: 0)
            } else {
                let note = try store.createNote(id: noteID, body: text, category: categoryForNewNote, origin: origin)
                exists = true
                savedBody = text
                savedRevision = note.revision
            }
            journalAfterSave(of: text)
            succeeded()
            return true
        } catch {
            failed(error, text: text)
            return false
        }
    }

    /// The journal after a save of `saved` on this thread: nothing of it is
    /// left where the windows show the saved text; a note kept as a new one
    /// needs none.
    private func journalAfterSave(of saved: String) {
        if isRemoved {
            journal.remove()
            return
        }
        let text = currentText
        journal.rebase(revision: savedRevision, unsavedText: text == savedBody ? nil : text, textIsRecorded: text == saved)
    }

    /// Saves `text` over the revision last seen; a save someone else made
    /// meanwhile is merged with it, or kept as a note of its own.
    private func write(_ text: String, conflicts: Int) throws {
        switch try store.saveBody(of: noteID, to: text, over: savedRevision, origin: origin) {
        case let .saved(revision):
            savedBody = text
            savedRevision = revision
        case let .conflict(current) where conflicts < 5:
            try resolve(mine: text, theirs: current, conflicts: conflicts)
        case .conflict:
            throw NoteStoreError.keptChanging(noteID)  // changing faster than it can be saved; try again later
        case .inTrash, .gone:
            try keepAsNewNote(text)
        }
    }

    /// Another process saved the note since this one last did: keep both.
    private func resolve(mine: String, theirs current: Note, conflicts: Int) throws {
        if current.body == mine {
            savedBody = mine
            savedRevision = current.revision
            return
        }
        savedRevision = current.revision
        if let merged = TextMerge.merge(base: savedBody, mine: mine, theirs: current.body) {
            savedBody = current.body
            if let change = TextChange.between(mine, merged) { apply(change, resultingIn: merged) }
            try write(merged, conflicts: conflicts + 1)
            return
        }
        // Both changed the same stretch: their version becomes a note of its own,
        // and this one, which the person is looking at, stays the note.
        let copy = try store.createNote(body: current.body, origin: origin)
        savedBody = current.body
        notice = .otherVersionKept(title: copy.title)
        ModelLog.error("note \(noteID.uuidString) was changed by another process at the same time; its version was kept as note \(copy.id.uuidString)")
        try write(mine, conflicts: conflicts + 1)
    }

    /// The note went to the trash or was deleted elsewhere while this text was
    /// unsaved: the text becomes a new note, in the note's category, rather
    /// than be lost or written into the trash.
    private func keepAsNewNote(_ text: String) throws {
        let copy = try store.createNote(body: text, category: try store.category(of: noteID), origin: origin)  // "" once deleted for good
        savedBody = text
        isRemoved = true
        keptAs = copy.id
        notice = .keptAsNewNote(title: copy.title)
        ModelLog.error("note \(noteID.uuidString) was removed by another process while text was unsaved; the text was kept as note \(copy.id.uuidString)")
    }

    /// A save wrote the text. `anotherSaveFollows`: a background save whose
    /// text changed meanwhile, followed at once by an autosave of the rest.
    private func succeeded(anotherSaveFollows: Bool = false) {
        let hadProblem = problem != nil
        problem = nil
        isLeavingForTheTrash = false
        failedAttempts = 0
        retryTimer?.cancel()
        retryTimer = nil
        if hasDraftFile {
            hasDraftFile = false
            draftedText = nil
            drafts.remove(noteID: noteID, draftID: draftID) { result in
                if case let .failure(error) = result {
                    ModelLog.error("the note was saved, but its recovery copy could not be removed: \(error)")
                }
            }
        }
        if hadProblem { ModelLog.error("note \(noteID.uuidString) is saved again") }
        tellViews()
        if !isShown, let keptText {
            // A background save ended: what the last window left may be newer.
            if keptText == savedBody { finish() } else if !anotherSaveFollows { scheduleRetry() }
        }
    }

    private func failed(_ error: any Error, text: String) {
        DocumentTrace.note(noteID, "save-failed", "\(error)", text: text)
        let firstFailure = problem == nil
        if problem == nil || "\(error)" != problem?.detail {
            ModelLog.error("could not save note \(noteID.uuidString): \(error)")
            var fresh = NoteSaveProblem(error: error, at: Date())
            fresh.draftPath = problem?.draftPath
            fresh.draftFailure = problem?.draftFailure
            problem = fresh
        }
        if draftedText != text { writeDraft(of: text) }
        scheduleRetry()
        tellViews()
        if firstFailure && !isShown {
            if draftInFlight { tellsFailureOnceDrafted = true } else { onFailureOutOfSight?(self) }
        }
    }

    /// Keeps `text` in the draft file, on the draft writer's thread (syncing a
    /// file to disk must not freeze the windows); a newer text asked meanwhile
    /// is written once the write under way is done.
    private func writeDraft(of text: String) {
        draftedText = text
        guard !draftInFlight else { return }
        draftInFlight = true
        hasDraftFile = true
        drafts.write(makeDraft(of: text)) { [weak self] result in
            self?.draftWritten(text, result)
        }
    }

    private func draftWritten(_ text: String, _ result: Result<String, any Error>) {
        draftInFlight = false
        switch result {
        case let .success(path):
            problem?.draftPath = path
            problem?.draftFailure = nil
        case let .failure(error):
            if problem?.draftFailure == nil { ModelLog.error("could not write a recovery copy of note \(noteID.uuidString) either: \(error)") }
            problem?.draftFailure = "\(error)"
            problem?.draftPath = nil
            if draftedText == text { draftedText = nil }  // the next failed save tries again
        }
        // Saved meanwhile (the draft is removed after this write), or a newer text waits.
        if problem != nil, let newer = draftedText, newer != text { writeDraft(of: newer) }
        tellViews()
        if tellsFailureOnceDrafted {
            tellsFailureOnceDrafted = false
            if problem != nil && !isShown { onFailureOutOfSight?(self) }
        }
    }

    /// Tries again after 0.5 s, then 1, 2, 4, 8 s, and every 10 s from then on.
    private func scheduleRetry() {
        retryTimer?.cancel()
        let delay = UInt32(min(500 << min(failedAttempts, 5), 10_000))
        failedAttempts += 1
        retryTimer = timers.after(milliseconds: delay) { [weak self] in
            self?.retryTimer = nil
            self?.retry()
        }
    }

    /// Try Again, in the save bar: tries the failed save now, as its retries
    /// do (a long text on the background saver: the person asked, but SQLite
    /// takes about 0.4 s to write 20 MB, which would freeze every window).
    public func tryAgain() {
        retryTimer?.cancel()
        retryTimer = nil
        retry()
    }

    /// Tries a failed save again: a long text of an existing note on the
    /// background saver, any other at once.
    private func retry() {
        // A save under way ends in a retry of its own if it fails too.
        guard backgroundSave == nil else { return }
        let text = isReading ? savedBody : currentText
        guard text != savedBody, savesInTheBackground(text) else {
            save()
            return
        }
        saveInTheBackground(text, readInPieces: false)
    }

    /// Writes the current text to the draft file if it is not saved (the app is
    /// quitting with saves failing); returns whether the text is safe somewhere.
    @discardableResult
    public func keepDraftIfUnsaved() -> Bool {
        guard !isReading else { return true }
        let text = currentText
        guard text != savedBody, !isRemoved else { return true }
        do {
            hasDraftFile = true
            try drafts.writeNow(makeDraft(of: text))  // after any write under way, which may hold older text
            draftedText = text
            return true
        } catch {
            ModelLog.error("could not write a recovery copy of note \(noteID.uuidString): \(error)")
            return false
        }
    }

    private func makeDraft(of text: String) -> NoteDraft {
        NoteDraft(draftID: draftID, noteID: noteID, body: text, baseBody: savedBody, baseRevision: exists ? savedRevision : 0)
    }

    // MARK: Changes from elsewhere

    /// Another process saved the note: show its text if nothing here is
    /// unsaved, else save now, which merges the two.
    private func noteChangedElsewhere() {
        // A text still being read is checked against the stored revision when it arrives.
        guard exists, !isReading else { return }
        finishBackgroundSave()
        let current: Note
        do {
            guard let found = try store.note(id: noteID), found.revision != savedRevision else { return }
            current = found
        } catch {
            // The next save of this window checks the revision anyway, so nothing is overwritten.
            ModelLog.error("could not read note \(noteID.uuidString) after another program changed it: \(error)")
            return
        }
        DocumentTrace.note(noteID, "changed-elsewhere", "revision=\(current.revision)", text: current.body)
        let text = currentText
        guard text == savedBody else {
            save()
            return
        }
        savedBody = current.body
        savedRevision = current.revision
        if let change = TextChange.between(text, current.body) { apply(change, resultingIn: current.body) }
        journal.rebase(revision: current.revision, unsavedText: nil)
    }

    /// Puts a change made elsewhere (a merge, another process) into every window.
    private func apply(_ change: TextChange, resultingIn text: String) {
        if keptText != nil { keptText = text }
        for view in liveViews { view.applyDocumentChange(change) }
    }

    /// The note went to the trash or was deleted (here or elsewhere). Text
    /// typed since the last save is kept as a new note, never written into the trash.
    private func noteWasRemoved(elsewhere: Bool) {
        finishBackgroundSave()
        guard !isRemoved else { return }
        DocumentTrace.note(noteID, "removed", "unsaved=\(currentText != savedBody) elsewhere=\(elsewhere)", text: currentText)
        if exists, currentText != savedBody {
            do {
                try keepAsNewNote(currentText)
            } catch {
                failed(error, text: currentText)
                return
            }
        }
        isRemoved = true
        isRemovedElsewhere = elsewhere && keptAs == nil && isShown
        journal.remove()
        autosave.cancel()
        tellViews()  // read-only at once (unless removed elsewhere): nothing more is typed into it
        if !isShown { finish() }
    }

    /// The note came out of the trash: it can be typed into and saved again.
    private func noteWasRestored() {
        DocumentTrace.note(noteID, "restored")
        isRemoved = false
        isRemovedElsewhere = false
        tellViews()
    }

    /// A window's editor, held weakly: a document never keeps a window alive.
    private struct WeakView {
        weak var view: (any NoteDocumentView)?
    }

    /// An autosave being written on the background saver.
    private struct BackgroundSave {
        /// The text being written.
        let text: String
        /// The journal's mark of it, which the journal starts again from once it is saved.
        let journalMark: TypingJournal.SaveMark?
        /// Whether the text changed again meanwhile: an autosave of the rest follows it.
        var followedByAnother = false
    }

    /// A long text being read from a window for an autosave, a piece at a time.
    private struct PieceRead {
        let read: any NoteTextRead
        /// Whether an autosave was asked for meanwhile (another window's edit
        /// may reach this one's text only after the reading ended): it follows.
        var autosaveAfter = false
    }

    /// Nothing more to do: no window and nothing unsaved.
    private func finish() {
        if !hasUnsavedText { journal.remove() }
        pieceRead?.read.cancel()
        pieceRead = nil
        retryTimer?.cancel()
        retryTimer = nil
        keptText = nil
        onIdle?(self)
    }
}
