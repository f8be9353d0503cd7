import Foundation
import Testing
import TestSupport

/// Markdown styled as it is typed, as a person sees it: how much ink the note
/// pane shows, and how wide, for the same words with and without their marks.
/// What is stored is always exactly what was typed.
@Suite("Markdown as you type", .serialized)
struct MarkdownTests {
    /// Where a main window's note pane starts, right of the list.
    static let notePane = 300
    /// The light style's colour for links and task boxes.
    static let linkBlue = "#1a5fb4"
    /// The dark style's colour for them.
    static let darkLinkBlue = "#78aeed"

    /// Replaces the note's whole text with `text`, typed, and waits until it is stored.
    private func retype(_ text: String, in window: String, _ session: QuireSession) throws {
        try session.desktop.xdotool("key", "ctrl+a")
        try session.desktop.type(text, into: window)
        #expect(session.stores(text), "stored as typed: \(text)")
    }

    @Test("a heading is larger, code is monospace, a checked task is dimmed; the text is stored as typed and titles drop the marks")
    func styledAsTyped() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        let pane = MarkdownTests.notePane
        try session.writeNotes(["Shopping list for the weekend"], into: window)
        let plain = try session.settledInk(in: window, left: pane, shot: "markdown-plain")
        try retype("# Shopping list for the weekend", in: window, session)
        let heading = try session.settledInk(in: window, left: pane, shot: "markdown-heading")
        #expect(Double(heading.pixels) > Double(plain.pixels) * 1.8, "a level-one heading: \(heading) against plain \(plain)")
        #expect(heading.width > plain.width, "\(heading) against \(plain)")
        _ = try session.waitForWindow(matching: "^Shopping list for the weekend — Quire$")

        try retype("iiiiiiiiiiiiiiiiiiii", in: window, session)
        let proportional = try session.settledInk(in: window, left: pane, shot: "markdown-proportional")
        try retype("`iiiiiiiiiiiiiiiiiiii`", in: window, session)
        let code = try session.settledInk(in: window, left: pane, shot: "markdown-code")
        #expect(Double(code.width) > Double(proportional.width) * 2, "monospace i's are wide: \(code) against \(proportional)")

