import CGtkSource
import Foundation
import GtkKit
import GtkSourceKit
import Testing
import TestSupport

/// Quire's language definition and style schemes, held to GtkSourceView's own
/// RelaxNG schemas. At run time GtkSourceView checks the language only against
/// the schema that accepts anything, shipped beside it so that loading it
/// compiles no schema (`Resources/language-specs/language2.rng`): a mistake in
/// either file fails here. And styling loads those files and no other.
@MainActor
@Suite("Language and style files", .serialized)
struct LanguageFileTests {
    static let resources = BuiltProducts.sourceRoot + "/Resources"
    /// Where Debian's GtkSourceView 5 keeps its schemas (libgtksourceview-5-common).
    static let stock = "/usr/share/gtksourceview-5"

    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run ./meson-wrapper.sh test")
        FatalLogMessages.handle()
    }

    @Test("The Markdown language follows GtkSourceView's language schema")
    func languageFollowsTheStockSchema() throws {
        let schema = LanguageFileTests.stock + "/language-specs/language2.rng"
        try #require(FileManager.default.fileExists(atPath: schema), "GtkSourceView's schema is missing: install libgtksourceview-5-dev")
        let problems = RelaxNGCheck.problems(in: LanguageFileTests.resources + "/language-specs/quire-markdown.lang", schema: schema)
        #expect(problems == [])
    }

    @Test("The light and dark schemes follow GtkSourceView's style scheme schema")
    func schemesFollowTheStockSchema() throws {
        let schema = LanguageFileTests.stock + "/styles/styles.rng"
        try #require(FileManager.default.fileExists(atPath: schema), "GtkSourceView's schema is missing: install libgtksourceview-5-dev")
        for name in ["quire-light", "quire-dark"] {
            #expect(RelaxNGCheck.problems(in: LanguageFileTests.resources + "/styles/\(name).xml", schema: schema) == [], "\(name)")
        }
    }

    @Test("The check finds a mistake: an element GtkSourceView does not know, in a copy of the language")
    func checkFindsAMistake() throws {
        let folder = try TemporaryDirectory()
        let language = try String(contentsOfFile: LanguageFileTests.resources + "/language-specs/quire-markdown.lang", encoding: .utf8)
        let broken = language.replacingOccurrences(of: "<styles>", with: "<styles><colour id=\"red\"/>")
        #expect(broken != language)
        let path = folder.path + "/quire-markdown.lang"
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(RelaxNGCheck.problems(in: path, schema: LanguageFileTests.stock + "/language-specs/language2.rng") != [])
        // The shipped schema lets it through: only the test above catches it.
        #expect(RelaxNGCheck.problems(in: path, schema: LanguageFileTests.resources + "/language-specs/language2.rng") == [])
    }

    @Test("Styling reads Quire's two schemes and no stock one; the light one stands alone and names no text or cursor colour")
    func stylingLoadsOnlyItsOwnSchemes() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        view.buffer.text = "Plans"
        _ = view.buffer.ranges(ofContextClass: "no-spell-check", in: 0..<5)  // styled now
        let manager = gtk_source_style_scheme_manager_get_default()
        let ids = try #require(gtk_source_style_scheme_manager_get_scheme_ids(manager))
        var found: [String] = []
        var index = 0
        while let id = ids[index] {
            found.append(String(cString: id))
            index += 1
        }
        #expect(found.sorted() == ["quire-dark", "quire-light"])
        // The light one, standing alone, styles the view (none stands behind it).
        let scheme = try #require(gtk_source_buffer_get_style_scheme(cgtk_as_source_buffer(view.buffer.objectPointer)))
        #expect(String(cString: gtk_source_style_scheme_get_id(scheme)) == "quire-light")
        // Those come from the app's style sheet, so that an empty view, which has
        // no scheme yet, shows the same ones.
        #expect(gtk_source_style_scheme_get_style(scheme, "text") == nil)
        #expect(gtk_source_style_scheme_get_style(scheme, "cursor") == nil)
    }
}
