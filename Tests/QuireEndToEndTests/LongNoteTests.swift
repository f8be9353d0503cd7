import Foundation
import NoteModel
import Testing
import TestSupport

/// A note of megabytes, as a person opens, types into, quits and reopens it:
/// its text goes into the window a piece at a time, and nothing about that
/// may show in what is stored. Checked through the notes file, the drafts
/// folder and the document trace.
@Suite("A long note", .serialized)
struct LongNoteTests {
    /// A note of about `megabytes`: a title line, then numbered lines in
    /// several scripts, some ending in "\r\n", and one line far longer than a
    /// piece (so a piece must end inside a line, between two characters).
    static func longBody(megabytes: Int) -> String {
        var body = "Long note\n"
        var line = 0
        while body.utf8.count < megabytes * 1_000_000 {
            line += 1
            body += "Line \(line): café, naïve, 日本語, emoji 🙂, and plain words\(line % 7 == 0 ? "\r\n" : "\n")"
            if line == 20_000 { body += String(repeating: "é日x", count: 60_000) + "\n" }
        }
        return body + "the last line"
    }

    /// How many pieces the trace says the note went into the window as (nil: not all in yet).
    static func piecesLoaded(in messages: String) -> Int? {
        guard let line = messages.split(separator: "\n").last(where: { $0.contains(" loaded pieces=") }) else { return nil }
        return Int(line.split(separator: "=").last ?? "")
    }

