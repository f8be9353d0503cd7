import GtkKit

/// The banner that tells the user a note went to the trash and offers Undo
/// for a few seconds. Undo takes the keyboard focus, so Return undoes.
@MainActor
final class TrashBanner {
    /// The banner's top widget, placed above the editor.
    let root: Widget
    private let revealer: Revealer
    private let message = Label("")
    private let undoButton = Button(label: localized("_Undo"))
    private var undo: (@MainActor () -> Void)?
    private var hideTimer: MainLoopSource?

    /// How long the banner stays, in milliseconds.
    static let visibleMilliseconds: UInt32 = 8_000

    init() {
        let row = Box(vertical: false, spacing: 12)
        row.setMargins(8)
        message.setExpands(horizontally: true, vertically: false)
        row.append(message)
        row.append(undoButton)
        row.addCSSClass("toolbar")
        revealer = Revealer(child: row)
        root = revealer
        undoButton.setTooltip(localized("Take the note back out of the trash"))
        undoButton.onClicked { [weak self] in self?.performUndo() }
    }

    /// Shows `text` with an Undo button that runs `undo`, for a few seconds.
    func show(_ text: String, undo: @escaping @MainActor () -> Void) {
        message.text = text
        self.undo = undo
        revealer.isRevealed = true
        undoButton.grabFocus()
        hideTimer?.cancel()
        hideTimer = MainLoop.after(milliseconds: TrashBanner.visibleMilliseconds) { [weak self] in self?.hide() }
    }

    /// Hides the banner; Undo is no longer offered.
    func hide() {
        hideTimer?.cancel()
        hideTimer = nil
        undo = nil
        revealer.isRevealed = false
    }

    private func performUndo() {
        let action = undo
        hide()
        action?()
    }
}
