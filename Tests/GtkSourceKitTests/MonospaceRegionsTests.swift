import CGtk
import CGtkSource
import Foundation
import GtkKit
import GtkSourceKit
import Testing
import TestSupport

/// Code in a styled note is set in the monospace font by a tag of its own,
/// put on and taken off as the styling of each edited region comes up to
/// date. A tag put on or taken off lays out its whole paragraph again, so
/// typing outside code must leave the tag alone.
@MainActor
@Suite("Monospace code regions", .serialized)
struct MonospaceRegionsTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run ./meson-wrapper.sh test")
    }

    /// Counts how often the monospace tag is put on or taken off (the styling's
    /// own tags come and go with every edit, as GtkSourceView restyles it).
    @MainActor
    private final class TagChanges {
        let tag: UnsafeMutablePointer<GtkTextTag>?
        var applied = 0
        var removed = 0

        init(watching buffer: TextBuffer) {
            tag = MonospaceRegionsTests.monospaceTag(of: buffer)
            let watcher = Unmanaged.passUnretained(self).toOpaque()
            cgtk_signal_connect_tag_range(buffer.objectPointer, "apply-tag", { _, tag, _, _, data in
                MainActor.assumeIsolated {
                    let changes = Unmanaged<TagChanges>.fromOpaque(data!).takeUnretainedValue()
                    if tag == changes.tag { changes.applied += 1 }
                }
            }, watcher, nil)
            cgtk_signal_connect_tag_range(buffer.objectPointer, "remove-tag", { _, tag, _, _, data in
                MainActor.assumeIsolated {
                    let changes = Unmanaged<TagChanges>.fromOpaque(data!).takeUnretainedValue()
                    if tag == changes.tag { changes.removed += 1 }
                }
            }, watcher, nil)
        }
    }

    /// The tag that sets code in the monospace font, named after its context class.
    static func monospaceTag(of buffer: TextBuffer) -> UnsafeMutablePointer<GtkTextTag>? {
        gtk_text_tag_table_lookup(gtk_text_buffer_get_tag_table(cgtk_as_text_buffer(buffer.objectPointer)), "quire-code")
    }

    /// A shown editor styled as Quire styles notes.
    private func shownEditor() throws -> (Window, TextView) {
        let resources = BuiltProducts.sourceRoot + "/Resources"
        let styling = try #require(SourceStyling(
            languageID: "quire-markdown", languageDirectory: resources + "/language-specs",
            lightSchemeID: "quire-light", darkSchemeID: "quire-dark", schemeDirectory: resources + "/styles",
            monospaceClass: "quire-code"))
        let view = styling.makeView()
        let window = Window()
        window.setDefaultSize(width: 500, height: 300)
        window.setChild(view)
        window.present()
        return (window, view)
    }

    /// Whether the character at `offset` is set in the monospace font.
    private func isMonospace(_ buffer: TextBuffer, at offset: Int32) -> Bool {
        guard let tag = MonospaceRegionsTests.monospaceTag(of: buffer) else { return false }
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(cgtk_as_text_buffer(buffer.objectPointer), &iter, offset)
        return gtk_text_iter_has_tag(&iter, tag) != 0
    }

    /// Lets the styling catch up with the edits (it works on idle moments).
    private func settle() {
        MainLoop.iterate(forAtMost: 0.4) { false }
    }

    @Test("code is monospace, text that stops being code is not, and typing outside code puts on or takes off no tag")
    func codeAndTyping() throws {
        let (window, view) = try shownEditor()
        defer { window.destroy() }
        let buffer = view.buffer
        buffer.text = "Plain words\n`some code` and more\nlast line"
        settle()
        #expect(isMonospace(buffer, at: 14), "inside the code span")
        #expect(!isMonospace(buffer, at: 3), "plain words")
        #expect(!isMonospace(buffer, at: 26), "after the code span")

        let changes = TagChanges(watching: buffer)
        for letter in "typing on" {
            buffer.insert(String(letter), atOffset: buffer.characterCount)
            settle()
        }
        #expect(buffer.text.hasSuffix("last linetyping on"))
        #expect(changes.tag != nil)
        #expect(changes.applied == 0 && changes.removed == 0,
                "typing plain text moved the monospace tag: \(changes.applied) times on, \(changes.removed) off")

        buffer.delete(fromOffset: 12, length: 1)  // the opening backtick: no code any more
        settle()
        #expect(!isMonospace(buffer, at: 13), "no longer code")
        #expect(changes.removed > 0)
        buffer.insert("`", atOffset: 12)
        settle()
        #expect(isMonospace(buffer, at: 14), "code again")
        #expect(changes.applied > 0)
    }
}
