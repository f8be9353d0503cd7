import Foundation
import NoteModel
import Testing
import TestSupport

/// The formatting keys and the editor's right-click menu, as a person uses
/// them: by keys alone, and with the mouse.
@Suite("Formatting keys and the right-click menu, end to end", .serialized)
struct FormattingTests {
    @Test("Ctrl+B, Ctrl+I, Shift+Ctrl+X, Ctrl+E and Ctrl+K mark the word at the cursor or the selection, each one Undo step; again takes the marks off (a whole marked phrase's, from one word of it), or, at the end of the marked text, steps out of it and back in; Ctrl+K on a link selects its address")
    func keys() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Plan\nbuy milk", into: window)
        #expect(session.stores("Plan\nbuy milk"))
        try session.desktop.xdotool("key", "ctrl+b")  // the cursor ends the word "milk"
        #expect(session.stores("Plan\nbuy **milk**"))
        try session.desktop.xdotool("key", "Left", "ctrl+b")  // the cursor in the word, not selecting it
        #expect(session.stores("Plan\nbuy milk"), "again takes the marks off")
        try session.desktop.xdotool("key", "End", "shift+ctrl+Left", "ctrl+i")
        #expect(session.stores("Plan\nbuy _milk_"))
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(session.stores("Plan\nbuy milk"), "one Undo step")
        for (key, expected) in [("shift+ctrl+x", "Plan\nbuy ~~milk~~"), ("ctrl+z", "Plan\nbuy milk"), ("ctrl+e", "Plan\nbuy `milk`")] {
            try session.desktop.xdotool("key", key)
            #expect(session.stores(expected), "\(key)")
        }
        try session.desktop.xdotool("key", "End", "Return")
        try session.desktop.xdotool("type", "--delay", "12", "the docs")
        try session.desktop.xdotool("key", "ctrl+k")
        try session.desktop.xdotool("type", "--delay", "12", "example.org")  // over the address, selected
        #expect(session.stores("Plan\nbuy `milk`\nthe [docs](example.org)"))
        // Bold while typing: Ctrl+B, the word, Ctrl+B again, and the typing goes on plain after it.
        try session.desktop.xdotool("key", "End", "Return")
        try session.desktop.xdotool("type", "--delay", "12", "say ")
        try session.desktop.xdotool("key", "ctrl+b")
        try session.desktop.xdotool("type", "--delay", "12", "hello")
        try session.desktop.xdotool("key", "ctrl+b")
        try session.desktop.xdotool("type", "--delay", "12", " world")
        #expect(session.stores("Plan\nbuy `milk`\nthe [docs](example.org)\nsay **hello** world"), "the word kept, in bold")
        // Ctrl+B right after the closing marks steps back in: the phrase grows, no second pair of marks.
        try session.desktop.xdotool("key", "ctrl+Left", "Left", "ctrl+b")
        try session.desktop.xdotool("type", "--delay", "12", " there")
        #expect(session.stores("Plan\nbuy `milk`\nthe [docs](example.org)\nsay **hello there** world"), "\(String(describing: try? session.storedBody()))")
        // In one word of the bold phrase, Ctrl+B takes the phrase's marks off; Ctrl+Z puts them back.
        try session.desktop.xdotool("key", "ctrl+Left", "ctrl+b")
        #expect(session.stores("Plan\nbuy `milk`\nthe [docs](example.org)\nsay hello there world"), "\(String(describing: try? session.storedBody()))")
        try session.desktop.xdotool("key", "ctrl+z")
        #expect(session.stores("Plan\nbuy `milk`\nthe [docs](example.org)\nsay **hello there** world"))
        // A link while typing: Ctrl+K, its text, Ctrl+K again selects the address to type over.
        try session.desktop.xdotool("key", "End", "Return", "ctrl+k")
        try session.desktop.xdotool("type", "--delay", "12", "site")
        try session.desktop.xdotool("key", "ctrl+k")
        try session.desktop.xdotool("type", "--delay", "12", "example.com")
        #expect(session.stores("Plan\nbuy `milk`\nthe [docs](example.org)\nsay **hello there** world\n[site](example.com)"))
        // Ctrl+K in a link's text selects its address, to type a new one over it.
        try session.desktop.xdotool("key", "Home", "Right", "Right", "ctrl+k")
        try session.desktop.xdotool("type", "--delay", "12", "example.net")
        #expect(session.stores("Plan\nbuy `milk`\nthe [docs](example.org)\nsay **hello there** world\n[site](example.net)"),
                "\(String(describing: try? session.storedBody()))")
        session.keepScreenshot(named: "formatting-keys")
        #expect(try session.stop() == 0)
    }

    @Test("the right-click menu's Italic marks the word clicked on, and its Open Link opens the note a link leads to")
    func rightClickMenu() throws {
        let session = try QuireSession()
        let store = try NoteStore(path: session.notesPath)
        let target = try store.createNote(body: "Groceries\nmilk", at: Date().addingTimeInterval(-60))
        try store.createNote(body: "Plans\nfirst\nbuy [the groceries](quire://note/\(target.id.uuidString.lowercased()))")
        try session.launch()
        let window = try session.waitForWindow(matching: "^Plans — Quire$")
        _ = try session.focus(window)
        let link = try #require(
            session.awaitedBox(of: MarkdownTests.linkBlue, in: window, left: MarkdownTests.notePane, shot: "menu-link"),
            "the link's text is drawn in blue")
        // Italic on the word "first", on the line above the link's (which wraps), by the mouse: the right-click there, then the menu item.
        let before = try #require(try session.storedNotes().first { $0.title == "Plans" }).body
        for _ in 0..<3 {
            try session.desktop.xdotool("mousemove", "--window", window, "\(link.x - 30)", "\(link.y + link.height / 2 - 18)")
            try session.desktop.xdotool("click", "1")  // the cursor into the word
            guard try session.popUp({ try session.desktop.xdotool("click", "3") }, seconds: 3) else { continue }
            // Not on a link: Open Link is greyed out, and the keys pass over it.
            try session.desktop.xdotool("key", "Up", "Up", "Return")
            if eventually(within: 5, { ((try? session.storedNotes()) ?? []).contains { $0.body.contains("\n_first_\n") } }) { break }
        }
        #expect(((try? session.storedNotes()) ?? []).contains { $0.body == before.replacingOccurrences(of: "\nfirst", with: "\n_first_") })
        session.keepScreenshot(named: "formatting-menu")
        // The menu's last items: Bold, Italic, Link, Open Link (on a link, open to the keys).
        var opened = false
        for _ in 0..<3 where !opened {
            try session.desktop.xdotool("mousemove", "--window", window, "\(link.x + link.width / 2)", "\(link.y + link.height / 2)")
            guard try session.popUp({ try session.desktop.xdotool("click", "3") }, seconds: 3) else { continue }
            try session.desktop.xdotool("key", "Up", "Return")
            opened = eventually(within: 5) {
                session.lifecycle.contains { $0.callback == "scene(_:willConnectTo:options:)" && $0.configuration == "Note Editor" }
            }
        }
        #expect(opened, "Open Link opened the linked note's window")
        #expect(eventually(within: 5) { session.desktop.windowTitles(matching: " — Quire$").sorted() == ["Groceries — Quire", "Plans — Quire"] })

        #expect(try session.stop() == 0)
    }
}
