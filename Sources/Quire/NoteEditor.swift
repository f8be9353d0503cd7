import FoundationEssentials
import GtkKit
import GtkSourceKit
import NoteModel

/// Edits one note in a window. The note's document (shared with every other
/// window showing the note) saves what is typed here; each keystroke also
/// goes, as an edit, to the other windows showing the note, and theirs come
/// here, so every window shows the note as it is typed. Reports title,
/// cursor and saving changes.
///
/// Beside this file, extensions of their own hold the editor as the
/// document's view (`NoteEditor+DocumentView`), the loading of a note's
/// text (`+Loading`) and typing (`+Typing`); its state is internal, not
/// private, only so that they share it.
@MainActor
final class NoteEditor: NoteDocumentView {
    let editor = MarkdownStyle.makeEditorView()
    /// The matches of the window's search, highlighted in the note.
    lazy var searchHighlight = SearchHighlight(view: editor)
    /// The words spelled wrong, underlined, and the menu's suggestions for them.
    private var spelling: SpellingUnderline?
    private let documents: NoteDocuments
    var changedConnection: SignalConnection?
    var insertConnection: SignalConnection?
    var deleteConnection: SignalConnection?
    private var storeObservation: NoteObservation?
    /// The document of the note shown.
    private(set) var document: NoteDocument
    /// Whether the note shown existed when last reported (a new note starts to on its first save).
    var reportedNoteID: UUID?
    /// The last notice of the document this window showed.
    private var noticesShown = 0
    /// The Undo histories of the notes shown before this one.
    private var undoHistories = NoteUndoHistories()
    /// A long note's text going into the editor a piece at a time, until it is all in.
    var load: GradualTextLoad?
    /// Whether text is going in or out from code now (the cursor moving then is not the person's doing).
    var isAppending = false
    /// Whether the buffer is in a step another window began (its edits are one step for Undo here too).
    var isMirroringStep = false
    /// The selection to make once the text is all in (-1: the end).
    var selectionAfterLoad: (cursor: Int32, bound: Int32)?
    /// Whether to scroll to the cursor once the text is all in.
    var revealAfterLoad = false
    /// A second scroll to the cursor, waiting for GTK to measure the text;
    /// called off if the person scrolls meanwhile.
    private var secondScroll: MainLoopSource?
    /// The search whose first match to select once the note's text is read.
    var matchAfterRead: String?

    /// Whether the note's text is still being read, or going in: the cursor,
    /// selection and scroll asked for meanwhile wait for it.
    private var isWaitingForText: Bool { load != nil || document.isReading }

    /// The note being edited; nil until a new note's first save creates it.
    var noteID: UUID? { document.exists ? document.noteID : nil }

    /// Called when the editor starts showing another note (or a new one is created).
    var onNoteChanged: (@MainActor (UUID?) -> Void)?
    /// Called with the window title whenever it should change.
    var onTitleChange: (@MainActor (String) -> Void)?
    /// Called when the note or the cursor changed (what a restoration activity records).
    var onStateChange: (@MainActor () -> Void)?
    /// Called when the note shown went to the trash or was deleted (from any window).
    var onNoteRemoved: (@MainActor () -> Void)?
    /// Called when saving starts or stops failing, or the document has a notice.
    var onSaveStateChange: (@MainActor () -> Void)?
    /// Called on Ctrl+click on a `quire://note/…` link, with its note.
    var onOpenNoteLink: (@MainActor (UUID) -> Void)?
    /// Called on Alt+Left in the text: back, where the window has somewhere to go back to.
    var onBackKey: (@MainActor () -> Void)?

    /// The editor's view, for the window to show.
    let root: Widget
    let scroller = ScrolledWindow()
    /// The widest the text gets, margins included (about a hundred characters
    /// of the interface font), however wide the window.
    static let readableWidth: Int32 = 640

