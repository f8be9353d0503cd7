@testable import NoteModel

/// A window's editor reduced to its text, for a note document under test:
/// typing sets the text and tells the document, as an editor does.
@MainActor
final class TextView: NoteDocumentView {
    var currentText = ""
    /// How many times the document said its state changed.
    private(set) var stateChanges = 0
    private(set) var textArrived = false
    private(set) var textUnavailable = false

    /// Types `text` at the end, as a person would: the document records the edit and hears of it.
    func type(_ text: String, into document: NoteDocument) {
        let offset = currentText.unicodeScalars.count
        currentText += text
        document.record(.insert(offset: offset, text: text), from: self)
        document.textDidChange()
    }

    /// Another window's edits, as they arrived here (step marks included).
    private(set) var editsFromOtherViews: [NoteEdit] = []

    func applyEditFromAnotherView(_ edit: NoteEdit) {
        editsFromOtherViews.append(edit)
        currentText = edit.applied(to: currentText)
    }

    /// Whether the document reads this window's text in pieces, over turns
    /// of the main loop, as a long text's editor does: each read waits for
    /// `finishPieceRead()`.
    var readsInPieces = false
    private var pieceRead: PieceRead?

    func readTextInPieces(_ completion: @escaping @MainActor (String) -> Void) -> (any NoteTextRead)? {
        guard readsInPieces else { return nil }
        let read = PieceRead(completion: completion)
        pieceRead = read
        return read
    }

    /// Ends the read under way: the document gets the text as it is now.
    func finishPieceRead() {
        guard let read = pieceRead, read.isReading else { return }
        pieceRead = nil
        read.isReading = false
        read.completion(currentText)
    }

    /// A read of the text in pieces, under way until `finishPieceRead()` or `cancel()`.
    final class PieceRead: NoteTextRead {
        let completion: @MainActor (String) -> Void
        var isReading = true

        init(completion: @escaping @MainActor (String) -> Void) { self.completion = completion }

        func cancel() { isReading = false }
    }

    func applyDocumentChange(_ change: TextChange) {
        var scalars = Array(currentText.unicodeScalars)
        scalars.replaceSubrange(change.offset..<(change.offset + change.length), with: change.replacement.unicodeScalars)
        currentText = String(String.UnicodeScalarView(scalars))
    }

    func documentStateDidChange() { stateChanges += 1 }
    func documentTextDidArrive() { textArrived = true }
    func documentTextIsUnavailable() { textUnavailable = true }
}
