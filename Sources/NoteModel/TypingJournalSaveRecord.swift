import Glibc

/// The record of a save that begins: the thread making the save writes it,
/// with the fingerprint of the text it saves, into the journal's file just
/// before the save. On another thread (`BackgroundNoteSaver`) it also puts
/// it on disk, as its commit will be; the windows' thread, which never waits
/// for the disk, only writes it. So a process killed (or, off the windows'
/// thread, a power cut) after the save and before the journal heard of it
/// still leaves a journal the next launch replays onto the saved text
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

    /// Writes the record of a save of `text` and, with `syncing`, syncs it
    /// (a save on the windows' thread, which never waits for the disk, only
    /// writes it: the kernel keeps it across the process's death). Where it
    /// cannot (a full disk), the journal goes without it, and a launch after
    /// a kill that followed this save sets the journal aside, with its edits.
    public func write(fingerprintOf text: String, syncing: Bool = true) {
        let record = TypingJournalFile.saveRecord(editCount: editCount, fingerprint: TextFingerprint.of(text))
        if TypingJournal.writeWhole(record, to: file), syncing { fdatasync(file) }
    }
}