    /// An editor for the note `noteID` (or a new note, if nil or gone).
    init(documents: NoteDocuments, noteID: UUID?) {
        self.documents = documents
        document = noteID.flatMap(documents.document(for:)) ?? documents.newDocument()
        // Lines stay readable in a wide window; the whole pane keeps the text's background.
        scroller.setChild(ClampScrollable(
            child: editor, maximumWidth: NoteEditor.readableWidth, tighteningThreshold: NoteEditor.readableWidth - 160))
        scroller.addCSSClass("view")
        scroller.setExpands(horizontally: true, vertically: true)
        editor.setTextMargins(18)
        editor.addCSSClass(EditorFont.cssClass)
        editor.setAccessibleLabel(localized("Note text"))
        ListEditing.attach(to: editor)
        root = scroller
        LinkOpening.attach(to: editor) { [weak self] in self?.onOpenNoteLink?($0) }
        MarkdownFormatting.attach(to: editor) { [weak self] in self?.onOpenNoteLink?($0) }
        spelling = SpellingUnderline(view: editor)
        spelling?.onLanguageChosen = { [weak self] in self?.chooseSpellingLanguage($0) }
        SpellCheckService.shared.followNoteLanguages(by: self) { [weak self] changed in
            if changed == self?.noteID { self?.showSpellingLanguage() }
        }
        scroller.onPersonScrolls { [weak self] in self?.secondScroll?.cancel() }
        // GtkSourceView moves words with Alt+Left and Alt+Right; in GNOME Alt+Left
        // goes back (to the list, in a narrow window), and no word moves by surprise.
        editor.onKeyPress { [weak self, weak editor] key in
            if let editor { KeyLatencyTrace.record(key, in: editor) }
            // A key pressed while a long note is read or goes in (a letter, Ctrl+End)
            // is for the whole note: it goes in at once, and the key takes effect on it.
            self?.document.finishReading()
            self?.load?.finishNow()
            // Ctrl+End in a long text GTK is still measuring: where GTK scrolls is a guess.
            if key.control, key.name == "End" || key.name == "KP_End" { self?.scrollAgainOnceMeasured { $0.keepCursorInView() } }
            guard key.isAltOnly, key.name == "Left" || key.name == "Right" else { return false }
            if key.name == "Left" { self?.onBackKey?() }
            return true
        }
        // Undo's history is the editor's own, so that a change another Quire
        // saved meanwhile does not wipe it out (GTK forgets its history then).
        editor.keepOwnUndoHistory()
        showText(document.currentText)
        updateEditable()
        document.attach(self)
        reportedNoteID = noteID
        showSpellingLanguage()
        changedConnection = editor.buffer.onChanged { [weak self] in self?.textChanged() }
        insertConnection = editor.buffer.onInsertText { [weak self] offset, text in
            guard let self else { return }
            typed(.insert(offset: Int(offset), text: text))
            // Text let go in the note (a row's link, words from another app): the
            // keyboard follows it, so typing goes on after it, not in the list.
            if !editor.hasFocus { _ = MainLoop.idle { [weak self] in self?.focus(); return false } }
        }
        deleteConnection = editor.buffer.onDeleteRange { [weak self] offset, length in
            self?.typed(.delete(offset: Int(offset), length: Int(length)))
        }
        editor.buffer.onUndoStep(began: { [weak self] in
            guard let self, !isMirroringStep else { return }
            document.record(.beginStep, from: self)
        }, ended: { [weak self] in
            guard let self, !isMirroringStep else { return }
            document.record(.endStep, from: self)
        })
        editor.buffer.onCursorMoved { [weak self] in
            guard let self else { return }
            if isWaitingForText && !isAppending { selectionAfterLoad = nil }  // the person moved it meanwhile
            keptSelection = editor.buffer.selectionOffsets
            onStateChange?()
        }
        editor.onFocusEnter { [weak self] in
            self?.bringBackKeptSelection()
            self?.settleSearchSelection()
        }
        storeObservation = documents.store.observe { [weak self] change, _ in
            MainActor.assumeIsolated {
                guard let self, change.noteID == self.document.noteID else { return }
                switch change {
                case .movedToTrash, .deletedPermanently: self.onNoteRemoved?()
                default: break
                }
            }
        }
    }

