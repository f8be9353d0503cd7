/// A window's text being read a piece at a time between frames, for the
/// autosave of a very long note (`NoteDocumentView.readTextInPieces`).
@MainActor
public protocol NoteTextRead: AnyObject {
    /// Whether the reading goes on.
    var isReading: Bool { get }
    /// Stops the reading; its completion is not called.
    func cancel()
}
