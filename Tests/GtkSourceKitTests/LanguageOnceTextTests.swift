import CGtk
import CGtkSource
import GtkKit
import GtkSourceKit
import Testing
import TestSupport

/// A styled view gets its language only once it holds text: an empty note's
/// view never has GtkSourceView read and compile the whole language.
@MainActor
@Suite("The language, once there is text", .serialized)
struct LanguageOnceTextTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run ./meson-wrapper.sh test")
        FatalLogMessages.handle()
    }

    @Test("an empty view draws without a language; text set gets it on the main loop's next turn, ahead of any frame or key, and shows styled")
    func languageOnceText() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        let buffer = cgtk_as_source_buffer(view.buffer.objectPointer)
        var drawn = false
        window.onFirstFrame { drawn = true }
        #expect(MainLoop.iterate(forAtMost: 10) { drawn }, "the window draws")
        #expect(gtk_source_buffer_get_language(buffer) == nil, "an empty view has no language")

        view.buffer.text = "Plan `code` here"
        #expect(gtk_source_buffer_get_language(buffer) == nil, "not set inside the buffer's signal")
        g_main_context_iteration(nil, 0)  // the highest priority ready runs first
        #expect(gtk_source_buffer_get_language(buffer) != nil, "set on the next turn")

        let code = gtk_text_tag_table_lookup(gtk_text_buffer_get_tag_table(cgtk_as_text_buffer(view.buffer.objectPointer)), "quire-code")
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(cgtk_as_text_buffer(view.buffer.objectPointer), &iter, 6)
        #expect(MainLoop.iterate(forAtMost: 10) { gtk_text_iter_has_tag(&iter, code) != 0 }, "the code span is styled as code")
    }

    @Test("a view asked for its context classes before that turn gets the language at once")
    func contextClassesAtOnce() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        view.buffer.text = "see `teh`"
        #expect(view.buffer.ranges(ofContextClass: "no-spell-check", in: 0..<9) == [4..<9])
    }
}
