import FoundationEssentials
import NoteModel

/// A note that has no file yet, as a sync is about to send it: its record as
/// on its way (a new name, and the fingerprint of the text sent) and that text,
/// read once, so what goes to the server is what the record says was sent.
struct OutgoingNote: Sendable {
    /// The note's record while its text is on its way.
    let file: SyncedNoteFile
    /// The note's text, as sent.
    let data: Data
    /// The note's revision that holds the text.
    let revision: Int64

    /// The note's record once the server holds the text, as version `etag`.
    func sent(etag: String?) -> SyncedNoteFile {
        var sent = file
        sent.etag = etag
        sent.syncedHash = file.sentHash ?? ""
        sent.sentHash = nil
        sent.syncedRevision = revision
        return sent
    }
}
