import Foundation
import TestSupport

/// A person using Quire at random, for the stress attacks: types words (and
/// now and then takes one back with Ctrl+Z and puts it back with Shift+Ctrl+Z),
/// starts notes, opens and closes windows, searches, moves notes to the trash
/// (and sometimes undoes it), each time in a window picked at random. It
/// notes when each word was typed, in the app's trace time, so that a check
/// after a crash can tell which words must have survived.
final class ScriptedUser {
    private let session: QuireSession
    private var generator: SeededGenerator
    private let clock: ProcessClock
    /// Every word typed into a note, and when its last key was sent (trace ms).
    private(set) var words: [(word: String, typedAt: Double)] = []
    /// How many times Shift+Ctrl+Z put each word back after Ctrl+Z took it.
    private var putBack: [String: Int] = [:]
    /// How many of each action ran, for messages.
    private(set) var actions: [String: Int] = [:] {
        didSet { log.append("\(Int(clock.now)):\(actions.first { oldValue[$0.key] != $0.value }?.key ?? "?")") }
    }
    /// Each action with its time, for a failure's message.
    private(set) var log: [String] = []
    /// The words just typed one after another into one window, with nothing
    /// else done anywhere since: what one Ctrl+Z there may take back (GTK
    /// merges typing into one Undo step), with that window.
    private var typingRun: (window: String, words: [Int])?

    /// What the user does: anything; only type, start notes and search (for
    /// two processes, whose windows a new-window request cannot tell apart);
    /// or anything but search (whose query a note window types into its
    /// note, wherever the cursor is: for checking a note's text whole).
    enum Mix { case everything, writing, noSearch }
    private let mix: Mix

    /// A user of `session`'s running app whose choices follow `seed`.
    init(session: QuireSession, seed: UInt64, mix: Mix = .everything) throws {
        self.mix = mix
        guard let pid = session.process?.pid, let clock = ProcessClock(pid: pid) else {
            throw QuireSessionError.noWindow("the app is not running")
        }
        self.session = session
        self.clock = clock
        generator = SeededGenerator(seed: seed)
    }

    /// Acts at random until `milliseconds` have passed.
    func act(forMilliseconds milliseconds: Double) {
        let end = clock.now + milliseconds
        while clock.now < end {
            step()
        }
    }

    /// The words whose last typing (or the Redo that put them back) went into
    /// the app's typing journal, by the documents trace in `messages`: the
    /// keys had reached the app, and no kill from then on may lose them. (A
    /// word Ctrl+Z took back, with the blow before the Redo was read, does
    /// not count: it is in the journal once less than typed.)
    func journaledWords(in messages: String) -> Set<String> {
        let journaled = StressChecks.journaledText(messages)
        return Set(words.map(\.word).filter { journaled.components(separatedBy: $0).count - 1 > putBack[$0, default: 0] })
    }

    /// Now, in the app's trace time.
    var now: Double { clock.now }

    /// One random action in a random window.
    func step() {
        let windows = session.windowIDs()
        guard let window = windows.randomElement(using: &generator) else {
            usleep(50_000)
            return
        }
        var roll = Int.random(in: 0..<100, using: &generator)
        if mix == .writing, (58..<77).contains(roll) || roll >= 87 { roll = 0 }
        if mix == .noSearch, (77..<87).contains(roll) { roll = 0 }
        if roll >= 50 { typingRun = nil }
        switch roll {
        case 0..<50: typeWord(into: window)
        case 50..<58: press("ctrl+n", in: window, named: "new note")
        case 58..<64:
            actions["new window", default: 0] += 1
            _ = try? session.runSecond(["--new-window"])
        case 64..<70: press("ctrl+shift+o", in: window, named: "open in new window")
        case 70..<77: if windows.count > 1 { press("ctrl+w", in: window, named: "close window") }
        case 77..<87: search(in: window)
        default: trash(in: window)
        }
    }

    /// A word no other will contain: it can be found in the notes exactly.
    private func freshWord() -> String {
        let letters = (0..<6).map { _ in Character(UnicodeScalar(UInt8.random(in: 97...122, using: &generator))) }
        return "w\(words.count)" + String(letters)
    }

    /// Puts the keyboard focus in the window's editor (a click on its right, half
    /// way down) and types a new word at the end of the note. (Two clicks in quick
    /// succession are a double-click, which selects a word: Ctrl+End puts the
    /// cursor after the text, so typing never replaces a selection.)
    private func typeWord(into window: String) {
        guard bringForward(window), let point = editorPoint(of: window) else { return }
        do {
            usleep(50_000)  // let the window manager finish raising it
            // A point a little different each time: `--sync` waits for the pointer to
            // move, and would wait in vain if it were already there.
            let x = point.x - Int.random(in: 1...40, using: &generator)
            let y = point.y - Int.random(in: 1...20, using: &generator)
            try session.desktop.xdotool("mousemove", "--sync", "\(x)", "\(y)")
            try session.desktop.xdotool("click", "1")
            // Only a word that certainly goes to this window's editor is counted.
            guard isActive(window) else { return }
            try session.desktop.xdotool("key", "ctrl+End")
            let word = freshWord()
            try session.desktop.xdotool("type", "--delay", "4", " \(word)")
            words.append((word, clock.now))
            actions["type", default: 0] += 1
            typingRun = typingRun?.window == window ? (window, typingRun!.words + [words.count - 1]) : (window, [words.count - 1])
            if Int.random(in: 0..<6, using: &generator) == 0 { try undoAndRedo() }
        } catch {
            typingRun = nil
        }
    }

