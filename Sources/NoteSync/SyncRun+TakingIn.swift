import FoundationEssentials
import NoteModel
import WebDAV

/// Files no note has, taken in as notes; old names removed.
extension SyncRun {
    /// Makes notes of files no note has: new on the server, or put there by
    /// another app. A file holding the text of a note that has no file (the
    /// same notes in a folder synced before, or a note trashed here whose file
    /// came back) becomes that note's file instead, out of the trash. An
    /// empty file another client holds a lock on is one it is writing (its
    /// lock made the file; a sync cut short leaves it until the lock ends or
    /// its owner removes it): it waits for a later sync.
    func takeIn(_ files: [RemoteFile]) async throws {
        guard !files.isEmpty else { return }
        var unsynced = try unsyncedNotesByText()
        var starred: [UUID] = []  // notes made of starred files: pinned once made
        var taken: [RemoteFile] = []
        for file in files {
            if let size = file.size, size > NoteSynchronizer.largestNote {
                report.postponed.append(PostponedFile(file.name, .tooLarge(limit: NoteSynchronizer.largestNote)))
            } else {
                taken.append(file)
            }
        }
        let reading = ReadAhead(taken, from: remote, atMost: NoteSynchronizer.largestNote)
        while let (remoteFile, read) = await reading.nextFile() {
            await advance()
            guard let (data, etag) = try keptForLater(remoteFile, read) else { continue }
            if data.isEmpty, await folder.isBeingWritten(remoteFile.name) {
                report.postponed.append(PostponedFile(remoteFile.name, .beingWritten))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                report.postponed.append(PostponedFile(remoteFile.name, .notText))
                continue
            }
            let file = synced(
                SyncedNoteFile(
                    noteID: UUID(), fileName: remoteFile.name, etag: nil, syncedRevision: -1, syncedHash: "", titleBase: "",
                    fileID: remoteFile.fileID, syncedFavorite: remoteFile.favorite),
                text: text, etag: SyncRun.version(of: remoteFile, readAs: etag))
            if !vanished.isEmpty || unsynced[text] != nil {
                // What follows writes through the main connection: not while the writer writes.
                try await intake.finish()
            }
            if let renamed = try renamedNote(now: remoteFile, holding: text) {
                vanished[renamed.noteID] = nil
                var moved = file
                moved.noteID = renamed.noteID
                moved.syncedFavorite = renamed.syncedFavorite
                try receive(text, etag: moved.etag, into: moved)
                continue
            }
            if let (id, revision) = unsynced.removeValue(forKey: text) {
                var paired = file
                paired.noteID = id
                paired.syncedRevision = revision
                try store.record(paired)
                if try store.isInTrash(id) {
                    try store.restoreFromTrash(id)
                    report.received += 1
                }
                self.paired.insert(id)
                continue
            }
            try await intake.create(body: text, modifiedAt: remoteFile.modified ?? Date(), file: file)
            if remoteFile.favorite == true { starred.append(file.noteID) }
            report.received += 1
        }
        try await intake.finish()
        for id in starred { try store.setPinned(true, of: id, origin: .elsewhere) }
    }

    /// The text of `remoteFile` and its version, read from the server; nil,
    /// noting why, if this file alone could not be read or taken.
    func readText(of remoteFile: RemoteFile) async throws -> (text: String, version: String?)? {
        if let size = remoteFile.size, size > NoteSynchronizer.largestNote {
            report.postponed.append(PostponedFile(remoteFile.name, .tooLarge(limit: NoteSynchronizer.largestNote)))
            return nil
        }
        let read: Result<ReadAhead.Content, WebDAVError>
        do {
            read = .success(try await remote.read(remoteFile.name, atMost: NoteSynchronizer.largestNote, expectedSize: remoteFile.size))
        } catch {
            read = .failure(error)
        }
        guard let (data, etag) = try keptForLater(remoteFile, read) else { return nil }
        guard let text = String(data: data, encoding: .utf8) else {
            report.postponed.append(PostponedFile(remoteFile.name, .notText))
            return nil
        }
        return (text, SyncRun.version(of: remoteFile, readAs: etag))
    }

