/// One change to a note's text, by character offsets: what one window's
/// editor did, for the other windows showing the same note to do too.
public enum NoteEdit: Equatable, Sendable {
    /// `text` was inserted at character `offset`.
    case insert(offset: Int, text: String)
    /// `length` characters were removed starting at character `offset`.
    case delete(offset: Int, length: Int)
    /// The edits up to the matching `endStep` are one step for Undo (a
    /// checklist item toggled, a paste over a selection). Steps do not nest.
    case beginStep
    /// Ends the step `beginStep` began.
    case endStep

    /// `body` with this edit applied; offsets past the end are clamped.
    public func applied(to body: String) -> String {
        var characters = Array(body)
        switch self {
        case let .insert(offset, text):
            characters.insert(contentsOf: text, at: min(max(offset, 0), characters.count))
        case let .delete(offset, length):
            let start = min(max(offset, 0), characters.count)
            characters.removeSubrange(start..<min(start + max(length, 0), characters.count))
        case .beginStep, .endStep:
            return body
        }
        return String(characters)
    }
}
