import Foundation
import Testing
import TestSupport

/// Printing from the keyboard, as a person does: Ctrl+P, GTK's print dialog,
/// Print to File, and the PDF read back (poppler's pdftotext).
@Suite("Printing, end to end", .serialized)
struct PrintTests {
    @Test("Ctrl+P opens the print dialog over the note; Print to File writes it as a PDF, titled and numbered; the keyboard is back in the note; the next print starts on the same printer")
    func printToFile() throws {
        let session = try QuireSession(accessibility: true)
        // Where Print to File writes: the desktop's Documents folder, one of the test's own.
        let documents = session.desktop.directory.file("Documents"), config = session.desktop.directory.file("config")
        try FileManager.default.createDirectory(atPath: documents, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "XDG_DOCUMENTS_DIR=\"\(documents)\"\n".write(toFile: config + "/user-dirs.dirs", atomically: true, encoding: .utf8)
        try session.launch(environment: ["XDG_CONFIG_HOME": config])
        let window = try session.waitForWindow(matching: "^New Note — Quire$")
        try session.desktop.type("Shopping list\nmilk and eggs", into: window)
        _ = try session.waitForWindow(matching: "^Shopping list — Quire$")
        try session.desktop.xdotool("key", "ctrl+p")
        let dialog = try session.waitForWindow(matching: "^Print$")
        session.keepScreenshot(named: "print-dialog")
        try session.desktop.xdotool("windowfocus", "--sync", dialog)
        // The one printer there is, Print to File (its file is named output.pdf), then Print (Alt+P).
        // The dialog lists printers as its backends find them: once Print to File is there,
        // from the tabs into the list, and its first printer.
        #expect(!(try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name == "Print to File" })).isEmpty)
        try session.desktop.xdotool("key", "Tab", "Down")
        session.keepScreenshot(named: "print-dialog-chosen")
        try session.desktop.xdotool("key", "alt+p")
        let pdf = documents + "/output.pdf"
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

        // The next print starts where this one left off: Print to File is chosen already, Print prints.
        try FileManager.default.removeItem(atPath: pdf)
        try session.desktop.xdotool("key", "ctrl+p")
        let again = try session.waitForWindow(matching: "^Print$")
        try session.desktop.xdotool("windowfocus", "--sync", again)
        #expect(!(try AccessibilityTree(desktop: session.desktop).elements(once: { $0.name == "Print to File" && $0.isSelected })).isEmpty,
                "the printer last used is chosen")
        try session.desktop.xdotool("key", "alt+p")
        #expect(eventually(within: 15) { (try? Data(contentsOf: URL(fileURLWithPath: pdf)))?.starts(with: Data("%PDF".utf8)) == true })
        let second = try ChildProcess.run(
            "pdftotext", ["-layout", pdf, "-"], environment: session.environment(), outputDirectory: session.desktop.directory.path)
        #expect(second.output.contains("milk and eggs and bread"), "\(second.output)")
        #expect(try session.stop() == 0)
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
