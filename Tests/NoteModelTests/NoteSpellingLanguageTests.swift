import Foundation
@testable import NoteModel
import Testing
import TestSupport

@Suite("A note's spelling language")
struct NoteSpellingLanguageTests {
    @Test("chosen per note, changed, taken back; the note's text, revision and change sequence untouched; gone with the note")
    func perNote() throws {
        let folder = try TemporaryDirectory(prefix: "quire-spelling")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let french = try store.createNote(body: "Recette\ndes crêpes")
        let other = try store.createNote(body: "Plan")
        #expect(try store.spellingLanguage(of: french.id) == nil)
        let revision = try store.revision(of: french.id)
        let other2 = try NoteStore(path: folder.file("notes.sqlite"))
        var heard: [NoteChange] = []
        let observation = other2.observe { change, _ in heard.append(change) }
        try store.setSpellingLanguage("fr_FR", of: french.id)
        #expect(try store.spellingLanguage(of: french.id) == "fr_FR")
        #expect(try store.spellingLanguage(of: other.id) == nil)
        try store.setSpellingLanguage("fr_CA", of: french.id)
        #expect(try store.spellingLanguage(of: french.id) == "fr_CA")
        #expect(try store.revision(of: french.id) == revision && store.note(id: french.id)?.body == "Recette\ndes crêpes")
        try other2.followOtherWriters()
        #expect(heard.isEmpty, "no change for other processes or sync to follow")
        _ = observation
        #expect(try NoteStore(path: folder.file("notes.sqlite")).spellingLanguage(of: french.id) == "fr_CA", "kept")
        try store.setSpellingLanguage(nil, of: french.id)
        #expect(try store.spellingLanguage(of: french.id) == nil)
        try store.setSpellingLanguage("de_DE", of: other.id)
        try store.moveToTrash(other.id)
        try store.emptyTrash()
        #expect(try store.spellingLanguage(of: other.id) == nil, "gone with its note")
    }
}
