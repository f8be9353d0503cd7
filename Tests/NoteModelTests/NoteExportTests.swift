import Foundation
import NoteModel
import Testing
import TestSupport

/// Notes out as Markdown files: named after their titles, safe for any file
/// system, unique in the folder, text and date unchanged, nothing half-written.
@Suite("Note export")
struct NoteExportTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory(prefix: "quire-export") }

    func note(_ body: String, at seconds: TimeInterval = 1_650_000_000.25) -> Note {
        Note(id: UUID(), body: body, createdAt: Date(timeIntervalSince1970: seconds), modifiedAt: Date(timeIntervalSince1970: seconds))
    }

    func contents(_ name: String) -> String? {
        FileManager.default.contents(atPath: folder.file(name)).flatMap { String(data: $0, encoding: .utf8) }
    }

    @Test("each note becomes <title>.md with its text unchanged and its modification time")
    func namesTextAndDates() throws {
        let notes = [note("# Groceries\n- milk\r\n", at: 1_600_000_000.5), note("Plans: 2026/27?\nsoon"), note("\n\n"), note("Groceries\nagain")]
        let names = try NoteExporter.export(notes, to: folder.path, untitled: "Untitled")
        #expect(names == ["Groceries.md", "Plans- 2026-27-.md", "Untitled.md", "Groceries (2).md"])
        #expect(contents("Groceries.md") == "# Groceries\n- milk\r\n")
        let date = try FileManager.default.attributesOfItem(atPath: folder.file("Groceries.md"))[.modificationDate] as? Date
        #expect(abs((date?.timeIntervalSince1970 ?? 0) - 1_600_000_000.5) < 0.001)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set(names), "no temporary file is left")
    }

    @Test("file names are safe for every file system")
    func safeNames() {
        #expect(NoteFileName.base(for: "a/b\\c:d*e?f\"g<h>i|j", fallback: "U") == "a-b-c-d-e-f-g-h-i-j")
        #expect(NoteFileName.base(for: " ..hidden. ", fallback: "U") == "hidden")
        #expect(NoteFileName.base(for: "con", fallback: "U") == "con_")
        #expect(NoteFileName.base(for: "LPT1.notes", fallback: "U") == "LPT1.notes_")
        #expect(NoteFileName.base(for: "tab\there\u{7}\u{200E}", fallback: "U") == "tabhere")
        #expect(NoteFileName.base(for: "...", fallback: "U") == "U")
        // The joiners stay: one family emoji, not four people; a Persian word's shape.
        #expect(NoteFileName.base(for: "👩\u{200D}👩\u{200D}👧 plans\u{202E}", fallback: "U") == "👩\u{200D}👩\u{200D}👧 plans")
        #expect(NoteFileName.base(for: "می\u{200C}خواهم", fallback: "U") == "می\u{200C}خواهم")
        #expect(NoteFileName.nextcloudBase(for: "👩\u{200D}👧\u{FEFF}", fallback: "U") == "👩\u{200D}👧")
        let long = NoteFileName.base(for: String(repeating: "日本", count: 200), fallback: "U")
        #expect(long.utf8.count <= 200 && long.hasPrefix("日本"))
        var taken: Set<String> = ["notes.md"]
        #expect(NoteFileName.unique("Notes", extension: "md", taken: &taken) == "Notes (2).md", "unique without regard to case")
    }

    @Test("another file in the folder is never overwritten; exporting again rewrites nothing")
    func neverOverwrites() throws {
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder.file("groceries.md")))
        let notes = [note("Groceries\nmilk"), note("Plans")]
        #expect(try NoteExporter.export(notes, to: folder.path, untitled: "U") == ["Groceries (2).md", "Plans.md"])
        #expect(contents("groceries.md") == "mine")
        #expect(try NoteExporter.export(notes, to: folder.path, untitled: "U") == ["Groceries (2).md", "Plans.md"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 3)
    }

    @Test("a folder that is missing, a file, or full says why and is left as it was")
    func failures() throws {
        let missing = folder.file("nowhere")
        #expect(throws: NoteExportError.folderMissing(missing)) { try NoteExporter.export([note("a")], to: missing, untitled: "U") }
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.file("plain")))
        #expect(throws: NoteExportError.notAFolder(folder.file("plain"))) {
            try NoteExporter.export([note("a")], to: folder.file("plain"), untitled: "U")
        }
        let disk = try SmallDisk(megabytes: 1)
        let big = String(repeating: "word ", count: 60_000)  // 300 kB each: the fourth does not fit
        let notes = (1...5).map { note("Note \($0)\n" + big) }
        #expect {
            try NoteExporter.export(notes, to: disk.path, untitled: "U")
        } throws: { error in
            guard case let .cannotWrite(path, reason) = error as? NoteExportError else { return false }
            return path.hasPrefix(disk.path) && reason == String(cString: strerror(ENOSPC))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty, "nothing half-written, nothing left")
    }

    @Test("one note exports to the path the person chose, replacing what was there")
    func oneNote() throws {
        let path = folder.file("chosen.md")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try NoteExporter.exportNote(note("new text"), to: path)
        #expect(contents("chosen.md") == "new text")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["chosen.md"])
    }
}