    /// Gives the editor the keyboard focus.
    func focus() { editor.grabFocus() }

    /// Types a key pressed elsewhere in the window into the note, as if the
    /// editor had had the focus; whether it took it.
    func take(_ key: KeyPress) -> Bool { key.forward(to: editor) }

    /// Whether the person's keys go into the editor: it has the focus, in the active window.
    var hasKeyboardFocus: Bool { editor.hasFocus }

    /// How large the text shows, in percent of the document font (one of `EditorZoom.steps`).
    var zoom = EditorZoom.normal {
        didSet {
            guard zoom != oldValue else { return }
            editor.removeCSSClass(EditorZoom.cssClass(for: oldValue))
            if zoom != EditorZoom.normal { editor.addCSSClass(EditorZoom.cssClass(for: zoom)) }
        }
    }

    /// Whether the text can be changed (notes in the trash are only shown).
    var isReadOnly = false {
        didSet { updateEditable() }
    }

    /// Lets the person type, unless the note is read-only, removed (here: one
    /// removed elsewhere takes what is typed as a new note), or not all in yet.
    func updateEditable() {
        let removed = document.isRemoved && !document.isRemovedElsewhere
        editor.isEditable = !isReadOnly && !removed && !isWaitingForText
        // A note in the trash shows no cursor to type at. Drawn clear, not turned
        // off: GTK 4.8 aborted on a blink of a cursor turned off ("blink_cb:
        // assertion failed"; a row clicked, Move to Trash, then the Trash).
        _ = NoteEditor.readOnlyStyle
        if isReadOnly { editor.addCSSClass(NoteEditor.readOnlyClass) } else { editor.removeCSSClass(NoteEditor.readOnlyClass) }
    }

    /// The style class of an editor showing a note that cannot be changed, and its rule: no cursor.
    private static let readOnlyClass = "read-only-note"
    private static let readOnlyStyle = StyleSheet(".\(readOnlyClass) text { caret-color: transparent; -gtk-secondary-caret-color: transparent; }")

    /// The cursor's character offset.
    var cursorOffset: Int32 {
        if let pending = selectionAfterLoad, isWaitingForText { return offsetAfterLoad(pending.cursor) }
        return editor.buffer.cursorOffset
    }

    /// An offset waiting for the text to be all in, as a number (-1, the end,
    /// is the whole text's length once it is read, and stays -1 until then).
    private func offsetAfterLoad(_ offset: Int32) -> Int32 {
        guard offset < 0, let load else { return offset }
        return load.characterCount
    }

    /// Moves the cursor (restoring a window's interaction state).
    func placeCursor(at offset: Int32) { select(cursor: offset, bound: offset) }

    /// The selection's far end (equal to the cursor when nothing is selected):
    /// the selection as the person left it in this window, kept even once GTK
    /// took it off screen.
    var selectionBound: Int32 {
        if let pending = selectionAfterLoad, isWaitingForText { return offsetAfterLoad(pending.bound) }
        let (insert, bound) = editor.buffer.selectionOffsets
        return insert == bound && insert == keptSelection.insert ? keptSelection.bound : bound
    }

    /// The selection as last set here, by the person or on restoring. X11 keeps
    /// one selection on the screen at a time: when another window selects text,
    /// GTK collapses this one's (its far end jumps to the cursor, the cursor
    /// stays). This window keeps it, saves it, and shows it again on focus.
    private var keptSelection: (insert: Int32, bound: Int32) = (0, 0)

    /// Shows the kept selection again if GTK collapsed it while another window had the focus.
    private func bringBackKeptSelection() {
        let (insert, bound) = editor.buffer.selectionOffsets
        guard insert == bound, insert == keptSelection.insert, keptSelection.bound != insert else { return }
        editor.buffer.select(insert: keptSelection.insert, bound: keptSelection.bound)
    }

