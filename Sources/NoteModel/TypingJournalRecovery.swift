import Foundation

/// What a launch does with the typing journals an earlier run left (a run
/// killed, or that lost its display, before its autosave): each journal's
/// edits are replayed onto its note as stored and the text saved, as a
/// draft's is (`NoteStore.recover(_:origin:)`); then the journal is removed.
/// A journal another running Quire holds (it keeps a lock on it) is left
/// alone; one that cannot be read, or whose note was saved since by another
/// program, is set aside with `.unreadable` or `.unreplayable` added to its
/// name, never deleted.
public enum TypingJournalRecovery {
    /// What recovering the journals in a folder did.
    public struct Result: Sendable {
        /// Notes whose text came back from a journal.
        public var outcomes: [DraftRecoveryOutcome] = []
        /// Journals set aside or kept for later, with why.
        public var problems: [String] = []
    }

    /// Recovers every journal in `folder` into `store`; observers hear of the
    /// notes written with `origin`.
    public static func recoverAll(in folder: String, into store: NoteStore, origin: NoteChangeOrigin? = nil) -> Result {
        var result = Result()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() where name.hasSuffix(".journal") || name.hasSuffix(".journal.new") {
            let path = (folder as NSString).appendingPathComponent(name)
            let file = open(path, O_RDONLY | O_CLOEXEC)
            guard file >= 0 else { continue }
            defer { close(file) }
            guard flock(file, LOCK_EX | LOCK_NB) == 0 else { continue }  // a running Quire's
            if name.hasSuffix(".new") {
                unlink(path)  // a rewrite a kill cut short: the journal beside it is whole
                continue
            }
            let data = FileHandle(fileDescriptor: file, closeOnDealloc: false).readDataToEndOfFile()
            guard let journal = TypingJournalFile(data: data) else {
                result.problems.append("\(path) is not a typing journal; it was set aside")
                rename(path, path + ".unreadable")
                continue
            }
            do {
                let stored = try store.note(id: journal.noteID)
                let revision = stored?.revision ?? 0, body = stored?.body ?? ""
                guard let text = journal.replay(onto: revision, body: body) else {
                    result.problems.append("\(path) holds edits of a version of its note that is no longer stored; it was set aside")
                    rename(path, path + ".unreplayable")
                    continue
                }
                if text != body {
                    let draft = NoteDraft(noteID: journal.noteID, body: text, baseBody: body, baseRevision: revision)
                    result.outcomes.append(try store.recover(draft, origin: origin))
                }
                unlink(path)
            } catch {
                result.problems.append("\(path) could not be put back yet, and is kept: \(error)")
            }
        }
        return result
    }
}
