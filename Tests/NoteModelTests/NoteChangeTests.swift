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

    @Test("changes made or found together are told together: an import, a trash emptied, other connections' writes; each other change on its own")
    func changesTogether() throws {
        let folder = try TemporaryDirectory(prefix: "quire-changes")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let other = try NoteStore(path: folder.file("notes.sqlite"))
        var batches: [([NoteChange], NoteChangeOrigin?)] = []
        var single: [NoteChange] = []
        let observations = (store.observeTogether { batches.append(($0, $1)) }, store.observe { change, _ in single.append(change) })
        try withExtendedLifetime(observations) {
            let imported = try store.importNotes((1...3).map { (body: "Imported \($0)", modifiedAt: Date()) })
            #expect(batches.count == 1 && batches.last?.0 == imported.map(NoteChange.created), "an import, in one call")
            let made = try store.createNote(body: "alone")
            #expect(batches.count == 2 && batches.last?.0 == [.created(made.id)], "one change, on its own")

            for id in imported.prefix(2) { try store.moveToTrash(id) }
            try store.emptyTrash()
            #expect(batches.last?.0 == imported.prefix(2).map(NoteChange.deletedPermanently), "the trash emptied, in one call")

            let elsewhere = try (1...4).map { try other.createNote(body: "Elsewhere \($0)").id }
            try other.moveToTrash(made.id)
            let before = batches.count
            try store.followOtherWriters()
            #expect(batches.count == before + 1, "another connection's writes since the last look, in one call")
            #expect(batches.last?.0 == elsewhere.map(NoteChange.edited) + [.movedToTrash(made.id)], "in the order written")
            #expect(batches.last?.1 == .elsewhere)
        }
        #expect(single.count == batches.map(\.0.count).reduce(0, +), "observe hears each of them one at a time")
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