        try retype("- [ ] buy milk and bread", in: window, session)
        let open = try session.settledInk(in: window, left: pane, shot: "markdown-task-open")
        try retype("- [x] buy milk and bread", in: window, session)
        let done = try session.settledInk(in: window, left: pane, shot: "markdown-task-done")
        #expect(Double(done.pixels) < Double(open.pixels) * 0.6, "a checked item is dimmed: \(done) against \(open)")
        _ = try session.waitForWindow(matching: "^buy milk and bread — Quire$")
        #expect(try session.stop() == 0)
    }

    @Test("an empty note shows the cursor in GNOME's colour before any scheme is read; typed text and the cursor keep their colours, dark and light")
    func textAndCursorColours() throws {
        let session = try QuireSession()
        let portal = try SettingsPortalStandIn.startPreferringDark(environment: session.environment(), directory: session.desktop.directory.path)
        defer { portal.send(SIGTERM); _ = portal.waitForExit(seconds: 5) }
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        func count(_ color: String, _ shot: String) -> Int { exactPixels(of: color, in: window, session, shot: shot) }
        // The cursor blinks: each colour is looked for until a screenshot shows it.
        #expect(eventually(within: 5) { count("#c0bfbc", "colours-empty-dark") > 10 }, "the empty note's cursor, in the dark colour")
        try session.desktop.type("Plans for the weekend", into: window)
        #expect(session.stores("Plans for the weekend"))
        // Glyphs show their colour itself only at their cores: a few pixels a letter.
        #expect(eventually(within: 5) { count("#c0bfbc", "colours-text-dark") > 50 }, "the text in the dark colour")
        portal.send(SIGUSR1)  // the person switches to light
        #expect(eventually(within: 5) { count("#504e55", "colours-text-light") > 50 }, "the text in the light colour")
        #expect(eventually(within: 5) { count("#77767b", "colours-cursor-light") > 10 }, "the cursor in its light colour")
        #expect(try session.stop() == 0)

        // Light from the start: an empty note's cursor, before any text had the schemes read.
        let light = try QuireSession()
        try light.launch()
        let lightWindow = try light.waitForWindow(matching: "^New Note — Quire$")
        #expect(eventually(within: 5) { exactPixels(of: "#77767b", in: lightWindow, light, shot: "colours-empty-light") > 10 },
                "the empty note's cursor, in the light colour")
        #expect(try light.stop() == 0)
    }

    /// The note pane's pixels in `color` (-1 if no screenshot could be read). A
    /// tight fuzz: the cursor and the glyphs' cores are drawn in the colour itself.
    private func exactPixels(of color: String, in window: String, _ session: QuireSession, shot: String) -> Int {
        (try? session.pixels(of: color, fuzz: "1%", in: window, left: MarkdownTests.notePane, shot: shot)) ?? -1
    }

    @Test("in the dark style Markdown has the dark scheme's colours, and takes the light one's the moment the person switches")
    func darkStyle() throws {
        try onDarkDesktop(typing: "Packing\n- [ ] the tent, see https://example.org/tents") { session, portal, window throws in
            // A tight fuzz: the light blue's antialiased edges come near the dark one's blue.
            func blue(_ color: String, _ shot: String) -> Int {
                (try? session.pixels(of: color, fuzz: "4%", in: window, left: MarkdownTests.notePane, shot: shot)) ?? -1
            }
            #expect(eventually(within: 5) { blue(MarkdownTests.darkLinkBlue, "markdown-dark") > 50 }, "the box and the address in the dark scheme's blue")
            #expect(blue(MarkdownTests.linkBlue, "markdown-dark") == 0, "nothing in the light scheme's blue")

            portal.send(SIGUSR1)  // the person switches to light
            #expect(eventually(within: 5) { blue(MarkdownTests.linkBlue, "markdown-light") > 50 }, "the light scheme's blue, at once")
            #expect(blue(MarkdownTests.darkLinkBlue, "markdown-light") == 0)
            #expect(try session.stop() == 0)
        }
    }

    @Test("a window wider than the text column shows the note on one background, in the dark style and the light")
    func oneBackground() throws {
        try onDarkDesktop(typing: "Plans") { session, portal, window throws in
            // The note pane (1,280 less the list's 300) is far wider than the text column's 640.
            try session.desktop.xdotool("windowsize", "--sync", window, "1280", "700")
            // The pane's lower half holds no text: one colour across it, column and sides alike.
            func colours(_ shot: String) -> Int {
                guard let (path, _) = try? session.screenshot(of: window, shot: shot),
                      let geometry = try? session.desktop.geometry(of: window),
                      let count = try? session.convert([path, "-crop", "\(geometry.width - 320)x200+\(geometry.x + 310)+\(geometry.y + 400)",
                                                        "+repage", "-format", "%k", "info:"]) else { return -1 }
                return Int(count) ?? -1
            }
            #expect(eventually(within: 5) { colours("one-background-dark") == 1 }, "dark: \(colours("one-background-dark")) colours")
            portal.send(SIGUSR1)  // the person switches to light
            #expect(eventually(within: 5) { colours("one-background-light") == 1 }, "light: \(colours("one-background-light")) colours")
            #expect(try session.stop() == 0)
        }
    }

    /// Quire launched with the desktop preferring dark (a settings portal
    /// stand-in, which SIGUSR1 switches to light) and `text` typed into its
    /// first window and stored; `body` gets the session, the stand-in and the window.
    private func onDarkDesktop(typing text: String, _ body: (QuireSession, ChildProcess, String) throws -> Void) throws {
        let session = try QuireSession()
        let portal = try SettingsPortalStandIn.startPreferringDark(environment: session.environment(), directory: session.desktop.directory.path)
        defer { portal.send(SIGTERM); _ = portal.waitForExit(seconds: 5) }
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type(text, into: window)
        #expect(session.stores(text), "stored as typed: \(text)")
        try body(session, portal, window)
    }
}
