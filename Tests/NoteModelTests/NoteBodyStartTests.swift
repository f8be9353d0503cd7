import Foundation
@testable import NoteModel
import Testing
import TestSupport

/// The start of a note's body, read without the rest: how a window decides
/// to read a long note off the main thread, and titles itself meanwhile.
@Suite("The start of a note")
struct NoteBodyStartTests {
    let folder: TemporaryDirectory
    init() throws { folder = try TemporaryDirectory(prefix: "quire-body-start") }

    @Test("the byte count is the whole body's, the start is enough for its title and ends between two characters")
    func startOfLongNote() throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        // Three-byte characters after one ASCII byte: the start, read by bytes, ends inside one.
        let body = "# 日本語のノート\n" + String(repeating: "x" + String(repeating: "日", count: 500) + "\n", count: 2_000)
        let note = try store.createNote(body: body)
        let (byteCount, start) = try #require(try store.bodyStart(of: note.id))
        #expect(byteCount == body.utf8.count)
        #expect(body.hasPrefix(start) && !start.contains("\u{FFFD}"), "no character cut in two")
        #expect(start.unicodeScalars.count >= Note.titleSourceLength)
        #expect(Note.title(ofBody: start) == note.title)
        #expect(try store.bodyStart(of: UUID()) == nil)

        let empty = try store.createNote(body: "")
        let emptyStart = try #require(try store.bodyStart(of: empty.id))
        #expect(emptyStart.byteCount == 0 && emptyStart.start.isEmpty)
    }

    @Test("a list row's summary of a long note is made from the same start SQLite's substr gives, without reading the rest")
    func summaryOfLongNote() throws {
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let body = "🙂 Émoji title\n\n" + String(repeating: "- [x] 日本語の行 with words\n", count: 300) + String(repeating: "more\n", count: 400_000)
        let note = try store.createNote(body: body)
        let summary = try #require(try store.summary(of: note.id))
        let expected = NoteSummary(noteID: note.id, start: String(body.unicodeScalars.prefix(Note.titleSourceLength)), modifiedAt: note.modifiedAt)
        #expect(summary.title == "🙂 Émoji title" && summary.title == expected.title)
        #expect(summary.preview == expected.preview && summary.preview.hasPrefix("日本語の行 with words 日本語の行"))
        #expect(summary.taskProgress.map { [$0.done, $0.total] } == [300, 300])
    }

    @Test("a UTF-8 sequence cut off at the end is dropped; whole ones and stray bytes stay")
    func wholeCharacters() {
        func cut(_ bytes: [UInt8]) -> [UInt8] { Array(NoteStore.wholeCharacters(of: Data(bytes))) }
        #expect(cut([]) == [])
        #expect(cut([0x61, 0x62]) == [0x61, 0x62])
        #expect(cut([0x61, 0xC3, 0xA9]) == [0x61, 0xC3, 0xA9])
        #expect(cut([0x61, 0xC3]) == [0x61])
        #expect(cut([0x61, 0xE6, 0x97]) == [0x61])
        #expect(cut([0x61, 0xF0, 0x9F, 0x99]) == [0x61])
        #expect(cut([0x61, 0xF0, 0x9F, 0x99, 0x82]) == [0x61, 0xF0, 0x9F, 0x99, 0x82])
        #expect(cut([0x61, 0x80, 0x80, 0x80, 0x80]) == [0x61, 0x80, 0x80, 0x80, 0x80], "not UTF-8: left for decoding to mark")
    }
}
