import GtkKit
import GtkSourceKit
import Testing
import TestSupport

/// What Quire's Markdown leaves to the spell checker: code, link addresses
/// and bare URLs carry the context class "no-spell-check".
@MainActor
@Suite("Context classes of the styled text", .serialized)
struct ContextClassTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run ./meson-wrapper.sh test")
        FatalLogMessages.handle()
    }

    @Test("code spans, fenced code, link addresses and URLs are found; text, link text and emphasis are not")
    func noSpellCheck() throws {
        let (window, view) = try StyledEditor.shown()
        defer { window.destroy() }
        let text = "Plan wrod `teh` and [lnik](adress)\n```\nfenced codde\n```\nsee https://exmaple.org _emfasis_"
        view.buffer.text = text
        let scalars = Array(text.unicodeScalars)
        let found = view.buffer.ranges(ofContextClass: "no-spell-check", in: 0..<Int32(scalars.count)).map { range in
            String(String.UnicodeScalarView(scalars[Int(range.lowerBound)..<Int(range.upperBound)]))
        }
        #expect(found.count == 4)
        #expect(found[0] == "`teh`")
        #expect(found[1] == "adress")
        #expect(found[2].hasPrefix("```\nfenced codde\n```"))
        #expect(found[3] == "https://exmaple.org")
        // Only the part asked for.
        let second = view.buffer.ranges(ofContextClass: "no-spell-check", in: 12..<30)
        #expect(second.first?.lowerBound == 12 && second.count == 2)
    }
}
