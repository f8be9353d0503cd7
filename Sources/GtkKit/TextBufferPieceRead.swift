import CGtk

/// Reads a text buffer's whole text a piece at a time, one piece between
/// frames, so that a text of many megabytes never holds the main loop for
/// long (GTK takes about 25 ms to hand over 20 MB at once). The text handed
/// over is exactly the buffer's when the last piece was read: an edit of
/// text already read has the reading go back to the start of the piece it
/// touched (an edit further on changes only what is still to be read), and
/// after `restartsAllowed` such returns the rest is read at once, so the
/// reading always ends.
@MainActor
public final class TextBufferPieceRead {
    private weak var buffer: TextBuffer?
    private let piece: Int32
    private var restartsLeft: Int
    /// The text read so far (its storage reserved at the start: appending a
    /// piece as it is read costs far less than joining them all at the end).
    private var text = ""
    /// How many pieces have been read, restarts included (tests).
    private(set) var piecesRead = 0
    private var nextOffset: Int32 = 0
    /// Where each piece read starts: its character offset, and how many UTF-8
    /// bytes of `text` come before it.
    private var pieceStarts: [(offset: Int32, bytes: Int)] = []
    /// The first character offset an edit touched in what was read, if one did.
    private var editedFrom: Int32?
    private var edits: [SignalConnection] = []
    private var source: MainLoopSource?
    private var completion: (@MainActor (String) -> Void)?
    /// The buffer's count of changes when the reading began.
    private var changesAtStart = 0

    /// Starts reading `buffer`, `charactersPerPiece` characters at a time;
    /// `completion` gets the whole text, unless the reading is cancelled or the
    /// buffer goes first. The first piece is read at the next turn between frames.
    public init(
        _ buffer: TextBuffer, charactersPerPiece: Int32, restartsAllowed: Int,
        completion: @escaping @MainActor (String) -> Void
    ) {
        self.buffer = buffer
        piece = max(1, charactersPerPiece)
        restartsLeft = restartsAllowed
        self.completion = completion
        text.reserveCapacity(Int(gtk_text_buffer_get_char_count(buffer.bufferPointer)) + 1_024)
        edits = [
            buffer.onInsertText { [weak self] offset, _ in self?.edited(at: offset) },
            buffer.onDeleteRange { [weak self] offset, _ in self?.edited(at: offset) },
        ]
        buffer.countChanges()
        changesAtStart = buffer.changes
        source = MainLoop.betweenFrames { [weak self] in self?.readPiece() ?? false }
    }

    /// Whether the reading has neither finished nor been cancelled.
    public var isReading: Bool { completion != nil }

    /// Stops the reading: `completion` is not called.
    public func cancel() {
        source?.cancel()
        finish()
    }

    /// An edit at `offset`, about to be made: if it touches what was read, the
    /// piece it touched is read again, and all after it.
    private func edited(at offset: Int32) {
        if offset < nextOffset { editedFrom = min(editedFrom ?? offset, offset) }
    }

    /// Reads the next piece; returns whether there are more to read.
    private func readPiece() -> Bool {
        guard let buffer, completion != nil else {
            finish()
            return false
        }
        if let edited = editedFrom, let back = pieceStarts.lastIndex(where: { $0.offset <= edited }) {
            editedFrom = nil
            let start = pieceStarts[back]
            text.removeSubrange(text.utf8.index(text.startIndex, offsetBy: start.bytes)...)
            pieceStarts.removeSubrange(back...)
            nextOffset = start.offset
            restartsLeft -= 1
        }
        let count = gtk_text_buffer_get_char_count(buffer.bufferPointer)
        let end = restartsLeft < 0 ? count : min(count, nextOffset + piece)
        pieceStarts.append((nextOffset, text.utf8.count))
        text += buffer.text(fromOffset: nextOffset, toOffset: end)
        piecesRead += 1
        nextOffset = end
        guard end >= count else { return true }
        let whole = text
        buffer.knowsItsText(whole, ifNoChangeSince: changesAtStart)
        let done = completion
        finish()
        done?(whole)
        return false
    }

    private func finish() {
        completion = nil
        text = ""
        pieceStarts = []
        for edit in edits { edit.disconnect() }
        edits = []
    }
}
