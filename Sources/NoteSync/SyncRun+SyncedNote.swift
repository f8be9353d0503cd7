import FoundationEssentials
import NoteModel
import WebDAV

/// A synced note brought in step with its file: settled, received, or in
/// conflict.
extension SyncRun {
    /// Brings one synced note and its file in step. Returns the copy made of
    /// the server's version in a conflict, which is then sent as a new note.
    func settle(_ known: SyncedNoteFile, _ remoteFile: RemoteFile?) async throws -> UUID? {
        var file = known
        var local = localState(of: file)
        if let remoteFile, local == .edited || local == .unchanged {
            file = try await settleStar(of: file, remoteFile)
            if file.fileID == nil, let fileID = remoteFile.fileID {
                file.fileID = fileID
                try store.record(file)
            }
        }
        if local == .edited, let body = try store.note(id: file.noteID)?.body, TextFingerprint.of(body) == file.syncedHash {
            file.syncedRevision = notes[file.noteID]?.revision ?? file.syncedRevision
            try store.record(file)
            local = .unchanged  // saved again with the same text
        }
        guard let remoteFile else {
            switch local {
            case .gone, .trashed: try store.forgetSyncedFile(of: file.noteID)
            case .unchanged:
                vanished[file.noteID] = file  // to the trash, unless renamed
            case .edited:
                // Changed here, gone there: the edit wins, as a new file of the same name.
                file.etag = nil
                try await send(file, expecting: .absent)
            }
            return nil
        }
        var serverText: (text: String, etag: String?)?
        if !SyncRun.sameVersion(remoteFile.version, file.etag) {
            await advance()
            guard let (text, version) = try await readText(of: remoteFile) else { return nil }
            let hash = TextFingerprint.of(text)
            let body = try store.note(id: file.noteID)?.body
            var resend = false
            if hash == file.syncedHash {
                file.etag = version  // the same text: only the tag moved
            } else if hash == file.sentHash {
                file.etag = version  // a write whose answer was lost went through
                file.syncedHash = hash
                file.syncedRevision = -1
            } else if let body, !body.isEmpty, text.isEmpty || (file.syncedHash.isEmpty && body.hasPrefix(text)) {
                // An emptied file, or this note's own first write cut short (a
                // server stopped mid-request leaves one): never taken over the
                // note's text, which is sent again over it.
                file.etag = version
                file.syncedHash = hash  // what the server holds, to be replaced
                resend = true
            } else if file.syncedHash.isEmpty && file.sentHash != nil {
                // Never written by this note: someone else's file took its name.
                try store.forgetSyncedFile(of: file.noteID)
                try await takeIn([remoteFile])
                return nil
            } else {
                serverText = (text, version)
            }
            file.sentHash = nil
            try store.record(file)
            if resend, local != .trashed, local != .gone {
                local = .edited
            } else if local == .edited, serverText == nil, body.map(TextFingerprint.of) == file.syncedHash {
                local = .unchanged  // the write that went through was this very text
                file.syncedRevision = notes[file.noteID]?.revision ?? -1
                try store.record(file)
            }
        }
        switch (local, serverText) {
        case (.unchanged, nil):
            if notes[file.noteID].map({ $0.category != file.category }) == true {
                // Filed in another category here: its file moves to that folder.
                try await send(file, expecting: .holding(version: file.etag, hash: file.syncedHash))
            }
            return nil
        case (.edited, nil):
            try await send(file, expecting: .holding(version: file.etag, hash: file.syncedHash))
            return nil
        case let (.unchanged, .some(server)), let (.trashed, .some(server)):
            try receive(server.text, etag: server.etag, into: file)
            return nil
        case let (.gone, .some(server)):
            try store.forgetSyncedFile(of: file.noteID)
            var recreated = file
            recreated.noteID = UUID()
            try store.createSyncedNote(body: server.text, modifiedAt: Date(), file: synced(recreated, text: server.text, etag: server.etag))
            report.received += 1
            return nil
        case let (.edited, .some(server)):
            return try await resolveConflict(file, server: server)
        case (.trashed, nil), (.gone, nil):
            await advance()
            guard try await folder.remove(file.fileName, version: file.etag, hash: file.syncedHash) else {
                report.postponed.append(PostponedFile(file.fileName, refusal))
                return nil  // the next sync takes the change in
            }
            try store.forgetSyncedFile(of: file.noteID)
            report.removed += 1
            return nil
        }
    }

    /// `file` as synced with `text` at `etag` (its revision set by the store's write).
    func synced(_ file: SyncedNoteFile, text: String, etag: String?) -> SyncedNoteFile {
        var synced = file
        synced.etag = etag
        synced.syncedHash = TextFingerprint.of(text)
        synced.sentHash = nil
        synced.titleBase = titleBase(of: text)
        return synced
    }

    /// Saves the server's `text` as the note's (taking it out of the trash).
    func receive(_ text: String, etag: String?, into file: SyncedNoteFile) throws {
        guard let revision = try store.revision(of: file.noteID) else { return }
        if try store.saveSyncedBody(text, of: file.noteID, over: revision, file: synced(file, text: text, etag: etag)) {
            report.received += 1
        } else {
            report.postponed.append(PostponedFile(file.fileName, .editedWhileReceived))
        }
    }

    /// Both sides changed: the note keeps its text (sent over the server's
    /// version), and the server's version becomes a new note beside it,
    /// unless the two are the same text.
    private func resolveConflict(_ file: SyncedNoteFile, server: (text: String, etag: String?)) async throws -> UUID? {
        guard let note = try store.note(id: file.noteID) else { return nil }
        var file = file
        if note.body == server.text {
            file = synced(file, text: server.text, etag: server.etag)
            file.syncedRevision = note.revision
            try store.record(file)
            return nil
        }
        file.etag = server.etag
        file.syncedHash = TextFingerprint.of(server.text)
        let copy = try store.createConflictCopy(body: conflictCopy(of: server.text), at: Date(), recording: file)
        notes[copy.id] = SyncCandidate(id: copy.id, revision: copy.revision, isInTrash: false)
        report.conflictCopies.append(copy.id)
        try await send(file, expecting: .holding(version: server.etag, hash: file.syncedHash))
        return copy.id
    }

    /// The server's version of a note in conflict, its title line marked
    /// with `conflictTitle`; the rest of the text as it was.
    func conflictCopy(of text: String) -> String {
        let title = Note.title(ofBody: text)
        let marked = conflictTitle(title.isEmpty ? untitled : title, Date())
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else { return marked + "\n" + text }
        let line = lines[index]
        let marks = line.prefix { "#> \t".contains($0) }
        lines[index] = Substring(String(marks) + marked)
        return lines.joined(separator: "\n")
    }
}
