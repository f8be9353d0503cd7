import Foundation
import Testing
import TestSupport

/// Printing from the keyboard, as a person does: Ctrl+P, GTK's print dialog,
/// Print to File, and the PDF read back (poppler's pdftotext).
@Suite("Printing, end to end", .serialized)
struct PrintTests {
    @Test("Ctrl+P opens the print dialog over the note; Print to File writes it as a PDF named after the note, titled and numbered; the keyboard is back in the note; the next print starts on the same printer, in the folder the last file went to, after a relaunch too; another note's print does not go over the first's file")
    func printToFile() throws {
        let session = try QuireSession(accessibility: true)
        let (documents, config) = try Self.documentsFolder(of: session)
        let window = try Self.printDialog(of: "Shopping list\nmilk and eggs", titled: "Shopping list", in: session, config: config)
        session.keepScreenshot(named: "print-dialog")
        // The one printer there is, Print to File (its file named after the note), then Print (Alt+P):
        // from the tabs into the list, and its first printer.
        try session.desktop.xdotool("key", "Tab", "Down")
        session.keepScreenshot(named: "print-dialog-chosen")
        try session.desktop.xdotool("key", "alt+p")
        let pdf = documents + "/Shopping list.pdf"
        #expect(eventually(within: 15) { session.desktop.windowTitles(matching: "^Print$").isEmpty }, "the dialog closes")
        #expect(eventually(within: 15) { (try? Data(contentsOf: URL(fileURLWithPath: pdf)))?.starts(with: Data("%PDF".utf8)) == true })
        let text = try ChildProcess.run(
            "pdftotext", ["-layout", pdf, "-"], environment: session.environment(), outputDirectory: session.desktop.directory.path)
        #expect(text.status == 0 && text.output.contains("Shopping list") && text.output.contains("milk and eggs")
                && text.output.contains("Page 1 of 1"), "\(text.output) \(text.error)")
        // The keyboard is in the note again.
        try session.desktop.xdotool("key", "ctrl+End")
        try session.desktop.type(" and bread", into: window)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Shopping list\nmilk and eggs and bread" })

