import FoundationEssentials

/// A save that worked or failed: the draft kept meanwhile, and the retries.
extension NoteDocument {
    /// A save wrote the text. `anotherSaveFollows`: a background save whose
    /// text changed meanwhile, followed at once by an autosave of the rest.
    func succeeded(anotherSaveFollows: Bool = false) {
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

    func failed(_ error: any Error, text: String) {
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
    func scheduleRetry() {
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
}
