public import FoundationEssentials
import Storage
import Glibc
import Synchronization

/// Every edit typed into one note, appended as it is made to a small file of
/// its own outside the notes database, so that a process killed (or losing
/// its display) before the autosave loses none of it: `write()` alone, with
/// no `fsync`, hands each record to the kernel, which keeps it across the
/// process's death. The autosave remains the way text reaches the database;
/// once a save is done, the journal starts again from the saved revision,
/// keeping only the edits made after the text that was saved. A journal with
/// no edits left is removed.
///
/// The file (`TypingJournalFile` reads it back) begins with the note and the
/// revision whose text the edits apply to, then holds records: an edit, the
/// whole text (where the windows' text stopped being the stored revision's
/// plus the recorded edits, after a merge), and a save that began (with a
/// fingerprint of the text it writes, so a launch can tell whether that save
/// reached the database before the journal heard of it; the thread making the
/// save writes it, `TypingJournalSaveRecord`). Files are private
/// (0600); a record is one `write()`, put on disk within half a second off
/// the windows' thread (`TypingJournalSync`). The journal holds a lock on its file
/// while it lives, so another Quire's launch never takes it for a dead one's
/// (`TypingJournalRecovery`).
///
/// A journal started again is written beside the old one, and takes its place
/// (as a removed one goes) only once the notes' log is on disk: a save on the
/// windows' thread reaches the disk up to half a second after its commit, so a
/// power cut may keep the journal of after a save and lose the save. Until
/// then the old file, which replays onto the revision before, gets the edits
/// too where they follow its text; recovery tries the fresh one first.
public final class TypingJournal {
    /// The note.
    public let noteID: UUID
    /// The file.
    public let path: String
    private let folder: String
    /// The notes database, whose log is on disk before a journal names a
    /// revision of it (nil: its commits are always on disk when made).
    private let notes: String?
    /// The journal's file, written to: at `path`, or beside it waiting to replace it.
    private var descriptor: Int32 = -1
    /// The file at `path` while it waits to be replaced (or removed), if the
    /// edits to come follow its text too; and that replacement.
    private var previous: Int32 = -1
    private var replacement: TypingJournalReplacement?
    /// Whether a file of this journal may be on disk.
    private var hasFile = false
    /// The revision the recorded edits apply to, and the text they apply to
    /// when it is not that revision's (after a merge).
    private var baseRevision: Int64
    private var baseText: String?
    /// The edits since the base, in order.
    private var edits: [NoteEdit] = []
    /// Raised at every new base: a save begun before it names edits of an older base.
    private var generation = 0
    /// Set once writing failed: the journal stops until it is next written
    /// afresh (the autosave and drafts remain); and whether that was said.
    private var failed = false
    private var saidFailure = false

    /// A save under way: the base and the edits its text holds.
    public struct SaveMark: Sendable, Equatable {
        let generation: Int
        let editCount: Int
    }

    /// The journal of note `noteID` in `folder`, whose edits apply to its text
    /// at `revision` (0 for a note not stored yet). Nothing is written until
    /// the first edit. `notes` is the notes database's path, if its commits
    /// may reach the disk after they are made.
    public init(folder: String, noteID: UUID, revision: Int64, notes: String? = nil) {
        self.noteID = noteID
        self.folder = folder
        self.notes = notes
        path = TypingJournal.path(in: folder, for: noteID)
        baseRevision = revision
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if previous >= 0 { close(previous) }
    }

    /// Waits for the journals started again or removed so far to be in place
    /// or gone (the app is quitting, its notes closed and so on disk).
    public static func finishPendingWrites() {
        TypingJournalSync.shared.finishPending()
    }

    /// The journal file of `noteID` in `folder` for this process: named
    /// apart from another Quire's on the same notes, which may be typing into
    /// the same note (each replaces its own file when it saves).
    public static func path(in folder: String, for noteID: UUID) -> String {
        FilePaths.join(folder, "\(noteID.uuidString.lowercased()).\(processTag).journal")
    }

    /// What tells this process's journals from another's.
    private static let processTag = String(UUID().uuidString.lowercased().prefix(8))

    /// Records an edit a person made (steps of Undo are not recorded).
    public func record(_ edit: NoteEdit) {
        switch edit {
        case .insert, .delete: break
        case .beginStep, .endStep: return
        }
        edits.append(edit)
        let record = TypingJournalFile.record(for: edit)
        if descriptor >= 0 {
            append(record)
        } else if !failed {
            rewrite(textIsRecorded: true)  // the first edit since the last save (after a failure, the next save tries again)
            appendToPrevious(record)
        }
    }

    /// A save of the text (the base with every edit recorded so far) begins;
    /// returns its mark, for `saved(revision:_:savedText:currentText:)`, and
    /// the record the thread making the save writes into the journal just
    /// before it (nil if the journal has no file to note it in).
    public func saveBegins() -> (mark: SaveMark, record: TypingJournalSaveRecord?) {
        let mark = SaveMark(generation: generation, editCount: edits.count)
        // Not into `previous`, whose edits count from an older base.
        guard descriptor >= 0, !failed else { return (mark, nil) }
        let file = TypingJournal.duplicate(descriptor)
        return (mark, file >= 0 ? TypingJournalSaveRecord(file: file, editCount: edits.count) : nil)
    }

