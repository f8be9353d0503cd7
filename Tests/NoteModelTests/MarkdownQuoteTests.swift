import NoteModel
import Testing

/// Reading a line's quote marks, for Return and Backspace in a quote and for
/// the list keys in a quoted list.
@Suite("Markdown quotes")
struct MarkdownQuoteTests {
    @Test("the marks are read with the blanks before, between and after them, and where the innermost is")
    func reading() throws {
        let quote = try #require(MarkdownQuote(line: "> said"))
        #expect(quote.prefix == "> " && quote.innermostMarkOffset == 0)
        let nested = try #require(MarkdownQuote(line: "  > > - milk"))
        #expect(nested.prefix == "  > > " && nested.innermostMarkOffset == 4)
        #expect(MarkdownQuote(line: ">>tight")?.prefix == ">>")
        #expect(MarkdownQuote(line: ">\tquoted")?.prefix == ">\t")
        #expect(MarkdownQuote(line: ">")?.prefix == ">", "a mark alone: an empty quoted line")
        #expect(MarkdownQuote(line: "> >    > near")?.prefix == "> >    > ", "three blanks after the blank that ends a mark: still a level")
        #expect(MarkdownQuote(line: "> >     > far")?.prefix == "> > ", "four: quoted code, not a level")
        for line in ["plain", "", "    > code, not a quote", "a > b", "- > item"] {
            #expect(MarkdownQuote(line: line) == nil, "\(line)")
        }
    }
}
