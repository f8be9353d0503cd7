public import Foundation

/// Adding many notes at once (an import, or the benchmark's seeding).
extension NoteStore {
    /// Adds every note in one transaction: all of them, or none if one fails.
    /// Observers hear one `.created` per note afterwards.
    @discardableResult
    public func importNotes(_ notes: [(body: String, modifiedAt: Date)]) throws -> [UUID] {
        var ids: [UUID] = []
        ids.reserveCapacity(notes.count)
        try ownWrite {
            for note in notes {
                let id = UUID()
                try database.execute(
                    "INSERT INTO notes (id, body, created_at, modified_at) VALUES (?, ?, ?, ?)",
                    [.text(id.uuidString), .text(note.body), .real(note.modifiedAt.timeIntervalSince1970),
                     .real(note.modifiedAt.timeIntervalSince1970)])
                ids.append(id)
            }
        }
        for id in ids { notify(.created(id), origin: nil) }
        return ids
    }
}
