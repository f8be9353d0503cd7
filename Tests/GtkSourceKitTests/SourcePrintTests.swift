import Foundation
import GtkKit
import GtkSourceKit
import Testing
import TestSupport

/// Printing a styled editor's text, read back from the PDF it writes (with
/// poppler's pdftotext): every page headed, numbered, and all of the text on them.
@MainActor
@Suite("Printing a note", .serialized)
struct SourcePrintTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run ./meson-wrapper.sh test")
        FatalLogMessages.handle()
    }

    /// The text of the PDF at `path`, page by page.
    private func pages(of path: String, in folder: TemporaryDirectory) throws -> [String] {
        let result = try ChildProcess.run(
            "pdftotext", ["-layout", path, "-"], environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"],
            outputDirectory: folder.path)
        try #require(result.status == 0, "pdftotext: \(result.error)")
        return result.output.components(separatedBy: "\u{0C}").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    @Test("a long note prints on numbered pages, each headed by its title (a % in it kept), with every line of it")
    func longNoteToPDF() throws {
        let folder = try TemporaryDirectory(prefix: "quire-print")
        defer { folder.remove() }
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        let lines = (1...150).map { "- [ ] Task number \($0), with **bold** words" }
        view.buffer.text = (["# Groceries 100% done"] + lines).joined(separator: "\n")
        let path = folder.file("note.pdf")
        try SourcePrint(view, header: "Groceries 100% done", pageNumbers: "Page %N of %Q", fontName: "Sans 11", jobName: "Groceries")
            .exportPDF(to: path)
        if let artifacts = ProcessInfo.processInfo.environment["QUIRE_TEST_ARTIFACTS"] {  // kept for a person to look at
            try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: artifacts + "/printed-note.pdf")
            try? FileManager.default.copyItem(atPath: path, toPath: artifacts + "/printed-note.pdf")
        }
        let printed = try pages(of: path, in: folder)
        #expect(printed.count >= 3, "150 lines take pages: \(printed.count)")
        for (index, page) in printed.enumerated() {
            #expect(page.contains("Groceries 100% done"), "page \(index + 1) is headed by the title")
            #expect(page.contains("Page \(index + 1) of \(printed.count)"), "page \(index + 1) is numbered")
        }
        let all = printed.joined()
        #expect(lines.allSatisfy { all.contains($0) }, "every line is printed, marks as typed")
    }

    @Test("a PDF that cannot be written says why, and nothing is left half written")
    func unwritablePDF() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        view.buffer.text = "Short note"
        let path = "/nonexistent-folder/note.pdf"
        #expect(throws: PrintFailure.self) {
            try SourcePrint(view, header: "Short note", pageNumbers: "%N", fontName: nil, jobName: "Short").exportPDF(to: path)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
