import Foundation
import NoteModel
@testable import Scenes
import Testing
import TestSupport

/// Quire as a person runs it: the built `quire` on a private desktop, with its
/// own XDG folders that outlive single launches so a relaunch finds its data.
final class QuireSession {
    let desktop: PrivateDesktop
    let dataHome: String
    let stateHome: String
    private(set) var process: ChildProcess?
    /// The user the app runs as (nil: this test's own).
    let user: String?

    /// A private desktop (X11 with a `screen`-sized screen, or Wayland if `wayland`: sway's, or mutter's
    /// with `gnome`), and XDG folders in it
    /// (or `dataHome`, `stateHome` where given: a small disk to fill, say).
    init(
        windowManager: Bool = false, accessibility: Bool = false, dataHome: String? = nil, stateHome: String? = nil,
        user: String? = nil, wayland: Bool = false, gnome: Bool = false, screen: (width: Int, height: Int) = (1_280, 800)
    ) throws {
        self.user = user
        desktop = try PrivateDesktop(
            windowManager: windowManager, accessibility: accessibility, user: user, wayland: wayland, gnome: gnome, screen: screen)
        self.dataHome = dataHome ?? desktop.directory.file("data")
        self.stateHome = stateHome ?? desktop.directory.file("state")
    }

    /// The notes database the app uses.
    var notesPath: String { "\(dataHome)/io.github.quire.Quire/notes.sqlite" }

    /// The scene sessions file the app uses.
    var scenesPath: String { "\(stateHome)/io.github.quire.Quire/scenes.sqlite" }

    /// The preferences folder the app uses (and Enchant's word lists, in `enchant/`).
    var configHome: String { desktop.directory.file("config") }

