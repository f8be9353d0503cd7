import Foundation
import NoteModel
import Testing
import TestSupport

/// Markdown and text files in: one note per file, its text as is; what is not
/// UTF-8 text is refused by name; the same files twice make no duplicates.
@Suite("Note import")
struct NoteImportTests {
    let folder: TemporaryDirectory
    let store: NoteStore
    init() throws {
        folder = try TemporaryDirectory(prefix: "quire-import")
        store = try NoteStore(path: folder.file("notes.sqlite"))
    }

    /// Writes `bytes` at `name` inside the test folder (folders made as needed), dated `date`.
    @discardableResult
    func file(_ name: String, _ bytes: [UInt8], date: Date = Date(timeIntervalSince1970: 1_700_000_000)) throws -> String {
        let path = folder.file(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        return path
    }

    @Test("a file's text becomes a note unchanged, dated by the file; a UTF-8 byte order mark is dropped")
    func textAsIs() throws {
        let text = "# Groceries\n\n- [ ] milk\r\n- [x] bread *fresh*\n\tcafé ☕ 日本語\n"
        let date = Date(timeIntervalSince1970: 1_600_000_000)
        let plain = try file("a.md", Array(text.utf8), date: date)
        let marked = try file("b.txt", [0xEF, 0xBB, 0xBF] + Array("marked\n".utf8))
        let (files, skipped) = NoteFileReader.readFiles([plain, marked])
        #expect(skipped.isEmpty)
        let result = try store.importFiles(files)
        #expect(result.imported.count == 2)
        let first = try #require(try store.note(id: result.imported[0]))
        #expect(first.body == text)
        #expect(first.modifiedAt == date)
        #expect(try store.note(id: result.imported[1])?.body == "marked\n")
    }

    @Test("UTF-16 with its byte order mark, as Windows' Notepad saves \"Unicode\", little or big endian, is read as its text")
    func utf16WithByteOrderMark() throws {
        let text = "Liste\r\ncafé ☕ 日本語 𝄞\r\n"
        let little = try file("little.txt", [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let big = try file("big.md", [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        let (files, skipped) = NoteFileReader.readFiles([little, big])
        #expect(skipped.isEmpty)
        #expect(files.map(\.body) == [text, text])
    }

    @Test("files that are not UTF-8 text, not Markdown or text, empty or missing are refused by name, each with its reason")
    func refusals() throws {
        let latin1 = try file("latin1.txt", [0x63, 0x61, 0x66, 0xE9, 0x0A])  // "café" in ISO-8859-1
        let utf16 = try file("utf16.md", [0xFF, 0xFE, 0x68, 0x00, 0x00, 0xD8])  // "h" then half a surrogate pair
        let utf32 = try file("utf32.md", [0xFF, 0xFE, 0x00, 0x00, 0x68, 0x00, 0x00, 0x00])
        let binary = try file("image.md", [0x89, 0x50, 0x4E, 0x47, 0x00, 0x01, 0x02])
        let blank = try file("blank.md", Array(" \n\t\n".utf8))
        let other = try file("notes.pdf", Array("%PDF".utf8))
        let good = try file("good.md", Array("good".utf8))
        let missing = folder.file("missing.md")
        let (files, skipped) = NoteFileReader.readFiles([latin1, utf16, utf32, binary, blank, other, missing, good])
        #expect(files.map(\.path) == [good])
        #expect(skipped == [
            SkippedImportFile(path: other, reason: .notMarkdownOrText),
            SkippedImportFile(path: missing, reason: .notFound),
            SkippedImportFile(path: latin1, reason: .notUTF8),
            SkippedImportFile(path: utf16, reason: .notUTF8),
            SkippedImportFile(path: utf32, reason: .notUTF8),
            SkippedImportFile(path: binary, reason: .binary),
            SkippedImportFile(path: blank, reason: .empty),
        ])
    }

    @Test("a folder gives its .md and .txt files, subfolders included and hidden ones passed over, in order")
    func folders() throws {
        try file("notes/b.md", Array("b".utf8))
        try file("notes/a.TXT", Array("a".utf8))
        try file("notes/sub/c.markdown", Array("c".utf8))
        try file("notes/picture.png", [0x89, 0x50])
        try file("notes/.hidden.md", Array("hidden".utf8))
        try file("notes/.trash/d.md", Array("d".utf8))
        var reported: [(Int, Int)] = []
        let (files, skipped) = NoteFileReader.readFiles([folder.file("notes"), folder.file("notes/b.md")]) {
            reported.append(($0, $1))
            return true
        }
        #expect(files.map(\.body) == ["a", "b", "c"], "the file given again inside its folder counts once")
        #expect(skipped.isEmpty, "other files in a folder are passed over silently")
        #expect(reported.map(\.0) == [1, 2, 3] && reported.allSatisfy { $0.1 == 3 })
        let stopped = NoteFileReader.readFiles([folder.file("notes")]) { done, _ in done < 2 }
        #expect(stopped.files.map(\.body) == ["a", "b"], "reading stops when asked")
    }

    @Test("a folder's subfolders become its notes' categories, as Nextcloud's Notes apps keep them; a file given itself has none; an export writes them back as folders")
    func subfoldersAreCategories() throws {
        try file("notes/top.md", Array("Top\nno category".utf8))
        try file("notes/Recipes/soup.md", Array("Soup\nhot".utf8))
        try file("notes/Recipes/Cakes/sponge.txt", Array("Sponge\ncake".utf8))
        let alone = try file("elsewhere/Work/plan.md", Array("Plan\nalone".utf8))
        let read = NoteFileReader.readFiles([folder.file("notes"), alone])
        #expect(read.files.map(\.category) == ["Recipes/Cakes", "Recipes", "", ""], "\(read.files.map(\.path))")
        let imported = try store.importFiles(read.files)
        #expect(imported.imported.count == 4)
        #expect(try store.categories().map(\.path) == ["Recipes", "Recipes/Cakes"])

        let out = try TemporaryDirectory(prefix: "quire-export-categories")
        defer { out.remove() }
        let names = try NoteExporter.export(try store.allNotes(), to: out.path, untitled: "Untitled")
        #expect(Set(names) == ["Top.md", "Recipes/Soup.md", "Recipes/Cakes/Sponge.md", "Plan.md"])
        #expect(FileManager.default.contents(atPath: out.file("Recipes/Cakes/Sponge.md")) == Data("Sponge\ncake".utf8))
        let again = NoteFileReader.readFiles([out.path])
        #expect(Set(again.files.map { "\($0.category)|\($0.body)" }) == Set(try store.allNotes().map { "\($0.category)|\($0.body)" }),
                "exported and read again, every note has its category back")
    }

    @Test("importing the same files twice, or notes exported from here, makes no duplicates; a trashed note's file comes back")
    func noDuplicates() throws {
        let one = try file("one.md", Array("one".utf8))
        let two = try file("two.md", Array("two".utf8))
        let copy = try file("copy-of-one.md", Array("one".utf8))
        let first = try store.importFiles(NoteFileReader.readFiles([one, two, copy]).files)
        #expect(first.imported.count == 2)
        #expect(first.skipped == [SkippedImportFile(path: copy, reason: .alreadyANote)])
        let again = try store.importFiles(NoteFileReader.readFiles([one, two]).files)
        #expect(again.imported.isEmpty && again.skipped.count == 2)
        let written = try store.createNote(body: "written here")
        let exported = try TemporaryDirectory(prefix: "quire-export")
        _ = try NoteExporter.export(try store.allNotes(), to: exported.path, untitled: "Untitled")
        #expect(try store.importFiles(NoteFileReader.readFiles([exported.path]).files).imported.isEmpty)
        try store.moveToTrash(written.id)
        let back = try store.importFiles(NoteFileReader.readFiles([exported.path]).files)
        #expect(back.imported.count == 1)
        #expect(try store.allNotes().count == 3)
    }

    @Test("an import is one transaction, seen whole by another process's connection")
    func oneTransaction() throws {
        let other = try NoteStore(path: store.path)
        let files = (0..<50).map { ImportableNoteFile(path: "/n\($0).md", body: "note \($0)", modifiedAt: Date()) }
        var changes = 0
        let observation = other.observe { _, _ in changes += 1 }
        _ = try store.importFiles(files)
        try other.followOtherWriters()
        #expect(changes == 50)
        #expect(try other.allNotes().count == 50)
        _ = observation
    }

    @Test("Undo takes an import back, except a note edited since")
    func undo() throws {
        let result = try store.importFiles(["a", "b", "c"].map { ImportableNoteFile(path: "/\($0).md", body: $0, modifiedAt: Date()) })
        let edited = try #require(try store.note(id: result.imported[1]))
        #expect(try store.saveBody(of: edited.id, to: "b, edited", over: edited.revision) == .saved(revision: edited.revision + 1))
        var deleted: [UUID] = []
        let observation = store.observe { change, _ in if case let .deletedPermanently(id) = change { deleted.append(id) } }
        #expect(try store.undoImport(result.imported) == 1)
        #expect(try store.allNotes().map(\.body) == ["b, edited"])
        #expect(Set(deleted) == [result.imported[0], result.imported[2]])
        _ = observation
    }
}
