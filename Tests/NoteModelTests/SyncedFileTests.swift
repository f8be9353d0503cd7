import Foundation
import NoteModel
import Testing
import TestSupport

/// A small file replaced in one step (`SyncedFile.replace`): the way drafts,
/// the trusted certificate, the preferences and the last window's record are written.
@Suite("Files replaced in one step")
struct SyncedFileTests {
    @Test("the file is replaced whole and left readable by its owner alone, whatever the one before it or a leftover allowed")
    func replacedPrivately() throws {
        let folder = try TemporaryDirectory(prefix: "quire-synced-file")
        let path = folder.file("state.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o644)
        let leftover = "\(path).\(getpid()).partial"  // as a process with this number would leave it, killed mid-write
        try Data("half".utf8).write(to: URL(fileURLWithPath: leftover))
        chmod(leftover, 0o666)

        try SyncedFile.replace(path, with: Data("new".utf8), permissions: 0o600)
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.json"], "nothing is left beside it")
    }

    @Test("a write that fails throws its errno and leaves the file as it was")
    func failureLeavesTheOldFile() throws {
        let folder = try TemporaryDirectory(prefix: "quire-synced-file")
        let path = folder.file("state.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: POSIXError(.ENOENT)) {
            try SyncedFile.replace(folder.file("missing/state.json"), with: Data("new".utf8), permissions: 0o600)
        }
        // A folder in the way of the temporary file: nothing can be written, and the file stays.
        try FileManager.default.createDirectory(atPath: "\(path).\(getpid()).partial", withIntermediateDirectories: false)
        #expect(throws: POSIXError.self) { try SyncedFile.replace(path, with: Data("new".utf8), permissions: 0o600) }
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
    }
}
