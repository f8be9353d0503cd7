import Foundation
import NoteModel
import Testing
import TestSupport

/// The names sync gives notes' files: a title in a script of several bytes a
/// character makes a name every server's disk takes, as Nextcloud's Notes
/// app would make it if its disk took it.
@Suite("Sync's file names, end to end", .serialized, .oneAtATime)
struct SyncFileNameTests {
    @Test(
        "a note whose first line is long in a script of three or four bytes a character (100 Chinese characters are 300 bytes, more than the 255 a disk takes) syncs under a name cut to fit, on every server; a second such note gets its own name, and an edit sends no rename",
        arguments: WebDAVServer.Kind.allCases)
    func longTitleInSeveralBytes(kind: WebDAVServer.Kind) throws {
        let server = try WebDAVServer(kind)
        let (session, keyring) = try QuireSession.syncing(with: server)
        defer { _ = keyring }
        let store = try NoteStore(path: session.notesPath)
        let chinese = String(repeating: "春眠不觉晓处处闻啼鸟", count: 12)  // 120 characters, 360 bytes
        let emoji = String(repeating: "📝", count: 90)  // 360 bytes
        let first = try store.createNote(body: chinese + "\nfirst")
        try store.createNote(body: chinese + "\nsecond")
        try store.createNote(body: emoji + "\nthird")
        let filed = try store.createNote(body: "Filed\nin a long category", category: String(repeating: "日本", count: 50))
        let sent = try session.syncNow()
        #expect(sent.status == 0 && sent.output.hasPrefix("4 sent, 0 received, 0 conflicts"), "\(sent.output) \(sent.error)")
        let names = server.files().keys.sorted()
        #expect(names.count == 4, "\(names)")
        for name in names {
            for part in name.split(separator: "/") { #expect(part.utf8.count <= 255, "\(part): \(part.utf8.count) bytes") }
        }
        #expect(Set(server.files().values) == [chinese + "\nfirst", chinese + "\nsecond", emoji + "\nthird", "Filed\nin a long category"])
        #expect(server.files()[filed.category + "/Filed.md"] != nil, "filed in its category's folder: \(names)")

        try store.updateBody(of: first.id, to: chinese + "\nfirst, edited")
        let edited = try session.syncNow()
        #expect(edited.status == 0 && edited.output.hasPrefix("1 sent, 0 received, 0 conflicts"), "\(edited.output) \(edited.error)")
        #expect(server.files().keys.sorted() == names, "the same names: \(server.files().keys.sorted())")
        let quiet = try session.syncNow()
        #expect(quiet.output.hasPrefix("0 sent, 0 received, 0 conflicts"), "\(quiet.output) \(quiet.error)")
    }
}
