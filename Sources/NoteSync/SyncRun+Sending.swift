import FoundationEssentials
import NoteModel
import WebDAV

/// A note's text sent to its file, with the file's rename, folder and star.
extension SyncRun {
    /// Sends the note's text as `file`, renaming the file first if its title
    /// now gives another name, if the server holds what `expected` says.
    /// Returns false if the server held something else (or another device
    /// was writing the file), leaving `file` as it was.
    @discardableResult
    func send(_ file: SyncedNoteFile, expecting expected: GuardedFolder.Expectation) async throws -> Bool {
        guard let note = try store.note(id: file.noteID) else { return false }
        await advance()
        let base = titleBase(of: note.body)
        let hash = TextFingerprint.of(note.body)
        var target = file
        var expected = expected
        var moved = false
        if base != file.titleBase || note.category != file.category, case let .holding(version, syncedHash) = expected,
            let name = newName(of: file, forTitle: base, in: note.category)
        {
            let moving: SyncedNoteFile?
            do {
                moving = try await move(file, to: name, title: base, at: version, holding: syncedHash, sending: hash)
            } catch let error as WebDAVError where SyncRun.refusesOneFile(error) {
                // `move` left the file on record as it was.
                report.postponed.append(PostponedFile(file.fileName, .refused(error)))
                return false
            }
            guard let renamed = moving else {
                report.postponed.append(PostponedFile(file.fileName, refusal))
                return false
            }
            target = renamed
            expected = .holding(version: renamed.etag, hash: syncedHash)
            moved = true
            if hash == syncedHash {
                // Only its name or folder changed: the text there is already this.
                target.sentHash = nil
                target.syncedRevision = note.revision
                try store.record(target)
                report.sent += 1
                return true
            }
        } else {
            target.sentHash = hash
            try store.record(target)
        }
        let written: String?
        let writing = await outcome { () async throws(WebDAVError) in
            try await self.write(Data(note.body.utf8), to: target.fileName, expecting: expected)
        }
        switch writing {
        case let .success(.some(etag)):
            written = etag
        case .success(.none):
            // Changed there meanwhile: the next sync sees it. A moved file
            // stays on record under its new name, holding the old text.
            if !moved { try store.record(file) }
            report.postponed.append(PostponedFile(target.fileName, refusal))
            return false
        case let .failure(error) where SyncRun.refusesOneFile(error):
            // Refused (a file read-only there, a name the server forbids): the edit stays here.
            if !moved { try store.record(file) }
            report.postponed.append(PostponedFile(target.fileName, .refused(error)))
            return false
        case let .failure(error):
            throw error
        }
        target.etag = written
        target.syncedHash = hash
        target.sentHash = nil
        target.syncedRevision = note.revision
        target.titleBase = base
        try store.record(target)
        report.sent += 1
        return true
    }

    /// What `work` gave, or the error it threw.
    func outcome<Value>(of work: () async throws(WebDAVError) -> Value) async -> Result<Value, WebDAVError> {
        do throws(WebDAVError) {
            return .success(try await work())
        } catch {
            return .failure(error)
        }
    }

    /// Whether the server's answer to a write or a rename refuses that file
    /// alone (its name, its place, its permissions) and not every file: a name
    /// it will not store (Nextcloud answers 400 to a name it forbids, Apache
    /// 403 and rclone 405 to one too long for its disk), a folder missing
    /// (409), a file or folder shared read-only (403). Where every file is
    /// refused, every note written says so.
    nonisolated static func refusesOneFile(_ error: WebDAVError) -> Bool {
        switch error {
        case .forbidden, .notFound: true
        case let .server(status, _): status == 400 || status == 405 || status == 414
        default: false
        }
    }

    /// Writes `data` as the file `name` if the server holds what `expected`
    /// says (making its folder first for a new file): as `GuardedFolder.write`.
    func write(_ data: Data, to name: String, expecting expected: GuardedFolder.Expectation) async throws(WebDAVError)
        -> String??
    {
        if case .absent = expected { try await makeFolder(of: name) }
        return try await folder.write(data, to: name, expecting: expected)
    }

    /// The name the note's `file` takes for its title `base` in `category`,
    /// its own name left out of those taken (its first line may now give the
    /// name a file taken in had, whatever its text was); nil if that is the
    /// name it has, in any case: names are compared as macOS and Windows
    /// compare them, and a server on such a disk would refuse a move onto
    /// the file itself. A file keeps its suffix (a .txt stays one), as the
    /// Notes apps keep it.
    private func newName(of file: SyncedNoteFile, forTitle base: String, in category: String) -> String? {
        let suffix = file.fileName.lastIndex(of: ".").map { String(file.fileName[$0...]) } ?? newFileSuffix
        let name = newFileName(base, in: category, suffix: suffix, freeing: file.fileName)
        return name.lowercased() == file.fileName.lowercased() ? nil : name
    }

