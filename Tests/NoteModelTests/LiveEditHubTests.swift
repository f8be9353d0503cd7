import Foundation
import NoteModel
import Testing

/// Edits travel between the editors of one note, never back to their maker.
@Suite("Live edits")
struct LiveEditHubTests {
    @Test("inserts and deletes apply by character offset, clamped to the text; step marks change nothing", arguments: [
        (NoteEdit.insert(offset: 5, text: ", world"), "hello", "hello, world"),
        (.insert(offset: 0, text: "¡"), "hola", "¡hola"),
        (.insert(offset: 99, text: "!"), "end", "end!"),
        (.delete(offset: 1, length: 3), "abcdef", "aef"),
        (.delete(offset: 4, length: 99), "abcdef", "abcd"),
        (.insert(offset: 2, text: "語"), "日本のメモ", "日本語のメモ"),
        (.delete(offset: 0, length: 1), "👩‍💻 notes", " notes"),
        (.beginStep, "- [ ] milk", "- [ ] milk"),
        (.endStep, "- [x] milk", "- [x] milk"),
    ])
    func applying(edit: NoteEdit, before: String, after: String) {
        #expect(edit.applied(to: before) == after)
    }

    @Test("an edit reaches every other editor of the note, not its maker and not other notes")
    func routing() {
        let hub = LiveEditHub()
        let note = UUID(), other = UUID()
        let first = NoteChangeOrigin(), second = NoteChangeOrigin(), third = NoteChangeOrigin()
        var received: [String: [NoteEdit]] = [:]
        let subscriptions = [
            hub.subscribe(to: note, origin: first) { received["first", default: []].append($0) },
            hub.subscribe(to: note, origin: second) { received["second", default: []].append($0) },
            hub.subscribe(to: other, origin: third) { received["third", default: []].append($0) },
        ]
        withExtendedLifetime(subscriptions) {
            hub.publish(.insert(offset: 0, text: "x"), to: note, from: first)
            #expect(received["first"] == nil, "no echo")
            #expect(received["second"] == [.insert(offset: 0, text: "x")])
            #expect(received["third"] == nil)
            #expect(hub.editorCount(for: note) == 2)
        }
    }

    @Test("a released subscription receives nothing more")
    func unsubscribe() {
        let hub = LiveEditHub()
        let note = UUID()
        var count = 0
        do {
            let subscription = hub.subscribe(to: note, origin: NoteChangeOrigin()) { _ in count += 1 }
            withExtendedLifetime(subscription) {
                hub.publish(.delete(offset: 0, length: 1), to: note, from: NoteChangeOrigin())
            }
        }
        hub.publish(.delete(offset: 0, length: 1), to: note, from: NoteChangeOrigin())
        #expect(count == 1)
        #expect(hub.editorCount(for: note) == 0)
    }
}
