import CGtk
import Foundation
import CGtkSource
import GtkKit
import GtkSourceKit
import Testing
import TestSupport

/// A styled view gets its language and scheme only once it holds text: an
/// empty note's view never has GtkSourceView read and compile the whole
/// language, nor parse the schemes.
@MainActor
@Suite("The language, once there is text", .serialized)
struct LanguageOnceTextTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run ./meson-wrapper.sh test")
        FatalLogMessages.handle()
    }

    @Test("an empty view draws without a language or a scheme; text set gets both on the main loop's next turn, ahead of any frame or key, and shows styled")
    func languageOnceText() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        let buffer = cgtk_as_source_buffer(view.buffer.objectPointer)
        var drawn = false
        window.onFirstFrame { drawn = true }
        #expect(MainLoop.iterate(forAtMost: 10) { drawn }, "the window draws")
        #expect(gtk_source_buffer_get_language(buffer) == nil, "an empty view has no language")
        #expect(gtk_source_buffer_get_style_scheme(buffer) == nil, "nor a scheme")

        view.buffer.text = "Plan `code` here"
        #expect(gtk_source_buffer_get_language(buffer) == nil, "not set inside the buffer's signal")
        g_main_context_iteration(nil, 0)  // the highest priority ready runs first
        #expect(gtk_source_buffer_get_language(buffer) != nil, "set on the next turn")
        let scheme = try #require(gtk_source_buffer_get_style_scheme(buffer), "the scheme with it")
        #expect(String(cString: gtk_source_style_scheme_get_id(scheme)) == "quire-light")

        let code = gtk_text_tag_table_lookup(gtk_text_buffer_get_tag_table(cgtk_as_text_buffer(view.buffer.objectPointer)), "quire-code")
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(cgtk_as_text_buffer(view.buffer.objectPointer), &iter, 6)
        #expect(MainLoop.iterate(forAtMost: 10) { gtk_text_iter_has_tag(&iter, code) != 0 }, "the code span is styled as code")
    }

    @Test("schemes missing from their folder are found out once a view has text: the text stays plain, and the app is told once")
    func schemesMissing() throws {
        let folder = try TemporaryDirectory()
        let languages = folder.path + "/language-specs", styles = folder.path + "/styles"
        try FileManager.default.createDirectory(atPath: styles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: languages, withIntermediateDirectories: true)
        for name in ["quire-markdown.lang", "language2.rng"] {
            try FileManager.default.copyItem(atPath: StyledEditor.resources + "/language-specs/" + name, toPath: languages + "/" + name)
        }
        let styling = try #require(SourceStyling(
            languageID: "quire-markdown", languageDirectory: languages, lightSchemeID: "quire-light", darkSchemeID: "quire-dark",
            schemeDirectory: styles))
        var told = 0
        styling.whenUnreadable = { told += 1 }
        let first = styling.makeView(), second = styling.makeView()
        #expect(told == 0, "nothing read while the views are empty")
        for view in [first, second] {
            view.buffer.text = "Plan `code` here"
            _ = view.buffer.ranges(ofContextClass: "no-spell-check", in: 0..<4)
            #expect(gtk_source_buffer_get_language(cgtk_as_source_buffer(view.buffer.objectPointer)) == nil)
        }
        #expect(told == 1)
        #expect(SourceStyling(
            languageID: "quire-markdown", languageDirectory: styles, lightSchemeID: "quire-light", darkSchemeID: "quire-dark",
            schemeDirectory: styles) == nil, "a language file missing is found at once")
    }

    @Test("a view asked for its context classes before that turn gets the language at once")
    func contextClassesAtOnce() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        view.buffer.text = "see `teh`"
        #expect(view.buffer.ranges(ofContextClass: "no-spell-check", in: 0..<9) == [4..<9])
    }
}