    /// The save `mark` stored its text as `revision`: the journal starts again
    /// from it with the edits made since the save began. If the text changed
    /// otherwise meanwhile (the journal was based again), it starts from
    /// `currentText()`, the windows' text, where that is not the saved one.
    public func saved(revision: Int64, _ mark: SaveMark, savedText: String, currentText: () -> String) {
        guard mark.generation == generation, mark.editCount <= edits.count else {
            let current = currentText()
            rebase(revision: revision, unsavedText: current == savedText ? nil : current)
            return
        }
        baseRevision = revision
        baseText = nil
        edits.removeFirst(mark.editCount)
        generation += 1
        rewrite(textIsRecorded: true)
    }

    /// The edits now apply to the stored `revision`, or, where the windows
    /// show other text, to `unsavedText`: the text was saved here, or changed
    /// other than by recorded edits (another program's save merged in, the
    /// note read again). `textIsRecorded`: the windows' text is still the
    /// base's with the edits recorded so far (a save of it, nothing merged).
    public func rebase(revision: Int64, unsavedText: String?, textIsRecorded: Bool = false) {
        baseRevision = revision
        baseText = unsavedText
        edits = []
        generation += 1
        rewrite(textIsRecorded: textIsRecorded)
    }

    /// Removes the journal: its note's text is all saved, or gone.
    public func remove() {
        edits = []
        baseText = nil
        generation += 1
        rewrite(textIsRecorded: false)
    }

    /// Writes the whole journal afresh beside its file, which the new one
    /// replaces once the notes' log is on disk; or removes the file then, when
    /// there is nothing to keep. `textIsRecorded`: the old file's text is the
    /// windows' one, so it gets the edits to come until it is replaced.
    private func rewrite(textIsRecorded: Bool) {
        guard baseText != nil || !edits.isEmpty else {
            if hasFile {
                let atPath = handOverFileAtPath(keepingItUpToDate: textIsRecorded)
                replacement = TypingJournalSync.shared.remove(path, holding: atPath, afterSyncing: notes)
            }
            hasFile = false
            return
        }
        failed = false  // a fresh start: a full disk may have room again
        var data = TypingJournalFile.header(noteID: noteID, revision: baseRevision)
        if let baseText { data += TypingJournalFile.textRecord(baseText) }
        for edit in edits { data += TypingJournalFile.record(for: edit) }
        let fresh = "\(path).\(TypingJournal.freshFiles.add(1, ordering: .relaxed).newValue).new"
        mkdir(folder, 0o700)
        let file = open(fresh, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        // Locked before the old file is let go: another Quire's launch leaves a live journal alone.
        guard file >= 0, flock(file, LOCK_EX | LOCK_NB) == 0, TypingJournal.writeWhole(data, to: file) else {
            if file >= 0 { close(file) }
            unlink(fresh)
            stop("could not write \(fresh): \(String(cString: strerror(errno)))")
            return
        }
        hasFile = true
        let atPath = handOverFileAtPath(keepingItUpToDate: textIsRecorded)
        descriptor = file
        saidFailure = false
        replacement = TypingJournalSync.shared.replace(path, with: fresh, holding: atPath, afterSyncing: notes)
    }

    /// Names the files written afresh, apart from every other of this process.
    private static let freshFiles = Atomic(0)

    /// Stops writing to the journal's file; returns a descriptor holding the
    /// lock of the file at `path` (-1 if none), for the sync to close once
    /// that file is replaced or removed. With `keepingItUpToDate`, the edits
    /// to come go on into it until then.
    private func handOverFileAtPath(keepingItUpToDate: Bool) -> Int32 {
        letGoOfReplacedFile()
        let atPath: Int32
        if previous >= 0 {
            atPath = TypingJournal.duplicate(previous)  // an earlier replacement waits: the file at `path` is still this one
            if !keepingItUpToDate { closePrevious() }
            closeFile()
        } else if descriptor >= 0 {
            atPath = TypingJournal.duplicate(descriptor)
            if keepingItUpToDate { previous = descriptor } else { close(descriptor) }
            descriptor = -1
        } else {
            atPath = -1
        }
        return atPath
    }

    /// Another descriptor of `file` (sharing its lock) that a program started
    /// meanwhile does not inherit; -1 if none could be made.
    private static func duplicate(_ file: Int32) -> Int32 { fcntl(file, F_DUPFD_CLOEXEC, 0) }

    /// Writes `data` into the journal's file, and into the one at `path` while it waits to be replaced.
    private func append(_ data: Data) {
        guard descriptor >= 0, !failed else { return }
        appendToPrevious(data)
        if TypingJournal.writeWhole(data, to: descriptor) {
            TypingJournalSync.shared.wrote(path)
        } else {
            stop("could not append to \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `data` into the file at `path` too, while it waits to be replaced.
    private func appendToPrevious(_ data: Data) {
        letGoOfReplacedFile()
        if previous >= 0, !TypingJournal.writeWhole(data, to: previous) { closePrevious() }
    }

    /// Closes `previous` once it is replaced or removed.
    private func letGoOfReplacedFile() {
        if previous >= 0, replacement?.isDone == true { closePrevious() }
    }

    private func closePrevious() {
        if previous >= 0 { close(previous) }
        previous = -1
    }

    /// Writes all of `data` to `file`; false if a write failed.
    static func writeWhole(_ data: Data, to file: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let result = write(file, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return true
        }
    }

    private func stop(_ reason: String) {
        failed = true
        closeFile()
        closePrevious()
        guard !saidFailure else { return }
        saidFailure = true
        StandardStreams.writeError("quire: the typing journal stops until the next save: \(reason)\n")
    }

    private func closeFile() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }
}