    /// Renames the note's file to `name`, after its new title `base` (`MOVE`: another
    /// Quire listing the folder meanwhile sees the file under one name or the
    /// other, never both, where a write of the new name and a removal of the
    /// old left a moment with two), if it still holds the text of `syncedHash`
    /// at `version`. Returns the file under its new name, still holding the
    /// old text, with the text of `hash` on its way; nil, leaving `file` as it
    /// was, if the file changed there or the new name was taken meanwhile.
    /// Throws, leaving `file` as it was, if the server refused the move; if no
    /// answer came, the rename stays begun, and the next sync finds which name holds it.
    private func move(
        _ file: SyncedNoteFile, to name: String, title base: String, at version: String?, holding syncedHash: String,
        sending hash: String
    ) async throws -> SyncedNoteFile? {
        var renamed = file
        renamed.fileName = name
        renamed.etag = nil
        renamed.titleBase = base
        renamed.sentHash = hash
        // On record before the request: a sync cut short anywhere from here
        // finds the old name gone or still there (a stale file to remove), and
        // the new one absent, holding the old text, or holding the new.
        try store.beginRename(to: renamed, from: file)
        let moved: String??
        do {
            try await makeFolder(of: renamed.fileName)
            moved = try await folder.move(file.fileName, to: renamed.fileName, version: version, hash: syncedHash)
        } catch .notFound {
            moved = nil  // removed or renamed there since the listing: the next sync sees how
        } catch {
            if error.leftServerUnchanged {
                // Refused (a server failing its writes): the file keeps its name, and the next sync renames it.
                try store.record(file)
                try store.forgetStaleFile(file.fileName)
            }
            throw error
        }
        guard let newVersion = moved else {
            try store.record(file)
            try store.forgetStaleFile(file.fileName)
            return nil
        }
        renamed.etag = newVersion
        try store.record(renamed)
        try store.forgetStaleFile(file.fileName)
        await removeFolderIfLeftEmpty(file.category)
        return renamed
    }

    /// Makes the folder of the file `path` on the server, and those above it,
    /// unless the listing or this sync showed it there.
    private func makeFolder(of path: String) async throws(WebDAVError) {
        let folder = NoteCategory.folder(of: path)
        guard !folder.isEmpty, !knownFolders.contains(Array(folder.utf8)) else { return }
        try await remote.createFolder(folder)
        knownFolders.formUnion(NoteCategory.lineage(of: folder).map { Array($0.utf8) })
    }

    /// Removes the folder `category` a move took this sync's file out of, if
    /// it now holds nothing at all (and so on up); a folder holding anything,
    /// notes or not, stays. A failure leaves it: an empty folder harms nothing.
    private func removeFolderIfLeftEmpty(_ category: String) async {
        var path = category
        while !path.isEmpty, notes.values.allSatisfy({ !NoteCategory.path($0.category, isWithin: path) }),
              (try? await remote.removeFolderIfEmpty(path)) == true {
            knownFolders.remove(Array(path.utf8))
            path = NoteCategory.folder(of: path)
        }
    }

    /// Brings the note's pin and its file's star (Nextcloud's favourite) in
    /// step: a star set or taken away on the server since they last agreed
    /// pins or unpins the note; a pin changed here stars the file or takes its
    /// star away (on a server that keeps no star, the pin stays here).
    func settleStar(of file: SyncedNoteFile, _ remoteFile: RemoteFile) async throws -> SyncedNoteFile {
        guard let note = notes[file.noteID] else { return file }
        var file = file
        let agreed = file.syncedFavorite ?? false
        if let starred = remoteFile.favorite, starred != agreed, note.isPinned == agreed {
            try store.setPinned(starred, of: file.noteID, origin: .elsewhere)
            notes[file.noteID]?.isPinned = starred
        } else if note.isPinned != agreed || (file.syncedFavorite == nil && note.isPinned) {
            _ = try await remote.setFavorite(note.isPinned, of: file.fileName)
        } else if file.syncedFavorite != nil || remoteFile.favorite == nil {
            return file
        }
        file.syncedFavorite = notes[file.noteID]?.isPinned ?? note.isPinned
        try store.record(file)
        return file
    }
}
