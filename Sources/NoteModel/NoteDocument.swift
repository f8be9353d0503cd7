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
///
/// This file holds the document's state, its windows and its reading; the
/// rest is in extensions of their own files: `NoteDocument+Saving`,
/// `+Failures` (drafts and retries) and `+Elsewhere` (another writer's
/// changes). Its state is settable within the module, not private, only so
/// that those files share it; nothing else sets it.
@MainActor
public final class NoteDocument {
    /// The note; for a note never saved, the identifier it will be created with.
    public let noteID: UUID
    /// Whether the note exists in the store (a new note does once first saved).
    public internal(set) var exists: Bool
    /// The category a new note is filed in when it is first saved (a main
    /// window showing a category starts its new notes there).
    public var categoryForNewNote = ""
    /// The text as last loaded or saved: what a merge is made against.
    public internal(set) var savedBody: String
    /// The revision of `savedBody` (0 before the note exists).
    public internal(set) var savedRevision: Int64
    /// Why saving fails, while it does.
    public internal(set) var problem: NoteSaveProblem?
    /// The last thing the windows should tell the person once (another version
    /// kept); `noticeCount` counts them, so each window shows each one once.
    public internal(set) var notice: NoteDocumentNotice? {
        didSet { if notice != nil { noticeCount += 1 } }
    }
    public private(set) var noticeCount = 0
    /// Whether the note went to the trash or was deleted: nothing more is written to it.
    public internal(set) var isRemoved = false
    /// Whether the note was removed by another writer (a sync, another program)
    /// with everything typed here saved, or was in the trash already when
    /// opened: its windows may stay on it, and text typed into it from then on
    /// is kept as a new note (`keptAs`), as text unsaved at a removal is.
    public internal(set) var isRemovedElsewhere = false
    /// The note that text unsaved as the note was removed elsewhere became
    /// (`NoteDocumentNotice.keptAsNewNote`): where its windows go on typing.
    public internal(set) var keptAs: UUID?
    /// Whether the note's text is still being read (a long note's, off the main thread).
    public private(set) var isReading = false
    /// The start of the text, read before the rest (what a window is titled by meanwhile).
    public private(set) var startOfText = ""

    let store: NoteStore
    let timers: any DocumentTimers
    let drafts: DraftWriter
    /// Where autosaves of an existing note are made (nil: on the main thread).
    let saver: BackgroundNoteSaver?
    /// Every edit typed since the last save, in a file a killed process leaves behind.
    let journal: TypingJournal
    /// The autosave being written on the background saver, while one is.
    var backgroundSave: BackgroundSave?
    /// What waits for the background saves under way to end (`afterSaving`).
    var saveWaiters: [@MainActor (Bool) -> Void] = []
    /// Whether the note goes to the trash once its save under way ends (Move
    /// to Trash of a long note), until a save succeeds: a failure out of
    /// sight is then told as the note staying out of the trash.
    public var isLeavingForTheTrash = false
    /// A long text being read for an autosave, a piece at a time, while it is.
    var pieceRead: PieceRead?
    private var views: [WeakView] = []
    /// The text, once no window shows it but it is not saved yet.
    var keptText: String?
    /// The text the draft file holds, or will once the write under way or
    /// waiting is made (nil: no draft of this document's text is kept).
    var draftedText: String?
    /// Whether a draft is being written (a newer text waits for it, then follows).
    var draftInFlight = false
    /// Whether a draft file may be on the disk (to remove once the text is saved).
    var hasDraftFile = false
    /// Whether saving failed out of sight and the draft being written decides
    /// what the person is told (that a recovery copy is kept, or that none is).
    var tellsFailureOnceDrafted = false
    /// This document's draft file (a note can have others, from earlier runs).
    public let draftID = UUID()
    var retryTimer: (any DocumentTimer)?
    var failedAttempts = 0
    /// The origin of this document's writes (the note list moves the note up either way).
    public let origin = NoteChangeOrigin()
    private var storeObservation: NoteObservation?
    lazy var autosave = timers.debounce(
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

    var liveViews: [any NoteDocumentView] { views.compactMap(\.view) }

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

    func tellViews() {
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

    /// A window's editor, held weakly: a document never keeps a window alive.
    private struct WeakView {
        weak var view: (any NoteDocumentView)?
    }

    /// An autosave being written on the background saver.
    struct BackgroundSave {
        /// The text being written.
        let text: String
        /// The journal's mark of it, which the journal starts again from once it is saved.
        let journalMark: TypingJournal.SaveMark?
        /// Whether the text changed again meanwhile: an autosave of the rest follows it.
        var followedByAnother = false
    }

    /// A long text being read from a window for an autosave, a piece at a time.
    struct PieceRead {
        let read: any NoteTextRead
        /// Whether an autosave was asked for meanwhile (another window's edit
        /// may reach this one's text only after the reading ended): it follows.
        var autosaveAfter = false
    }

    /// Nothing more to do: no window and nothing unsaved.
    func finish() {
        if !hasUnsavedText { journal.remove() }
        pieceRead?.read.cancel()
        pieceRead = nil
        retryTimer?.cancel()
        retryTimer = nil
        keptText = nil
        onIdle?(self)
    }
}
