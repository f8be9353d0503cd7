import Foundation
import NoteModel
import Testing

/// An edit typed in one window, as another window of the note applies it.
@Suite("Note edits")
struct NoteEditTests {
    @Test("inserts and deletes apply by character offset, clamped to the text; step marks change nothing", arguments: [
        (NoteEdit.insert(offset: 5, text: ", world"), "hello", "hello, world"),
        (.insert(offset: 0, text: "¡"), "hola", "¡hola"),
        (.insert(offset: 99, text: "!"), "end", "end!"),
        (.delete(offset: 1, length: 3), "abcdef", "aef"),
        (.delete(offset: 4, length: 99), "abcdef", "abcd"),
        (.insert(offset: 2, text: "語"), "日本のメモ", "日本語のメモ"),
        (.delete(offset: 0, length: 1), "👩‍💻 notes", " notes"),
        (.beginStep, "- [ ] milk", "- [ ] milk"),
        (.endStep, "- [x] milk", "- [x] milk"),
    ])
    func applying(edit: NoteEdit, before: String, after: String) {
        #expect(edit.applied(to: before) == after)
    }
}