        // Ctrl+P and, with no choice made, Print: only the printer last used, Print to File, writes the PDF again.
        func printOnLastPrinter(_ when: String, to pdf: String = pdf) throws {
            try? FileManager.default.removeItem(atPath: pdf)
            try session.desktop.xdotool("key", "ctrl+p")
            let dialog = try session.waitForWindow(matching: "^Print$")
            try session.desktop.xdotool("windowfocus", "--sync", dialog)
            #expect(!(try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name == "Print to File" && $0.isSelected })).isEmpty,
                    "the printer last used is chosen \(when)")
            try session.desktop.xdotool("key", "alt+p")
            #expect(eventually(within: 15) { (try? Data(contentsOf: URL(fileURLWithPath: pdf)))?.starts(with: Data("%PDF".utf8)) == true },
                    "printed to the file \(when)")
            #expect(eventually(within: 15) { session.desktop.windowTitles(matching: "^Print$").isEmpty }, "the dialog closes \(when)")
        }

        // The next print starts where this one left off.
        try printOnLastPrinter("in the same run")
        let second = try ChildProcess.run(
            "pdftotext", ["-layout", pdf, "-"], environment: session.environment(), outputDirectory: session.desktop.directory.path)
        #expect(second.output.contains("milk and eggs and bread"), "\(second.output)")
        #expect(try session.stop() == 0)

        // Kept for the next launch too, with the page setup; there the paper is turned on its side, as if chosen so.
        let keptFile = "\(session.stateHome)/io.github.quire.Quire/print-settings.ini"
        let kept = try String(contentsOfFile: keptFile, encoding: .utf8)
        #expect(kept.contains("[Print Settings]") && kept.contains("printer=Print to File"), "\(kept)")
        #expect(kept.contains("[Page Setup]") && kept.contains("Orientation=portrait"), "\(kept)")
        // And as if the last file had gone to another folder, under another name.
        let elsewhere = session.desktop.directory.file("Printed")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let lastFile = try #require(kept.split(separator: "\n").first { $0.hasPrefix("output-uri=") }, "\(kept)")
        try kept.replacingOccurrences(of: "Orientation=portrait", with: "Orientation=landscape")
            .replacingOccurrences(of: lastFile, with: "output-uri=" + URL(fileURLWithPath: elsewhere + "/Old print.pdf").absoluteString)
            .write(toFile: keptFile, atomically: true, encoding: .utf8)
        try session.launch(environment: ["XDG_CONFIG_HOME": config])
        _ = try session.waitForWindow(matching: "^Shopping list — Quire$")
        let moved = elsewhere + "/Shopping list.pdf"
        try printOnLastPrinter("after a relaunch", to: moved)
        var said = ""
        let size = try PDFPageSize.of(moved, environment: session.environment(), outputDirectory: session.desktop.directory.path, report: &said)
        #expect(size.map { $0.width > $0.height } == true, "printed on its side, as the kept page setup says: \(said)")

        // Another note, printed the same way, gets a file of its own beside the first.
        let shopping = try session.waitForWindow(matching: "^Shopping list — Quire$")
        try session.desktop.xdotool("windowfocus", "--sync", shopping)
        try session.desktop.xdotool("key", "ctrl+n")
        let recipes = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Recipes\nflour and sugar", into: recipes)
        _ = try session.waitForWindow(matching: "^Recipes — Quire$")
        try printOnLastPrinter("for another note", to: elsewhere + "/Recipes.pdf")
        let files = try FileManager.default.contentsOfDirectory(atPath: elsewhere).sorted()
        #expect(files == ["Recipes.pdf", "Shopping list.pdf"], "\(files)")
        let first = try ChildProcess.run(
            "pdftotext", ["-layout", moved, "-"], environment: session.environment(), outputDirectory: session.desktop.directory.path)
        #expect(first.output.contains("milk and eggs and bread") && !first.output.contains("flour"), "\(first.output)")
        #expect(try session.stop() == 0)
        #expect(try String(contentsOfFile: keptFile, encoding: .utf8).contains("Orientation=landscape"), "the page setup is kept as it was used")
    }

    @Test("print settings kept by a damaged file are not read: the dialog starts from its defaults, prints, says why in the log, and leaves the file as it was")
    func damagedSettingsFile() throws {
        let session = try QuireSession(accessibility: true)
        let (documents, config) = try Self.documentsFolder(of: session)
        let kept = "\(session.stateHome)/io.github.quire.Quire/print-settings.ini", damaged = "printer=Print to File\n[Print"
        try FileManager.default.createDirectory(atPath: (kept as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try damaged.write(toFile: kept, atomically: true, encoding: .utf8)
        _ = try Self.printDialog(of: "Printed anyway", titled: "Printed anyway", in: session, config: config)
        try session.desktop.xdotool("key", "Tab", "Down", "alt+p")
        #expect(eventually(within: 15) { (try? Data(contentsOf: URL(fileURLWithPath: documents + "/Printed anyway.pdf")))?.starts(with: Data("%PDF".utf8)) == true })
        #expect(session.messages.contains("the print settings in \(kept) could not be read"), "\(session.messages.suffix(600))")
        #expect(try session.stop() == 0)
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == damaged, "the file is left as it was")
    }

    @Test("the folder the last print to a file went to, since removed: Print to File proposes the Documents folder, and writes the PDF there")
    func lastFolderRemoved() throws {
        let session = try QuireSession(accessibility: true)
        let (documents, config) = try Self.documentsFolder(of: session)
        let kept = "\(session.stateHome)/io.github.quire.Quire/print-settings.ini"
        let gone = session.desktop.directory.file("Removed since") + "/Old print.pdf"
        try FileManager.default.createDirectory(atPath: (kept as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "[Print Settings]\nprinter=Print to File\noutput-uri=\(URL(fileURLWithPath: gone).absoluteString)\n"
            .write(toFile: kept, atomically: true, encoding: .utf8)
        _ = try Self.printDialog(of: "Moved folder\nprinted anyway", titled: "Moved folder", in: session, config: config)
        #expect(!(try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name == "Print to File" && $0.isSelected })).isEmpty,
                "the printer last used is chosen")
        session.keepScreenshot(named: "print-last-folder-removed")
        try session.desktop.xdotool("key", "alt+p")
        #expect(eventually(within: 15) { (try? Data(contentsOf: URL(fileURLWithPath: documents + "/Moved folder.pdf")))?.starts(with: Data("%PDF".utf8)) == true },
                "in the Documents folder: \((try? FileManager.default.contentsOfDirectory(atPath: documents)) ?? [])")
        #expect(!FileManager.default.fileExists(atPath: (gone as NSString).deletingLastPathComponent), "the removed folder is not made again")
        #expect(try session.stop() == 0)
    }

    /// Launches Quire, types `text` into its new note, which `title` then
    /// names, and opens the print dialog with Ctrl+P; returns the note's window
    /// once the dialog has the keyboard and lists Print to File (it lists
    /// printers as its backends find them).
    private static func printDialog(of text: String, titled title: String, in session: QuireSession, config: String) throws -> String {
        try session.launch(environment: ["XDG_CONFIG_HOME": config])
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type(text, into: window)
        _ = try session.waitForWindow(matching: "^\(title) — Quire$")
        try session.desktop.xdotool("key", "ctrl+p")
        let dialog = try session.waitForWindow(matching: "^Print$")
        try session.desktop.xdotool("windowfocus", "--sync", dialog)
        #expect(!(try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name == "Print to File" })).isEmpty)
        return window
    }

    /// Makes the folder Print to File writes to, the desktop's Documents
    /// folder (one of the test's own, named in a `user-dirs.dirs`); returns it
    /// and the configuration folder naming it, for the launch's `XDG_CONFIG_HOME`.
    private static func documentsFolder(of session: QuireSession) throws -> (documents: String, config: String) {
        let documents = session.desktop.directory.file("Documents"), config = session.desktop.directory.file("config")
        try FileManager.default.createDirectory(atPath: documents, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "XDG_DOCUMENTS_DIR=\"\(documents)\"\n".write(toFile: config + "/user-dirs.dirs", atomically: true, encoding: .utf8)
        return (documents, config)
    }

    @Test("Escape in the print dialog prints nothing and leaves the note as it was")
    func cancelled() throws {
        let session = try QuireSession()
        try session.launch()
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Not printed", into: window)
        _ = try session.waitForWindow(matching: "^Not printed — Quire$")
        try session.desktop.xdotool("key", "ctrl+p")
        let dialog = try session.waitForWindow(matching: "^Print$")
        try session.desktop.xdotool("windowfocus", "--sync", dialog)
        try session.desktop.xdotool("key", "Escape")
        #expect(eventually(within: 10) { session.desktop.windowTitles(matching: "^Print$").isEmpty })
        try session.desktop.type(" yet", into: window)
        #expect(eventually(within: 5) { (try? session.storedBody()) == "Not printed yet" })
        #expect(session.process?.isRunning == true)
        #expect(try session.stop() == 0)
    }
}
