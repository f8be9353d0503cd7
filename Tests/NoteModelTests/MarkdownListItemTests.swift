import NoteModel
import Testing

/// Reading list items and tasks from a line, for Return, Ctrl+Return and Tab.
@Suite("Markdown list items")
struct MarkdownListItemTests {
    @Test("bullets, numbers and tasks are read with their indent, marker, box and text offset")
    func reading() throws {
        let bullet = try #require(MarkdownListItem(line: "- milk"))
        #expect(bullet.indent == "" && bullet.marker == "-" && bullet.isChecked == nil && bullet.contentOffset == 2)
        let numbered = try #require(MarkdownListItem(line: "  12) twelfth"))
        #expect(numbered.indent == "  " && numbered.marker == "12)" && numbered.contentOffset == 6)
        let task = try #require(MarkdownListItem(line: "* [ ] call Ana"))
        #expect(task.isChecked == false && task.boxMarkOffset == 3 && task.contentOffset == 6)
        #expect(MarkdownListItem(line: "\t+ [X] done")?.isChecked == true)
        #expect(MarkdownListItem(line: "- [x]")?.isChecked == true, "a box alone is a task")
        #expect(MarkdownListItem(line: "- [y] not a box")?.isChecked == nil)
        #expect(MarkdownListItem(line: "-")?.contentOffset == 1, "a marker alone: an empty item")
        for line in ["plain text", "-dash", "**bold**", "1.5 litres", "", "# heading", "1234567890. too long"] {
            #expect(MarkdownListItem(line: line) == nil, "\(line)")
        }
    }

    @Test("Return continues with the same bullet, the next number, and an unchecked box; an empty item is told apart")
    func continuation() throws {
        #expect(MarkdownListItem(line: "- milk")?.continuation == "- ")
        #expect(MarkdownListItem(line: "   9. nine")?.continuation == "   10. ")
        #expect(MarkdownListItem(line: "3) three")?.continuation == "4) ")
        #expect(MarkdownListItem(line: "  - [x] done")?.continuation == "  - [ ] ")
        #expect(MarkdownListItem(line: "1. one")?.continuation(repeatingNumber: true) == "1. ", "a list of \"1.\" alone")
        let empty = try #require(MarkdownListItem(line: "- [ ] "))
        #expect(empty.isEmpty(in: "- [ ] "))
        #expect(MarkdownListItem(line: "1. ")?.isEmpty(in: "1. ") == true)
        #expect(MarkdownListItem(line: "- x")?.isEmpty(in: "- x") == false)
        #expect(MarkdownListItem(line: "- milk")?.indentStep == 2)
        #expect(MarkdownListItem(line: "10. ten")?.indentStep == 4)
    }

    @Test("a numbered item tells its number and takes another; a bullet has none")
    func numbers() throws {
        let item = try #require(MarkdownListItem(line: "   12) twelve"))
        #expect(item.number == 12 && item.marker(numbered: 1) == "1)")
        #expect(try #require(MarkdownListItem(line: "- [ ] milk")).number == nil)
    }
}
