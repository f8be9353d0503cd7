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

    /// The test's own search path, for poppler's tools.
    private let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]

    /// The text of the PDF at `path`, page by page.
    private func pages(of path: String, in folder: TemporaryDirectory) throws -> [String] {
        let result = try ChildProcess.run("pdftotext", ["-layout", path, "-"], environment: environment, outputDirectory: folder.path)
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
        try SourcePrint(view, header: "Groceries 100% done", pageNumbers: "Page %N of %Q", fontName: "Sans 11", jobName: "Groceries", fileName: "Groceries")
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

    @Test("a checked task in Hebrew prints right to left, as the editor shows it: its marker right of its words, its x hidden; an English one keeps its x")
    func rightToLeftTaskPrinted() throws {
        let folder = try TemporaryDirectory(prefix: "quire-print")
        defer { folder.remove() }
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        let text = "רשימה\n- [x] שלום עולם\n- [x] milk"
        view.buffer.text = text
        MainLoop.iterate(forAtMost: 0.4) { false }
        let path = folder.file("note.pdf")
        try SourcePrint(view, header: "Tasks", pageNumbers: "%N", fontName: "Sans 11", jobName: "Tasks", fileName: "Tasks").exportPDF(to: path)
        #expect(view.buffer.text == text, "the note keeps its text")
        // Each word printed, with where it starts on the page (poppler's -bbox lists them as HTML).
        let listing = try ChildProcess.run("pdftotext", ["-bbox", path, "-"], environment: environment, outputDirectory: folder.path).output
        let words: [(text: String, x: Double, y: Double)] = listing.split(separator: "\n").compactMap { line in
            guard let xAt = line.range(of: "xMin=\""), let yAt = line.range(of: "yMin=\""),
                  let open = line.range(of: "\">"), let close = line.range(of: "</word>") else { return nil }
            let number = { (from: String.Index) in Double(line[from...].prefix { $0 != "\"" }) ?? -1 }
            return (String(line[open.upperBound..<close.lowerBound]), number(xAt.upperBound), number(yAt.upperBound))
        }
        // The first marker is the Hebrew task's (the lines print in order); poppler lists Hebrew a letter at a time.
        let marker = try #require(words.first { $0.text == "-" }, "\(words)")
        let line = words.filter { abs($0.y - marker.y) < 2 }
        let hebrew = line.filter { $0.text.unicodeScalars.contains { (0x5D0...0x5EA).contains($0.value) } }
        #expect(!hebrew.isEmpty && hebrew.allSatisfy { $0.x < marker.x }, "right to left: the marker right of the words: \(line)")
        #expect(!line.contains { $0.text.contains("x") }, "its x hidden: \(line)")
        #expect(words.contains { $0.text == "[x]" }, "an English checked task keeps its x: \(words)")
    }

    @Test("a PDF that cannot be written says why, and nothing is left half written")
    func unwritablePDF() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        view.buffer.text = "Short note"
        let path = "/nonexistent-folder/note.pdf"
        #expect(throws: PrintFailure.self) {
            try SourcePrint(view, header: "Short note", pageNumbers: "%N", fontName: nil, jobName: "Short", fileName: "Short").exportPDF(to: path)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("the print settings go to a file and come back from it; a damaged file is refused with GTK's reason and changes nothing; no file changes nothing")
    func settingsKeptInAFile() throws {
        let folder = try TemporaryDirectory(prefix: "quire-print")
        defer { folder.remove() }
        // As GTK writes them; printer names do not change what a PDF export writes.
        let written = folder.file("written.ini")
        try "[Print Settings]\nprinter=Quire test printer\ncollate=true\n".write(toFile: written, atomically: true, encoding: .utf8)
        try SourcePrint.loadSettings(from: written)
        let saved = folder.file("saved.ini")
        try SourcePrint.saveLastSettings(to: saved)
        let first = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(first.contains("[Print Settings]") && first.contains("printer=Quire test printer") && first.contains("collate=true"), "\(first)")
        let permissions = try FileManager.default.attributesOfItem(atPath: saved)[.posixPermissions] as? Int
        #expect(permissions == 0o600, "readable by its owner alone: \(String(permissions ?? 0, radix: 8))")

        let damaged = folder.file("damaged.ini")
        try "printer=Quire test printer\n[Print".write(toFile: damaged, atomically: true, encoding: .utf8)
        let refusal = #expect(throws: PrintFailure.self) { try SourcePrint.loadSettings(from: damaged) }
        #expect(refusal?.message.isEmpty == false, "GTK says why")
        try SourcePrint.loadSettings(from: folder.file("none.ini"))
        let again = folder.file("again.ini")
        try SourcePrint.saveLastSettings(to: again)
        #expect(try String(contentsOfFile: again, encoding: .utf8) == first, "the settings read before are still the ones kept")
        #expect(try String(contentsOfFile: damaged, encoding: .utf8) == "printer=Quire test printer\n[Print", "the damaged file is left as it was")
    }

    @Test("the paper and its orientation are kept in the file with the settings, and an export to PDF is laid out on them; a file with none leaves the paper to GTK")
    func pageSetupKeptInAFile() throws {
        let folder = try TemporaryDirectory(prefix: "quire-print")
        defer { folder.remove() }
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        view.buffer.text = "Wide\non A5"
        func pageSize() throws -> PDFPageSize {
            let path = folder.file("note.pdf")
            try SourcePrint(view, header: "Wide", pageNumbers: "%N", fontName: nil, jobName: "Wide", fileName: "Wide").exportPDF(to: path)
            var said = ""
            return try #require(try PDFPageSize.of(path, environment: environment, outputDirectory: folder.path, report: &said), "\(said)")
        }

        // As GTK writes a page setup: A5 (148 by 210 mm), turned on its side.
        let written = folder.file("written.ini")
        try """
            [Print Settings]
            printer=Quire test printer

            [Page Setup]
            PPDName=A5
            DisplayName=A5
            Width=148
            Height=210
            MarginTop=6.35
            MarginBottom=6.35
            MarginLeft=6.35
            MarginRight=6.35
            Orientation=landscape

            """.write(toFile: written, atomically: true, encoding: .utf8)
        try SourcePrint.loadSettings(from: written)
        let wide = try pageSize()
        #expect(abs(wide.width - 595.3) < 1 && abs(wide.height - 419.5) < 1, "A5 on its side, in points: \(wide)")
        let saved = folder.file("saved.ini")
        try SourcePrint.saveLastSettings(to: saved)
        let kept = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(kept.contains("[Page Setup]") && kept.contains("Orientation=landscape") && kept.contains("Width=148"), "\(kept)")

        try "[Print Settings]\nprinter=Quire test printer\n".write(toFile: written, atomically: true, encoding: .utf8)
        try SourcePrint.loadSettings(from: written)
        let upright = try pageSize()
        #expect(upright.height > upright.width, "GTK's default paper, upright: \(upright)")
        try SourcePrint.saveLastSettings(to: saved)
        #expect(try !String(contentsOfFile: saved, encoding: .utf8).contains("[Page Setup]"))
    }
}