    /// The match the search selected to show it (`revealMatch`: a note
    /// opened under a search), while it may still be the selection. Such a
    /// match is shown, not offered for typing over: the selection, drawn
    /// much as the highlight is, read as one, and a word typed after Return
    /// or Escape in the search field took the match's place. (F3 selects a
    /// match to go to it, and typing replaces that one, as in any editor.)
    private var searchSelection: Range<Int32>?

    /// Whether the selection is still the match the search selected.
    private var selectionIsSearchMatch: Bool {
        guard let match = searchSelection else { return false }
        let (cursor, bound) = (cursorOffset, selectionBound)
        return min(cursor, bound) == match.lowerBound && max(cursor, bound) == match.upperBound
    }

    /// The keyboard came into the note: a match the search selected gives way
    /// to the cursor at its start, where typing goes in before the match.
    private func settleSearchSelection() {
        defer { searchSelection = nil }
        guard let match = searchSelection, selectionIsSearchMatch else { return }
        select(cursor: match.lowerBound, bound: match.lowerBound)
    }

    /// The cursor and the selection's far end as a window keeps them: a match
    /// the search selected is kept as the cursor at its start.
    var placeToKeep: (cursor: Int32, bound: Int32) {
        if let match = searchSelection, selectionIsSearchMatch { return (match.lowerBound, match.lowerBound) }
        return (cursorOffset, selectionBound)
    }

    /// Selects from `bound` to the cursor at `cursor` (restoring a window).
    func select(cursor: Int32, bound: Int32) {
        if isWaitingForText {
            selectionAfterLoad = (cursor, bound)
        } else {
            editor.buffer.select(insert: cursor, bound: bound)
        }
    }

    /// How far the note is scrolled, in pixels (or will be, once a restored
    /// position waiting for the layout applies).
    var scrollOffset: Double { scroller.intendedVerticalOffset }

    /// Scrolls to `offset` once the note is laid out (restoring a window).
    func restoreScroll(to offset: Double) { scroller.scroll(toVerticalOffset: offset) }

    /// Scrolls so the cursor shows: now, and again once GTK has laid out the
    /// lines around it (a note just shown is measured line by line, and a
    /// scroll made before that lands short).
    func revealCursor() {
        if isWaitingForText {
            revealAfterLoad = true
            return
        }
        editor.scrollToCursor()
        scrollAgainOnceMeasured { $0.scrollToCursor() }
    }

    /// Runs `scroll` once GTK has measured the text, instead of any second scroll still waiting.
    private func scrollAgainOnceMeasured(_ scroll: @escaping @MainActor (TextView) -> Void) {
        secondScroll?.cancel()
        secondScroll = editor.onceMeasured(scroll)
    }

    /// Selects the first place the search `search` matches in the note and
    /// scrolls to it; false (and nothing changes) if it matches nowhere. While
    /// the note is still being read, that waits for its text (and says true).
    @discardableResult
    func revealMatch(of search: String) -> Bool {
        if document.isReading {
            matchAfterRead = search
            return true
        }
        guard let match = TextSearch.firstMatch(of: search, in: currentText) else { return false }
        select(cursor: Int32(clamping: match.lowerBound), bound: Int32(clamping: match.upperBound))
        searchSelection = Int32(clamping: match.lowerBound)..<Int32(clamping: match.upperBound)
        revealCursor()
        return true
    }

    /// Called when the number of the search's matches in the note changes, or
    /// which one is selected: its index from 0 (nil: none), and how many there are.
    var onSearchMatchesChanged: (@MainActor (_ current: Int?, _ count: Int) -> Void)? {
        get { searchHighlight.onMatchesChanged }
        set { searchHighlight.onMatchesChanged = newValue }
    }

