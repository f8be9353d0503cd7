/// Saving: at once, after typing, on the background saver, and a merge
/// with another process's save.
extension NoteDocument {
    /// Saves any unsaved text now; returns whether everything is saved.
    @discardableResult
    public func saveNow() -> Bool {
        autosave.cancel()
        return save()
    }

    /// The autosave: an existing note's text is written on the background
    /// saver's thread; anything else (a new note, a failing save, no saver)
    /// takes the main thread's way.
    func autosaveNow() {
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
    func autosave(_ text: String, readInPieces: Bool) {
        defer { tellSaveWaiters() }  // when it turns out to have nothing to write
        guard !autosaveMustWait() else { return }
        guard savesInTheBackground(text) else {
            save()
            return
        }
        saveInTheBackground(text, readInPieces: readInPieces)
    }

    /// Writes `text` on the background saver, if it is not saved yet.
    func saveInTheBackground(_ text: String, readInPieces: Bool) {
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
    var savesInTheBackground: Bool { canSaveInTheBackground && problem == nil }

    /// Whether the background saver can write this note at all: there is one,
    /// and the note exists and is not removed.
    private var canSaveInTheBackground: Bool { saver != nil && exists && !isRemoved }

    /// Whether `text` is written on the background saver when it is saved on
    /// its own (an autosave, a retry): where saves are not failing, and a long
    /// text even while they are (the save that succeeds, once the lock is let
    /// go or the disk has room, writes megabytes).
    func savesInTheBackground(_ text: String) -> Bool {
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
    func stopPieceRead() {
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
    func finishBackgroundSave() {
        guard backgroundSave != nil, let saver else { return }
        backgroundSave?.followedByAnother = false  // the caller goes on from the text as it is now
        saver.finishPending()
    }

    /// Writes the text if it changed since the last save; on failure keeps it
    /// in a draft and tries again later. Returns whether everything is saved.
    @discardableResult
    func save() -> Bool {
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
    func keepAsNewNote(_ text: String) throws {
        let copy = try store.createNote(body: text, category: try store.category(of: noteID), origin: origin)  // "" once deleted for good
        savedBody = text
        isRemoved = true
        keptAs = copy.id
        notice = .keptAsNewNote(title: copy.title)
        ModelLog.error("note \(noteID.uuidString) was removed by another process while text was unsaved; the text was kept as note \(copy.id.uuidString)")
    }
}
