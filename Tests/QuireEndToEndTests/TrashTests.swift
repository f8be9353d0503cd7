import Foundation
import NoteModel
import Testing
import TestSupport

/// Moving a note to the trash, from the keyboard, and taking it back with Undo.
@Suite("Trash, end to end", .serialized)
struct TrashTests {
    /// Quire with two notes, "Keeper" and "Old draft", the second moved to the
    /// trash (Alt+Delete); the main window, and the store as another process reads it.
    private func keeperAndTrashedDraft(accessibility: Bool = false) throws -> (session: QuireSession, window: String, store: NoteStore) {
        let session = try QuireSession(accessibility: accessibility)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["Keeper", "Old draft"], into: window)
        try session.desktop.xdotool("key", "alt+Delete")
        let store = try NoteStore(path: session.notesPath)
        #expect(eventually(within: 5) { (try? store.trashedNotes().map(\.title)) == ["Old draft"] })
        return (session, window, store)
    }

    /// `keeperAndTrashedDraft`, then "Second draft" written and trashed too, and the
    /// window showing the trash (newest first: "Second draft", then "Old draft").
    private func twoDraftsInTheTrashView() throws -> (session: QuireSession, window: String, store: NoteStore) {
        let (session, window, store) = try keeperAndTrashedDraft(accessibility: true)
        try session.desktop.xdotool("key", "ctrl+n")
        try session.desktop.type("Second draft", into: window)
        _ = try session.waitForWindow(matching: "^Second draft — Quire$")
        try session.desktop.xdotool("key", "alt+Delete")
        #expect(eventually(within: 5) { (try? store.trashedNotes().count) == 2 })
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^Second draft — Trash — Quire$")
        return (session, window, store)
    }

    @Test("Move to Trash closes the note's own window, moves the main window on, and Undo brings the note back")
    func trashAndUndo() throws {
        let session = try QuireSession()
        try session.launch()
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["Older note", "Shopping list"], into: main)
        #expect(try session.storedNotes().map(\.title) == ["Shopping list", "Older note"])

        try session.desktop.xdotool("key", "ctrl+shift+o")
        _ = try session.focusNewWindow(besides: [main])
        let noteWindow = try #require(session.lifecycle.last { $0.callback == "scene(_:willConnectTo:options:)" }?.session)
        _ = try session.focus(main)
        try session.desktop.xdotool("key", "alt+Delete")

        session.waitForTrace { $0.contains { $0.callback == "application(_:didDiscardSceneSessions:)" } }
        #expect(session.lifecycle.first { $0.callback == "application(_:didDiscardSceneSessions:)" }?.sessions == [noteWindow],
                "the note's own window closed and its session was discarded")
        _ = try session.waitForWindow(matching: "^Older note — Quire$")
        #expect(session.windowIDs().count == 1)
        let store = try NoteStore(path: session.notesPath)
        #expect(try store.trashedNotes().map(\.title) == ["Shopping list"])
        session.keepScreenshot(named: "trash-banner")

        try session.desktop.xdotool("key", "alt+u")  // Undo, by its mnemonic
        _ = try session.waitForWindow(matching: "^Shopping list — Quire$")
        #expect(try store.trashedNotes().isEmpty)
        #expect(Set(try store.allNotes().map(\.title)) == ["Shopping list", "Older note"])
        #expect(try session.stop() == 0)
    }

    @Test("a row clicked, Move to Trash, then the Trash: Quire goes on running, and the note there shows no cursor even when clicked into")
    func trashWithTheKeyboardInTheList() throws {
        let session = try QuireSession()
        let store = try NoteStore(path: session.notesPath)
        let now = Date()
        try store.createNote(body: "Older", at: now.addingTimeInterval(-60))
        try store.createNote(body: "Newer", at: now)
        try session.launch()
        let window = try session.waitForWindow(matching: "^Newer — Quire$")
        try session.desktop.xdotool("mousemove", "--window", window, "\(QuireSession.secondRow.x)", "\(QuireSession.secondRow.y)", "click", "1")
        _ = try session.waitForWindow(matching: "^Older — Quire$")
        try session.desktop.xdotool("key", "alt+Delete")
        #expect(eventually(within: 5) { (try? store.trashedNotes().map(\.title)) == ["Older"] })
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^Older — Trash — Quire$")
        // Into the note's text, and long enough for the cursor to have blinked a few times (GTK 4.8
        // aborted on a blink of the cursor Quire had turned off).
        try session.desktop.xdotool("mousemove", "--window", window, "500", "80", "click", "1")
        let blinks = try session.settledInk(in: window, left: MarkdownTests.notePane, shot: "trash-clicked")
        #expect(try session.settledInk(in: window, left: MarkdownTests.notePane, shot: "trash-clicked-later") == blinks, "no cursor blinks")
        #expect(session.process?.isRunning == true, "\(session.messages.suffix(500))")
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^Newer — Quire$")
        #expect(try session.stop() == 0)
    }

    @Test("the Trash opened over a search that matches nothing there shows no note; once the search ends, it shows the trash's first note")
    func trashOverASearch() throws {
        let (session, window, store) = try keeperAndTrashedDraft()
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("keeper", into: window)
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^Trash — Quire$")
        try session.desktop.xdotool("key", "ctrl+f", "Escape")  // ends the search
        _ = try session.waitForWindow(matching: "^Old draft — Trash — Quire$")
        try session.desktop.xdotool("key", "alt+r")  // Restore: the note shown, selected
        #expect(eventually(within: 5) { (try? store.trashedNotes().isEmpty) == true }, "Restore acted on the note shown")
        #expect(try session.stop() == 0)
    }

    @Test("the Trash view restores a note, and Empty Trash asks first and deletes for good")
    func trashView() throws {
        let (session, window, store) = try keeperAndTrashedDraft()

        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+t")  // the Trash toggle
        _ = try session.waitForWindow(matching: "^Old draft — Trash — Quire$")
        session.keepScreenshot(named: "trash-view")
        try session.desktop.xdotool("key", "alt+r")  // Restore
        #expect(eventually(within: 5) { (try? store.trashedNotes().isEmpty) == true })
        #expect(Set(try store.allNotes().map(\.title)) == ["Keeper", "Old draft"])

        try session.desktop.xdotool("key", "alt+t")  // back to the notes
        _ = try session.waitForWindow(matching: "^Old draft — Quire$")
        try session.desktop.xdotool("key", "alt+Delete")
        #expect(eventually(within: 5) { (try? store.trashedNotes().count) == 1 })
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+t")

        // Empty Trash asks first; Cancel has the focus, so Return keeps everything.
        try session.desktop.xdotool("key", "alt+e")
        let dialog = try session.waitForWindow(matching: "^Empty the Trash\\?$")
        try session.desktop.xdotool("windowfocus", "--sync", dialog)
        try session.desktop.xdotool("key", "Return")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^Empty the Trash").isEmpty })
        #expect(try store.trashedNotes().count == 1, "cancelled: nothing deleted")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.answerDialog(matching: "^Empty the Trash\\?$", openedBy: "alt+e", with: "Escape")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^Empty the Trash").isEmpty }, "Escape closed it")
        #expect(try store.trashedNotes().count == 1, "Escape cancels: nothing deleted")

        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+e")
        let again = try session.waitForWindow(matching: "^Empty the Trash\\?$")
        try session.desktop.xdotool("windowfocus", "--sync", again)
        try session.desktop.xdotool("key", "alt+e")  // the dialog's Empty Trash
        #expect(eventually(within: 5) { (try? store.trashedNotes().isEmpty) == true })
        #expect(try store.allNotes().map(\.title) == ["Keeper"], "the trashed note is gone for good")
        #expect(try session.stop() == 0)
    }

    @Test("a toast showing as the Trash opens moves up above Restore, Delete Forever and Empty Trash, so a click reaches them; back in the notes, the toast goes down again")
    func toastClearsTrashButtons() throws {
        let (session, window, store) = try keeperAndTrashedDraft(accessibility: true)
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+t")  // the trashing's toast still showing
        _ = try session.waitForWindow(matching: "^Old draft — Trash — Quire$")
        let tree = try AccessibilityTree(desktop: session.desktop)
        let button = { (name: String) in ((try? tree.elements()) ?? []).first { $0.name == name && $0.role == "button" }?.frame }
        var (undo, delete) = (button("Undo"), button("Delete Forever"))
        #expect(eventually(within: 5) {
            (undo, delete) = (button("Undo"), button("Delete Forever"))
            guard let undo, let delete else { return false }
            return undo.y + undo.height < delete.y
        }, "the toast's Undo \(String(describing: undo)) above Delete Forever \(String(describing: delete))")
        session.keepScreenshot(named: "trash-toast-above-buttons")

        // A click in the middle of Delete Forever, where the toast used to be, deletes the note.
        let target = try #require(delete)
        try session.desktop.xdotool(
            "mousemove", "--window", window, "\(target.x + target.width / 2)", "\(target.y + target.height / 2)", "click", "1")
        #expect(eventually(within: 5) { (try? store.trashedNotes().isEmpty) == true }, "Delete Forever reached")

        // Its own toast (deleted, Undo) shows above the buttons too, and goes down with them out of sight.
        _ = try session.waitForWindow(matching: "^Trash — Quire$")
        let lifted = try #require(tree.elements(once: { $0.name == "Undo" && $0.role == "button" }).first { $0.name == "Undo" }?.frame)
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^Keeper — Quire$")
        var lowered = button("Undo")
        #expect(eventually(within: 5) {
            lowered = button("Undo")
            return (lowered?.y ?? 0) > lifted.y + lifted.height
        }, "the toast at the bottom again: \(String(describing: lowered)), above the buttons it was \(lifted)")
        #expect(try session.stop() == 0)
    }

    @Test("Ctrl+Delete in the editor deletes the next word, as in any text view; Delete in the list moves the note to the trash")
    func deleteKeys() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["Older note", "Shopping list eggs"], into: window)
        try session.desktop.xdotool("key", "ctrl+Home")
        try session.desktop.xdotool("key", "ctrl+Delete")
        #expect(eventually(within: 5) { (try? session.storedNotes().first?.body) == " list eggs" },
                "the first word is gone: \((try? session.storedNotes().map(\.body)) ?? [])")
        #expect(try NoteStore(path: session.notesPath).trashedNotes().isEmpty, "nothing went to the trash")

        try session.desktop.xdotool("key", "ctrl+f", "Tab")  // from the search field on to the list, at the note shown
        try session.desktop.xdotool("key", "Delete")
        let store = try NoteStore(path: session.notesPath)
        #expect(eventually(within: 5) { (try? store.trashedNotes().map(\.body)) == [" list eggs"] })
        _ = try session.waitForWindow(matching: "^Older note — Quire$")
        #expect(try session.stop() == 0)
    }

    @Test("Ctrl+Z in the list undoes Delete there, as the toast's Undo does; in the search field it is the field's own")
    func controlZInTheList() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["Older note", "Shopping list"], into: window)
        let store = try NoteStore(path: session.notesPath)
        try session.desktop.xdotool("key", "ctrl+f", "Tab")  // from the search field on to the list, at the note shown
        try session.desktop.xdotool("key", "Delete")
        #expect(eventually(within: 5) { (try? store.trashedNotes().map(\.body)) == ["Shopping list"] })
        _ = try session.waitForWindow(matching: "^Older note — Quire$")
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(eventually(within: 5) { (try? store.trashedNotes().isEmpty) == true }, "Ctrl+Z in the list took it out of the trash")
        #expect(Set(try store.allNotes().map(\.body)) == ["Older note", "Shopping list"])

        // In the search field, Ctrl+Z is the field's own: the note trashed stays in the trash.
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("list", into: window)
        try session.desktop.xdotool("key", "Tab", "Delete")  // the result, trashed from the list
        #expect(eventually(within: 5) { (try? store.trashedNotes().map(\.body)) == ["Shopping list"] })
        try session.desktop.xdotool("key", "ctrl+f", "ctrl+z")
        #expect(!eventually(within: 2) { (try? store.trashedNotes().isEmpty) == true }, "the search field's Ctrl+Z is its own")
        #expect(try session.stop() == 0)
    }

    @Test("Delete pressed again and again in the list trashes one note after another, the keyboard staying in the list")
    func deleteRepeatedly() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["First note", "Second note", "Third note", "Fourth note"], into: window)
        try session.desktop.xdotool("key", "ctrl+f", "Tab")  // on to the list, at the note shown (the newest)
        let store = try NoteStore(path: session.notesPath)
        for count in 1...3 {
            try session.desktop.xdotool("key", "Delete")
            #expect(eventually(within: 5) { (try? store.trashedNotes().count) == count },
                    "Delete number \(count) trashed a note: \((try? store.trashedNotes().map(\.body)) ?? [])")
        }
        #expect(try session.storedNotes().map(\.body) == ["First note"], "one note is left")
        #expect(try session.stop() == 0)
    }

    @Test("a note trashed by another program while its row has the keyboard: the keyboard stays in the list, and Delete trashes the note shown next")
    func focusedRowTrashedElsewhere() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["First note", "Second note", "Third note"], into: window)
        try session.desktop.xdotool("key", "ctrl+f", "Tab")  // on to the list, at the note shown (the newest)
        let other = try NoteStore(path: session.notesPath)
        let third = try #require(try other.allNotes().first { $0.body == "Third note" })
        try other.moveToTrash(third.id)
        _ = try session.waitForWindow(matching: "^Second note — Quire$")
        try session.desktop.xdotool("key", "Delete")
        #expect(eventually(within: 5) { (try? other.trashedNotes().count) == 2 },
                "Delete in the list trashed the note shown next: \((try? other.trashedNotes().map(\.body)) ?? [])")
        #expect(try session.storedNotes().map(\.body) == ["First note"])
        #expect(try session.stop() == 0)
    }

    @Test("Delete Forever, from its button or Delete in the trash's list, deletes at once and offers Undo in a toast, which puts the note back in the trash as it was")
    func deleteForeverUndo() throws {
        let (session, window, store) = try keeperAndTrashedDraft(accessibility: true)
        let before = try #require(try store.trashedNotes().first)
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^Old draft — Trash — Quire$")

        try session.desktop.xdotool("key", "alt+d")  // Delete Forever
        #expect(eventually(within: 5) { (try? store.trashedNotes().isEmpty) == true }, "deleted at once, no question")
        _ = try session.waitForWindow(matching: "^Trash — Quire$")
        let toastWords: Set = ["“Old draft” deleted", "Undo"]
        let tree = try AccessibilityTree(desktop: session.desktop)
        let toast = tree.elements { toastWords.contains($0.name) }.map(\.name).filter(toastWords.contains)
        #expect(Set(toast) == toastWords, "a toast says what went and offers Undo: \(toast)")
        // The trashing's toast gave way to this one: once it has slid out, one Undo is offered, this one.
        let undoButtons = { ((try? tree.elements()) ?? []).filter { $0.name == "Undo" && $0.role == "button" } }
        #expect(eventually(within: 5) { undoButtons().count == 1 }, "\(undoButtons())")
        try session.desktop.xdotool("key", "alt+u")
        _ = try session.waitForWindow(matching: "^Old draft — Trash — Quire$")  // back, and shown
        #expect(try store.trashedNotes() == [before], "back in the trash exactly as it was")
        #expect(try store.allNotes().map(\.title) == ["Keeper"])

        // The trashed note's row, once the list shows it again, clicked; Delete once it is selected.
        let row = try tree.frame(ofRow: "Old draft")
        try session.desktop.xdotool(
            "mousemove", "--window", window, "\(row.x + row.width / 2)", "\(row.y + row.height / 2)", "click", "1")
        let isSelectedRow: (AccessibilityTree.Element) -> Bool = { $0.role == "list item" && $0.name.hasPrefix("Old draft") && $0.isSelected }
        #expect(tree.elements(once: isSelectedRow).contains(where: isSelectedRow))
        try session.desktop.xdotool("key", "Delete")
        #expect(eventually(within: 5) { (try? store.trashedNotes().isEmpty) == true }, "Delete in the list deletes it too")
        Thread.sleep(forTimeInterval: 9)  // the toast and its Undo are gone
        try session.desktop.xdotool("key", "alt+u")
        Thread.sleep(forTimeInterval: 1)
        #expect(try store.trashedNotes().isEmpty, "gone for good once Undo is no longer offered")
        #expect(try store.allNotes().map(\.title) == ["Keeper"])
        #expect(try session.stop() == 0)
    }

    @Test("typing on after Move to Trash goes into the note shown, not into Undo: the trashed note keeps its text and never comes back unasked")
    func trashWhileAnotherWindowTypes() throws {
        let session = try QuireSession(windowManager: true)
        try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["Older note", "Shopping list"], into: main)
        try session.desktop.xdotool("key", "ctrl+shift+n")  // a second main window, on the same note
        let second = try session.focusNewWindow(besides: [main])
        _ = try session.focus(main)
        try session.desktop.xdotool("key", "ctrl+shift+o")
        let noteWindow = try session.focusNewWindow(besides: [main, second])
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" eggs", into: noteWindow)
        Thread.sleep(forTimeInterval: 3)
        _ = try session.focus(main)
        try session.desktop.xdotool("key", "alt+Delete")

        let store = try NoteStore(path: session.notesPath)
        #expect(eventually(within: 5) { (try? store.trashedNotes().map(\.body)) == ["Shopping list eggs"] },
                "the typing went to the trash with the note")
        let atTrashing = try #require(try store.trashedNotes().first)
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "Quire$").sorted() == ["Older note — Quire", "Older note — Quire"] },
                "both main windows moved on and the note's own window closed: \(session.desktop.windowTitles(matching: "Quire$"))")
        // Type on in each main window: it goes into the note shown, never into the trashed one.
        for window in [main, second] {
            try session.desktop.xdotool("windowfocus", "--sync", window)
            try session.desktop.xdotool("key", "ctrl+End")
            try session.desktop.type(" more", into: window)
        }
        #expect(eventually(within: 5) { (try? store.allNotes().map(\.body)) == ["Older note more more"] },
                "no note came back: \((try? store.allNotes().map(\.body)) ?? [])")
        let trashed = try #require(try store.trashedNotes().first)
        #expect(trashed.revision == atTrashing.revision && trashed.modifiedAt == atTrashing.modifiedAt,
                "nothing was saved into the trashed note: \(trashed)")
        #expect(try session.stop() == 0)
    }

    @Test("a word typed straight after Move to Trash, before the window has moved on, goes into the note shown next: never into the trashed one, never nowhere")
    func typingStraightAfterTrash() throws {
        let session = try QuireSession()
        try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["Keeper", "Old draft"], into: main)
        let store = try NoteStore(path: session.notesPath)
        let keeperBefore = try #require(try store.allNotes().first { $0.title == "Keeper" })
        // One burst of keys: the X server queues them all before Quire reads the first.
        try session.desktop.xdotool("key", "alt+Delete", "type", "--delay", "0", " quickword")

        #expect(eventually(within: 5) { (try? store.trashedNotes().map(\.body)) == ["Old draft"] })
        #expect(eventually(within: 5) { (try? store.allNotes().map(\.body))?.first?.contains("quickword") == true },
                "the word went into Keeper: \((try? store.allNotes().map(\.body)) ?? [])")
        #expect(try store.trashedNotes().map(\.body) == ["Old draft"], "nothing was typed into the trashed note")
        #expect(try store.allNotes().map(\.id) == [keeperBefore.id])
        #expect(try session.stop() == 0)
    }

    @Test("Undo brings the note back to its place in the list by date, and opens again the note's own window that closed with it")
    func undoPutsBackPlaceAndWindow() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let main = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["Oldest", "Middle", "Newest"], into: main)
        // The list follows the store a moment later: click once all three rows are in it.
        func rowNames() -> [String] {
            ((try? AccessibilityTree(desktop: session.desktop).elements()) ?? [])
                .filter { $0.role == "list item" }.map { $0.name.components(separatedBy: ",")[0] }
        }
        #expect(eventually(within: 5) { rowNames().starts(with: ["Newest", "Middle", "Oldest"]) }, "\(rowNames())")
        try session.desktop.xdotool("mousemove", "--window", main, "100", "175", "click", "1")  // the second row
        _ = try session.waitForWindow(matching: "^Middle — Quire$")
        try session.desktop.xdotool("key", "ctrl+shift+o")
        _ = try session.focusNewWindow(besides: [main])
        _ = try session.focus(main)
        try session.desktop.xdotool("key", "alt+Delete")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "Quire$") == ["Newest — Quire"] },
                "the note's own window closed: \(session.desktop.windowTitles(matching: "Quire$"))")
        let toastWords: Set = ["“Middle” moved to the trash", "Undo"]
        let toast = try AccessibilityTree(desktop: session.desktop).elements { toastWords.contains($0.name) }
            .map(\.name).filter(toastWords.contains)
        #expect(Set(toast) == toastWords, "a toast says what went and offers Undo: \(toast)")

        try session.desktop.xdotool("windowfocus", "--sync", main)
        try session.desktop.xdotool("key", "alt+u")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "Quire$") == ["Middle — Quire", "Middle — Quire"] },
                "the main window shows the note again, and its own window is back: \(session.desktop.windowTitles(matching: "Quire$"))")
        #expect(eventually(within: 5) { rowNames().starts(with: ["Newest", "Middle", "Oldest"]) },
                "the list, in order: \(rowNames())")
        #expect(try session.stop() == 0)
    }

    @Test("an empty Trash view is titled Trash, offers no buttons to press, and leaves the list's width as it was")
    func emptyTrashView() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["Keeper"], into: window)
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^Trash — Quire$")
        session.keepScreenshot(named: "trash-view-empty")
        let saying = try AccessibilityTree(desktop: session.desktop)
            .elements { $0.name == "The Trash Is Empty" }.filter { $0.name == "The Trash Is Empty" }
        #expect(!saying.isEmpty, "the list says the trash is empty")
        try session.desktop.xdotool("key", "alt+e")  // Empty Trash is insensitive: nothing to ask
        Thread.sleep(forTimeInterval: 1)
        #expect(session.desktop.windowTitles(matching: "^Empty the Trash").isEmpty, "no question about an empty trash")

        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^Keeper — Quire$")
        try session.desktop.xdotool("key", "alt+Delete")
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^Keeper — Trash — Quire$")
        try session.desktop.xdotool("key", "alt+d")  // Delete Forever
        _ = try session.waitForWindow(matching: "^Trash — Quire$")
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.xdotool("key", "ctrl+q")
        #expect(session.process?.waitForExit(seconds: 10) == 0)
        #expect(try session.savedListWidth() == 280, "the trash's buttons did not widen the list")
    }

    @Test("the Trash view says so in its title, counts the notes Empty Trash would delete, and Restore says so in a toast whose Show takes the window to the note")
    func trashViewSaysWhatItDoes() throws {
        let (session, window, store) = try twoDraftsInTheTrashView()
        session.keepScreenshot(named: "trash-view-title")

        let tree = try AccessibilityTree(desktop: session.desktop)
        try session.desktop.xdotool("key", "alt+e")
        let dialog = try session.waitForWindow(matching: "^Empty the Trash\\?$")
        let counted = "All 2 notes in the trash will be deleted for good. This cannot be undone."
        #expect(tree.elements { $0.name == counted }.contains { $0.name == counted }, "the question says how many")
        try session.desktop.xdotool("windowfocus", "--sync", dialog)
        try session.desktop.xdotool("key", "Escape")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: "^Empty the Trash").isEmpty })

        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+r")  // Restore
        #expect(eventually(within: 5) { (try? store.trashedNotes().map(\.title)) == ["Old draft"] })
        let said = "“Second draft” restored"
        #expect(tree.elements { $0.name == said }.contains { $0.name == said }, "a toast says what came back")
        _ = try session.waitForWindow(matching: "^Old draft — Trash — Quire$")  // the next in the trash
        try session.desktop.xdotool("key", "alt+s")  // the toast's Show
        _ = try session.waitForWindow(matching: "^Second draft — Quire$")
        try session.desktop.type(" again", into: window)
        #expect(eventually(within: 5) { ((try? store.allNotes().map(\.body)) ?? []).contains("Second draft again") },
                "back among the notes, with the keyboard in it")

        // A search in the Trash looks in the trash only: "draft" is in one note there, and in one outside.
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^Old draft — Trash — Quire$")
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("draft", into: window)
        #expect(tree.elements { $0.name.hasPrefix("1 note matches") }.contains { $0.name.hasPrefix("1 note matches") },
                "one note in the trash holds “draft”")
        #expect(try session.stop() == 0)
    }

    @Test("Restore in the trash ends the toast offering to undo a trashing: its own toast shows at once, even with the pointer holding the older one")
    func restoreEndsTheUndoToast() throws {
        let (session, window, store) = try keeperAndTrashedDraft(accessibility: true)
        let tree = try AccessibilityTree(desktop: session.desktop)
        let trashed = "“Old draft” moved to the trash"
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+t")
        _ = try session.waitForWindow(matching: "^Old draft — Trash — Quire$")
        let isUndo = { (element: AccessibilityTree.Element) in element.role == "button" && element.name == "Undo" && element.frame != nil }
        let shown = tree.elements(once: { isUndo($0) })
        #expect(shown.contains { $0.name == trashed })
        let toast = try #require(shown.first(where: isUndo)?.frame, "\(shown.filter { $0.role == "button" })")
        // The pointer rests on the toast's Undo (lifted over the trash's buttons), which holds the toast there.
        try session.desktop.xdotool("mousemove", "--window", window, "\(toast.x + toast.width / 2)", "\(toast.y + toast.height / 2)")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+r")  // Restore
        #expect(eventually(within: 5) { (try? store.trashedNotes().isEmpty) == true })
        let restored = "“Old draft” restored"
        var names: [String] = []
        #expect(eventually(within: 10) {
            names = ((try? tree.elements()) ?? []).map(\.name)
            return names.contains(restored) && !names.contains(trashed)
        }, "the Undo of the trashing, done already, gives way: \(names.filter { $0.contains("Old draft") })")
        #expect(try session.stop() == 0)
    }

    @Test("a row's menu in the trash offers Restore and Delete Forever, for the note right-clicked, while the window keeps the note it shows")
    func trashRowMenu() throws {
        let (session, window, store) = try twoDraftsInTheTrashView()

        // The second row, "Old draft": its menu's first item, Restore.
        let tree = try AccessibilityTree(desktop: session.desktop)
        var items: [String] = []
        #expect(try session.chooseFromRowMenu(in: window, keys: ["Return"], menuShown: {
            items = tree.elements { $0.role == "menu item" }.filter { $0.role == "menu item" }.map(\.name)
            session.keepScreenshot(named: "trash-row-menu")
        }, until: {
            eventually(within: 5) { (try? store.trashedNotes().map(\.title)) == ["Second draft"] }
        }), "Restore took the right-clicked note out of the trash")
        #expect(items.contains("Restore") && items.contains("Delete Forever"), "\(items)")
        #expect(!items.contains("Move to Trash") && !items.contains("Pin Note"), "nothing that makes no sense in the trash: \(items)")
        #expect(try store.allNotes().map(\.title).sorted() == ["Keeper", "Old draft"])
        #expect(session.desktop.windowTitles(matching: " — Quire$") == ["Second draft — Trash — Quire"], "the window keeps its note")

        // The first row, the note shown: Delete Forever, with Undo.
        #expect(try session.chooseFromRowMenu(in: window, row: (QuireSession.secondRow.x, QuireSession.secondRow.y - 54), keys: ["Down", "Return"]) {
            eventually(within: 5) { (try? store.trashedNotes().isEmpty) == true }
        }, "Delete Forever deleted it")
        let said = "“Second draft” deleted"
        #expect(!tree.elements(once: { $0.name == said }).filter { $0.name == said }.isEmpty, "a toast offers Undo")
        #expect(try store.allNotes().map(\.title).sorted() == ["Keeper", "Old draft"], "only the trashed note went")
        #expect(try session.stop() == 0)
    }

}