    /// Types a word at the very start of the note in the window in front and
    /// waits until the window's title begins with it: proof its keys reached
    /// Quire, which must then keep it whenever it dies (the typing journal),
    /// so it counts as typed from the start. Nil if it never showed there (the
    /// window in front shows the trash, or its search field has the keys).
    func typeWordIntoTitle() -> String? {
        guard let window = (try? session.desktop.xdotool("getactivewindow"))?.trimmingCharacters(in: .whitespacesAndNewlines),
              session.windowIDs().contains(window) else { return nil }
        let word = freshWord()
        guard (try? session.desktop.xdotool("key", "ctrl+Home")) != nil,
              (try? session.desktop.xdotool("type", "--delay", "4", "\(word) ")) != nil,
              eventually(within: 3, { (try? session.desktop.xdotool("getwindowname", window))?.hasPrefix(word) == true })
        else { return nil }
        words.append((word, 0))
        typingRun = nil
        actions["type into the title", default: 0] += 1
        return word
    }

    /// Takes back the last Undo step of the note (Ctrl+Z), the typing just
    /// done, which every other window showing the note takes back too, and
    /// puts it back (Shift+Ctrl+Z). The words of the typing count as typed
    /// again once back: a kill between the two keys may find them taken back,
    /// and saved so.
    private func undoAndRedo() throws {
        try session.desktop.xdotool("key", "ctrl+z")
        try session.desktop.xdotool("key", "ctrl+shift+z")
        let now = clock.now
        for index in typingRun?.words ?? [] {
            words[index].typedAt = now
            putBack[words[index].word, default: 0] += 1
        }
        actions["undo and redo typing", default: 0] += 1
    }

    private func press(_ keys: String, in window: String, named name: String) {
        guard bringForward(window) else { return }
        if (try? session.desktop.xdotool("key", keys)) != nil { actions[name, default: 0] += 1 }
    }

    /// Searches for a word typed before (or one that is nowhere), opens the first
    /// result, then clears the search by deleting what was typed. (A note window
    /// has no search field: there the query and the Return go into the note,
    /// and the same BackSpaces take them out again, leaving the note as it was.
    /// Ctrl+End first: there, a match an earlier search selected would be
    /// replaced by the query, and its word lost by the person's own hand.)
    private func search(in window: String) {
        guard bringForward(window) else { return }
        let query = words.randomElement(using: &generator)?.word ?? "nothing"
        _ = try? session.desktop.xdotool("key", "ctrl+f", "ctrl+End")
        _ = try? session.desktop.xdotool("type", "--delay", "4", query)
        usleep(300_000)
        _ = try? session.desktop.xdotool("key", "Return", "ctrl+f")
        _ = try? session.desktop.xdotool("key", "--repeat", "\(query.count + 1)", "--delay", "4", "BackSpace")
        actions["search", default: 0] += 1
    }

    /// Moves the window's note to the trash; half the time, undoes it.
    private func trash(in window: String) {
        guard bringForward(window) else { return }
        _ = try? session.desktop.xdotool("key", "alt+Delete")
        actions["trash", default: 0] += 1
        if Bool.random(using: &generator) {
            usleep(200_000)
            if bringForward(window), (try? session.desktop.xdotool("key", "alt+u")) != nil { actions["undo", default: 0] += 1 }
        }
    }

    /// Activates the window through the window manager (raised, focused), as a
    /// click on it would; false if it has gone meanwhile.
    private func bringForward(_ window: String) -> Bool {
        (try? session.desktop.xdotool("windowactivate", "--sync", window)) != nil && isActive(window)
    }

    /// A point on screen inside the window's editor: near its right edge, half
    /// way down (the editor fills the right of a main window and all of a note
    /// window), kept on the screen; nil if no such point is visible. Not near
    /// the bottom: a toast (Undo after Move to Trash) shows there, and a click
    /// on it leaves the keyboard where it was, in the search field perhaps.
    private func editorPoint(of window: String) -> (x: Int, y: Int)? {
        guard let geometry = try? session.desktop.xdotool("getwindowgeometry", window) else { return nil }
        let numbers = geometry.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        // "Window N / Position: X,Y (screen: S) / Geometry: WxH"
        guard numbers.count >= 6 else { return nil }
        let (left, top, width, height) = (numbers[1], numbers[2], numbers[4], numbers[5])
        let x = min(left + width - 80, 1_270)
        let y = min(top + height / 2, 790)
        guard x > left + 300 || width < 600, y > top + 150 else { return nil }
        return (x, y)
    }

    /// Whether `window` is the active window (it gets the keys).
    private func isActive(_ window: String) -> Bool {
        (try? session.desktop.xdotool("getactivewindow"))?.trimmingCharacters(in: .whitespacesAndNewlines) == window
    }
}
