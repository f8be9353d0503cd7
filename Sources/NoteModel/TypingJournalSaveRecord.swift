import Glibc

/// The record of a save that begins, for a typing journal whose save runs on
/// another thread (`BackgroundNoteSaver`): that thread writes it, with the
/// fingerprint of the text it saves, into the journal's file just before the
/// save, and puts it on disk, as its commit will be. So a process killed, or
/// a power cut, after the save and before the journal heard of it still
/// leaves a journal the next launch replays onto the saved text
/// (`TypingJournalFile.replay(onto:body:)`), however long that text is: the
/// windows' thread never reads it through.
public final class TypingJournalSaveRecord: Sendable {
    /// The journal's file as the save began (its own descriptor).
    private let file: Int32
    /// How many of the journal's edits the saved text holds.
    private let editCount: Int

    init(file: Int32, editCount: Int) {
        self.file = file
        self.editCount = editCount
    }

    deinit { close(file) }

    /// Writes the record of a save of `text` and syncs it. Where it cannot
    /// (a full disk), the journal goes without it, and a launch after a kill
    /// that followed this save sets the journal aside, with its edits.
    public func write(fingerprintOf text: String) {
        let record = TypingJournalFile.saveRecord(editCount: editCount, fingerprint: TextFingerprint.of(text))
        if TypingJournal.writeWhole(record, to: file) { fdatasync(file) }
    }
}
