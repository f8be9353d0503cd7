public import FoundationEssentials

/// What a list row shows of a note: its title, the text after it, and when it
/// changed, whether it is pinned, and how far its checklist has got. Read from the first few hundred
/// characters only.
public struct NoteSummary: Equatable, Sendable {
    public let noteID: UUID
    public let title: String
    /// The text after the title line, on one line, each line without its
    /// Markdown marks as the title is (`- [ ] **milk**` reads "milk"), and
    /// without a properties block before the title.
    public let preview: String
    public let modifiedAt: Date
    /// Whether the note is pinned to the top of the list.
    public let isPinned: Bool
    /// How many of its task items are checked, if it has any.
    public let taskProgress: TaskProgress?

    init(noteID: UUID, start: String, modifiedAt: Date, isPinned: Bool = false, taskProgress: TaskProgress? = nil) {
        self.noteID = noteID
        title = Note.title(ofBody: start)
        // After a properties block, if the title is: the lines after the title's.
        let afterProperties = MarkdownFrontMatter.end(in: start, within: Note.titleSourceLength)
            .map { MarkdownTitle.plainLines(of: String(start[$0.index...])) } ?? []
        preview = (afterProperties.isEmpty ? MarkdownTitle.plainLines(of: start) : afterProperties)
            .dropFirst().joined(separator: " ")
        self.modifiedAt = modifiedAt
        self.isPinned = isPinned
        self.taskProgress = taskProgress
    }
}