    @Test("a note of megabytes goes into the window in pieces and is not saved for it; what is typed is stored with all of it, and a relaunch puts the cursor back once the note is in")
    func typeAndReopen() throws {
        let session = try QuireSession()
        let body = Self.longBody(megabytes: 3)
        let note = try NoteStore(path: session.notesPath).createNote(body: body)
        try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
        var window = try session.waitForWindow(matching: "^Long note — Quire$")
        #expect(eventually(within: 20) { Self.piecesLoaded(in: session.messages) != nil }, "the whole note goes in")
        #expect(Self.order(of: [" reading bytes=\(body.utf8.count)", " read revision=\(note.revision)", " load bytes="], in: session.messages),
                "read off the main thread first: \(session.messages.suffix(800))")
        #expect((Self.piecesLoaded(in: session.messages) ?? 0) >= 10, "in pieces of about 256 KiB: \(session.messages.suffix(500))")
        #expect(try session.storedNotes().first?.revision == note.revision, "opening a note saves nothing")

        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" and more", into: window)
        #expect(session.stores(body + " and more", within: 20), "typed after the whole note, nothing of it lost")
        #expect(session.messages.contains(" read edited=9 of="),
                "of a note this long, its autosave reads again only what was typed: \(session.messages.suffix(800))")
        #expect(!session.messages.contains(" read=pieces"), "nor a piece at a time")
        try session.desktop.xdotool("key", "ctrl+Home")
        try session.desktop.type("A", into: window)
        #expect(session.stores("A" + body + " and more", within: 20))
        #expect(try session.stop() == 0)

        // Restored, the cursor waits for the note to be in, then goes back after the "A".
        try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
        window = try session.waitForWindow(matching: "^ALong note — Quire$")
        #expect(eventually(within: 20) { Self.piecesLoaded(in: session.messages) != nil })
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.type("B", into: window)
        #expect(session.stores("AB" + body + " and more", within: 20))
        #expect(try session.stop() == 0)
        #expect(session.drafts().isEmpty)
    }

    /// Launches onto a stored note of 3 MB, tracing its document; returns its
    /// body and the window, once the note is all in.
    static func launchOnLongNote(_ session: QuireSession) throws -> (body: String, window: String) {
        let body = longBody(megabytes: 3)
        _ = try NoteStore(path: session.notesPath).createNote(body: body)
        try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
        let window = try session.waitForWindow(matching: "^Long note — Quire$")
        #expect(eventually(within: 20) { piecesLoaded(in: session.messages) != nil }, "the whole note goes in")
        return (body, window)
    }

    /// Launches onto a stored note of 3 MB, has another program take the
    /// notes' write lock, and types `typed` at the note's end; returns the
    /// note's body, its window and the lock, held until the test lets go.
    static func typeUnderTheLock(_ typed: String, in session: QuireSession) throws
        -> (body: String, window: String, lock: HeldNotesLock) {
        let (body, window) = try launchOnLongNote(session)
        let lock = try session.holdNotesLock()
        #expect(lock.taken, "the lock is taken: \(lock.holder.standardError)")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(typed, into: window)
        return (body, window, lock)
    }

    /// Launches onto a stored note of 3 MB and opens it in its own window
    /// too; returns its body, the main window and the note's own window, once
    /// the note is in both.
    static func launchInTwoWindows(_ session: QuireSession) throws -> (body: String, main: String, own: String) {
        let (body, main) = try launchOnLongNote(session)
        try session.desktop.xdotool("windowfocus", "--sync", main)
        try session.desktop.xdotool("key", "ctrl+shift+o")  // Open in New Window
        #expect(eventually(within: 15) { session.windowIDs().count == 2 })
        let own = try #require(session.windowIDs().first { $0 != main })
        #expect(eventually(within: 20) { session.messages.components(separatedBy: " loaded pieces=").count == 3 },
                "the note's own window puts it in a piece at a time too")
        return (body, main, own)
    }

    @Test("the long note in two windows: typing in both while its autosaves read it a piece at a time stores every word, and each window shows the other's")
    func twoWindows() throws {
        let session = try QuireSession()
        let (body, main, own) = try Self.launchInTwoWindows(session)

        try session.desktop.xdotool("windowfocus", "--sync", main)
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" first", into: main)
        // Straight on, while the first window's autosave may be reading the text in
        // pieces: an edit before what it read sends it back, one after it is read with it.
        try session.desktop.xdotool("windowfocus", "--sync", own)
        try session.desktop.xdotool("key", "ctrl+Home")
        try session.desktop.type("Second ", into: own)
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" last", into: own)
        let expected = "Second " + body + " first last"
        #expect(session.stores(expected, within: 20), "every word typed in either window, with all of the note")
        #expect(session.messages.contains(" read=pieces"), "\(session.messages.suffix(800))")
        #expect(eventually(within: 10) {
            ((try? session.desktop.xdotool("search", "--onlyvisible", "--name", "^Second Long note — Quire$")) ?? "")
                .split(separator: "\n").count == 2
        }, "both windows show the other's typing")
        #expect(try session.stop() == 0)
        #expect(try session.storedNotes().map(\.body) == [expected])
        #expect(session.drafts().isEmpty)
    }

    /// Whether each of `needles` is in `messages`, each after the one before.
    static func order(of needles: [String], in messages: String) -> Bool {
        var rest = messages[...]
        for needle in needles {
            guard let found = rest.range(of: needle) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    @Test("a long note a search finds is read off the main thread and, once in, shows its match; the window keeps its place there")
    func openedBySearch() throws {
        let session = try QuireSession()
        let body = Self.longBody(megabytes: 3) + "\nzebrafish at the end"
        let store = try NoteStore(path: session.notesPath)
        try store.createNote(body: body, at: Date(timeIntervalSinceNow: -60))
        try store.createNote(body: "Short note\nof a few words")
        try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
        let window = try session.waitForWindow(matching: "^Short note — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("zebrafish", into: window)
        _ = try session.waitForWindow(matching: "^Long note — Quire$")
        #expect(eventually(within: 20) { Self.piecesLoaded(in: session.messages) != nil }, "the whole note goes in")
        #expect(Self.order(of: [" reading bytes=", " read revision=1", " load bytes="], in: session.messages),
                "\(session.messages.suffix(800))")
        #expect(try session.stop() == 0)
        #expect(try session.allBodies().sorted() == [body, "Short note\nof a few words"].sorted(), "opening it saved nothing")

        // The window kept its place at the match, at the end of the whole note: the
        // cursor at its start (a match shown is not kept selected, to be typed over).
        let info = try session.savedUserInfo()
        let cursor = try #require((info["cursor"] as? [String: Any])?["integer"] as? Int)
        let bound = (info["selectionBound"] as? [String: Any])?["integer"] as? Int ?? cursor
        let match = body.unicodeScalars.count - "zebrafish at the end".unicodeScalars.count
        #expect(cursor == match && bound == cursor, "cursor \(cursor), bound \(bound), match at \(match)")
    }

    @Test("moving off a long note, to a new note and to another long note a search finds, takes its text out a piece at a time and loses nothing of any of them")
    func moveOff() throws {
        let session = try QuireSession()
        let first = Self.longBody(megabytes: 4)
        let other = "Other " + Self.longBody(megabytes: 4) + "\nzebrafish at the end"
        let store = try NoteStore(path: session.notesPath)
        try store.createNote(body: other, at: Date(timeIntervalSinceNow: -60))
        try store.createNote(body: first)
        try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
        let window = try session.waitForWindow(matching: "^Long note — Quire$")
        #expect(eventually(within: 20) { Self.piecesLoaded(in: session.messages) != nil })
        try session.desktop.xdotool("windowfocus", "--sync", window)

        // To another long note, still to be read when the editor moves to it.
        try session.desktop.xdotool("key", "ctrl+f")
        try session.desktop.type("zebrafish", into: window)
        _ = try session.waitForWindow(matching: "^Other Long note — Quire$")
        #expect(eventually(within: 20) {
            Self.order(of: [" empty characters=", " load bytes=", " loaded pieces="], in: session.messages)
        }, "emptied while the other note was read, then that note went in: \(session.messages.suffix(800))")
        #expect(session.messages.components(separatedBy: " reading bytes=").count == 3, "each long note read once")

        // To a new note: the long one goes out first, and the new note's typing is all stored.
        try session.desktop.xdotool("key", "Escape", "ctrl+n")
        _ = try session.waitForWindow(matching: "^New Note — Quire$")
        #expect(eventually(within: 20) { session.messages.components(separatedBy: " empty characters=").count == 3 },
                "each move off a long note empties the editor once")
        try session.desktop.type("short one", into: window)
        _ = try session.waitForWindow(matching: "^short one — Quire$")
        #expect(eventually(within: 20) { (try? session.allBodies().contains("short one")) == true })
        #expect(try session.stop() == 0)
        #expect(try session.allBodies().sorted() == [first, other, "short one"].sorted(), "nothing of any note lost or changed")
        #expect(session.drafts().isEmpty)
    }

    /// Launches onto a note of `megabytes` and quits as soon as the trace says
    /// `marker`; checks the note is stored as it was, with nothing kept aside,
    /// and returns its body and what the quit process printed.
    static func quit(at marker: String, megabytes: Int, in session: QuireSession) throws -> (body: String, messages: String) {
        let body = longBody(megabytes: megabytes)
        let note = try NoteStore(path: session.notesPath).createNote(body: body)
        try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
        #expect(eventually(within: 20) { session.messages.contains(marker) })
        let child = try #require(session.process)
        #expect(try session.stop() == 0)
        let stored = try #require(try session.storedNotes().first)
        #expect(stored.revision == note.revision && stored.body == body, "the note is as it was")
        #expect(session.drafts().isEmpty, "and nothing was kept aside for it")
        return (body, child.standardError)
    }

    /// Relaunches onto the note `body` and types where the restored cursor is, which must be its end.
    static func typeAtRestoredEnd(of body: String, in session: QuireSession) throws {
        try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
        let window = try session.waitForWindow(matching: "^Long note — Quire$")
        #expect(eventually(within: 30) { piecesLoaded(in: session.messages) != nil })
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.type("!", into: window)
        #expect(session.stores(body + "!", within: 30), "typed where the cursor was restored: the end")
        #expect(try session.stop() == 0)
    }

    @Test("quitting while a long note is still going in stores nothing over it, and the next launch brings the window back with the cursor where it was")
    func quitWhileLoading() throws {
        let session = try QuireSession()
        let (body, messages) = try Self.quit(at: " load bytes=", megabytes: 10, in: session)
        #expect(Self.piecesLoaded(in: messages) == nil, "it quit before the last piece was in: \(messages.suffix(800))")
        try Self.typeAtRestoredEnd(of: body, in: session)
    }

    @Test("quitting as soon as a long note starts being read off the main thread stores nothing over it and keeps the cursor at its end")
    func quitWhileReading() throws {
        let session = try QuireSession()
        let (body, messages) = try Self.quit(at: " reading bytes=", megabytes: 40, in: session)
        // Quit before the text was read, the window recorded "the end" as -1; after, as the note's length.
        let cursor = (try session.savedUserInfo()["cursor"] as? [String: Any])?["integer"] as? Int
        #expect(cursor == -1 || cursor == body.unicodeScalars.count, "the cursor recorded: \(String(describing: cursor)); \(messages.suffix(600))")
        try Self.typeAtRestoredEnd(of: body, in: session)
    }

    @Test("keys pressed as soon as a long note shows are not lost: the rest of the note goes in at once and they take effect on all of it")
    func typeAtOnce() throws {
        let session = try QuireSession()
        let body = Self.longBody(megabytes: 10)
        try NoteStore(path: session.notesPath).createNote(body: body)
        try session.launch(environment: ["QUIRE_TRACE_DOCUMENTS": "1"])
        let window = try session.waitForWindow(matching: "^Long note — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "ctrl+End", "Z", "ctrl+Home", "Y")
        #expect(session.stores("Y" + body + "Z", within: 20), "both keys took effect, at the two ends of the whole note")
        #expect(try session.stop() == 0)
    }
}
