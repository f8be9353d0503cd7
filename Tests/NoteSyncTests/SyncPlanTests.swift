import Foundation
import NoteModel
@testable import NoteSync
import Testing
import WebDAV

/// The sync's plan, a pure function of the folder's listing and what was last
/// synced: which files changed, which are new, which names are refused.
@Suite("Sync plans")
struct SyncPlanTests {
    private let unchanged = UUID(), edited = UUID(), trashed = UUID(), fresh = UUID()

    private func local(_ synced: [SyncedNoteFile]) -> SyncLocalState {
        SyncLocalState(synced: synced, stale: [], candidates: [
            SyncCandidate(id: unchanged, revision: 3, isInTrash: false), SyncCandidate(id: edited, revision: 5, isInTrash: false),
            SyncCandidate(id: trashed, revision: 2, isInTrash: true), SyncCandidate(id: fresh, revision: 1, isInTrash: false),
        ])
    }

    private func file(_ id: UUID, _ name: String, version: String?, revision: Int64) -> SyncedNoteFile {
        SyncedNoteFile(noteID: id, fileName: name, etag: version, syncedRevision: revision, syncedHash: "h", titleBase: name)
    }

    @Test("on a server whose listings give no tags (nginx), files of the size and date last seen count as unchanged: nothing is downloaded")
    func versionsBySizeAndDate() async {
        let date = "Sun, 22 Nov 2026 10:00:00 GMT"
        let listed = [
            RemoteFile(name: "A.md", etag: nil, size: 5, lastModified: date, version: "size 5, \(date)"),
            RemoteFile(name: "B.md", etag: nil, size: 6, lastModified: date, version: "size 6, \(date)"),
        ]
        let plan = await SyncPlan.make(listed: listed, local: local([
            file(unchanged, "A.md", version: "size 5, \(date)", revision: 3),
            file(edited, "B.md", version: "size 5, \(date)", revision: 4),
        ]))
        #expect(plan.changedOnServer == 1, "B.md's size changed; A.md is as last seen")
        #expect(plan.newNotes == [fresh])
        #expect(plan.unclaimed.isEmpty)
    }

    @Test("a file whose name holds a NUL or another control character is refused by name, never taken or paired")
    func controlCharacterNames() async {
        let listed = [
            RemoteFile(name: "a\u{0}b.md", etag: "\"1\""), RemoteFile(name: "line\nbreak.md", etag: "\"2\""),
            RemoteFile(name: "Fine.md", etag: "\"3\""), RemoteFile(name: "picture.png", etag: "\"4\""),
            RemoteFile(name: ".hidden.md", etag: "\"5\""),
        ]
        let plan = await SyncPlan.make(listed: listed, local: local([]))
        #expect(plan.badNames.sorted() == ["a\u{0}b.md", "line\nbreak.md"])
        #expect(plan.unclaimed.map(\.name) == ["Fine.md"])
        #expect(!plan.namesInUse.contains("a\u{0}b.md"))
    }

    @Test("two names that differ only in how an accent is written (composed, decomposed) are two files: each pairs with its own note or stays unclaimed, never one for the other")
    func namesComparedByBytes() async {
        let composed = "Caf\u{E9}.md", decomposed = "Cafe\u{301}.md"
        let listed = [RemoteFile(name: decomposed, etag: "\"1\""), RemoteFile(name: composed, etag: "\"2\"")]
        let paired = await SyncPlan.make(listed: listed, local: local([file(unchanged, composed, version: "\"2\"", revision: 3)]))
        #expect(paired.pairs.map { Array($0.1?.name.utf8 ?? "".utf8) } == [Array(composed.utf8)])
        #expect(paired.unclaimed.map { Array($0.name.utf8) } == [Array(decomposed.utf8)])
        #expect(paired.changedOnServer == 0)
        let neither = await SyncPlan.make(listed: listed, local: local([]))
        #expect(neither.unclaimed.count == 2)
    }

    @Test("what lies in a folder the server would not list is not known: its notes are neither gone nor sent, its old names neither removed nor forgotten, and new notes filed there wait")
    func unlistedFolders() async {
        let secret = UUID(), filedThere = UUID(), filedBeside = UUID()
        let state = SyncLocalState(
            synced: [file(unchanged, "Work/a.md", version: "\"1\"", revision: 3), file(secret, "Private/b.md", version: "\"2\"", revision: 1)],
            stale: [(name: "Private/old.md", etag: "\"3\"", hash: "h")],
            candidates: [
                SyncCandidate(id: unchanged, revision: 3, isInTrash: false), SyncCandidate(id: secret, revision: 1, isInTrash: false),
                SyncCandidate(id: filedThere, revision: 1, isInTrash: false, category: "Private/Deeper"),
                SyncCandidate(id: filedBeside, revision: 1, isInTrash: false, category: "Private notes"),
            ])
        let plan = await SyncPlan.make(listed: [], unlisted: [UnlistedFolder(path: "Private", error: .forbidden)], local: state)
        #expect(plan.pairs.map(\.0.fileName) == ["Work/a.md"], "Work/a.md is gone; Private/b.md is not known")
        #expect(plan.staleGone.isEmpty && plan.staleOnServer.isEmpty)
        #expect(plan.newNotes == [filedBeside])
        #expect(plan.namesInUse.contains("Private/b.md") && plan.namesInUse.contains("Private/old.md"))
    }

    @Test("what a failed read means: the file's trouble alone (forbidden, gone, failing, slow, too large), or the server's")
    func fileTrouble() {
        for error in [WebDAVError.forbidden, .notFound, .server(status: 500, reason: "Internal"), .timedOut(seconds: 30),
                      .tooLarge(limit: 1), .locked] {
            #expect(SyncRun.isTheFileAlone(error), "\(error)")
        }
        for error in [WebDAVError.unauthorized, .unreachable("refused"), .server(status: 503, reason: "Busy"),
                      .certificate(.changedSinceTrusted), .insufficientStorage] {
            #expect(!SyncRun.isTheFileAlone(error), "\(error)")
        }
    }

    @Test("the version recorded for a file read: its tag where listings give tags, the listing's size and date where not")
    func recordedVersions() {
        let tagged = RemoteFile(name: "a.md", etag: "\"1\"")
        #expect(SyncRun.version(of: tagged, readAs: "\"2\"") == "\"2\"")
        #expect(SyncRun.version(of: tagged, readAs: nil) == "\"1\"")
        let untagged = RemoteFile(name: "a.md", etag: nil, size: 1, lastModified: "x", version: "size 1, x")
        #expect(SyncRun.version(of: untagged, readAs: "\"nginx-header\"") == "size 1, x", "a GET's tag that no listing shows is never kept")
    }

    @Test("a file left for a clash with another device is worth a sync soon; one the server cannot give is not")
    func soonOrLater() {
        #expect(PostponedFile("a.md", .beingWritten).passesSoon && PostponedFile("a.md", .changedMeanwhile).passesSoon)
        #expect(!PostponedFile("a.md", .unreadable(.forbidden)).passesSoon && !PostponedFile("a.md", .badName).passesSoon)
        #expect(!PostponedFile("a.md", .refused(.server(status: 400, reason: "Bad Request"))).passesSoon, "a refused name waits for the next sync in its time")
        #expect(!PostponedFile("a.md", .tooLarge(limit: 20 << 20)).passesSoon)
    }
}
