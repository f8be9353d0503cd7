import Foundation
import NoteModel
import Testing
import TestSupport

/// Windows observe the store; each change carries its writer's origin.
@Suite("Note change notifications")
struct NoteChangeTests {
    @Test("every change is told to observers with its origin, until the observation is released")
    func notifications() throws {
        let folder = try TemporaryDirectory(prefix: "quire-changes")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let editor = NoteChangeOrigin()
        var seen: [(NoteChange, NoteChangeOrigin?)] = []
        let note: Note
        do {
            let observation = store.observe { seen.append(($0, $1)) }
            note = try withExtendedLifetime(observation) {
                let note = try store.createNote(body: "new", origin: editor)
                try store.updateBody(of: note.id, to: "edited", origin: editor)
                try store.moveToTrash(note.id)
                try store.restoreFromTrash(note.id)
                try store.moveToTrash(note.id)
                try store.deletePermanently(note.id)
                return note
            }
        }
        #expect(seen.map(\.0) == [
            .created(note.id), .edited(note.id), .movedToTrash(note.id), .restoredFromTrash(note.id),
            .movedToTrash(note.id), .deletedPermanently(note.id),
        ])
        #expect(seen.map(\.1) == [editor, editor, nil, nil, nil, nil], "an editor can tell its own writes")

        try store.createNote(body: "unobserved")
        #expect(seen.count == 6, "a released observation hears nothing more")
    }

    @Test("a failed write tells nobody")
    func failedWriteIsSilent() throws {
        let folder = try TemporaryDirectory(prefix: "quire-changes")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        var seen: [NoteChange] = []
        let observation = store.observe { change, _ in seen.append(change) }
        withExtendedLifetime(observation) {
            #expect(throws: NoteStoreError.self) { try store.updateBody(of: UUID(), to: "nowhere") }
            #expect(seen.isEmpty)
        }
    }
}
