import NoteModel
import Testing

/// The link under a click in a line of Markdown.
@Suite("Markdown links")
struct MarkdownLinkTests {
    @Test("a written link is found anywhere on it, a bare address on its own characters, without trailing punctuation")
    func targets() {
        let line = "See [the plan](quire://note/abc) and https://gnome.org/apps, or mailto:ana@example.org."
        #expect(MarkdownLink.target(in: line, at: 4) == "quire://note/abc", "on the opening bracket")
        #expect(MarkdownLink.target(in: line, at: 9) == "quire://note/abc", "on the text")
        #expect(MarkdownLink.target(in: line, at: 31) == "quire://note/abc", "on the closing parenthesis")
        #expect(MarkdownLink.target(in: line, at: 40) == "https://gnome.org/apps")
        #expect(MarkdownLink.target(in: line, at: 70) == "mailto:ana@example.org")
        #expect(MarkdownLink.target(in: line, at: 0) == nil)
        #expect(MarkdownLink.target(in: line, at: 34) == nil, "between the links")
        #expect(MarkdownLink.target(in: "[broken](no end", at: 2) == nil)
        #expect(MarkdownLink.target(in: "[spaced](not a link)", at: 2) == nil)
        #expect(MarkdownLink.target(in: "https://", at: 3) == nil, "a scheme alone")
        #expect(MarkdownLink.target(in: "short", at: 99) == nil)
        let escaped = #"[Plan \[v2\] \\ notes](quire://note/abc)"#
        #expect(MarkdownLink.target(in: escaped, at: 8) == "quire://note/abc", "escaped brackets are the text's")
        #expect(MarkdownLink.target(in: escaped, at: 20) == "quire://note/abc", "past an escaped backslash")
    }
}
