import Foundation
import NoteModel
import Testing
import TestSupport

/// Markdown files in and out, as a person does it: from a terminal with
/// `quire --import` and `quire --export` (Quire running or not), and from the
/// menus with the file chooser; checked through what is stored, the files
/// written, what the command prints and what the window shows.
@Suite("Import and export, end to end", .serialized)
struct ImportExportTests {
    /// A folder of files to import: two good ones (one in a subfolder) and one in Latin-1.
    private func filesToImport(in session: QuireSession) throws -> String {
        let folder = session.desktop.directory.file("to-import")
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try Data("# Groceries\n- [ ] milk\n".utf8).write(to: URL(fileURLWithPath: folder + "/groceries.md"))
        try Data("Plans\nfor the weekend\n".utf8).write(to: URL(fileURLWithPath: folder + "/sub/plans.txt"))
        try Data([0x63, 0x61, 0x66, 0xE9]).write(to: URL(fileURLWithPath: folder + "/latin1.txt"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)], ofItemAtPath: folder + "/groceries.md")
        return folder
    }

    @Test("without Quire running, --import and --export do their work, print what they did, and open no window")
    func commandLineAlone() throws {
        let session = try QuireSession()
        let folder = try filesToImport(in: session)
        let imported = try session.runSecond(["--import", folder])
        #expect(imported.status == 1, "a file was refused")
        #expect(imported.output == "Imported 2 notes; 1 file skipped\n")
        #expect(imported.error.contains("\(folder)/latin1.txt: not UTF-8 text"), "the refused file is named, with why")
        let notes = try session.storedNotes()
        #expect(Set(notes.map(\.title)) == ["Groceries", "Plans"])
        #expect(notes.first { $0.title == "Groceries" }?.body == "# Groceries\n- [ ] milk\n", "the text as it was")
        #expect(notes.first { $0.title == "Groceries" }?.modifiedAt == Date(timeIntervalSince1970: 1_600_000_000))

        let again = try session.runSecond(["--import", folder + "/groceries.md"])
        #expect(again.status == 0 && again.output == "No notes imported; 1 file was already a note\n")
        #expect(try session.storedNotes().count == 2, "no duplicate")

        // A title with a family emoji: one emoji of three people joined, kept so in the file's name.
        try NoteStore(path: session.notesPath).createNote(body: "👩\u{200D}👩\u{200D}👧 Family\ndinner at six")
        let out = session.desktop.directory.file("exported")
        let missing = try session.runSecond(["--export", out])
        #expect(missing.status == 1 && missing.error.contains("Nothing was exported: there is no folder \(out)"))
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let exported = try session.runSecond(["--export", out])
        #expect(exported.status == 0 && exported.output == "Exported 3 notes to \(out)\n")
        // The subfolder's note was filed in its category, "sub", which the export writes as a folder again.
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: out)) == ["Groceries.md", "sub", "👩\u{200D}👩\u{200D}👧 Family.md"])
        #expect(FileManager.default.contents(atPath: out + "/sub/Plans.md") == Data("Plans\nfor the weekend\n".utf8))
        #expect(FileManager.default.contents(atPath: out + "/Groceries.md") == Data("# Groceries\n- [ ] milk\n".utf8))
        #expect(try session.savedSessions().isEmpty, "no window was opened or saved")
    }

    @Test("--export of many notes says how far it has got every 500 notes, on standard error, then what it did")
    func exportProgress() throws {
        let session = try QuireSession()
        let now = Date()
        try NoteStore(path: session.notesPath).importNotes((0..<1_200).map { (body: "Note \($0)\ntext", modifiedAt: now) })
        let out = session.desktop.directory.file("exported")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let exported = try session.runSecond(["--export", out])
        #expect(exported.status == 0 && exported.output == "Exported 1200 notes to \(out)\n")
        let said = exported.error.split(separator: "\n").filter { !$0.hasPrefix("scenes:") }  // the lifecycle trace aside
        #expect(said == ["Exported 500 of 1200 notes…", "Exported 1000 of 1200 notes…"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).count == 1_200)
    }

    @Test("with Quire running, --import goes through it and Alt+U in its window takes the import back; --export has the latest typing")
    func commandLineThroughRunningQuire() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        let folder = try filesToImport(in: session)
        let relative = try session.runSecond(["--import", "to-import/sub"])
        #expect(relative.status == 1, "a relative path is the terminal's, not Quire's: here it names nothing")
        #expect(relative.error.contains("to-import/sub: no such file or folder"))

        let imported = try session.runSecond(["--import", folder + "/groceries.md", folder + "/sub"])
        #expect(imported.status == 0 && imported.output == "Imported 2 notes\n")
        #expect(Set(try session.storedNotes().map(\.title)) == ["Groceries", "Plans"])
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.desktop.xdotool("key", "alt+u")  // the toast's Undo
        #expect(eventually(within: 5) { (try? session.storedNotes().isEmpty) == true }, "Undo took both notes back")

        try session.desktop.type("Typed just now", into: window)
        let out = session.desktop.directory.file("exported")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let exported = try session.runSecond(["--export", out])
        #expect(exported.status == 0)
        #expect(FileManager.default.contents(atPath: out + "/Typed just now.md") == Data("Typed just now".utf8),
                "the window's text was saved before the export")
        #expect(session.windowIDs().count == 1, "no window was opened for the commands")
        #expect(try session.stop() == 0)
    }

    @Test("Import Notes… (Ctrl+O) takes the file chosen in the file chooser, Export Notes… writes them into the folder chosen, and the next chooser opens there")
    func menusWithFileChooser() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        let folder = try filesToImport(in: session)
        try session.desktop.xdotool("key", "ctrl+o")
        let chooser = try session.waitForWindow(matching: "^Import Notes$")
        try session.desktop.xdotool("windowfocus", "--sync", chooser)
        try session.desktop.xdotool("key", "ctrl+l")
        try session.desktop.type(folder + "/groceries.md", into: chooser)
        try session.desktop.xdotool("key", "Return")
        #expect(eventually(within: 10) { (try? session.storedNotes().map(\.title)) == ["Groceries"] })
        let shown = try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name == "Imported 1 note" })
        #expect(shown.contains { $0.name == "Imported 1 note" }, "the toast says what was done, with Undo")
        #expect(shown.contains { $0.role == "label" && $0.name == "Groceries" }, "the list shows the note")
        session.keepScreenshot(named: "import-toast")

        let out = session.desktop.directory.file("exported")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try session.desktop.xdotool("windowfocus", "--sync", window)
        try session.openPrimaryMenu()
        // New Note, New Window, Open in New Window, Pin Note, Export Note…, Print…, Move to Trash, the
        // zoom row, Import Notes…, Import Folder…, Export Notes…
        for key in Array(repeating: "Down", count: 11) + ["Return"] { try session.desktop.xdotool("key", key) }
        let folderChooser = try session.waitForWindow(matching: "^Export Notes$")
        try session.desktop.xdotool("windowfocus", "--sync", folderChooser)
        try session.desktop.xdotool("key", "ctrl+l")
        try session.desktop.type(out + "/", into: folderChooser)
        try session.desktop.xdotool("key", "alt+e")  // _Export
        #expect(eventually(within: 10) { (try? FileManager.default.contentsOfDirectory(atPath: out)) == ["Groceries.md"] })

        // Export Note…'s chooser opens in the folder the last one chose: Return saves there.
        try FileManager.default.removeItem(atPath: out + "/Groceries.md")
        // The list's first row, Groceries: its menu's third item.
        var noteChooser: String?
        _ = try session.chooseFromRowMenu(in: window, row: (x: 100, y: 124), keys: ["Down", "Down", "Return"]) {
            noteChooser = try? session.waitForWindow(matching: "^Export Note$", seconds: 5)
            return noteChooser != nil
        }
        let saveChooser = try #require(noteChooser, "the row's menu opened the save chooser")
        try session.desktop.xdotool("windowfocus", "--sync", saveChooser)
        try session.desktop.xdotool("key", "Return")
        #expect(eventually(within: 10) { FileManager.default.contents(atPath: out + "/Groceries.md") != nil },
                "saved in the folder Export Notes… chose: \((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? [])")
        #expect(try session.stop() == 0)
    }

    @Test("a row's right-click Export Note… saves that note under its title, in the folder the person chooses")
    func exportOneNote() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.writeNotes(["# First note\nbody", "Second note"], into: window)
        let out = session.desktop.directory.file("one")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // The list's second row (newest first: "First note"); Down, Down, Return: Export Note…, the menu's third item.
        var chooser: String?
        _ = try session.chooseFromRowMenu(in: window, keys: ["Down", "Down", "Return"]) {
            chooser = try? session.waitForWindow(matching: "^Export Note$", seconds: 5)
            return chooser != nil
        }
        let saveChooser = try #require(chooser, "the row's menu opened the save chooser")
        try session.desktop.xdotool("windowfocus", "--sync", saveChooser)
        // The name field holds the suggested name; the folder goes in front of it.
        try session.desktop.xdotool("key", "Home")
        try session.desktop.type(out + "/", into: saveChooser)
        try session.desktop.xdotool("key", "Return")
        #expect(eventually(within: 10) { FileManager.default.contents(atPath: out + "/First note.md") == Data("# First note\nbody".utf8) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["First note.md"])
        #expect(try session.stop() == 0)
    }

    @Test("an import over a second shows its progress in the window, and Stop ends it with nothing imported")
    func progressAndStop() throws {
        let session = try QuireSession(accessibility: true)
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        // A named pipe: reading it waits until something writes, so the import lasts.
        let slow = session.desktop.directory.file("slow.md")
        #expect(mkfifo(slow, 0o600) == 0)
        let command = try ChildProcess(
            BuiltProducts.executable("quire"), ["--import", slow], environment: session.environment(),
            outputDirectory: session.desktop.directory.path)
        let tree = try AccessibilityTree(desktop: session.desktop)
        let shown = tree.elements(once: { $0.role == "progress bar" })
        #expect(shown.contains { $0.role == "progress bar" })
        #expect(shown.contains { $0.role == "label" && $0.name == "Importing notes…" })
        try session.desktop.xdotool("windowfocus", "--sync", window)
        session.keepScreenshot(named: "import-progress")
        try session.desktop.xdotool("key", "alt+s")  // _Stop
        #expect(eventually(within: 5) { !((try? tree.elements()) ?? []).contains { $0.role == "progress bar" } },
                "the bar went at once, though the file being read was not finished")
        let writer = open(slow, O_WRONLY)  // lets the reading go on, to find it was stopped
        _ = "late text".withCString { write(writer, $0, 9) }
        close(writer)
        #expect(command.waitForExit(seconds: 10) == 1)
        #expect(command.standardError.contains("The import was stopped; nothing was imported."))
        #expect(try session.storedNotes().isEmpty)
        #expect(try session.stop() == 0)
    }

    @Test("notes imported into a running Quire take their places in its open list, newest first, as the store orders them")
    func importedInPlace() throws {
        let session = try QuireSession(accessibility: true)
        let store = try NoteStore(path: session.notesPath)
        let now = Date()
        _ = try store.importNotes((1...6).map { (body: "Old \($0)\ntext", modifiedAt: now.addingTimeInterval(Double(-3_600 + $0))) })
        try session.launch()
        _ = try session.waitForWindow(matching: "^Old 6 — Quire$")
        let folder = try TemporaryDirectory(prefix: "quire-import-order")
        defer { folder.remove() }
        for index in 1...5 {
            let file = folder.file("new\(index).md")
            try "New \(index)\ntext".write(toFile: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(Double(-60 + index))], ofItemAtPath: file)
        }
        let imported = try session.runSecond(["--import", folder.path])
        #expect(imported.status == 0, "\(imported.error)")
        let expected = ["New 5", "New 4", "New 3", "New 2", "New 1", "Old 6", "Old 5", "Old 4"]
        let tree = try AccessibilityTree(desktop: session.desktop)
        let shown = PinTests.titles(PinTests.rows(tree) { Array(PinTests.titles($0).prefix(8)) == expected })
        #expect(Array(shown.prefix(8)) == expected, "the list as the store orders it: \(shown)")
        #expect(try session.stop() == 0)
    }
}
