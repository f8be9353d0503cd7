import NoteModel
import Testing

/// Merging two edits of one text made without seeing each other.
@Suite("Text merge")
struct TextMergeTests {
    @Test("edits in different places are both kept", arguments: [
        ("one\ntwo\nthree", "ONE\ntwo\nthree", "one\ntwo\nTHREE", "ONE\ntwo\nTHREE"),
        ("shopping: milk", "shopping: milk, eggs", "Shopping: milk", "Shopping: milk, eggs"),
        ("abc", "abc", "abXc", "abXc"),
        ("abc", "abYc", "abc", "abYc"),
        ("same", "changed alike", "changed alike", "changed alike"),
        ("日本語のメモ", "日本語のメモです", "新しい日本語のメモ", "新しい日本語のメモです"),
    ])
    func disjointEdits(base: String, mine: String, theirs: String, merged: String) {
        #expect(TextMerge.merge(base: base, mine: mine, theirs: theirs) == merged)
    }

    @Test("edits of the same place do not merge", arguments: [
        ("buy milk", "buy oat milk", "buy soy milk"),
        ("", "first version", "second version"),
        ("abc", "aXbc", "aYbc"),
    ])
    func overlappingEdits(base: String, mine: String, theirs: String) {
        #expect(TextMerge.merge(base: base, mine: mine, theirs: theirs) == nil)
    }

    @Test("the change between two texts is the stretch between their common start and end")
    func changeBetween() {
        #expect(TextChange.between("hello world", "hello brave world")
            == TextChange(offset: 6, length: 0, replacement: "brave "))
        #expect(TextChange.between("aaa", "aa") == TextChange(offset: 2, length: 1, replacement: ""))
        #expect(TextChange.between("é😀x", "é😀y") == TextChange(offset: 2, length: 1, replacement: "y"))
        #expect(TextChange.between("same", "same") == nil)
    }
}
