import NoteModel
import Testing

/// A note's title is its first non-blank line, without its Markdown marks.
@Suite("Note titles")
struct NoteTitleTests {
    @Test("the first non-blank line, trimmed", arguments: [
        ("Groceries\nmilk", "Groceries"),
        ("\n\n   Plans for Monday  \nrest", "Plans for Monday"),
        ("", ""),
        ("   \n\t\n", ""),
        ("one line", "one line"),
        ("Windows line\r\nnext", "Windows line"),
        ("日本語のメモ\n本文", "日本語のメモ"),
        ("\u{3000}全角の空白\u{3000}\n本文", "全角の空白"),
        ("Cafe\u{301} list \t\u{2028}next", "Cafe\u{301} list"),
        // A byte-order mark (a file saved by Windows' Notepad) and zero-width spaces are blanks.
        ("\u{FEFF}Shopping\r\neggs", "Shopping"),
        ("\u{FEFF}\n\u{200B}# Plans\u{200B}\nrest", "Plans"),
    ])
    func title(body: String, expected: String) {
        #expect(Note.title(ofBody: body) == expected)
    }

    @Test("a note whose file starts with a byte-order mark sorts by its words")
    func byteOrderMarkSorting() {
        #expect(Note.sortTitle(ofBody: "\u{FEFF}Shopping\neggs") < Note.sortTitle(ofBody: "Zebra"))
    }

    @Test("Markdown marks are not part of the title", arguments: [
        ("# Groceries\n- milk", "Groceries"),
        ("###   Plans ###\n", "Plans"),
        ("#hashtag", "#hashtag"),
        ("> quoted *words*", "quoted words"),
        ("- [ ] **Call** [Ana](tel:123)", "Call Ana"),
        ("1. first ~~item~~", "first item"),
        ("![diagram](a.png) of `the` flow", "diagram of the flow"),
        ("snake_case_name and 2*3", "snake_case_name and 2*3"),
        ("**京都**へ行く", "京都へ行く"),
        ("新幹線で~~大阪~~京都へ", "新幹線で大阪京都へ"),
        ("a_b_c and x*y*z", "a_b_c and x*y*z"),
        ("see [the docs](https://example.org/a-long-pa", "see the docs"),
        ("***", "***"),
        ("#", "#"),
        // A line of marks alone says nothing: the title is the first line that does, if any.
        ("```\nlet x = 1\n```", "let x = 1"),
        ("~~~ swift\nprint(1)", "print(1)"),
        ("````md\ntext", "text"),
        ("```ls``` lists files", "ls lists files"),
        ("---\nSummer plans\n---", "Summer plans"),
        ("* * *\n\n# Trip", "Trip"),
        ("#\n- [ ]\nMilk", "Milk"),
        ("---\n```", "---"),
        ("==\nx", "=="),
        // Marks only where they are marks: a block mark starts the line.
        ("Plans. Then - maybe + more (1.) #tag > done", "Plans. Then - maybe + more (1.) #tag > done"),
        ("+ plus item", "plus item"),
        ("2) second", "second"),
        ("2024 plans", "2024 plans"),
        ("école — `naïve` café", "école — naïve café"),
    ])
    func markdownTitle(body: String, expected: String) {
        #expect(Note.title(ofBody: body) == expected)
    }

    @Test("a properties block at the start (Obsidian's, Jekyll's) is passed over, if a line after it says something", arguments: [
        ("---\ntags: [trip]\ndate: 2024-05-01\n---\n# Lisbon\nday one", "Lisbon"),
        ("---\r\ntitle: x\r\n...\r\n\r\nBody", "Body"),
        ("\u{FEFF}---  \naliases: a\n---\nText", "Text"),
        ("---\ntags: a\nText", "tags: a"),
        ("---\nSummer plans\n---\n\n", "Summer plans"),
        ("Plan\n---\nmore\n---\nlast", "Plan"),
    ])
    func propertiesBlock(body: String, expected: String) {
        #expect(Note.title(ofBody: body) == expected)
    }

    @Test("a long first line is cut to the maximum with an ellipsis")
    func longTitle() {
        let title = Note.title(ofBody: String(repeating: "word ", count: 50))
        #expect(title.count == Note.maximumTitleLength)
        #expect(title.hasSuffix("…"))
        let accented = Note.title(ofBody: String(repeating: "e\u{301}", count: 100))
        #expect(accented.count == Note.maximumTitleLength, "cut by characters, not by the scalars they are made of")
    }

    @Test("the title comes from the note's start only, however long the note")
    func titleFromStart() {
        #expect(Note.title(ofBody: "Start\n" + String(repeating: "x", count: 1_000_000)) == "Start")
        let lateTitle = String(repeating: "\n", count: Note.titleSourceLength) + "too far down"
        #expect(Note.title(ofBody: lateTitle) == "", "a first line past the start is not a title")
    }
}
