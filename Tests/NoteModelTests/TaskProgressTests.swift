import Foundation
import NoteModel
import Testing
import TestSupport

/// A checklist's progress, as a list row shows it.
@Suite("Task progress")
struct TaskProgressTests {
    @Test("task items are counted, checked or not, at any indent and with any marker; other brackets are not")
    func counting() throws {
        let body = "Trip\n- [x] tickets\n  * [ ] passport\n1. [X] hotel\n- [ ]\nnot [ ] a task\n- [y] nor this\n[x] nor this"
        let progress = try #require(TaskProgress(body: body))
        #expect(progress.done == 2 && progress.total == 4)
        #expect(TaskProgress(body: "no tasks at all\n- a bullet") == nil)
        #expect(TaskProgress(body: "") == nil)
    }

    @Test("a summary carries the progress of the whole note, even past what a row reads of its text")
    func inSummary() throws {
        let folder = try TemporaryDirectory(prefix: "quire-tasks")
        let store = try NoteStore(path: folder.file("notes.sqlite"))
        let long = try store.createNote(body: "List\n" + String(repeating: "filler words\n", count: 1_000) + "- [x] late\n- [ ] later")
        let plain = try store.createNote(body: "Nothing to do [x]")
        #expect(try store.summary(of: long.id)?.taskProgress.map { [$0.done, $0.total] } == [1, 2])
        #expect(try store.summary(of: plain.id)?.taskProgress == nil)
    }
}