    /// What reading `remoteFile` gave, or nil, noting why, if the trouble was
    /// the file's alone (forbidden, gone since the listing, failed, too large,
    /// too slow): the rest of the sync goes on. Trouble with the server or
    /// the connection is thrown, stopping the sync.
    private func keptForLater(_ remoteFile: RemoteFile, _ read: Result<ReadAhead.Content, WebDAVError>) throws -> ReadAhead.Content? {
        switch read {
        case let .success(content): return content
        case let .failure(.tooLarge(limit)):
            report.postponed.append(PostponedFile(remoteFile.name, .tooLarge(limit: limit)))
            return nil
        case let .failure(error) where SyncRun.isTheFileAlone(error):
            report.postponed.append(PostponedFile(remoteFile.name, .unreadable(error)))
            return nil
        case let .failure(error): throw error
        }
    }

    /// Whether `error`, met reading one file, is that file's trouble alone.
    nonisolated static func isTheFileAlone(_ error: WebDAVError) -> Bool {
        switch error {
        case .forbidden, .notFound, .timedOut, .tooLarge, .locked: true
        case let .server(status, _): status != 502 && status != 503 && status != 504
        default: false
        }
    }

    /// The version to record for `remoteFile` read with the tag `etag`: the
    /// tag, where the server's listings give tags (a listing and a read of the
    /// same version give the same one); the listing's version where they do
    /// not, since the next listing is compared with it.
    nonisolated static func version(of remoteFile: RemoteFile, readAs etag: String?) -> String? {
        remoteFile.etag != nil ? (etag ?? remoteFile.version) : remoteFile.version
    }

    /// The note whose file left the server and that `remoteFile`, holding
    /// `text`, now is: renamed, as the server shows. Its listing names the
    /// old file (the mark another Quire leaves when it renames one), or it is
    /// the same version under another name (a rename keeps a file's tag, or
    /// its size and date), or it holds exactly the note's text. A file that
    /// only looks alike (the same text but for its first line: one
    /// checklist's copy for another day) is a new note, and the one whose
    /// file left goes to the trash.
    private func renamedNote(now remoteFile: RemoteFile, holding text: String) throws -> SyncedNoteFile? {
        guard !vanished.isEmpty else { return nil }
        let candidates = vanished.values.sorted { $0.fileName < $1.fileName }
        // By its bytes, as the plan pairs files ("Café" composed or decomposed).
        if let from = remoteFile.renamedFrom, let file = candidates.first(where: { $0.fileName.utf8.elementsEqual(from.utf8) }) {
            return file
        }
        if let fileID = remoteFile.fileID, let file = candidates.first(where: { $0.fileID == fileID }) { return file }
        if let version = remoteFile.version, let file = candidates.first(where: { SyncRun.sameVersion($0.etag, version) }) {
            return file
        }
        let hash = TextFingerprint.of(text)
        for file in candidates where file.syncedHash == hash {
            if try store.note(id: file.noteID)?.body == text { return file }
        }
        return nil
    }

    /// The notes that have no file, by their text: those outside the trash
    /// before those in it.
    private func unsyncedNotesByText() throws -> [String: (UUID, Int64)] {
        let syncedIDs = Set(try store.syncedFiles().map(\.noteID))
        var byText: [String: (UUID, Int64)] = [:]
        let unsynced = notes.values.filter { !syncedIDs.contains($0.id) }.sorted { !$0.isInTrash && $1.isInTrash }
        for candidate in unsynced.reversed() {
            if let note = try store.note(id: candidate.id) { byText[note.body] = (note.id, note.revision) }
        }
        return byText
    }

    /// Removes a renamed note's old file, if no one changed it since;
    /// if someone did, it becomes a note of its own. A file locked (by a
    /// sync cut short in its rename, say) stays on record for the next sync:
    /// a lock is no change. Nor is a new version of the same text (nginx
    /// gives a locked file a new date, its only version): what the server
    /// holds decides, as the removal checks it.
    func removeStale(_ entry: SyncLocalState.StaleFile, _ remoteFile: RemoteFile) async throws {
        if try await folder.remove(entry.name, version: entry.etag, hash: entry.hash) {
            try store.forgetStaleFile(entry.name)
            return
        }
        if folder.lastRefusalWasLock {
            report.postponed.append(PostponedFile(entry.name, .beingWritten))
            return
        }
        try store.forgetStaleFile(entry.name)
        try await takeIn([remoteFile])
    }
}
