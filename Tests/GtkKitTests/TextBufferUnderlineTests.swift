import Testing
@testable import GtkKit

/// A wavy underline on words (a spell checker's): put on in one part of the
/// text without touching the rest, moved with the text by edits, taken off.
@MainActor
@Suite("Text buffer underline")
struct TextBufferUnderlineTests {
    init() throws {
        try TestToolkit.start()
    }

    @Test("underlining a region replaces the tag there only; edits carry it with its word; it comes off whole")
    func underlineWithinRegion() {
        let buffer = TextView().buffer
        buffer.text = "Teh cat\nsat on teh mat"
        buffer.underline([0..<3, 15..<18], tag: "misspelled", color: "#e01b24", within: 0..<22)
        #expect(buffer.ranges(ofTag: "misspelled") == [0..<3, 15..<18])
        // Only the first line checked again, and nothing found there: the second keeps its underline.
        buffer.underline([], tag: "misspelled", color: "#e01b24", within: 0..<7)
        #expect(buffer.ranges(ofTag: "misspelled") == [15..<18])
        buffer.insert("The ", atOffset: 0)
        #expect(buffer.ranges(ofTag: "misspelled") == [19..<22], "the word moved, and its underline with it")
        #expect(buffer.text == "The Teh cat\nsat on teh mat", "the text is not changed by the underline")
        buffer.removeTag("misspelled")
        #expect(buffer.ranges(ofTag: "misspelled").isEmpty)
        buffer.removeTag("never-made")
        #expect(buffer.ranges(ofTag: "never-made").isEmpty)
    }
}
