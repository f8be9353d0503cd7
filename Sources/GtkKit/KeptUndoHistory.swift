/// Undo's history of one text, kept aside while a buffer shows other texts
/// (`TextBuffer.historyToKeep`), to give back when that text is shown again
/// unchanged (`TextBuffer.giveBack(_:)`): Ctrl+Z then takes back what was
/// done to it before, as in a document left open in a tab.
public struct KeptUndoHistory {
    /// The steps, none of them open to later typing.
    let history: UndoHistory
}
