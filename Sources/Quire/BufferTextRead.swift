import GtkKit
import NoteModel

/// A text buffer read a piece at a time, as a note document waits for it.
@MainActor
final class BufferTextRead: NoteTextRead {
    private let read: TextBufferPieceRead

    init(_ read: TextBufferPieceRead) { self.read = read }

    var isReading: Bool { read.isReading }

    func cancel() { read.cancel() }
}
