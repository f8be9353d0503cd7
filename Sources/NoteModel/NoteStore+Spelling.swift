public import FoundationEssentials
import Storage

/// The language a note's spelling is checked in, where one was chosen for it
/// (a note in French among English ones). Local to this computer: it changes
/// nothing of the note, and sync does not carry it.
extension NoteStore {
    /// The language chosen for the note `id` ("fr_FR"), or nil: the app's.
    public func spellingLanguage(of id: UUID) throws -> String? {
        try database.query("SELECT language FROM note_spelling WHERE note_id = ?", [.text(id.uuidString)]).first?.string(0)
    }

    /// Chooses `language` for the note `id`; nil goes back to the app's.
    public func setSpellingLanguage(_ language: String?, of id: UUID) throws {
        if let language {
            try database.execute(
                "INSERT INTO note_spelling (note_id, language) VALUES (?, ?) ON CONFLICT (note_id) DO UPDATE SET language = excluded.language",
                [.text(id.uuidString), .text(language)])
        } else {
            try database.execute("DELETE FROM note_spelling WHERE note_id = ?", [.text(id.uuidString)])
        }
    }
}
