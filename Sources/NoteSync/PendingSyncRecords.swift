import FoundationEssentials
import NoteModel

/// What a sync has done and not yet written down: notes the server now holds,
/// and notes whose new name was taken meanwhile (their records forgotten, so
/// that the next sync picks another).
struct PendingSyncRecords {
    /// Records of notes sent.
    var sent: [SyncedNoteFile] = []
    /// Notes whose records go.
    var forgotten: [UUID] = []
}
