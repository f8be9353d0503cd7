import CGtk
@testable import GtkKit
import Testing

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

    @Test("underlining again changes only what differs: the same words again move no tag, one word fixed or spelled wrong again moves one, a region cut through an underlined word takes it off that part only")
    func onlyWhatDiffersChanges() {
        let buffer = TextView().buffer
        // One paragraph of 2,000 words, each underlined: each tag change walks the whole line.
        buffer.text = (0..<2_000).map { "wrod\($0 % 10)" }.joined(separator: " ")
        let ranges = (0..<Int32(2_000)).map { $0 * 6..<$0 * 6 + 5 }
        let whole = 0..<buffer.characterCount
        var changes = 0
        for signal in ["apply-tag", "remove-tag"] {
            boxingHandler({ @MainActor in changes += 1 }) { data, release in
                cgtk_signal_connect_tag_range(buffer.objectPointer, signal, { _, _, _, _, data in
                    MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.from(data).closure() }
                }, data, release)
            }
        }
        buffer.underline(ranges, tag: "misspelled", color: "#e01b24", within: whole)
        #expect(buffer.ranges(ofTag: "misspelled") == ranges)
        #expect(changes == 2_000, "each word underlined once")

        changes = 0
        buffer.underline(ranges, tag: "misspelled", color: "#e01b24", within: whole)
        #expect(changes == 0, "nothing changed, nothing done")

        changes = 0
        buffer.underline(Array(ranges.dropFirst()), tag: "misspelled", color: "#e01b24", within: whole)
        #expect(buffer.ranges(ofTag: "misspelled").first == 6..<11)
        #expect(changes == 1, "one word spelled right now: its underline alone taken off")

        changes = 0
        buffer.underline(ranges, tag: "misspelled", color: "#e01b24", within: whole)
        #expect(buffer.ranges(ofTag: "misspelled") == ranges)
        #expect(changes == 1, "spelled wrong again: its underline alone put back")

        // A region that starts and ends inside underlined words: outside it they keep their underline.
        buffer.underline([], tag: "misspelled", color: "#e01b24", within: 8..<14)
        #expect(buffer.ranges(ofTag: "misspelled").prefix(3) == [0..<5, 6..<8, 14..<17])
        buffer.underline([6..<11, 12..<17], tag: "misspelled", color: "#e01b24", within: 8..<14)
        #expect(buffer.ranges(ofTag: "misspelled").prefix(3) == [0..<5, 6..<11, 12..<17])
    }
}