    /// The search whose matches the note shows highlighted ("" for none).
    var highlightedSearch: String {
        get { searchHighlight.searchText }
        set { searchHighlight.searchText = newValue }
    }

    /// Selects the next match of the highlighted search (or the one before),
    /// going round, and scrolls to it (F3, Shift+F3); false if there is none.
    @discardableResult
    func stepToMatch(forward: Bool) -> Bool {
        document.finishReading()
        load?.finishNow()  // the next match may be in the part not in yet
        searchSelection = nil  // asked for: typing replaces it, as after Find Next in any editor
        return searchHighlight.step(forward: forward)
    }

    /// A print of the note as the window shows it, all of its text (a long
    /// note still coming in is taken in first), headed by its title, in
    /// `fontName`.
    func makePrint(fontName: String?) -> SourcePrint {
        document.finishReading()
        load?.finishNow()
        // Translators: at the foot of each printed page; %N is the page's number, %Q how many pages there are.
        return SourcePrint(editor, header: shownTitle, pageNumbers: localized("Page %N of %Q"), fontName: fontName, jobName: shownTitle,
            fileName: NoteFileName.base(for: shownTitle, fallback: localized("Untitled")))
    }

    /// The window title for the current text: "<first line> — Quire", with
    /// "(not saved)" while saving fails.
    var windowTitle: String {
        let shown = shownTitle
        let failing = document.problem?.isWorthShowing == true
        return failing ? localized("%s (not saved) — Quire", shown) : localized("%s — Quire", shown)
    }

    /// The note's title as shown ("New Note" for none), without the app's name.
    var shownTitle: String {
        let start = document.isReading ? document.startOfText
            : load.map { String($0.text.unicodeScalars.prefix(Note.titleSourceLength)) }
            ?? editor.buffer.text(prefixLength: Int32(Note.titleSourceLength))
        return ShownTitle.of(Note.title(ofBody: start))
    }

    /// Saves the current note and starts a new, empty one in this editor, with
    /// the focus; false (and nothing changes) if the note could not be saved.
    @discardableResult
    /// `category`: where the note is filed when first saved ("" for none).
    func startNewNote(in category: String = "") -> Bool {
        guard show(noteID: nil) else { return false }
        document.categoryForNewNote = category
        focus()
        return true
    }

    /// Saves the current note, then shows the note `noteID` (a new, empty one if
    /// nil or gone). If the current note cannot be saved and no other window
    /// shows it, the editor stays on it and returns false: its text is never
    /// put out of sight unsaved. A long note (of megabytes, which SQLite takes
    /// about 0.4 s to write and index) is saved on the background saver as
    /// when its window closes: the editor moves on at once, and should the
    /// save fail the document keeps the text (and a draft), tries again, and
    /// the front window says so. The keyboard focus stays where it is.
    @discardableResult
    func show(noteID: UUID?) -> Bool {
        let leftID = self.noteID, history = editor.buffer.historyToKeep, leftText = history == nil ? "" : currentText
        guard leaveDocument() else { return false }
        undoHistories.keep(history, of: leftID, text: leftText)
        attach(to: noteID.flatMap(documents.document(for:)) ?? documents.newDocument(), showingItsText: true)
        // Shown again as it was left (not still reading, nor going in a piece at a time): Undo takes up where it was.
        if load == nil, !document.isReading, let kept = undoHistories.take(for: self.noteID, text: currentText) {
            editor.buffer.giveBack(kept)
        }
        return true
    }

    /// Goes on in the note `id`, which the text shown was kept as (its note
    /// removed elsewhere). A note holding exactly the text shown takes over
    /// the editor as it is: the text is not touched, and the cursor, the
    /// scroll and Undo's history stay, so Redo after an Undo still puts back
    /// what the Undo took out. Else its text is shown with the cursor, the
    /// selection and the scroll where they were.
    @discardableResult
    func goOn(in id: UUID) -> Bool {
        let text = currentText, waiting = isWaitingForText
        let (cursor, bound, scroll) = (cursorOffset, selectionBound, scrollOffset)
        guard leaveDocument() else { return false }
        let next = documents.document(for: id) ?? documents.newDocument()
        let reload = waiting || next.isReading || next.currentText != text
        attach(to: next, showingItsText: reload)
        if reload {
            select(cursor: cursor, bound: bound)
            restoreScroll(to: scroll)
        }
        return true
    }