    /// The environment every launch gets: the private desktop, the XDG
    /// folders, and the lifecycle trace on.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        desktop.environment(
            ["XDG_DATA_HOME": dataHome, "XDG_STATE_HOME": stateHome, "XDG_CONFIG_HOME": configHome, "SCENES_TRACE": "1"]
                .merging(extra) { _, new in new })
    }

    /// Starts `quire` with `arguments`.
    @discardableResult
    func launch(_ arguments: [String] = [], environment extra: [String: String] = [:]) throws -> ChildProcess {
        let command = [BuiltProducts.executable("quire")] + arguments
        let wrapped = user.map { PrivateDesktop.asUser($0, command) } ?? command
        let child = try ChildProcess(
            wrapped[0], Array(wrapped.dropFirst()), environment: environment(extra),
            outputDirectory: desktop.directory.path)
        process = child
        return child
    }

    /// Runs `attempt`, which launches the app and aims for a moment a busy
    /// machine may let pass, until it says it caught it, three tries at most;
    /// the app is quit between tries, unless the try quit it. Returns whether
    /// a try caught its moment, and how many tries were made.
    func retrying(_ attempt: () throws -> Bool) throws -> (caught: Bool, tries: Int) {
        for tries in 1...3 {
            if try attempt() { return (true, tries) }
            if tries < 3, process?.isRunning == true { #expect(try stop() == 0) }
        }
        return (false, 3)
    }

    /// Another program takes the notes file's write lock, and keeps it until
    /// the test lets go; then it makes the change `sql`, if given, and commits.
    func holdNotesLock(thenRunning sql: String = "") throws -> HeldNotesLock {
        try HeldNotesLock(notesPath: notesPath, desktop: desktop, environment: environment(), thenRunning: sql)
    }

    /// Runs a second `quire` with `arguments`, as a person would from a terminal
    /// while the app runs; it hands its request to the running one and exits.
    func runSecond(_ arguments: [String]) throws -> (status: Int32?, output: String, error: String) {
        try ChildProcess.run(
            BuiltProducts.executable("quire"), arguments, environment: environment(),
            outputDirectory: desktop.directory.path, seconds: 15)
    }

    /// The lifecycle trace of the current launch so far.
    var trace: [TraceEvent] { TraceEvent.all(in: messages) }

    /// The lifecycle callbacks of the current launch (no saves, no frames).
    var lifecycle: [TraceEvent] { trace.filter(\.isLifecycle) }

    /// The lifecycle callbacks after the first `count` trace lines.
    func lifecycle(after count: Int) -> [TraceEvent] { trace.dropFirst(count).filter(\.isLifecycle) }

    /// Waits until the trace satisfies `condition`; records what it held if it never does.
    func waitForTrace(
        seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: ([TraceEvent]) -> Bool
    ) {
        let held = eventually(within: seconds) { condition(trace) }
        if !held { Issue.record("the trace never got there: \(lifecycle)", sourceLocation: sourceLocation) }
    }

    /// The sessions saved in scenes.sqlite, read through the framework's own store.
    func savedSessions() throws -> [SessionRecord] {
        guard FileManager.default.fileExists(atPath: scenesPath) else { return [] }
        return try SessionStore(path: scenesPath).sessions()
    }

    /// Discards recorded in scenes.sqlite but not delivered yet.
    func pendingDiscards() throws -> [String] {
        guard FileManager.default.fileExists(atPath: scenesPath) else { return [] }
        return try SessionStore(path: scenesPath).pendingDiscards().map(\.identifier)
    }

    /// Waits for a window that is not among `known` and gives it the focus, as
    /// a window manager would a new window (there is none on the test display);
    /// returns its X id once the newest session's scene is active and drawn.
    func focusNewWindow(besides known: [String]) throws -> String {
        let connected = known.count + 1
        guard eventually(within: 10, { connections >= connected }) else {
            throw QuireSessionError.noWindow("no new scene connected besides \(known); \(lifecycle)")
        }
        var found: String?
        // Focusing fails (BadMatch) until the new window is viewable; keep trying.
        guard eventually(within: 10, {
            found = windowIDs().first { !known.contains($0) }
            guard let window = found else { return false }
            return (try? desktop.xdotool("windowfocus", "--sync", window)) != nil
        }), let window = found
        else { throw QuireSessionError.noWindow("no new window appeared besides \(known); \(lifecycle)") }
        waitForTrace { events in
            guard let newest = events.last(where: { $0.callback == "scene(_:willConnectTo:options:)" })?.session else { return false }
            return events.last { $0.callback == "sceneDidBecomeActive(_:)" }?.session == newest
                && events.contains { $0.callback == "first-frame" && $0.session == newest }
        }
        return window
    }

    /// How many scenes connected in the current launch.
    var connections: Int { trace.filter { $0.callback == "scene(_:willConnectTo:options:)" }.count }

    /// Gives `window` the focus and waits for its scene to be active; returns that
    /// scene's session. A window that was active already (X focus can follow the
    /// pointer) is not activated again, so the wait for that is short and quiet.
    func focus(_ window: String) throws -> String? {
        let mark = trace.count
        try desktop.xdotool("windowfocus", "--sync", window)
        _ = eventually(within: 3) { trace.dropFirst(mark).contains { $0.callback == "sceneDidBecomeActive(_:)" } }
        return trace.last { $0.callback == "sceneDidBecomeActive(_:)" }?.session
    }

    /// Opens the focused window's primary menu with F10, as a keyboard user
    /// does, and waits until its popover is on screen (so keys go to the menu).
    func openPrimaryMenu() throws {
        // The pointer rests out of the way: a menu item under it would be
        // selected on opening, and the keys a test presses would start from it.
        try desktop.xdotool("mousemove", "1279", "799")
        guard try popUp({ try desktop.xdotool("key", "F10") }) else {
            throw QuireSessionError.noWindow("F10 did not open the primary menu; \(lifecycle)")
        }
    }

    /// Drags with the mouse in `window` (its coordinates): presses at `start`,
    /// moves in eight steps past GTK's drag threshold to `end`, and lets go.
    func drag(in window: String, from start: (x: Int32, y: Int32), to end: (x: Int32, y: Int32)) throws {
        try desktop.xdotool("mousemove", "--window", window, "\(start.x)", "\(start.y)", "mousedown", "1")
        for step in Int32(1)...8 {
            let x = start.x + (end.x - start.x) * step / 8, y = start.y + (end.y - start.y) * step / 8
            try desktop.xdotool("mousemove", "--window", window, "\(x)", "\(y)", "sleep", "0.05")
        }
        try desktop.xdotool("mouseup", "1")
    }

    /// Presses Alt+U, the toast's Undo, in `window` until `undone` holds, up to
    /// three times. The toast comes in after the change is stored (and the one
    /// before it may still be sliding out), so a first press can find no Undo to
    /// press; a press after the change was undone finds nothing more to undo.
    func undoFromToast(in window: String, until undone: () -> Bool) throws -> Bool {
        for _ in 0..<3 {
            try desktop.xdotool("windowfocus", "--sync", window)
            try desktop.xdotool("key", "alt+u")
            if eventually(within: 4, undone) { return true }
        }
        return false
    }

    /// The list's second row in a main window (newest first), 54 pixels below the first.
    static let secondRow = (x: 100, y: 178)

    /// Right-clicks the list row at `row` in `window`, presses `keys` in the menu
    /// that opens, and returns whether `chosen` then holds. A right-click can be
    /// lost while the window is still drawing: up to three tries, each once the
    /// menu is on screen (`menuShown` runs then, before the keys).
    func chooseFromRowMenu(
        in window: String, row: (x: Int, y: Int) = QuireSession.secondRow, keys: [String],
        menuShown: () -> Void = {}, until chosen: () -> Bool
    ) throws -> Bool {
        for _ in 0..<3 {
            try desktop.xdotool("mousemove", "--window", window, "\(row.x)", "\(row.y)")
            guard try popUp({ try desktop.xdotool("click", "3") }, seconds: 3) else { continue }
            menuShown()
            for key in keys { try desktop.xdotool("key", key) }
            if chosen() { return true }
        }
        return false
    }

    /// Runs `action` and waits up to `seconds` for a popover (a new surface of
    /// the app) to appear; returns whether one did.
    func popUp(_ action: () throws -> Void, seconds: Double = 5) throws -> Bool {
        func surfaces() -> Int {
            ((try? desktop.xdotool("search", "--onlyvisible", "--classname", "quire")) ?? "")
                .split(separator: "\n").count
        }
        let before = surfaces()
        try action()
        return eventually(within: seconds) { surfaces() > before }
    }

    /// The files the running Quire has mapped (its /proc maps), read to the end:
    /// /proc's files say they are empty, so a read by size gets nothing.
    func mappedFiles() throws -> String {
        let pid = try #require(process?.pid)
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        return String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The running Quire's threads: each one's id and name, as the kernel has them (15 bytes at most).
    func threads() throws -> [(id: String, name: String)] {
        let pid = try #require(process?.pid)
        return try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").map {
            ($0, QuireSession.threadFile("comm", of: $0, in: pid))
        }
    }

    /// The names of the running Quire's threads.
    func threadNames() throws -> [String] { try threads().map(\.name) }

    /// The X ids of the app's visible windows.
    func windowIDs() -> [String] { visibleWindows("--name", "Quire$") }

    /// The X ids of the visible windows `criteria` (xdotool search's options) pick.
    private func visibleWindows(_ criteria: String...) -> [String] {
        ((try? desktop.xdotool(arguments: ["search", "--onlyvisible"] + criteria)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Asks the running app to quit with `signal` and returns its exit status,
    /// once the X server has taken its windows down too: it does so when it
    /// reads that the app's connection closed, which can come after the exit,
    /// and a window of the next launch must not be mistaken for one of these.
    func stop(with signal: Int32 = SIGTERM, seconds: Double = 10) throws -> Int32 {
        let child = try #require(process)
        let windows = Set(visibleWindows("--pid", "\(child.pid)", "--name", "."))
        child.send(signal)
        let status = try #require(
            child.waitForExit(seconds: seconds),
            "quire did not exit after signal \(signal); its threads: \(Self.threadStates(of: child.pid)); it printed: \(messages.suffix(2_000))")
        process = nil
        let gone = eventually(within: seconds) { windows.isDisjoint(with: visibleWindows("--name", ".")) }
        #expect(gone, "the X server still shows the windows of a Quire that exited")
        return status
    }

    /// Presses `shortcut`, waits for the dialog it opens (titled to match
    /// `pattern`), and answers it with the key `answer`.
    func answerDialog(matching pattern: String, openedBy shortcut: String, with answer: String) throws {
        try desktop.xdotool("key", shortcut)
        let dialog = try waitForWindow(matching: pattern)
        try desktop.xdotool("windowfocus", "--sync", dialog)
        try desktop.xdotool("key", answer)
    }

    /// Waits for a window titled to match `pattern`; if none comes, the error
    /// says whether the app is still running and what it printed.
    func waitForWindow(matching pattern: String, seconds: Double = 15) throws -> String {
        do {
            return try desktop.waitForWindow(matching: pattern, seconds: seconds)
        } catch {
            let state = process.map { $0.isRunning ? "running" : "exited with \($0.exitStatus ?? -1)" } ?? "not started"
            throw QuireSessionError.noWindow(
                "\(error); quire is \(state); it printed: \(messages.suffix(3_000)); on standard output: "
                    + "\(process?.standardOutput.suffix(1_000) ?? ""); desktop: \(desktop.health)")
        }
    }

    /// The `userInfo` of the only saved session's restoration activity (or the
    /// one of configuration `configuration`), as stored.
    func savedUserInfo(configuration: String? = nil) throws -> [String: Any] {
        let sessions = try savedSessions().filter { configuration == nil || $0.configurationName == configuration }
        let stored = try #require(sessions.first?.restorationActivity)
        let activity = try #require(try JSONSerialization.jsonObject(with: stored) as? [String: Any])
        return try #require(activity["userInfo"] as? [String: Any])
    }

    /// The list width the only saved main window recorded, in pixels.
    func savedListWidth() throws -> Int? {
        (try savedUserInfo()["listWidth"] as? [String: Any])?["integer"] as? Int
    }

    /// Types each of `notes` into `window` as a note of its own (New Note,
    /// Ctrl+N, between them) and waits until all are stored.
    func writeNotes(_ notes: [String], into window: String) throws {
        for (index, note) in notes.enumerated() {
            if index > 0 { try desktop.xdotool("key", "ctrl+n") }
            try desktop.type(note, into: window)
        }
        let stored = eventually(within: 10) { (try? storedNotes().count) == notes.count }
        if !stored { throw QuireSessionError.notStored((try? storedNotes().map(\.title)) ?? []) }
    }

    /// Every note in the database, read by a second connection as another process would.
    func storedNotes() throws -> [Note] {
        guard FileManager.default.fileExists(atPath: notesPath) else { return [] }
        return try NoteStore(path: notesPath).allNotes()
    }

    /// The drafts (text that could not be saved) in the state folder.
    func drafts() -> [NoteDraft] {
        DraftStore(stateDirectory: "\(stateHome)/io.github.quire.Quire").all().drafts
    }

    /// Every note's body, in the trash or not.
    func allBodies() throws -> [String] {
        guard FileManager.default.fileExists(atPath: notesPath) else { return [] }
        let store = try NoteStore(path: notesPath)
        return try (store.allNotes() + store.trashedNotes()).map(\.body)
    }

    /// The body of the only note, or nil if there is none yet.
    func storedBody() throws -> String? {
        let notes = try storedNotes()
        #expect(notes.count <= 1, "the single-note window keeps one note: \(notes.map(\.title))")
        return notes.first?.body
    }

    /// The text a typing journal of this launch's would give its note, replayed
    /// onto the note as stored (nil if there is no journal): what a launch
    /// after a crash would put back.
    func journaledText() -> String? {
        let journals = "\(stateHome)/io.github.quire.Quire/journals"
        guard let name = try? FileManager.default.contentsOfDirectory(atPath: journals).first(where: { $0.hasSuffix(".journal") }),
              let journal = TypingJournalFile(path: "\(journals)/\(name)"),
              let note = try? NoteStore(path: notesPath).note(id: journal.noteID) else { return nil }
        return journal.replay(onto: note.revision, body: note.body)
    }

    /// Whether the only note's stored text becomes `body` within `seconds`.
    func stores(_ body: String, within seconds: Double = 10) -> Bool {
        eventually(within: seconds) { (try? storedBody()) == body }
    }

    /// A screenshot of the screen now, kept as `name`, with the ImageMagick
    /// crop geometry of `window` below its header bar and right of `left`
    /// pixels (the note pane of a main window starts 300 pixels in).
    func screenshot(of window: String, left: Int = 0, shot name: String) throws -> (path: String, crop: String) {
        let geometry = try desktop.geometry(of: window)
        let path = desktop.directory.file("\(name).png")
        try desktop.screenshot(to: path)
        keepScreenshot(named: name)
        return (path, "\(geometry.width - left)x\(geometry.height - 60)+\(geometry.x + left)+\(geometry.y + 60)")
    }

    /// What ImageMagick's `convert` prints for `arguments`, trimmed.
    func convert(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run(
            "convert", arguments, environment: environment(), outputDirectory: desktop.directory.path)
        guard result.status == 0 else { throw QuireSessionError.commandFailed("convert", result.error) }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// ImageMagick steps that crop a screenshot to `crop` and leave the pixels of
    /// `color` (within `fuzz`, a percentage) white and all others black.
    private static func isolate(_ color: String, fuzz: String, crop: String) -> [String] {
        ["-crop", crop, "+repage", "-fuzz", fuzz, "-fill", "#ff00ff", "-opaque", color,
         "-fill", "black", "+opaque", "#ff00ff", "-fill", "white", "-opaque", "#ff00ff"]
    }

    /// How many pixels of `color` (within `fuzz`) `window` shows below its
    /// header bar and right of `left` pixels.
    func pixels(of color: String, fuzz: String, in window: String, left: Int = 0, shot name: String) throws -> Int {
        let (path, crop) = try screenshot(of: window, left: left, shot: name)
        let output = try convert([path] + QuireSession.isolate(color, fuzz: fuzz, crop: crop)
            + ["-colorspace", "gray", "-format", "%[fx:int(mean*w*h)]", "info:"])
        return try #require(Int(output), "convert printed \(output)")
    }

    /// Where `window` shows pixels of `color` (within `fuzz`) below its header
    /// bar and right of `left` pixels: the box around all of them, in window
    /// coordinates; nil if there are none.
    func box(of color: String, fuzz: String = "20%", in window: String, left: Int = 0, shot name: String) throws
        -> (x: Int, y: Int, width: Int, height: Int)? {
        let (path, crop) = try screenshot(of: window, left: left, shot: name)
        // "WxH+X+Y" around the white pixels.
        let output = try convert([path] + QuireSession.isolate(color, fuzz: fuzz, crop: crop) + ["-format", "%@", "info:"])
        let numbers = output.split(whereSeparator: { "x+".contains($0) }).compactMap { Int($0) }
        guard numbers.count == 4, numbers[0] > 0, numbers[0] < Int(crop.prefix { $0 != "x" }) ?? 0 else { return nil }  // none: "0x0+…"
        return (numbers[2] + left, numbers[3] + 60, numbers[0], numbers[1])
    }

    /// `box(of:in:left:shot:)` once `window` draws `color`: a window matched by
    /// its title may not have drawn its text yet on a busy machine. Nil if it
    /// has not within `seconds`.
    func awaitedBox(of color: String, in window: String, left: Int = 0, shot name: String, within seconds: Double = 10)
        -> (x: Int, y: Int, width: Int, height: Int)? {
        var found: (x: Int, y: Int, width: Int, height: Int)?
        _ = eventually(within: seconds) {
            found = try? box(of: color, in: window, left: left, shot: name)
            return found != nil
        }
        return found
    }

    /// The dark pixels `window` shows below its header bar and right of `left`
    /// pixels: how many, and how wide a band they span. Text dimmed to
    /// mid-grey (Markdown's markup characters) is not dark. The screenshot is kept as `name`.
    func ink(in window: String, left: Int = 0, shot name: String) throws -> (pixels: Int, width: Int) {
        let (path, crop) = try screenshot(of: window, left: left, shot: name)
        func measure(_ steps: [String], _ format: String) throws -> Int {
            let output = try convert([path, "-crop", crop, "+repage", "-colorspace", "gray", "-threshold", "50%"] + steps
                + ["-format", format, "info:"])
            return try #require(Int(output), "convert printed \(output)")
        }
        return (try measure([], "%[fx:int((1-mean)*w*h)]"), try measure(["-trim", "+repage"], "%w"))
    }

    /// `ink` once the screen has settled: two readings in a row that agree.
    func settledInk(in window: String, left: Int = 0, shot name: String) throws -> (pixels: Int, width: Int) {
        var last = (pixels: -1, width: -1)
        for _ in 0..<20 {
            let now = try ink(in: window, left: left, shot: name)
            if now == last { return now }
            last = now
            Thread.sleep(forTimeInterval: 0.3)
        }
        return last
    }

    /// One pixel of the screen, now, at (`x`, `y`) as `property` ("luminance",
    /// "saturation") from 0 to 255; the screenshot is kept as `name`.
    func screenSample(_ property: String, atX x: Int, y: Int, shot name: String) throws -> Int {
        let path = desktop.directory.file("\(name).png")
        try desktop.screenshot(to: path)
        keepScreenshot(named: name)
        let sample = try convert([path, "-crop", "1x1+\(x)+\(y)", "-format", "%[fx:int(255*\(property))]", "info:"])
        return try #require(Int(sample), "convert printed \(sample)")
    }

    /// Saves a screenshot under `$QUIRE_TEST_ARTIFACTS` (if set), for a person to look at.
    func keepScreenshot(named name: String) {
        guard let folder = ProcessInfo.processInfo.environment["QUIRE_TEST_ARTIFACTS"] else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? desktop.screenshot(to: (folder as NSString).appendingPathComponent("\(name).png"))
    }

    /// What the app wrote to standard error (its messages for the person).
    var messages: String { process?.standardError ?? "" }

    /// Each thread of the process `pid`, by name, with what the kernel says it
    /// waits in ("futex_wait_queue", "do_sys_poll", …): what a hung app is stuck on.
    static func threadStates(of pid: pid_t) -> String {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.map { task in
            "\(task) \(threadFile("comm", of: task, in: pid)) in \(threadFile("wchan", of: task, in: pid))"
        }.joined(separator: "; ")
    }

    /// The file `name` of the thread `task` of the process `pid`, trimmed ("?" if it cannot be read).
    static func threadFile(_ name: String, of task: String, in pid: pid_t) -> String {
        ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/\(name)", encoding: .utf8)) ?? "?")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Why a session step failed, with what the app printed.
enum QuireSessionError: Error, CustomStringConvertible {
    case noWindow(String)
    case notStored([String])
    case commandFailed(String, String)

    var description: String {
        switch self {
        case let .noWindow(details): return details
        case let .notStored(titles): return "not every note typed was stored; the store has \(titles)"
        case let .commandFailed(command, error): return "\(command) failed: \(error)"
        }
    }
}
