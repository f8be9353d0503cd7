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
        defer { folder.remove() }
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

    @Test("what a writer killed mid-write left goes at the next write, once that writer is gone and the file is a minute old; a live writer's, or a younger one, stays")
    func leftoversOfGoneWriters() throws {
        let folder = try TemporaryDirectory(prefix: "quire-synced-file")
        defer { folder.remove() }
        let path = folder.file("state.json")
        let elsewhere = try TemporaryDirectory(prefix: "quire-synced-file-output")
        defer { elsewhere.remove() }
        let ended = try ChildProcess("true", [], environment: [:], outputDirectory: elsewhere.path)
        try #require(ended.waitForExit(seconds: 10) == 0)
        let minutesAgo = Date(timeIntervalSinceNow: -300)
        func leave(_ name: String, at date: Date) throws {
            try Data("half".utf8).write(to: URL(fileURLWithPath: folder.file(name)))
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: folder.file(name))
        }
        try leave("state.json.\(ended.pid).partial", at: minutesAgo)  // its writer is gone
        try leave("state.json.1.partial", at: minutesAgo)  // a process with that number runs
        try leave("other.json.\(ended.pid).partial", at: minutesAgo)  // another file's
        try SyncedFile.replace(path, with: Data("new".utf8), permissions: 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            == ["other.json.\(ended.pid).partial", "state.json", "state.json.1.partial"])

        try leave("state.json.\(ended.pid).partial", at: Date())  // maybe another computer's, under way
        try SyncedFile.replace(path, with: Data("newer".utf8), permissions: 0o600)
        #expect(FileManager.default.fileExists(atPath: folder.file("state.json.\(ended.pid).partial")))
    }

    @Test("a write that fails throws its errno and leaves the file as it was")
    func failureLeavesTheOldFile() throws {
        let folder = try TemporaryDirectory(prefix: "quire-synced-file")
        defer { folder.remove() }
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
