import Foundation
import NoteModel
import Testing
import TestSupport

/// Drafts written and removed on the draft writer's thread: in the order
/// asked, their outcomes handed back through the main queue.
@Suite("Draft writer")
@MainActor
struct DraftWriterTests {
    let folder: TemporaryDirectory
    let drafts: DraftStore
    init() throws {
        folder = try TemporaryDirectory(prefix: "quire-draft-writer")
        drafts = DraftStore(stateDirectory: folder.file("state"))
    }

    @Test("writes and a removal are made in the order asked; each outcome comes back on the main queue")
    func inOrder() async throws {
        let writer = DraftWriter(store: drafts)
        var draft = NoteDraft(noteID: UUID(), body: "first", baseBody: "", baseRevision: 0)
        var outcomes: [String] = []
        writer.write(draft) { outcomes.append((try? $0.get()) ?? "failed") }
        draft.body = "second"
        writer.write(draft) { outcomes.append((try? $0.get()) ?? "failed") }
        writer.finishPending()
        #expect(drafts.all().drafts.map(\.body) == ["second"], "the later write is the one kept")
        writer.remove(noteID: draft.noteID, draftID: draft.draftID) { outcomes.append((try? $0.get()) != nil ? "removed" : "failed") }
        writer.finishPending()
        #expect(drafts.all().drafts.isEmpty, "removed after the writes asked before it")
        for _ in 0..<500 where outcomes.count < 3 { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(outcomes == [drafts.path(for: draft), drafts.path(for: draft), "removed"])
    }

    @Test("a draft that cannot be written says why; writeNow writes after what is under way and throws the same")
    func failures() async throws {
        let blocked = folder.file("blocked")
        try Data("a file where the drafts folder should be".utf8).write(to: URL(fileURLWithPath: blocked))
        let writer = DraftWriter(store: DraftStore(directory: blocked))
        let draft = NoteDraft(noteID: UUID(), body: "text", baseBody: "", baseRevision: 0)
        var failure: (any Error)?
        writer.write(draft) { if case let .failure(error) = $0 { failure = error } }
        for _ in 0..<500 where failure == nil { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(failure != nil)
        #expect(throws: (any Error).self) { try writer.writeNow(draft) }

        let working = DraftWriter(store: drafts)
        var older = draft
        older.body = "older"
        working.write(older) { _ in }
        try working.writeNow(draft)
        #expect(drafts.all().drafts.map(\.body) == ["text"], "the write asked before never lands over writeNow's")
    }
}
