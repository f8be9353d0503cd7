import CGtk
import Testing
@testable import GtkKit

/// A long text read a piece at a time between frames hands over exactly the
/// buffer's text as it was when the reading ended, whatever happened meanwhile.
@MainActor
@Suite("Text buffer read in pieces", .serialized)
struct TextBufferPieceReadTests {
    init() throws { try TestToolkit.start() }

    /// Text in several scripts, with "\r\n" line ends, emoji and a combining
    /// accent, so pieces end between any two characters GTK counts.
    private static let text = (1...300).map { "Line \($0): café, 日本語 🙂 e\u{301}\($0 % 5 == 0 ? "\r\n" : "\n")" }.joined()

    /// Runs the main loop until `read` ends (or 5 s pass).
    private func finish(_ read: TextBufferPieceRead) {
        MainLoop.iterate(forAtMost: 5) { !read.isReading }
    }

    @Test("pieces of 7, 1,000 or a million characters make up exactly the buffer's text", arguments: [Int32(7), 1_000, 1_000_000])
    func wholeText(piece: Int32) {
        let buffer = TextView().buffer
        buffer.text = Self.text
        var result: String?
        let read = TextBufferPieceRead(buffer, charactersPerPiece: piece, restartsAllowed: 3) { result = $0 }
        #expect(result == nil, "nothing is read before the loop turns")
        finish(read)
        #expect(result == Self.text)
    }

    @Test("an edit of what was read has it read again from there: the text handed over has the edit")
    func editRestarts() {
        let buffer = TextView().buffer
        buffer.text = Self.text
        var results: [String] = []
        let read = TextBufferPieceRead(buffer, charactersPerPiece: 50, restartsAllowed: 3) { results.append($0) }
        MainLoop.iterate(forAtMost: 5) { read.piecesRead >= 3 }  // some pieces in, more to come
        #expect(read.isReading)
        buffer.insert("NEW ", atOffset: 0)
        buffer.delete(fromOffset: Int32(Self.text.unicodeScalars.count), length: 2)
        finish(read)
        #expect(results.count == 1)
        #expect(results.first == buffer.text)
        #expect(results.first?.hasPrefix("NEW Line 1:") == true)
    }

    @Test("an edit inside an earlier piece has only that piece and those after it read again")
    func editGoesBackOnePiece() {
        let buffer = TextView().buffer
        buffer.text = Self.text
        let count = Int(buffer.characterCount)
        var result: String?
        let read = TextBufferPieceRead(buffer, charactersPerPiece: 50, restartsAllowed: 3) { result = $0 }
        MainLoop.iterate(forAtMost: 5) { read.piecesRead >= 6 }
        #expect(read.piecesRead == 6)
        buffer.delete(fromOffset: 120, length: 5)  // in the third piece, which starts at 100
        buffer.insert("日本", atOffset: 130)
        finish(read)
        #expect(result == buffer.text)
        #expect(read.piecesRead == 6 + (count - 5 + 2 - 100 + 49) / 50, "read again from 100 on, not from 0")
    }

    @Test("an edit beyond what was read starts nothing again: it is read with the rest")
    func editFurtherOn() {
        let buffer = TextView().buffer
        buffer.text = Self.text
        let count = Int(buffer.characterCount)
        var result: String?
        let read = TextBufferPieceRead(buffer, charactersPerPiece: 50, restartsAllowed: 3) { result = $0 }
        MainLoop.iterate(forAtMost: 5) { read.piecesRead >= 3 }
        buffer.insert(" typed at the end", atOffset: Int32(count))
        buffer.delete(fromOffset: 200, length: 5)
        finish(read)
        #expect(result == buffer.text)
        #expect(result?.hasSuffix(" typed at the end") == true)
        #expect(read.piecesRead == (count + " typed at the end".count - 5 + 49) / 50, "no piece read twice")
    }

    @Test("edits at every turn past the restarts allowed: the rest is read at once, and it is the text as it is")
    func restartsRunOut() {
        let buffer = TextView().buffer
        buffer.text = Self.text
        var result: String?
        let read = TextBufferPieceRead(buffer, charactersPerPiece: 10, restartsAllowed: 2) { result = $0 }
        var edits = 0
        // An edit after every piece, as fast typing would make.
        while read.isReading && edits < 50 {
            let pieces = read.piecesRead
            // (Other suites' sources may take a turn of the loop first.)
            while read.isReading && read.piecesRead == pieces { g_main_context_iteration(nil, 0) }
            buffer.insert("k", atOffset: 0)
            edits += 1
        }
        #expect(result != nil, "the reading ended")
        #expect(result == String(repeating: "k", count: edits - 1) + Self.text, "all but the edit made after it ended")
        #expect(edits == 4, "three returns to the start, then the rest at once")
    }

    @Test("cancelled, it hands over nothing, even with the loop turning on")
    func cancelled() {
        let buffer = TextView().buffer
        buffer.text = Self.text
        var called = false
        let read = TextBufferPieceRead(buffer, charactersPerPiece: 20, restartsAllowed: 3) { _ in called = true }
        read.cancel()
        #expect(!read.isReading)
        MainLoop.iterate(forAtMost: 0.5) { false }
        #expect(!called)
    }
}
