import NoteModel
import Testing

/// The formatting keys' edits, on text alone.
@Suite("Markdown marks put on and taken off")
struct MarkdownMarkToggleTests {
    /// The text after the toggle, and the selected part of it ("" for a cursor).
    private func toggled(_ mark: MarkdownMark, _ text: String, _ selection: Range<Int>) -> (text: String, selected: String, cursor: Int) {
        let toggle = MarkdownMarkToggle(mark, in: text, selection: selection)
        var scalars = Array(text.unicodeScalars)
        scalars.replaceSubrange(toggle.change.offset..<(toggle.change.offset + toggle.change.length),
                                with: toggle.change.replacement.unicodeScalars)
        let result = String(String.UnicodeScalarView(scalars))
        let selected = String(String.UnicodeScalarView(scalars[toggle.selection]))
        return (result, selected, toggle.selection.lowerBound)
    }

    @Test("a selection is marked, and stays selected inside the marks")
    func marksTheSelection() {
        #expect(toggled(.bold, "make this bold", 5..<9) == ("make **this** bold", "this", 7))
        #expect(toggled(.italic, "make this slanted", 5..<9) == ("make _this_ slanted", "this", 6))
        #expect(toggled(.strikethrough, "strike that", 7..<11) == ("strike ~~that~~", "that", 9))
        #expect(toggled(.code, "run ls -la now", 4..<10) == ("run `ls -la` now", "ls -la", 5))
    }

    @Test("no selection: the word at the cursor, the cursor staying where it was in it; between words, the cursor lands between new marks")
    func wordAtTheCursor() {
        #expect(toggled(.bold, "one two three", 5..<5) == ("one **two** three", "", 7), "nothing selected: typing does not replace the word")
        #expect(toggled(.bold, "buy milk", 8..<8) == ("buy **milk**", "", 10), "at the word's end, inside the marks")
        #expect(toggled(.italic, "one  two", 4..<4) == ("one __ two", "", 5), "between blanks, empty marks")
        #expect(toggled(.bold, "", 0..<0) == ("****", "", 2))
    }

    @Test("marks already there, around or inside the selection, are taken off")
    func unmarks() {
        #expect(toggled(.bold, "make **this** plain", 7..<11) == ("make this plain", "this", 5))
        #expect(toggled(.bold, "make **this** plain", 5..<13) == ("make this plain", "this", 5))
        #expect(toggled(.bold, "make **this** plain", 8..<8) == ("make this plain", "", 6), "the cursor in the word stays there")
        #expect(toggled(.bold, "make **this** plain", 7..<7) == ("make this plain", "", 5), "at the word's start too")
        #expect(toggled(.bold, "X ****", 4..<4) == ("X ", "", 2), "empty marks, asked for twice, go")
        #expect(toggled(.code, "`x`", 1..<2) == ("x", "x", 0))
    }

    @Test("Ctrl+B, a word, Ctrl+B: the cursor at the end of the marked text steps out past the closing marks, the word kept marked")
    func stepsOut() {
        #expect(toggled(.bold, "X **bold**", 8..<8) == ("X **bold**", "", 10))
        #expect(toggled(.italic, "an _aside_ here", 9..<9) == ("an _aside_ here", "", 10))
        #expect(toggled(.code, "`ls -la`", 7..<7) == ("`ls -la`", "", 8), "code ends after its last word")
        #expect(toggled(.bold, "X **two words** and", 13..<13) == ("X **two words** and", "", 15), "marked text of several words")
        #expect(toggled(.bold, "X **bold**", 6..<6) == ("X bold", "", 4), "inside the word, the marks come off")
    }

    @Test("a cursor or selection inside a longer marked stretch takes the stretch's marks off, as it shows marked as a whole")
    func insideAMarkedPhrase() {
        #expect(toggled(.bold, "X **two words** end", 5..<5) == ("X two words end", "", 3), "the cursor in the first word")
        #expect(toggled(.bold, "X **two words** end", 10..<10) == ("X two words end", "", 8), "in the last word")
        #expect(toggled(.bold, "**one** and **two words**", 20..<20) == ("**one** and two words", "", 18), "the stretch the cursor is in, not the first")
        #expect(toggled(.italic, "an _aside here_ now", 5..<5) == ("an aside here now", "", 4))
        #expect(toggled(.strikethrough, "~~not this one~~", 6..<10) == ("not this one", "this", 4), "a selection in it")
        #expect(toggled(.code, "run `ls -la /tmp` now", 13..<13) == ("run ls -la /tmp now", "", 12))
        // As the styling reads them: underscores inside a word mark nothing, and marks must touch their text.
        #expect(toggled(.italic, "my_var and x_y", 8..<8) == ("my_var _and_ x_y", "", 9))
        #expect(toggled(.bold, "a ** b ** c", 11..<11) == ("a ** b ** **c**", "", 13))
        #expect(toggled(.bold, "**one\ntwo**", 7..<7) == ("**one\n**two****", "", 9), "a stretch never crosses a line")
    }

    @Test("Ctrl+B right after marked text steps back in before its closing marks; with a word right after it, the word is marked")
    func stepsBackIn() {
        #expect(toggled(.bold, "X **bold**", 10..<10) == ("X **bold**", "", 8))
        #expect(toggled(.bold, "X **bold** and", 10..<10) == ("X **bold** and", "", 8), "a blank after it")
        #expect(toggled(.code, "`ls`", 4..<4) == ("`ls`", "", 3))
        #expect(toggled(.bold, "X **bold** ", 11..<11) == ("X **bold** ****", "", 13), "after a blank, new marks")
    }

    @Test("blanks at the ends of a selection stay outside the marks")
    func blanksStayOutside() {
        #expect(toggled(.bold, "a word here", 1..<7) == ("a **word** here", "word", 4))
    }

    @Test("a link puts the text in brackets and selects the address to type over")
    func link() {
        #expect(toggled(.link, "see the docs", 8..<12) == ("see the [docs](https://)", "https://", 15))
        #expect(toggled(.link, "", 0..<0) == ("[](https://)", "", 1), "nothing to link: the cursor waits for the text")
        #expect(toggled(.link, "[docs](https://)", 5..<5) == ("[docs](https://)", "https://", 7), "the text typed, Ctrl+K again selects the address")
        #expect(toggled(.link, "see [the docs](example.org) now", 6..<6) == ("see [the docs](example.org) now", "example.org", 15),
                "on a link written before, its address, whatever its length, is selected; the link is not wrapped again")
        #expect(toggled(.link, "[docs](a.org) and [more](b.org)", 21..<23) == ("[docs](a.org) and [more](b.org)", "b.org", 25), "the link the selection is in")
        #expect(toggled(.link, "[docs] (a.org)", 2..<2) == ("[[docs](https://)] (a.org)", "https://", 8), "not a link: a blank before the address")
    }

    @Test("offsets count Unicode scalars, as the editor's do: an emoji before the word")
    func scalars() {
        #expect(toggled(.bold, "👩‍👩‍👧 family", 7..<7) == ("👩‍👩‍👧 **family**", "", 9))
    }
}