    /// Lets go of the note shown, saving it first (or leaving the saving to
    /// another window showing it); false, staying on it, if it cannot be saved.
    private func leaveDocument() -> Bool {
        if document.viewCount > 1 {
            document.startSaving()  // another window shows it, and goes on saving it
        } else if !document.saveBeforeLeaving() {
            onSaveStateChange?()
            return false
        }
        document.detach(self)
        return true
    }

    /// Shows the document `next` (its text, unless the editor holds it already) and tells the window.
    private func attach(to next: NoteDocument, showingItsText: Bool) {
        document = next
        if showingItsText { showText(document.currentText) }  // before attaching: this editor still shows the last note
        document.attach(self)
        if !searchHighlight.searchText.isEmpty { searchHighlight.findMatches() }
        updateEditable()
        noticesShown = document.noticeCount
        reportedNoteID = self.noteID
        languageForNewNote = nil
        showSpellingLanguage()
        onNoteChanged?(self.noteID)
        onTitleChange?(windowTitle)
        onStateChange?()
        onSaveStateChange?()
    }

    /// Saves any unsaved text now; returns whether everything is saved.
    @discardableResult
    func saveNow() -> Bool { document.saveNow() }

    /// Try Again, in the save bar: the failed save is tried now.
    func tryAgain() { document.tryAgain() }

    /// Saves any unsaved text now, or starts to (a long note, on the background saver).
    func startSaving() { document.startSaving() }

    /// Saves as the window is about to close or move on; returns whether the
    /// text is saved or on its way (if not, the window asks first, or stays).
    func saveBeforeLeaving() -> Bool { document.saveBeforeLeaving() }

    /// The window closes: saves what it can (a long note, on the background
    /// saver) and lets go of the note. Unsaved text stays with the document,
    /// which keeps trying (and keeps a draft).
    func close() {
        document.startSaving()
        document.detach(self)
        load?.cancel()
        load = nil
    }

    /// A notice from the document this window has not shown yet.
    func takeNotice() -> String? {
        guard document.noticeCount > noticesShown else { return nil }
        noticesShown = document.noticeCount
        switch document.notice {
        case .otherVersionKept(let title):
            return localized("This note was also changed in another Quire at the same time. That version was kept as a note of its own, “%s”.",
                             ShownTitle.of(title))
        case .keptAsNewNote(let title):
            return localized("This note was moved to the trash elsewhere; the text typed here since was kept as a new note, “%s”.",
                             ShownTitle.of(title))
        case nil:
            return nil
        }
    }

    // MARK: Spelling language

    /// A language chosen for a new note before its first save made it (nil: none).
    var languageForNewNote: String?

    /// Shows the spelling language chosen for the note (read again when a
    /// window on it chose another).
    private func showSpellingLanguage() {
        spelling?.noteLanguage = noteID.map { id in (try? documents.store.spellingLanguage(of: id)) ?? nil } ?? languageForNewNote
    }

    /// Keeps `language` (nil: the app's) as the note's spelling language, for
    /// every window on it; a new note's waits for its first save.
    func chooseSpellingLanguage(_ language: String?) {
        spelling?.noteLanguage = language
        guard let id = noteID else {
            languageForNewNote = language
            return
        }
        do {
            try documents.store.setSpellingLanguage(language, of: id)
        } catch {
            Log.error("could not keep the note's spelling language: \(error)")
        }
        SpellCheckService.shared.noteLanguageChanged(of: id)  // the other windows on the note read it
    }
}
