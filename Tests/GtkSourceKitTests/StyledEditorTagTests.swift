import CGtk
import CGtkSource
import Foundation
import GtkKit
import GtkSourceKit
import Testing
import TestSupport

/// The tags of an editor styled as Quire styles notes. A tag put on or taken
/// off lays out its whole paragraph again, even where it changes nothing, and
/// styling follows every keystroke: typing plain text must move no tag. Code
/// is set in the monospace font by a tag of Quire's own, put on and taken off
/// as the styling of each edited region comes up to date.
@MainActor
@Suite("Styled editor tags", .serialized)
struct StyledEditorTagTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run ./meson-wrapper.sh test")
        FatalLogMessages.handle()  // a GTK critical in this process stops it, where GLib's trap would be returned from
    }

    /// Counts the "apply-tag" and "remove-tag" emissions that reach the buffer's
    /// own handlers: of the tag `tag`, or of any tag if nil.
    @MainActor
    private final class TagChanges {
        let tag: UnsafeMutablePointer<GtkTextTag>?
        var applied = 0
        var removed = 0

        /// Starts counting; the buffer keeps the counter for as long as its handlers are connected.
        init(watching buffer: TextBuffer, tag: UnsafeMutablePointer<GtkTextTag>? = nil) {
            self.tag = tag
            let release: GClosureNotify = { data, _ in Unmanaged<TagChanges>.fromOpaque(data!).release() }
            cgtk_signal_connect_tag_range(buffer.objectPointer, "apply-tag", { _, tag, _, _, data in
                MainActor.assumeIsolated {
                    let changes = Unmanaged<TagChanges>.fromOpaque(data!).takeUnretainedValue()
                    if changes.tag == nil || tag == changes.tag { changes.applied += 1 }
                }
            }, Unmanaged.passRetained(self).toOpaque(), release)
            cgtk_signal_connect_tag_range(buffer.objectPointer, "remove-tag", { _, tag, _, _, data in
                MainActor.assumeIsolated {
                    let changes = Unmanaged<TagChanges>.fromOpaque(data!).takeUnretainedValue()
                    if changes.tag == nil || tag == changes.tag { changes.removed += 1 }
                }
            }, Unmanaged.passRetained(self).toOpaque(), release)
        }
    }

    /// The tag that sets code in the monospace font, named after its context class.
    private func monospaceTag(of buffer: TextBuffer) -> UnsafeMutablePointer<GtkTextTag>? {
        gtk_text_tag_table_lookup(gtk_text_buffer_get_tag_table(cgtk_as_text_buffer(buffer.objectPointer)), "quire-code")
    }

    /// The place of the character at `offset`.
    private func iter(_ buffer: TextBuffer, at offset: Int32) -> GtkTextIter {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(cgtk_as_text_buffer(buffer.objectPointer), &iter, offset)
        return iter
    }

    /// Whether the character at `offset` is set in the monospace font.
    private func isMonospace(_ buffer: TextBuffer, at offset: Int32) -> Bool {
        guard let tag = monospaceTag(of: buffer) else { return false }
        var place = iter(buffer, at: offset)
        return gtk_text_iter_has_tag(&place, tag) != 0
    }

    /// The tags that style the character at `offset`.
    private func tags(_ buffer: TextBuffer, at offset: Int32) -> Set<UnsafeMutableRawPointer> {
        var place = iter(buffer, at: offset)
        let list = gtk_text_iter_get_tags(&place)
        defer { g_slist_free(list) }
        var found = Set<UnsafeMutableRawPointer>()
        var link = list
        while let node = link {
            if let tag = node.pointee.data { found.insert(tag) }
            link = node.pointee.next
        }
        return found
    }

    /// Lets the styling catch up with the edits (it works on idle moments).
    private func settle() {
        MainLoop.iterate(forAtMost: 0.4) { false }
    }

    /// Types `text` at the end of the buffer, a letter at a time, letting the styling follow each.
    private func type(_ text: String, into buffer: TextBuffer) {
        for letter in text {
            buffer.insert(String(letter), atOffset: buffer.characterCount)
            settle()
        }
    }

    @Test("code is monospace, text that stops being code is not, and typing outside code or into it moves no monospace tag")
    func monospaceCode() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        let buffer = view.buffer
        buffer.text = "Plain words\n`some code` and more\nlast line"
        settle()
        #expect(isMonospace(buffer, at: 14), "inside the code span")
        #expect(!isMonospace(buffer, at: 3), "plain words")
        #expect(!isMonospace(buffer, at: 26), "after the code span")

        let changes = TagChanges(watching: buffer, tag: monospaceTag(of: buffer))
        #expect(changes.tag != nil)
        type("typing on", into: buffer)
        #expect(buffer.text.hasSuffix("last linetyping on"))
        #expect(changes.applied == 0 && changes.removed == 0,
                "typing plain text moved the monospace tag: \(changes.applied) times on, \(changes.removed) off")
        buffer.insert("x", atOffset: 14)  // "`soxme code`": typed into code
        settle()
        #expect(isMonospace(buffer, at: 14), "typed into code, still code")
        #expect(changes.applied == 0 && changes.removed == 0,
                "typing into code moved the monospace tag: \(changes.applied) times on, \(changes.removed) off")

        buffer.delete(fromOffset: 12, length: 1)  // the opening backtick: no code any more
        settle()
        #expect(!isMonospace(buffer, at: 13), "no longer code")
        #expect(changes.removed > 0)
        buffer.insert("`", atOffset: 12)
        settle()
        #expect(isMonospace(buffer, at: 14), "code again")
        #expect(changes.applied > 0)
    }

    @Test("a checked item's text is struck through from its first letter on: not its indent, marker or box; bold in it stays bold")
    func checkedItemText() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        let buffer = view.buffer
        // "  - [x] **milk** and bread": indent 0–1, marker 2, box 4–6, bold "milk" 10–13, "and" 17–19.
        buffer.text = "  - [x] **milk** and bread\n- [x]\n- [x]   \n- [ ] open"
        settle()
        let done = tags(buffer, at: 17)
        #expect(!done.isEmpty, "the item's text is styled")
        #expect(tags(buffer, at: 0).isEmpty && tags(buffer, at: 1).isEmpty, "the indent is not struck")
        #expect(tags(buffer, at: 2).isDisjoint(with: done), "the marker is not struck")
        #expect(tags(buffer, at: 5).isDisjoint(with: done), "the box is not struck")
        #expect(tags(buffer, at: 10).isStrictSuperset(of: done), "bold in the item: struck and bold")
        let open = buffer.text.utf16.count - 2  // "op|en"
        #expect(tags(buffer, at: Int32(open)).isDisjoint(with: done), "an open item's text is not struck")

        buffer.insert(" and eggs", atOffset: 26)  // typed at the end of the checked item
        settle()
        #expect(tags(buffer, at: 30) == done, "what is typed onto a checked item is struck too")
        #expect(buffer.text.hasPrefix("  - [x] **milk** and bread and eggs\n- [x]\n"))
    }

    @Test("a checked task in Hebrew or Arabic is laid out right to left, as an open one is: its marker right of its text, the x hidden but kept; in English the x shows")
    func checkedRightToLeftTask() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        let buffer = view.buffer
        let text = "- [x] שלום עולם\n- [ ] שלום עולם\n- [x] 12، مرحبا\n- [x] milk"
        buffer.text = text
        settle()
        /// The place of the character at `offset` of line `line`.
        func iter(_ line: Int32, _ offset: Int32) -> GtkTextIter {
            var at = GtkTextIter()
            gtk_text_buffer_get_iter_at_line_offset(cgtk_as_text_buffer(buffer.objectPointer), &at, line, offset)
            return at
        }
        /// Where the character at `offset` of line `line` is drawn, from the view's left.
        func x(_ line: Int32, _ offset: Int32) -> Int32 {
            var at = iter(line, offset)
            var rect = GdkRectangle()
            gtk_text_view_get_iter_location(cgtk_as_text_view(view.objectPointer), &at, &rect)
            return rect.x
        }
        #expect(x(0, 0) > x(0, 6), "checked, Hebrew: the marker right of the text")
        #expect(x(1, 0) > x(1, 6), "open, Hebrew: the marker right of the text")
        #expect(x(2, 0) > x(2, 10), "checked, Arabic after a number and a comma: right to left")
        #expect(x(3, 0) < x(3, 6), "checked, English: left to right")
        /// Whether the character at `offset` of line `line` is hidden.
        func hidden(_ line: Int32, _ offset: Int32) -> Bool {
            var at = iter(line, offset)
            let table = gtk_text_buffer_get_tag_table(cgtk_as_text_buffer(buffer.objectPointer))
            guard let tag = gtk_text_tag_table_lookup(table, "quire-hidden") else { return false }
            return gtk_text_iter_has_tag(&at, tag) != 0
        }
        #expect(hidden(0, 3) && hidden(2, 3), "the x of a right-to-left checked task is hidden")
        #expect(!hidden(0, 2) && !hidden(0, 4) && !hidden(3, 3), "its box shows, and the x of an English checked task")
        #expect(buffer.text == text, "the text keeps every x")

        buffer.delete(fromOffset: 3, length: 1)  // unchecked: "- [ ] שלום עולם"
        buffer.insert(" ", atOffset: 3)
        settle()
        #expect(!hidden(0, 3) && x(0, 0) > x(0, 6), "unchecked: its box open, still right to left")
    }

    @Test("a line of three or more -, * or _ (blanks between allowed) is a rule, styled as one; two with a letter, a list item or emphasis is not")
    func horizontalRules() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        let buffer = view.buffer
        // Lines start at 0 "---", 4 "***", 8 "_ _ _", 14 "-- x", 19 "- item", 26 "*a*".
        buffer.text = "---\n***\n_ _ _\n-- x\n- item\n*a*"
        settle()
        let rule = tags(buffer, at: 0)
        #expect(!rule.isEmpty, "a rule is styled")
        #expect(tags(buffer, at: 5) == rule && tags(buffer, at: 10) == rule, "*** and _ _ _ are rules too")
        #expect(tags(buffer, at: 14).isDisjoint(with: rule), "-- x is text")
        #expect(tags(buffer, at: 19).isDisjoint(with: rule), "a list item's marker is no rule")
        #expect(tags(buffer, at: 27).isDisjoint(with: rule), "emphasis is no rule")
    }

    @Test("in a note with a heading, bold and code, typing a plain line moves no tag; typing into the heading keeps it a heading")
    func plainLineInStyledNote() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        let buffer = view.buffer
        buffer.text = "# A heading\n**bold** and `code`\nlast line"
        settle()
        let changes = TagChanges(watching: buffer)
        type(" goes on", into: buffer)
        #expect(buffer.text.hasSuffix("last line goes on"))
        #expect(changes.applied == 0 && changes.removed == 0,
                "typing plain text moved tags: \(changes.applied) times on, \(changes.removed) off")

        let before = tags(buffer, at: 5).count
        buffer.insert("big ", atOffset: 2)  // "# big A heading"
        settle()
        #expect(before > 0, "the heading is styled")
        #expect(tags(buffer, at: 9).count == before, "still styled as a heading once typed into")
        #expect(changes.removed > 0 && changes.applied > 0, "the heading's line was restyled")
    }
}
