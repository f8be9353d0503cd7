public import FoundationEssentials
import Storage
import Glibc

/// The drafts folder: one file per note whose text could not be saved,
/// written outside the notes database so that a full disk, a held lock or a
/// damaged file there does not take the text with it. Each file is replaced
/// atomically (written aside, synced, renamed), so a crash leaves the old
/// draft or the new one, never half of one. Files are private (0600).
public final class DraftStore: @unchecked Sendable {
    /// The folder the drafts are in.
    public let directory: String

    /// The drafts in `directory` (created when the first draft is written).
    public init(directory: String) {
        self.directory = directory
    }

    /// The drafts folder inside a state folder.
    public convenience init(stateDirectory: String) {
        self.init(directory: FilePaths.join(stateDirectory, "drafts"))
    }

    /// The file that holds `draft`: `<note>.<draft>.json`.
    public func path(for draft: NoteDraft) -> String {
        path(noteID: draft.noteID, draftID: draft.draftID)
    }

    /// The file that holds the draft `draftID` of the note `noteID`.
    public func path(noteID: UUID, draftID: UUID) -> String {
        FilePaths.join(directory,
            "\(noteID.uuidString.lowercased()).\(draftID.uuidString.lowercased()).json")
    }

    /// Writes `draft`, or replaces an earlier version of it.
    public func write(_ draft: NoteDraft) throws {
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(draft)
        let target = path(for: draft)
        do {
            try SyncedFile.replace(target, with: data, permissions: 0o600)
        } catch {
            throw DraftStoreError.cannotWrite(path: target, errno: error.code.rawValue)
        }
    }

    /// Removes a draft (its text was saved). A missing draft is fine.
    public func remove(noteID: UUID, draftID: UUID) throws {
        let target = path(noteID: noteID, draftID: draftID)
        guard unlink(target) == 0 || errno == ENOENT else {
            throw DraftStoreError.cannotWrite(path: target, errno: errno)
        }
    }

    /// Every draft, oldest first; files that cannot be read are listed apart
    /// (and left where they are), and so is the folder itself if it exists but
    /// cannot be read.
    public func all() -> (drafts: [NoteDraft], unreadable: [String]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            return ([], FileManager.default.fileExists(atPath: directory) ? [directory] : [])
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var drafts: [NoteDraft] = []
        var unreadable: [String] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let file = FilePaths.join(directory, name)
            if let data = FileManager.default.contents(atPath: file), let draft = try? decoder.decode(NoteDraft.self, from: data) {
                drafts.append(draft)
            } else {
                unreadable.append(file)
            }
        }
        return (drafts.sorted { $0.writtenAt < $1.writtenAt }, unreadable)
    }
}
