import FoundationEssentials
import Storage
import Glibc

/// What a launch does with the typing journals an earlier run left (a run
/// killed, or that lost its display, before its autosave): each journal's
/// edits are replayed onto its note as stored and the text saved, as a
/// draft's is (`NoteStore.recover(_:origin:)`); then the journal is removed.
/// A journal written afresh beside the old one (`TypingJournal`) is tried
/// first. A journal another running Quire holds (it keeps a lock on it) is
/// left alone; one that cannot be read, or whose note was saved since by
/// another program, is set aside with `.unreadable` or `.unreplayable` added
/// to its name, never deleted.
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
        for files in journalFiles(names) {
            let paths = files.map { FilePaths.join(folder, $0) }
            var descriptors: [(path: String, file: Int32)] = []
            defer { for (_, file) in descriptors { close(file) } }
            var isLive = false
            for path in paths {
                let file = open(path, O_RDONLY | O_CLOEXEC)
                guard file >= 0 else { continue }
                descriptors.append((path, file))
                if flock(file, LOCK_EX | LOCK_NB) != 0 { isLive = true }  // a running Quire's
            }
            if !isLive { recover(descriptors, into: store, origin: origin, &result) }
        }
        return result
    }

    /// The journal files in `names`, a list for each journal: the files
    /// written afresh to replace it first, newest first, then the journal.
    static func journalFiles(_ names: [String]) -> [[String]] {
        var fresh: [String: [(number: Int, name: String)]] = [:]
        var journals: Set<String> = []
        for name in names {
            if name.hasSuffix(".journal") {
                journals.insert(name)
                continue
            }
            guard name.hasSuffix(".new") else { continue }
            let stem = String(name.dropLast(".new".count))
            if stem.hasSuffix(".journal") {
                fresh[stem, default: []].append((0, name))  // an earlier version's
            } else if let dot = stem.lastIndex(of: "."), let number = Int(stem[stem.index(after: dot)...]),
                      stem[..<dot].hasSuffix(".journal") {
                fresh[String(stem[..<dot]), default: []].append((number, name))
            }
        }
        return journals.union(fresh.keys).sorted().map { journal in
            (fresh[journal] ?? []).sorted { $0.number > $1.number }.map(\.name) + (journals.contains(journal) ? [journal] : [])
        }
    }

    /// Recovers one journal from its files (`journalFiles`), opened and
    /// locked: the first that replays onto its note as stored, then removes
    /// them all. A fresh file cut short before its first record is dropped.
    private static func recover(
        _ files: [(path: String, file: Int32)], into store: NoteStore, origin: NoteChangeOrigin?, _ result: inout Result
    ) {
        var journals: [(path: String, journal: TypingJournalFile)] = []
        for (path, file) in files {
            guard let data = FileBytes.readAll(from: file) else {
                result.problems.append("\(path) could not be read (\(String(cString: strerror(errno)))); it is kept for the next launch")
                continue
            }
            if let journal = TypingJournalFile(data: data) {
                journals.append((path, journal))
            } else if path.hasSuffix(".journal") {
                result.problems.append("\(path) is not a typing journal; it was set aside")
                rename(path, path + ".unreadable")
            } else {
                unlink(path)  // written afresh, cut short: the journal beside it holds its edits
            }
        }
        guard let noteID = journals.first?.journal.noteID else { return }
        do {
            let stored = try store.note(id: noteID)
            let revision = stored?.revision ?? 0, body = stored?.body ?? ""
            guard let text = journals.lazy.compactMap({ $0.journal.replay(onto: revision, body: body) }).first else {
                for (path, _) in journals {
                    result.problems.append("\(path) holds edits of a version of its note that is no longer stored; it was set aside")
                    rename(path, path + ".unreplayable")
                }
                return
            }
            if text != body {
                let draft = NoteDraft(noteID: noteID, body: text, baseBody: body, baseRevision: revision)
                result.outcomes.append(try store.recover(draft, origin: origin))
            }
            for (path, _) in journals { unlink(path) }
        } catch {
            result.problems.append("\(journals[0].path) could not be put back yet, and is kept: \(error)")
        }
    }
}
